// Issue 34, what the t34g tester found (repro-02, repro-03): a name that holds a backtick keeps its
// code span in every breaking message of the diff (one helper, `markdownCode`, fences each name),
// a response header's name is code like every other; the change model the Changes page renders
// holds what `diff` lists besides (path and channel parameters renamed, a closed gap's id before),
// and the print version counts the items a change removes in its parts. Real YAML through the real
// loader, the diff engine, its renderers and the change model.
import { describe, expect, it } from 'vitest';
import { changeModel, diffJson, diffMarkdown, diffSpecs, printParts } from '../../src/lib/index.ts';
import { completeWith } from '../helpers.ts';
import { text } from './edits.ts';

/** The complete fixture with `base` files on top, then with `head` files on top of that; the diff and the change model between them. */
async function change(base: Record<string, string | null>, head: Record<string, string | null>) {
  const before = await completeWith(base);
  const after = await completeWith({ ...base, ...head });
  const diff = diffSpecs(before, after);
  return { diff, model: changeModel(diff, before, after, { name: 'base', commit: '0'.repeat(40) }) };
}

/** cancel-order with a query parameter named `name`, written `param` (its shape). */
const withQuery = (name: string, param: string) => text('endpoints/cancel-order.yaml', ['    order_id: { type: string, required: true }\n', `    order_id: { type: string, required: true }\n  query:\n    ${JSON.stringify(name)}: ${param}\n`]);

describe('breaking messages fence a name that holds a backtick whole (t34g repro-02)', () => {
  it('a query parameter’s type changed', async () => {
    const { diff } = await change({ 'endpoints/cancel-order.yaml': await withQuery('q`x`y', '{ type: string }') }, { 'endpoints/cancel-order.yaml': await withQuery('q`x`y', '{ type: integer }') });
    const message = 'Type of query parameter ``q`x`y`` of `cancel-order` changed from `string` to `integer`.';
    expect(diff.breaking.map((b) => b.message)).toEqual([message]);
    // As the comment and the job summary say it: the span kept whole.
    expect(diffMarkdown(diff, 'main...HEAD')).toContain(`- ${message}\n`);
    expect((JSON.parse(diffJson(diff, { base: 'main', head: 'HEAD' })) as { breaking: Array<{ message: string }> }).breaking[0]?.message).toBe(message);
  });

  it('a query parameter’s allowed values narrowed, on the parameter and on its array’s items', async () => {
    const { diff } = await change(
      { 'endpoints/cancel-order.yaml': await withQuery('q`x`y', '{ type: string, allowed: [a, b] }') },
      { 'endpoints/cancel-order.yaml': await withQuery('q`x`y', '{ type: string, allowed: [a] }') },
    );
    expect(diff.breaking.map((b) => b.message)).toEqual(['Allowed values of query parameter ``q`x`y`` of `cancel-order` narrowed: `b` no longer allowed.']);
    const items = await change(
      { 'endpoints/cancel-order.yaml': await withQuery('s`', '{ type: array, items: { type: string, allowed: [a, b] } }') },
      { 'endpoints/cancel-order.yaml': await withQuery('s`', '{ type: array, items: { type: string, allowed: [a] } }') },
    );
    expect(items.diff.breaking.map((b) => b.message)).toEqual(['Allowed values of query parameter ``s`[]`` of `cancel-order` narrowed: `b` no longer allowed.']);
  });

  it('a path parameter renamed with its path, its type changed', async () => {
    const name = 'o`<img src=x onerror=alert(1)>`"d';
    const head = await text('endpoints/cancel-order.yaml', ['path: /orders/{order_id}/cancel', `path: ${JSON.stringify(`/orders/{${name}}/cancel`)}`], ['    order_id: { type: string, required: true }', `    ${JSON.stringify(name)}: { type: integer, required: true }`]);
    const { diff } = await change({}, { 'endpoints/cancel-order.yaml': head });
    expect(diff.parametersRenamed.map((r) => r.to)).toEqual([name]);
    expect(diff.breaking.map((b) => b.message)).toEqual(['Type of path parameter ``o`<img src=x onerror=alert(1)>`"d`` of `cancel-order` changed from `string` to `integer`.']);
  });

  it('a response header removed names the header in code, as every other name', async () => {
    const head = await text('endpoints/create-order.yaml', ["    headers:\n      Location: { type: string, format: uri, required: true, description: The new order's address. }\n", '']);
    const { diff } = await change({}, { 'endpoints/create-order.yaml': head });
    expect(diff.breaking.map((b) => b.message)).toEqual(['Header `Location` of the 201 response of `create-order` removed.']);
  });

  it('a resource field’s allowed values keep their dotted name (the key read from the field’s name)', async () => {
    const head = await text('resources/Order.yaml', ['allowed: [EUR, USD]', 'allowed: [EUR]']);
    const { diff } = await change({}, { 'resources/Order.yaml': head });
    expect(diff.breaking.map((b) => b.message)).toEqual(['Allowed values of `Order.currency` narrowed: `USD` no longer allowed.']);
  });
});

