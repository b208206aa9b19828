import { execFileSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { SyntaxValidator } from 'fast-xml-validator';
import { openApiProblems } from '../openapi-valid.ts';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { cli, fixture, scratchCopy } from '../helpers.ts';
import { buildSite } from './build.ts';
import { htmlFiles, main, page } from './read.ts';
import { unsafeSite } from './scan.ts';

const { content, complete, hostile, halfWritten } = inject('sites');

describe('the site built from content/', () => {
  it('has a dashboard with the nine areas in order, their coverage and gap counts', async () => {
    const rows = main(await page(content, '.')).querySelectorAll('table.dashboard tbody tr');
    expect(rows.map((r) => r.querySelectorAll('td').map((td) => td.text.trim()).filter((_text, i) => i !== 3))).toEqual([
      ['1', 'Purpose', '0/5 (0%)', '5'],
      ['2', 'Resources', '0/1 (0%)', '1'],
      ['3', 'States', '0/1 (0%)', '1'],
      ['4', 'Endpoints', '0/1 (0%)', '1'],
      ['5', 'Authentication', '0/1 (0%)', '1'],
      ['6', 'Events', '0/4 (0%)', '4'],
      ['7', 'Errors', '0/2 (0%)', '2'],
      ['8', 'Limits', '0/4 (0%)', '4'],
      ['9', 'Versioning', '0/3 (0%)', '3'],
    ]);
    expect(rows[0]?.querySelector('a')?.getAttribute('href')).toBe('/purpose/');
    expect(rows[0]?.querySelectorAll('a')[1]?.getAttribute('href')).toBe('/gaps/#area-purpose');
    expect(rows[0]?.querySelector('svg.coverage')?.getAttribute('aria-label')).toBe('Purpose: 0/5 (0%) stated');
  });

  it('shows the readiness levels on the dashboard, none reached, with each gap before design-review linked where it is', async () => {
    const root = main(await page(content, '.'));
    const { out } = await cli(['gaps', '--spec', 'content', '--format', 'json']);
    const readiness = JSON.parse(out).readiness;
    expect(root.querySelector('p a[href="#readiness"]')?.text).toBe('no level reached yet');
    expect(root.querySelectorAll('ol.levels li').map((li) => [li.getAttribute('data-level'), li.getAttribute('data-reached'), li.text.trim()])).toEqual([
      ['design-review', 'false', 'design-review: 15 open gaps'],
      ['build', 'false', 'build: 16 open gaps'],
      ['publish', 'false', 'publish: 22 open gaps'],
    ]);
    expect(root.querySelector('p.next-level')?.text).toBe('15 gaps stand between the spec and level design-review:');
    const links = root.querySelectorAll('ul.blocking a');
    expect(links.map((a) => a.text)).toEqual(readiness.next.blocking);
    expect(links[0]?.getAttribute('href')).toBe('/purpose/#f-purpose/name');
    expect(links.map((a) => a.getAttribute('href'))).toContain('/versioning/#f-versioning/inventory');
  });

  it('draws the gap history from git on the dashboard', async () => {
    const root = main(await page(content, '.'));
    expect(root.querySelector('.note')?.text).toMatch(/^\d+ commits?, /);
    expect(root.querySelector('svg.history-chart')?.getAttribute('aria-label')).toMatch(/^Open gaps over \d+ commits?: 22 at [0-9a-f]{7}/);
    expect(root.querySelectorAll('.history-table tbody tr').length).toBeGreaterThan(0);
  });

  it('shows every facet of an area page as a gap in place, with its id and question', async () => {
    const facets = main(await page(content, 'purpose')).querySelectorAll('.facet');
    expect(facets.map((f) => f.getAttribute('data-facet'))).toEqual(['purpose/name', 'purpose/base_url', 'purpose/purpose', 'purpose/domain', 'purpose/users']);
    expect(facets.every((f) => f.classList.contains('gap'))).toBe(true);
    expect(facets[1]?.text).toContain('{base_url}');
    expect(facets[1]?.querySelector('.question')?.text.trim()).toBe('purpose/base_url What is the concrete base address of the service?');
  });

  it('says on each item area that nothing is listed yet, and shows the inventory gap', async () => {
    const root = main(await page(content, 'endpoints'));
    expect(root.text).toContain('No endpoints written yet.');
    expect(root.querySelector('[data-facet="endpoints/inventory"]')?.classList.contains('gap')).toBe(true);
  });

  it('lists all 22 gaps on the gaps page, grouped by area, with filters', async () => {
    const root = main(await page(content, 'gaps'));
    expect(root.querySelectorAll('.facet.gap')).toHaveLength(22);
    expect(root.querySelectorAll('section[data-area]').map((s) => [s.getAttribute('data-area'), s.querySelectorAll('.facet').length])).toEqual([
      ['purpose', 5], ['resources', 1], ['states', 1], ['endpoints', 1], ['authentication', 1], ['events', 4], ['errors', 2], ['limits', 4], ['versioning', 3],
    ]);
    expect(root.querySelectorAll('.filters input[type=checkbox]')).toHaveLength(4 + 9);
    expect(root.querySelector('.total-shown')?.text).toBe(' of 22 open gaps shown with these filters.');
  });

  it('adds no client script of its own: pages, components and layouts are static', async () => {
    const sources = await readdir('src', { recursive: true, withFileTypes: true });
    const astro = sources.filter((e) => e.isFile() && e.name.endsWith('.astro')).map((e) => join(e.parentPath, e.name));
    expect(astro.length).toBeGreaterThan(5);
    for (const file of astro) expect(await readFile(file, 'utf8'), file).not.toMatch(/<script/i);
  });
});

describe('the site built from the complete fixture (SPEC_DIR)', () => {
  it('publishes the exports and the Markdown document, linked from the dashboard, the same as `export` writes', async () => {
    const links = main(await page(complete, '.')).querySelectorAll('ul.downloads a').map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/downloads/openapi.json', '/downloads/asyncapi.json', '/downloads/spec.md']);
    const read = (file: string) => readFile(join(complete, 'downloads', file), 'utf8');
    const openapi = JSON.parse(await read('openapi.json'));
    expect(await openApiProblems(openapi)).toEqual([]);
    for (const [file, target] of [['openapi.json', 'openapi'], ['asyncapi.json', 'asyncapi'], ['spec.md', 'markdown']] as const) {
      expect(await read(file), file).toBe((await cli(['export', target, '--spec', fixture('complete')])).out);
    }
  });

  it('says on the dashboard that every level is reached', async () => {
    const root = main(await page(complete, '.'));
    expect(root.querySelector('p a[href="#readiness"]')?.text).toBe('level publish reached');
    expect(root.querySelectorAll('ol.levels li').map((li) => li.text.trim())).toEqual(['design-review: reached', 'build: reached', 'publish: reached']);
    expect(root.querySelector('p.next-level')?.text).toBe('Every level is reached.');
    expect(root.querySelector('ul.blocking')).toBeNull();
  });

  it('says there are no gaps', async () => {
    expect(main(await page(complete, '.')).text).toContain('No open gaps: every facet is stated');
    const gaps = main(await page(complete, 'gaps'));
    expect(gaps.querySelectorAll('.facet, section, form')).toHaveLength(0);
    expect(gaps.text.match(/No open gaps/g)).toEqual(['No open gaps']);
  });

  it('lists an area’s items by tag with method, path and coverage, each linking to its page', async () => {
    const root = main(await page(complete, 'endpoints'));
    const groups = root.querySelectorAll('section.item-group').map((g) => [
      g.querySelector('h3')?.text.replace(/\s+/g, ' ').trim(),
      g.querySelectorAll('table.items tbody tr').map((r) => [r.getAttribute('data-item'), r.querySelector('a')?.getAttribute('href'), r.querySelector('td.listing')?.text.replace(/\s+/g, ' ').trim(), r.querySelector('td.coverage-cell')?.text.trim()]),
    ]);
    expect(groups).toEqual([
      [
        'Orders (3)',
        [
          ['create-order', '/endpoints/create-order/', 'POST /orders', '25/25 (100%)'],
          ['list-order-lines', '/endpoints/list-order-lines/', 'GET /orders/{id}/lines', '27/27 (100%)'],
          ['list-orders', '/endpoints/list-orders/', 'GET /orders', '33/33 (100%)'],
        ],
      ],
      [
        'Without a tag (3)',
        [
          ['cancel-order', '/endpoints/cancel-order/', 'POST /orders/{order_id}/cancel', '11/11 (100%)'],
          ['get-order', '/endpoints/get-order/', 'GET /orders/{order_id}', '10/10 (100%)'],
          ['place-order', '/endpoints/place-order/', 'POST /orders/{order_id}/place', '11/11 (100%)'],
        ],
      ],
    ]);
    const resources = main(await page(complete, 'resources')).querySelectorAll('table.items tbody tr').map((r) => [r.getAttribute('data-item'), r.querySelector('td.listing')?.text.trim()]);
    expect(resources).toContainEqual(['Order', '15 fields']);
    expect(resources).toContainEqual(['Payment', 'a one of value']);
  });

  it('gives every item a reference page: an endpoint’s method, path, parameters, responses and security', async () => {
    const root = main(await page(complete, 'endpoints/get-order'));
    const text = (selector: string) => root.querySelector(selector)?.text.replace(/\s+/g, ' ').trim();
    expect(text('.signature [data-facet="endpoints/get-order/method"]')).toBe('GET');
    expect(text('.signature [data-facet="endpoints/get-order/path"]')).toBe('https://api.example.com/v1/orders/{order_id}');
    expect(text('.signature .sig-base')).toBe('https://api.example.com/v1');
    expect(root.querySelector('[data-facet="endpoints/get-order/request"]')).toBeNull();
    const param = root.querySelector('table.shape-table tbody tr');
    expect(param?.querySelectorAll('th, td').map((c) => c.text.replace(/\s+/g, ' ').trim())).toEqual(['order_id', 'string', 'required', "The order's id."]);
    expect(root.querySelectorAll('.response-head').map((h) => h.text.trim())).toEqual(['200', '404']);
    expect(text('.response .body-carries')).toBe('Order application/json application/xml');
    expect(text('.security')).toBe('Needs: OAuth 2.0 client credentials oauth2 with orders:read');
    // An example response made from the Order resource, marked as generated, and code samples.
    const generated = root.querySelector('.response .example.generated');
    expect(generated?.querySelector('summary')?.text).toContain('generated');
    expect(JSON.parse(generated?.querySelector('pre')?.text ?? 'null')).toMatchObject({ id: '00000000-0000-0000-0000-000000000000', status: 'draft', total: 1999 });
    expect(root.querySelector('.samples pre')?.text).toBe("curl 'https://api.example.com/v1/orders/{order_id}' \\\n  --globoff \\\n  --header 'Authorization: Bearer <token>'");
    // The scheme's page lists, under each scope, the endpoints that need it.
    const oauth = main(await page(complete, 'authentication/oauth2'));
    const needed = (scope: string) =>
      oauth.querySelectorAll('dl.facts > div').find((d) => d.querySelector('dt')?.text === scope)?.querySelector('.used-by')?.querySelectorAll('a').map((a) => a.getAttribute('href'));
    expect(needed('orders:read')).toEqual(['/endpoints/get-order/', '/endpoints/list-order-lines/', '/endpoints/list-orders/']);
    const order = main(await page(complete, 'resources/Order'));
    expect(order.querySelector('[data-facet="resources/Order/fields/status/allowed"]')?.querySelectorAll('code.enum').map((c) => c.text)).toEqual(['draft', 'placed', 'cancelled', 'shipped']);
    const lines = order.querySelector('[data-shape="resources/Order/fields/lines"]');
    expect(lines?.querySelectorAll('[data-shape]').map((s) => s.getAttribute('data-shape'))).toEqual([
      'resources/Order/fields/lines/items',
      'resources/Order/fields/lines/items/fields/sku',
      'resources/Order/fields/lines/items/fields/quantity',
    ]);
  });

  it('draws the state machine as SVG at build time, beside its transition table', async () => {
    const root = main(await page(complete, 'states/order-status'));
    const svg = root.querySelector('figure.diagram svg');
    expect(svg?.getAttribute('aria-label')).toBe('State diagram of order-status: draft, placed, cancelled, shipped');
    expect(svg?.querySelectorAll('g.node')).toHaveLength(5);
    expect(svg?.querySelectorAll('g.edge')).toHaveLength(5);
    expect(root.querySelectorAll('table.transitions tbody tr').map((r) => r.querySelectorAll('td').map((td) => td.text.replace(/\s+/g, ' ').trim()))).toEqual([
      ['draft', 'placed', 'endpoint place-order'],
      ['draft, placed', 'cancelled', 'endpoint cancel-order Shipped orders cannot be cancelled.'],
      ['placed', 'shipped', 'The warehouse confirms dispatch.'],
    ]);
  });

  it('links "edit this file" to the content file behind the page', async () => {
    const edit = (await page(complete, 'states/order-status')).querySelectorAll('a').find((a) => /edit page/i.test(a.text));
    expect(edit?.getAttribute('href')).toBe('https://github.com/example/order-service-spec/edit/main/spec/states/order-status.yaml');
  });

  it('renders prose links to items', async () => {
    const link = main(await page(complete, 'purpose')).querySelector('[data-facet="purpose/purpose"] .prose a');
    expect([link?.text, link?.getAttribute('href')]).toEqual(['Order', '/resources/Order/']);
  });

  it('lists what an item links to and what links to it', async () => {
    const from = main(await page(complete, 'resources/Order')).querySelector('.linked-from')?.querySelectorAll('a').map((a) => a.text);
    expect(from).toEqual(expect.arrayContaining(['Create an order', 'Get an order', 'Order lifecycle', 'Order placed']));
    const to = main(await page(complete, 'endpoints/get-order')).querySelector('.links-to')?.querySelectorAll('a').map((a) => a.getAttribute('href'));
    expect(to).toEqual(['/resources/Order/', '/errors/order_not_found/', '/authentication/oauth2/', '/limits/default-rate/']);
  });

  it('puts the whole spec on one page in the nine-part order', async () => {
    const root = main(await page(complete, 'print'));
    expect(root.querySelectorAll('section.area').map((s) => s.getAttribute('data-area'))).toEqual(['purpose', 'resources', 'states', 'endpoints', 'authentication', 'events', 'errors', 'limits', 'versioning']);
    expect(root.querySelectorAll('section.item')).toHaveLength(26);
    expect(root.querySelectorAll('figure.diagram svg')).toHaveLength(1);
  });
});

/** Block elements a page puts inside a `<p>`, which a browser would pull out of it: `p.class > tag` with the pages. Read from the markup as written (an HTML parser would repair it). */
async function blocksInParagraphs(outDir: string): Promise<string[]> {
  const BLOCK = new Set(['div', 'ol', 'ul', 'dl', 'details', 'summary', 'table', 'section', 'figure', 'pre', 'p', 'h1', 'h2', 'h3', 'h4', 'blockquote']);
  const found = new Set<string>();
  for (const file of await htmlFiles(outDir)) {
    const html = (await readFile(join(outDir, file), 'utf8')).replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '');
    let paragraph: string | undefined;
    for (const [, close, tag = '', attributes = ''] of html.matchAll(/<(\/?)([a-zA-Z0-9]+)([^>]*)>/g)) {
      const name = tag.toLowerCase();
      if (name === 'p') paragraph = close ? undefined : attributes.trim();
      else if (paragraph !== undefined && !close && BLOCK.has(name)) found.add(`${file}: <p ${paragraph}> holds <${name}>`);
    }
  }
  return [...found];
}

