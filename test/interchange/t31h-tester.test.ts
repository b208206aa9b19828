import { Parser } from '@asyncapi/parser';
import { describe, expect, it } from 'vitest';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { areaOf, importDocument, type Analysis } from '../../src/lib/index.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { roundTrip, type Trip } from './helpers.ts';
import { compare, inventory } from './inventory.ts';

/**
 * The defects the independent tester t31h found in the interchange (issue 31), each through the
 * tester's own repro (test/fixtures/interchange/t31h/repro-*.yaml, their headers name what was
 * seen): the real reader, importer and exporter, both validators, and back.
 */
const FIXTURE = (name: string) => `test/fixtures/interchange/t31h/${name}.yaml`;
const problems = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').map((d) => `${d.severity} ${d.code} ${d.file}: ${d.message}`);
const said = (trip: Trip) => trip.first.result.unmapped.map((u) => `${u.pointer} ${u.reason}`);

async function asyncApiProblems(doc: unknown): Promise<string[]> {
  return (await new Parser().parse(JSON.stringify(doc))).diagnostics.filter((d) => d.severity === 0).map((d) => `${d.message} at ${d.path.join('.')}`);
}

/** A clean check, valid exports, a fixed point whose second import says nothing. */
async function sound(trip: Trip, format: 'openapi' | 'asyncapi' = 'openapi', saidAgain: string[] = []): Promise<void> {
  expect(problems(trip.first.analysis)).toEqual([]);
  expect(format === 'openapi' ? await openApiProblems(trip.exported) : await asyncApiProblems(trip.exported)).toEqual([]);
  expect(JSON.stringify(trip.again)).toBe(JSON.stringify(trip.exported));
  expect(trip.second.result.unmapped.map((u) => `${u.pointer} ${u.reason}`)).toEqual(saidAgain);
}

describe('issue 31, t31h #1 and #12: Swagger 2.0 parameters shared through `$ref`', () => {
  it('a body and form fields reached through `$ref: #/parameters/…` make the request body, as inline ones do; `x-example` is the parameter\'s example; no media type is made up', async () => {
    const trip = await roundTrip(FIXTURE('repro-01-sw2-ref-body'));
    await sound(trip);
    const paths = trip.exported.paths;
    expect(paths['/things'].post.requestBody).toEqual({ description: 'the thing to add', required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } });
    expect(paths['/things'].post.parameters).toBeUndefined();
    expect(paths['/uploads'].post.requestBody.content['multipart/form-data'].schema).toEqual({
      type: 'object',
      properties: { file: { type: 'string', description: 'the upload', format: 'binary' }, note: { type: 'string', maxLength: 10 } },
      required: ['file'],
    });
    // No `produces` anywhere: the body's type is not stated, and it goes under `*/*` (the guide's rule), not `application/json`.
    expect(Object.keys(paths['/things'].get.responses['200'].content)).toEqual(['*/*']);
    expect(Object.keys(paths['/uploads'].post.responses['201'].content)).toEqual(['*/*']);
    expect(paths['/things'].get.parameters[0].schema.examples).toEqual([10]);
    // Nothing said of a parameter "without a name or a known location".
    expect(said(trip).filter((s) => s.includes('without a name'))).toEqual([]);
    // #13a: `type: file` made `format: binary` is said, as the guide says.
    expect(said(trip)).toContain('/parameters/fileParam/type Swagger 2.0’s `type: file` is kept as OpenAPI 3 writes it: `type: string`, `format: binary`');
    const { lost, invented } = compare(inventory(trip.first.raw), inventory(trip.exported), trip.first.result.unmapped);
    // The inventory reads `x-example` as an extension, not an example: the one example it finds "invented" is that one.
    expect({ lost, invented }).toEqual({ lost: [], invented: [{ key: 'GET /things query limit example=10', pointer: '/paths/~1things/get/parameters/0/schema/examples/0' }] });
  });

  it('`x-example` on an inline or shared parameter is kept as its example (repro-13)', async () => {
    const trip = await roundTrip(FIXTURE('repro-13-sw2-x-example'));
    await sound(trip);
    const examples = Object.values(trip.exported.paths as Record<string, Record<string, { parameters?: Array<{ name: string; schema: { examples?: unknown[] } }> }>>).flatMap((item) => Object.values(item).flatMap((op) => (op.parameters ?? []).map((p) => [p.name, p.schema.examples])));
    expect(examples.every(([, e]) => Array.isArray(e) && e.length === 1)).toBe(true);
    expect(examples).toEqual([['q', ['hello']]]);
  });
});

