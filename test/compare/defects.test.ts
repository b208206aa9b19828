// The comparison mode's defects an independent tester found (issue 34), each on real YAML through
// the real loader, the diff engine, the change model and the marked views the pages render.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  analyze,
  changeModel,
  diffMarkdown,
  diffSpecs,
  itemView,
  markItemView,
  pageChanges,
  readSpecDir,
  SiteIndex,
  type Analysis,
  type ChangeModel,
  type ItemView,
  type PageChange,
} from '../../src/lib/index.ts';
import { completeWith, fixture } from '../helpers.ts';
import { inPlace } from './edits.ts';

const file = (path: string, from = 'complete') => readFile(join(fixture(from), path), 'utf8');
/** A file of a fixture with one text replaced; the text must be there exactly once. */
const edited = async (path: string, from: string, to: string, fixtureName = 'complete') => {
  const text = await file(path, fixtureName);
  if (text.split(from).length !== 2) throw new Error(`${path} holds ${JSON.stringify(from)} ${text.split(from).length - 1} times`);
  return text.replace(from, to);
};

/** The half-written fixture with files replaced (or removed with `null`), through the real loader. */
async function halfWrittenWith(overrides: Record<string, string | null>): Promise<Analysis> {
  const files = (await readSpecDir(fixture('half-written'))).filter((f) => !(f.path in overrides));
  for (const [path, text] of Object.entries(overrides)) if (text !== null) files.push({ path, bytes: new TextEncoder().encode(text) });
  return analyze(files.sort((a, b) => (a.path < b.path ? -1 : 1)));
}

const modelOf = (before: Analysis, after: Analysis): ChangeModel => changeModel(diffSpecs(before, after), before, after, { name: 'base', commit: '0'.repeat(40) });
const pageOf = (model: ChangeModel, path: string): PageChange => {
  const page = pageChanges(model).get(path);
  if (!page) throw new Error(`no changes for ${path}`);
  return page;
};

/** A page's view as the site builds it (from `analysis`, the spec the page shows), marked with its changes. */
function markedView(analysis: Analysis, page: PageChange, options: ConstructorParameters<typeof SiteIndex>[1] = {}): ItemView {
  const ctx = new SiteIndex(analysis, { base: '/', ...options }).context(() => {});
  const [area = '', id = ''] = page.key.split('/');
  const view = itemView(ctx, area, id);
  if (!view) throw new Error(`no view of ${page.key}`);
  return markItemView(view, page, ctx);
}

/** Every string of a view under a key, wherever it sits. */
function strings(view: unknown, key: string, out: string[] = []): string[] {
  if (Array.isArray(view)) for (const v of view) strings(v, key, out);
  else if (view && typeof view === 'object') {
    for (const [k, v] of Object.entries(view)) {
      if (k === key && typeof v === 'string') out.push(v);
      else strings(v, key, out);
    }
  }
  return out;
}

describe('a breaking change outside a field is flagged beside the facet it concerns', async () => {
  const before = await completeWith({});
  const after = await completeWith({
    'limits/default-rate.yaml': await edited('limits/default-rate.yaml', 'quota: 1000', 'quota: 500'),
    'authentication/oauth2.yaml': await edited('authentication/oauth2.yaml', 'access_token: PT1H', 'access_token: PT15M'),
    'endpoints/get-order.yaml': await edited('endpoints/get-order.yaml', 'path: /orders/{order_id}', 'path: /orders/by-id/{order_id}'),
    'states/order-status.yaml': await edited('states/order-status.yaml', '  - { from: placed, to: shipped, trigger: { condition: The warehouse confirms dispatch. } }\n', ''),
  });
  const diff = diffSpecs(before, after);
  const model = modelOf(before, after);

  it.each([
    ['limits/default-rate/', 'limits/default-rate/quota', /^Quota `default-rate` lowered/],
    ['endpoints/get-order/', 'endpoints/get-order/path', /^Endpoint `get-order` path changed/],
    ['authentication/oauth2/', 'authentication/oauth2/token_lifetimes/access_token', /^Token lifetime `access_token` of `oauth2` shortened/],
    ['states/order-status/', 'states/order-status/transitions', /^Transition `placed->shipped` of `order-status` removed/],
  ])('%s: the diff names the facet %s, and the page shows the reason there', (path, facet, message) => {
    const said = diff.breaking.find((b) => message.test(b.message));
    expect(said?.facet).toBe(facet);
    const page = pageOf(model, path);
    const view = markedView(after, page);
    const mark = inPlace(view).get(facet);
    expect(mark?.breaking, `${facet} in place`).toEqual([said?.message]);
    // The Changes page links the breaking change to that mark, and the page's list says it is in place.
    const entry = model.breaking.find((b) => b.message === said?.message);
    expect(entry?.anchor).toBe(mark?.anchor);
    expect(view.changes?.inPlace).toContain(entry?.facet);
  });
});

