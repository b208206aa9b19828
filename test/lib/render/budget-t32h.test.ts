// Issue 32, t32h (an independent tester's report): what a page's budget did not count. #2: a base
// type's discriminator mapping (Microsoft Graph's `entity`, 653 rows) was written whole at every
// type derived from it that a page shows, ten copies making 1.19 MB of a 1.31 MB page.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DiscriminatorView, ShapeView } from '../../../src/lib/index.ts';
import { blockHeading, facetAnchor } from '../../../src/lib/index.ts';
import { itemOf, siteViews } from '../../helpers.ts';
import { importToSpec } from '../../interchange/helpers.ts';

/** An OpenAPI document imported through the real reader and importer, and the site's views of it. */
async function imported(doc: object) {
  const file = join(await mkdtemp(join(tmpdir(), 'specbench-t32h-')), 'openapi.json');
  await writeFile(file, JSON.stringify(doc));
  return siteViews((await importToSpec(file)).analysis);
}

/** Every discriminator a view holds, once each, in the order met. */
function discriminators(view: unknown): DiscriminatorView[] {
  const seen = new Set<object>();
  const out: DiscriminatorView[] = [];
  const walk = (x: unknown): void => {
    if (typeof x !== 'object' || x === null || seen.has(x)) return;
    seen.add(x);
    if (!Array.isArray(x) && 'field' in x && 'mapping' in x && Array.isArray((x as { mapping: unknown }).mapping)) out.push(x as DiscriminatorView);
    for (const v of Object.values(x)) walk(v);
  };
  walk(view);
  return out;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A Graph-like document: `entity` with a 60-value mapping, 12 types derived from it, one root naming them all, and an operation returning it. */
function graphLike() {
  const subtypes = Array.from({ length: 60 }, (_, i) => `sub${i}`);
  const schemas: Record<string, object> = {
    entity: { type: 'object', properties: { '@odata.type': { type: 'string' }, id: { type: 'string' } }, discriminator: { propertyName: '@odata.type', mapping: Object.fromEntries(subtypes.map((s) => [`#microsoft.graph.${s}`, `#/components/schemas/${s}`])) } },
    root: { allOf: [ref('entity'), { type: 'object', properties: Object.fromEntries(subtypes.slice(0, 12).map((s) => [`f_${s}`, ref(s)])) }] },
  };
  for (const s of subtypes) schemas[s] = { allOf: [ref('entity'), { type: 'object', properties: { [`own_${s}`]: { type: 'string' } } }] };
  return {
    openapi: '3.0.3',
    info: { title: 'Graph-like', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    paths: { '/root': { get: { operationId: 'getRoot', responses: { '200': { description: 'ok', content: { 'application/json': { schema: ref('root') } } } } } } },
    components: { schemas },
  };
}

describe('a discriminator mapping is listed once per page (t32h #2)', async () => {
  const model = await imported(graphLike());

  for (const [area, id] of [['resources', 'root'], ['endpoints', 'getRoot']] as const) {
    it(`never lists the base’s 60 values again on ${area}/${id}: where a type built on it is shown, only that type’s own value (t32l #4)`, () => {
      const all = discriminators(itemOf(model, area, id)).filter((d) => d.field === '@odata.type');
      expect(all.length).toBeGreaterThan(5);
      expect(all.map((d) => d.mapping.map((m) => m.type))).toEqual([...Array.from({ length: 12 }, (_, i) => [`sub${i}`]), ['root']]);
    });
  }
});

/** Every shape a view holds, once each. */
function shapesIn(view: unknown): ShapeView[] {
  const seen = new Set<object>();
  const out: ShapeView[] = [];
  const walk = (x: unknown): void => {
    if (typeof x !== 'object' || x === null || seen.has(x)) return;
    seen.add(x);
    if (!Array.isArray(x) && 'id' in x && 'flags' in x && 'constraints' in x && 'children' in x) out.push(x as ShapeView);
    for (const v of Object.values(x)) walk(v);
  };
  walk(view);
  return out;
}

describe('a long list of allowed values is listed whole once, on its own page (t32h #1a)', async () => {
  // repro-01: a named 600-value enum used by 120 fields of the request's resource.
  const zones = Array.from({ length: 600 }, (_, i) => `Region_${String(i).padStart(4, '0')}`);
  const model = await imported({
    openapi: '3.0.3',
    info: { title: 'Enum', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    paths: { '/schedules': { post: { operationId: 'probeEnumUse', requestBody: { content: { 'application/json': { schema: ref('Schedule') } } }, responses: { '204': { description: 'ok' } } } } },
    components: { schemas: { TimeZoneName: { type: 'string', enum: zones }, Schedule: { type: 'object', properties: Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`tz${i}`, ref('TimeZoneName')])) } } },
  });

  for (const [area, id] of [['resources', 'Schedule'], ['endpoints', 'probeEnumUse']] as const) {
    it(`lists 40 values and says 560 more, linked to TimeZoneName's page, at each of the 120 uses on ${area}/${id}`, () => {
      const uses = shapesIn(itemOf(model, area, id)).filter((s) => s.allowed?.items !== undefined);
      expect(uses.length).toBeGreaterThanOrEqual(120);
      for (const s of uses) {
        expect(s.allowed?.items).toHaveLength(40);
        expect(s.allowedMore).toEqual({ count: 560, path: `resources/TimeZoneName/#${facetAnchor('resources/TimeZoneName/value')}` });
      }
    });
  }

  it('lists all 600 on TimeZoneName’s own page', () => {
    const own = shapesIn(itemOf(model, 'resources', 'TimeZoneName')).filter((s) => s.allowed?.items !== undefined);
    expect(own.map((s) => [s.allowed?.items?.length, s.allowedMore])).toEqual([[600, undefined]]);
    // The anchor the other pages link to.
    expect(own[0]?.anchor).toBe(facetAnchor('resources/TimeZoneName/value'));
  });
});

