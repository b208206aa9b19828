// Issue 32, after t32j (/work/notes/s8/t32j): what the reader pages still said wrongly or wrote
// past their budget, each through the real importer and loader and the site's views of it.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TREE_BYTES } from '../../../src/lib/render/site/shape-tree.ts';
import type { DiscriminatorView, ItemView } from '../../../src/lib/index.ts';
import { findItem } from '../../../src/lib/model/spec.ts';
import { itemOf, siteViews } from '../../helpers.ts';
import { importToSpec } from '../../interchange/helpers.ts';

/** An OpenAPI document imported through the real reader and importer, and the site's views of it. */
async function imported(doc: object) {
  const file = join(await mkdtemp(join(tmpdir(), 'specbench-t32j-')), 'openapi.json');
  await writeFile(file, JSON.stringify(doc));
  const { result, analysis } = await importToSpec(file);
  return { result, model: siteViews(analysis) };
}

const R = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const openapi = (schemas: object, paths: object) => ({ openapi: '3.1.0', info: { title: 't32j', version: '1' }, servers: [{ url: 'https://api.example.com' }], paths, components: { schemas } });
const post = (path: string, operationId: string, schema: object) => ({ [path]: { post: { operationId, requestBody: { required: true, content: { 'application/json': { schema } } }, responses: { '204': { description: 'ok' } } } } });

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

/** The generated example of an endpoint's request body, as its page writes it. */
function generatedRequest(item: ItemView): string {
  const body = item.blocks.find((b) => b.kind === 'body');
  const example = body?.kind === 'body' ? body.body.examples.find((e) => e.generated) : undefined;
  return example?.text ?? '';
}
/** The code samples of an endpoint's page. */
function samplesOf(item: ItemView): string[] {
  const block = item.blocks.find((b) => b.kind === 'samples');
  return block?.kind === 'samples' ? block.samples.map((s) => s.code) : [];
}

describe('a discriminator without mapping whose variants fix the field shows and sends their values (t32j #1, Spotify)', async () => {
  // j1: Spotify's `item`, oneOf [Track, Episode] told apart by `type`, no mapping; each variant fixes `type`
  // (a one-value enum, a const, a one-value enum in an all-of part); `Other` fixes nothing.
  const schemas = {
    Track: { type: 'object', required: ['type'], properties: { type: { type: 'string', enum: ['track'] }, album: { type: 'string' } } },
    Episode: { type: 'object', required: ['type'], properties: { type: { const: 'episode' }, show: { type: 'string' } } },
    Media: { type: 'object', required: ['type'], properties: { type: { type: 'string' }, name: { type: 'string' } } },
    Chapter: { allOf: [R('Media'), { type: 'object', properties: { type: { type: 'string', enum: ['chapter'] } } }] },
    Other: { type: 'object', required: ['type'], properties: { type: { type: 'string' }, note: { type: 'string' } } },
    Playing: { type: 'object', required: ['item'], properties: { item: { oneOf: [R('Track'), R('Episode'), R('Chapter')], discriminator: { propertyName: 'type' } } } },
    Mixed: { type: 'object', required: ['item'], properties: { item: { oneOf: [R('Track'), R('Other')], discriminator: { propertyName: 'type' } } } },
  };
  const { model } = await imported(openapi(schemas, { ...post('/playing', 'play', R('Playing')), ...post('/mixed', 'mix', R('Mixed')) }));

  it('lists the values the variants fix, never as the implicit names', () => {
    const views = discriminators(itemOf(model, 'resources', 'Playing').blocks);
    expect(views.map((d) => [d.field, d.implicit, d.mapping.map((m) => [m.value, m.type, m.implicit])])).toEqual([
      ['type', undefined, [['track', 'Track', undefined], ['episode', 'Episode', undefined], ['chapter', 'Chapter', undefined]]],
    ]);
  });

  it('falls back to the name, said per row, only for a variant that fixes no value', () => {
    const views = discriminators(itemOf(model, 'resources', 'Mixed').blocks);
    expect(views.map((d) => [d.implicit, d.mapping.map((m) => [m.value, m.implicit])])).toEqual([[undefined, [['track', undefined], ['Other', true]]]]);
  });

  it('sends the fixed value in the generated example and the code samples', () => {
    const item = itemOf(model, 'endpoints', 'play');
    expect((JSON.parse(generatedRequest(item)) as { item: { type: unknown } }).item.type).toBe('track');
    const samples = samplesOf(item);
    expect(samples.length).toBeGreaterThan(0);
    for (const code of samples) {
      expect(code).toMatch(/type\W+track/);
      expect(code).not.toMatch(/type\W+Track/);
    }
  });
});

describe('a base’s subtypes that fix its discriminator’s field are listed by those values (t32j #1)', async () => {
  const schemas = {
    Shape: { type: 'object', required: ['kind'], discriminator: { propertyName: 'kind' }, properties: { kind: { type: 'string' } } },
    Circle: { allOf: [R('Shape'), { type: 'object', required: ['r'], properties: { kind: { type: 'string', enum: ['circle'] }, r: { type: 'number' } } }] },
    Square: { allOf: [R('Shape'), { type: 'object', properties: { side: { type: 'number' } } }] },
  };
  const { model } = await imported(openapi(schemas, post('/shapes', 'addShape', R('Circle'))));

  it('lists the fixed value, and the name by the rule for the subtype that fixes none', () => {
    const views = discriminators(itemOf(model, 'resources', 'Shape').blocks);
    expect(views.map((d) => [d.implicit, d.mapping.map((m) => [m.value, m.type, m.implicit]).sort()])).toEqual([
      [undefined, [['Square', 'Square', true], ['circle', 'Circle', undefined]]],
    ]);
  });

  it('sends the fixed value in a subtype’s example', () => {
    expect((JSON.parse(generatedRequest(itemOf(model, 'endpoints', 'addShape'))) as { kind: unknown }).kind).toBe('circle');
  });
});

