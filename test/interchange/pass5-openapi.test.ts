import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaOf, exportOpenApi, readSpecDir, type Analysis } from '../../src/lib/index.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { importToSpec } from './helpers.ts';
import { compare, inventory } from './inventory.ts';

/** The OpenAPI and Swagger 2.0 reproductions of interchange pass 5, each through the real reader, importer and exporter. */
const REPRO = (n: string) => `test/fixtures/interchange/pass5/repro-${n}.yaml`;
/** The idioms of real documents outside the corpus, found by this pass. */
const FOUND = (n: string) => `test/fixtures/interchange/pass5/corpus-${n}.yaml`;
type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A document imported, exported, imported and exported again: both specs, both exports. */
async function roundTrip(file: string) {
  const first = await importToSpec(file);
  const exported: Doc = exportOpenApi(first.analysis);
  const exportFile = join(await mkdtemp(join(tmpdir(), 'specbench-pass5-')), 'exported.json');
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
const item = (a: Analysis, area: 'endpoints' | 'resources' | 'errors', id: string) => (areaOf(a.spec, area).items as ReadonlyArray<{ id: string; data: unknown }>).find((i) => i.id === id)?.data as Doc | undefined;
/** The value a JSON pointer names in a document, or undefined. */
const at = (doc: unknown, pointer: string) => pointer.split('/').slice(1).reduce<unknown>((v, s) => (v as Doc | undefined)?.[s.replace(/~1/g, '/').replace(/~0/g, '~')], doc);

describe.each([
  ...['charset-list', 'emptyp', 'examples31', 'falseprop', 'produces', 'produces-b', 'recursive-defs', 'reflen'].map((n) => REPRO(n)),
  ...['empty-parameter-name', 'nullable-default-null', 'reference-links', 'same-path-shape', 'allof-part-ref', 'allof-nullable-false'].map((n) => FOUND(n)),
])('%s', (file) => {
  it('imports with a clean check, exports a valid document, and export → import → export is a fixed point', async () => {
    const { first, exported, second, again } = await roundTrip(file);
    expect(errors(first.analysis)).toEqual([]);
    expect(await openApiProblems(exported)).toEqual([]);
    expect(await files(second.dir)).toEqual(await files(first.dir));
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
    // Every pointer is into the file as written, at something it states.
    for (const u of first.result.unmapped) expect(at(first.raw, u.pointer), u.pointer).toBeDefined();
    // The project's own extensions are not the source's: a re-import reports none of them.
    expect(second.result.unmapped).toEqual([]);
  });
});

describe('interchange pass 5, the OpenAPI reproductions one by one', () => {
  it('produces. a Swagger 2.0 response with an example for one of its `produces` types keeps every type, with the schema', async () => {
    const { first, exported } = await roundTrip(REPRO('produces'));
    expect(first.result.unmapped).toEqual([]);
    expect(item(first.analysis, 'endpoints', 'get-echo')?.responses['200']).toEqual({ description: 'OK', content: { 'application/json': { schema: { type: 'string' }, example: 'hello' }, 'text/csv': { schema: { type: 'string' } } } });
    expect(exported.paths['/echo'].get.responses['200'].content).toEqual({ 'application/json': { schema: { type: 'string' }, example: 'hello' }, 'text/csv': { schema: { type: 'string' } } });
    // The control without an example keeps both types as before.
    const control = await roundTrip(REPRO('produces-b'));
    expect(Object.keys(control.exported.paths['/echo'].get.responses['200'].content)).toEqual(['application/json', 'text/csv']);
  });

  it('examples31. a rejected OpenAPI 3.1 `examples` entry is reported at its own index', async () => {
    const { first } = await roundTrip(REPRO('examples31'));
    expect(first.result.unmapped).toEqual([{ pointer: '/components/schemas/R/properties/ttl/examples/0', reason: 'the example is the text `60`, not an integer; it is not kept' }]);
  });

  it('examples31. beside `example`, each entry is reported where it is written', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'specbench-pass5-')), 'both.yaml');
    await writeFile(file, ['openapi: 3.1.0', "info: { title: t, version: '1' }", 'paths: {}', 'components:', '  schemas:', "    R: { type: object, properties: { n: { type: integer, examples: [1, 'x'], example: 'y' } } }", ''].join('\n'));
    const { result } = await importToSpec(file);
    expect(result.unmapped.map((u) => u.pointer)).toEqual(['/components/schemas/R/properties/n/examples/1', '/components/schemas/R/properties/n/example']);
  });

  it('falseprop. a property whose schema is `false` is said, and no field (nor `{}`) is written for it', async () => {
    const { first, exported } = await roundTrip(REPRO('falseprop'));
    expect(first.result.unmapped).toEqual([{ pointer: '/components/schemas/R/properties/x', reason: 'a property whose schema is `false` (it may not be present) has no place in the spec; no field is kept for it' }]);
    expect(Object.keys(item(first.analysis, 'resources', 'R')?.fields)).toEqual(['y']);
    expect(exported.components.schemas.R.properties).toEqual({ y: { type: 'string' } });
  });

  it('reflen. `minLength`/`maxLength` beside a reference to an object are said to have no effect, and the check is clean', async () => {
    const { first, exported } = await roundTrip(REPRO('reflen'));
    expect(first.result.unmapped).toEqual([
      { pointer: '/components/schemas/User/properties/name/minLength', reason: '`minLength` has no effect on `Name`, an object; it is not kept' },
      { pointer: '/components/schemas/User/properties/name/maxLength', reason: '`maxLength` has no effect on `Name`, an object; it is not kept' },
    ]);
    expect(item(first.analysis, 'resources', 'User')?.fields.name).toEqual({ type: 'Name', required: false });
    expect(exported.components.schemas.User.properties.name).toEqual({ $ref: '#/components/schemas/Name' });
  });

  it('reflen. a length beside a reference to a string resource is kept', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'specbench-pass5-')), 'string-ref.yaml');
    await writeFile(file, ['openapi: 3.1.0', "info: { title: t, version: '1' }", 'paths: {}', 'components:', '  schemas:', '    Code: { type: string }', "    User: { type: object, properties: { code: { $ref: '#/components/schemas/Code', maxLength: 8 } } }", ''].join('\n'));
    const { result, analysis } = await importToSpec(file);
    expect(result.unmapped).toEqual([]);
    expect(item(analysis, 'resources', 'User')?.fields.code).toEqual({ type: 'Code', required: false, max_length: 8 });
    expect(errors(analysis)).toEqual([]);
  });

  it('emptyp. a description that is only an empty HTML paragraph is no description', async () => {
    const { first } = await roundTrip(REPRO('emptyp'));
    expect(first.result.unmapped).toEqual([]);
    expect(item(first.analysis, 'resources', 'B')?.fields).toEqual({ a: { type: 'A', required: false }, b: { type: 'string', required: false } });
  });

  it('recursive-defs. a map whose values refer to themselves is said, and its values are written as none is (`{}` reads back the same)', async () => {
    const { first, exported } = await roundTrip(REPRO('recursive-defs'));
    expect(first.result.unmapped).toContainEqual({ pointer: '/components/schemas/Opt/definitions/prop/properties/children/additionalProperties/$ref', reason: 'the reference `#/components/schemas/Opt/definitions/prop` refers to itself; its shape is left open' });
    expect(item(first.analysis, 'resources', 'Opt')?.fields.p.fields.children).toEqual({ type: 'map', required: false, nullable: true });
    expect(exported.components.schemas.Opt.properties.p.properties.children).toEqual({ type: ['object', 'null'], additionalProperties: {} });
  });

  it('charset-list. an array of a resource with an empty description is a list of the resource', async () => {
    const { first } = await roundTrip(REPRO('charset-list'));
    expect(item(first.analysis, 'endpoints', 'post-create')?.responses['200'].content['application/json; charset=utf-8']).toEqual({ resource: 'SaveResult', list: true });
  });
});