describe('a code sample that would write a 225 KB stated example whole is not written (t32h #1b)', async () => {
  // repro-02: a 9,000-point GeoJSON polygon as the request's stated example.
  const ring = Array.from({ length: 9_000 }, (_, i) => [Number((i / 100).toFixed(6)), Number((i / 200).toFixed(6))]);
  const polygon = { type: 'Polygon', coordinates: [ring] };
  const model = await imported({
    openapi: '3.0.3',
    info: { title: 'Example', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    paths: { '/areas': { post: { operationId: 'probeBigExample', requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { type: { type: 'string' }, coordinates: { type: 'array', items: {} } } }, example: polygon } } }, responses: { '204': { description: 'ok' } } } } },
  });
  const item = itemOf(model, 'endpoints', 'probeBigExample');

  it('leaves each long sample out, saying which, how long, and linking to the request body’s heading, which shows the example once', () => {
    const block = item.blocks.find((b) => b.kind === 'samples');
    expect(block?.kind).toBe('samples');
    if (block?.kind !== 'samples') return;
    expect(block.samples.every((s) => s.code.length <= 96_000)).toBe(true);
    expect(block.withheld?.labels.length).toBeGreaterThanOrEqual(5);
    expect(block.withheld?.bytes).toBeGreaterThan(JSON.stringify(polygon).length);
    const body = item.blocks.find((b) => b.kind === 'body');
    expect(body && blockHeading(body)?.slug).toBe(block.withheld?.anchor);
    expect(JSON.stringify(body)).toContain('89.99');
  });

  it('keeps the samples of a small stated example', async () => {
    const small = await imported({
      openapi: '3.0.3',
      info: { title: 'Example', version: '1' },
      servers: [{ url: 'https://api.example.com' }],
      paths: { '/areas': { post: { operationId: 'smallExample', requestBody: { content: { 'application/json': { schema: { type: 'object' }, example: { type: 'Point', coordinates: [1, 2] } } } }, responses: { '204': { description: 'ok' } } } } },
    });
    const block = itemOf(small, 'endpoints', 'smallExample').blocks.find((b) => b.kind === 'samples');
    expect(block?.kind === 'samples' ? [block.samples.length > 4, block.withheld] : undefined).toEqual([true, undefined]);
  });
});