describe('reference pages of the complete fixture', () => {
  const { based } = inject('sites');
  const text = (el: { text: string } | null | undefined) => el?.text.replace(/\s+/g, ' ').trim();

  it('writes security alternatives in words, each scope linked to its entry on the scheme’s page', async () => {
    const root = main(await page(complete, 'endpoints/list-orders'));
    expect(root.querySelectorAll('.security li').map(text)).toEqual([
      'OAuth 2.0 client credentials oauth2 with orders:read',
      'or API key api-key and OAuth 2.0 client credentials oauth2',
      'or no authentication',
    ]);
    const scope = root.querySelector('.security a.scope');
    expect([text(scope), scope?.getAttribute('href')]).toEqual(['orders:read', '/authentication/oauth2/#f-authentication/oauth2/scopes/orders_3a_read']);
    const entry = main(await page(complete, 'authentication/oauth2')).querySelector('[id="f-authentication/oauth2/scopes/orders_3a_read"]');
    expect(text(entry?.querySelector('dt'))).toBe('orders:read');
  });

  it('badges a deprecated endpoint on its signature line', async () => {
    expect(text(main(await page(complete, 'endpoints/list-order-lines')).querySelector('.signature'))).toBe('GET https://api.example.com/v1/orders/{id}/lines Deprecated');
    expect(text(main(await page(complete, 'endpoints/get-order')).querySelector('.signature'))).not.toContain('Deprecated');
  });

  it('shows an error without a body of its own the errors area’s body, marked as inherited and linked', async () => {
    const root = main(await page(complete, 'errors/order_not_found'));
    const note = root.querySelector('.inherited-note');
    expect(text(note)).toBe('inherited No body of its own: the one the Errors area states applies.');
    expect(note?.querySelector('a')?.getAttribute('href')).toBe('/errors/#f-errors/body');
    expect(text(root.querySelector('.body .body-carries'))).toBe('Problem application/problem+json');
    expect(root.querySelector('.body-carries a')?.getAttribute('href')).toBe('/resources/Problem/');
    expect(main(await page(complete, 'errors/invalid_order')).querySelector('.inherited-note')).toBeNull();
  });

  it('shows a resource’s lifecycle: the machine’s diagram, transitions and states, linking to its page', async () => {
    const root = await page(complete, 'resources/Order');
    const lifecycle = main(root).querySelector('section.lifecycle');
    expect(lifecycle?.querySelector('h2')?.text).toBe('Lifecycle');
    expect(lifecycle?.querySelector('p a')?.getAttribute('href')).toBe('/states/order-status/');
    expect(lifecycle?.querySelector('figure.diagram svg')?.getAttribute('aria-label')).toBe('State diagram of order-status: draft, placed, cancelled, shipped');
    expect(lifecycle?.querySelectorAll('table.transitions tbody tr')).toHaveLength(3);
    expect(lifecycle?.querySelectorAll('dl.states dt code').map((c) => c.text)).toEqual(['draft', 'placed', 'cancelled', 'shipped']);
    expect(root.querySelectorAll('starlight-toc a').map((a) => a.getAttribute('href'))).toContain('#lifecycle');
    // The print page draws each machine once, where the machine itself is.
    expect(main(await page(complete, 'print')).querySelectorAll('section.lifecycle')).toHaveLength(1);
  });

  it('gives constraints and default columns of their own in a parameter table', async () => {
    const table = main(await page(complete, 'endpoints/list-orders')).querySelector('table.shape-table');
    expect(table?.querySelectorAll('thead th').map(text)).toEqual(['Name', 'Type', 'Required', 'Description', 'Constraints', 'Default']);
    const limit = table?.querySelectorAll('tbody tr').find((r) => r.getAttribute('data-shape')?.endsWith('/limit'));
    // Only what is required is marked: a parameter that does not say is left unmarked.
    expect(limit?.querySelectorAll('th, td').map(text)).toEqual(['limit', 'integer', '', '', '≥ 1 ≤ 100', '20']);
    expect(table?.parentNode?.classList.contains('table-scroll')).toBe(true);
  });

  it('reads as sentences: spaces between links and media types, words for keys, one caption per heading', async () => {
    expect(text(main(await page(complete, '.')).querySelector('p.dashboard-summary'))).toMatch(/ stated \(\d+\/\d+ \(100%\)\)\. All gaps\. Readiness: level publish reached\.$/);
    const orders = main(await page(complete, 'endpoints/list-orders'));
    expect(text(orders.querySelector('.response .body-carries'))).toBe('A list of Order application/json text/csv');
    expect(orders.querySelectorAll('.facts dt').map(text)).toContain('operation id');
    expect(main(await page(complete, 'limits/request-size')).querySelectorAll('.facts dt').map(text)).toContain('applies to');
    const shipped = main(await page(complete, 'events/order.shipped'));
    expect(shipped.querySelector('table.shape-table caption')?.classList.contains('sr-only')).toBe(true);
    expect(await blocksInParagraphs(complete)).toEqual([]);
  });

  it('says which path parameters the code samples leave to fill in', async () => {
    const samples = main(await page(complete, 'endpoints/get-order')).querySelector('.samples');
    expect(samples?.querySelectorAll('.note').map(text)).toEqual(['Fill in {order_id} in the URL: the spec states no example of this path parameter.']);
  });

  it('shows the logo specbench.yaml names in the header, below the base path', async () => {
    expect((await page(complete, '.')).querySelector('.site-title img')?.getAttribute('src')).toBe('/favicon.svg');
    expect((await page(based, '.')).querySelector('.site-title img')?.getAttribute('src')).toBe('/spec/favicon.svg');
    expect((await page(content, '.')).querySelector('.site-title img')).toBeNull();
  });

  it('lists every item of a small area in the sidebar, under every tag', async () => {
    const sidebar = (await page(complete, 'endpoints/get-order')).querySelector('#starlight__sidebar');
    const hrefs = sidebar?.querySelectorAll('a').map((a) => a.getAttribute('href')) ?? [];
    for (const id of ['create-order', 'list-order-lines', 'list-orders', 'cancel-order', 'get-order', 'place-order']) expect(hrefs).toContain(`/endpoints/${id}/`);
  });
});

