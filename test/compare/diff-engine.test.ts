// The diff engine's breaking changes the comparison mode's tester found wrong (issue 34): bounds,
// patterns and allowed values narrowed on what clients send, at any depth, and a path parameter the
// path always had, or renamed with it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffSpecs } from '../../src/lib/index.ts';
import { completeWith, fixture } from '../helpers.ts';

const file = (path: string) => readFile(join(fixture('complete'), path), 'utf8');
const edited = async (path: string, ...edits: Array<[string, string]>) => {
  let text = await file(path);
  for (const [from, to] of edits) {
    if (text.split(from).length !== 2) throw new Error(`${path} holds ${JSON.stringify(from)} ${text.split(from).length - 1} times`);
    text = text.replace(from, to);
  }
  return text;
};
const breaking = async (overrides: Record<string, string | null>) => diffSpecs(await completeWith({}), await completeWith(overrides)).breaking;

describe('a narrowed bound or pattern on what a client sends breaks it', () => {
  it.each([
    ['a maximum length lowered', 'max_length: 500', 'max_length: 200', 'Maximum length of field `notes` of `Order` lowered from 500 to 200.', 'resources/Order/fields/notes/max_length'],
    ['a maximum lowered, inside an array’s items', 'minimum: 1, maximum: 999', 'minimum: 1, maximum: 99', 'Maximum of field `lines[].quantity` of `Order` lowered from 999 to 99.', 'resources/Order/fields/lines/items/fields/quantity/maximum'],
    ['a minimum raised', 'minimum: 1, maximum: 999', 'minimum: 2, maximum: 999', 'Minimum of field `lines[].quantity` of `Order` raised from 1 to 2.', 'resources/Order/fields/lines/items/fields/quantity/minimum'],
    ['a maximum number of items lowered', 'max_items: 100', 'max_items: 10', 'Maximum number of items of field `lines` of `Order` lowered from 100 to 10.', 'resources/Order/fields/lines/max_items'],
    ['a pattern changed', 'pattern: "^[A-Z0-9-]+$"', 'pattern: "^[A-Z0-9-]{1,20}$"', 'Pattern of field `lines[].sku` of `Order` changed from `^[A-Z0-9-]+$` to `^[A-Z0-9-]{1,20}$`: a value the old one accepted may be refused.', 'resources/Order/fields/lines/items/fields/sku/pattern'],
    ['a pattern added', 'notes: { type: string, required: false, nullable: true, max_length: 500,', 'notes: { type: string, required: false, nullable: true, max_length: 500, pattern: "^[a-z ]*$",', 'Pattern `^[a-z ]*$` added to field `notes` of `Order`.', 'resources/Order/fields/notes/pattern'],
    ['a bound set where there was none', 'payment: { type: Payment, required: false,', 'payment: { type: Payment, required: false, max_length: 9,', 'Maximum length of field `payment` of `Order` set to 9 (there was none).', 'resources/Order/fields/payment/max_length'],
  ])('%s', async (_what, from, to, message, facet) => {
    expect(await breaking({ 'resources/Order.yaml': await edited('resources/Order.yaml', [from, to]) })).toEqual([{ item: 'resources/Order', message, facet }]);
  });

  it('a request parameter narrowed breaks; a bound widened, or narrowed on what only the service sends, does not', async () => {
    const endpoint = await edited('endpoints/list-orders.yaml', ['query:\n', 'query:\n    q: { type: string, required: false, max_length: 40 }\n']);
    const narrowed = endpoint.replace('max_length: 40', 'max_length: 20');
    const before = await completeWith({ 'endpoints/list-orders.yaml': endpoint });
    expect(diffSpecs(before, await completeWith({ 'endpoints/list-orders.yaml': narrowed })).breaking).toEqual([
      { item: 'endpoints/list-orders', message: 'Maximum length of query parameter `q` of `list-orders` lowered from 40 to 20.', facet: 'endpoints/list-orders/parameters/query/q/max_length' },
    ]);
    expect(diffSpecs(before, await completeWith({ 'endpoints/list-orders.yaml': endpoint.replace('max_length: 40', 'max_length: 80') })).breaking).toEqual([]);
    // A widened bound, and a field the service sets alone (read-only), break no client.
    expect(await breaking({ 'resources/Order.yaml': await edited('resources/Order.yaml', ['max_length: 500', 'max_length: 900'], ['minimum: 1, maximum: 999', 'minimum: 0, maximum: 9999']) })).toEqual([]);
    expect(await breaking({ 'resources/Order.yaml': await edited('resources/Order.yaml', ['format: date-time, read_only: true', 'format: date-time, read_only: true, max_length: 30']) })).toEqual([]);
  });

  it('a request body’s own shape narrowed breaks; a response’s, which the service sends, does not', async () => {
    expect(await breaking({ 'endpoints/create-order.yaml': await edited('endpoints/create-order.yaml', ['order: { type: string, required: true,', 'order: { type: string, required: true, max_length: 4096,']) })).toEqual([
      {
        item: 'endpoints/create-order',
        message: 'Maximum length of field `order` in the request (multipart/form-data) of `create-order` set to 4096 (there was none).',
        facet: 'endpoints/create-order/request/content/multipart~1form-data/schema/fields/order/max_length',
      },
    ]);
    expect(await breaking({ 'endpoints/list-order-lines.yaml': await edited('endpoints/list-order-lines.yaml', ['sku: { type: string, required: true }', 'sku: { type: string, required: true, pattern: "^[A-Z]+$" }']) })).toEqual([]);
  });
});

