// Issue 34, what the t34f round found: an array of scalars' item type changed in a resource is a
// breaking change; a limit's kind changed keeps its stated values in view; gaps closed with nothing
// stated carry their reason in the diff itself; a parameter made required is flagged beside it; a
// renamed item's breaking changes are named by its new id. Real YAML through the real loader, the
// diff engine, the change model and the marked views the pages render.
import { describe, expect, it } from 'vitest';
import { changeModel, diffJson, diffMarkdown, diffSpecs, pageChanges } from '../../src/lib/index.ts';
import { completeWith } from '../helpers.ts';
import { inPlace, markedView, text } from './edits.ts';

/** The complete fixture with `base` files, and with `head` files on top; the diff and the change model between them. */
async function change(head: Record<string, string | null>, base: Record<string, string | null> = {}) {
  const before = await completeWith(base);
  const after = await completeWith({ ...base, ...head });
  const diff = diffSpecs(before, after);
  return { before, after, diff, model: changeModel(diff, before, after, { name: 'base', commit: '0'.repeat(40) }) };
}

const LABELS = '  labels: { type: array, required: false, items: string, unique_items: true, examples: [[gift, express]] }';

describe('defect 4: the item type of an array of scalars in a resource', () => {
  for (const [form, to] of [
    ['short form to long form', '  labels: { type: array, required: false, items: { type: integer }, unique_items: true }'],
    ['short form to short form', '  labels: { type: array, required: false, items: integer, unique_items: true }'],
  ] as const) {
    it(`changed (${form}) is a breaking change, flagged beside the items on the page`, async () => {
      const { after, diff, model } = await change({ 'resources/Order.yaml': await text('resources/Order.yaml', [LABELS, to]) });
      const message = 'Type of field `labels[]` of `Order` changed from `string` to `integer`.';
      expect(diff.breaking.map((b) => b.message)).toEqual([message]);
      const facet = diff.breaking[0]?.facet ?? '';
      expect(facet).toMatch(/^resources\/Order\/fields\/labels\/items/);
      expect(diffMarkdown(diff, 'main...HEAD')).toContain(message);
      // Flagged beside the facet on the page, and the Changes page links that mark, not the box.
      const view = markedView(after, pageChanges(model).get('resources/Order/'));
      const marks = inPlace(view);
      expect([...marks.values()].filter((m) => m.breaking?.includes(message)).map((m) => m.id)).toEqual([facet]);
      expect(model.breaking).toEqual([expect.objectContaining({ message, facet, anchor: `change-f-${facet}` })]);
    });
  }
});

describe('defect 5: a limit whose kind changes from size to quota under the same id', () => {
  const QUOTA = '# yaml-language-server: $schema=../../../../src/schemas/limits.item.schema.json\ntitle: Request size\ndescription: A larger request body is refused with 413.\nkind: quota\nquota: 10\nwindow: PT1M\nper: client\n';

  it('keeps its stated size bound in view (before, struck) and flags the new quota as breaking beside its kind', async () => {
    const { after, diff, model } = await change({ 'limits/request-size.yaml': QUOTA });
    const message = 'Limit `request-size` changed kind from `size` (1048576 bytes) to `quota` (10 per `PT1M`): clients now meet a bound they were not held to.';
    expect(diff.breaking).toEqual([{ item: 'limits/request-size', message, facet: 'limits/request-size/kind' }]);
    expect(diffMarkdown(diff, 'main...HEAD')).toContain(message);
    const page = pageChanges(model).get('limits/request-size/');
    // The size bound is marked as stated before and gone after: the page (its box) says it.
    expect(page?.marks.find((m) => m.id === 'limits/request-size/max_bytes')).toMatchObject({ kind: 'changed', before: '1048576' });
    expect(page?.marks.find((m) => m.id === 'limits/request-size/max_bytes')?.after).toBeUndefined();
    const view = markedView(after, page);
    expect(view.changes?.marks.map((m) => m.id)).toContain('limits/request-size/max_bytes');
    expect(JSON.stringify(view.changes)).toContain('1048576');
    // The break sits beside the kind's mark, which the Changes page links.
    expect(page?.marks.find((m) => m.id === 'limits/request-size/kind')?.breaking).toEqual([message]);
    expect(model.breaking).toEqual([expect.objectContaining({ message, anchor: 'change-f-limits/request-size/kind' })]);
  });

  it('a quota lowered under the same kind is still the area rule alone (no kind message)', async () => {
    const { diff } = await change({ 'limits/default-rate.yaml': await text('limits/default-rate.yaml', ['quota: 1000', 'quota: 500']) });
    expect(diff.breaking.map((b) => b.facet)).toEqual(['limits/default-rate/quota']);
  });
});