describe('the changelog of the complete fixture, from the project’s own git history', () => {
  const { based } = inject('sites');
  const { complete: dir } = inject('specs');
  // What the walk must find: the commits that touched the fixture folder, newest first.
  const commits = execFileSync('git', ['log', '--first-parent', '--max-count=100', '--format=%H%x09%s', 'HEAD', '--', dir], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((line) => ({ sha: line.slice(0, 40), subject: line.slice(41) }));

  it('lists each commit that touched the spec, newest first, linking what still exists', async () => {
    const root = main(await page(complete, 'changelog'));
    expect(commits.length).toBeGreaterThan(1);
    const sections = root.querySelectorAll('section.commit');
    expect(sections.map((s) => [s.getAttribute('data-sha'), s.querySelector('h2')?.text])).toEqual(commits.map((c) => [c.sha, c.subject]));
    expect(sections.map((s) => s.querySelector('h2')?.getAttribute('id'))).toEqual(commits.map((c) => `commit-${c.sha.slice(0, 12)}`));
    expect(root.querySelector('.note')?.text).toContain(`${commits.length} commits, `);
    // Items that exist now link to their page; the anchors and pages resolve (the links test checks every one).
    const added = sections.flatMap((s) => s.querySelectorAll('[data-list="Items added"] li a')).map((a) => a.getAttribute('href'));
    expect(added).toEqual(expect.arrayContaining(['/resources/Payment/', '/endpoints/list-orders/']));
    expect(sections.every((s) => (s.querySelector('.summary')?.text ?? '').length > 0)).toBe(true);
  });

  it('is linked from the dashboard, the sidebar and, as a feed, from the head of every page', async () => {
    const dashboard = await page(complete, '.');
    expect(main(dashboard).querySelector('a[href="/changelog/"]')?.text).toBe('What each commit changed');
    expect(dashboard.querySelector('nav.sidebar a[href="/changelog/"]')?.text.trim()).toBe('Changelog');
    expect(dashboard.querySelector('head link[rel="alternate"][type="application/atom+xml"]')?.getAttribute('href')).toBe('/changelog.xml');
    expect((await page(based, 'gaps')).querySelector('head link[type="application/atom+xml"]')?.getAttribute('href')).toBe('/spec/changelog.xml');
  });

  it('publishes the changelog as a valid Atom feed, one entry per commit, each linking to its entry on the page', async () => {
    const xml = await readFile(join(complete, 'changelog.xml'), 'utf8');
    expect(SyntaxValidator.validate(xml)).toBe(true);
    const { feed } = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => name === 'entry' }).parse(xml);
    expect(feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.title['#text']).toBe('Order Service: changelog');
    expect([typeof feed.id, feed.updated]).toEqual(['string', feed.entry[0].updated]);
    expect(feed.entry.map((e: { title: { '#text': string } }) => e.title['#text'])).toEqual(commits.map((c) => c.subject));
    const ids = new Set(main(await page(complete, 'changelog')).querySelectorAll('[id]').map((e) => e.getAttribute('id')));
    for (const e of feed.entry) {
      expect(e.id).toMatch(/^urn:uuid:/);
      const link = new URL(e.link['@_href'], 'http://site/changelog.xml');
      expect([link.pathname, ids.has(link.hash.slice(1))]).toEqual(['/changelog/', true]);
    }
  });
});

