import { copyFile, cp, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { fixture } from '../helpers.ts';
import { VIEWS_BUILT } from '../../src/site/integration.ts';
import { dev, launch } from './browser.ts';

let browser: Browser;
let server: Awaited<ReturnType<typeof dev>> | undefined;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'specbench-dev-'));
  await cp(fixture('complete'), dir, { recursive: true });
  // An item whose id ends in `.html` is a page like any other in dev too.
  await copyFile(join(dir, 'events', 'order.shipped.yaml'), join(dir, 'events', 'timeline.html.yaml'));
  browser = await launch();
  server = await dev(dir);
}, 300_000);

afterAll(async () => {
  await server?.stop();
  await browser?.close();
  await rm(dir, { recursive: true, force: true });
});

/** How many views the dev server has built so far. */
const viewsBuilt = async (url: string): Promise<number> => Number(await (await fetch(`${url}${VIEWS_BUILT}`, { signal: AbortSignal.timeout(60_000) })).text());

/** A page as `npm run dev` serves it, with how many views the server built for it (from before it matched the route to after the page). */
async function served(url: string): Promise<{ html: string; built: number }> {
  const origin = new URL(url).origin;
  const before = await viewsBuilt(origin);
  const response = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  const html = await response.text();
  return { html, built: (await viewsBuilt(origin)) - before };
}

/**
 * Replaces a file whole (written beside it, then renamed over it, as editors save) and waits until
 * the dev server's log says it has taken in a change.
 */
async function edited(file: string, text: string): Promise<void> {
  const seen = server?.output().length ?? 0;
  const temporary = join(await mkdtemp(join(tmpdir(), 'specbench-edit-')), 'file.yaml');
  await writeFile(temporary, text);
  await rename(temporary, file);
  await expect.poll(() => (server?.output() ?? '').slice(seen), { timeout: 120_000, interval: 100 }).toMatch(/changed: \d+ pages? to reload/);
}

describe('npm run dev', () => {
  it('rebuilds after one edit only the views it changed: its item page and the dashboard counts, no other page', async () => {
    const url = server?.url ?? '';
    const pages = ['/', '/endpoints/cancel-order/', '/errors/rate_limited/', '/resources/Order/', '/gaps/'];
    // Every page once, so that its view is built and kept.
    for (const page of pages) expect((await served(`${url}${page}`)).html).toContain('<h1');
    for (const page of pages) expect((await served(`${url}${page}`)).built, page).toBe(0);
    const file = join(dir, 'endpoints/get-order.yaml');
    const good = await readFile(file, 'utf8');
    // Written whole, as an editor saves, and counted once the server says it has taken the edit in
    // (its log), so that no request of the test meets the analysis half way.
    await edited(file, `${good}tags: { open: Which group of endpoints lists it? }\n`);
    // Counted from the edit on, the server builds two views: the item's page and its area's
    // summary, which the dashboard and the sidebar show.
    const item = await served(`${url}/endpoints/get-order/`);
    expect(item.html).toContain('Which group of endpoints lists it?');
    const dashboard = await served(`${url}/`);
    expect(dashboard.html).toMatch(/1 open gap\b/);
    expect(item.built + dashboard.built).toBe(2);
    // Pages the edit did not touch keep their views.
    for (const page of ['/endpoints/cancel-order/', '/errors/rate_limited/', '/resources/Order/']) expect((await served(`${url}${page}`)).built, page).toBe(0);
    await edited(file, good);
    expect((await served(`${url}/`)).html).toContain('No open gaps');
  }, 300_000);

  // The limits below catch a hang only: at load 14-15 on this 2-core machine (a whole `site` project
  // beside other work), a cold dev page took most of a minute and the last test passed 240 s.
  it('shows a spec error on every page after a bad edit, located, and takes it away after the fix', async () => {
    const url = server?.url ?? '';
    const page = await browser.newPage();
    const banner = page.locator('.sb-problems');
    const load = async (path: string) => {
      // Not waiting for `load`: the dev server's live-reload client may reload the page meanwhile.
      await page.goto(`${url}${path}`, { waitUntil: 'domcontentloaded', timeout: 180_000 });
      return (await banner.count()) > 0 ? ((await banner.textContent()) ?? '') : '';
    };
    expect(await load('/errors/order_not_found/')).toBe('');
    const file = join(dir, 'errors/order_not_found.yaml');
    const good = await readFile(file, 'utf8');
    await writeFile(file, good.replace('status: 404', 'status: 4044\nstatus_typo: 1'));
    // The loader reruns on the change; the banner names the file, line and column on any page.
    await expect.poll(() => load('/resources/Order/'), { timeout: 240_000, interval: 500 }).toContain('errors/order_not_found.yaml:');
    expect(await load('/errors/order_not_found/')).toMatch(/The spec has \d+ problems?/);
    // Meanwhile the pages keep the last good content.
    expect(await page.locator('.signature [data-facet="errors/order_not_found/status"]').textContent()).toBe('404');
    await writeFile(file, good);
    await expect.poll(() => load('/resources/Order/'), { timeout: 240_000, interval: 500 }).toBe('');
    await page.close();
  }, 900_000);

  it('shows an edit to one item on its page, and serves an item whose id ends in .html', async () => {
    const url = server?.url ?? '';
    const page = await browser.newPage();
    const title = async (path: string) => {
      await page.goto(`${url}${path}`, { waitUntil: 'domcontentloaded', timeout: 180_000 });
      return (await page.locator('main h1').first().textContent())?.trim();
    };
    expect(await title('/events/timeline.html/')).toBe('Order shipped');
    const file = join(dir, 'events/timeline.html.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace('title: Order shipped', 'title: Timeline reviewed'));
    await expect.poll(() => title('/events/timeline.html/'), { timeout: 240_000, interval: 500 }).toBe('Timeline reviewed');
    // Its area's list follows; the other items keep their pages.
    await page.goto(`${url}/events/`, { waitUntil: 'domcontentloaded', timeout: 180_000 });
    expect(await page.locator('tr[data-item="timeline.html"] a').first().textContent()).toBe('Timeline reviewed');
    expect(await title('/events/order.shipped/')).toBe('Order shipped');
    // A file added while the server runs is a page at once; removed, it is gone.
    const added = join(dir, 'events/brand.new.yaml');
    await writeFile(added, (await readFile(join(dir, 'events/order.shipped.yaml'), 'utf8')).replace('title: Order shipped', 'title: Brand new'));
    await expect.poll(() => title('/events/brand.new/'), { timeout: 240_000, interval: 500 }).toBe('Brand new');
    await rm(added);
    await expect.poll(async () => (await fetch(`${url}/events/brand.new/`)).status, { timeout: 240_000, interval: 500 }).toBe(404);
    await page.close();
  }, 900_000);
});
