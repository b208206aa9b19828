import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { areaView, homeOperations, homeView, itemView, SiteIndex, type AreaSummary } from '../../../src/lib/index.ts';
import { blockOf as block, completeWith, editComplete as edit, itemOf as item, siteViews } from '../../helpers.ts';

/**
 * The reader aids of issue 32 point 10 in the views pages are made from: where to read more
 * (`external_docs`) on every item's page and the service's on the home and purpose pages, what the
 * endpoints area says of each group (`tags`) with the group, what it says of a path (`paths`) under
 * the signature of every endpoint on it, and a server that is a path from the root before every
 * endpoint's path. Real YAML through the real loader, read back from the views.
 */
const yaml = (value: unknown) => stringify(value);
const endpointsArea = (extra: Record<string, unknown>) => yaml({ inventory: 'complete', ...extra });
const groupOf = (area: AreaSummary | undefined, name: string) => area?.groups?.find((g) => g.name === name);

describe('external docs', () => {
  // One item of every area that has items, each given its external docs.
  const ITEMS = [
    ['resources', 'Card'],
    ['states', 'order-status'],
    ['endpoints', 'get-order'],
    ['authentication', 'oauth2'],
    ['events', 'order.shipped'],
    ['errors', 'invalid_order'],
    ['limits', 'default-rate'],
    ['limits', 'request-size'],
    ['versioning', 'v1'],
  ] as const;

  it('are shown on the page of an item of every kind, with what is there, and not again among its facts', async () => {
    const model = siteViews(
      await completeWith(Object.fromEntries(ITEMS.map(([area, id]) => [`${area}/${id}.yaml`, edit(`${area}/${id}.yaml`, (d) => ({ ...d, external_docs: { url: `https://docs.example.com/${area}/${id}`, description: `All about *${id}*` } }))]))),
    );
    for (const [area, id] of ITEMS) {
      const page = item(model, area, id);
      expect(page.externalDocs, `${area}/${id}`).toEqual({ url: `https://docs.example.com/${area}/${id}`, descriptionHtml: `All about <em>${id}</em>` });
      expect([...page.facets, ...page.quiet].map((f) => f.id), `${area}/${id}`).not.toContain(`${area}/${id}/external_docs`);
    }
  });

  it('of the service are on the home page and the purpose page, a relative address resolved from the page', async () => {
    const analysis = await completeWith({ 'purpose/_area.yaml': edit('purpose/_area.yaml', (p) => ({ ...p, external_docs: { url: '../guide/', description: 'The **guide**' } })) });
    const index = new SiteIndex(analysis);
    const home = homeView(index.context(() => {}));
    expect(home.externalDocs).toEqual({ url: '/guide/', descriptionHtml: 'The <strong>guide</strong>' });
    const purpose = areaView(index.context(() => {}), 'purpose');
    expect(purpose.externalDocs).toEqual(home.externalDocs);
    expect(purpose.facets.map((f) => f.id)).not.toContain('purpose/external_docs');
  });
});

describe('groups (tags)', () => {
  it('each is shown with what the endpoints area says of it, on the endpoints page and under its heading on the home page; a declared group no endpoint is in is kept too', async () => {
    const analysis = await completeWith({
      'endpoints/_area.yaml': endpointsArea({
        tags: {
          Orders: { description: 'What a shop does with its **orders**.', external_docs: { url: 'https://docs.example.com/orders', description: 'The order guide' } },
          Returns: { description: 'Not open yet.' },
          Admin: {},
        },
      }),
    });
    const model = siteViews(analysis);
    const endpoints = model.areas.find((a) => a.key === 'endpoints');
    expect(endpoints?.groups?.map((g) => g.name)).toEqual(['Orders', 'Returns', 'Admin']);
    expect(groupOf(endpoints, 'Orders')).toEqual({ name: 'Orders', descriptionHtml: '<p>What a shop does with its <strong>orders</strong>.</p>', externalDocs: { url: 'https://docs.example.com/orders', descriptionHtml: 'The order guide' } });
    expect(groupOf(endpoints, 'Returns')).toEqual({ name: 'Returns', descriptionHtml: '<p>Not open yet.</p>' });
    expect(groupOf(endpoints, 'Admin')).toEqual({ name: 'Admin' });
    // Shown with the groups, not again among the area's facts.
    expect(endpoints?.facets.map((f) => f.id)).not.toContain('endpoints/tags');
    // The home page heads its groups (Orders, and the untagged ones): the note goes under the heading.
    const [listed] = homeOperations(model.areas);
    expect(listed?.groups.map((g) => g.name)).toEqual(['Orders', 'Without a tag']);
    expect(listed?.groups[0]?.note).toEqual(groupOf(endpoints, 'Orders'));
    expect(listed?.groups[1]?.note).toBeUndefined();
  });
});

