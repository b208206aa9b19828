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
    const said = diff.breaking.find((b) => b.facet === EXPECTED.narrowed)?.message;
    expect(narrowed).toMatchObject({ kind: 'changed', before: 'EUR, USD', after: 'EUR', anchor: markAnchor(EXPECTED.narrowed) });
    expect(narrowed?.breaking).toEqual([said]);
    expect(order?.breaking).toEqual([
      { message: EXPECTED.removedField.message, anchor: markAnchor(EXPECTED.removedField.facet), facet: EXPECTED.removedField.facet },
      { message: EXPECTED.nestedRemoved.message, anchor: markAnchor(EXPECTED.nestedRemoved.facet), facet: EXPECTED.nestedRemoved.facet },
      { message: said, anchor: markAnchor(EXPECTED.narrowed), facet: EXPECTED.narrowed },
    ]);
    // Only the innermost values that changed: not the field, nor the list of fields around it.
    expect(order?.marks.filter((m) => m.kind === 'changed').map((m) => m.id)).toEqual([EXPECTED.narrowed, EXPECTED.bidi]);
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
    expect(new Set(inPlace.map((f) => f.id))).toEqual(new Set(['resources/Order/fields/total/description', 'resources/Order/fields/priority/description', EXPECTED.narrowed, EXPECTED.removedField.facet, EXPECTED.nestedRemoved.facet, EXPECTED.bidi]));
    expect(inPlace.filter((f) => f.change?.anchor !== undefined).map((f) => f.change?.anchor).sort()).toEqual(page.marks.map((m) => m.anchor).sort());
    expect(marked_.changes?.inPlace).toEqual([...new Set(inPlace.map((f) => f.id))].sort());
    expect(JSON.stringify(plain)).toBe(copy);
    expect(marked(plain)).toEqual([]);
  });

  it('shows a removed field as its row, struck where it stood, carrying its breaking change', () => {
    const page = pageChanges(model).get('resources/Order/');
    if (!page) throw new Error('no changes for Order');
    const plain = view(after, 'resources', 'Order');
    const block = (v: ItemView) => v.blocks.find((b) => b.kind === 'shape' && b.fields.length > 0);
    const names = (v: ItemView) => {
      const b = block(v);
      return b?.kind === 'shape' ? b.fields.map((f) => f.name) : [];
    };
    expect(names(plain)).not.toContain('legacy_ref');
    const marked_ = markItemView(plain, page);
    const rows = names(marked_);
    expect(rows.indexOf('legacy_ref')).toBe(rows.indexOf('notes') + 1);
    expect(rows.filter((n) => n !== 'legacy_ref')).toEqual(names(plain));
    const b = block(marked_);
    const row = b?.kind === 'shape' ? b.fields.find((f) => f.name === 'legacy_ref') : undefined;
    expect(row?.id).toBe(EXPECTED.removedField.facet);
    expect(row?.type?.change).toMatchObject({ id: EXPECTED.removedField.facet, kind: 'removed', breaking: [EXPECTED.removedField.message], anchor: markAnchor(EXPECTED.removedField.facet) });
    expect(marked_.changes?.inPlace).toContain(EXPECTED.removedField.facet);
  });

  it('marks an allowed value narrowed in a parameter’s array items beside it, and a renamed path parameter on the path, breaking nothing', () => {
    const list = pageChanges(model).get('endpoints/list-orders/');
    if (!list) throw new Error('no changes for list-orders');
    const inList = marked(markItemView(view(after, 'endpoints', 'list-orders'), list));
    expect(inList.map((f) => [f.id, f.change?.breaking])).toEqual([[EXPECTED.nestedNarrowed.facet, [EXPECTED.nestedNarrowed.message]]]);
    const { item, facet, from, to } = EXPECTED.parameterRenamed;
    const cancel = pageChanges(model).get(`${item}/`);
    expect(cancel?.breaking).toEqual([]);
    // One mark: the path's, with the rename said beside it; the parameter's facets are the same under its new name.
    expect(cancel?.marks).toEqual([
      expect.objectContaining({ id: facet, kind: 'changed', before: `/orders/{${from}}/cancel`, after: `/orders/{${to}}/cancel`, notes: [diff.parametersRenamed[0]?.message] }),
    ]);
    expect(diff.parametersRenamed.map((r) => [r.item, r.from, r.to])).toEqual([[item, from, to]]);
  });

  it('shows a removed item as it was at the revision', () => {
    const page = pageChanges(model).get('limits/request-size/');
    if (!page) throw new Error('no changes for request-size');
    const removed = markItemView(view(before, 'limits', 'request-size'), page);
    expect(removed.changes).toMatchObject({ status: 'removed', inPlace: [] });
    expect(removed.title).toBe('Request size');
  });
});
