import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HOSTILE_EDIT_URL } from '../site/build.ts';
import { htmlFiles } from '../site/read.ts';
import { seriousFindings } from './axe.ts';
import { launch, preview } from './browser.ts';

const sites = inject('sites');
let browser: Browser;
/** Each site's server, started when a test first opens one of its pages and kept to the end: the tests go back and forth between sites. */
const servers = new Map<keyof typeof sites, Promise<{ url: string; stop: () => Promise<void> }>>();

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  for (const server of servers.values()) await (await server.catch(() => undefined))?.stop();
  await browser?.close();
});

/** The URL a built site is served at (each on a port of its own, past Astro's one-server lock: `preview`). */
async function serve(site: keyof typeof sites): Promise<string> {
  if (!servers.has(site)) servers.set(site, preview(sites[site]));
  return (await servers.get(site)!).url;
}

async function open(site: keyof typeof sites, path: string, width = 1280): Promise<Page> {
  const url = await serve(site);
  // A context per page: axe-core needs one, and nothing leaks between tests.
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  await page.goto(`${url}${path}`);
  return page;
}

describe('browsing the complete service', () => {
  it('goes dashboard → area → item → back-link', async () => {
    const page = await open('complete', '/');
    await page.locator('table.dashboard').getByRole('link', { name: 'Resources' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/resources/');
    await page.locator('table.items').getByRole('link', { name: 'Order', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/resources/Order/');
    await page.locator('.linked-from').getByRole('link', { name: 'Get an order' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/endpoints/get-order/');
    expect(await page.locator('h1').textContent()).toBe('Get an order');
    await page.close();
  });

  it.each([
    ['an item by name', 'Order lifecycle', '/states/order-status/'],
    ['an endpoint by path', '/orders/{order_id}/cancel', '/endpoints/cancel-order/'],
    ['a resource by field', 'created_at', '/resources/Order/'],
    ['an error code', 'invalid_transition', '/errors/invalid_transition/'],
    ['an event name', 'order.shipped', '/events/order.shipped/'],
  ])('search finds %s', async (_what, query, path) => {
    const page = await open('complete', '/');
    await page.locator('button[data-open-modal]').first().click();
    await page.locator('.pagefind-ui__search-input').fill(query);
    const hrefs = async () => page.locator('.pagefind-ui__result-link').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    // The item comes first: area pages do not index their item lists, and the print page is not indexed at all.
    await expect.poll(async () => (await hrefs())[0], { timeout: 60_000 }).toBe(path);
    expect(await hrefs()).not.toContain('/print/');
    await page.close();
  });

  it('shows search excerpts with spaces between a field’s name, type and flags', async () => {
    const page = await open('complete', '/');
    await page.locator('button[data-open-modal]').first().click();
    await page.locator('.pagefind-ui__search-input').fill('created_at');
    const excerpt = page.locator('.pagefind-ui__result-excerpt').first();
    await expect.poll(() => excerpt.textContent(), { timeout: 60_000 }).toContain('created_at string date-time required');
    await page.close();
  });

  it('shows the state diagram drawn at build time', async () => {
    const page = await open('complete', '/states/order-status/');
    const svg = page.locator('figure.diagram svg');
    await expect.poll(() => svg.isVisible()).toBe(true);
    expect((await svg.boundingBox())?.width).toBeGreaterThan(200);
    expect(await svg.locator('g.node text').allTextContents()).toEqual(expect.arrayContaining(['draft', 'placed', 'cancelled', 'shipped']));
    await page.close();
  });

  it.each([
    ['/states/order-status/', 1280],
    ['/resources/Order/', 1280],
    ['/states/order-status/', 375],
  ] as const)('puts the diagram of %s at %ipx above its transition table: beside it, its labels would be under 11 px', async (path, width) => {
    const page = await open('complete', path, width);
    const diagram = await page.locator('.machine figure.diagram').first().boundingBox();
    const table = await page.locator('.machine table.transitions').first().boundingBox();
    if (!diagram || !table) throw new Error('no diagram or no table');
    expect(table.y).toBeGreaterThanOrEqual(diagram.y + diagram.height);
    await page.close();
  });

  it.each(['/states/order-status/', '/resources/Order/'])('draws every label of the diagram on %s at 11 px or more at 1280 px', async (path) => {
    const page = await open('complete', path);
    const sizes = await page.locator('figure.diagram svg text').evaluateAll((texts) =>
      texts.map((t) => {
        const m = (t as SVGTextElement).getScreenCTM();
        return Number(t.getAttribute('font-size')) * (m ? Math.hypot(m.a, m.b) : 0);
      }),
    );
    expect(sizes.length).toBeGreaterThan(5);
    expect(sizes.filter((px) => px < 11)).toEqual([]);
    await page.close();
  });
});

describe('bodies in place', () => {
  it('fold the third level of a tree, which a click opens', async () => {
    const page = await open('complete', '/endpoints/get-order/');
    const card = page.locator('.response .inline-tree[data-inline="resources/Card"]');
    const last4 = card.locator('.shape-name', { hasText: 'last4' });
    expect(await card.isVisible()).toBe(true);
    expect(await last4.isVisible()).toBe(false);
    await card.locator('details.shape-fold > summary').click();
    expect(await last4.isVisible()).toBe(true);
    await page.close();
  });

  it('print every fold open, on an item’s page too', async () => {
    const page = await open('complete', '/endpoints/get-order/');
    const last4 = page.locator('.response .inline-tree[data-inline="resources/Card"] .shape-name', { hasText: 'last4' });
    expect(await last4.isVisible()).toBe(false);
    await page.emulateMedia({ media: 'print' });
    expect(await last4.isVisible()).toBe(true);
    await page.close();
  });

  it('link another place that names a resource to where the page shows it', async () => {
    // Two error responses carry the errors area's Problem: the second links to the first.
    const page = await open('complete', '/endpoints/cancel-order/');
    await page.locator('[data-inline-repeat="resources/Problem"] a').first().click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#endpoints/cancel-order/t2');
    expect(await page.locator('[id="endpoints/cancel-order/t2"]').isVisible()).toBe(true);
    await page.close();
  });
});

describe('code samples', () => {
  it('remember the reader’s language across pages, in both themes', async () => {
    const url = await serve('complete');
    for (const theme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: theme });
      const page = await context.newPage();
      await page.goto(`${url}/endpoints/get-order/`);
      const tab = (name: string) => page.locator('section.samples [role="tab"]', { hasText: new RegExp(`^${name}$`) });
      expect(await tab('cURL').getAttribute('aria-selected')).toBe('true');
      await tab('Python').click();
      expect(await tab('Python').getAttribute('aria-selected')).toBe('true');
      expect(await page.locator('section.samples [role="tabpanel"]:visible pre').textContent()).toContain('requests.get(');
      // Another endpoint's page opens with the same language.
      await page.goto(`${url}/endpoints/create-order/`);
      expect(await tab('Python').getAttribute('aria-selected')).toBe('true');
      expect(await page.locator('section.samples [role="tabpanel"]:visible pre').textContent()).toContain('requests.post(');
      await context.close();
    }
  });
});

describe('the empty spec in content/', () => {
  it('shows each gap where the facet would be', async () => {
    const page = await open('content', '/purpose/');
    const facet = page.locator('[data-facet="purpose/name"]');
    expect(await facet.isVisible()).toBe(true);
    expect(await facet.locator('.state').textContent()).toBe('open gap');
    expect(await facet.locator('.question').textContent()).toContain('What is the service called?');
    await page.close();
  });

  it('filters the gaps page without a server', async () => {
    const page = await open('content', '/gaps/');
    const purpose = page.locator('section[data-area="purpose"]');
    expect(await purpose.isVisible()).toBe(true);
    await page.locator('label', { hasText: 'Purpose' }).locator('input').uncheck();
    expect(await purpose.isVisible()).toBe(false);
    await page.locator('label', { hasText: 'open' }).first().locator('input').uncheck();
    expect(await page.locator('.gap-list .facet-open:visible').count()).toBe(0);
    expect(await page.locator('.gap-list .facet-placeholder:visible').count()).toBe(0);
    await page.locator('label', { hasText: 'Purpose' }).locator('input').check();
    expect(await page.locator('.gap-list .facet-placeholder:visible').count()).toBe(1);
    await page.close();
  });
});

describe('the gaps page', () => {
  /**
   * The text a reader sees in an element, CSS counters included: the DOM and the accessibility tree
   * do not hold counter values, so this reads Chromium's layout (DOMSnapshot) under the element.
   */
  const seen = async (page: Page, selector: string): Promise<string> => {
    await page.locator(selector).first().evaluate((e) => e.setAttribute('data-probe', ''));
    const client = await page.context().newCDPSession(page);
    type Snapshot = { strings: string[]; documents: Array<{ nodes: { parentIndex: number[]; attributes: number[][] }; layout: { nodeIndex: number[]; text: number[] } }> };
    const { strings, documents } = (await client.send('DOMSnapshot.captureSnapshot', { computedStyles: [] })) as unknown as Snapshot;
    await client.detach();
    await page.locator('[data-probe]').evaluate((e) => e.removeAttribute('data-probe'));
    const { nodes, layout } = documents[0]!;
    const probe = nodes.attributes.findIndex((a) => a.some((s, i) => i % 2 === 0 && strings[s] === 'data-probe'));
    if (probe < 0) throw new Error(`no ${selector} in Chromium's layout snapshot`);
    const inside = (n: number): boolean => n === probe || (n >= 0 && inside(nodes.parentIndex[n] ?? -1));
    return layout.nodeIndex.flatMap((n, i) => (inside(n) && (layout.text[i] ?? -1) >= 0 ? [strings[layout.text[i]!]] : [])).join('').trim();
  };
  const visibleSections = (page: Page) => page.locator('section.gap-list:visible').evaluateAll((s) => s.map((x) => x.getAttribute('data-area')));

  it('counts what the filters let through and hides the sections they empty, without script', async () => {
    const page = await open('content', '/gaps/');
    expect(await seen(page, '.total-shown')).toBe('22 of 22 open gaps shown with these filters.');
    expect(await seen(page, 'section[data-area="purpose"] .area-shown')).toMatch(/^5 shown of 5 open gaps/);
    const placeholders = await page.locator('.gap-list .facet-placeholder').count();
    const withPlaceholders = await page.locator('section.gap-list:has(.facet-placeholder)').evaluateAll((s) => s.map((x) => x.getAttribute('data-area')));
    for (const state of ['open', 'missing', 'empty']) await page.locator(`#filter-state-${state}`).uncheck();
    expect(await seen(page, '.total-shown')).toBe(`${placeholders} of 22 open gaps shown with these filters.`);
    expect(await visibleSections(page)).toEqual(withPlaceholders);
    await page.close();
  });

  it('can be linked filtered: /gaps/#state-open shows open gaps only', async () => {
    const page = await open('content', '/gaps/#state-open');
    const opened = await page.locator('.gap-list .facet-open').count();
    expect(opened).toBeGreaterThan(0);
    expect(await page.locator('.gap-list .facet:visible').count()).toBe(opened);
    expect(await seen(page, '.total-shown')).toBe(`${opened} of 22 open gaps shown with these filters.`);
    expect(await visibleSections(page)).toEqual(await page.locator('section.gap-list:has(.facet-open)').evaluateAll((s) => s.map((x) => x.getAttribute('data-area'))));
    await page.close();
  });
});

/** One page of each type: dashboard, area pages, every kind of item page, gaps, print, guide. */
const PAGES = [
  '/',
  '/purpose/',
  '/resources/',
  '/resources/Order/',
  '/resources/Payment/',
  '/states/order-status/',
  '/endpoints/',
  '/endpoints/get-order/',
  '/endpoints/list-orders/',
  '/endpoints/create-order/',
  '/authentication/oauth2/',
  '/events/order.shipped/',
  '/events/payment.settled/',
  '/errors/invalid_order/',
  '/limits/default-rate/',
  '/versioning/v0/',
  '/gaps/',
  '/print/',
  '/guide/',
  '/changelog/',
];

/** Table headers whose text breaks inside a word ("Ty/pe"): each word must sit on one line. */
function headersBrokenInsideWords(): string[] {
  const broken: string[] = [];
  for (const th of document.querySelectorAll('main th')) {
    const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const m of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index ?? 0);
        range.setEnd(node, (m.index ?? 0) + m[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(m[0]);
      }
    }
  }
  return broken;
}

/** Identifiers in tables (`place-order`, `/orders/{order_id}/lines`) broken inside a word: each piece between `/`s must sit on one line. */
function identifiersBrokenInsideWords(): string[] {
  const broken: string[] = [];
  for (const code of document.querySelectorAll('main table code')) {
    if (code.closest('.constraint')) continue; // a pattern, not an identifier
    const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const m of text.matchAll(/\/?[^/\s]+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index ?? 0);
        range.setEnd(node, (m.index ?? 0) + m[0].length);
        if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) broken.push(m[0]);
      }
    }
  }
  return broken;
}