describe('"made required" is flagged on the required flag, also where the change closes its gap', () => {
  it('a field whose open `required` is answered true and whose allowed values narrow: each reason beside its own facet', async () => {
    const loan = (required: string, allowed: string) =>
      `fields:\n  id: { type: string, required: true, format: uuid }\n  status: { type: string, format: slug, required: ${required}, allowed: [${allowed}] }\n  renewals: { type: integer, required: true, format: int32 }\n  overdue: { type: boolean, required: true }\n  book: { type: Book, required: true }\n`;
    const before = await halfWrittenWith({ 'resources/Loan.yaml': loan('{ open: Always there? }', 'active, returned, lost') });
    const after = await halfWrittenWith({ 'resources/Loan.yaml': loan('true', 'active, returned') });
    const model = modelOf(before, after);
    const page = pageOf(model, 'resources/Loan/');
    const required = page.marks.find((m) => m.id === 'resources/Loan/fields/status/required');
    expect(required).toMatchObject({ kind: 'stated', breaking: ['Field `status` of `Loan` made required.'] });
    expect(page.marks.find((m) => m.id === 'resources/Loan/fields/status/allowed')?.breaking).toEqual(['Allowed values of `Loan.status` narrowed: `lost` no longer allowed.']);
    const marks = inPlace(markedView(after, page));
    expect(marks.get('resources/Loan/fields/status/required')?.breaking).toEqual(['Field `status` of `Loan` made required.']);
  });
});

