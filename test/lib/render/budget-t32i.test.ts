// Issue 32, after t32i (/work/notes/s8/t32i): what the reader pages still wrote past their budget or
// said wrongly, each through the real importer and loader and the site's views of it.
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TREE_BYTES } from '../../../src/lib/render/site/shape-tree.ts';
import type { ContinuedView, DiscriminatorView, ItemView, ShapeChildren, ShapeView } from '../../../src/lib/index.ts';
import { cli, itemOf, siteViews } from '../../helpers.ts';
import { importToSpec } from '../../interchange/helpers.ts';

/** An OpenAPI document imported through the real reader and importer, and the site's views of it. */
async function imported(doc: object) {
  const file = join(await mkdtemp(join(tmpdir(), 'specbench-t32i-')), 'openapi.json');
  await writeFile(file, JSON.stringify(doc));
  return siteViews((await importToSpec(file)).analysis);
}

const R = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const openapi = (schemas: object, paths: object) => ({ openapi: '3.0.3', info: { title: 't32i', version: '1' }, servers: [{ url: 'https://api.example.com' }], paths, components: { schemas } });
const post = (path: string, operationId: string, schema: object) => ({ [path]: { post: { operationId, requestBody: { content: { 'application/json': { schema } } }, responses: { '204': { description: 'ok' } } } } });

/** Every discriminator a page's view holds, with the anchors its views carry (where a `shownAt` may point), in the order written. */
function discriminators(root: unknown): { views: DiscriminatorView[]; anchors: Set<string> } {
  const views: DiscriminatorView[] = [];
  const anchors = new Set<string>();
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) for (const y of x) walk(y);
    else if (x !== null && typeof x === 'object') {
      for (const [k, v] of Object.entries(x)) {
        if (k === 'anchor' && typeof v === 'string' && v !== '') anchors.add(v);
        if (k === 'discriminator' && v !== null && typeof v === 'object' && 'mapping' in v) views.push(v as DiscriminatorView);
        // Where a line points is no anchor of the page.
        if (k !== 'shownAt') walk(v);
      }
    }
  };
  walk(root);
  return { views, anchors };
}

/** What a continued page writes: its shapes, each cut place only up to the rows it shows. */
function writtenOn(page: readonly ContinuedView[]): unknown[] {
  const out: unknown[] = [];
  const ofShape = (s: ShapeView): void => {
    out.push({ discriminator: s.discriminator, anchor: s.anchor });
    for (const a of s.also ?? []) ofShape(a);
    if (s.inline?.tree) ofShape(s.inline.tree.shape);
    for (const c of s.children) ofChildren(c);
  };
  const ofChildren = (c: ShapeChildren): void => {
    for (const b of c.bases ?? []) out.push({ discriminator: b.discriminator });
    for (const s of c.cut ? c.shapes.slice(0, c.cut.shown ?? 0) : c.shapes) ofShape(s);
    for (const s of c.unions ?? []) ofShape(s);
  };
  for (const v of page) {
    out.push({ anchor: v.anchor });
    ofShape(v.shape);
  }
  return out;
}