/** What scrolls sideways in the page that is not code or a table in its own box. */
function sidewaysScrollers(): string[] {
  return [...document.querySelectorAll('main *')]
    .filter((e) => e.scrollWidth > e.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX))
    .filter((e) => !e.matches('pre, .table-scroll, figure.diagram'))
    .map((e) => `${e.tagName.toLowerCase()}${[...e.classList].map((c) => `.${c}`).join('')}`);
}

describe('every page type at phone and desktop widths, in both themes', () => {
  const cases = PAGES.flatMap((p) => [375, 1280].flatMap((w) => (['light', 'dark'] as const).map((t) => [p, w, t] as const)));
  /** The page a light case loaded, which the dark case of the same path and width that follows it checks in turn: the checks read the page and change nothing in it. */
  const loaded = new Map<string, Page>();
  it.each(cases)('%s at %ipx (%s): nothing scrolls sideways but code and tables in their boxes, no header or identifier broken inside a word', async (path, width, theme) => {
    const key = `${path} ${width}`;
    const page = loaded.get(key) ?? (await open('complete', path, width));
    loaded.delete(key);
    await page.emulateMedia({ colorScheme: theme });
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
    expect(await page.evaluate(sidewaysScrollers)).toEqual([]);
    expect(await page.evaluate(headersBrokenInsideWords)).toEqual([]);
    expect(await page.evaluate(identifiersBrokenInsideWords)).toEqual([]);
    if (theme === 'light') loaded.set(key, page);
    else await page.close();
  });

  it('the checks do catch a header or an identifier broken inside a word, and a box that scrolls sideways', async () => {
    const page = await open('complete', '/endpoints/', 375);
    await page.evaluate(() => document.querySelector('main')?.insertAdjacentHTML('beforeend', '<table style="width: 3rem"><tr><th style="overflow-wrap: anywhere">Description</th><td><code style="white-space: normal; overflow-wrap: anywhere">place-order</code></td></tr></table><div style="overflow-x: auto"><p style="width: 2000px">wide</p></div>'));
    expect(await page.evaluate(headersBrokenInsideWords)).toEqual(['Description']);
    expect(await page.evaluate(identifiersBrokenInsideWords)).toEqual(['place-order']);
    expect(await page.evaluate(sidewaysScrollers)).toEqual(['div']);
    await page.close();
  });

  it.each([375, 390])('shows the dashboard’s open-gap counts at %ipx, without scrolling', async (width) => {
    const page = await open('content', '/', width);
    const box = page.locator('table.dashboard').locator('xpath=..');
    const { scroll, client, right } = await box.evaluate((b) => ({ scroll: b.scrollWidth, client: b.clientWidth, right: b.getBoundingClientRect().right }));
    expect(scroll).toBeLessThanOrEqual(client);
    const counts = page.locator('table.dashboard tbody tr td:last-child');
    expect(await counts.allTextContents()).toEqual(['5', '1', '1', '1', '1', '4', '2', '4', '3']);
    for (const cell of await counts.all()) {
      expect(await cell.isVisible()).toBe(true);
      expect((await cell.boundingBox())?.x ?? Infinity).toBeLessThan(right);
    }
    await page.close();
  });

  it('lists an area’s endpoints at 375px with each path whole between its slashes and the open-gap column in view', async () => {
    const page = await open('complete', '/endpoints/', 375);
    expect(await page.evaluate(identifiersBrokenInsideWords)).toEqual([]);
    const table = page.locator('table.items').first();
    const box = table.locator('xpath=..');
    expect(await box.evaluate((b) => b.scrollWidth <= b.clientWidth)).toBe(true);
    expect(await table.locator('th', { hasText: 'Open' }).isVisible()).toBe(true);
    await page.close();
  });
});

