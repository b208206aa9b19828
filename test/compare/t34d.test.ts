// Issue 34's third tester (t34d): changes that break clients at any depth and beyond shapes are
// breaking changes, each flagged beside its facet on the page. Real YAML through the real loader,
// the diff engine, the change model and the marked views the pages render.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changeCounts } from '../../src/lib/diff/counts.ts';
import { changeModel, diffJson, diffMarkdown, diffSpecs, pageChanges, type Analysis } from '../../src/lib/index.ts';
import { completeWith, fixture } from '../helpers.ts';
import { inPlace, markedView, text } from './edits.ts';

/** The complete fixture's files, each edit a text that must be there exactly once. */
async function completeEdited(edits: ReadonlyArray<[file: string, from: string, to: string]>): Promise<Analysis> {
  const files = new Map<string, string>();
  for (const [path, from, to] of edits) {
    const text = files.get(path) ?? (await readFile(join(fixture('complete'), path), 'utf8'));
    if (text.split(from).length !== 2) throw new Error(`${path} holds ${JSON.stringify(from)} ${text.split(from).length - 1} times`);
    files.set(path, text.replace(from, to));
  }
  return completeWith(Object.fromEntries(files));
}

/** Each breaking change expected (its facet and words) is in the diff, in the model, and in place on its page with that reason. */
async function flagged(edits: ReadonlyArray<[string, string, string]>, expected: ReadonlyArray<[facet: string, message: RegExp]>, listedOnly: readonly string[] = []) {
  const before = await completeWith({});
  const after = await completeEdited(edits);
  const diff = diffSpecs(before, after);
  const model = changeModel(diff, before, after, { name: 'base', commit: '0'.repeat(40) });
  for (const [facet, message] of expected) {
    const said = diff.breaking.find((b) => b.facet === facet);
    expect(said?.message, facet).toMatch(message);
    const key = facet.split('/').slice(0, 2).join('/');
    const page = pageChanges(model).get(`${key}/`);
    expect(page, key).toBeDefined();
    if (!page) continue;
    const view = markedView(after, page);
    // In place where the page still shows where it stood; else in the page's list of changes, with its reason.
    const mark = inPlace(view).get(facet) ?? view.changes?.marks.find((m) => m.id === facet && !view.changes?.inPlace.includes(m.id));
    expect(mark?.breaking, `${facet} marked`).toContain(said?.message);
    expect(inPlace(view).has(facet), `${facet} in place`).toBe(!listedOnly.includes(facet));
    expect(model.breaking.find((b) => b.message === said?.message)?.anchor).toBe(mark?.anchor);
  }
  return diff;
}

describe('repro-01: removing a nested field, a header parameter or a response is breaking, marked where it stood', () => {
  it('lines[].quantity, a variant’s field, If-None-Match and the 304 response', async () => {
    const diff = await flagged(
      [
        ['endpoints/list-orders.yaml', '  header:\n    If-None-Match: { type: string, description: The ETag of a page already held. }\n', ''],
        ['endpoints/list-orders.yaml', '  "304": { description: Not modified since the ETag given. }\n', ''],
        ['resources/Order.yaml', '        quantity: { type: integer, required: true, minimum: 1, maximum: 999 }\n', ''],
        ['resources/Order.yaml', '          until: { type: string, format: date, required: true }\n', ''],
      ],
      [
        ['resources/Order/fields/lines/items/fields/quantity', /^Field `lines\[\]\.quantity` of `Order` removed\.$/],
        ['resources/Order/fields/delivery_window/of/1/fields/until', /^Field `delivery_window\.of\[1\]\.until` of `Order` removed\.$/],
        ['endpoints/list-orders/parameters/header/If-None-Match', /^Header parameter `If-None-Match` of `list-orders` removed\.$/],
        ['endpoints/list-orders/responses/304', /^Response `304` of `list-orders` removed\.$/],
      ],
      // Each struck where it stood: the 304 among the responses, If-None-Match in a group of header parameters of its own (t34e).
    );
    expect(diff.breaking).toHaveLength(4);
  });

  it('a query parameter removed where others remain: its row struck in place', async () => {
    await flagged(
      [['endpoints/list-orders.yaml', "    cursor: { type: string, description: Where the previous page ended., named_examples: { second: { summary: The page after the first, value: c2Vjb25k } } }\n", '']],
      [['endpoints/list-orders/parameters/query/cursor', /^Query parameter `cursor` of `list-orders` removed\.$/]],
    );
  });
});

