import { describe, expect, it } from 'vitest';
import { navigation, readerOrder, type BlockView, type ItemView, type NavEntry } from '../../../src/lib/index.ts';
import { completeWith, editComplete as edit, fixture, siteViews, specAt, specFrom } from '../../helpers.ts';

const itemOf = (model: ReturnType<typeof siteViews>, area: string, id: string): ItemView => {
  const found = model.areas.find((a) => a.key === area)?.items.find((i) => i.id === id);
  if (!found) throw new Error(`no ${area}/${id}`);
  return found;
};
const blockOf = <K extends BlockView['kind']>(i: ItemView, kind: K) => i.blocks.find((b): b is Extract<BlockView, { kind: K }> => b.kind === kind);


describe('the site model', () => {
  it('hands the gaps page every gap of each area, field gaps included, in order', async () => {
    const analysis = await specAt(fixture('half-written'));
    const model = siteViews(analysis);
    expect(model.areas.flatMap((a) => a.gaps.map((g) => g.id))).toEqual(analysis.assessment.gaps.map((g) => g.id));
    expect(model.areas.find((a) => a.key === 'resources')?.gaps.map((g) => g.id)).toContain('resources/Loan/fields/status/required');
  });

  it('lays out a resource as a tree of fields: every field in order, nested ones inside their parent', async () => {
    const model = siteViews(await specAt(fixture('complete')));
    const order = model.areas.find((a) => a.key === 'resources')?.items.find((i) => i.id === 'Order');
    const block = order?.blocks.find((b) => b.kind === 'shape');
    const fields = block?.kind === 'shape' ? block.fields : [];
    expect(fields.map((f) => f.name)).toEqual(['id', 'status', 'total', 'paid', 'created_at', 'currency', 'priority', 'discount', 'notes', 'legacy_ref', 'lines', 'labels', 'metadata', 'payment', 'delivery_window']);
    const lines = fields.find((f) => f.name === 'lines');
    expect(lines?.children.map((c) => c.kind)).toEqual(['items']);
    expect(lines?.children[0]?.shapes[0]?.children[0]?.shapes.map((s) => s.name)).toEqual(['sku', 'quantity']);
    expect(fields.find((f) => f.name === 'payment')?.typeLink?.path).toBe('resources/Payment/');
    // The layout takes every facet and value the resource states: nothing is left to list after it.
    expect(order?.facets).toEqual([]);
  });

  it('shows what is stated as none or left open in bodies, descriptions and transitions, where it would stand', async () => {
    const model = siteViews(
      await completeWith({
        'endpoints/get-order.yaml': edit('endpoints/get-order.yaml', (e) => ({ ...e, description: { none: 'The title says it all.' }, responses: { '200': { resource: 'Order', list: false, content: { open: 'JSON only, or CSV too?' } }, '404': { error: 'order_not_found', schema: { none: 'The error has no body.' } } } })),
        'states/order-status.yaml': edit('states/order-status.yaml', (m) => ({ ...m, transitions: [...(m.transitions as object[]).slice(0, 2), { from: 'placed', to: 'shipped', trigger: { none: 'It happens outside the service.' } }] })),
      }),
    );
    const item = (area: string, id: string) => model.areas.find((a) => a.key === area)?.items.find((i) => i.id === id);
    const get = item('endpoints', 'get-order');
    expect(get?.descriptionUnstated).toMatchObject({ state: 'none', text: 'The title says it all.' });
    const responses = get?.blocks.find((b) => b.kind === 'responses');
    const bodies = responses?.kind === 'responses' ? Object.fromEntries(responses.responses.map((r) => [r.status, r.body])) : {};
    expect(bodies['200']?.extras.map((f) => [f.label, f.state, f.text])).toEqual([['response: list', 'stated', 'false'], ['response: media types', 'open', undefined]]);
    expect(bodies['404']?.extras.map((f) => [f.state, f.text])).toEqual([['none', 'The error has no body.']]);
    const shipped = item('states', 'order-status')?.machine?.transitions.find((t) => t.to === 'shipped');
    expect(shipped?.triggerUnstated).toMatchObject({ state: 'none', text: 'It happens outside the service.' });
  });

  it('puts names from the spec into generated gap questions as code, so a name never becomes a link', async () => {
    const name = '[admin](https://evil.example/x) *all*';
    const model = siteViews(await completeWith({ 'authentication/oauth2.yaml': edit('authentication/oauth2.yaml', (a) => ({ ...a, scopes: { [name]: { open: true } } })) }));
    const gap = model.areas.find((a) => a.key === 'authentication')?.gaps.find((g) => g.label.startsWith('scope: '));
    expect(gap?.questionHtml).toBe('What does the scope <code>[admin](https://evil.example/x) *all*</code> allow?');
  });

  it('links each scope of a security requirement to its entry on the scheme’s page, and keeps calling without credentials an alternative', async () => {
    const model = siteViews(await specAt(fixture('complete')));
    const security = blockOf(itemOf(model, 'endpoints', 'list-orders'), 'security')?.security;
    expect(security?.alternatives.map((a) => [a.anonymous, a.requirements.map((r) => [r.scheme, r.scopes])])).toEqual([
      [false, [['oauth2', [{ name: 'orders:read', path: 'authentication/oauth2/#f-authentication/oauth2/scopes/orders_3a_read' }]]]],
      [false, [['api-key', []], ['oauth2', []]]],
      [true, []],
    ]);
    // The anchor is the one the scheme's page gives the scope's entry.
    const scopes = blockOf(itemOf(model, 'authentication', 'oauth2'), 'entries');
    expect(scopes?.rows.find((r) => r.key === 'orders:read')?.facet.anchor).toBe('f-authentication/oauth2/scopes/orders_3a_read');
    // A scope the scheme does not state gets no link.
    const unknown = siteViews(await completeWith({ 'endpoints/get-order.yaml': edit('endpoints/get-order.yaml', (e) => ({ ...e, security: [{ scheme: 'oauth2', scopes: ['orders:admin'] }] })) }));
    expect(blockOf(itemOf(unknown, 'endpoints', 'get-order'), 'security')?.security.alternatives[0]?.requirements[0]?.scopes).toEqual([{ name: 'orders:admin' }]);
  });

  it('marks a deprecated endpoint on its signature line', async () => {
    const model = siteViews(await specAt(fixture('complete')));
    expect(blockOf(itemOf(model, 'endpoints', 'list-order-lines'), 'signature')?.deprecated).toBe(true);
    expect(blockOf(itemOf(model, 'endpoints', 'get-order'), 'signature')?.deprecated).toBeUndefined();
  });

  it('gives an error without a body of its own the errors area’s body shape, marked as inherited', async () => {
    const model = siteViews(await specAt(fixture('complete')));
    const inherited = blockOf(itemOf(model, 'errors', 'order_not_found'), 'body');
    expect(inherited?.inherited).toEqual({ area: 'errors', path: 'errors/#f-errors/body' });
    expect(inherited?.body.resource?.path).toBe('resources/Problem/');
    expect(inherited?.body.mediaTypes).toEqual(['application/problem+json']);
    // An error with its own body keeps it.
    const own = blockOf(itemOf(model, 'errors', 'invalid_order'), 'body');
    expect(own?.inherited).toBeUndefined();
    expect(own?.body.shape?.children[0]?.shapes.map((f) => f.name)).toEqual(['type', 'title', 'status', 'errors']);
    // Without an area body there is nothing to inherit.
    const bare = siteViews(await completeWith({ 'errors/_area.yaml': 'inventory: complete\nbody: { open: Problem or our own? }\n' }));
    expect(blockOf(itemOf(bare, 'errors', 'order_not_found'), 'body')).toBeUndefined();
  });

  it('shows a resource’s state machine on the resource, not on the endpoints that trigger its transitions', async () => {
    const model = siteViews(await specAt(fixture('complete')));
    const order = itemOf(model, 'resources', 'Order');
    expect(order.lifecycles?.map((l) => [l.link.key, l.link.path, l.machine.states.map((s) => s.name)])).toEqual([['states/order-status', 'states/order-status/', ['draft', 'placed', 'cancelled', 'shipped']]]);
    expect(itemOf(model, 'endpoints', 'place-order').lifecycles).toBeUndefined();
    expect(itemOf(model, 'resources', 'Payment').lifecycles).toBeUndefined();
  });

  it('writes the keys of values an owner states besides its facets as words', async () => {
    const model = siteViews(await specAt(fixture('complete')));
    expect(blockOf(itemOf(model, 'endpoints', 'list-orders'), 'facts')?.rows.map((r) => r.label)).toEqual(['tags', 'operation id', 'limits']);
    expect(itemOf(model, 'limits', 'request-size').blocks.flatMap((b) => (b.kind === 'facts' ? b.rows.map((r) => r.label) : []))).toContain('applies to');
  });

  it('takes the logo from specbench.yaml, and refuses a logo that is not a web or relative URL', async () => {
    expect(siteViews(await specAt(fixture('complete'))).service.logo).toBe('favicon.svg');
    expect(siteViews(await completeWith({ 'specbench.yaml': 'logo: https://acme.example/logo.svg\n' })).service.logo).toBe('https://acme.example/logo.svg');
    expect(siteViews(await completeWith({ 'specbench.yaml': null })).service.logo).toBeUndefined();
    const bad = specFrom({ 'specbench.yaml': 'logo: "javascript:alert(1)"\n' });
    expect(bad.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.file, d.code])).toEqual([['specbench.yaml', expect.any(String)]]);
  });
});

