// Issue 32, after t32l (/work/notes/s9/t32l): lists larger than a page written whole, and links to
// a list's rest that led to a page without it, each through the real importer and loader and the
// site's views of it.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TREE_BYTES } from '../../../src/lib/render/site/shape-tree.ts';
import { continuedPath, itemPath, itemScope } from '../../../src/lib/render/site/paths.ts';
import type { DiscriminatorView, ItemView, ShapeView } from '../../../src/lib/index.ts';
import { blockOf, itemOf, siteViews } from '../../helpers.ts';
import { importToSpec } from '../../interchange/helpers.ts';

/** An OpenAPI document imported through the real reader and importer, and the site's views of it. */
async function importedWith(doc: object) {
  const file = join(await mkdtemp(join(tmpdir(), 'specbench-t32l-')), 'openapi.json');
  await writeFile(file, JSON.stringify(doc));
  const { analysis } = await importToSpec(file);
  return { analysis, model: siteViews(analysis) };
}
const imported = async (doc: object) => (await importedWith(doc)).model;

const R = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const openapi = (schemas: object, paths: object) => ({ openapi: '3.1.0', info: { title: 't32l', version: '1' }, servers: [{ url: 'https://api.example.com' }], paths, components: { schemas } });
const values = (n: number, prefix = 'v') => Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(5, '0')}`);

/** Every shape a view holds (a page's, or a continued page's), with `cut` lists to the rows they show when `shownOnly`. */
function shapesIn(root: unknown, shownOnly = false): ShapeView[] {
  const out: ShapeView[] = [];
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) return x.forEach(walk);
    if (x === null || typeof x !== 'object') return;
    if ('id' in x && 'anchor' in x && 'children' in x && 'flags' in x) out.push(x as ShapeView);
    const cut = shownOnly && 'cut' in x && x.cut !== null && typeof x.cut === 'object' ? (x.cut as { shown?: number }) : undefined;
    for (const [k, v] of Object.entries(x)) {
      if (cut && (k === 'cut' || k === 'leftOut')) continue;
      walk(cut && ['shapes', 'fields', 'rows'].includes(k) && Array.isArray(v) ? v.slice(0, cut.shown ?? 0) : v);
    }
  };
  walk(root);
  return out;
}

/** The anchors each page of an item holds: its own page's shown rows, and each continued page's. */
function anchorsByPage(item: ItemView): Map<string, Set<string>> {
  const pages = new Map<string, Set<string>>();
  pages.set(item.path, new Set(shapesIn(item.blocks, true).map((s) => s.anchor).filter((a) => a !== '')));
  (item.continued ?? []).forEach((shows, i) => {
    pages.set(continuedPath(itemScope(item.area, item.id), i + 2), new Set([...shows.map((s) => s.anchor), ...shapesIn(shows, true).map((s) => s.anchor).filter((a) => a !== '')]));
  });
  return pages;
}

/** What a continued page's lists of allowed values weigh, as `valuePages` counts them. */
const listBytes = (shows: readonly { shape: ShapeView }[]) => shows.reduce((n, s) => n + 400 + (s.shape.allowed?.items ?? []).reduce((m, v) => m + 30 + v.length, 0), 0);

describe('a single list larger than a page is cut where it is shown, whole over continued pages (t32l #1)', async () => {
  // l-big-row: a field with 36,000 allowed values; a response header with 9,000 under four statuses.
  const header = { 'X-Code': { schema: { type: 'string', enum: values(9000, 'h') } } };
  const response = (d: string) => ({ description: d, headers: header });
  const model = await imported(
    openapi(
      { M1Enum: { type: 'object', properties: { e: { type: 'string', enum: values(36000) }, n: { type: 'string' } } } },
      {
        '/m1': { post: { operationId: 'm1', requestBody: { content: { 'application/json': { schema: R('M1Enum') } } }, responses: { '204': { description: 'ok' } } } },
        '/m4': { get: { operationId: 'm4', responses: { '200': response('ok'), '400': response('bad'), '404': response('gone'), '500': response('oops') } } },
      },
    ),
  );

  it('the resource’s own page lists 40 of the field’s values, the rest on continued pages, each under the budget', () => {
    const item = itemOf(model, 'resources', 'M1Enum');
    const row = shapesIn(item.blocks).find((s) => s.name === 'e');
    expect([row?.allowed?.items?.length, row?.allowedMore?.count, row?.allowedMore?.continued]).toEqual([40, 35960, true]);
    const continued = item.continued ?? [];
    const listed = continued.flatMap((shows) => shows.flatMap((s) => s.shape.allowed?.items ?? []));
    expect(listed).toEqual(values(36000));
    for (const shows of continued) expect(listBytes(shows)).toBeLessThanOrEqual(TREE_BYTES);
    // The link from the row leads to the first of them, which holds its anchor.
    const [path, anchor] = (row?.allowedMore?.path ?? '').split('#');
    expect(anchorsByPage(item).get(path ?? '')?.has(anchor ?? '')).toBe(true);
  });

  it('a response header’s list is cut at 40 under each status, as a parameter’s is', () => {
    const item = itemOf(model, 'endpoints', 'm4');
    const headers = (blockOf(item, 'responses')?.responses ?? []).flatMap((r) => shapesIn(r.body).filter((s) => s.name === 'X-Code'));
    expect(headers.length).toBe(4);
    for (const h of headers) expect([h.allowed?.items?.length, h.allowedMore?.count]).toEqual([40, 8960]);
    for (const shows of item.continued ?? []) expect(listBytes(shows)).toBeLessThanOrEqual(TREE_BYTES);
  });
});

describe('“and N more” leads to the page that holds the list, where its own page’s budget cut it (t32l #2)', async () => {
  // l-enum-link: `LHuge`'s fields with long names weigh more on its own page (each id written as
  // anchors) than shown in place on the endpoint: its own page cuts them before `b` and `c`, the
  // endpoint shows them all and folds their 9,000 values at 40.
  const fields = Object.fromEntries(Array.from({ length: 1500 }, (_, i) => [`field_${String(i).padStart(4, '0')}_${'n'.repeat(90)}`, { type: 'string' }]));
  const model = await imported(
    openapi(
      { LHuge: { type: 'object', properties: { ...fields, b: { type: 'string', enum: values(9000, 'b') }, c: { type: 'string', enum: values(9000, 'c') } } } },
      { '/huge': { post: { operationId: 'lHugeEnum', requestBody: { content: { 'application/json': { schema: R('LHuge') } } }, responses: { '204': { description: 'ok' } } } } },
    ),
  );
  const resource = itemOf(model, 'resources', 'LHuge');
  const pages = anchorsByPage(resource);

  it('its own page cuts its fields before them (the case this is about)', () => {
    const shown = new Set(shapesIn(resource.blocks, true).map((s) => s.name));
    expect([shown.has('b'), shown.has('c'), (resource.continued ?? []).length > 0]).toEqual([false, false, true]);
  });

  it('every such link on the endpoint leads to a page of the resource that holds its anchor', () => {
    const links = shapesIn(itemOf(model, 'endpoints', 'lHugeEnum').blocks).flatMap((s) => (s.allowedMore && !s.allowedMore.continued ? [[s.name, s.allowedMore.path] as const] : []));
    expect(links.map(([n]) => n)).toEqual(['b', 'c']);
    for (const [, link] of links) {
      const [path = '', anchor = ''] = link.split('#');
      expect(path.startsWith(`print/${itemScope('resources', 'LHuge')}`) || path === itemPath('resources', 'LHuge')).toBe(true);
      expect(pages.get(path)?.has(anchor)).toBe(true);
    }
  });
});

/** Every discriminator a view holds: a shape's, and a base's where a subtype merges its fields. */
function mappingsIn(root: unknown): DiscriminatorView[] {
  const views: DiscriminatorView[] = [];
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) return x.forEach(walk);
    if (x === null || typeof x !== 'object') return;
    for (const [k, v] of Object.entries(x)) {
      if (k === 'discriminator' && v !== null && typeof v === 'object' && 'mapping' in v) views.push(v as DiscriminatorView);
      walk(v);
    }
  };
  walk(root);
  return views;
}

describe('a discriminator mapping larger than a page is cut where it is shown, whole over continued pages (t32l #1)', async () => {
  // l-big-row (m3): a union whose mapping names 20,000 values, the request and an error's body.
  const mapping = Object.fromEntries(values(20000, 'kind-').map((v, i) => [v, `#/components/schemas/${i % 2 === 0 ? 'M3A' : 'M3B'}`]));
  const variant = { type: 'object', required: ['kind'], properties: { kind: { type: 'string' }, a: { type: 'string' } } };
  const model = await imported(
    openapi(
      { M3A: variant, M3B: variant, M3: { oneOf: [R('M3A'), R('M3B')], discriminator: { propertyName: 'kind', mapping } } },
      { '/m3': { post: { operationId: 'm3', requestBody: { content: { 'application/json': { schema: R('M3') } } }, responses: { '204': { description: 'ok' }, '400': { description: 'bad', content: { 'application/json': { schema: R('M3') } } } } } } },
    ),
  );
  const resource = itemOf(model, 'resources', 'M3');

  it('its own page lists 40 rows and links to the rest, listed whole on continued pages each under the budget', () => {
    const [own] = mappingsIn(resource.blocks);
    expect([own?.mapping.length, own?.more?.count, own?.more?.continued]).toEqual([40, 19960, true]);
    const parts = (resource.continued ?? []).map((shows) => mappingsIn(shows));
    expect(parts.flat().flatMap((d) => d.mapping.map((m) => m.value))).toEqual(Object.keys(mapping));
    for (const shows of resource.continued ?? []) expect(mappingsIn(shows).reduce((n, d) => n + d.mapping.reduce((b, m) => b + 80 + m.value.length + 2 * m.type.length + (m.link?.path.length ?? 0), 0), 0)).toBeLessThanOrEqual(TREE_BYTES);
    const [path = '', anchor = ''] = (own?.more?.path ?? '').split('#');
    expect(anchorsByPage(resource).get(path)?.has(anchor)).toBe(true);
  });

  it('the endpoint and the error’s page list 40 rows each, linking to the resource’s page that holds the rest', () => {
    const pages = anchorsByPage(resource);
    const shown = [itemOf(model, 'endpoints', 'm3'), ...(model.areas.find((a) => a.key === 'errors')?.items ?? [])].flatMap((i) => mappingsIn(i.blocks)).filter((d) => d.mapping.length > 0);
    expect(shown.length).toBeGreaterThanOrEqual(2);
    for (const d of shown) {
      expect([d.mapping.length, d.more?.count]).toEqual([40, 19960]);
      const [path = '', anchor = ''] = (d.more?.path ?? '').split('#');
      expect(pages.get(path)?.has(anchor)).toBe(true);
    }
  });
});

