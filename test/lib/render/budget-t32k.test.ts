// Issue 32, after t32k (/work/notes/s9/t32k): what the reader pages still wrote past their budget
// or said wrongly, each through the real importer and loader and the site's views of it.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_EXAMPLE_BYTES } from '../../../src/lib/render/site/example-budget.ts';
import { homeView, SiteIndex, type BodyView, type DiscriminatorView, type ExampleView, type ItemView } from '../../../src/lib/index.ts';
import { blockOf, itemOf, siteViews } from '../../helpers.ts';
import { importToSpec } from '../../interchange/helpers.ts';

/** An OpenAPI document imported through the real reader and importer, and the site's views of it. */
async function importedWith(doc: object) {
  const file = join(await mkdtemp(join(tmpdir(), 'specbench-t32k-')), 'openapi.json');
  await writeFile(file, JSON.stringify(doc));
  const { analysis } = await importToSpec(file);
  return { analysis, model: siteViews(analysis) };
}
const imported = async (doc: object) => (await importedWith(doc)).model;

const R = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const openapi = (schemas: object, paths: object) => ({ openapi: '3.1.0', info: { title: 't32k', version: '1' }, servers: [{ url: 'https://api.example.com' }], paths, components: { schemas } });

/** Every example a body writes, its error's body and media types' first. */
function examplesOf(b: BodyView): ExampleView[] {
  return [...(b.errorBody ? examplesOf(b.errorBody.body) : []), ...b.media.flatMap((m) => examplesOf(m.body)), ...b.examples];
}

describe('stated examples from other files count against the page budget (t32k #1)', async () => {
  // k-big-examples: the request, the 200 and the 400 response each state a 666 KB example; the 400's goes to an error's file.
  const ex = Object.fromEntries(Array.from({ length: 9000 }, (_, i) => [`f${String(i).padStart(5, '0')}`, 'x'.repeat(60)]));
  const c = () => ({ 'application/json': { schema: R('B'), example: ex } });
  const model = await imported(openapi({ B: { type: 'object', properties: { a: { type: 'string' } } } }, {
    '/b': { post: { operationId: 'bigEx', requestBody: { content: c() }, responses: { '200': { description: 'ok', content: c() }, '400': { description: 'bad', content: c() } } } },
  }));
  const item = itemOf(model, 'endpoints', 'bigEx');
  const responses = blockOf(item, 'responses')?.responses ?? [];
  const error = responses.find((r) => r.status === '400')?.body;

  it('writes the endpoint’s own examples whole, and cuts the error’s past the budget, linking to its page', () => {
    const own = [...examplesOf(blockOf(item, 'body')?.body ?? ({} as BodyView)), ...examplesOf(responses.find((r) => r.status === '200')?.body ?? ({} as BodyView))];
    expect(own.map((e) => (e.text?.length ?? 0) > PAGE_EXAMPLE_BYTES)).toEqual([true, true]);
    expect(error?.error).toBeDefined();
    const cut = error ? examplesOf(error) : [];
    expect(cut.map((e) => [e.text, e.cut?.at.path, (e.cut?.bytes ?? 0) > 600_000])).toEqual([[undefined, error?.error?.path, true]]);
  });

  it('the error’s own page, where the link leads, writes it whole', () => {
    const key = error?.error?.key.split('/')[1] ?? '';
    const page = itemOf(model, 'errors', key);
    expect(page.path).toBe(error?.error?.path);
    const whole = examplesOf(blockOf(page, 'body')?.body ?? ({} as BodyView));
    expect(whole.map((e) => [e.cut, (e.text?.length ?? 0) > 600_000])).toEqual([[undefined, true]]);
  });
});

/** Every discriminator a page's view holds, in the order written. */
function discriminators(root: unknown): DiscriminatorView[] {
  const views: DiscriminatorView[] = [];
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) for (const y of x) walk(y);
    else if (x !== null && typeof x === 'object')
      for (const [k, v] of Object.entries(x)) {
        if (k === 'discriminator' && v !== null && typeof v === 'object' && 'mapping' in v) views.push(v as DiscriminatorView);
        walk(v);
      }
  };
  walk(root);
  return views;
}
/** The generated example of an endpoint's request body, and its code samples. */
const generatedRequest = (item: ItemView): string => blockOf(item, 'body')?.body.examples.find((e) => e.generated)?.text ?? '';
const samplesOf = (item: ItemView): string[] => blockOf(item, 'samples')?.samples.map((s) => s.code) ?? [];