describe('repro-03: changes that break clients beyond narrowed values are breaking, each beside its facet', () => {
  it('parameter types, a new required field of a resource clients send', async () => {
    await flagged(
      [
        ['endpoints/list-orders.yaml', 'cursor: { type: string,', 'cursor: { type: integer,'],
        ['endpoints/list-orders.yaml', 'If-None-Match: { type: string,', 'If-None-Match: { type: integer,'],
        ['resources/Order.yaml', '  paid: { type: boolean, required: true }\n', '  paid: { type: boolean, required: true }\n  channel: { type: string, required: true }\n'],
      ],
      [
        ['endpoints/list-orders/parameters/query/cursor/type', /^Type of query parameter `cursor` of `list-orders` changed from `string` to `integer`\.$/],
        ['endpoints/list-orders/parameters/header/If-None-Match/type', /^Type of header parameter `If-None-Match` of `list-orders` changed from `string` to `integer`\.$/],
        ['resources/Order/fields/channel/required', /^New required field `channel` of `Order`/],
      ],
    );
  });

  it('security: anonymous access removed, a scope more, a scheme replaced, an API key moved', async () => {
    await flagged(
      [
        ['endpoints/list-orders.yaml', '  - { anonymous: true }\n', ''],
        ['endpoints/get-order.yaml', 'security: [{ scheme: oauth2, scopes: ["orders:read"] }]', 'security: [{ scheme: oauth2, scopes: ["orders:read", "orders:write"] }]'],
        ['endpoints/list-order-lines.yaml', 'security: [{ scheme: oauth2, scopes: ["orders:read"] }]', 'security: [{ scheme: api-key }]'],
        ['authentication/api-key.yaml', 'headers: [X-API-Key]', 'headers: [X-Api-Token]'],
      ],
      [
        ['endpoints/list-orders/security', /^Endpoint `list-orders` no longer accepts calls without credentials\.$/],
        ['endpoints/get-order/security', /^Endpoint `get-order` no longer accepts calls with `oauth2` \(scope `orders:read`\)\.$/],
        ['endpoints/list-order-lines/security', /^Endpoint `list-order-lines` no longer accepts calls with `oauth2` \(scope `orders:read`\)\.$/],
        ['authentication/api-key/headers', /^Authentication scheme `api-key`: headers changed from `X-API-Key` to `X-Api-Token`\.$/],
      ],
    );
    await flagged([['authentication/api-key.yaml', 'location: header', 'location: cookie']], [['authentication/api-key/location', /^Authentication scheme `api-key`: location changed from `header` to `cookie`\.$/]]);
  });

  it('a success status, a dropped media type, an event’s channel, an error’s status', async () => {
    await flagged(
      [
        ['endpoints/get-order.yaml', '"200": { resource: Order, content_type: [application/json, application/xml] }', '"200": { resource: Order, content_type: [application/json] }'],
        ['endpoints/cancel-order.yaml', '"200": { resource: Order }', '"202": { resource: Order }'],
        ['errors/order_not_found.yaml', 'status: 404', 'status: 410'],
        ['events/order.placed.yaml', 'channel: orders.placed', 'channel: orders.created'],
      ],
      [
        ['endpoints/cancel-order/responses/202', /^Success status of `cancel-order` changed from `200` to `202`/],
        ['endpoints/get-order/responses/200', /^Response `200` of `get-order` no longer comes as `application\/xml`/],
        ['errors/order_not_found/status', /^Error `order_not_found`: status changed from `404` to `410`\.$/],
        ['events/order.placed/channel', /^Event `order.placed`: channel changed from `orders.placed` to `orders.created`\.$/],
      ],
      // A response's change is marked beside its status (t34e).
    );
  });
});

