// Issue 32, after t32h (/work/notes/s7/t32h defect 1, repro-03): a resource of 9,000 top-level
// fields made a 2.6 MB page and a 2.6 MB print part, as the top of a page was always shown whole and
// a resource's own fields were no place of the budget. They are now, and a place larger than a page
// is shown in parts: the first rows the page has room for, then a cut that says how many it shows
// and links to the continued page that shows the next, and so on, every field on exactly one page.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TREE_BYTES } from '../../../src/lib/render/site/shape-tree.ts';
import { continuedPath, itemScope, type ContinuedView, type ShapeChildren, type ShapeView } from '../../../src/lib/index.ts';
import { blockOf, itemOf, siteViews } from '../../helpers.ts';
import { importToSpec } from '../../interchange/helpers.ts';

/** An OpenAPI document imported through the real reader and importer, and the site's views of it. */
async function imported(doc: object) {
  const file = join(await mkdtemp(join(tmpdir(), 'specbench-f32-')), 'openapi.json');
  await writeFile(file, JSON.stringify(doc));
  return siteViews((await importToSpec(file)).analysis);
}

const FIELDS = 9_000;
const names = Array.from({ length: FIELDS }, (_, i) => `w_${String(i).padStart(5, '0')}`);
/** t32h's repro-03: `WideRes`, 9,000 string fields of some 280 characters of description each, the response of `probeWide`. */
const wide = {
  openapi: '3.0.3',
  info: { title: 'Wide', version: '1' },
  servers: [{ url: 'https://api.example.com' }],
  paths: { '/wide': { get: { operationId: 'probeWide', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/WideRes' } } } } } } } },
  components: {
    schemas: {
      WideRes: {
        type: 'object',
        description: 'WIDEDESC a resource with many top-level fields',
        properties: Object.fromEntries(names.map((n, i) => [n, { type: 'string', description: `Field ${i}. ${'A long description of this field as some generated SDK documents write them, repeated. '.repeat(3)}` }])),
      },
    },
  },
};

/** What a page writes of a row, by the budget's measure: at least its description. */
const descriptionBytes = (s: ShapeView) => s.description?.html?.length ?? s.description?.text?.length ?? 0;

/**
 * Follows a cut from part to part over the item's continued pages: the names each shows, and what
 * each part's rows weigh at least (their descriptions).
 */
function follow(pages: readonly ContinuedView[][], cut: NonNullable<ShapeChildren['cut']>, scope: string) {
  const parts: Array<{ names: string[]; bytes: number; page: number }> = [];
  for (let at: typeof cut.at | undefined = cut.at; at; ) {
    const anchor: string = at.anchor;
    const k = pages.findIndex((p) => p.some((v) => v.anchor === anchor));
    expect(k, anchor).toBeGreaterThanOrEqual(0);
    expect(at.path).toBe(continuedPath(scope, k + 2));
    const part = pages[k]?.find((v) => v.anchor === anchor)?.shape.children[0];
    const shapes = part?.shapes ?? [];
    if (part?.cut) expect([part.cut.shown, part.cut.rest]).toEqual([shapes.length, FIELDS - (cut.shown ?? 0) - parts.reduce((n, p) => n + p.names.length, 0) - shapes.length]);
    parts.push({ names: shapes.map((s) => s.name ?? ''), bytes: shapes.reduce((n, s) => n + descriptionBytes(s), 0), page: k + 2 });
    at = part?.cut?.at;
  }
  return parts;
}

describe('a resource’s 9,000 top-level fields are shown in parts (t32h #1, repro-03)', async () => {
  const model = await imported(wide);

  it('shows on its page the first fields the budget holds, then says how many, and links on to every other field, part by part', () => {
    const item = itemOf(model, 'resources', 'WideRes');
    const block = blockOf(item, 'shape');
    const cut = block?.cut;
    const list = block ? { shapes: block.fields } : undefined;
    expect(block?.fields).toHaveLength(FIELDS);
    expect(cut?.shown).toBeGreaterThan(100);
    expect(cut?.shown).toBeLessThan(FIELDS / 2);
    expect(cut?.rest).toBe(FIELDS - (cut?.shown ?? 0));
    if (!list || !cut) return;
    // The page's rows under its budget.
    expect(list.shapes.slice(0, cut.shown).reduce((n, s) => n + descriptionBytes(s), 0)).toBeLessThan(TREE_BYTES);
    const parts = follow(item.continued ?? [], cut, itemScope('resources', 'WideRes'));
    expect(parts.length).toBeGreaterThanOrEqual(2);
    // Every field once, in order, over the page and its parts; each part on a page of its own, under the budget.
    expect([...list.shapes.slice(0, cut.shown).map((s) => s.name), ...parts.flatMap((p) => p.names)]).toEqual(names);
    expect(new Set(parts.map((p) => p.page)).size).toBe(parts.length);
    for (const p of parts) expect(p.bytes).toBeLessThan(TREE_BYTES);
  });

  it('shows the response of probeWide in parts the same way', () => {
    const item = itemOf(model, 'endpoints', 'probeWide');
    const tree = blockOf(item, 'responses')?.responses[0]?.body.inline?.tree;
    const fields = tree?.shape.children.find((c) => c.kind === 'fields');
    const cut = fields?.cut;
    expect(cut?.shown).toBeGreaterThan(100);
    expect(cut?.shown).toBeLessThan(FIELDS / 2);
    if (!fields || !cut) return;
    const parts = follow(item.continued ?? [], cut, itemScope('endpoints', 'probeWide'));
    expect([...fields.shapes.slice(0, cut.shown).map((s) => s.name), ...parts.flatMap((p) => p.names)]).toEqual(names);
  });
});