describe('a discriminator value the variant itself forbids is never listed or sent as valid (t32k #2, Linode getTaggedObjects)', async () => {
  // k-disc-conflict: (a) no mapping, `KDom.type` allows two values; (b) the mapping sends `cat` to `KCat`, whose `kind` allows only `dog`.
  const schemas = {
    KDom: { type: 'object', properties: { type: { type: 'string', enum: ['master', 'slave'] }, dom: { type: 'string' } } },
    KVol: { type: 'object', properties: { type: { type: 'string', enum: ['volume'] }, size: { type: 'integer' } } },
    KTwoVal: { oneOf: [R('KDom'), R('KVol')], discriminator: { propertyName: 'type' } },
    KCat: { type: 'object', required: ['kind'], properties: { kind: { type: 'string', enum: ['dog'] }, meow: { type: 'boolean' } } },
    KDog: { type: 'object', required: ['kind'], properties: { kind: { type: 'string' }, bark: { type: 'boolean' } } },
    KPet: { oneOf: [R('KCat'), R('KDog')], discriminator: { propertyName: 'kind', mapping: { cat: 'KCat', doggo: '#/components/schemas/KDog' } } },
  };
  const post = (path: string, operationId: string, schema: object) => ({ [path]: { post: { operationId, requestBody: { required: true, content: { 'application/json': { schema } } }, responses: { '204': { description: 'ok' } } } } });
  const { analysis, model } = await importedWith(openapi(schemas, { ...post('/two', 'kTwoVal', R('KTwoVal')), ...post('/pet', 'kBareMap', R('KPet')) }));

  it('lists the values a variant allows, not its name, where it allows several and no mapping names it', () => {
    const views = discriminators(itemOf(model, 'resources', 'KTwoVal').blocks);
    expect(views.map((d) => [d.implicit, d.mapping.map((m) => [m.value, m.type, m.implicit])])).toEqual([[undefined, [['master', 'KDom', undefined], ['slave', 'KDom', undefined], ['volume', 'KVol', undefined]]]]);
  });

  it('sends a value the variant allows in the example and every code sample', () => {
    const item = itemOf(model, 'endpoints', 'kTwoVal');
    expect(['master', 'volume']).toContain((JSON.parse(generatedRequest(item)) as { type: unknown }).type);
    const samples = samplesOf(item);
    expect(samples.length).toBeGreaterThan(0);
    for (const code of samples) expect(code).not.toMatch(/KDom|KVol/);
  });

  it('says the conflict of a mapping with the variant’s allowed values beside the row', () => {
    const views = discriminators(itemOf(model, 'resources', 'KPet').blocks);
    expect(views.map((d) => d.mapping.map((m) => [m.value, m.type, m.forbidden]))).toEqual([[['cat', 'KCat', ['dog']], ['doggo', 'KDog', undefined]]]);
  });

  it('never sends the forbidden value: the example and samples send one the variant allows', () => {
    const item = itemOf(model, 'endpoints', 'kBareMap');
    expect((JSON.parse(generatedRequest(item)) as { kind: unknown }).kind).toBe('dog');
    const samples = samplesOf(item);
    expect(samples.length).toBeGreaterThan(0);
    for (const code of samples) {
      expect(code).toMatch(/kind\W+dog/);
      expect(code).not.toMatch(/kind\W+cat/);
    }
  });

  it('check warns of the conflict at the mapping', () => {
    expect(analysis.diagnostics.filter((d) => d.code === 'discriminator-field').map((d) => [d.file, d.message])).toEqual([
      ['resources/KPet.yaml', 'The discriminator of the value maps `cat` to `KCat`, whose field `kind` allows only `dog`; make the two agree.'],
    ]);
  });
});

describe('a long summary is a bounded heading, the title whole shown under the method and path (t32k #3)', async () => {
  const long = `Search recipes. ${'Each word of this summary matters to a reader '.repeat(60)}end.`;
  const get = (path: string, operationId: string, summary: string) => ({ [path]: { get: { operationId, summary, responses: { '204': { description: 'ok' } } } } });
  const model = await imported(openapi({}, { ...get('/s', 'kLong', 'S'.repeat(3000)), ...get('/w', 'kWords', long), ...get('/n', 'kShort', 'List the recipes') }));

  it('cuts the heading at 120 characters and shows the title whole, nothing dropped', () => {
    const item = itemOf(model, 'endpoints', 'kLong');
    expect([item.title, item.titleWhole]).toEqual([`${'S'.repeat(120)} …`, 'S'.repeat(3000)]);
  });

  it('cuts words at a sentence’s end or a space', () => {
    const item = itemOf(model, 'endpoints', 'kWords');
    expect(item.title.length).toBeLessThanOrEqual(122);
    expect(item.titleWhole).toBe(long);
    expect(long.startsWith(item.title.replace(/ …$/, ''))).toBe(true);
    expect(item.title).toMatch(/\w …$/);
  });

  it('leaves a short title whole', () => {
    const item = itemOf(model, 'endpoints', 'kShort');
    expect([item.title, item.titleWhole]).toEqual(['List the recipes', undefined]);
  });
});

