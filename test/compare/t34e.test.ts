// Issue 34, what the last round left (t34e): a removed or changed response and an API key's header
// flagged beside what they concern; a renamed path parameter's facets read as the renamed
// parameter's; an event's channel parameter renamed is a rename; a struck row is no part of the
// count of required fields. Real YAML through the real loader, the diff engine, the change model
// and the marked views the pages render.
import { describe, expect, it } from 'vitest';
import { changeModel, diffJson, diffMarkdown, diffSpecs, isStruck, itemView, markAnchor, markWord, pageChanges, SiteIndex, type ItemView } from '../../src/lib/index.ts';
import { completeWith } from '../helpers.ts';
import { inPlace, markedView, text } from './edits.ts';

/** The complete fixture before, and with these files after; the diff and the change model between them. */
async function change(files: Record<string, string | null>) {
  const before = await completeWith({});
  const after = await completeWith(files);
  const diff = diffSpecs(before, after);
  return { before, after, diff, model: changeModel(diff, before, after, { name: 'base', commit: '0'.repeat(40) }) };
}

/** The responses an endpoint's page shows, in order. */
function responses(view: ItemView) {
  const block = view.blocks.find((b) => b.kind === 'responses');
  return block?.kind === 'responses' ? block.responses : [];
}

describe('a removed or changed response is flagged beside its status', () => {
  it('a response removed: struck where it stood (after the one before it), carrying its breaking change', async () => {
    const { after, diff, model } = await change({ 'endpoints/create-order.yaml': await text('endpoints/create-order.yaml', ['  "400": { error: invalid_order }\n', '']) });
    const id = 'endpoints/create-order/responses/400';
    expect(diff.breaking).toEqual([{ item: 'endpoints/create-order', message: 'Response `400` of `create-order` removed.', facet: id }]);
    const view = markedView(after, pageChanges(model).get('endpoints/create-order/'));
    const shown = responses(view);
    expect(shown.map((r) => [r.status, isStruck(r)])).toEqual([
      ['201', false],
      ['400', true],
      ['429', false],
    ]);
    const mark = shown[1]?.body.facet.change;
    expect(mark).toMatchObject({ id, kind: 'removed', label: 'response 400', breaking: ['Response `400` of `create-order` removed.'], anchor: `change-f-${id}` });
    expect(view.changes?.inPlace).toEqual([id]);
    // The Changes page links the breaking change to that mark.
    expect(model.breaking).toEqual([expect.objectContaining({ key: 'endpoints/create-order', anchor: `change-f-${id}`, facet: id })]);
    // A plain view (no compare) has no such response.
    const plain = itemView(new SiteIndex(after, { base: '/' }).context(() => {}), 'endpoints', 'create-order');
    expect(plain && responses(plain).map((r) => r.status)).toEqual(['201', '429']);
  });

  it('a media type dropped and a success status replaced: each marked on the response it concerns, in place', async () => {
    const { after, diff, model } = await change({
      'endpoints/get-order.yaml': await text('endpoints/get-order.yaml', ['content_type: [application/json, application/xml]', 'content_type: [application/json]']),
      'endpoints/cancel-order.yaml': await text('endpoints/cancel-order.yaml', ['"200": { resource: Order }', '"202": { resource: Order }']),
    });
    for (const [key, facet, message] of [
      ['endpoints/get-order', 'endpoints/get-order/responses/200', /^Response `200` of `get-order` no longer comes as `application\/xml`/],
      ['endpoints/cancel-order', 'endpoints/cancel-order/responses/202', /^Success status of `cancel-order` changed from `200` to `202`/],
    ] as const) {
      const said = diff.breaking.find((b) => b.facet === facet);
      expect(said?.message, facet).toMatch(message);
      const view = markedView(after, pageChanges(model).get(`${key}/`));
      const response = responses(view).find((r) => r.body.facet.id === facet);
      expect(response?.body.facet.change?.breaking, facet).toEqual([said?.message]);
      expect(view.changes?.inPlace, facet).toContain(facet);
      expect(model.breaking.find((b) => b.message === said?.message)?.anchor).toBe(response?.body.facet.change?.anchor);
    }
  });
});

