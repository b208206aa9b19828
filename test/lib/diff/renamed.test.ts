import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changelogChanges, changelogLists, changeSummary, diffMarkdown, diffSpecs } from '../../../src/lib/index.ts';
import { completeWith, fixture } from '../../helpers.ts';

const file = (path: string) => readFile(join(fixture('complete'), path), 'utf8');
const about = (key: string) => (s: string) => s.includes(key);

describe('diff: an item under a new id that is the same item is renamed, not removed', () => {
  it('an endpoint with the same method and path: renamed, not breaking, no gap closed or opened for it', async () => {
    const before = await completeWith({});
    const after = await completeWith({ 'endpoints/get-order.yaml': null, 'endpoints/fetch-order.yaml': await file('endpoints/get-order.yaml') });
    const d = diffSpecs(before, after);
    expect(d.itemsRenamed).toEqual([{ from: 'endpoints/get-order', to: 'endpoints/fetch-order' }]);
    expect(d.itemsRemoved).toEqual([]);
    expect(d.itemsAdded).toEqual([]);
    expect(d.itemsChanged.filter(about('order'))).toEqual([]);
    expect(d.breaking).toEqual([]);
    expect([...d.gapsClosed, ...d.gapsOpened].map((g) => g.id).filter((id) => /get-order|fetch-order/.test(id))).toEqual([]);
    const markdown = diffMarkdown(d, 'base with head');
    expect(markdown).toContain('- Renamed `endpoints/get-order` to `endpoints/fetch-order`');
    expect(markdown).not.toMatch(/Removed|Breaking/);
    // The changelog says the same: renamed, neither removed nor added.
    const lists = changelogLists(changelogChanges(d)).filter((l) => l.kind === 'renamed' || l.kind === 'item');
    expect(lists.map((l) => [l.title, l.items])).toEqual([['Items renamed', { shown: [{ from: 'endpoints/get-order', to: 'endpoints/fetch-order' }], total: 1 }]]);
    const entry = { sha: 'a'.repeat(40), date: '2026-01-01T00:00:00Z', subject: 's', base: 'previous' as const, gaps: d.gapCount.after, errors: 0, changes: changelogChanges(d) };
    expect(changeSummary(entry)).toBe(`0 gaps closed, 0 opened (${d.gapCount.before} → ${d.gapCount.after} open); 1 item renamed.`);
  });

  it('a renamed endpoint that also changed is compared with what it became: a new required parameter breaks', async () => {
    const before = await completeWith({});
    const changed = (await file('endpoints/get-order.yaml')).replace('  path:\n', '  query:\n    fields: { type: string, required: true }\n  path:\n');
    const d = diffSpecs(before, await completeWith({ 'endpoints/get-order.yaml': null, 'endpoints/fetch-order.yaml': changed }));
    // Renamed and changed: one item, listed once.
    expect(d.itemsRenamed).toEqual([{ from: 'endpoints/get-order', to: 'endpoints/fetch-order', changed: true }]);
    expect(d.itemsChanged).not.toContain('endpoints/fetch-order');
    expect(d.breaking.map((b) => b.message)).toEqual(['Endpoint `fetch-order` (was `get-order`) now requires the query parameter `fields`.']);
  });

  it('an endpoint that is gone, with no other at its method and path, is removed and breaks', async () => {
    const d = diffSpecs(await completeWith({}), await completeWith({ 'endpoints/get-order.yaml': null }));
    expect(d.itemsRenamed).toEqual([]);
    expect(d.itemsRemoved).toEqual(['endpoints/get-order']);
    expect(d.breaking.map((b) => b.message)).toEqual(['Endpoint `get-order` (`GET /orders/{order_id}`) removed.']);
  });

  it('an event on the same channel: renamed, not breaking', async () => {
    const text = await file('events/order.placed.yaml');
    const d = diffSpecs(await completeWith({}), await completeWith({ 'events/order.placed.yaml': null, 'events/order.submitted.yaml': text }));
    expect(d.itemsRenamed).toEqual([{ from: 'events/order.placed', to: 'events/order.submitted' }]);
    expect(d.breaking).toEqual([]);
  });

  it('an error with the same status and body under another code: renamed, and breaking, since clients match on the code', async () => {
    const text = await file('errors/rate_limited.yaml');
    const d = diffSpecs(await completeWith({}), await completeWith({ 'errors/rate_limited.yaml': null, 'errors/too_many_requests.yaml': text }));
    expect(d.itemsRenamed).toEqual([{ from: 'errors/rate_limited', to: 'errors/too_many_requests' }]);
    expect(d.itemsRemoved).toEqual([]);
    expect(d.breaking.map((b) => b.message)).toEqual(['Error code `rate_limited` renamed to `too_many_requests`: clients that match on the code see the new one.']);
  });
});