describe('before -> after reads as values read elsewhere: prose rendered, structures key by key', async () => {
  const before = await completeWith({});
  const after = await completeWith({
    'resources/Order.yaml': await edited('resources/Order.yaml', 'description: A customer\'s order, from draft to shipment, paid with a [Payment](../Payment/).', 'description: A customer\'s order, paid with a [Payment](../Payment/) `<b>`.'),
    'events/order.shipped.yaml': await edited('events/order.shipped.yaml', 'attempts: 10', 'attempts: 3'),
    'authentication/oauth2.yaml': await edited('authentication/oauth2.yaml', 'access_token: PT1H', 'access_token: PT15M'),
  });
  const model = modelOf(before, after);
  const every = model.pages.flatMap((p) => p.marks);

  it('no value is shown as raw JSON or Markdown source', () => {
    for (const m of every) for (const side of [m.before, m.after]) if (side !== undefined && m.form !== 'code') expect(side, m.id).not.toMatch(/^[{[]/);
    const retries = every.find((m) => m.id === 'events/order.shipped/retries');
    expect(retries).toMatchObject({ kind: 'changed', parts: [{ key: 'attempts', before: '10', after: '3' }] });
    expect(retries?.before).toBeUndefined();
    const lifetimes = every.find((m) => m.id === 'authentication/oauth2/token_lifetimes');
    expect(lifetimes?.parts).toEqual([expect.objectContaining({ key: 'access_token', before: 'PT1H', after: 'PT15M' })]);
  });

  it('prose is rendered as the page renders prose: its links resolved, its markup safe', () => {
    const page = pageOf(model, 'resources/Order/');
    const view = markedView(after, page);
    const description = view.changes?.marks.find((m) => m.id === 'resources/Order/description');
    expect(description?.form).toBe('prose');
    expect(description?.before).toBeUndefined();
    expect(description?.beforeHtml).toBe(`A customer's order, from draft to shipment, paid with a <a href="/resources/Payment/">Payment</a>.`);
    expect(description?.afterHtml).toContain('<code>&#x3C;b></code>');
    expect(description?.afterHtml).not.toContain('[Payment]');
  });

  it('a structure shown key by key on its page gets each key marked in place', () => {
    const marks = inPlace(markedView(after, pageOf(model, 'authentication/oauth2/')));
    expect(marks.get('authentication/oauth2/token_lifetimes/access_token')).toMatchObject({ label: 'access_token', before: 'PT1H', after: 'PT15M' });
  });
});

describe('a removed item’s page is its last content, linking where things are now', async () => {
  const before = await completeWith({});
  const after = await completeWith({
    'endpoints/place-order.yaml': null,
    'endpoints/submit-order.yaml': await file('endpoints/place-order.yaml'),
    'states/order-status.yaml': null,
    'resources/Order.yaml': await edited('resources/Order.yaml', '[[states/order-status|lifecycle]]', 'lifecycle'),
  });
  const model = modelOf(before, after);
  const page = pageOf(model, 'states/order-status/');

  it('links items renamed since by their new ids', () => {
    expect(page.status).toBe('removed');
    const paths = strings(markedView(before, page), 'path');
    expect(paths.filter((p) => p.startsWith('endpoints/place-order/'))).toEqual([]);
    expect(paths).toContain('endpoints/submit-order/');
  });

  it('has no edit links: its file is gone', async () => {
    const plain = itemView(new SiteIndex(before, { base: '/' }).context(() => {}), 'states', 'order-status');
    expect(plain?.editUrl).toMatch(/^https:/);
    expect(markedView(before, page).editUrl).toBeUndefined();
    // A removed item with a gap: its gap's links to the file go too.
    const halfBefore = await halfWrittenWith({});
    const halfAfter = await halfWrittenWith({ 'states/loan-status.yaml': null });
    const removed = pageOf(modelOf(halfBefore, halfAfter), 'states/loan-status/');
    const editUrl = 'https://github.com/acme/spec/edit/main/spec/';
    const withLinks = itemView(new SiteIndex(halfBefore, { base: '/', editUrl }).context(() => {}), 'states', 'loan-status');
    expect(strings(withLinks, 'edit').length).toBeGreaterThan(0);
    const view = markedView(halfBefore, removed, { editUrl });
    expect(view.editUrl).toBeUndefined();
    expect(JSON.stringify(view)).not.toContain(editUrl);
  });
});

describe('a gap closed with nothing stated says why', () => {
  it('dropping `require: [format]` closes the format gaps: marked as closed by the settings change, not "stated"', async () => {
    const before = await halfWrittenWith({});
    const after = await halfWrittenWith({ 'specbench.yaml': '{}\n' });
    const model = modelOf(before, after);
    const formats = model.closed.filter((g) => g.id.endsWith('/format'));
    expect(formats.length).toBeGreaterThan(0);
    for (const g of formats) expect(g.reason, g.id).toBe('settings');
    const marks = model.pages.flatMap((p) => p.marks).filter((m) => m.id.endsWith('/format'));
    expect(marks.map((m) => m.kind)).toEqual(formats.map(() => 'closed'));
    expect(marks.some((m) => m.kind === 'stated')).toBe(false);
  });
});

describe('a change the page shows nothing of still says what changed', () => {
  it('a title-only change: its page lists the title before -> after', async () => {
    const before = await completeWith({});
    const after = await completeWith({ 'endpoints/get-order.yaml': await edited('endpoints/get-order.yaml', 'title: Get an order', 'title: Fetch one order') });
    const page = pageOf(modelOf(before, after), 'endpoints/get-order/');
    expect(page.marks).toEqual([expect.objectContaining({ id: 'endpoints/get-order/title', kind: 'changed', before: 'Get an order', after: 'Fetch one order' })]);
  });
});

describe('a spec folder that was not there at the base', () => {
  it('is said to be compared with nothing, in the model and in the comment', async () => {
    const before = analyze([]);
    const after = await completeWith({});
    const diff = diffSpecs(before, after);
    expect(diff.emptyBase).toBe(true);
    expect(modelOf(before, after).emptyBase).toBe(true);
    expect(diffMarkdown(diff, '`base` with the working tree')).toContain('**Nothing to compare with:** at the base revision the spec folder holds no spec file');
    const same = diffSpecs(after, after);
    expect(same.emptyBase).toBe(false);
    expect(diffMarkdown(same, 'x')).not.toContain('Nothing to compare with');
  });
});

describe('the comment and the Changes page count alike', () => {
  it('the list of items counts the area files changed on both', async () => {
    const before = await completeWith({});
    const after = await completeWith({
      'limits/_area.yaml': await edited('limits/_area.yaml', 'headers: [RateLimit, RateLimit-Policy, Retry-After]', 'headers: [RateLimit, RateLimit-Policy]'),
      'endpoints/get-order.yaml': await edited('endpoints/get-order.yaml', 'title: Get an order', 'title: Fetch one order'),
    });
    const diff = diffSpecs(before, after);
    const { counts } = modelOf(before, after);
    expect(counts).toMatchObject({ changed: 1, areaFiles: 1, items: 2 });
    const headings = Object.fromEntries([...diffMarkdown(diff, 'x').matchAll(/^### (.+) \((\d+)\)$/gm)].map((m) => [m[1], Number(m[2])]));
    expect(headings).toEqual({ Items: counts.items });
  });
});
