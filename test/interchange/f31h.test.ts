import { Parser } from '@asyncapi/parser';
import { describe, expect, it } from 'vitest';
import { exportAsyncApi, exportOpenApi, type Analysis } from '../../src/lib/index.ts';
import { madeOperationIds } from '../../src/lib/interchange/openapi/made-ids.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { importedSpec, roundTrip, type Trip } from './helpers.ts';

/**
 * Issue 31, brief F31h of session 14: the defects hostile tester T31t found (session 13,
 * /work/notes/s13/t31t/README.md), each through the real importer and exporter: a valid document
 * imports to a spec that checks clean, what the spec cannot hold is said at its pointer, the export
 * is valid by the official validators and export -> import -> export is a fixed point.
 * Fixtures: test/fixtures/interchange/t31t/, each headed by its origin.
 */
const FIXTURE = (name: string) => `test/fixtures/interchange/t31t/${name}.yaml`;
const problems = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').map((d) => `${d.severity} ${d.code} ${d.file}: ${d.message}`);
const asyncApiProblems = async (doc: unknown) => (await new Parser().parse(JSON.stringify(doc))).diagnostics.filter((d) => d.severity === 0).map((d) => `${d.message} at ${d.path.join('.')}`);
/** What the import says, by pointer. */
const said = (trip: Trip) => Object.fromEntries(trip.first.result.unmapped.map((u) => [u.pointer, u.reason]));
/** An item's data in a spec. */
const item = (a: Analysis, area: string, id: string) => (a.spec.areas.find((x) => x.key === area)?.items ?? []).find((i) => i.id === id)?.data as Record<string, unknown> | undefined;
/** Clean check, valid export, a fixed point. */
async function sound(trip: Trip, format: 'openapi' | 'asyncapi' = 'openapi'): Promise<void> {
  expect(problems(trip.first.analysis)).toEqual([]);
  expect(format === 'openapi' ? await openApiProblems(trip.exported) : await asyncApiProblems(trip.exported)).toEqual([]);
  expect(trip.again).toEqual(trip.exported);
}

describe('F31h T31t D5: a renamed schema keeps the discriminator value its source name implies', () => {
  it('OpenAPI 3.0 `oneOf: [Big Cat, Number]` without a mapping: the export maps `Big Cat` and `Number` to the renamed schemas, said at the discriminator', async () => {
    const trip = await roundTrip(FIXTURE('d5-discriminator-values-change-with-renamed-schemas'));
    await sound(trip);
    const at = '/paths/~1pets/get/responses/200/content/application~1json/schema/discriminator';
    expect(said(trip)[at]).toBe("without a mapping entry, the discriminator's value for a schema is the schema's name; the schemas `Big Cat` (kept as `Big-Cat`), `Number` (kept as `Number-2`) are kept under another id, so their values are kept as explicit mapping entries (the name as written, to the schema), and an export states them");
    expect(trip.exported.paths['/pets'].get.responses['200'].content['application/json'].schema.discriminator).toEqual({
      propertyName: 'petType',
      mapping: { 'Big Cat': '#/components/schemas/Big-Cat', Number: '#/components/schemas/Number-2' },
    });
  });

  it('Swagger 2.0 base `Pet` with `discriminator: petType` and the subtype `PagedList[Cat]`: the base maps `PagedList[Cat]` to `PagedList-Cat`', async () => {
    const trip = await roundTrip(FIXTURE('d5b-swagger2-discriminator-renamed-subtype'));
    await sound(trip);
    expect(said(trip)['/definitions/Pet/discriminator']).toContain('`PagedList[Cat]` (kept as `PagedList-Cat`)');
    expect(trip.exported.components.schemas.Pet.discriminator).toEqual({ propertyName: 'petType', mapping: { 'PagedList[Cat]': '#/components/schemas/PagedList-Cat' } });
  });
});

describe('F31h T31t D6: a renamed schema takes an id no schema of the document has', () => {
  it('`Number` (a type of the spec) beside the document\'s own `Number-2`: `Number-2` keeps its name, `Number` becomes `Number-3`', async () => {
    const trip = await roundTrip(FIXTURE('d6-rename-takes-another-schemas-name'));
    await sound(trip);
    expect(said(trip)['/components/schemas/Number']).toBe('the schema `Number` is kept under the id `Number-3`, and an export names it so: `number` is a type of the spec');
    expect(said(trip)['/components/schemas/Number-2']).toBeUndefined();
    expect(Object.keys(trip.exported.components.schemas).sort()).toEqual(['Number-2', 'Number-3']);
  });
});

