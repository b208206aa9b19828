// The comparison mode in a browser (issue 34): the marked pages of a compared build at phone and
// desktop widths, in both themes: every mark visible, nothing scrolling sideways, no serious axe finding.
import { rm } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareFixture, EXPECTED } from '../compare/fixture.ts';
import { buildSite } from '../site/build.ts';
import { seriousFindings } from './axe.ts';
import { launch, preview } from './browser.ts';

let fixture: Awaited<ReturnType<typeof compareFixture>>;
let outDir: string;
let browser: Browser;
let server: { url: string; stop: () => Promise<void> } | undefined;

beforeAll(async () => {
  fixture = await compareFixture();
  const built = await buildSite(fixture.spec, { SPEC_COMPARE: fixture.base });
  if (built.code !== 0) throw new Error(`the compared build failed:\n${built.output}`);
  outDir = built.outDir;
  browser = await launch();
  server = await preview(outDir);
});

afterAll(async () => {
  await server?.stop();
  await browser?.close();
  await fixture?.done();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

/**
 * The marked pages: a changed item (a closed gap, an opened one, a narrowed value that breaks, a
 * removed field's row), a removed item, a renamed one, an area's page, the Changes page; prose and
 * a structure before -> after, a breaking change on a key of a list of entries, a title-only
 * change; a value narrowed in a parameters table, a path parameter renamed beside the path.
 */
const PAGES = ['/resources/Order/', '/endpoints/get-order/', '/limits/request-size/', '/endpoints/list-lines/', '/limits/', '/changes/', '/events/order.shipped/', '/authentication/oauth2/', '/errors/order_not_found/', '/endpoints/list-orders/', '/endpoints/cancel-order/'];

async function open(path: string, width: number, theme: 'light' | 'dark'): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme })).newPage();
  await page.goto(`${server?.url}${path}`);
  await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
  return page;
}

/**
 * Each mark and each page's list of changes that is not visible: no box, hidden, or outside the
 * page's width; a mark in a table that scrolls in its own box (as wide tables do) must be inside
 * what the box scrolls over, and the box inside the page.
 */
function hiddenMarks(): string[] {
  const width = document.documentElement.clientWidth;
  const inside = (r: DOMRect, left: number, right: number) => r.left >= left - 1 && r.right <= right + 1;
  return [...document.querySelectorAll('main .change-mark, main .page-changes')]
    .filter((e) => {
      const r = e.getBoundingClientRect();
      if (!e.checkVisibility({ opacityProperty: true, visibilityProperty: true }) || r.width === 0 || r.height === 0) return true;
      const box = e.parentElement?.closest('.table-scroll');
      if (!box) return !inside(r, 0, width);
      const b = box.getBoundingClientRect();
      return !inside(b, 0, width) || !inside(r, b.left - box.scrollLeft, b.left - box.scrollLeft + box.scrollWidth);
    })
    .map((e) => e.id || e.className);
}

/** What scrolls sideways in the page that is not code or a table in its own box. */
function sidewaysScrollers(): string[] {
  return [...document.querySelectorAll('main *')]
    .filter((e) => e.scrollWidth > e.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX))
    .filter((e) => !e.matches('pre, .table-scroll, figure.diagram'))
    .map((e) => `${e.tagName.toLowerCase()}${[...e.classList].map((c) => `.${c}`).join('')}`);
}

describe('the marks of a compared site', () => {
  const cases = PAGES.flatMap((p) => [390, 1280].map((w) => [p, w] as const));
  it.each(cases)('%s at %ipx, in both themes: every mark visible, nothing scrolls sideways, no serious axe finding', async (path, width) => {
    // One load, read in each theme in turn: the checks read the page and change nothing in it.
    const page = await open(path, width, 'light');
    const marks = await page.locator('main .change-mark').count();
    if (path === '/resources/Order/') expect(marks).toBeGreaterThanOrEqual(4);
    if (path !== '/changes/') expect(await page.locator('main .page-changes').count()).toBe(1);
    // A wide table scrolls in its own box at phone width with or without marks (axe asks such a box to
    // take focus, which the site's tables do not yet: not this page's change); the marks must not widen it.
    const boxes = () => page.evaluate(() => [...document.querySelectorAll('main .table-scroll')].map((b) => b.scrollWidth));
    const withMarks = await boxes();
    const findings = await seriousFindings(page, {
      include: 'main',
      disable: ['scrollable-region-focusable'],
      each: async (theme) => {
        expect(await page.evaluate(hiddenMarks), theme).toEqual([]);
        const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
        expect(scroll, theme).toBeLessThanOrEqual(client);
        expect(await page.evaluate(sidewaysScrollers), theme).toEqual([]);
      },
    });
    await page.evaluate(() => document.querySelectorAll('main .change-mark').forEach((m) => m.remove()));
    expect(withMarks).toEqual(await boxes());
    expect(findings).toEqual([]);
    await page.close();
  }, 120_000);

  it('takes a reader from the Changes page to the breaking change, beside its facet, in view', async () => {
    const page = await open('/changes/', 390, 'light');
    await page.locator('[data-breaking-item]', { hasText: 'Order.currency' }).locator('a').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/resources/Order/');
    const mark = page.locator(`[id="change-f-${EXPECTED.narrowed}"]`);
    await expect.poll(() => mark.isVisible()).toBe(true);
    await expect.poll(() => mark.evaluate((e) => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight; })).toBe(true);
    await page.close();
  });

  it('shows a removed field’s row struck where it stood', async () => {
    const page = await open('/resources/Order/', 390, 'light');
    const row = page.locator(`[data-shape="${EXPECTED.removedField.facet}"]`);
    await expect.poll(() => row.locator('.change-removed').isVisible()).toBe(true);
    expect(await row.locator('.shape-name').evaluate((e) => getComputedStyle(e).textDecorationLine)).toBe('line-through');
    await page.close();
  });

  it('the check does catch a mark pushed off the page', async () => {
    const page = await open('/resources/Order/', 390, 'light');
    await page.evaluate(() => document.querySelector('main .change-mark')?.setAttribute('style', 'position: relative; left: 2000px'));
    expect(await page.evaluate(hiddenMarks)).not.toEqual([]);
    await page.close();
  });
});
