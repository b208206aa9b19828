// Issue 34, what the t34f round left: a renamed item's breaking change names its new id in its
// words (its old id beside it), in diff's JSON and Markdown and on the Changes page; an event
// whose direction turns together with a channel parameter renamed is one event renamed, both
// changes said. Real YAML through the real loader, the diff engine, its renderers and the change model.
import { cp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changeModel, diffJson, diffMarkdown, diffSpecs, itemView, markItemView, pageChanges, SiteIndex, type Analysis, type FacetChange, type PageChange } from '../../src/lib/index.ts';
import { makeRepo } from '../git/repo.ts';
import { cli, completeWith, fixture } from '../helpers.ts';
import { text } from './edits.ts';

/** The complete fixture, and with `head` files on top; the diff and the change model between them. */
async function change(head: Record<string, string | null>) {
  const before = await completeWith({});
  const after = await completeWith(head);
  const diff = diffSpecs(before, after);
  return { before, after, diff, model: changeModel(diff, before, after, { name: 'base', commit: '0'.repeat(40) }) };
}

/** Every mark a page's view carries in place, by the id of the facet it sits on. */
function marksOf(analysis: Analysis, page: PageChange | undefined): Map<string, FacetChange> {
  if (!page) throw new Error('no such changed page');
  const ctx = new SiteIndex(analysis, { base: '/' }).context(() => {});
  const [area = '', id = ''] = page.key.split('/');
  const view = itemView(ctx, area, id);
  if (!view) throw new Error(`no view of ${page.key}`);
  const out = new Map<string, FacetChange>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.id === 'string' && o.change && typeof o.change === 'object') out.set(o.id, o.change as FacetChange);
      for (const [k, x] of Object.entries(o)) if (k !== 'changes') walk(x);
    }
  };
  walk(markItemView(view, page, ctx));
  return out;
}

describe('a renamed item’s breaking change names it by its new id, its old one beside it', () => {
  it('in diff’s JSON and Markdown, and in the change model the Changes page and the marks render', async () => {
    const { diff, model } = await change({
      'endpoints/get-order.yaml': null,
      'endpoints/fetch-order.yaml': await text('endpoints/get-order.yaml', ['security: [{ scheme: oauth2, scopes: ["orders:read"] }]', 'security: [{ scheme: oauth2, scopes: ["orders:read", "orders:admin"] }]']),
    });
    const message = 'Endpoint `fetch-order` (was `get-order`) no longer accepts calls with `oauth2` (scope `orders:read`).';
    expect(diff.breaking).toEqual([{ item: 'endpoints/fetch-order', was: 'endpoints/get-order', message, facet: 'endpoints/fetch-order/security' }]);
    const json = JSON.parse(diffJson(diff, { base: 'main', head: 'HEAD' })) as { breaking: Array<{ message: string }> };
    expect(json.breaking.map((b) => b.message)).toEqual([message]);
    expect(diffMarkdown(diff, 'main...HEAD')).toContain('- Endpoint `fetch-order` (was `get-order`) no longer accepts calls with `oauth2` (scope `orders:read`).');
    expect(model.breaking.map((b) => b.message)).toEqual([message]);
    expect(pageChanges(model).get('endpoints/fetch-order/')?.breaking.map((b) => b.message)).toEqual([message]);
  });

  it('in the real `specbench diff` between two commits, as JSON and as the Markdown the Action posts', async () => {
    const repo = await makeRepo();
    try {
      await cp(fixture('complete'), join(repo.root, 'spec'), { recursive: true });
      await repo.commit('base', {});
      // An endpoint nothing links to, so that the head loads (`diff` counts no head that does not).
      const lines = await text('endpoints/list-order-lines.yaml', ['security: [{ scheme: oauth2, scopes: ["orders:read"] }]', 'security: [{ scheme: oauth2, scopes: ["orders:read", "orders:write"] }]']);
      await repo.commit('head', { 'spec/endpoints/list-order-lines.yaml': null, 'spec/endpoints/list-lines.yaml': lines });
      const spec = join(repo.root, 'spec');
      const json = await cli(['diff', '--spec', spec, '--base', 'HEAD~1', '--head', 'HEAD', '--format', 'json']);
      expect(json.code, json.err).toBe(0);
      const message = 'Endpoint `list-lines` (was `list-order-lines`) no longer accepts calls with `oauth2` (scope `orders:read`).';
      expect((JSON.parse(json.out) as { breaking: unknown[] }).breaking).toEqual([{ item: 'endpoints/list-lines', was: 'endpoints/list-order-lines', message, facet: 'endpoints/list-lines/security' }]);
      const markdown = await cli(['diff', '--spec', spec, '--base', 'HEAD~1', '--head', 'HEAD']);
      expect(markdown.code, markdown.err).toBe(0);
      expect(markdown.out).toContain(`### Breaking changes (1)\n\n- ${message}\n`);
    } finally {
      await rm(repo.root, { recursive: true, force: true });
    }
  });

  it('a new required parameter of a renamed endpoint (the area module’s own words) names the new id', async () => {
    const { diff } = await change({
      'endpoints/get-order.yaml': null,
      'endpoints/fetch-order.yaml': await text('endpoints/get-order.yaml', ['security: [{ scheme: oauth2, scopes: ["orders:read"] }]', 'security: [{ scheme: oauth2, scopes: ["orders:read"] }]\nparameters:\n  query:\n    shop: { type: string, required: true, description: The shop. }']),
    });
    expect(diff.breaking.map((b) => b.message)).toEqual(['Endpoint `fetch-order` (was `get-order`) now requires the query parameter `shop`.']);
  });

  it('a renamed error code keeps its words, which name both ids', async () => {
    const { diff } = await change({ 'errors/rate_limited.yaml': null, 'errors/too_many_requests.yaml': await text('errors/rate_limited.yaml') });
    expect(diff.breaking).toEqual([{ item: 'errors/too_many_requests', was: 'errors/rate_limited', message: 'Error code `rate_limited` renamed to `too_many_requests`: clients that match on the code see the new one.' }]);
  });

  it('an item not renamed is named as before, with no `was`', async () => {
    const { diff } = await change({ 'errors/rate_limited.yaml': await text('errors/rate_limited.yaml', ['status: 429', 'status: 503']) });
    expect(diff.breaking).toEqual([{ item: 'errors/rate_limited', message: 'Error `rate_limited`: status changed from `429` to `503`.', facet: 'errors/rate_limited/status' }]);
  });
});

