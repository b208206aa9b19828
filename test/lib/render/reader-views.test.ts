import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { exampleOf } from '../../../src/lib/render/example.ts';
import { inMediaType } from '../../../src/lib/render/media-example.ts';
import { homeOperations, homeView, SiteIndex, specMarkdown, type ShapeView } from '../../../src/lib/index.ts';
import { blockOf as block, completeWith, editComplete as edit, itemOf as item, siteViews } from '../../helpers.ts';

/**
 * The views of the reference pages as a reader of a real API needs them (issue 32): each case is
 * real YAML through the real loader, read back from the view a page is rendered from.
 */
const fields = (s: ShapeView | undefined) => s?.children.find((c) => c.kind === 'fields');
const field = (s: ShapeView | undefined, name: string) => fields(s)?.shapes.find((f) => f.name === name);
const yaml = (value: unknown) => stringify(value);

describe('a referenced type in place', () => {
  it('brings its description where it is used: a body, a field, an item of a list', async () => {
    const model = siteViews(
      await completeWith({
        'resources/Rule.yaml': yaml({ description: 'A rule that filters the stream.', fields: { value: { type: 'string', required: true } } }),
        'resources/Rules.yaml': yaml({ description: 'A request to add rules.', fields: { add: { type: 'array', required: true, items: 'Rule' }, first: { type: 'Rule', required: false, description: 'The rule tried first.' } } }),
        'endpoints/create-order.yaml': edit('endpoints/create-order.yaml', (e) => ({ ...e, request: { resource: 'Rules', content_type: 'application/json' } })),
      }),
    );
    const request = block(item(model, 'endpoints', 'create-order'), 'body')?.body;
    expect(request?.inline?.descriptionHtml).toBe('<p>A request to add rules.</p>');
    const root = request?.inline?.tree?.shape;
    expect(field(root, 'add')?.children[0]?.shapes[0]?.inline?.descriptionHtml).toBe('<p>A rule that filters the stream.</p>');
    // The field's own description first, the type's beside it.
    const first = field(root, 'first');
    expect([first?.description?.html, first?.inline?.descriptionHtml]).toEqual(['<p>The rule tried first.</p>', '<p>A rule that filters the stream.</p>']);
  });

  it('shows a named scalar as its type, with the name linking to its page, its constraints and description', async () => {
    const model = siteViews(
      await completeWith({
        'resources/RuleTag.yaml': yaml({ description: 'A tag for a rule.', value: { type: 'string', max_length: 128, examples: ['coffee'] } }),
        'resources/Card.yaml': edit('resources/Card.yaml', (c) => ({ ...c, fields: { ...(c.fields as object), tag: { type: 'RuleTag', required: false } } })),
      }),
    );
    const card = block(item(model, 'endpoints', 'get-order'), 'responses')?.responses[0]?.body.inline?.tree?.shape;
    const payment = field(card, 'payment')?.inline?.tree?.shape;
    const cardTree = payment?.children.find((c) => c.kind === 'variants')?.shapes[0]?.inline?.tree?.shape;
    const tag = field(cardTree, 'tag');
    expect(tag?.typeLink?.path).toBe('resources/RuleTag/');
    expect(tag?.inline?.scalar?.type?.text).toBe('string');
    expect(tag?.inline?.scalar?.constraints.map((c) => [c.label, c.facet.text])).toEqual([['max length', '128']]);
    expect(tag?.inline?.descriptionHtml).toBe('<p>A tag for a rule.</p>');
    // Never "the fields of RuleTag are on its page": a scalar has no fields and is shown wherever it is named.
    expect(tag?.inline?.bounded).toBeUndefined();
    expect(tag?.inline?.tree).toBeUndefined();
  });
});