describe('issue 31, t31h #7: Swagger 2.0 `collectionFormat` OpenAPI 3 has no style for', () => {
  it('is said under `collectionFormat` at its parameter (query `tsv`, header `pipes`, a form field\'s `pipes`), never under `encoding`', async () => {
    const trip = await roundTrip(FIXTURE('repro-07-sw2-collectionformat'));
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(JSON.stringify(trip.again)).toBe(JSON.stringify(trip.exported));
    const formats = said(trip).filter((s) => s.includes('collectionFormat'));
    expect(formats.map((s) => s.split(' ')[0])).toEqual(['/paths/~1p/get/parameters/0/collectionFormat', '/paths/~1p/get/parameters/2/collectionFormat', '/paths/~1p/get/parameters/3/collectionFormat']);
    expect(formats[0]).toContain('`collectionFormat: tsv` has no OpenAPI 3 style for a query parameter');
    expect(formats[1]).toContain('`collectionFormat: pipes` has no OpenAPI 3 style for a header parameter');
    expect(said(trip).filter((s) => s.includes('encoding'))).toEqual([formats[2]]);
    // `ssv` has its style.
    expect(trip.exported.paths['/p'].get.parameters[1]).toMatchObject({ name: 's', style: 'spaceDelimited' });
  });
});

describe('issue 31, t31h #2: OAuth 2.0 scopes are per flow', () => {
  const scheme = (trip: Trip) => areaOf(trip.first.analysis.spec, 'authentication').items[0]?.data;
  it('OpenAPI: each flow exports only its own scopes; a scope another flow words otherwise is said', async () => {
    const trip = await roundTrip(FIXTURE('repro-02-oauth-flow-scopes'));
    await sound(trip);
    expect(scheme(trip)?.flow_scopes).toEqual({ implicit: ['read'], clientCredentials: ['read', 'admin'] });
    const flows = trip.exported.components.securitySchemes.oauth.flows;
    expect(flows.implicit.scopes).toEqual({ read: 'read only' });
    expect(Object.keys(flows.clientCredentials.scopes)).toEqual(['read', 'admin']);
    expect(said(trip)).toEqual(['/components/securitySchemes/oauth/flows/clientCredentials/scopes/read the scope `read` is described by an earlier flow in other words; the spec keeps one description of a scope, the first flow\'s, so these words are not kept']);
  });
  it('AsyncAPI 3: each flow exports only its own `availableScopes`, in the components and in place on an operation', async () => {
    const trip = await roundTrip(FIXTURE('repro-02b-asyncapi-scopes'), 'asyncapi');
    await sound(trip, 'asyncapi');
    const flows = trip.exported.components.securitySchemes.oauth.flows;
    expect(flows.implicit.availableScopes).toEqual({ read: 'read only' });
    expect(Object.keys(flows.clientCredentials.availableScopes)).toEqual(['read', 'admin']);
    expect(trip.exported.operations.publishCreated.security[0].flows.implicit.availableScopes).toEqual({ read: 'read only' });
    expect(said(trip)).toEqual(['/components/securitySchemes/oauth/flows/clientCredentials/availableScopes/read the scope `read` is described by an earlier flow in other words; the spec keeps one description of a scope, the first flow\'s, so these words are not kept']);
  });
});

