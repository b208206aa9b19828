import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, preview } from '../browser/browser.ts';
import { importToSpec } from '../interchange/helpers.ts';
import { buildSite } from './build.ts';
import { seriousFindings } from '../browser/axe.ts';

// Issue 32's fourth hostile round (t32t, /work/notes/s12/t32t/README.md), what its fixers left (S3's rest, S6, R11),
// read back as HTML and in Chromium from one built site: test/fixtures/interchange/t32t/f32f.yaml. What the views
// show: test/lib/render/reader-f32f.test.ts.
let browser: Browser;
let server: { url: string; stop: () => Promise<void> } | undefined;
let outDir = '';

beforeAll(async () => {
  const { dir } = await importToSpec('test/fixtures/interchange/t32t/f32f.yaml');
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

const html = async (path: string) => parse(await readFile(join(outDir, path, 'index.html'), 'utf8'));
const words = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

describe('a referenced error whose words are a description (T32t S3)', () => {
  it('is titled by its key, its words rendered (the link a link), and no page shows its Markdown raw', async () => {
    const error = await html('errors/TooMany');
    expect(words(error.querySelector('h1')?.text)).toBe('TooMany');
    expect(error.querySelector('main .prose a[href="https://developers.example.com/docs/#rate-limits"]')?.text).toBe('documentation on rate limiting');
    for (const path of ['errors/TooMany', 'endpoints/Services_List']) {
      const page = await html(path);
      expect(page.querySelector('title')?.text, path).not.toContain('[documentation');
      expect(page.querySelector('main')?.text, path).not.toContain('](https://developers.example.com');
    }
  });
});

describe('a pattern no text is made for (T32t S6)', () => {
  it('leaves its field out of the example and says so under it, and no page holds a placeholder', async () => {
    const page = await html('endpoints/post-models');
    const notes = page.querySelectorAll('main .note.example-short').map((n) => words(n.text));
    expect(notes.length).toBe(2);
    for (const n of notes) expect(n).toContain('the example leaves out 2 fields: zip, tags, as no text was made that their patterns');
    expect(page.querySelector('main')?.text).not.toContain('a string matching');
    expect(page.querySelector('main')?.text).toContain('las:model:a');
  });
});

describe('named examples of one value (T32t R11)', () => {
  it('shows the value once, with its names', async () => {
    const page = await html('endpoints/Services_List');
    const lines = page.querySelectorAll('main .named-examples dt').map((d) => words(d.text));
    expect(lines).toContain('Examples (3, one value) Operations_List, Services_List, Services_Usages');
    expect(page.querySelectorAll('main .named-value').filter((c) => c.text === '2018-03-15-preview').length).toBe(2);
  });
});

describe('the pages these fixes changed, in both themes', () => {
  it('have no serious or critical accessibility violation (axe), every fold open', async () => {
    const paths = ['/errors/TooMany/', '/endpoints/Services_List/', '/endpoints/post-models/', '/endpoints/createDeployment/'];
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
    expect(bad).toEqual([]);
  });
});