describe('combinations', () => {
  it('name "one of", "any of" and "all of" in place, each variant by its type, and show an all_of as the fields it merges with where each comes from', async () => {
    const model = siteViews(
      await completeWith({
        'resources/Resource.yaml': yaml({ description: 'Common fields.', fields: { id: { type: 'string', required: true, read_only: true }, location: { type: 'string', required: false } } }),
        'resources/Gateway.yaml': yaml({ description: 'A gateway.', value: { type: 'all_of', of: ['Resource', { fields: { etag: { type: 'string', required: false }, size: { type: 'integer', required: true } } }] } }),
        'endpoints/create-order.yaml': edit('endpoints/create-order.yaml', (e) => ({ ...e, request: { resource: 'Gateway', content_type: 'application/json' }, responses: { '201': { resource: 'Gateway' } } })),
      }),
    );
    const page = item(model, 'endpoints', 'create-order');
    const sent = block(page, 'body')?.body.inline?.tree?.shape;
    const merged = sent?.children[0];
    expect([merged?.kind, merged?.combine, merged?.parts?.map((p) => ('key' in p ? p.key : null))]).toEqual(['fields', 'all_of', ['resources/Resource', null]]);
    // Sent: the read-only `id` is left out and named; every other field with its origin.
    expect(merged?.shapes.map((f) => [f.name, f.origin?.key])).toEqual([['location', 'resources/Resource'], ['etag', undefined], ['size', undefined]]);
    expect(merged?.leftOut).toEqual({ flag: 'read-only', names: ['id'] });
    const received = block(page, 'responses')?.responses[0]?.body.inline?.tree?.shape;
    expect(received?.children[0]?.shapes.map((f) => f.name)).toEqual(['id', 'location', 'etag', 'size']);
    // One of: the complete fixture's Payment, by its variants' types.
    const payment = item(model, 'resources', 'Payment');
    const variants = block(payment, 'shape')?.shape?.children.find((c) => c.kind === 'variants');
    expect([variants?.combine, variants?.shapes.map((v) => v.typeLink?.label)]).toEqual(['one_of', ['Card payment', 'Bank transfer']]);
  });

  it('keeps an all_of whose parts are not objects (a string and its pattern) as its parts, named "all of"', async () => {
    const model = siteViews(await completeWith({ 'resources/Code.yaml': yaml({ value: { type: 'all_of', of: [{ type: 'string', max_length: 8 }, { type: 'string', pattern: '^[A-Z]+$' }] } }) }));
    const children = block(item(model, 'resources', 'Code'), 'shape')?.shape?.children;
    expect(children?.map((c) => [c.kind, c.combine, c.shapes.length])).toEqual([['variants', 'all_of', 2]]);
  });
});

describe('a discriminator on a base type', () => {
  it('is shown on the type’s page and where the type is used, every value linked to its type', async () => {
    const mapping = { 'about:blank': 'Generic', 'https://example.com/problems/conflict': 'Conflict' };
    const model = siteViews(
      await completeWith({
        'resources/Problem.yaml': yaml({ description: 'A problem.', value: { type: 'object', fields: { type: { type: 'string', required: true } }, discriminator: { field: 'type', mapping } } }),
        'resources/Generic.yaml': yaml({ value: { type: 'all_of', of: ['Problem'] } }),
        'resources/Conflict.yaml': yaml({ value: { type: 'all_of', of: ['Problem', { fields: { id: { type: 'string', required: true } } }] } }),
      }),
    );
    const own = block(item(model, 'resources', 'Problem'), 'shape')?.shape?.discriminator;
    expect(own).toMatchObject({ field: 'type', mapping: [{ value: 'about:blank', type: 'Generic', link: { path: 'resources/Generic/' } }, { value: 'https://example.com/problems/conflict', type: 'Conflict', link: { path: 'resources/Conflict/' } }] });
    // The complete fixture's errors carry a Problem: every error response shows it with its discriminator.
    const error = block(item(model, 'endpoints', 'get-order'), 'responses')?.responses.find((r) => r.status === '404')?.body;
    expect(error?.errorBody?.from).toBe('area');
    expect(error?.errorBody?.body.inline?.tree?.shape.discriminator?.mapping.map((m) => m.type)).toEqual(['Generic', 'Conflict']);
  });
});

