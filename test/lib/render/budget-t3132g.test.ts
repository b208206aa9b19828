// Issue 32, t3132g #4 and the brief's point 2, on the views (the built site: test/site/t3132g-print-budget.test.ts):
// what a page's budget of trees cuts is placed on the item's continued pages of the print version,
// each under the same budget, every cut's place there named; a generated example has a budget in
// bytes as well as in values, so that long names cannot swell a page through its code samples.
import { describe, expect, it } from 'vitest';
import { continuedPath, itemScope, type ContinuedView, type ShapeChildren, type ShapeView } from '../../../src/lib/index.ts';
import { exampleOf } from '../../../src/lib/render/example.ts';
import { longIdsEndpoint } from '../../site/t3132g-long-ids.ts';
import { inlinedEndpoint } from '../reader-pass10-endpoint.ts';
import { blockOf, completeWith, itemOf, siteViews } from '../../helpers.ts';

/** Every cut below a shape, not descending into what is cut (but into the rows a place shown in parts shows). */
function cutsOf(shapes: readonly ShapeView[]): ShapeChildren[] {
  return shapes.flatMap((s) => s.children.flatMap((c) => (c.cut ? [c, ...cutsOf(c.shapes.slice(0, c.cut.shown ?? 0))] : cutsOf(c.shapes))));
}

/**
 * The names a cut's continued pages show, following it from page to page where a place larger
 * than a page is shown in parts (each part's cut saying how many it shows and linking to the next).
 */
function shownOn(pages: readonly ContinuedView[][], cut: NonNullable<ShapeChildren['cut']>): Array<string | undefined> {
  const names: Array<string | undefined> = [];
  for (let at: typeof cut.at | undefined = cut.at; at; ) {
    const anchor: string = at.anchor;
    const k = pages.findIndex((p) => p.some((v) => v.anchor === anchor));
    expect(k, anchor).toBeGreaterThanOrEqual(0);
    expect(at.path).toBe(continuedPath(itemScope('endpoints', 'update-app'), k + 2));
    const part = pages[k]?.find((v) => v.anchor === anchor)?.shape.children[0];
    // A part of a place is cut only after the rows it shows, all of them.
    if (part?.cut) expect(part.cut.shown).toBe(part.shapes.length);
    names.push(...(part?.shapes ?? []).map((s) => s.name));
    at = part?.cut?.at;
  }
  return names;
}

describe('what a page cuts is on the item’s continued pages (t3132g #4)', async () => {
  const analysis = await completeWith({ 'endpoints/update-app.yaml': inlinedEndpoint(500, 12) });
  const item = itemOf(siteViews(analysis), 'endpoints', 'update-app');
  const roots = [blockOf(item, 'body')?.body.shape, ...(blockOf(item, 'responses')?.responses ?? []).map((r) => r.body.shape)].flatMap((s) => s ?? []);

  it('links each cut of the page to a continued page that shows its children whole, at the anchor it names', () => {
    const cuts = cutsOf(roots);
    expect(cuts.length).toBeGreaterThan(0);
    const pages = item.continued ?? [];
    expect(pages.length).toBeGreaterThan(1);
    for (const c of cuts) {
      if (!c.cut) continue;
      expect(shownOn(pages, c.cut)).toEqual(c.shapes.slice(c.cut.shown ?? 0).map((s) => s.name));
    }
  });

  it('cuts a continued page in turn where it would pass the budget: every cut anywhere is placed, none twice', () => {
    const all = [...cutsOf(roots), ...(item.continued ?? []).flatMap((p) => p.flatMap((v) => cutsOf([v.shape])))];
    const anchors = all.map((c) => c.cut?.at.anchor);
    expect(new Set(anchors).size).toBe(anchors.length);
    const placed = new Set((item.continued ?? []).flatMap((p) => p.map((v) => v.anchor)));
    for (const a of anchors) expect(placed.has(a ?? '')).toBe(true);
  });
});

describe('a generated example’s budget in bytes (brief point 2)', () => {
  it('keeps an example of 4,000 fields named in 120 characters to some 32 KB, its fields left out rather than hollow', async () => {
    const analysis = await completeWith({ 'endpoints/long-ids.yaml': longIdsEndpoint() });
    const item = itemOf(siteViews(analysis), 'endpoints', 'long-ids');
    const example = blockOf(item, 'body')?.body.examples.find((e) => e.generated);
    expect(example?.text?.length).toBeGreaterThan(8_000);
    expect(example?.text?.length).toBeLessThan(48_000);
    expect(example?.text).not.toMatch(/\{\s*\}/);
    // A small shape is made whole, as before.
    expect(exampleOf({ type: 'object', fields: { a: { type: 'string' }, b: { type: 'integer' } } }, { resource: () => undefined }, 'request')).toEqual({ value: { a: 'string', b: 0 } });
  });
});