describe('F31h T31t D7: a server variable whose default is not among its `enum`', () => {
  it('OpenAPI: the default kept, the allowed values said at `enum` and not kept; clean check, valid export, a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('d7-server-variable-default-not-in-enum'));
    await sound(trip);
    expect(said(trip)['/servers/0/variables/region/enum']).toBe("the default `eu` is not among the variable's allowed values (`us`, `ap`), and the spec asks a default to be one of them: the allowed values are not kept (the default is), so which values the variable takes is left open");
    expect(trip.exported.servers[0].variables).toEqual({ region: { default: 'eu' } });
  });
});

describe('F31h T31t D7 and D8 in AsyncAPI 3.0', () => {
  it('the variable\'s `enum` and the scopes the schemes do not list are said and not kept; clean check, valid export, a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('d7-d8-asyncapi-variable-default-and-scope'), 'asyncapi');
    await sound(trip, 'asyncapi');
    expect(said(trip)['/servers/prod/variables/region/enum']).toContain('the default `eu` is not among');
    expect(said(trip)['/components/securitySchemes/oauth2/scopes/0']).toBe("the scope `admin` is not one the scheme `oauth2` lists (`read`), and the spec names only a scheme's own scopes: it is not kept in this requirement");
  });
});

describe('F31h T31t D8: a requirement naming a scope its OAuth scheme does not list', () => {
  it('the scope is said at its place in the requirement and not kept; clean check, valid export, a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('d8-undeclared-oauth-scope-check-error'));
    await sound(trip);
    expect(said(trip)['/paths/~1a/get/security/0/oauth/0']).toBe("the scope `undeclared` is not one the scheme `oauth` lists (`read`), and the spec names only a scheme's own scopes: it is not kept in this requirement");
    expect(item(trip.first.analysis, 'endpoints', 'a')?.security).toEqual([{ scheme: 'oauth' }]);
  });
});

describe('F31h T31t D9: a path parameter the path template does not name', () => {
  it('said at the parameter and not kept; clean check, valid export, a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('d9-path-parameter-not-in-template-check-error'));
    await sound(trip);
    expect(said(trip)['/paths/~1a/get/parameters/0']).toBe("the path parameter `id` is not one the path's template names (it names none), so no request carries it: it is not kept");
  });
});

describe('F31h T31t D12: contact, licence and terms addresses a page does not link', () => {
  it('`mailto:`, `urn:` and `ftp:` addresses are said at their pointers and not kept; the names are kept; clean check, valid export, a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('d12-contact-license-terms-url-scheme-check-error'));
    await sound(trip);
    expect(said(trip)['/info/contact/url']).toBe('`mailto:team@example.com` is not an address a page links to (http, https or relative), as the spec holds it; it is not kept');
    expect(said(trip)['/info/license/url']).toContain('`urn:license:x`');
    expect(said(trip)['/info/termsOfService']).toContain('`ftp://example.com/tos.txt`');
    expect(trip.exported.info.contact).toEqual({ name: 'c' });
    expect(trip.exported.info.license).toEqual({ name: 'L' });
  });
});

describe('F31h T31t D15: an operation tagged with the empty string', () => {
  it('OpenAPI 3.0: the tag said at `/tags/0` and not kept; clean check, valid export, a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('d15-empty-tag-on-operation-check-error'));
    await sound(trip);
    expect(said(trip)['/paths/~1a/get/tags/0']).toBe('a tag whose name is empty or holds line breaks or control characters is not kept: the spec names it by a name without them');
    expect(item(trip.first.analysis, 'endpoints', 'a')?.tags).toBeUndefined();
  });

  it('Swagger 2.0 with a tag `\'\'`, a header and a scope holding control characters: each said, none kept; clean check, valid export, a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('d15-d17-swagger2'));
    await sound(trip);
    expect(said(trip)['/paths/~1a/get/tags/0']).toContain('a tag whose name is empty');
    expect(said(trip)['/paths/~1a/get/responses/200/headers/X-R\nS']).toContain('a header whose name is empty or holds line breaks');
    expect(said(trip)['/paths/~1a/get/security/0/oauth/0']).toContain('a scope whose name is empty or holds line breaks');
  });
});