describe('an intermediate type is told apart by its descendants’ values only (t32l #4, Service Fabric GetClusterEventList)', async () => {
  // l-mid-disc: `FabricEvent` tells its subtypes apart by `Kind`; `ClusterEvent` is one, with two subtypes of its own; `NodeDown` is not one of them.
  const kind = (v: string) => ({ type: 'object', properties: { Kind: { type: 'string', enum: [v] }, [`${v}Info`]: { type: 'string' } } });
  const model = await imported(
    openapi(
      {
        FabricEvent: { type: 'object', required: ['Kind'], discriminator: { propertyName: 'Kind' }, properties: { Kind: { type: 'string' }, EventInstanceId: { type: 'string' } } },
        ClusterEvent: { allOf: [R('FabricEvent'), { type: 'object', properties: { ClusterId: { type: 'string' } } }] },
        ChaosStartedEvent: { allOf: [R('ClusterEvent'), kind('ChaosStarted')] },
        ClusterUpgradeEvent: { allOf: [R('ClusterEvent'), kind('ClusterUpgrade')] },
        NodeDownEvent: { allOf: [R('FabricEvent'), kind('NodeDown')] },
      },
      { '/events': { get: { operationId: 'GetClusterEventList', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: R('ClusterEvent') } } } } } } } },
    ),
  );
  const told = (item: ItemView) => mappingsIn(item.blocks).filter((d) => d.mapping.length > 0).map((d) => d.mapping.map((m) => m.value).sort());

  it('lists only the values of the type’s descendants where it is shown, on the endpoint and its own page', () => {
    expect(told(itemOf(model, 'endpoints', 'GetClusterEventList'))).toEqual([['ChaosStarted', 'ClusterUpgrade']]);
    expect(told(itemOf(model, 'resources', 'ClusterEvent'))).toEqual([['ChaosStarted', 'ClusterUpgrade']]);
  });

  it('a leaf its own value, and the base all of them', () => {
    expect(told(itemOf(model, 'resources', 'NodeDownEvent'))).toEqual([['NodeDown']]);
    expect(told(itemOf(model, 'resources', 'FabricEvent'))).toEqual([['ChaosStarted', 'ClusterEvent', 'ClusterUpgrade', 'NodeDown']]);
  });
});

