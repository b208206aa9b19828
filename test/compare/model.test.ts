// The comparison mode's core (issue 34): the change model is the diff engine's result placed on the
// pages, id by id, and a changed page's view carries its marks where the page shows each facet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyze,
  changeModel,
  diffSpecs,
  itemView,
  markAnchor,
  markItemView,
  pageChanges,
  readSpecAt,
  readSpecDir,
  SiteIndex,
  type Analysis,
  type ChangeModel,
  type FacetView,
  type ItemView,
  type SpecDiff,
} from '../../src/lib/index.ts';
import { compareFixture, EXPECTED } from './fixture.ts';

let fixture: Awaited<ReturnType<typeof compareFixture>>;
let before: Analysis;
let after: Analysis;
let diff: SpecDiff;
let model: ChangeModel;

beforeAll(async () => {
  fixture = await compareFixture();
  before = analyze(await readSpecAt(fixture.root, fixture.base, 'spec'));
  after = analyze(await readSpecDir(fixture.spec));
  diff = diffSpecs(before, after);
  model = changeModel(diff, before, after, { name: 'HEAD~1', commit: fixture.base });
});
afterAll(() => fixture?.done());

/** Every FacetView of a view that carries a mark, wherever it sits. */
function marked(view: unknown, out: FacetView[] = []): FacetView[] {
  if (Array.isArray(view)) for (const v of view) marked(v, out);
  else if (view && typeof view === 'object') {
    const o = view as Record<string, unknown>;
    if ('change' in o && typeof o.id === 'string') out.push(o as FacetView);
    for (const [k, v] of Object.entries(o)) if (k !== 'changes') marked(v, out);
  }
  return out;
}

describe('the change model', () => {
  it('lists exactly what the diff engine finds, id by id', () => {
    expect(model.closed.map((g) => g.id).sort()).toEqual(EXPECTED.closed);
    expect(model.closed.map((g) => g.id).sort()).toEqual(diff.gapsClosed.map((g) => g.id).sort());
    expect(model.opened.map((g) => g.id)).toEqual(diff.gapsOpened.map((g) => g.id));
    expect(model.opened.map((g) => g.id)).toEqual(EXPECTED.opened);
    expect(model.added).toEqual([EXPECTED.added]);
    expect(model.removed).toEqual([EXPECTED.removed]);
    expect(model.renamed).toEqual([EXPECTED.renamed]);
    expect(model.changed).toEqual(diff.itemsChanged);
    expect(model.breaking.map((b) => [b.key, b.message])).toEqual(diff.breaking.map((b) => [b.item, b.message]));
  });

  it('puts each change on the page of its item, with the anchor of its mark', () => {
    const byPath = pageChanges(model);
    for (const g of model.closed) {
      const page = byPath.get(g.path);
      expect(page?.key).toBe(g.key);
      expect(page?.marks.find((m) => m.id === g.id)).toMatchObject({ kind: 'stated', anchor: markAnchor(g.id) });
    }
    expect(byPath.get('resources/Order/')?.marks.find((m) => m.id === EXPECTED.opened[0])).toMatchObject({ kind: 'opened' });
    expect(byPath.get('resources/Order/')?.marks.find((m) => m.id === 'resources/Order/fields/total/description')?.after).toBe('Total in cents.');
    expect(byPath.get('endpoints/list-lines/')).toMatchObject({ status: 'renamed', from: EXPECTED.renamed.from });
    expect(byPath.get('limits/request-size/')).toMatchObject({ status: 'removed', title: 'Request size' });
    expect(byPath.get('limits/burst-rate/')).toMatchObject({ status: 'added', title: 'Burst rate' });
    expect(byPath.has(EXPECTED.untouched)).toBe(false);
    expect(model.areasChanged).toEqual([EXPECTED.area]);
    expect(byPath.get('limits/')).toMatchObject({ key: EXPECTED.area, title: 'Limits', status: 'changed' });
    expect(byPath.get('limits/')?.marks).toEqual([
      { id: EXPECTED.areaValue, kind: 'changed', label: 'rate-limit headers', before: 'RateLimit, RateLimit-Policy, Retry-After', after: 'RateLimit, RateLimit-Policy', anchor: markAnchor(EXPECTED.areaValue) },
    ]);
  });

  it('marks a narrowed allowed value before -> after, with the breaking change beside it', () => {
    const order = pageChanges(model).get('resources/Order/');
    const narrowed = order?.marks.find((m) => m.id === EXPECTED.narrowed);
    expect(narrowed).toMatchObject({ kind: 'changed', before: 'EUR, USD', after: 'EUR', anchor: markAnchor(EXPECTED.narrowed) });
    expect(narrowed?.breaking).toEqual([diff.breaking[0]?.message]);
    expect(order?.breaking).toEqual([{ message: diff.breaking[0]?.message, anchor: markAnchor(EXPECTED.narrowed), facet: EXPECTED.narrowed }]);
    // Only the innermost value that changed: not the field, nor the list of fields around it.
    expect(order?.marks.filter((m) => m.kind === 'changed').map((m) => m.id)).toEqual([EXPECTED.narrowed]);
  });

  it('is the same data for the same change', () => {
    expect(JSON.stringify(changeModel(diffSpecs(before, after), before, after, { name: 'HEAD~1', commit: fixture.base }))).toBe(JSON.stringify(model));
  });
});

describe('a changed page’s view', () => {
  const view = (analysis: Analysis, area: string, id: string): ItemView => {
    const v = itemView(new SiteIndex(analysis).context(() => {}), area, id);
    if (!v) throw new Error(`no ${area}/${id}`);
    return v;
  };

  it('carries each mark where the page shows the facet, once with its anchor, and leaves the view it came from as it was', () => {
    const plain = view(after, 'resources', 'Order');
    const copy = JSON.stringify(plain);
    const page = pageChanges(model).get('resources/Order/');
    if (!page) throw new Error('no changes for Order');
    const marked_ = markItemView(plain, page);
    const inPlace = marked(marked_);
    expect(new Set(inPlace.map((f) => f.id))).toEqual(new Set(['resources/Order/fields/total/description', 'resources/Order/fields/priority/description', EXPECTED.narrowed]));
    expect(inPlace.filter((f) => f.change?.anchor !== undefined).map((f) => f.change?.anchor).sort()).toEqual(page.marks.map((m) => m.anchor).sort());
    expect(marked_.changes?.inPlace).toEqual([...new Set(inPlace.map((f) => f.id))].sort());
    expect(JSON.stringify(plain)).toBe(copy);
    expect(marked(plain)).toEqual([]);
  });

  it('shows a removed item as it was at the revision', () => {
    const page = pageChanges(model).get('limits/request-size/');
    if (!page) throw new Error('no changes for request-size');
    const removed = markItemView(view(before, 'limits', 'request-size'), page);
    expect(removed.changes).toMatchObject({ status: 'removed', inPlace: [] });
    expect(removed.title).toBe('Request size');
  });
});