describe('a base’s long mapping is listed once on each continued page too (t32i #1, Microsoft Graph)', async () => {
  // Graph's shape: `entity` tells 300 entity types apart by `@odata.type`, each type `allOf [entity, own fields]`; one body names 120 of them.
  const TYPES = 300;
  const types = Array.from({ length: TYPES }, (_, i) => `graph.t${String(i).padStart(3, '0')}`);
  const schemas: Record<string, object> = {
    entity: {
      type: 'object',
      properties: { id: { type: 'string' }, '@odata.type': { type: 'string' } },
      discriminator: { propertyName: '@odata.type', mapping: Object.fromEntries(types.map((t) => [`#microsoft.${t}`, `#/components/schemas/${t}`])) },
    },
  };
  const description = 'A description of this property as Microsoft Graph writes them, of about this length. '.repeat(3);
  for (const t of types) schemas[t] = { allOf: [R('entity'), { type: 'object', properties: Object.fromEntries(Array.from({ length: 25 }, (_, k) => [`${t.slice(6)}_f${k}`, { type: 'string', description }])) }] };
  const body = { type: 'object', properties: Object.fromEntries(types.slice(0, 120).map((t) => [t.slice(6), R(t)])) };
  const model = await imported(openapi(schemas, post('/sites/lists', 'sites.CreateLists', body)));

  // Since t32l #4, where a type derived from the base is shown, the base's mapping is told as that type's rows only: no 300 rows per type to repeat.
  it('cuts the body onto continued pages, each type there told apart by its own value only, never the base’s 300', () => {
    const item: ItemView = itemOf(model, 'endpoints', 'sites.CreateLists');
    const pages = item.continued ?? [];
    expect(pages.length).toBeGreaterThan(0);
    let told = 0;
    for (const page of pages) {
      const { views, anchors } = discriminators(writtenOn(page));
      for (const d of views.filter((v) => v.mapping.length > 0)) {
        told++;
        expect(d.mapping.length).toBe(1);
      }
      for (const d of views.filter((v) => v.shownAt)) expect(anchors.has(d.shownAt?.anchor ?? '')).toBe(true);
    }
    expect(told).toBeGreaterThan(10);
  });

  it('tells a subtype’s page its own value of the base’s 300-value mapping (t32i #5, t32l #4)', () => {
    const { views } = discriminators(itemOf(model, 'resources', 'graph.t005').blocks);
    const whole = views.filter((d) => d.mapping.length > 0);
    expect(whole.map((d) => d.mapping.map((m) => [m.value, m.type]))).toEqual([[['#microsoft.graph.t005', 'graph.t005']]]);
    // The base's own page lists it open: there it is the page's content.
    expect(discriminators(itemOf(model, 'resources', 'entity').blocks).views.map((d) => [d.mapping.length, d.folded])).toEqual([[TYPES, undefined]]);
  });
});

/** The generated example of an endpoint's request body, as its page writes it. */
function generatedRequest(item: ItemView): string {
  const body = item.blocks.find((b) => b.kind === 'body');
  const example = body?.kind === 'body' ? body.body.examples.find((e) => e.generated) : undefined;
  return example?.text ?? '';
}
/** How many scalar values a JSON text holds. */
const valuesOf = (x: unknown): number => (Array.isArray(x) ? x.reduce((n: number, y) => n + valuesOf(y), 0) : x !== null && typeof x === 'object' ? Object.values(x).reduce((n: number, y) => n + valuesOf(y), 0) : 1);

describe('stated field examples and defaults count in the generated example’s budget (t32i #2)', async () => {
  const zones = Array.from({ length: 600 }, (_, i) => `Region_${String(i).padStart(4, '0')}/City_Name_Number_${String(i).padStart(4, '0')}`);
  const points = Array.from({ length: 2_000 }, (_, i) => [Number((i / 7).toFixed(6)), Number((i / 13).toFixed(6))]);
  const model = await imported(
    openapi(
      {
        // r2: a 600-item array default on 80 fields.
        BigDefault: { type: 'object', properties: Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`d_${i}`, { type: 'array', items: { type: 'string' }, default: zones }])) },
        // r1: ten fields each stating a 50 KB example.
        FieldEx: { type: 'object', properties: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`fx_${i}`, { type: 'object', properties: { coordinates: { type: 'array', items: { type: 'array', items: { type: 'number' } } } }, example: { coordinates: points } }])) },
      },
      { ...post('/big-default', 'probeBigDefault', R('BigDefault')), ...post('/field-ex', 'probeFieldExamples', R('FieldEx')) },
    ),
  );

  it('writes up to 1,500 values of 80 stated 600-item defaults: the defaults it has room for, then values made from the shape', () => {
    const text = generatedRequest(itemOf(model, 'endpoints', 'probeBigDefault'));
    const value = JSON.parse(text) as Record<string, unknown>;
    expect(valuesOf(value)).toBeLessThanOrEqual(1_500);
    expect(Object.values(value).filter((v) => JSON.stringify(v) === JSON.stringify(zones)).length).toBeGreaterThan(0);
    expect(Object.keys(value)).toHaveLength(80);
  });

  it('cuts the resource’s own fields where their defaults pass the page’s budget, linking on', () => {
    const block = itemOf(model, 'resources', 'BigDefault').blocks.find((b) => b.kind === 'shape');
    const cut = block?.kind === 'shape' ? block.cut : undefined;
    expect(cut?.shown).toBeGreaterThan(0);
    expect(cut?.shown).toBeLessThan(80);
    expect(cut?.at.path).toBe('print/resources/BigDefault/2/');
    const shown = block?.kind === 'shape' ? block.fields.slice(0, cut?.shown) : [];
    expect(shown.reduce((n, f) => n + (f.default?.text?.length ?? 0), 0)).toBeLessThan(TREE_BYTES);
  });

  it('keeps the example of ten 50 KB field examples to its byte bound', () => {
    const text = generatedRequest(itemOf(model, 'endpoints', 'probeFieldExamples'));
    expect(text.length).toBeLessThan(64_000);
    expect(Object.keys(JSON.parse(text) as object)).toHaveLength(10);
  });
});