describe('issue 31, t31h #3: YAML merge keys', () => {
  it('`<<: *anchor` is applied as YAML 1.1 readers apply it (the mapping\'s own keys win): the response keeps its body, the schema its properties', async () => {
    const trip = await roundTrip(FIXTURE('repro-03-yaml-merge-key'));
    await sound(trip);
    const m = trip.exported.paths['/m'];
    expect(m.get.responses['200']).toEqual({ description: 'merged ok', content: { 'application/json': { schema: { type: 'string' } } } });
    expect(m.post.requestBody.content['application/json'].schema).toEqual({ type: 'object', properties: { id: { type: 'string' } }, required: ['id'] });
    expect(said(trip)).toEqual(['/x-defs the extension `x-defs` has no place in the spec']);
  });
});

describe('issue 31, t31h #4: no security is made up', () => {
  it('OpenAPI: a callback\'s operation has its own security or the document\'s, never the registering operation\'s', async () => {
    const trip = await roundTrip(FIXTURE('repro-04-invented-security'));
    await sound(trip);
    expect(trip.exported.paths['/subscribe'].post.security).toEqual([{ key: [] }]);
    const callback = trip.exported.paths['/subscribe'].post.callbacks.onEvent['{$request.query.url}'].post;
    expect(callback.security).toBeUndefined();
    expect(areaOf(trip.first.analysis.spec, 'events').items[0]?.data.security).toBeUndefined();
  });
  it('AsyncAPI 3: a message two operations carry with different security keeps none, said at the operation that states it; neither operation is exported with security the other stated', async () => {
    const trip = await roundTrip(FIXTURE('repro-04b-asyncapi-shared-message'), 'asyncapi');
    // A message on two channels is said as such by every import (the export writes it on both).
    await sound(trip, 'asyncapi', ["/components/messages/created the message travels on 2 channels; the event's own channel is the first (the events area's channels keep it on audit.all too)"]);
    expect(trip.exported.operations.auditCreated.security).toBeUndefined();
    expect(said(trip)).toContain('/operations/publishCreated/security the message `created` is also sent or received by `auditCreated` with other security (or none); the spec keeps one security per event, so this security is not kept for it');
  });
});

describe('issue 31, t31h #6: OpenAPI 3.1 `description` beside a `$ref`', () => {
  it('is kept for a parameter and a request body, as for a response', async () => {
    const trip = await roundTrip(FIXTURE('repro-06-ref-description-override'));
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(JSON.stringify(trip.again)).toBe(JSON.stringify(trip.exported));
    const paths = trip.exported.paths;
    expect(paths['/pets/{id}'].get.parameters[0].description).toBe("The pet's id (overridden)");
    expect(paths['/owners/{id}'].get.parameters[0].description).toBe('generic id');
    expect(paths['/owners/{id}'].get.requestBody.description).toBe('owner body (overridden)');
    expect(paths['/pets/{id}'].get.responses['200'].description).toBe('The pet (overridden)');
  });
});

describe('issue 31, t31h #11: OpenAPI 3.0 ignores what is beside a schema\'s `$ref`', () => {
  it('a constraint or structure there is said and not kept (the 3.1 export would apply it); `nullable` stays', async () => {
    const trip = await roundTrip(FIXTURE('repro-11-ref-siblings-30'));
    await sound(trip);
    const properties = trip.exported.paths['/r'].get.responses['200'].content['application/json'].schema.properties;
    expect(properties.a).toEqual({ $ref: '#/components/schemas/Str' });
    expect(properties.d).toEqual({ $ref: '#/components/schemas/Obj' });
    expect(properties.e).toEqual({ $ref: '#/components/schemas/Str' });
    expect(properties.b).toEqual({ anyOf: [{ $ref: '#/components/schemas/Str' }, { type: 'null' }] });
    const at = '/paths/~1r/get/responses/200/content/application~1json/schema/properties';
    const beside = (k: string) => `\`${k}\` beside a \`$ref\` is not kept: OpenAPI 3.0 ignores what is written beside a reference (only OpenAPI 3.1 applies it)`;
    expect(said(trip)).toEqual([`${at}/a/maxLength ${beside('maxLength')}`, `${at}/c/type \`type\` beside a reference to a schema is not kept: the type is the schema it names`, `${at}/d/properties ${beside('properties')}`, `${at}/d/required ${beside('required')}`, `${at}/e/enum ${beside('enum')}`]);
  });
});