describe('a narrowed set of allowed values breaks clients wherever they send it, at any depth', () => {
  /** The breaking changes between the complete fixture with `was` and with `is` written in place of `at` in `path`. */
  const narrowed = async (path: string, at: string, was: string, is: string) =>
    diffSpecs(await completeWith({ [path]: await edited(path, [at, was]) }), await completeWith({ [path]: await edited(path, [at, is]) })).breaking;

  it.each([
    [
      'a field of an object in an array’s items',
      'resources/Order.yaml',
      'sku: { type: string, required: true, pattern: "^[A-Z0-9-]+$" }',
      'sku: { type: string, required: true, pattern: "^[A-Z0-9-]+$", allowed: [A-1, B-2] }',
      'sku: { type: string, required: true, pattern: "^[A-Z0-9-]+$", allowed: [A-1] }',
      { item: 'resources/Order', message: 'Allowed values of `Order.lines[].sku` narrowed: `B-2` no longer allowed.', facet: 'resources/Order/fields/lines/items/fields/sku/allowed' },
    ],
    [
      'an array’s items',
      'resources/Order.yaml',
      'items: string, unique_items: true',
      'items: { type: string, allowed: [gift, express, rush] }, unique_items: true',
      'items: { type: string, allowed: [gift, express] }, unique_items: true',
      { item: 'resources/Order', message: 'Allowed values of `Order.labels[]` narrowed: `rush` no longer allowed.', facet: 'resources/Order/fields/labels/items/allowed' },
    ],
    [
      'a field of an object inside a union’s variant',
      'resources/Order.yaml',
      'from: { type: string, format: date, required: true }',
      'from: { type: string, format: date, required: true, allowed: [2026-01-01, 2026-01-02] }',
      'from: { type: string, format: date, required: true, allowed: [2026-01-01] }',
      { item: 'resources/Order', message: 'Allowed values of `Order.delivery_window.of[1].from` narrowed: `2026-01-02` no longer allowed.', facet: 'resources/Order/fields/delivery_window/of/1/fields/from/allowed' },
    ],
    [
      'a field of a request body',
      'endpoints/create-order.yaml',
      'order: { type: string, required: true, description: The order as JSON. }',
      'order: { type: string, required: true, description: The order as JSON., allowed: [a, b] }',
      'order: { type: string, required: true, description: The order as JSON., allowed: [a] }',
      { item: 'endpoints/create-order', message: 'Allowed values of field `order` in the request (multipart/form-data) of `create-order` narrowed: `b` no longer allowed.', facet: 'endpoints/create-order/request/content/multipart~1form-data/schema/fields/order/allowed' },
    ],
    [
      'a query parameter',
      'endpoints/list-orders.yaml',
      'limit: { type: integer, minimum: 1, maximum: 100, default: 20 }',
      'limit: { type: integer, minimum: 1, maximum: 100, default: 20, allowed: [10, 20, 50] }',
      'limit: { type: integer, minimum: 1, maximum: 100, default: 20, allowed: [10, 20] }',
      { item: 'endpoints/list-orders', message: 'Allowed values of query parameter `limit` of `list-orders` narrowed: `50` no longer allowed.', facet: 'endpoints/list-orders/parameters/query/limit/allowed' },
    ],
    [
      'a query parameter’s array items',
      'endpoints/list-orders.yaml',
      'allowed: [draft, placed, cancelled, shipped]',
      'allowed: [draft, placed, cancelled, shipped]',
      'allowed: [draft, placed]',
      { item: 'endpoints/list-orders', message: 'Allowed values of query parameter `status[]` of `list-orders` narrowed: `cancelled`, `shipped` no longer allowed.', facet: 'endpoints/list-orders/parameters/query/status/items/allowed' },
    ],
    [
      'a request header',
      'endpoints/list-orders.yaml',
      'If-None-Match: { type: string, description: The ETag of a page already held. }',
      'If-None-Match: { type: string, description: The ETag of a page already held., allowed: [x, y] }',
      'If-None-Match: { type: string, description: The ETag of a page already held., allowed: [y] }',
      { item: 'endpoints/list-orders', message: 'Allowed values of header parameter `If-None-Match` of `list-orders` narrowed: `x` no longer allowed.', facet: 'endpoints/list-orders/parameters/header/If-None-Match/allowed' },
    ],
  ])('%s', async (_what, path, at, was, is, expected) => {
    expect(await narrowed(path, at, was, is)).toEqual([expected]);
  });

  it('a set stated where any value went narrows too; one widened, or narrowed on what only the service sends, does not', async () => {
    const sku = 'sku: { type: string, required: true, pattern: "^[A-Z0-9-]+$" }';
    expect(await narrowed('resources/Order.yaml', sku, sku, sku.replace(' }', ', allowed: [A-1] }'))).toEqual([
      { item: 'resources/Order', message: 'Allowed values of `Order.lines[].sku` narrowed to `A-1`.', facet: 'resources/Order/fields/lines/items/fields/sku/allowed' },
    ]);
    expect(await narrowed('resources/Order.yaml', sku, sku.replace(' }', ', allowed: [A-1] }'), sku.replace(' }', ', allowed: [A-1, B-2] }'))).toEqual([]);
    // A response's header and a field the service sets alone (read-only) reach clients, who send neither.
    const etag = 'ETag: { type: string, required: true }';
    expect(await narrowed('endpoints/list-orders.yaml', etag, 'ETag: { type: string, required: true, allowed: [a, b] }', 'ETag: { type: string, required: true, allowed: [a] }')).toEqual([]);
    const id = 'format: uuid, read_only: true, description: The order\'s id. }';
    expect(await narrowed('resources/Order.yaml', id, id.replace(' }', ', allowed: [a, b] }'), id.replace(' }', ', allowed: [a] }'))).toEqual([]);
  });
});

