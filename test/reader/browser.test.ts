import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousFindings } from '../browser/axe.ts';
import { launch, preview } from '../browser/browser.ts';

/** The three documents' reference pages in Chromium (issue 32): the first screen on a phone, the layout, accessibility in both themes, samples without JavaScript, search. */
const readers = inject('readers');
type Doc = keyof typeof readers;
let browser: Browser;
let server: { doc: Doc; url: string; stop: () => Promise<void> } | undefined;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await server?.stop();
  await browser?.close();
});

/** Serves one built site at a time (Astro allows one preview server per project). */
async function serve(doc: Doc): Promise<string> {
  if (server?.doc === doc) return server.url;
  await server?.stop();
  server = { doc, ...(await preview(readers[doc].site)) };
  return server.url;
}

async function open(doc: Doc, path: string, options: { width?: number; height?: number; javaScript?: boolean; theme?: 'light' | 'dark' } = {}): Promise<Page> {
  const url = await serve(doc);
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: options.height ?? 900 }, javaScriptEnabled: options.javaScript ?? true, ...(options.theme ? { colorScheme: options.theme } : {}) });
  const page = await context.newPage();
  await page.goto(`${url}${path}`);
  if (options.theme && options.javaScript !== false) await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), options.theme);
  return page;
}

const OPERATIONS: Array<[Doc, string]> = [
  ['petstore', '/endpoints/addPet/'],
  ['azure', '/endpoints/ApplicationGateways_CreateOrUpdate/'],
  ['twitter', '/endpoints/addOrDeleteRules/'],
];
const PAGES: Array<[Doc, string]> = [...OPERATIONS, ['twitter', '/resources/Problem/'], ['twitter', '/'], ['azure', '/resources/ApplicationGateway/']];

describe('the first screen of an operation on a phone (390 × 844)', () => {
  it.each(OPERATIONS)('%s %s: its title, method and path are on it, before anything else', async (doc, path) => {
    const page = await open(doc, path, { width: 390, height: 844 });
    // An untitled operation is titled by its method and path: the method is said once, in the h1, and the line under it is the whole address.
    const untitled = (await page.locator('main .signature .badge-sig').count()) === 0;
    if (untitled) expect(await page.locator('main h1').first().textContent()).toMatch(/^\s*(GET|PUT|POST|PATCH|DELETE|HEAD|OPTIONS|TRACE) \//);
    for (const selector of ['main h1', ...(untitled ? [] : ['main .signature .badge-sig']), 'main .signature .sig-path']) {
      const box = await page.locator(selector).first().boundingBox();
      expect(box, selector).not.toBeNull();
      expect((box?.y ?? Infinity) + (box?.height ?? 0), selector).toBeLessThanOrEqual(844);
    }
    // The authoring line after them is short (it took four lines): two, three with an id as long as Azure's.
    const lines = await page.locator('main p.meta').evaluate((p) => Math.round(p.getBoundingClientRect().height / parseFloat(getComputedStyle(p).lineHeight)));
    expect(lines).toBeLessThanOrEqual(path.length > 40 ? 3 : 2);
    await page.close();
  });
});

describe('the layout', () => {
  const cases = PAGES.flatMap(([doc, path]) => [390, 1280].map((width) => [doc, path, width] as const));
  it.each(cases)('%s %s at %ipx: nothing scrolls sideways but code and tables in their boxes', async (doc, path, width) => {
    const page = await open(doc, path, { width });
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
    const sideways = await page.evaluate(() =>
      [...document.querySelectorAll('main *')]
        .filter((e) => e.scrollWidth > e.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX))
        .filter((e) => !e.matches('pre, .table-scroll'))
        .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`),
    );
    expect(sideways).toEqual([]);
    await page.close();
  });
});

describe('accessibility (axe-core)', () => {
  it.each(PAGES)('%s %s has no serious or critical violation in either theme', async (doc, path) => {
    // One load, scanned in each theme in turn: the scan reads the page and changes nothing in it.
    const page = await open(doc, path, { theme: 'light' });
    expect(await seriousFindings(page, { nodes: 5 })).toEqual([]);
    await page.close();
  });
});

describe('code samples with JavaScript off', () => {
  it('are highlighted from the page alone: tokens in several colours, each readable on the block', async () => {
    const page = await open('petstore', '/endpoints/addPet/', { javaScript: false });
    const { colours, worst } = await page.locator('section.samples pre.sample-code').first().evaluate((pre) => {
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
      const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
        const ch = (v: number) => ((v / 255) <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
        return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
      };
      let bg: number[] = [];
      for (let e: Element | null = pre; e && bg.length === 0; e = e.parentElement) {
        const c = rgb(getComputedStyle(e).backgroundColor);
        if (c.length >= 3 && (c[3] === undefined || c[3] > 0)) bg = c;
      }
      const spans = [...pre.querySelectorAll('span[class]')].filter((s) => (s.textContent ?? '').trim() !== '');
      const ratios = spans.map((s) => {
        const [a, b] = [luminance(rgb(getComputedStyle(s).color)), luminance(bg.length ? bg : [0, 0, 0])];
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      });
      return { colours: new Set(spans.map((s) => getComputedStyle(s).color)).size, worst: Math.min(...ratios) };
    });
    expect(colours).toBeGreaterThan(2);
    expect(worst).toBeGreaterThanOrEqual(4.5);
    await page.close();
  });
});

describe('search', () => {
  it('finds a field of a response body on the operation that carries it in place', async () => {
    const page = await open('twitter', '/');
    // Every result of Pagefind's index for the field's name (its UI shows the first few); a string, so that the test's own transform leaves its import alone.
    const urls = (await page.evaluate(`(async () => {
      const pagefind = await import(location.origin + '/pagefind/pagefind.js');
      const found = await pagefind.search('not_deleted');
      return Promise.all(found.results.map(async (r) => new URL((await r.data()).url, location.href).pathname));
    })()`)) as string[];
    expect(urls).toContain('/endpoints/addOrDeleteRules/');
    await page.close();
  });
});