describe('issue 31, t31h #5: whole-number bounds past 2^53', () => {
  it('are said at their pointers as rounded to the nearest double, with the value kept', async () => {
    const trip = await roundTrip(FIXTURE('repro-05-bounds-past-2p53'));
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(JSON.stringify(trip.again)).toBe(JSON.stringify(trip.exported));
    const rounded = (key: string, exact: string, written: string) => `\`${key}\` is a whole number past 2^53, more than a double holds exactly: it is kept as the nearest double, ${exact} (which an export writes ${written}), and may differ from the value written`;
    expect(said(trip)).toEqual([
      `/paths/~1n/get/parameters/0/schema/minimum ${rounded('minimum', '-9223372036854775808', '-9223372036854776000')}`,
      `/paths/~1n/get/parameters/0/schema/maximum ${rounded('maximum', '9223372036854775808', '9223372036854776000')}`,
      `/paths/~1n/get/parameters/1/schema/maximum ${rounded('maximum', '9007199254740992', '9007199254740992')}`,
    ]);
  });
});

describe('issue 31, t31h #10: `/users` and `/users/`', () => {
  it('the second is not kept (the spec reads them as one path), and the word says so truly: only a trailing slash differs', async () => {
    const trip = await roundTrip(FIXTURE('repro-10-trailing-slash'));
    await sound(trip);
    expect(said(trip)).toEqual(['/paths/~1users~1/get `GET /users/` differs from `GET /users`, which is kept, only by a trailing slash: OpenAPI reads them as two paths, the spec as one (one method on one path is one endpoint, and its check takes a trailing slash for none), so this operation is not kept']);
  });
});

describe('issue 31, t31h #8: a valid document imports to a spec that passes its own check', () => {
  it('a path naming `{convert}` that no parameter declares (clicksend\'s `/uploads?convert={convert}`) keeps it as a path parameter of open type, said', async () => {
    const trip = await roundTrip(FIXTURE('repro-12-query-in-path'));
    await sound(trip);
    expect(trip.exported.paths['/uploads?convert={convert}'].post.parameters).toEqual([{ name: 'convert', in: 'path', required: true, schema: {} }]);
    expect(said(trip)).toEqual(['/paths/~1uploads?convert={convert}/post the path names `{convert}`, which no parameter of the operation declares (OpenAPI asks one): it is kept as a path parameter whose type is open']);
  });
});

describe('issue 31, t31h #8: names and numbers no spec file holds', () => {
  it('a parameter or property named `__proto__` or `""`, and `maximum: 1e400`, are said and not kept; the rest imports and checks clean', async () => {
    const trip = await roundTrip(FIXTURE('repro-08-unusable-names'));
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(JSON.stringify(trip.again)).toBe(JSON.stringify(trip.exported));
    const op = trip.exported.paths['/n'].get;
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(['big', 'none']);
    expect(op.parameters[0].schema).toEqual({ type: 'number' });
    expect(Object.keys(op.responses['200'].content['application/json'].schema.properties)).toEqual(['prototype']);
    expect(said(trip).slice(0, 5)).toEqual([
      '/paths/~1n/get/parameters/0 a parameter named `__proto__` is not kept: the name is reserved in JavaScript, and no spec file holds it',
      '/paths/~1n/get/parameters/1/schema/maximum `maximum` is past the largest number a double holds (it reads as infinity), so it bounds nothing: it is not kept',
      '/paths/~1n/get/parameters/2/schema/minLength `minLength: 5` and `maxLength: 2` leave no value the schema could take; the spec cannot say a schema that allows nothing, so neither is kept',
      '/paths/~1n/get/responses/200/content/application~1json/schema/properties/ a property named with the empty string is not kept: a spec file names every field with a usable name (not empty, no line breaks or control characters, not `__proto__`)',
      '/paths/~1n/get/responses/200/content/application~1json/schema/properties/__proto__ a property named `__proto__` is not kept: a spec file names every field with a usable name (not empty, no line breaks or control characters, not `__proto__`)',
    ]);
  });
  it('bounds that leave no value (tools/contra.yaml) are said at the schema, neither kept, and the import checks clean', async () => {
    const trip = await roundTrip(FIXTURE('contra'));
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(said(trip).filter((s) => s.includes('leave no value'))).toEqual([
      '/paths/~1c/get/parameters/0/schema/minLength `minLength: 5` and `maxLength: 2` leave no value the schema could take; the spec cannot say a schema that allows nothing, so neither is kept',
      '/paths/~1c/get/parameters/1/schema/minimum `minimum: 10` and `maximum: 1` leave no value the schema could take; the spec cannot say a schema that allows nothing, so neither is kept',
      '/paths/~1c/get/parameters/4/schema/minItems `minItems: 3` and `maxItems: 1` leave no value the schema could take; the spec cannot say a schema that allows nothing, so neither is kept',
      '/paths/~1c/get/parameters/6/schema/minimum `minimum: 1` and `exclusiveMinimum: true` and `maximum: 1` leave no value the schema could take; the spec cannot say a schema that allows nothing, so none is kept',
    ]);
    // #13b (`multipleOf: 0`): the document is refused at that line since brief F31e of session 11, as its version's schema refuses it (test/interchange/f31e.test.ts).
  });
});