describe('an event whose direction turns while its channel parameter is renamed', () => {
  const turned = (channel: string) => text('events/payment.settled.yaml', ['channel: payments/{provider}/settled', `channel: ${channel}`], ['direction: received', 'direction: sent']);
  const rename = 'Channel parameter `provider` of `payment.done` renamed to `psp`: the channel keeps its shape (`payments/{psp}/settled`), so no client breaks.';

  it('under a new id: one event renamed, its direction change breaking, its parameter renamed', async () => {
    const { after, diff, model } = await change({ 'events/payment.settled.yaml': null, 'events/payment.done.yaml': await turned('payments/{psp}/settled') });
    expect(diff.itemsRenamed).toEqual([{ from: 'events/payment.settled', to: 'events/payment.done', changed: true }]);
    expect(diff.itemsRemoved).toEqual([]);
    expect(diff.itemsAdded).toEqual([]);
    expect(diff.parametersRenamed.map((r) => [r.item, r.from, r.to, r.message])).toEqual([['events/payment.done', 'provider', 'psp', rename]]);
    expect(diff.breaking).toEqual([
      { item: 'events/payment.done', was: 'events/payment.settled', message: 'Event `payment.done` (was `payment.settled`): direction changed from `received` to `sent`.', facet: 'events/payment.done/direction' },
    ]);
    // The parameter's gaps go to its new name: none closes or opens for the rename alone.
    expect(diff.gapsClosed.filter((g) => g.id.includes('/parameters/'))).toEqual([]);
    expect(diff.gapsOpened.filter((g) => g.id.includes('/parameters/'))).toEqual([]);
    const page = pageChanges(model).get('events/payment.done/');
    expect(page?.status).toBe('renamed');
    const marks = marksOf(after, page);
    expect(marks.get('events/payment.done/direction')?.breaking).toEqual([diff.breaking[0]?.message]);
    expect(marks.get('events/payment.done/channel')?.notes).toEqual([rename]);
    expect(diffMarkdown(diff, 'base...HEAD')).toContain('- Renamed `events/payment.settled` to `events/payment.done`, and changed\n  - Channel parameter `provider` of `payment.done` renamed to `psp`');
  });

  it('under the same id: its direction change breaking, its parameter renamed', async () => {
    const { diff } = await change({ 'events/payment.settled.yaml': await turned('payments/{psp}/settled') });
    expect(diff.itemsChanged).toEqual(['events/payment.settled']);
    expect(diff.parametersRenamed.map((r) => [r.item, r.from, r.to])).toEqual([['events/payment.settled', 'provider', 'psp']]);
    expect(diff.breaking).toEqual([{ item: 'events/payment.settled', message: 'Event `payment.settled`: direction changed from `received` to `sent`.', facet: 'events/payment.settled/direction' }]);
  });

  it('another channel is no rename: one event removed and one added', async () => {
    const { diff } = await change({ 'events/payment.settled.yaml': null, 'events/payment.done.yaml': await turned('payments/{psp}/done') });
    expect(diff.itemsRenamed).toEqual([]);
    expect(diff.itemsRemoved).toEqual(['events/payment.settled']);
    expect(diff.itemsAdded).toEqual(['events/payment.done']);
  });
});