describe('a removed parameter whose location has none left is struck where it stood', () => {
  it('list-orders’ only header parameter: a group of header parameters of its own, after the query parameters, its row struck', async () => {
    const { after, diff, model } = await change({
      'endpoints/list-orders.yaml': await text('endpoints/list-orders.yaml', ['  header:\n    If-None-Match: { type: string, description: The ETag of a page already held. }\n', '']),
    });
    const id = 'endpoints/list-orders/parameters/header/If-None-Match';
    expect(diff.breaking).toEqual([{ item: 'endpoints/list-orders', message: 'Header parameter `If-None-Match` of `list-orders` removed.', facet: id }]);
    const view = markedView(after, pageChanges(model).get('endpoints/list-orders/'));
    const block = view.blocks.find((b) => b.kind === 'parameters');
    const groups = block?.kind === 'parameters' ? block.groups : [];
    expect(groups.map((g) => [g.location, g.rows.map((r) => [r.name, isStruck(r)])])).toEqual([
      ['query', [['status', false], ['limit', false], ['cursor', false]]],
      ['header', [['If-None-Match', true]]],
    ]);
    expect(groups[1]?.rows[0]?.type?.change).toMatchObject({ id, kind: 'removed', breaking: ['Header parameter `If-None-Match` of `list-orders` removed.'], anchor: markAnchor(id) });
    expect(view.changes?.inPlace).toEqual([id]);
  });
});

describe('an API key’s header renamed is flagged beside its value', () => {
  it('renamed alone: beside the header names', async () => {
    const { after, diff, model } = await change({ 'authentication/api-key.yaml': await text('authentication/api-key.yaml', ['headers: [X-API-Key]', 'headers: [X-Api-Token]']) });
    const facet = 'authentication/api-key/headers';
    expect(diff.breaking).toEqual([{ item: 'authentication/api-key', message: 'Authentication scheme `api-key`: headers changed from `X-API-Key` to `X-Api-Token`.', facet }]);
    const view = markedView(after, pageChanges(model).get('authentication/api-key/'));
    expect(inPlace(view).get(facet)).toMatchObject({ before: 'X-API-Key', after: 'X-Api-Token', breaking: [diff.breaking[0]?.message] });
  });

  it('renamed as the key moves to the query (its header names no longer apply, so the page shows none): beside the key’s location, not only in the box', async () => {
    const { after, diff, model } = await change({ 'authentication/api-key.yaml': await text('authentication/api-key.yaml', ['headers: [X-API-Key]', 'headers: [X-Api-Token]'], ['location: header', 'location: query']) });
    const messages = diff.breaking.map((b) => b.message);
    expect(messages).toEqual(['Authentication scheme `api-key`: location changed from `header` to `query`.', 'Authentication scheme `api-key`: headers changed from `X-API-Key` to `X-Api-Token`.']);
    const page = pageChanges(model).get('authentication/api-key/');
    const view = markedView(after, page);
    const location = inPlace(view).get('authentication/api-key/location');
    expect(location).toMatchObject({ before: 'header', after: 'query' });
    expect(location?.breaking).toEqual(messages);
    // Each breaking change links to the mark where it is flagged: none is left to the page's box alone.
    expect(page?.breaking.map((b) => [b.anchor, b.facet])).toEqual([
      ['change-f-authentication/api-key/location', 'authentication/api-key/location'],
      ['change-f-authentication/api-key/location', 'authentication/api-key/location'],
    ]);
  });
});

