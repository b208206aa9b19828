import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, preview } from '../browser/browser.ts';
import { importToSpec } from '../interchange/helpers.ts';
import { buildSite } from './build.ts';
import { seriousFindings } from '../browser/axe.ts';

// Issue 32's fourth hostile round (t32t, /work/notes/s12/t32t/README.md), read back (as HTML and in Chromium) from one built site:
// test/fixtures/interchange/t32t/site.yaml. What the views show: test/lib/render/reader-t32e.test.ts.
let browser: Browser;
let server: { url: string; stop: () => Promise<void> } | undefined;
let outDir = '';

beforeAll(async () => {
  const { dir } = await importToSpec('test/fixtures/interchange/t32t/site.yaml');
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

describe('the home page on a 390 px phone (T32t S9)', () => {
  it('wraps the API description’s code inside the page, so the header’s Search and Menu stay on screen, with JavaScript on and off', async () => {
    for (const js of [true, false]) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: js });
      const page = await context.newPage();
      await page.goto(`${server?.url}/`);
      // The description's fenced curl is on the page, whole (the test reads the page it means to).
      expect(await page.locator('main .prose pre', { hasText: 'grant_type=client_credentials' }).count()).toBe(1);
      const wide = await page.evaluate(() => [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > 391).map((e) => `${e.tagName}.${String(e.className).slice(0, 40)} ${Math.round(e.getBoundingClientRect().right)} ${e.textContent?.trim().slice(0, 50)}`).slice(-3));
      expect(await page.evaluate(() => document.documentElement.scrollWidth), wide.join('\n')).toBeLessThanOrEqual(390);
      // The header's Search and Menu buttons are inside the first screen.
      for (const name of ['Search', 'Menu']) {
        const box = await page.getByRole('button', { name, exact: true }).first().boundingBox();
        expect(box, name).not.toBeNull();
        expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(390);
      }
      await context.close();
    }
  });
});

describe('a kind of a base shown in place (T32t S2)', () => {
  it('shows the fields it adds under its description, with no word sending the reader to its page for them', async () => {
    const root = parse(await readFile(join(outDir, 'endpoints/make_job/index.html'), 'utf8'));
    const kinds = root.querySelectorAll('main .shape-variants').find((c) => c.text.includes('each with the fields it adds to those of Output above'));
    const text = (kinds?.text ?? '').replace(/\s+/g, ' ');
    expect(text).toContain('An asset output.');
    expect(text).toContain('assetName');
    expect(text).toContain('The asset written to.');
    expect(text).not.toContain('shows no more in place');
    expect(root.querySelectorAll('main [data-inline-bounded]').map((n) => n.text)).toEqual([]);
  });
});

describe('the pages these fixes changed, in both themes', () => {
  it('have no serious or critical accessibility violation (axe), every fold open', async () => {
    const paths = ['/', '/endpoints/make_job/', '/endpoints/listPayees/', '/endpoints/putTask/', '/endpoints/createRecurringInvoice/'];
    const bad: string[] = [];
    // One load of each page, scanned in each theme in turn (the scan reads the page and changes nothing in it).
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    for (const path of paths) {
      await page.goto(`${server?.url}${path}`);
      await page.evaluate(() => {
        for (const d of document.querySelectorAll('details')) d.open = true;
      });
      bad.push(...(await seriousFindings(page)).map((f) => `${path}: ${f}`));
    }
    await page.context().close();
    // The words the fixes added are on the pages read (S3, S5, S12).
    const text = async (path: string) => parse(await readFile(join(outDir, path, 'index.html'), 'utf8')).text.replace(/\s+/g, ' ');
    expect(await text('endpoints/make_job')).toContain('You have exceeded one of the enforced rate limits in the API.');
    expect(await text('endpoints/putTask')).toContain('the document names no kind it tells apart');
    expect(await text('endpoints/createRecurringInvoice')).toContain('The parts conflict: one states discount is an object, this one an integer');
    expect(bad).toEqual([]);
  });
});