describe('defect 6: gaps closed with nothing stated carry their reason in the diff', () => {
  const SETTINGS = '# yaml-language-server: $schema=../../../src/schemas/specbench.schema.json\nrequire: [summary]\n';
  const TOTAL: [string, string] = ['description: Total in cents.,', 'description: { open: "In which unit is the total?" },'];

  it('no longer required, an item removed, and one answered: the JSON, the comment and the Changes page agree on why', async () => {
    const base = {
      'specbench.yaml': SETTINGS,
      'purpose/_area.yaml': await text('purpose/_area.yaml', ['summary: Orders for shops, from draft to shipment.\n', '']),
      'endpoints/list-orders.yaml': await text('endpoints/list-orders.yaml', ["description: The shop's orders, newest first, a page at a time.", 'description: { open: "Which order?" }']),
      'resources/Order.yaml': await text('resources/Order.yaml', TOTAL),
    };
    const { diff, model } = await change(
      { 'specbench.yaml': '# yaml-language-server: $schema=../../../src/schemas/specbench.schema.json\n{}\n', 'endpoints/list-orders.yaml': null, 'resources/Order.yaml': await text('resources/Order.yaml') },
      base,
    );
    const why = new Map(diff.gapsClosed.map((g) => [g.id, g.reason]));
    expect(why).toEqual(
      new Map([
        ['purpose/summary', 'settings'],
        ['endpoints/list-orders/description', 'removed'],
        ['resources/Order/fields/total/description', undefined],
      ]),
    );
    expect(diff.settingsChanged).toBe(true);
    // The JSON carries it (a script tells an answer from a gap no longer asked).
    const json = JSON.parse(diffJson(diff, { base: 'main', head: 'HEAD' })) as { gapsClosed: Array<{ id: string; reason?: string }>; settingsChanged: boolean };
    expect(new Map(json.gapsClosed.map((g) => [g.id, g.reason]))).toEqual(why);
    expect(json.settingsChanged).toBe(true);
    // The comment says it on each line, and that specbench.yaml changed.
    const md = diffMarkdown(diff, 'main...HEAD');
    expect(md).toContain('**specbench.yaml changed:**');
    expect(md).toContain('- `purpose/summary`: `summary`: nothing stated, no longer asked for by specbench.yaml');
    expect(md).toMatch(/- `endpoints\/list-orders\/description`: `[^`]+`: nothing stated, gone with what held it/);
    expect(md).toMatch(/- `resources\/Order\/fields\/total\/description`: `[^`]+`\n/);
    // The Changes page renders the diff's reason: the same for each gap.
    expect(new Map(model.closed.map((g) => [g.id, g.reason]))).toEqual(why);
    expect(model.settingsChanged).toBe(true);
  });

  it('a settings file left alone says nothing of it', async () => {
    const { diff } = await change({ 'resources/Order.yaml': await text('resources/Order.yaml') }, { 'resources/Order.yaml': await text('resources/Order.yaml', TOTAL) });
    expect(diff.settingsChanged).toBe(false);
    expect(diff.gapsClosed.map((g) => [g.id, g.reason])).toEqual([['resources/Order/fields/total/description', undefined]]);
    expect(diffMarkdown(diff, 'main...HEAD')).not.toContain('specbench.yaml');
  });
});

describe('defect 7: a query parameter made required is flagged beside the parameter', () => {
  const CURSOR = '    cursor: { type: string, description';

  it('an existing parameter made required: the facet is its `required`, where the page marks it, and the Changes page links that mark', async () => {
    const { after, diff, model } = await change({ 'endpoints/list-orders.yaml': await text('endpoints/list-orders.yaml', [CURSOR, '    cursor: { type: string, required: true, description']) });
    const facet = 'endpoints/list-orders/parameters/query/cursor/required';
    const message = 'Endpoint `list-orders` now requires the query parameter `cursor`.';
    expect(diff.breaking).toEqual([{ item: 'endpoints/list-orders', message, facet }]);
    const page = pageChanges(model).get('endpoints/list-orders/');
    const marks = inPlace(markedView(after, page));
    expect(marks.get(facet)?.breaking).toEqual([message]);
    expect(model.breaking).toEqual([expect.objectContaining({ message, facet, anchor: `change-f-${facet}` })]);
  });

  it('a new parameter, required: flagged beside it too, never only in the box', async () => {
    const { after, diff, model } = await change({ 'endpoints/list-orders.yaml': await text('endpoints/list-orders.yaml', [CURSOR, '    shop: { type: string, required: true, description: The shop. }\n' + CURSOR]) });
    const facet = 'endpoints/list-orders/parameters/query/shop/required';
    const message = 'Endpoint `list-orders` now requires the query parameter `shop`.';
    expect(diff.breaking).toEqual([{ item: 'endpoints/list-orders', message, facet }]);
    const marks = inPlace(markedView(after, pageChanges(model).get('endpoints/list-orders/')));
    expect(marks.get(facet)?.breaking).toEqual([message]);
    expect(model.breaking).toEqual([expect.objectContaining({ message, facet, anchor: `change-f-${facet}` })]);
  });
});