describe('the site built from the half-written fixture', () => {
  it('shows on the dashboard that no level is reached, and the seven gaps before design-review, each linked to its page', async () => {
    const root = main(await page(halfWritten, '.'));
    expect(root.querySelector('ol.levels li')?.text.trim()).toBe('design-review: 7 open gaps');
    expect(root.querySelectorAll('ul.blocking a').map((a) => [a.text, a.getAttribute('href')])).toEqual([
      ['purpose/base_url', '/purpose/#f-purpose/base_5f_url'],
      ['purpose/domain', '/purpose/#f-purpose/domain'],
      ['purpose/users', '/purpose/#f-purpose/users'],
      ['resources/inventory', '/resources/#f-resources/inventory'],
      ['endpoints/inventory', '/endpoints/#f-endpoints/inventory'],
      ['errors/inventory', '/errors/#f-errors/inventory'],
      ['limits/size_bounds', '/limits/#f-limits/size_5f_bounds'],
    ]);
  });
});

describe('the site built from an import (Train Travel)', () => {
  const { imported } = inject('sites');
  it('has a page per operation and webhook, with what the description did not say open in place', async () => {
    const root = main(await page(imported, 'endpoints/create-booking'));
    expect(root.querySelector('.signature [data-facet="endpoints/create-booking/method"]')?.text.trim()).toBe('POST');
    const event = main(await page(imported, 'events/newBooking'));
    expect(event.querySelector('[data-facet="events/newBooking/payload"]')).not.toBeNull();
    expect(event.querySelector('[data-facet="events/newBooking/payload"][data-gap]')).toBeNull();
    const oauth = main(await page(imported, 'authentication/OAuth2'));
    expect(oauth.querySelector('[data-facet="authentication/OAuth2/token_lifetimes"][data-gap]')).not.toBeNull();
  });
});