describe('repro-02: a renamed item’s closed gaps are under its new id, in the diff as on the site', () => {
  const renamedAndEdited = async (base: Record<string, string>, head: Record<string, string>) => {
    const before = await completeWith({ 'endpoints/cancel-order.yaml': await text('endpoints/cancel-order.yaml', ['request: { none: No body. }', 'request: { open: Is there a reason field? }']), ...base });
    const after = await completeWith({
      'endpoints/cancel-order.yaml': null,
      'endpoints/cancel.yaml': await text('endpoints/cancel-order.yaml', ['order_id: { type: string, required: true }', 'order_id: { type: { open: uuid? }, required: true }']),
      'states/order-status.yaml': await text('states/order-status.yaml', ['trigger: { endpoint: cancel-order }', 'trigger: { endpoint: cancel }']),
      ...head,
    });
    const diff = diffSpecs(before, after);
    return { diff, model: changeModel(diff, before, after, { name: 'base', commit: '0'.repeat(40) }) };
  };

  it('a gap closed by a stated value: diff json, Markdown and the comment’s link name the new id, as the site does; the item counts once', async () => {
    const { diff, model } = await renamedAndEdited({}, {});
    expect(diff.gapsClosed.map((g) => [g.id, g.item, g.was])).toEqual([['endpoints/cancel/request', 'cancel', 'endpoints/cancel-order/request']]);
    expect(diff.gapsOpened.map((g) => g.id)).toEqual(['endpoints/cancel/parameters/path/order_id/type']);
    // The site's ids, id by id.
    expect(model.closed.map((g) => g.id)).toEqual(diff.gapsClosed.map((g) => g.id));
    expect(JSON.parse(diffJson(diff, { base: 'base', head: 'HEAD' })).gapsClosed).toMatchObject([{ id: 'endpoints/cancel/request', was: 'endpoints/cancel-order/request' }]);
    const md = diffMarkdown(diff, 'base...HEAD', { preview: 'https://o.github.io/r/pr-12/' });
    expect(md).toContain('[`endpoints/cancel/request`](<https://o.github.io/r/pr-12/endpoints/cancel/#change-f-endpoints/cancel/request>)');
    expect(md).not.toContain('pr-12/endpoints/cancel-order/');
    // Renamed and changed is one item; the state machine's file is the other.
    expect(diff.itemsRenamed).toEqual([{ from: 'endpoints/cancel-order', to: 'endpoints/cancel', changed: true }]);
    expect(diff.itemsChanged).toEqual(['states/order-status']);
    expect(changeCounts(diff).items).toBe(2);
    expect(md).toContain('- Renamed `endpoints/cancel-order` to [`endpoints/cancel`](<https://o.github.io/r/pr-12/endpoints/cancel/>), and changed');
  });

  it('a gap closed by specbench.yaml no longer asking for it: under the new id too', async () => {
    const settings = await text('specbench.yaml');
    const { diff, model } = await renamedAndEdited({ 'specbench.yaml': `${settings}require: [format]\n` }, {});
    const closed = diff.gapsClosed.filter((g) => g.id.includes('/cancel'));
    expect(closed.map((g) => g.id)).toContain('endpoints/cancel/parameters/path/order_id/format');
    expect(closed.every((g) => g.id.startsWith('endpoints/cancel/') && g.item === 'cancel')).toBe(true);
    expect(model.closed.filter((g) => g.key === 'endpoints/cancel').map((g) => g.id).sort()).toEqual(closed.map((g) => g.id).sort());
    expect(model.closed.find((g) => g.id === 'endpoints/cancel/parameters/path/order_id/format')?.reason).toBe('settings');
  });
});

describe('repro-05: a list in before -> after reads as a list', () => {
  it('["EUR, USD"] (one value) and [EUR, USD] (two) read apart; a plain list stays words', async () => {
    const currency = (allowed: string, fallback: string) => text('resources/Order.yaml', ['allowed: [EUR, USD], default: EUR, examples: [EUR]', `allowed: ${allowed}, default: ${fallback}, examples: [${fallback}]`]);
    const before = await completeWith({ 'resources/Order.yaml': await currency('["EUR, USD"]', '"EUR, USD"') });
    const after = await completeWith({ 'resources/Order.yaml': await currency('[EUR, USD, CHF]', 'EUR') });
    const page = pageChanges(changeModel(diffSpecs(before, after), before, after, { name: 'base', commit: '0'.repeat(40) })).get('resources/Order/');
    const allowed = page?.marks.find((m) => m.id === 'resources/Order/fields/currency/allowed');
    expect(allowed).toMatchObject({ before: '["EUR, USD"]', form: 'code', after: 'EUR, USD, CHF' });
    expect(allowed?.before).not.toBe(allowed?.after);
  });
});

