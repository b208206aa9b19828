import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { AREAS } from '../../src/lib/index.ts';
import { LONGEST_LINE } from '../../src/site/ec-config.mjs';
import { buildSite } from './build.ts';
import { brokenLinks, htmlFiles, main, page } from './read.ts';

/**
 * A Starlight site of its own (test/fixtures/starlight-site: a front page and a guide, its own
 * sidebar) with `specbench({ spec: '../complete', base: 'api', label: 'Orders API' })` among its
 * plugins: the spec's pages are added under /api/ with a sidebar group, the site's own pages stay.
 */
describe('the plugin in a Starlight site of its own', () => {
  let built: { outDir: string; code: number; output: string };
  beforeAll(async () => {
    built = await buildSite('', {}, 'test/fixtures/starlight-site');
  });

  it('builds without a warning', () => {
    expect(built.code, built.output).toBe(0);
    expect(built.output.split('\n').filter((line) => /\[WARN\]|\(!\)|\bwarning/i.test(line))).toEqual([]);
  });

  it("keeps the site's own pages as they are, with its title and its sidebar, the spec's group after it", async () => {
    const front = await page(built.outDir, '.');
    expect(front.querySelector('title')?.text).toBe('Welcome to Acme | Acme docs');
    expect(main(front).text).toContain('Acme’s own documentation.');
    const guide = await page(built.outDir, 'guides/getting-started');
    expect(guide.querySelector('title')?.text).toBe('Getting started | Acme docs');
    const groups = guide.querySelectorAll('.group-label').map((e) => e.text.trim());
    expect(groups.findIndex((g) => g.includes('Guides'))).toBeLessThan(groups.findIndex((g) => g.includes('Orders API')));
    expect(guide.querySelectorAll('a[href="/api/"]').length).toBeGreaterThan(0);
  });

  it("adds the spec's pages under /api/: the dashboard, the nine areas, every item, all gaps, the changelog and its feed", async () => {
    const files = await htmlFiles(built.outDir);
    for (const path of ['api/index.html', ...AREAS.map((a) => `api/${a.key}/index.html`), 'api/gaps/index.html', 'api/changelog/index.html', 'api/endpoints/get-order/index.html', 'api/guide/index.html']) expect(files, path).toContain(path);
    expect(files.filter((f) => !f.startsWith('api/')).sort()).toEqual(['404.html', 'guides/getting-started/index.html', 'guides/long-lines/index.html', 'index.html']);
    const item = await page(built.outDir, 'api/endpoints/get-order');
    expect(item.querySelector('title')?.text).toBe('Get an order | Acme docs');
    expect(item.querySelector('a[aria-current="page"]')?.getAttribute('href')).toBe('/api/endpoints/get-order/');
    expect(await readFile(join(built.outDir, 'api', 'changelog.xml'), 'utf8')).toContain('<feed');
  });

  it("colours its own Markdown's code with the site's options: a line longer than LONGEST_LINE is one plain run, on every build alike (Shiki's 500 ms limit per line made colours depend on the machine's load)", async () => {
    const lines = (await readFile(join(built.outDir, 'guides', 'long-lines', 'index.html'), 'utf8')).match(/<div class="ec-line">.*?<\/div><\/div>/g) ?? [];
    const styles = (line: string | undefined) => new Set(line?.match(/style="[^"]*"/g) ?? []);
    const long = lines.find((l) => l.includes('long:'));
    expect(long?.length).toBeGreaterThan(LONGEST_LINE);
    expect(styles(long).size).toBe(1);
    // The lines within the bound are coloured, key and value apart: the one after the long line too.
    expect(styles(lines.find((l) => l.includes('>short<'))).size).toBeGreaterThan(1);
    expect(styles(lines.find((l) => l.includes('>after<'))).size).toBeGreaterThan(1);
  });

  it('links every page, its own and the spec’s, to pages that exist', async () => {
    expect(await brokenLinks(built.outDir)).toEqual([]);
  });
});