describe('a subtype reaching the base through a chain of all-of parts lists the mapping it points to (t32i #2b, Azure Format)', async () => {
  // r8: Mp4Format is allOf [MultiBitrateFormat, {}], MultiBitrateFormat allOf [Format, {outputFiles}]; Format has a discriminator and no mapping.
  const model = await imported(
    openapi(
      {
        Format: { type: 'object', required: ['@odata.type'], discriminator: { propertyName: '@odata.type' }, properties: { '@odata.type': { type: 'string' }, filenamePattern: { type: 'string' } } },
        MultiBitrateFormat: { allOf: [R('Format'), { type: 'object', properties: { outputFiles: { type: 'array', items: { type: 'string' } } } }] },
        Mp4Format: { allOf: [R('MultiBitrateFormat'), { type: 'object' }] },
        ImageFormat: { allOf: [R('Format'), { type: 'object' }] },
        JpgFormat: { allOf: [R('ImageFormat'), { type: 'object' }] },
      },
      post('/formats', 'addFormat', { type: 'object', properties: { formats: { type: 'array', items: R('Format') } } }),
    ),
  );

  it.each(['Mp4Format', 'JpgFormat', 'ImageFormat'])('%s: every “listed once” points to a mapping its page shows', (id) => {
    const { views, anchors } = discriminators(itemOf(model, 'resources', id).blocks);
    expect(views.length).toBeGreaterThan(0);
    for (const d of views) {
      if (d.shownAt) expect(anchors.has(d.shownAt.anchor)).toBe(true);
      else expect(d.mapping.length).toBeGreaterThan(0);
    }
  });
});

describe('a oneOf told apart by a discriminator that states no mapping (t32i #4)', async () => {
  // r4: PetNoMap = oneOf [Cat, Dog], discriminator petType, no mapping.
  const pet = (extra: string) => ({ type: 'object', required: ['petType'], properties: { petType: { type: 'string' }, [extra]: { type: 'boolean' } } });
  const model = await imported(openapi({ Cat: pet('meow'), Dog: pet('bark'), PetNoMap: { oneOf: [R('Cat'), R('Dog')], discriminator: { propertyName: 'petType' } } }, post('/pets', 'addPet', R('PetNoMap'))));

  it('lists the values OpenAPI’s rule implies, each variant’s name, linked', () => {
    const { views } = discriminators(itemOf(model, 'resources', 'PetNoMap').blocks);
    expect(views.map((d) => [d.field, d.implicit, d.mapping.map((m) => [m.value, m.link?.path])])).toEqual([['petType', true, [['Cat', 'resources/Cat/'], ['Dog', 'resources/Dog/']]]]);
  });

  it('sends one of those values in the generated example and the code samples', () => {
    const item = itemOf(model, 'endpoints', 'addPet');
    expect(['Cat', 'Dog']).toContain((JSON.parse(generatedRequest(item)) as { petType: unknown }).petType);
    const samples = item.blocks.find((b) => b.kind === 'samples');
    expect(samples?.kind === 'samples' && samples.samples.length).toBeGreaterThan(0);
    if (samples?.kind === 'samples') for (const s of samples.samples) expect(s.code).not.toMatch(/petType\W+string/);
  });
});