describe('the change model lists what `diff` lists (t34g repro-03)', () => {
  it('a path parameter renamed under its renamed item, and a gap closed there with its id before', async () => {
    const base = { 'endpoints/cancel-order.yaml': await text('endpoints/cancel-order.yaml', ['request: { none: No body. }', 'request: { none: No body. }\ndescription: { open: "Refund?" }']) };
    const { diff, model } = await change(base, {
      'endpoints/get-order.yaml': null,
      'endpoints/fetch-order.yaml': await text('endpoints/get-order.yaml', ['/orders/{order_id}', '/orders/{id}'], ['    order_id: {', '    id: {']),
      'endpoints/cancel-order.yaml': null,
      'endpoints/abort-order.yaml': await text('endpoints/cancel-order.yaml', ['request: { none: No body. }', 'request: { none: No body. }\ndescription: No refund.']),
      'states/order-status.yaml': await text('states/order-status.yaml', ['endpoint: cancel-order', 'endpoint: abort-order']),
    });
    const rename = 'Path parameter `order_id` of `fetch-order` renamed to `id`: the path keeps its shape (`/orders/{id}`), so no client breaks.';
    expect(diff.parametersRenamed.map((r) => r.message)).toEqual([rename]);
    expect(model.parametersRenamed).toEqual([{ key: 'endpoints/fetch-order', message: rename, path: 'endpoints/fetch-order/', anchor: 'change-f-endpoints/fetch-order/path' }]);
    // The rename is marked on the path's mark of the page it links (the anchor is there).
    expect(model.pages.find((p) => p.key === 'endpoints/fetch-order')?.marks.find((m) => m.anchor === model.parametersRenamed[0]?.anchor)?.notes).toEqual([rename]);
    const closed = diff.gapsClosed.find((g) => g.id === 'endpoints/abort-order/description');
    expect(closed?.was).toBe('endpoints/cancel-order/description');
    expect(model.closed.find((g) => g.id === 'endpoints/abort-order/description')?.was).toBe('endpoints/cancel-order/description');
    // Every closed gap says its id before exactly where `diff` does.
    expect(model.closed.map((g) => [g.id, g.was])).toEqual(diff.gapsClosed.map((g) => [g.id, g.was]));
  });

  it('a path parameter renamed on an item changed in place', async () => {
    const { diff, model } = await change({}, {
      'endpoints/cancel-order.yaml': await text('endpoints/cancel-order.yaml', ['/orders/{order_id}/cancel', '/orders/{orderId}/cancel'], ['    order_id: {', '    orderId: {']),
    });
    expect(diff.itemsChanged).toContain('endpoints/cancel-order');
    expect(model.parametersRenamed.map((r) => [r.key, r.message])).toEqual(diff.parametersRenamed.map((r) => [r.item, r.message]));
    expect(model.parametersRenamed).toHaveLength(1);
  });
});

describe('the print version counts the items a change removes in its parts (t34g repro-01)', () => {
  it('removed items after the area’s own, in parts of at most the limit', async () => {
    const { model } = await change({}, { 'endpoints/create-order.yaml': null, 'endpoints/list-order-lines.yaml': null });
    expect(model.removed).toEqual(['endpoints/create-order', 'endpoints/list-order-lines']);
    const bytes = model.removedBytes.endpoints ?? [];
    expect(bytes).toHaveLength(2);
    expect(bytes.every((b) => b > 100)).toBe(true);
    const areas = [{ key: 'endpoints' as const, items: ['cancel-order', 'get-order', 'list-orders', 'place-order'] }];
    const parts = printParts(areas, 2, () => 0, undefined, model.removedBytes);
    expect(parts.map((p) => [p.part, p.parts, p.from, p.to, p.path])).toEqual([
      [1, 3, 0, 2, 'print/endpoints/'],
      [2, 3, 2, 4, 'print/endpoints/2/'],
      [3, 3, 4, 6, 'print/endpoints/3/'],
    ]);
    // Without a removed item, the parts are as they were; with them, the whole spec is split once it holds more than the limit.
    expect(printParts(areas, 2).map((p) => [p.from, p.to])).toEqual([[0, 2], [2, 4]]);
    expect(printParts(areas, 5)).toEqual([]);
    expect(printParts(areas, 5, () => 0, undefined, model.removedBytes).map((p) => [p.from, p.to])).toEqual([[0, 5], [5, 6]]);
    // A removed item counts its YAML in the page's budget too.
    expect(printParts(areas, 10, () => 10, 100 + (bytes[0] ?? 0), model.removedBytes).map((p) => [p.from, p.to])).toEqual([[0, 5], [5, 6]]);
  });
});