/** The contrast of each text of the state diagrams against what is behind it (WCAG's formula); axe does not look inside SVG. */
function diagramContrasts(): Array<{ text: string; ratio: number }> {
  const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
    const ch = (v: number) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
  };
  const background = (el: Element | null): number[] => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length >= 3 && (c[3] === undefined || c[3] > 0)) return c;
    }
    return [255, 255, 255];
  };
  return [...document.querySelectorAll('figure.diagram svg text')].map((t) => {
    const [a, b] = [luminance(rgb(getComputedStyle(t).fill)), luminance(background(t.closest('figure')))];
    return { text: t.textContent ?? '', ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) };
  });
}

describe('the state diagram in both themes', () => {
  it.each(['light', 'dark'] as const)('has every label at a contrast of at least 4.5:1 in the %s theme', async (theme) => {
    const page = await open('complete', '/states/order-status/');
    await page.emulateMedia({ colorScheme: theme });
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    const contrasts = await page.evaluate(diagramContrasts);
    expect(contrasts.length).toBeGreaterThan(5);
    expect(contrasts.filter((c) => c.ratio < 4.5)).toEqual([]);
    // The check does catch black labels on the dark theme's background.
    if (theme === 'dark') {
      await page.evaluate(() => document.querySelectorAll('figure.diagram svg text').forEach((t) => t.setAttribute('style', 'fill: black')));
      expect((await page.evaluate(diagramContrasts)).every((c) => c.ratio < 4.5)).toBe(true);
    }
    await page.close();
  });
});