describe('links into the document’s own site are spec links or their words, said at import (t32j #2, Spotify, ExaVault)', async () => {
  // j2: ExaVault's Redoc anchors and a relative guide link, in Markdown, in HTML and in a table's cell.
  const description = [
    'Call [completeDirectSend](#operation/completeDirectSend) after, see [ids](#section/Identifying-Resources), [files](#tag/Files), [the guide](guide/start.html), <a href="#tag/Shares/operation/addShare">this one</a> and [the site](https://example.com/a).',
    '',
    '| a | b |',
    '|---|---|',
    '| [send](#operation/completeDirectSend) | x |',
  ].join('\n');
  const doc = {
    ...openapi({}, {}),
    paths: {
      '/shares': { post: { operationId: 'addShare', description, responses: { '204': { description: 'ok' } } } },
      '/sends': { post: { operationId: 'completeDirectSend', description: 'See [a gone one](#operation/noSuchOperation) and [&lt;script&gt;](#operation/addShare).', responses: { '204': { description: 'ok' } } } },
    },
  };
  const file = join(await mkdtemp(join(tmpdir(), 'specbench-t32j-')), 'openapi.json');
  await writeFile(file, JSON.stringify(doc));
  const { result, analysis } = await importToSpec(file);

  it('writes an imported operation’s Redoc anchor as a spec link, the others as their words', () => {
    const data = findItem(analysis.spec, 'endpoints', 'addShare')?.data as { description?: string } | undefined;
    expect(data?.description).toBe(
      [
        'Call [[endpoints/completeDirectSend|completeDirectSend]] after, see ids, files, the guide, [[endpoints/addShare|this one]] and [the site](https://example.com/a).',
        '',
        '| a | b |',
        '| - | - |',
        '| [[endpoints/completeDirectSend\\|send]] | x |',
      ].join('\n'),
    );
    expect(findItem(analysis.spec, 'endpoints', 'completeDirectSend')?.data).toMatchObject({ description: 'See a gone one and \\<script>.' });
    expect(analysis.diagnostics).toEqual([]);
  });

  it('lists each link not kept at the text that writes it, with its address', () => {
    const said = result.unmapped.filter((u) => u.reason.includes('relative to a page of the document'));
    expect(said.map((u) => [u.pointer, /`([^`]+)`/.exec(u.reason)?.[1]]).sort()).toEqual([
      // Words a spec link's label would write as markup: kept as words, escaped.
      ['/paths/~1sends/post/description', '#operation/addShare'],
      ['/paths/~1sends/post/description', '#operation/noSuchOperation'],
      ['/paths/~1shares/post/description', '#section/Identifying-Resources'],
      ['/paths/~1shares/post/description', '#tag/Files'],
      ['/paths/~1shares/post/description', 'guide/start.html'],
    ]);
  });
});

describe('a parameter’s long inline enum is cut at 40 on the page, whole on continued pages (t32j #3, j3)', async () => {
  const values = Array.from({ length: 6_000 }, (_, i) => `val_${String(i).padStart(5, '0')}`);
  const parameters = Array.from({ length: 12 }, (_, k) => ({ name: `e${k}`, in: 'query', schema: { type: 'string', enum: values } }));
  const { model } = await imported(openapi({}, { '/e': { get: { operationId: 'hugeEnum', parameters, responses: { '204': { description: 'ok' } } } } }));
  const item = itemOf(model, 'endpoints', 'hugeEnum');
  const block = item.blocks.find((b) => b.kind === 'parameters');
  const rows = block?.kind === 'parameters' ? (block.groups.find((g) => g.location === 'query')?.rows ?? []) : [];

  it('shows the first 40 of each, says how many more and links to where they are listed', () => {
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      expect(row.allowed?.items).toEqual(values.slice(0, 40));
      expect(row.allowedMore).toEqual({ count: 5_960, path: expect.stringMatching(/^print\/endpoints\/hugeEnum\/\d+\/#/), continued: true });
    }
  });

  it('lists every value of each on the continued pages, following the links, each page within the budget', () => {
    const pages = item.continued ?? [];
    const at = (path: string) => {
      const [, page, anchor] = /\/(\d+)\/#(.+)$/.exec(path) ?? [];
      return pages[Number(page) - 2]?.find((v) => v.anchor === anchor);
    };
    for (const row of rows) {
      const listed: string[] = [];
      for (let more = row.allowedMore; more; ) {
        const view = at(more.path);
        expect(view, more.path).toBeDefined();
        listed.push(...(view?.shape.allowed?.items ?? []));
        more = view?.shape.allowedMore;
      }
      expect(listed).toEqual(values);
    }
    for (const page of pages) expect(page.reduce((n, v) => n + (v.shape.allowed?.items ?? []).reduce((m, x) => m + x.length + 30, 0), 0)).toBeLessThanOrEqual(TREE_BYTES);
  });
});