describe('issue 31, t31h #9: AsyncAPI export is a fixed point', () => {
  it('a message with no `name` keeps its component key (its id), so its re-import has the same id; one with a name may take its channel key', async () => {
    const trip = await roundTrip(FIXTURE('repro-09-asyncapi-not-fixed-point'), 'asyncapi');
    await sound(trip, 'asyncapi');
    expect(Object.keys(trip.exported.components.messages)).toEqual(['OrderCancelled', 'created']);
    expect(trip.exported.channels.orders.messages.cancelled).toEqual({ $ref: '#/components/messages/OrderCancelled' });
    const ids = (a: Analysis) => areaOf(a.spec, 'events').items.map((e) => e.id).sort();
    expect(ids(trip.second.analysis)).toEqual(ids(trip.first.analysis));
  });
});

describe('issue 31, t31h #13c: AsyncAPI 2.x operation traits', () => {
  it('are applied and not said as such; what a trait gives that the spec has no place for is said at the trait, not at the operation', async () => {
    const trip = await roundTrip(FIXTURE('as26'), 'asyncapi');
    expect(await asyncApiProblems(trip.exported)).toEqual([]);
    const at = '/channels/user~1{userId}~1signedup/subscribe';
    expect(said(trip).filter((s) => s.startsWith(`${at}/traits`) || s.startsWith(`${at}/bindings`))).toEqual([]);
    expect(said(trip)).toContain("/components/operationTraits/kafka/bindings an operation trait's `bindings` has no place in the spec");
  });
});

describe('issue 31, t31h #13g: an OAuth flow OpenAPI 3.0 and 3.1 do not state', () => {
  it('(3.2\'s `deviceAuthorization`) is refused at its line; the other flows keep their own scopes', async () => {
    // The official 3.1 schema refuses the flow, and so does the import since brief F31e of session 11, at its line; without it, the other flows keep their scopes.
    await expect(importDocument(FIXTURE('sec31'))).rejects.toThrow(/\(one violation of its official schema; nothing was imported\):\n.*sec31\.yaml:68:30: `flows` has the member `deviceAuthorization`, which is not allowed there/);
    const dir = await mkdtemp(join(tmpdir(), 'specbench-t31h-'));
    await writeFile(join(dir, 'sec31.yaml'), (await readFile(FIXTURE('sec31'), 'utf8')).replace(/^ *deviceAuthorization:.*\n/m, ''));
    const trip = await roundTrip(join(dir, 'sec31.yaml'));
    expect(await openApiProblems(trip.exported)).toEqual([]);
    const flows = trip.exported.components.securitySchemes.oauth.flows;
    expect(Object.keys(flows).sort()).toEqual(['clientCredentials', 'password']);
    expect(Object.keys(flows.password.scopes)).toEqual(['write:pets']);
    expect(Object.keys(flows.clientCredentials.scopes)).toEqual(['write:pets', 'admin']);
  });
});