describe('accessibility (axe-core)', () => {
  it('the scan does catch a violation when there is one: any rule in the light theme, a colour one in the dark', async () => {
    const page = await open('complete', '/');
    // An image without a text, and a text readable on the light background only.
    await page.evaluate(() => document.querySelector('main')?.insertAdjacentHTML('beforeend', '<img src="/favicon.svg"><p id="dim" style="color: #333">dim in the dark</p>'));
    const found = await seriousFindings(page);
    expect(found.filter((f) => f.startsWith('light: ')).map((f) => f.split(': ')[1])).toEqual(['image-alt']);
    expect(found.filter((f) => f.startsWith('dark: '))).toEqual(['dark: color-contrast: #dim']);
    await page.close();
  });

  const cases = [...PAGES.map((p) => ['complete', p] as const), ...['/', '/purpose/', '/gaps/', '/print/'].map((p) => ['content', p] as const), ...['/resources/Loan/', '/states/loan-status/', '/endpoints/get-loan/'].map((p) => ['halfWritten', p] as const)];
  it.each(cases)('%s %s has no serious or critical violation', async (site, path) => {
    // One load of the page, scanned in each theme in turn: the scan reads the page and changes nothing in it.
    const page = await open(site, path);
    expect(await seriousFindings(page)).toEqual([]);
    await page.close();
  });
});