describe('error responses', () => {
  it('show the body the error carries under its status: the error’s own, else the errors area’s', async () => {
    const model = siteViews(await completeWith({}));
    const responses = block(item(model, 'endpoints', 'create-order'), 'responses')?.responses ?? [];
    const byStatus = Object.fromEntries(responses.map((r) => [r.status, r.body]));
    // `invalid_order` states its own body; `rate_limited` none, so it carries the errors area's Problem.
    expect(byStatus['400']?.error?.key).toBe('errors/invalid_order');
    expect(byStatus['400']?.errorBody?.from).toBe('error');
    expect(fields(byStatus['400']?.errorBody?.body.shape)?.shapes.map((f) => f.name)).toEqual(['type', 'title', 'status', 'errors']);
    expect(byStatus['429']?.errorBody?.from).toBe('area');
    expect(byStatus['429']?.errorBody?.body.inline?.link.key).toBe('resources/Problem');
    // Another item's body: no anchors of its own on this page; its example made from its shape.
    expect(byStatus['400']?.errorBody?.body.shape?.anchor).toBe('');
    expect(byStatus['400']?.errorBody?.body.examples[0]?.mediaType).toBe('application/problem+json');
  });
});

describe('what says nothing to a reader', () => {
  it('leaves out parameters stated as none and a parameter’s default style, keeping them with the authoring facts', async () => {
    const model = siteViews(
      await completeWith({
        'endpoints/list-orders.yaml': edit('endpoints/list-orders.yaml', (e) => ({ ...e, parameters: { query: { limit: { type: 'integer', required: false, style: 'form', explode: true }, sort: { type: 'string', required: false, style: 'spaceDelimited' } }, header: { none: 'The OpenAPI description declares none.' } } })),
      }),
    );
    const create = item(model, 'endpoints', 'create-order');
    expect(block(create, 'parameters')).toBeUndefined();
    expect(create.quiet.map((f) => [f.id, f.text])).toEqual([['endpoints/create-order/parameters', 'Takes no parameters.']]);
    const list = item(model, 'endpoints', 'list-orders');
    const groups = block(list, 'parameters')?.groups ?? [];
    expect(groups.map((g) => g.location)).toEqual(['query']);
    const rows = Object.fromEntries(groups[0]?.rows.map((r) => [r.name, r.extras.map((x) => [x.label, x.text])]) ?? []);
    // `style: form` and `explode: true` are what a query parameter does anyway; `spaceDelimited` is not.
    expect(rows).toEqual({ limit: [], sort: [['query parameter sort: style', 'spaceDelimited']] });
    expect(list.quiet.map((f) => f.id)).toEqual(['endpoints/list-orders/parameters/query/limit/style', 'endpoints/list-orders/parameters/query/limit/explode', 'endpoints/list-orders/parameters/header']);
    // Nothing is lost: the page's "More" list does not show them again either.
    expect(list.facets.map((f) => f.id)).not.toContain('endpoints/list-orders/parameters/header');
  });
});

describe('required', () => {
  it('reads a path parameter as required by the rule where its file does not say so, on the page and in the Markdown document', async () => {
    const analysis = await completeWith({
      'endpoints/get-order.yaml': edit('endpoints/get-order.yaml', (e) => ({ ...e, parameters: { path: { order_id: { type: 'string' } } } })),
    });
    const row = block(item(siteViews(analysis), 'endpoints', 'get-order'), 'parameters')?.groups[0]?.rows[0];
    expect([row?.name, row?.required?.text, row?.required?.byRule]).toEqual(['order_id', 'true', 'a path parameter always is']);
    expect(specMarkdown(analysis)).toContain('Required, as every path parameter is: `order_id`.');
  });
});

describe('external documentation', () => {
  it('is kept on an endpoint and shown on its page, a relative address resolved from the page', async () => {
    const model = siteViews(
      await completeWith({
        'endpoints/get-order.yaml': edit('endpoints/get-order.yaml', (e) => ({ ...e, external_docs: { url: 'https://docs.example.com/orders#get', description: 'How orders are *read*' } })),
        'endpoints/list-orders.yaml': edit('endpoints/list-orders.yaml', (e) => ({ ...e, external_docs: { url: '../../guide/' } })),
      }),
    );
    const get = item(model, 'endpoints', 'get-order');
    expect(get.externalDocs).toEqual({ url: 'https://docs.example.com/orders#get', descriptionHtml: 'How orders are <em>read</em>' });
    expect(get.facets.map((f) => f.id)).not.toContain('endpoints/get-order/external_docs');
    expect(item(model, 'endpoints', 'list-orders').externalDocs).toEqual({ url: '/guide/' });
  });
});