describe('defect 8: a renamed item’s breaking changes are named by its new id', () => {
  it('`item` is the new id (the old one as `was`), as its facet, its gaps and the Changes page have it', async () => {
    const { diff, model } = await change({
      'endpoints/get-order.yaml': null,
      'endpoints/fetch-order.yaml': await text('endpoints/get-order.yaml', ['security: [{ scheme: oauth2, scopes: ["orders:read"] }]', 'security: [{ scheme: oauth2, scopes: ["orders:read", "orders:admin"] }]']),
    });
    expect(diff.itemsRenamed).toEqual([{ from: 'endpoints/get-order', to: 'endpoints/fetch-order', changed: true }]);
    expect(diff.breaking).toEqual([{ item: 'endpoints/fetch-order', was: 'endpoints/get-order', message: 'Endpoint `fetch-order` (was `get-order`) no longer accepts calls with `oauth2` (scope `orders:read`).', facet: 'endpoints/fetch-order/security' }]);
    const json = JSON.parse(diffJson(diff, { base: 'main', head: 'HEAD' })) as { breaking: Array<{ item: string; was?: string }>; itemsRenamed: Array<{ to: string }> };
    // A script joining a breaking change to the items finds it.
    expect(json.breaking.map((b) => b.item)).toEqual(json.itemsRenamed.map((r) => r.to));
    expect(json.breaking[0]?.was).toBe('endpoints/get-order');
    expect(model.breaking.map((b) => [b.key, b.path])).toEqual([['endpoints/fetch-order', 'endpoints/fetch-order/']]);
  });

  it('an item not renamed has no `was`', async () => {
    const { diff } = await change({ 'errors/rate_limited.yaml': await text('errors/rate_limited.yaml', ['status: 429', 'status: 503']) });
    expect(diff.breaking).toEqual([{ item: 'errors/rate_limited', message: 'Error `rate_limited`: status changed from `429` to `503`.', facet: 'errors/rate_limited/status' }]);
  });
});

describe('defect 10: two endpoint files that swap their ids', () => {
  it('read as two renames, breaking nothing, each page saying its old id', async () => {
    const [get, cancel] = [await text('endpoints/get-order.yaml'), await text('endpoints/cancel-order.yaml')];
    const { diff, model } = await change({ 'endpoints/get-order.yaml': cancel, 'endpoints/cancel-order.yaml': get });
    expect(diff.itemsRenamed).toEqual([
      { from: 'endpoints/cancel-order', to: 'endpoints/get-order' },
      { from: 'endpoints/get-order', to: 'endpoints/cancel-order' },
    ]);
    expect(diff.breaking).toEqual([]);
    expect([diff.itemsAdded, diff.itemsRemoved, diff.itemsChanged]).toEqual([[], [], []]);
    expect(diff.gapsClosed.concat(diff.gapsOpened)).toEqual([]);
    expect(model.pages.map((p) => [p.key, p.status, p.from])).toEqual([
      ['endpoints/cancel-order', 'renamed', 'endpoints/get-order'],
      ['endpoints/get-order', 'renamed', 'endpoints/cancel-order'],
    ]);
  });

  it('an endpoint that takes the method and path of one removed stays a changed item (no ring)', async () => {
    const { diff } = await change({ 'endpoints/get-order.yaml': null, 'endpoints/cancel-order.yaml': await text('endpoints/get-order.yaml') });
    expect(diff.itemsRenamed).toEqual([]);
    expect(diff.itemsRemoved).toEqual(['endpoints/get-order']);
    expect(diff.itemsChanged).toEqual(['endpoints/cancel-order']);
  });
});