describe('gap links to the repository', () => {
  it('follows a gap’s edit link and its create link to the host’s pages (the host intercepted, no network)', async () => {
    const page = await open('hostile', '/gaps/');
    const requested: string[] = [];
    await page.context().route('https://github.com/**', async (route) => {
      requested.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>host</title><p>host</p>' });
    });
    const expected = `${HOSTILE_EDIT_URL}purpose/_area.yaml`;
    await page.locator('[data-facet="purpose/domain"]').getByRole('link', { name: 'Edit', exact: true }).click();
    await expect.poll(() => page.url()).toBe(expected);
    expect(requested).toEqual([expected]);
    await page.goBack();
    await page.locator('[data-facet="errors/inventory"]').getByRole('link', { name: 'Create errors/_area.yaml' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/acme/spec/new/main/test/fixtures/hostile/errors/');
    const created = new URL(page.url());
    expect(created.searchParams.get('filename')).toBe('_area.yaml');
    // Exactly what `specbench new errors` writes: the schema line, the area's guide, its facets open.
    expect(created.searchParams.get('value')).toMatch(/^# yaml-language-server: \$schema=\.\.\/\.\.\/\.\.\/\.\.\/src\/schemas\/errors\.area\.schema\.json\n# Errors: one file per error code[^\n]*\n#[^\n]*\ninventory: \{ open: true \}\nbody: \{ open: true \}\n$/);
    await page.close();
  });
});

describe('hostile content', () => {
  it('runs nothing on any page: no dialog, no flag, not even after clicking the links whose target was dropped', async () => {
    const paths = (await htmlFiles(sites.hostile)).map((f) => `/${f.replace(/index\.html$/, '')}`);
    expect(paths.length).toBeGreaterThan(15);
    for (const path of paths) {
      const page = await open('hostile', path);
      const dialogs: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await page.waitForLoadState('load');
      // Links whose unsafe target was dropped stay as text in an <a>: clicking them must do nothing.
      for (const link of await page.locator('.prose a:not([href])').all()) await link.click();
      expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned), path).toBeUndefined();
      expect(dialogs, path).toEqual([]);
      await page.close();
    }
  }, 180_000);

  it('the javascript: link in prose keeps its text, has no target and does nothing when clicked', async () => {
    const page = await open('hostile', '/resources/Order/');
    const link = page.locator('.prose a', { hasText: 'Click me' });
    expect(await link.count()).toBe(1);
    expect(await link.getAttribute('href')).toBeNull();
    await link.click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    await page.close();
  });

  it('filters the gaps page by a hostile owner without breaking its layout', async () => {
    const page = await open('hostile', '/gaps/');
    const owners = page.locator('fieldset', { hasText: 'Owner' }).locator('label');
    expect(await owners.count()).toBeGreaterThan(2);
    await owners.nth(1).locator('input').check();
    expect(await page.locator('body').isVisible()).toBe(true);
    expect(await page.locator('.gap-list .facet:visible').count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    await page.close();
  });

  it('search results show hostile text as text', async () => {
    const page = await open('hostile', '/');
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.locator('button[data-open-modal]').first().click();
    await page.locator('.pagefind-ui__search-input').fill('pwned');
    await expect.poll(() => page.locator('.pagefind-ui__result-link').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await page.close();
  });
});
