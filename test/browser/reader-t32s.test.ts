import { rm } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importToSpec } from '../interchange/helpers.ts';
import { buildSite } from '../site/build.ts';
import { seriousFindings } from './axe.ts';
import { launch, preview } from './browser.ts';

// t32s (session 11) R2 and R10, read back in Chromium from the built site of test/fixtures/interchange/t32s/phone-and-tables.yaml.
let browser: Browser;
let server: { url: string; stop: () => Promise<void> } | undefined;
let outDir = '';

beforeAll(async () => {
  const { dir } = await importToSpec('test/fixtures/interchange/t32s/phone-and-tables.yaml');
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

describe('the reference pages of t32s’s third round', () => {
  it('break a 70-character type name on a 390 px phone: the page does not scroll sideways (R2)', async () => {
    for (const js of [true, false]) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: js });
      const page = await context.newPage();
      await page.goto(`${server?.url}/endpoints/playMedia/`);
      // The long names are on the page (the test reads the page it means to).
      expect(await page.locator('main .shape-type', { hasText: 'PlayMediaIntentHandlingResolvePlaybackQueueLocationInvocationResponse' }).count()).toBeGreaterThan(0);
      const wide = await page.evaluate(() => [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > 391).map((e) => `${e.tagName}.${String(e.className).slice(0, 40)} ${Math.round(e.getBoundingClientRect().right)} ${getComputedStyle(e).whiteSpace} ${getComputedStyle(e).display} ${e.textContent?.trim().slice(0, 50)} <- ${e.parentElement?.outerHTML.slice(0, 300)}`).slice(-3));
      expect(await page.evaluate(() => document.documentElement.scrollWidth), wide.join('\n')).toBeLessThanOrEqual(390);
      await context.close();
    }
  });

  it('let the keyboard reach a parameter table that scrolls in its box, in both themes (R10: axe scrollable-region-focusable, serious)', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server?.url}/endpoints/Jobs_List/`);
    // A box that does scroll: the case the rule is about.
    const scrolls = await page.$$eval('main .table-scroll', (boxes) => boxes.filter((b) => b.scrollWidth > b.clientWidth).length);
    expect(scrolls).toBeGreaterThan(0);
    expect(await seriousFindings(page)).toEqual([]);
    await context.close();
  });
});