describe('a path parameter', () => {
  it('implied by the path and then stated is no new requirement', async () => {
    const implied = (await file('endpoints/get-order.yaml')).replace(/parameters:\n {2}path:\n {4}order_id: \{[^\n]*\}\n/, '');
    expect(implied).not.toContain('parameters');
    const before = await completeWith({ 'endpoints/get-order.yaml': implied });
    const d = diffSpecs(before, await completeWith({}));
    expect(d.itemsChanged).toContain('endpoints/get-order');
    expect(d.breaking).toEqual([]);
  });

  it('renamed with its path is a rename, which breaks no client: the address keeps its shape', async () => {
    const renamed = await edited('endpoints/get-order.yaml', ['path: /orders/{order_id}', 'path: /orders/{id}'], ['    order_id: {', '    id: {']);
    const d = diffSpecs(await completeWith({}), await completeWith({ 'endpoints/get-order.yaml': renamed }));
    expect(d.breaking).toEqual([]);
    expect(d.parametersRenamed).toEqual([
      {
        item: 'endpoints/get-order',
        from: 'order_id',
        to: 'id',
        facet: 'endpoints/get-order/path',
        was: 'endpoints/get-order/parameters/path/order_id',
        is: 'endpoints/get-order/parameters/path/id',
        message: 'Path parameter `order_id` of `get-order` renamed to `id`: the path keeps its shape (`/orders/{id}`), so no client breaks.',
      },
    ]);
    expect(d.itemsChanged).toEqual(['endpoints/get-order']);
    // Its facets are the same facets under the new name: none closed or opened.
    expect([d.gapsClosed, d.gapsOpened]).toEqual([[], []]);
  });

  it('renamed while the path changes shape is the changed path, said once, and no rename', async () => {
    const moved = await edited('endpoints/get-order.yaml', ['path: /orders/{order_id}', 'path: /orders/by-id/{id}'], ['    order_id: {', '    id: {']);
    const d = diffSpecs(await completeWith({}), await completeWith({ 'endpoints/get-order.yaml': moved }));
    expect(d.breaking.map((b) => b.message)).toEqual(['Endpoint `get-order` path changed from `/orders/{order_id}` to `/orders/by-id/{id}`.']);
    expect(d.parametersRenamed).toEqual([]);
  });

  it('renamed with an open question keeps the question: the gap is neither closed nor opened', async () => {
    const open = await edited('endpoints/get-order.yaml', ["description: The order's id. }", 'description: { open: "How is the id written?" } }']);
    const renamed = open.replace('path: /orders/{order_id}', 'path: /orders/{id}').replace('    order_id: {', '    id: {');
    const d = diffSpecs(await completeWith({ 'endpoints/get-order.yaml': open }), await completeWith({ 'endpoints/get-order.yaml': renamed }));
    expect([d.gapsClosed.map((g) => g.id), d.gapsOpened.map((g) => g.id), d.breaking]).toEqual([[], [], []]);
  });
});