describe('generated examples', () => {
  const deep = (levels: number): Record<string, string> =>
    Object.fromEntries(Array.from({ length: levels }, (_, i) => [`resources/N${i}.yaml`, yaml({ fields: { [`at${i}`]: { type: 'string', required: true }, ...(i < levels - 1 ? { next: { type: `N${i + 1}`, required: true }, list: { type: 'array', required: true, items: `N${i + 1}` } } : {}) } })]));

  it('go to the full depth of the shapes (14 levels, as Azure’s gateway), never hollow: no `{}` or `[]` where a type has fields', async () => {
    const analysis = await completeWith(deep(14));
    const resource = (id: string) => analysis.spec.areas.find((a) => a.key === 'resources')?.items.find((i) => i.id === id)?.data as Record<string, unknown> | undefined;
    const made = exampleOf('N0', { resource }, 'response');
    const text = JSON.stringify(made?.value);
    expect(text).toContain('"at13":"string"');
    expect(text).not.toMatch(/\{\}|\[\]/);
  });

  it('stay bounded: where a budget of values runs out, a field is left out rather than shown empty', async () => {
    // Each level names the next twice: 2^20 values if nothing stopped it.
    const analysis = await completeWith(deep(20));
    const resource = (id: string) => analysis.spec.areas.find((a) => a.key === 'resources')?.items.find((i) => i.id === id)?.data as Record<string, unknown> | undefined;
    const text = JSON.stringify(exampleOf('N0', { resource }, 'response')?.value);
    expect(text.length).toBeLessThan(100_000);
    expect(text).not.toMatch(/\{\}|\[\]/);
  });

  it('leave out a resource inside itself rather than show it as an empty list', async () => {
    const analysis = await completeWith({ 'resources/Node.yaml': yaml({ fields: { name: { type: 'string', required: true }, children: { type: 'array', required: false, items: 'Node' }, parent: { type: 'Node', required: false } } }) });
    const resource = (id: string) => analysis.spec.areas.find((a) => a.key === 'resources')?.items.find((i) => i.id === id)?.data as Record<string, unknown> | undefined;
    expect(exampleOf('Node', { resource }, 'response')?.value).toEqual({ name: 'string' });
  });

  it('write `text/json` and `+json` types as JSON', () => {
    for (const type of ['text/json', 'application/problem+json', 'text/json; charset=utf-8']) expect(inMediaType({ a: 1 }, type)).toEqual({ text: '{\n  "a": 1\n}', lang: 'json' });
  });

  it('show a body written in two JSON media types once, naming both', async () => {
    const model = siteViews(await completeWith({ 'endpoints/get-order.yaml': edit('endpoints/get-order.yaml', (e) => ({ ...e, responses: { 200: { resource: 'Card', content_type: ['application/json', 'text/json'] } } })) }));
    const examples = block(item(model, 'endpoints', 'get-order'), 'responses')?.responses[0]?.body.examples ?? [];
    expect(examples.map((e) => [e.mediaType, e.alsoAs])).toEqual([['application/json', ['text/json']]]);
  });
});

describe('the home page', () => {
  it('tells the API before the workbench: its name, purpose, servers, and its operations by group', async () => {
    const analysis = await completeWith({});
    const index = new SiteIndex(analysis);
    const home = homeView(index.context(() => {}));
    expect(home.name).toBe(index.service.name);
    expect(home.purposeHtml).toContain('<p>');
    const model = siteViews(analysis);
    const operations = homeOperations(model.areas);
    // The areas whose items have a line (a path, a channel): endpoints first, then events.
    expect(operations.map((o) => o.area)).toEqual(['endpoints', 'events']);
    const orders = operations[0]?.groups.find((g) => g.name === 'Orders');
    expect(orders?.items?.find((i) => i.path === 'endpoints/create-order/')).toEqual({ title: 'Create an order', path: 'endpoints/create-order/', badge: 'POST', line: '/orders' });
    expect(orders?.path).toMatch(/^endpoints\/#group-orders-/);
    expect(operations[0]?.groups.map((g) => g.name)).toEqual(['Orders', 'Without a tag']);
  });
});
