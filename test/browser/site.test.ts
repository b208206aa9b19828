import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { htmlFiles } from '../site/read.ts';
import { launch, preview } from './browser.ts';

const sites = inject('sites');
let browser: Browser;
let server: { site: string; url: string; stop: () => Promise<void> } | undefined;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await server?.stop();
  await browser?.close();
});

/** Serves one built site at a time (Astro allows one preview server per project). */
async function serve(site: keyof typeof sites): Promise<string> {
  if (server?.site === site) return server.url;
  await server?.stop();
  server = { site, ...(await preview(sites[site])) };
  return server.url;
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
    await expect.poll(hrefs, { timeout: 10_000 }).toContain(path);
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

const PAGES = ['/', '/purpose/', '/resources/', '/resources/Order/', '/states/order-status/', '/endpoints/get-order/', '/gaps/', '/print/', '/guide/'];

describe('every page type at phone and desktop widths', () => {
  it.each(PAGES.flatMap((p) => [375, 1280].map((w) => [p, w] as const)))('%s at %ipx has no horizontal scrolling', async (path, width) => {
    const page = await open('complete', path, width);
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
    await page.close();
  });
});

describe('accessibility (axe-core)', () => {
  it('the scan does catch a violation when there is one', async () => {
    const page = await open('complete', '/');
    await page.evaluate(() => document.querySelector('main')?.insertAdjacentHTML('beforeend', '<img src="/favicon.svg">'));
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => v.id)).toContain('image-alt');
    await page.close();
  });

  const cases = [...PAGES.map((p) => ['complete', p] as const), ...['/', '/purpose/', '/gaps/', '/print/'].map((p) => ['content', p] as const)];
  it.each(cases)('%s %s has no serious or critical violation', async (site, path) => {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await open(site, path);
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate((s) => document.documentElement.setAttribute('data-theme', s), scheme);
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${scheme}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
      expect(bad).toEqual([]);
      await page.close();
    }
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
    await expect.poll(() => page.locator('.pagefind-ui__result-link').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await page.close();
  });
});