describe('Azure’s x-ms-discriminator-value is the subtype’s value, for every descendant (t32i #3, mediaservices Codec)', async () => {
  // Codec tells its subtypes apart by `@odata.type` with no mapping; each subtype states its value; AacAudio and H264Video are subtypes of subtypes.
  const sub = (parent: string, value: string, field: string) => ({ allOf: [R(parent), { type: 'object', properties: { [field]: { type: 'string' } } }], 'x-ms-discriminator-value': value });
  const schemas = {
    Codec: { type: 'object', required: ['@odata.type'], discriminator: { propertyName: '@odata.type' }, properties: { '@odata.type': { type: 'string' }, label: { type: 'string' } } },
    Audio: sub('Codec', '#Microsoft.Media.Audio', 'channels'),
    AacAudio: sub('Audio', '#Microsoft.Media.AacAudio', 'profile'),
    Video: sub('Codec', '#Microsoft.Media.Video', 'keyFrameInterval'),
    H264Video: sub('Video', '#Microsoft.Media.H264Video', 'complexity'),
  };
  const doc = openapi(schemas, post('/transforms', 'Transforms_CreateOrUpdate', { type: 'object', properties: { codecs: { type: 'array', items: R('Codec') } } }));
  const file = join(await mkdtemp(join(tmpdir(), 'specbench-t32i-')), 'openapi.json');
  await writeFile(file, JSON.stringify(doc));
  const { result, analysis } = await importToSpec(file);
  const model = siteViews(analysis);

  it('lists each stated value with its type on the base’s page, subtypes of subtypes too', () => {
    const { views } = discriminators(itemOf(model, 'resources', 'Codec').blocks);
    expect(views.map((d) => [d.implicit, d.mapping.map((m) => [m.value, m.type]).sort()])).toEqual([
      [undefined, [['#Microsoft.Media.AacAudio', 'AacAudio'], ['#Microsoft.Media.Audio', 'Audio'], ['#Microsoft.Media.H264Video', 'H264Video'], ['#Microsoft.Media.Video', 'Video']]],
    ]);
    expect(JSON.stringify(result.unmapped)).not.toContain('x-ms-discriminator-value');
  });

  it('sends a stated value in the generated example', () => {
    const value = JSON.parse(generatedRequest(itemOf(model, 'endpoints', 'Transforms_CreateOrUpdate'))) as { codecs: Array<Record<string, unknown>> };
    expect(value.codecs[0]?.['@odata.type']).toMatch(/^#Microsoft\.Media\./);
  });
});

describe('a base’s implicit mapping names its subtypes down chains of all-of parts (t32i #2b, r8)', async () => {
  const model = await imported(
    openapi(
      {
        Format: { type: 'object', required: ['@odata.type'], discriminator: { propertyName: '@odata.type' }, properties: { '@odata.type': { type: 'string' } } },
        MultiBitrateFormat: { allOf: [R('Format'), { type: 'object', properties: { outputFiles: { type: 'array', items: { type: 'string' } } } }] },
        Mp4Format: { allOf: [R('MultiBitrateFormat'), { type: 'object' }] },
        ImageFormat: { allOf: [R('Format'), { type: 'object' }] },
        JpgFormat: { allOf: [R('ImageFormat'), { type: 'object' }] },
      },
      post('/formats', 'addFormat', R('Format')),
    ),
  );
  it('lists all four', () => {
    const { views } = discriminators(itemOf(model, 'resources', 'Format').blocks);
    expect(views.map((d) => d.mapping.map((m) => m.value).sort())).toEqual([['ImageFormat', 'JpgFormat', 'Mp4Format', 'MultiBitrateFormat']]);
  });
});

describe('4,000 query parameters are shown in parts past the page’s budget (t32i #2, r3)', async () => {
  const COUNT = 4_000;
  const names = Array.from({ length: COUNT }, (_, i) => `param_${String(i).padStart(4, '0')}`);
  const parameters = names.map((name, i) => ({ name, in: 'query', required: true, description: `Parameter ${i} with a sentence of description. ${'Words a generated document repeats. '.repeat(4)}`, schema: { type: 'string', example: `v${i}` } }));
  const model = await imported(openapi({}, { '/many-params': { get: { operationId: 'probeManyParams', parameters, responses: { '204': { description: 'ok' } } } } }));

  it('shows the first parameters, says how many, and links to the continued pages that show every other one once', () => {
    const item = itemOf(model, 'endpoints', 'probeManyParams');
    const block = item.blocks.find((b) => b.kind === 'parameters');
    const group = block?.kind === 'parameters' ? block.groups.find((g) => g.location === 'query') : undefined;
    const cut = group?.cut;
    expect(group?.rows).toHaveLength(COUNT);
    expect(cut?.shown).toBeGreaterThan(100);
    expect(cut?.shown).toBeLessThan(COUNT);
    expect(cut?.rest).toBe(COUNT - (cut?.shown ?? 0));
    // The rest, part by part, each on a continued page, at the anchor the cut before it links to.
    const shown = group?.rows.slice(0, cut?.shown).map((r) => r.name) ?? [];
    for (let at = cut?.at; at; ) {
      const anchor: string = at.anchor;
      const view = (item.continued ?? []).flat().find((v) => v.anchor === anchor);
      expect(view, anchor).toBeDefined();
      const part = view?.shape.children[0];
      shown.push(...(part?.cut?.shown !== undefined ? part.shapes.slice(0, part.cut.shown) : (part?.shapes ?? [])).map((r) => r.name));
      at = part?.cut?.at;
    }
    expect(shown).toEqual(names);
  });
});

describe('past the nesting bound a field says why it is not shown, never a false reason (t32i #7, r5)', async () => {
  // r5: 40 nested objects, each level with an integer `sideNN`.
  let deep: object = { type: 'string', description: 'DEEPLEAF40' };
  for (let i = 40; i >= 1; i--) deep = { type: 'object', properties: { [`lvl${String(i).padStart(2, '0')}`]: deep, [`side${String(i).padStart(2, '0')}`]: { type: 'integer' } } };
  const model = await imported(openapi({ Deep40: deep }, post('/deep40', 'probeDeep40', R('Deep40'))));

  it('asks, where the import cut, that the source nests it deeper than a spec file holds', () => {
    const page = JSON.stringify(itemOf(model, 'resources', 'Deep40').blocks);
    expect(page).not.toContain('The source gives no type.');
    expect(page).toContain('more than 28 levels deep');
  });

  it('writes no hollow object in the generated example', () => {
    const text = generatedRequest(itemOf(model, 'endpoints', 'probeDeep40'));
    expect(text).toContain('side01');
    expect(text).not.toMatch(/\{\s*\}/);
  });
});

describe('an import whose file check would refuse says so at once and writes nothing (t32i #8, r6)', () => {
  it('names the file and its size, exits non-zero, and never says every element was mapped', async () => {
    // r6: one resource of 120 fields, each an inline 600-value enum: 2.7 MB of valid OpenAPI, a 2.9 MB spec file.
    const zones = Array.from({ length: 600 }, (_, i) => `Region_${String(i).padStart(4, '0')}/City_Name_Number_${String(i).padStart(4, '0')}`);
    const doc = openapi({ InlineEnums: { type: 'object', properties: Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`ie_${i}`, { type: 'string', enum: zones }])) } }, post('/inline-enums', 'probeInlineEnums', R('InlineEnums')));
    const dir = await mkdtemp(join(tmpdir(), 'specbench-t32i-'));
    await writeFile(join(dir, 'r6.json'), JSON.stringify(doc));
    const run = await cli(['import', join(dir, 'r6.json'), '--spec', join(dir, 'spec')]);
    expect(run.code).not.toBe(0);
    expect(run.err).toMatch(/^specbench: resources\/InlineEnums\.yaml would be 2\.\d MB: a spec file holds at most 2 MB .*file-too-large.*Nothing was written\.\n$/);
    expect(run.out).not.toContain('Every element was mapped');
    expect(await readdir(join(dir, 'spec')).catch(() => [])).toEqual([]);
  });
});