describe('the navigation', () => {
  const links = (entries: NavEntry[]): string[] => entries.flatMap((e) => (e.kind === 'link' ? [e.path] : links(e.entries)));

  it('lists every item of a small area under every tag, whichever page is open', async () => {
    const model = siteViews(await specAt(fixture('complete')));
    const endpoints = navigation(model.areas, 'endpoints/get-order/').find((e) => e.label === 'Endpoints');
    expect(endpoints?.kind === 'group' ? endpoints.entries.map((e) => [e.label, e.kind, e.kind === 'group' ? e.open : undefined]) : undefined).toEqual([
      ['Overview', 'link', undefined],
      ['Orders', 'group', true],
      ['Without a tag', 'group', true],
    ]);
    expect(endpoints?.kind === 'group' ? links(endpoints.entries) : []).toEqual([
      'endpoints/',
      'endpoints/create-order/',
      'endpoints/list-order-lines/',
      'endpoints/list-orders/',
      'endpoints/cancel-order/',
      'endpoints/get-order/',
      'endpoints/place-order/',
    ]);
    // Other areas stay one link each.
    expect(navigation(model.areas, 'endpoints/get-order/').find((e) => e.label === 'Resources')?.kind).toBe('link');
  });

  it('lists the areas in the order a reader looks for them, those with nothing in them last (the dashboard keeps the nine-part order)', async () => {
    const model = siteViews(await specAt(fixture('complete')));
    expect(readerOrder(model.areas).map((a) => a.key)).toEqual(['endpoints', 'events', 'resources', 'errors', 'authentication', 'limits', 'versioning', 'states', 'purpose']);
    expect(model.areas.map((a) => a.key)).toEqual(['purpose', 'resources', 'states', 'endpoints', 'authentication', 'events', 'errors', 'limits', 'versioning']);
    // An imported description states nothing of its states, limits and versioning: they go last.
    const empty = model.areas.map((a) => (['states', 'events'].includes(a.key) ? { ...a, items: [], coverage: { stated: 0, total: a.coverage.total } } : a));
    expect(readerOrder(empty).map((a) => a.key)).toEqual(['endpoints', 'resources', 'errors', 'authentication', 'limits', 'versioning', 'purpose', 'events', 'states']);
  });

  it('stays bounded in a large area: other tag groups are one link, the current list a window of 10', async () => {
    const model = siteViews(await specAt(fixture('complete')));
    const area = model.areas.find((a) => a.key === 'endpoints');
    const template = area?.items[0];
    if (!area || !template) throw new Error('no endpoints');
    const item = (n: number, tag: string): ItemView => ({ ...template, id: `e${n}`, title: `E${n}`, path: `endpoints/e${n}/`, listing: { badge: 'GET', groups: [tag] } });
    const big = { ...area, items: [...Array.from({ length: 60 }, (_, n) => item(n, 'A')), ...Array.from({ length: 5 }, (_, n) => item(100 + n, 'B'))] };
    const nav = navigation([big], 'endpoints/e30/')[0];
    const groups = nav?.kind === 'group' ? nav.entries : [];
    expect(groups.map((g) => [g.label, g.kind])).toEqual([['Overview', 'link'], ['A', 'group'], ['B', 'link']]);
    const a = groups[1];
    expect(a?.kind === 'group' ? a.entries.length : 0).toBe(11);
    // Many tags: five groups around the current one, and one link to all of them.
    const tagged = { ...area, items: Array.from({ length: 45 * 3 }, (_, n) => item(n, `T${String(Math.floor(n / 3)).padStart(2, '0')}`)) };
    const many = navigation([tagged], 'endpoints/e90/')[0];
    const shown = many?.kind === 'group' ? many.entries : [];
    expect(shown.map((g) => g.label)).toEqual(['Overview', ...Array.from({ length: 5 }, (_, i) => `T${String(28 + i)}`), 'All 45 groups']);
    expect(shown.find((g) => g.label === 'T30')?.kind).toBe('group');
  });
});
