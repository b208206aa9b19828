import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importToSpec } from '../interchange/helpers.ts';
import { buildSite } from '../site/build.ts';
import { seriousFindings } from './axe.ts';
import { launch, preview } from './browser.ts';

// t32r (session 10) N6, N2, N7, read back from the built site of test/fixtures/interchange/t32r/required-cut.yaml.
let browser: Browser;
let server: { url: string; stop: () => Promise<void> } | undefined;
let outDir = '';

beforeAll(async () => {
  const { dir } = await importToSpec('test/fixtures/interchange/t32r/required-cut.yaml');
  const built = await buildSite(dir);
  if (built.code !== 0) throw new Error(built.output);
  outDir = built.outDir;
  browser = await launch();
  server = await preview(outDir);
});

afterAll(async () => {
  await server?.stop();
  await browser?.close();
  if (outDir !== '') await rm(outDir, { recursive: true, force: true });
});

const html = (path: string) => readFile(join(outDir, path, 'index.html'), 'utf8');
const words = (text: string) => text.replace(/<[^>]+>/g, '').replace(/&#39;|&#x27;/g, "'").replace(/\s+/g, ' ').trim();

describe('the reference pages of t32r’s second round', () => {
  it('say under a generated example which required field it cuts, and why (N6)', async () => {
    const page = await html('endpoints/send_loop');
    const said = [...page.matchAll(/<p class="note example-short">(.*?)<\/p>/g)].map((m) => words(m[1] ?? ''));
    expect(said).toEqual(['Cut at yang.ying.yang: the example leaves out the required field ying, as its type, Ying, holds this place already (a cycle of required fields, which the example follows no further).']);
  });

  it('flag a request body of a read-only type on its line, with a word (N2)', async () => {
    const page = await html('endpoints/make_place');
    const line = /<p class="body-carries">(.*?)<\/p>/s.exec(page)?.[1] ?? '';
    expect(words(line)).toBe('Place read-only required application/json');
    expect(page).toContain('<p class="note body-against">The document sends Place, a type it marks read-only');
  });

  it('keep an open chip in a tree’s "Fields" heading readable, folds open, in both themes (N7: 2.99:1 in the dark theme)', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${server?.url}/endpoints/send_game/`);
    await page.evaluate(() => {
      for (const d of document.querySelectorAll('main details')) (d as HTMLDetailsElement).open = true;
    });
    // The chip the tester found: an open gap in the heading of the fields of a type stating none.
    expect(await page.locator('main .shape-of .chip-open[data-facet="resources/Game/fields"] .question').first().isVisible()).toBe(true);
    expect(await seriousFindings(page)).toEqual([]);
    await page.close();
  });
});