describe('hostile content', () => {
  it('reaches no script, style, event handler or URL on any page', async () => {
    expect(await unsafeSite(hostile, /pwned|display: none \} \[x/)).toEqual([]);
  });

  it('shows every hostile title and the hostile service name as the text they are, in <title>, the header and <h1>', async () => {
    const titled = { 'resources/Order': "Order</title><script>window.__pwned='title'</script>", 'endpoints/get-order': "<script>window.__pwned='endpoint-title'</script>" };
    for (const [path, title] of Object.entries(titled)) {
      const root = await page(hostile, path);
      // The site is named after the service, whose name is hostile too (with replacement patterns: `$'`, `$&`).
      expect(root.querySelector('title')?.text, path).toBe(`${title} | Hostile $' $&</title><script>window.__pwned='name'</script>`);
      expect(root.querySelector('.site-title')?.text.trim(), path).toBe("Hostile $' $&</title><script>window.__pwned='name'</script>");
      expect(root.querySelector('h1')?.text, path).toBe(title);
    }
  });

  it('draws a state named with a replacement pattern as a label, and skips the diagram of a 1,000-state machine', async () => {
    const machine = main(await page(hostile, 'states/order-status'));
    expect(machine.querySelectorAll('figure.diagram svg text').map((t) => t.text)).toContain(`$'<img src=x onerror="window.__pwned='allowed'">`);
    const huge = main(await page(hostile, 'states/huge'));
    expect(huge.querySelector('figure.diagram')).toBeNull();
    expect(huge.querySelectorAll('table.transitions tbody tr')).toHaveLength(1999);
  });

  it('keeps the text of hostile prose and drops what would run', async () => {
    const prose = main(await page(hostile, 'purpose')).querySelector('[data-facet="purpose/purpose"] .prose');
    expect(prose?.text).toContain('Tries to run code.');
    expect(main(await page(hostile, 'resources/Order')).querySelector('.prose a')?.text).toBe('Click me');
  });

  it('gives distinct anchors to a field `x/type` and the type of field `x`', async () => {
    const order = main(await page(hostile, 'resources/Order'));
    const anchor = (shape: string) => order.querySelector(`[data-shape="${shape}"]`)?.id;
    expect(anchor('resources/Order/fields/x~1type')).toMatch(/^f-/);
    expect(anchor('resources/Order/fields/x')).toMatch(/^f-/);
    expect(anchor('resources/Order/fields/x~1type')).not.toBe(anchor('resources/Order/fields/x'));
    const ids = order.querySelectorAll('[id]').map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('a build', () => {
  // The global setup's build of the complete fixture: it exited 0 (the setup fails otherwise).
  const output = inject('outputs').complete;

  it('prints no warnings', () => {
    expect(output).toMatch(/\bComplete!/);
    expect(output.split('\n').filter((line) => /\[WARN\]|\(!\)|\bwarning/i.test(line))).toEqual([]);
  });

  it("keeps none of the spec in Astro's content store: the pages render from the analysis in memory", async () => {
    const store = await readFile(join('node_modules', '.astro', 'data-store.json'), 'utf8');
    expect(store.length).toBeLessThan(16 * 1024);
    for (const id of ['get-order', 'order_not_found', 'order-status', 'Order shipped']) expect(store).not.toContain(id);
  });
});

describe('a spec folder that does not exist', () => {
  it('fails the build with what to do, and no stack trace', async () => {
    const built = await buildSite('no/such/spec');
    expect(built.code).not.toBe(0);
    expect(built.output).toMatch(/SPEC_DIR: the spec folder `no\/such\/spec` does not exist \(\S*no\/such\/spec\); the spec is a folder of area folders/);
    expect(built.output).not.toMatch(/^\s+at .*\.(ts|js|mjs):\d+:\d+\)?$/m);
  });
});

describe('a spec with errors', () => {
  let broken: { code: number; output: string };
  beforeAll(async () => {
    const dir = await scratchCopy(fixture('complete'));
    await writeFile(join(dir, 'endpoints', 'get-order.yaml'), 'method: GET\npath: /orders/{order_id}\nresponses:\n  "200": { resourse: Order }\n');
    broken = await buildSite(dir);
  });

  it('fails the build with the located diagnostic and no stack trace', () => {
    expect(broken.code).not.toBe(0);
    expect(broken.output).toMatch(/endpoints\/get-order\.yaml:4:\d+ error unknown-key Unknown key `resourse`.*did you mean `resource`\?/);
    expect(broken.output).not.toMatch(/^\s+at .*\.(ts|js|mjs):\d+:\d+\)?$/m);
  });
});
