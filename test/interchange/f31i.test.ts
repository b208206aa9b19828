import { Parser } from '@asyncapi/parser';
import { describe, expect, it } from 'vitest';
import { exportAsyncApi, importedFiles, type Analysis, type ImportResult } from '../../src/lib/index.ts';
import { mapScheme } from '../../src/lib/interchange/openapi/scheme.ts';
import type { Unmapped } from '../../src/lib/interchange/result.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { importedSpec, roundTrip, type Doc, type Trip } from './helpers.ts';
import { compare, inventory } from './inventory.ts';

/**
 * Issue 31, brief F31i of session 15: the defects hostile tester T31u found (session 14,
 * /work/notes/s14/t31u/README.md) and reviewer r14's M1 and L3, each through the real importer and
 * exporter: a valid document imports to a spec that checks clean, what the spec cannot hold is said
 * at its pointer, the export is valid by the official validators and export -> import -> export is a
 * fixed point. Fixtures: test/fixtures/interchange/t31u/, each headed by its origin.
 */
const FIXTURE = (name: string) => `test/fixtures/interchange/t31u/${name}.yaml`;
const problems = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').map((d) => `${d.severity} ${d.code} ${d.file}: ${d.message}`);
const asyncApiProblems = async (doc: unknown) => (await new Parser().parse(JSON.stringify(doc))).diagnostics.filter((d) => d.severity === 0).map((d) => `${d.message} at ${d.path.join('.')}`);
/** The spec files an import writes, without the header naming the source (which differs on the way back by design). */
const files = (r: ImportResult) => Object.fromEntries(importedFiles(r, 'spec').map((f) => [f.path, f.text.replace(/^# Imported from .*\n/m, '')]));
/** Clean check, valid export, a fixed point (the export and the spec files) whose second import says nothing, nothing lost unsaid or invented. */
async function sound(trip: Trip, format: 'openapi' | 'asyncapi' = 'openapi'): Promise<void> {
  expect(problems(trip.first.analysis)).toEqual([]);
  expect(format === 'openapi' ? await openApiProblems(trip.exported) : await asyncApiProblems(trip.exported)).toEqual([]);
  expect(JSON.stringify(trip.again)).toBe(JSON.stringify(trip.exported));
  expect(files(trip.second.result)).toEqual(files(trip.first.result));
  expect(trip.second.result.unmapped).toEqual([]);
  if (format === 'openapi') {
    // A Swagger 2.0 document as upgraded (the inventory reads OpenAPI 3's words: `x-nullable` is 3.0's `nullable`).
    const from = trip.first.raw.swagger !== undefined ? trip.first.source : trip.first.raw;
    const { lost, invented } = compare(inventory(from), inventory(trip.exported), trip.first.result.unmapped);
    expect({ lost, invented }).toEqual({ lost: [], invented: [] });
  }
}
const SCHEMAS = (doc: Doc): Doc => doc.components.schemas;

describe('F31i T31u N1: a nullable value with allowed values stays nullable in every export', () => {
  it('OpenAPI 3.0 `nullable: true` beside `enum: [slow, fast]`: exported `type: [string, null], enum: [slow, fast, null]`, a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('n1-nullable-enum-without-null-not-fixed-point'));
    await sound(trip);
    expect(SCHEMAS(trip.exported).C.properties.lacp_timeout).toEqual({ type: ['string', 'null'], enum: ['slow', 'fast', null] });
  });

  it('one allowed value is `enum: [x, null]`, not `const: x`; a `default: null` fits the export; a parameter too', async () => {
    const trip = await roundTrip(FIXTURE('n1b-nullable-enum-variants'));
    await sound(trip);
    const c = SCHEMAS(trip.exported).C.properties;
    expect(c.one).toEqual({ type: ['string', 'null'], enum: ['x', null] });
    expect(c.withnull).toEqual({ type: ['string', 'null'], enum: ['x', 'y', null] });
    expect(c.defnull).toEqual({ type: ['integer', 'null'], enum: [1, 2, null], default: null });
    expect(trip.exported.paths['/c'].get.parameters[0].schema).toEqual({ type: ['string', 'null'], enum: ['on', null] });
  });

  it('OpenAPI 3.1 with the 3.0 keyword `nullable: true` beside an enum: null allowed, as the import says, and kept so', async () => {
    const trip = await roundTrip(FIXTURE('n1c-31-nullable-keyword-with-enum'));
    expect(trip.first.result.unmapped.map((u) => u.pointer)).toEqual(['/components/schemas/IntegrationType/nullable']);
    await sound(trip);
    expect(SCHEMAS(trip.exported).IntegrationType).toEqual({ type: ['string', 'null'], enum: ['Expense', 'Bank', null] });
  });

  it('Swagger 2.0 `x-nullable: true` beside an enum: exported with null allowed', async () => {
    const trip = await roundTrip(FIXTURE('n1d-swagger2-x-nullable-enum'));
    await sound(trip);
    expect(SCHEMAS(trip.exported).S.properties.state).toEqual({ type: ['string', 'null'], enum: ['open', 'closed', null] });
  });

  it('the AsyncAPI export keeps null allowed too', async () => {
    const { analysis } = await importedSpec(FIXTURE('n1b-nullable-enum-variants'));
    const doc = exportAsyncApi(analysis) as Doc;
    expect(await asyncApiProblems(doc)).toEqual([]);
    expect(SCHEMAS(doc).C.properties.one).toEqual({ type: ['string', 'null'], enum: ['x', null] });
    expect(SCHEMAS(doc).C.properties.defnull).toEqual({ type: ['integer', 'null'], enum: [1, 2, null], default: null });
  });

  it('a real OpenAPI 3.1 `type: [string, null]` beside an enum without null allows no null: read as not nullable, said, and a fixed point (T32t S10, restored)', async () => {
    const trip = await roundTrip(FIXTURE('n1e-31-type-null-beside-enum-without-null'));
    const at = '/paths/~1d/get/responses/200/content/application~1json/schema/properties';
    expect(trip.first.result.unmapped).toEqual([
      { pointer: `${at}/target/type`, reason: 'its type lets the value be null, but its `enum` does not allow null, and JSON Schema holds both: null is not allowed, so the value is not kept as nullable' },
      { pointer: `${at}/one/type`, reason: 'its type lets the value be null, but its `const` does not allow null, and JSON Schema holds both: null is not allowed, so the value is not kept as nullable' },
    ]);
    await sound(trip);
    const properties = trip.exported.paths['/d'].get.responses['200'].content['application/json'].schema.properties;
    expect(properties).toEqual({ target: { type: 'string', enum: ['production', 'staging'] }, one: { type: 'string', const: 'x' }, stage: { type: ['string', 'null'], enum: ['a', null] } });
  });
});

describe('F31i r14 M1: an endpoint server variable is said at its own pointer', () => {
  it("a path item's server variable whose default is not among its allowed values: the dropped `enum` is said at /paths/~1login/servers/0", async () => {
    const trip = await roundTrip(FIXTURE('m1-endpoint-server-variable-enum'));
    const said = trip.first.result.unmapped.filter((u) => u.pointer.includes('/variables/'));
    expect(said.map((u) => u.pointer)).toEqual(['/paths/~1login/servers/0/variables/region/enum']);
    expect(said[0]?.reason).toContain('the default `eu` is not among the variable');
    await sound(trip);
  });
});

describe('F31i T31u N2: a named example whose value is not kept is said once', () => {
  it('a whole number past 2^53: said at /components/examples/Ev/value, not also as an example without a value', async () => {
    const trip = await roundTrip(FIXTURE('n2-named-example-said-without-value'));
    expect(trip.first.result.unmapped).toEqual([
      { pointer: '/components/examples/Ev/value', reason: expect.stringContaining('it is not kept') },
    ]);
    await sound(trip);
  });
});

describe('F31i T31u N4: no shared response for an error whose every response is written in full', () => {
  it('an inline `4XX` with its words and body: written at its operation, naming the error; no `components.responses` entry with `description: ""`', async () => {
    const trip = await roundTrip(FIXTURE('n4-unreferenced-error-component-empty-description'));
    await sound(trip);
    expect(trip.exported.paths['/sub'].post.responses['4XX']).toEqual({
      description: 'client error',
      content: { 'application/json': { schema: { type: 'object', properties: { msg: { type: 'string' } } } } },
      'x-specbench-error': 'subscribe-4xx',
    });
    expect(trip.exported.components.responses).toBeUndefined();
    // The second import finds the error again by the name its response gives, and claims none of the response's words.
    const errors = trip.second.analysis.spec.areas.find((x) => x.key === 'errors')?.items ?? [];
    expect(errors.map((e) => [e.id, e.data.title, e.data.description])).toEqual([['subscribe-4xx', undefined, undefined]]);
  });
});

describe('F31i r14 L3: an API key whose name the spec cannot hold, one rule for OpenAPI and AsyncAPI', () => {
  it('AsyncAPI 3 `httpApiKey` named `X\\nKey`: said at its name, the scheme not kept, nor the alternative naming it (the other kept); a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('l3-asyncapi-api-key-unusable-name'), 'asyncapi');
    expect(trip.first.result.unmapped).toEqual([
      { pointer: '/operations/sendPlaced/security/0', reason: 'an alternative naming `key`, an API key whose name is not kept (nor the scheme), is not kept; the other alternatives of the list are kept' },
      { pointer: '/components/securitySchemes/key/name', reason: 'an API key whose name is empty or holds line breaks or control characters is not kept: the spec names it by a name without them, and no export states a key without one: the scheme is not kept, nor the security alternatives that name it' },
    ]);
    await sound(trip, 'asyncapi');
    const schemes = trip.first.analysis.spec.areas.find((x) => x.key === 'authentication')?.items ?? [];
    expect(schemes.map((s) => s.id)).toEqual(['bearer']);
    expect(trip.exported.operations.sendPlaced.security).toEqual([{ $ref: '#/components/securitySchemes/bearer' }]);
  });

  it('an `apiKey` without a `name` (refused by the official schema before the import reaches it): no credential name made up, its name left open', () => {
    const unmapped: Unmapped[] = [];
    expect(mapScheme({ type: 'apiKey', in: 'query', description: 'a key' }, '/components/securitySchemes/key', unmapped)).toEqual({ description: 'a key', scheme: 'api-key', location: 'query' });
    expect(unmapped).toEqual([]);
  });
});

describe('F31i T31t D18: a number that reads as 0', () => {
  it('`maximum: 1e-400` and `default: 1e-400` read as 0: each said at its place; a fixed point', async () => {
    const trip = await roundTrip('test/fixtures/interchange/t31u/d18-underflow-to-zero-unsaid.json');
    const at = '/paths/~1a/get/responses/200/content/application~1json/schema';
    expect(trip.first.result.unmapped).toEqual([
      { pointer: `${at}/default`, reason: '`1e-400` is nearer to 0 than the smallest number a double holds: it reads as 0' },
      { pointer: `${at}/maximum`, reason: '`1e-400` is nearer to 0 than the smallest number a double holds: it reads as 0' },
    ]);
    expect(JSON.stringify(trip.again)).toBe(JSON.stringify(trip.exported));
    expect(await openApiProblems(trip.exported)).toEqual([]);
  });
});

describe('F31i T31t D4: an AsyncAPI 3 message component keyed by its own name, carried under another key', () => {
  it('`OrderRequest` (its `name`) carried as `req`: the export keys it `req`, and the import says the key `OrderRequest` is not kept; a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('d4-asyncapi3-component-key-renamed-unsaid'), 'asyncapi');
    expect(trip.first.result.unmapped).toEqual([
      { pointer: '/components/messages/OrderRequest', reason: "the message component's key `OrderRequest` is not kept: it is the event's id (its `name`), but its channel carries it under the key `req`, and an export keys the message by that key" },
    ]);
    await sound(trip, 'asyncapi');
    expect(Object.keys(trip.exported.components.messages)).toEqual(['req']);
  });
});