describe('F31h T31t D16: an API key with an empty name, a named example keyed `\'\'`', () => {
  it('the key said at its `name` and its scheme not kept (nor the alternative naming it); the example said; `format: \'\'` and `pattern: \'\'` said as empty; clean check, valid export, a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('d16-empty-apikey-name-and-example-key-check-error'));
    await sound(trip);
    expect(said(trip)['/components/securitySchemes/key/name']).toBe('an API key whose name is empty or holds line breaks or control characters is not kept: the spec names it by a name without them, and no export states a key without one: the scheme is not kept, nor the security alternatives that name it');
    expect(said(trip)['/paths/~1a/get/security']).toBe('alternative 0 names a scheme that is not kept (`key`); it is not kept');
    const at = '/paths/~1a/get/responses/200/content/application~1json';
    expect(said(trip)[`${at}/examples/`]).toContain('a named example whose name is empty');
    expect(said(trip)[`${at}/schema/pattern`]).toBe("`pattern: ''` is empty (it matches every text, so it constrains nothing), and the spec holds no empty pattern; it is not kept");
    expect(said(trip)[`${at}/schema/format`]).toBe("`format: ''` is empty (it names no format), and the spec holds no empty format; it is not kept");
  });
});

describe('F31h T31t D17: line breaks or tabs in a scope, response header, named example or callback name', () => {
  it('OpenAPI 3.0: each said at its pointer and not kept; clean check, valid export, a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('d17-control-characters-in-names-check-error'));
    await sound(trip);
    const s = said(trip);
    expect(s['/components/securitySchemes/k\ney/flows/clientCredentials/scopes/read\twrite']).toContain('a scope whose name is empty or holds line breaks');
    expect(s['/paths/~1a/get/security/0/k\ney/0']).toContain('a scope whose name is empty or holds line breaks');
    expect(s['/paths/~1a/get/responses/200/content/application~1json/examples/ex\none']).toContain('a named example whose name');
    expect(s['/paths/~1a/get/responses/200/headers/X-R\nS']).toContain('a header whose name');
    expect(s['/paths/~1a/get/callbacks/cb\nx']).toContain('a callback (with its operations) whose name');
  });

  it('AsyncAPI 3.0: message header names `h\\nx` and `\'\'` said and not kept; clean check, valid export, a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('d17b-asyncapi-header-names-check-error'), 'asyncapi');
    await sound(trip, 'asyncapi');
    expect(said(trip)['/channels/ch/messages/mk/headers/properties/h\nx']).toContain('a header whose name');
    expect(said(trip)['/channels/ch/messages/mk/headers/properties/']).toContain('a header whose name');
  });
});

describe('F31h T31t D19: a parameter written twice (same name and location)', () => {
  it('the first kept, the second said at its pointer; a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('d19-duplicate-parameter-last-wins-unsaid'));
    await sound(trip);
    expect(said(trip)['/paths/~1a/get/parameters/1']).toBe('the query parameter `q` is written again in the same list (OpenAPI asks each once): only the first is kept');
    expect((item(trip.first.analysis, 'endpoints', 'a')?.parameters as Record<string, unknown>).query).toEqual({ q: { type: 'string', description: 'first' } });
  });
});

describe('F31h T31t D13: an event the service receives is not exported to OpenAPI as a webhook', () => {
  it('AsyncAPI 3 `action: receive`: no webhook is written, the event is listed as not carried, and no operationId is said made for it', async () => {
    const { analysis } = await importedSpec(FIXTURE('d13-received-event-exported-as-webhook'));
    expect(problems(analysis)).toEqual([]);
    const doc = exportOpenApi(analysis);
    expect(doc.webhooks).toBeUndefined();
    const unexported = doc['x-specbench-unexported'] as Array<{ id: string; reason: string }>;
    expect(unexported).toContainEqual({ id: 'events/Tick', reason: 'the service receives this event, and OpenAPI has no place for it: its webhooks are requests the service sends, so it is not written' });
    expect(unexported.filter((u) => u.id.startsWith('events/Tick/'))).toEqual([]);
    expect(madeOperationIds(analysis)).toEqual([]);
    expect(await openApiProblems(doc)).toEqual([]);
  });
});