describe('a discriminator on a base that is itself an all-of: check and the page agree it applies (t32l #5, Azure ReplicaHealth)', async () => {
  // l-allof-base-disc: `ReplicaHealth` is `allOf [EntityHealth]` with its own `ServiceKind`, the discriminator its two subtypes fix.
  const { analysis, model } = await importedWith(
    openapi(
      {
        EntityHealth: { type: 'object', properties: { State: { type: 'string' } } },
        ReplicaHealth: { allOf: [R('EntityHealth')], discriminator: { propertyName: 'ServiceKind' }, required: ['ServiceKind'], properties: { ServiceKind: { type: 'string', enum: ['Stateful', 'Stateless'] } } },
        StatefulReplicaHealth: { allOf: [R('ReplicaHealth'), { type: 'object', properties: { ServiceKind: { type: 'string', enum: ['Stateful'] }, ReplicaId: { type: 'string' } } }] },
        StatelessInstanceHealth: { allOf: [R('ReplicaHealth'), { type: 'object', properties: { ServiceKind: { type: 'string', enum: ['Stateless'] }, InstanceId: { type: 'string' } } }] },
      },
      { '/r': { get: { operationId: 'getReplica', responses: { '200': { description: 'ok', content: { 'application/json': { schema: R('ReplicaHealth') } } } } } } },
    ),
  );

  it('check neither hints that it is ignored nor takes the all-of’s parts for variants', () => {
    expect(analysis.diagnostics.filter((d) => d.file === 'resources/ReplicaHealth.yaml').map((d) => [d.code, d.message])).toEqual([]);
  });

  it('the page tells the subtypes apart by their values', () => {
    const told = mappingsIn(itemOf(model, 'resources', 'ReplicaHealth').blocks).map((d) => d.mapping.map((m) => [m.value, m.type]).sort());
    expect(told).toEqual([[['Stateful', 'StatefulReplicaHealth'], ['Stateless', 'StatelessInstanceHealth']]]);
  });
});