describe('repro-07: a removed item’s last content links a gap closed since on another page to its mark', () => {
  it('import-orders removed, Order.total’s type stated: the link goes to #change-f-…, where the mark is', async () => {
    const open = await text('resources/Order.yaml', ['total: { type: integer, required: true, format: int64, description: Total in cents., minimum: 0, examples: [1999] }', 'total: { type: { open: Cents or a decimal string? }, required: true, description: Total in cents. }']);
    const stated = await text('resources/Order.yaml', ['total: { type: integer, required: true, format: int64, description: Total in cents., minimum: 0, examples: [1999] }', 'total: { type: integer, required: true, description: Total in cents. }']);
    const before = await completeWith({ 'resources/Order.yaml': open });
    const after = await completeWith({ 'resources/Order.yaml': stated, 'endpoints/create-order.yaml': null });
    const model = changeModel(diffSpecs(before, after), before, after, { name: 'base', commit: '0'.repeat(40) });
    const removed = pageChanges(model).get('endpoints/create-order/');
    expect(removed?.status).toBe('removed');
    if (!removed) return;
    const id = 'resources/Order/fields/total/type';
    expect(model.closed.find((g) => g.id === id)?.anchor).toBe(`change-f-${id}`);
    const json = JSON.stringify(markedView(before, removed));
    expect(json).toContain(`#change-f-${id}`);
    expect(json).not.toMatch(new RegExp(`#f-${id.replace(/\//g, '\\/')}"`));
  });
});

describe('repro-09: the before side of a changed description links a renamed item where it is now', () => {
  it('[[endpoints/cancel-order]] and a relative link to its old page, before; the item renamed cancel', async () => {
    const described = (id: string) =>
      text('resources/Order.yaml', ["description: A customer's order, from draft to shipment, paid with a [Payment](../Payment/).", `description: "A customer's order; cancel it with [[endpoints/${id}]] ([how](../../endpoints/${id}/))."`]);
    const before = await completeWith({ 'resources/Order.yaml': await described('cancel-order') });
    const after = await completeWith({
      'resources/Order.yaml': await described('cancel'),
      'endpoints/cancel-order.yaml': null,
      'endpoints/cancel.yaml': await text('endpoints/cancel-order.yaml'),
      'states/order-status.yaml': await text('states/order-status.yaml', ['trigger: { endpoint: cancel-order }', 'trigger: { endpoint: cancel }']),
    });
    const model = changeModel(diffSpecs(before, after), before, after, { name: 'base', commit: '0'.repeat(40) });
    const page = pageChanges(model).get('resources/Order/');
    if (!page) throw new Error('no Order page');
    const view = markedView(after, page);
    const mark = view.changes?.marks.find((m) => m.id === 'resources/Order/description');
    expect(mark?.beforeHtml).toBeDefined();
    expect(mark?.beforeHtml).not.toContain('cancel-order');
    expect(mark?.beforeHtml).not.toContain('[[');
    expect(mark?.beforeHtml).toContain('href="/endpoints/cancel/"');
    expect(mark?.beforeHtml).toContain('Cancel an order');
  });
});

describe('repro-08: a mark on an array’s items says whose items', () => {
  it('list-orders’ status[] allowed values: the page’s list names the query parameter', async () => {
    const before = await completeWith({});
    const after = await completeEdited([['endpoints/list-orders.yaml', 'allowed: [draft, placed, cancelled, shipped]', 'allowed: [draft, placed, cancelled]']]);
    const page = pageChanges(changeModel(diffSpecs(before, after), before, after, { name: 'base', commit: '0'.repeat(40) })).get('endpoints/list-orders/');
    const mark = page?.marks.find((m) => m.id === 'endpoints/list-orders/parameters/query/status/items/allowed');
    expect(mark?.label).toMatch(/^query parameter status\[\]: allowed values$/);
  });
});

describe('repro-06: `check` warns of a bidirectional override in a value or in prose', () => {
  it('an allowed value and a description holding U+202E: one warning each, at its line', async () => {
    const order = await text(
      'resources/Order.yaml',
      ['allowed: [EUR, USD], default: EUR', 'allowed: [EUR, USD, "\\u202EPBG"], default: EUR'],
      ["description: A customer's order, from draft to shipment, paid with a [Payment](../Payment/).", 'description: "Totals are in \\u202Estnec fo sderdnuh\\u202C."'],
    );
    const { diagnostics } = await completeWith({ 'resources/Order.yaml': order });
    expect(diagnostics.filter((d) => d.code === 'bidi-control').map((d) => [d.file, d.line, d.severity])).toEqual([
      ['resources/Order.yaml', 3, 'warning'],
      ['resources/Order.yaml', 10, 'warning'],
    ]);
  });
});