describe('interchange pass 5, what real documents outside the corpus showed', () => {
  it("notion: a parameter named '' is said where it is written, and not kept", async () => {
    const { first } = await roundTrip(FOUND('empty-parameter-name'));
    expect(first.result.unmapped).toEqual([{ pointer: '/paths/~1v1~1pages~1{id}/get/parameters/2', reason: 'a parameter whose name is empty or holds line breaks or control characters is not kept: the spec names every parameter' }]);
    expect(Object.keys(item(first.analysis, 'endpoints', 'get-v1-pages-id')?.parameters.header)).toEqual(['Notion-Version']);
  });

  it('openai: a nullable composition with `default: null` exports the default beside the `anyOf`, where it holds', async () => {
    const { first, exported } = await roundTrip(FOUND('nullable-default-null'));
    expect(first.result.unmapped).toEqual([]);
    expect(item(first.analysis, 'resources', 'Req')?.fields.stop).toMatchObject({ type: 'one_of', nullable: true, default: null });
    const stop = exported.components.schemas.Req.properties.stop;
    expect(stop).toMatchObject({ description: 'Up to 4 sequences where generation stops.', default: null });
    expect(stop.anyOf[0]).not.toHaveProperty('default');
    expect(stop.anyOf[1]).toEqual({ type: 'null' });
  });

  it('box: reference links to addresses a page would not follow keep their text, and an HTML comment is said', async () => {
    const { first } = await roundTrip(FOUND('reference-links'));
    expect(first.result.unmapped).toEqual([
      { pointer: '/components/schemas/Policy/properties/status/description', reason: 'the HTML comment `<!--alex ignore reject-->` is not kept, as a page does not show it' },
      { pointer: '/components/schemas/Policy/properties/templateKey/description', reason: 'the link to `e://get-metadata-templates-enterprise` is not kept, as a page would not follow it; the link\'s text is kept in its place, as plain words' },
      { pointer: '/components/schemas/Policy/properties/templateKey/description', reason: 'the link to `e://get-files-id-metadata` is not kept, as a page would not follow it; the link\'s text is kept in its place, as plain words' },
    ]);
    const fields = item(first.analysis, 'resources', 'Policy')?.fields;
    expect(fields.templateKey.description).toBe('Please list the templates for an enterprise, or get all instances on a file.');
    expect(fields.status.description).toBe('Set the status of a `pending` collaboration invitation.');
  });

  it('trello: a second operation on the same method and path shape is said, and the first is kept', async () => {
    const { first } = await roundTrip(FOUND('same-path-shape'));
    expect(first.result.unmapped).toEqual([{ pointer: '/paths/~1boards~1{idBoard}~1cards~1{filter}/get', reason: '`GET /boards/{idBoard}/cards/{filter}` is the same method and path as `GET /boards/{idBoard}/cards/{idCard}` (parameter names aside), which is kept; one method on one path is one endpoint, so this operation is not kept' }]);
    expect(areaOf(first.analysis.spec, 'endpoints').items.map((i) => i.id)).toEqual(['getCard']);
  });

  it('linode: the corpus inventory reads a reference to a part of a schema as what it names, so the export loses and invents nothing', async () => {
    const { first, exported } = await roundTrip(FOUND('allof-part-ref'));
    const { lost, invented } = compare(inventory(first.raw), inventory(exported), first.result.unmapped);
    expect({ lost, invented }).toEqual({ lost: [], invented: [] });
    expect(exported.paths['/devices'].post.requestBody.content['application/json'].schema).toEqual({ allOf: [{ type: 'object', properties: { id: { type: 'integer', examples: [123] }, label: { type: 'string', readOnly: true } } }] });
  });

  it('box: an `allOf` member of only `nullable: false` states nothing: no variant, no gap, nothing invented', async () => {
    const { first, exported } = await roundTrip(FOUND('allof-nullable-false'));
    expect(first.result.unmapped).toEqual([]);
    expect(exported.components.schemas.File.properties.path_collection.allOf).toHaveLength(2);
    // The description-only member's type is a question, as it was; no question is made of the member that states nothing.
    expect(first.analysis.assessment.gaps.map((g) => g.id).filter((id) => id.startsWith('resources/File/fields/path_collection'))).toEqual(['resources/File/fields/path_collection/of/1/type']);
    const { lost, invented } = compare(inventory(first.raw), inventory(exported), first.result.unmapped);
    expect({ lost, invented }).toEqual({ lost: [], invented: [] });
  });
});