describe('a templated server is the samples’ base address, its variables at their defaults, said (t32k #5)', async () => {
  // k-server-vars: `https://{region}.api.example.com/v1`, `region` by default `eu`, one of `eu`, `us`; no base address stated.
  const doc = { openapi: '3.0.3', info: { title: 'srv', version: '1' }, servers: [{ url: 'https://{region}.api.example.com/v1', variables: { region: { default: 'eu', enum: ['eu', 'us'] } } }], paths: { '/e': { get: { operationId: 'getE', responses: { '204': { description: 'ok' } } } } } };
  const { analysis, model } = await importedWith(doc);
  const item = itemOf(model, 'endpoints', 'getE');
  const block = blockOf(item, 'samples');

  it('calls the server at its defaults in every sample, and says so', () => {
    const samples = samplesOf(item);
    expect(samples.length).toBeGreaterThan(0);
    for (const code of samples) {
      expect(code).toContain('https://eu.api.example.com/v1/e');
      expect(code).not.toContain('base_url');
    }
    expect(block?.notes.join('\n')).toContain("The base address is the first server's, https://{region}.api.example.com/v1, with its variables at their defaults: region = eu.");
    expect(block?.notes.join('\n')).not.toContain('does not state it yet');
  });

  it('the home page lists the server with its variables', () => {
    const home = homeView(new SiteIndex(analysis).context(() => {}));
    expect(home.servers).toEqual([{ url: 'https://{region}.api.example.com/v1', variables: [{ name: 'region', default: 'eu', allowed: ['eu', 'us'] }] }]);
  });
});

describe('an all-of with a union part beside parts of fields still merges them: a part that requires a field badges its row (t32k #4, AppCenter)', async () => {
  // k-required-part: KC = allOf [KA, oneOf [KA, {z}], {required: [x]}].
  const schemas = {
    KA: { type: 'object', properties: { x: { type: 'string' }, y: { type: 'integer' } } },
    KB: { allOf: [R('KA'), { required: ['x'] }] },
    KC: { allOf: [R('KA'), { oneOf: [R('KA'), { type: 'object', properties: { z: { type: 'string' } } }] }, { required: ['x'] }] },
  };
  const body = (operationId: string, name: string) => ({ post: { operationId, requestBody: { content: { 'application/json': { schema: R(name) } } }, responses: { '204': { description: 'ok' } } } });
  const model = await imported(openapi(schemas, { '/b': body('postB', 'KB'), '/c': body('postC', 'KC') }));

  /** The resource's value tree: its fields merged, with whether each row is badged required, and the parts said beside them. */
  const tree = (name: string) => {
    const item = itemOf(model, 'resources', name);
    const shape = blockOf(item, 'shape')?.shape;
    const fields = shape?.children.find((c) => c.kind === 'fields');
    return { shape, rows: fields?.shapes.map((f) => [f.name, f.required?.text === 'true']) };
  };

  it('KB: the required-only part badges KA’s x', () => {
    expect(tree('KB').rows).toEqual([['x', true], ['y', false]]);
  });

  it('KC: the fields merged and badged, the union said after them as a part that holds too', () => {
    const { shape, rows } = tree('KC');
    expect(rows).toEqual([['x', true], ['y', false]]);
    expect(shape?.children.map((c) => c.kind)).toEqual(['fields']);
    // After the merged fields, named among the parts (t32r N1: it came first, under a sentence starting with "And").
    expect(shape?.also).toBeUndefined();
    expect(shape?.children[0]?.unions?.map((a) => [a.type?.text, a.children.map((c) => [c.kind, c.shapes.length])])).toEqual([['one_of', [['variants', 2]]]]);
  });
});

describe('an all-of part that only says `type: object` is merged, not shown as a bare part (t32k #7, Betfair HeartbeatMessage)', async () => {
  const schemas = { Base: { type: 'object', properties: { id: { type: 'integer' } } }, Hb: { allOf: [R('Base'), { type: 'object' }] } };
  const model = await imported(openapi(schemas, { '/h': { post: { operationId: 'hb', requestBody: { content: { 'application/json': { schema: R('Hb') } } }, responses: { '204': { description: 'ok' } } } } }));

  it('reads as Base’s fields', () => {
    const item = itemOf(model, 'resources', 'Hb');
    const shape = blockOf(item, 'shape')?.shape;
    expect(shape?.children.map((c) => [c.kind, c.combine, c.shapes.map((f) => [f.name, f.origin?.key])])).toEqual([['fields', 'all_of', [['id', 'resources/Base']]]]);
  });
});
