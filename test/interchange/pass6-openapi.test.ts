import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaOf, exportOpenApi, readSpecDir, type Analysis } from '../../src/lib/index.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { importToSpec } from './helpers.ts';
import { compare, inventory } from './inventory.ts';

/** The OpenAPI reproductions of interchange pass 6, each through the real reader, importer and exporter. */
const CASE = (n: string) => `test/fixtures/interchange/pass6/${n}.yaml`;
const REQUIRED_PART_OBJECT = 'a part of an allOf that only lists required names is kept as an object of those fields, each required with the type the part that states it gives (that part is an object, so is any value the allOf allows)';
type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A document imported, exported, imported and exported again: both specs, both exports. */
async function roundTrip(file: string) {
  const first = await importToSpec(file);
  const exported: Doc = exportOpenApi(first.analysis);
  const exportFile = join(await mkdtemp(join(tmpdir(), 'specbench-pass6-')), 'exported.json');
  await writeFile(exportFile, JSON.stringify(exported));
  const second = await importToSpec(exportFile);
  const again: Doc = exportOpenApi(second.analysis);
  return { first, exported, second, again };
}

/** The content files of a spec folder, without the header line that names the source format. */
async function files(dir: string): Promise<Record<string, string>> {
  return Object.fromEntries((await readSpecDir(dir)).map((f) => [f.path, Buffer.from(f.bytes ?? []).toString('utf8').replace(/^# Imported from .*\n/m, '')]));
}

const errors = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.file}: ${d.message}`);
const item = (a: Analysis, area: 'endpoints' | 'resources', id: string) => (areaOf(a.spec, area).items as ReadonlyArray<{ id: string; data: unknown }>).find((i) => i.id === id)?.data as Doc | undefined;
/** The value a JSON pointer names in a document, or undefined. */
const at = (doc: unknown, pointer: string) => pointer.split('/').slice(1).reduce<unknown>((v, s) => (v as Doc | undefined)?.[s.replace(/~1/g, '/').replace(/~0/g, '~')], doc);

const CASES = ['01-allof-required-only-part', 'required-names-across-parts', '02-annotated-one-member-allof', '11-allof-beside-oneof-dropped', '05-relative-server-dropped', 'one-member-allof-bodies', 'allof-beside-oneof-discriminator', 'required-names-beside-allof'];

describe.each(CASES.map(CASE))('%s', (file) => {
  it('imports with a clean check, exports a valid document, export → import → export is a fixed point, and the export loses and invents nothing', async () => {
    const { first, exported, second, again } = await roundTrip(file);
    expect(errors(first.analysis)).toEqual([]);
    expect(await openApiProblems(exported)).toEqual([]);
    expect(await files(second.dir)).toEqual(await files(first.dir));
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
    // Every pointer is into the file as written, at something it states.
    for (const u of first.result.unmapped) expect(at(first.raw, u.pointer), u.pointer).toBeDefined();
    // The project's own extensions are not the source's: a re-import reports none of them.
    expect(second.result.unmapped).toEqual([]);
    const { lost, invented } = compare(inventory(first.raw), inventory(exported), first.result.unmapped);
    // A part that only lists required names is written an object, as every part stating its fields is (t31k #6): said at the part, so its `type` is no invention.
    const typed = new Set(first.result.unmapped.filter((u) => u.reason === REQUIRED_PART_OBJECT).map((u) => `${u.pointer}/type`));
    expect({ lost, invented: invented.filter((e) => !typed.has(e.pointer)) }).toEqual({ lost: [], invented: [] });
  });
});

describe('interchange pass 6, the OpenAPI reproductions one by one', () => {
  it('01. a part of an allOf that only lists required names makes the fields the other part brings required', async () => {
    const { first, exported } = await roundTrip(CASE('01-allof-required-only-part'));
    expect(first.result.unmapped).toEqual([]);
    expect(item(first.analysis, 'resources', 'Thing')?.value).toEqual({
      type: 'all_of',
      of: ['ThingPartial', { title: 'Thing', type: 'object', fields: { name: { type: 'string', required: true }, size: { type: 'integer', required: true } } }],
    });
    // The part that states the fields is not changed: it is used where they are optional.
    expect(item(first.analysis, 'resources', 'ThingPartial')?.fields).toEqual({ name: { type: 'string', required: false }, size: { type: 'integer', required: false } });
    expect(exported.components.schemas.Thing.allOf[1]).toEqual({ title: 'Thing', type: 'object', properties: { name: { type: 'string' }, size: { type: 'integer' } }, required: ['name', 'size'] });
  });

  it('01. through a base that is itself an allOf, an untyped part, a nullable field and a reference; a name no part has is said at the part', async () => {
    const { first } = await roundTrip(CASE('required-names-across-parts'));
    expect(first.result.unmapped).toEqual([
      { pointer: '/components/schemas/AccountRequest/allOf/1/required', reason: 'required names that no other part of the allOf states as a field of a single type (nickname) are not kept' },
      { pointer: '/components/schemas/AccountRequest/allOf/1', reason: REQUIRED_PART_OBJECT },
    ]);
    expect(item(first.analysis, 'resources', 'AccountRequest')?.value).toEqual({
      type: 'all_of',
      of: ['AccountBase', { type: 'object', fields: { name: { type: 'string', required: true }, legal_name: { type: 'string', required: true, nullable: true }, address: { type: 'Address', required: true } } }],
    });
  });

  it('02. a one-member allOf with only annotations beside it reads as its type, annotated; a constraint beside it keeps the allOf', async () => {
    const { first, exported } = await roundTrip(CASE('02-annotated-one-member-allof'));
    expect(first.result.unmapped).toEqual([]);
    const fields = item(first.analysis, 'resources', 'Order')?.fields;
    expect(fields.market).toEqual({ description: 'The market the order was placed on.', type: 'Market', required: false, nullable: true, read_only: true });
    expect(fields.previous_market).toEqual({ title: 'Previous market', type: 'Market', required: false, default: { id: 'm0' }, examples: [{ id: 'm1' }], deprecated: true });
    expect(fields.plain).toEqual({ type: 'Market', required: false });
    expect(fields.code).toEqual({ description: 'A code of at most 8 letters.', type: 'all_of', required: false, of: ['Code'], max_length: 8 });
    // OpenAPI 3.1 takes siblings beside a `$ref`: the export writes the reference, annotated.
    const properties = exported.components.schemas.Order.properties;
    expect(properties.previous_market).toEqual({ $ref: '#/components/schemas/Market', title: 'Previous market', default: { id: 'm0' }, examples: [{ id: 'm1' }], deprecated: true });
    expect(properties.plain).toEqual({ $ref: '#/components/schemas/Market' });
    expect(properties.code).toEqual({ allOf: [{ $ref: '#/components/schemas/Code' }], description: 'A code of at most 8 letters.', maxLength: 8 });
  });

  it('11. an allOf beside a oneOf is kept: all of its parts, and one of the variants', async () => {
    const { first, exported } = await roundTrip(CASE('11-allof-beside-oneof-dropped'));
    expect(first.result.unmapped).toEqual([{ pointer: '/components/schemas/CalculateRatesRequest/type', reason: '`type: object` beside an allOf is not kept as a part of its own: all of its parts hold, and a part of it states the type' }]);
    const value = item(first.analysis, 'resources', 'CalculateRatesRequest')?.value;
    expect(value.type).toBe('all_of');
    expect(value.of[0]).toBe('RateRequestOptions');
    expect(value.of[1].type).toBe('one_of');
    expect(value.of[1].of.map((v: Doc) => Object.keys(v.fields))).toEqual([['shipment_id'], ['shipment']]);
    expect(item(first.analysis, 'resources', 'RateRequestOptions')?.fields.rate_options.description).toBe('The rate options');
    expect(exported.components.schemas.CalculateRatesRequest.allOf[0]).toEqual({ $ref: '#/components/schemas/RateRequestOptions' });
    expect(Object.keys(exported.components.schemas.CalculateRatesRequest.allOf[1])).toEqual(['oneOf']);
  });

  it('05. a relative server is kept as written with its description (issue 32 point 10: a path from the root), beside the absolute one, whose address is the base address', async () => {
    const { first, exported } = await roundTrip(CASE('05-relative-server-dropped'));
    expect(first.result.unmapped).toEqual([]);
    expect(areaOf(first.analysis.spec, 'purpose').data).toMatchObject({ base_url: 'https://apache.local', servers: [{ url: '/api/v1', description: 'Stable API' }, { url: 'https://apache.local' }] });
    expect(exported.servers).toEqual([{ url: '/api/v1', description: 'Stable API' }, { url: 'https://apache.local' }]);
  });

  it('02. as a body: a bare one-member allOf of a reference is the resource, a list of it a list; a component of one is the type, described', async () => {
    const { first, exported } = await roundTrip(CASE('one-member-allof-bodies'));
    expect(first.result.unmapped).toEqual([{ pointer: '/paths/~1b/post/requestBody/content/application~1json/schema/type', reason: '`type: object` beside an allOf is not kept as a part of its own: all of its parts hold, and a part of it states the type' }]);
    const a = item(first.analysis, 'endpoints', 'postA');
    expect(a?.request).toEqual({ resource: 'Market', content_type: 'application/json' });
    expect(a?.responses['200'].schema).toEqual({ type: 'array', items: { description: 'A market.', type: 'Market' } });
    const b = item(first.analysis, 'endpoints', 'postB');
    expect(b?.request).toEqual({ resource: 'Market', content_type: 'application/json' });
    expect(b?.responses['200']).toMatchObject({ resource: 'Market', list: true });
    expect(item(first.analysis, 'resources', 'Alias')).toEqual({ description: 'Another name.', value: { type: 'Market' } });
    expect(exported.components.schemas.Alias).toEqual({ description: 'Another name.', $ref: '#/components/schemas/Market' });
  });

  it('11. beside allOf and oneOf, a discriminator is the oneOf\'s: it tells its variants apart, inside the all_of, the one warning that their shapes do not', async () => {
    const { first, exported } = await roundTrip(CASE('allof-beside-oneof-discriminator'));
    expect(first.result.unmapped).toEqual([]);
    // Only t35s N8's warning: Cat and Dog leave `kind` any text, so JSON Schema's `oneOf` takes `{"kind": "cat"}` as both (f35h).
    expect(first.analysis.diagnostics.filter((d) => d.file.includes('Pet')).map((d) => d.code)).toEqual(['discriminator-overlap']);
    expect(item(first.analysis, 'resources', 'Pet')?.value).toEqual({ type: 'all_of', of: ['Base', { type: 'one_of', of: ['Cat', 'Dog'], discriminator: { field: 'kind', mapping: { cat: 'Cat', dog: 'Dog' } } }] });
    expect(exported.components.schemas.Pet.allOf[1].discriminator).toEqual({ propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' } });
  });

  it('01. required names beside the allOf (not in a part of it) make the fields its parts bring required, as a part of their own', async () => {
    const { first, exported } = await roundTrip(CASE('required-names-beside-allof'));
    expect(first.result.unmapped).toEqual([
      { pointer: '/components/schemas/VlanRequest/required', reason: 'required names that no other part of the allOf states as a field of a single type (vlan_type) are not kept' },
      { pointer: '/components/schemas/VlanRequest', reason: REQUIRED_PART_OBJECT },
      { pointer: '/components/schemas/VlanRequest/type', reason: '`type: object` beside an allOf is not kept as a part of its own: all of its parts hold, and a part of it states the type' },
    ]);
    expect(item(first.analysis, 'resources', 'VlanRequest')?.value).toEqual({ type: 'all_of', of: ['Vlan', { type: 'object', fields: { vlan: { type: 'integer', required: true } } }] });
    expect(exported.components.schemas.VlanRequest.allOf[1]).toEqual({ type: 'object', properties: { vlan: { type: 'integer' } }, required: ['vlan'] });
  });
});