describe('what is said of a path', () => {
  const note = { '/orders/{order_id}': { summary: 'One order', description: 'Everything about an order the service knows by its *id*.' } };

  it('is shown under the signature of every endpoint on that path, and of no other', async () => {
    const model = siteViews(
      await completeWith({
        'endpoints/_area.yaml': endpointsArea({ paths: note }),
        // A second method on the same path.
        'endpoints/delete-order.yaml': yaml({ method: 'DELETE', path: '/orders/{order_id}', parameters: { path: { order_id: { type: 'string' } } }, responses: { '204': { none: 'No body.' } } }),
      }),
    );
    const aside = { label: 'This path', summary: 'One order', descriptionHtml: '<p>Everything about an order the service knows by its <em>id</em>.</p>' };
    expect(item(model, 'endpoints', 'get-order').aside).toEqual(aside);
    expect(item(model, 'endpoints', 'delete-order').aside).toEqual(aside);
    expect(item(model, 'endpoints', 'cancel-order').aside).toBeUndefined();
    expect(item(model, 'endpoints', 'list-orders').aside).toBeUndefined();
  });

  it('makes the endpoint page depend on the endpoints area\'s file, so that `npm run dev` shows an edit of it', async () => {
    const index = new SiteIndex(await completeWith({ 'endpoints/_area.yaml': endpointsArea({ paths: note }) }));
    const read: string[] = [];
    itemView(index.context((dep) => read.push(dep)), 'endpoints', 'get-order');
    expect(read).toContain('file:endpoints/_area.yaml');
  });
});

describe('a server that is a path from the root', () => {
  const purpose = (change: (p: Record<string, unknown>) => Record<string, unknown>) => ({ 'purpose/_area.yaml': edit('purpose/_area.yaml', change) });
  const base = async (change: (p: Record<string, unknown>) => Record<string, unknown>) => block(item(siteViews(await completeWith(purpose(change))), 'endpoints', 'get-order'), 'signature')?.base;

  it('is the base path endpoint pages put before their paths where it is the only server and no address is stated', async () => {
    expect(await base((p) => ({ ...p, base_url: '{base_url}', servers: [{ url: '/api/v2', description: 'Where the document is served.' }] }))).toBe('/api/v2');
    expect(await base((p) => ({ ...p, base_url: { open: 'Which host?' }, servers: [{ url: '/api/v2/' }] }))).toBe('/api/v2');
  });

  it('is not where an address is stated, or where there are other servers: the base address is shown as written', async () => {
    expect(await base((p) => ({ ...p, base_url: 'https://api.example.com/v1', servers: [{ url: '/api/v2' }] }))).toBe('https://api.example.com/v1');
    expect(await base((p) => ({ ...p, base_url: '{base_url}', servers: [{ url: '/api/v2' }, { url: '/api/v3' }] }))).toBe('{base_url}');
  });

  it('leaves the base address a gap: its host is still unknown', async () => {
    const analysis = await completeWith(purpose((p) => ({ ...p, base_url: '{base_url}', servers: [{ url: '/api/v2' }] })));
    expect(analysis.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(analysis.assessment.gaps.map((g) => g.id)).toContain('purpose/base_url');
  });
});