describe('F31h T31t D14: an export names what it cannot carry with the right article', () => {
  it('an AsyncAPI export of an OpenAPI import says "no place for an endpoint"', async () => {
    const { analysis } = await importedSpec(FIXTURE('d19-duplicate-parameter-last-wins-unsaid'));
    const doc = exportAsyncApi(analysis);
    expect(doc['x-specbench-unexported']).toContainEqual({ id: 'endpoints/a', reason: 'AsyncAPI has no place for an endpoint' });
  });
});

describe('F31h T31t D1: a link whose scheme is spelt with character references is said where it is dropped', () => {
  it('`java&#x09;script:`, `javascript&colon;` and `&#106;avascript:` links lose their address, each said at its description; a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('d1-encoded-scheme-links-dropped-unsaid'));
    await sound(trip);
    const reasons = (pointer: string) => trip.first.result.unmapped.filter((u) => u.pointer === pointer).map((u) => u.reason);
    const word = (url: string) => `the link to \`${url}\` is not kept, as a page would not follow it; the link's text is kept in its place, as plain words`;
    expect(reasons('/paths/~1a/get/description')).toEqual([word('JaVaScRiPt:alert(1)'), word('java\tscript:alert(2)')]);
    expect(reasons('/paths/~1b/get/description')).toEqual([word('javascript:alert(3)'), word('javascript:alert(4)'), word('javascript:alert(5)')]);
  });
});

describe('F31h T31t D3: a property that is no JSON Schema (RAML shorthand) is a fixed point', () => {
  it('`title: string` is said and its type left open as `{}` reads back; export -> import -> export the same', async () => {
    const trip = await roundTrip(FIXTURE('d3-raml-shorthand-not-fixed-point'), 'asyncapi');
    await sound(trip, 'asyncapi');
    expect(said(trip)['/components/messages/Raml/payload/schema/properties/title']).toBe('a schema that is not an object has no place in the spec');
    const fields = (a: Analysis) => ((item(a, 'events', 'Raml')?.payload as Record<string, any>).schema as Record<string, any>).fields; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(fields(trip.first.analysis)).toEqual({ title: { type: { open: 'The source gives no type.' }, required: false } });
    expect(fields(trip.second.analysis)).toEqual(fields(trip.first.analysis));
  });
});

describe('F31h T31t D2: a Protobuf payload is said where it is not kept, and no gap says the message gives none', () => {
  it('the `.proto` schema said at `/payload/schema`; the payload kept with its shape open; a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('d2-protobuf-payload-lost-gap-says-none'), 'asyncapi');
    await sound(trip, 'asyncapi');
    expect(said(trip)['/components/messages/Proto/payload/schema']).toBe("the schema, written in `application/vnd.google.protobuf;version=3`, is not a JSON Schema object, which the spec's shapes are read from: it is not kept, and the payload's shape is left open");
    expect(item(trip.first.analysis, 'events', 'Proto')?.payload).toEqual({ schema: { type: { open: 'The source gives no type.' } } });
    expect(JSON.stringify(trip.exported)).not.toContain('gives no payload');
  });
});

describe('F31h T31t D10: `x-specbench-error` values an id cannot be as written are said', () => {
  it('a renamed name is said with its id; an empty or non-text value is said and not read; a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('d10-x-specbench-error-names-rewritten-unsaid'));
    await sound(trip);
    const at = (status: string) => said(trip)[`/paths/~1a/get/responses/${status}/x-specbench-error`];
    expect(at('404')).toBe('the error `../../../../t31t-escape` is kept under the id `t31t-escape`, and an export names it so');
    expect(at('409')).toBe('`x-specbench-error` is not a text, so it names no error: it is not kept, and the error is named by its status');
    expect(at('410')).toBe('the error `Has Space` is kept under the id `Has-Space`, and an export names it so');
    expect(at('500')).toBe('`x-specbench-error` is empty, so it names no error: it is not kept, and the error is named by its status');
  });
});