/** The generated example of an endpoint's request body, and its code samples. */
const generatedRequest = (item: ItemView): string => blockOf(item, 'body')?.body.examples.find((e) => e.generated)?.text ?? '';
const samplesOf = (item: ItemView): string[] => blockOf(item, 'samples')?.samples.map((s) => s.code) ?? [];
const postOf = (path: string, operationId: string, schema: object) => ({ [path]: { post: { operationId, requestBody: { required: true, content: { 'application/json': { schema } } }, responses: { '204': { description: 'ok' } } } } });

describe('a union of unions sends a value its mapping lists (t32l #6)', async () => {
  // l-nested-union: `LOuter` maps `inner-x` to `LX`, a variant of its variant `LInner`, which `sub` tells apart.
  const leaf = { type: 'object', required: ['kind', 'sub'], properties: { kind: { type: 'string' }, sub: { type: 'string' } } };
  const { analysis, model } = await importedWith(
    openapi(
      {
        LX: leaf,
        LY: leaf,
        LZ: leaf,
        LInner: { oneOf: [R('LX'), R('LY')], discriminator: { propertyName: 'sub', mapping: { sx: 'LX', sy: 'LY' } } },
        LOuter: { oneOf: [R('LInner'), R('LZ')], discriminator: { propertyName: 'kind', mapping: { 'inner-x': 'LX', 'inner-y': 'LY', zed: 'LZ' } } },
      },
      postOf('/uu', 'lUnions', R('LOuter')),
    ),
  );

  it('the example and every code sample send `inner-x` for the `LX` they send', () => {
    const item = itemOf(model, 'endpoints', 'lUnions');
    expect(JSON.parse(generatedRequest(item))).toMatchObject({ kind: 'inner-x', sub: 'sx' });
    const samples = samplesOf(item);
    expect(samples.length).toBeGreaterThan(0);
    for (const code of samples) {
      expect(code).toMatch(/inner-x/);
      expect(code).not.toMatch(/LInner/);
    }
  });

  it('check takes a variant of a variant for one of the union’s: no warning', () => {
    expect(analysis.diagnostics.filter((d) => d.code === 'discriminator-field').map((d) => d.message)).toEqual([]);
  });
});