describe('a path parameter renamed with its path reads as the renamed parameter', () => {
  it('its unchanged facets unmarked, a changed one before -> after (and breaking as any parameter’s type change), nothing "added" but what is new', async () => {
    const { after, diff, model } = await change({
      'endpoints/get-order.yaml': await text(
        'endpoints/get-order.yaml',
        ['path: /orders/{order_id}', 'path: /orders/{id}'],
        ["order_id: { type: string, required: true, description: The order's id. }", "id: { type: integer, required: true, description: The order's id., minimum: 1 }"],
      ),
    });
    const param = 'endpoints/get-order/parameters/path/id';
    expect(diff.parametersRenamed.map((r) => [r.item, r.from, r.to])).toEqual([['endpoints/get-order', 'order_id', 'id']]);
    // Under the new name, as the page names it: the type changed breaks; the rename does not.
    expect(diff.breaking).toEqual([
      { item: 'endpoints/get-order', message: 'Type of path parameter `id` of `get-order` changed from `string` to `integer`.', facet: `${param}/type` },
      { item: 'endpoints/get-order', message: 'Minimum of path parameter `id` of `get-order` set to 1 (there was none).', facet: `${param}/minimum` },
    ]);
    expect(diff.gapsOpened).toEqual([]);
    expect(diff.gapsClosed).toEqual([]);
    const page = pageChanges(model).get('endpoints/get-order/');
    const marks = new Map(page?.marks.map((m) => [m.id, m]));
    expect([...marks.keys()].sort()).toEqual([`${param}/minimum`, `${param}/type`, 'endpoints/get-order/path']);
    expect(marks.get(`${param}/type`)).toMatchObject({ before: 'string', after: 'integer', breaking: [diff.breaking[0]?.message] });
    expect(markWord(marks.get(`${param}/type`) ?? { kind: '' })).toBe('changed in this change');
    expect(markWord(marks.get(`${param}/minimum`) ?? { kind: '' })).toBe('added in this change');
    // In place on the parameter's row.
    const view = markedView(after, page);
    expect([...inPlace(view).keys()].sort()).toEqual([`${param}/minimum`, `${param}/type`, 'endpoints/get-order/path']);
  });

  it('a narrowed bound of a renamed parameter is named by its new name, beside its facet', async () => {
    const { diff, model } = await change({
      'endpoints/list-order-lines.yaml': await text('endpoints/list-order-lines.yaml', ['path: /orders/{id}/lines', 'path: /orders/{oid}/lines'], ['    id: { type: string, required: true, format: uuid,', '    oid: { type: string, required: true, format: uuid, max_length: 36,']),
    });
    expect(diff.parametersRenamed.map((r) => [r.from, r.to])).toEqual([['id', 'oid']]);
    const facet = 'endpoints/list-order-lines/parameters/path/oid/max_length';
    expect(diff.breaking).toEqual([{ item: 'endpoints/list-order-lines', message: 'Maximum length of path parameter `oid` of `list-order-lines` set to 36 (there was none).', facet }]);
    expect(pageChanges(model).get('endpoints/list-order-lines/')?.breaking).toEqual([{ message: diff.breaking[0]?.message, anchor: markAnchor(facet), facet }]);
  });
});

describe('an event’s channel parameter renamed is a rename, as a path parameter’s is', () => {
  const settled = (channel: string) => text('events/payment.settled.yaml', ['channel: payments/{provider}/settled', `channel: ${channel}`]);

  it('payments/{provider}/settled to payments/{psp}/settled: said beside the channel, breaking nothing, in diff as on the page', async () => {
    const { after, diff, model } = await change({ 'events/payment.settled.yaml': await settled('payments/{psp}/settled') });
    const message = 'Channel parameter `provider` of `payment.settled` renamed to `psp`: the channel keeps its shape (`payments/{psp}/settled`), so no client breaks.';
    expect(diff.parametersRenamed).toEqual([
      {
        item: 'events/payment.settled',
        from: 'provider',
        to: 'psp',
        facet: 'events/payment.settled/channel',
        was: 'events/payment.settled/parameters/path/provider',
        is: 'events/payment.settled/parameters/path/psp',
        message,
      },
    ]);
    expect(diff.breaking).toEqual([]);
    expect(JSON.parse(diffJson(diff, { base: 'base', head: 'HEAD' })).parametersRenamed).toEqual(diff.parametersRenamed);
    expect(diffMarkdown(diff, 'base...HEAD', {})).toContain('- Changed `events/payment.settled`\n  - Channel parameter `provider` of `payment.settled` renamed to `psp`');
    const view = markedView(after, pageChanges(model).get('events/payment.settled/'));
    const mark = inPlace(view).get('events/payment.settled/channel');
    expect(mark).toMatchObject({ before: 'payments/{provider}/settled', after: 'payments/{psp}/settled', notes: [message] });
    expect(mark?.breaking).toBeUndefined();
  });

  it('an event renamed with its channel parameter: one item renamed, not one removed and one added', async () => {
    const { diff } = await change({ 'events/payment.settled.yaml': null, 'events/payment.done.yaml': await settled('payments/{psp}/settled') });
    expect(diff.itemsRenamed).toEqual([{ from: 'events/payment.settled', to: 'events/payment.done', changed: true }]);
    expect(diff.itemsRemoved).toEqual([]);
    expect(diff.itemsAdded).toEqual([]);
    expect(diff.parametersRenamed.map((r) => [r.item, r.from, r.to])).toEqual([['events/payment.done', 'provider', 'psp']]);
    expect(diff.breaking).toEqual([]);
  });

  it('a channel that moves (another address) still breaks subscribers', async () => {
    const { diff } = await change({ 'events/payment.settled.yaml': await settled('payments/{provider}/done') });
    expect(diff.parametersRenamed).toEqual([]);
    expect(diff.breaking.map((b) => b.message)).toEqual(['Event `payment.settled`: channel changed from `payments/{provider}/settled` to `payments/{provider}/done`.']);
  });
});