describe('a field whose fields are all read-only is left out of a request example, never sent as {} (t32l #7)', async () => {
  // l-ro-empty: `nested` is an all-of whose only field, `nro`, is read-only; `plain` an object of one read-only field.
  const ro = { type: 'object', properties: { nro: { type: 'string', readOnly: true } } };
  const model = await imported(
    openapi({ LRW: { type: 'object', properties: { a: { type: 'string' }, nested: { allOf: [ro] }, plain: ro } } }, {
      '/rw': { post: { operationId: 'lRW', requestBody: { required: true, content: { 'application/json': { schema: R('LRW') } } }, responses: { '200': { description: 'ok', content: { 'application/json': { schema: R('LRW') } } } } } },
    }),
  );

  it('the request example and samples send `a` alone; the response example has them', () => {
    const item = itemOf(model, 'endpoints', 'lRW');
    expect(Object.keys(JSON.parse(generatedRequest(item)) as object)).toEqual(['a']);
    for (const code of samplesOf(item)) expect(code).not.toMatch(/nested|plain/);
    const response = (blockOf(item, 'responses')?.responses ?? []).find((r) => r.status === '200')?.body.examples.find((e) => e.generated)?.text ?? '';
    expect(Object.keys(JSON.parse(response) as object)).toEqual(['a', 'nested', 'plain']);
  });
});

describe('a list whose items cannot be made is left out of an example, never sent below its own min items (t32l #8, a 3.1 tuple)', async () => {
  // l-31: `prefixItems` has no place in the spec; `minItems: 2` does, and the page shows it.
  const model = await imported(
    openapi({ NTuple: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false, minItems: 2 } }, postOf('/n', 'n31', { type: 'object', properties: { a: { type: 'string' }, t: R('NTuple') } })),
  );

  it('the example and samples leave `t` out rather than send `[]`', () => {
    const item = itemOf(model, 'endpoints', 'n31');
    const sent = JSON.parse(generatedRequest(item)) as Record<string, unknown>;
    expect(sent).not.toHaveProperty('t');
    expect(sent).toHaveProperty('a');
    for (const code of samplesOf(item)) expect(code).not.toMatch(/"t"|'t'|\bt:/);
  });
});
