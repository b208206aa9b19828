import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { HTMLElement } from 'node-html-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { facetAnchor } from '../../src/lib/index.ts';
import { fixture, scratchCopy } from '../helpers.ts';
import { inlinedEndpoint } from '../lib/reader-pass10-endpoint.ts';
import { buildSite } from './build.ts';
import { brokenLinks, main, page } from './read.ts';

/**
 * Issue 32, defects left after the ninth pass, read back from a real site: the complete fixture
 * with an endpoint as an import writes DigitalOcean's `apps_update` (one 500-field object written
 * in place in the request and twelve times in the response, t32f's repro 05: a 4.4 MB page), the
 * last copy leaving two types open (its views: test/lib/reader-pass10.test.ts).
 */
let site = '';
const ENDPOINT = 'endpoints/update-app';
const COPY = `${ENDPOINT}/responses/200/schema/fields/copy_11`;
const OPEN = [`${COPY}/fields/field_000/type`, `${COPY}/fields/field_001/fields/deep/type`];
const text = (el: HTMLElement | null | undefined) => (el?.text ?? '').replace(/\s+/g, ' ').trim();

beforeAll(async () => {
  const dir = await scratchCopy(fixture('complete'));
  await writeFile(join(dir, 'endpoints', 'update-app.yaml'), inlinedEndpoint(500, 12));
  const built = await buildSite(dir);
  expect(built.code, built.output).toBe(0);
  site = built.outDir;
});

describe('a page’s budget counts the trees written in place (t32f 05)', () => {
  it('keeps the page under 2 MB, the request whole and every copy named, saying in place where it shows no more', async () => {
    expect((await stat(join(site, ENDPOINT, 'index.html'))).size).toBeLessThan(2_000_000);
    const root = main(await page(site, ENDPOINT));
    expect(root.querySelector(`[data-shape="${ENDPOINT}/request/schema/fields/spec/fields/field_499"]`)).not.toBeNull();
    for (let k = 0; k < 12; k++) expect(root.querySelector(`[data-shape="${ENDPOINT}/responses/200/schema/fields/copy_${k}"]`), `copy_${k}`).not.toBeNull();
    const cuts = root.querySelectorAll('[data-cut]');
    expect(cuts.length).toBeGreaterThan(0);
    expect(root.querySelector(`[data-cut="${COPY}"]`)).not.toBeNull();
    expect(root.querySelector(`[data-shape="${COPY}/fields/field_499"]`)).toBeNull();
    expect(text(root.querySelector(`[data-cut="${COPY}"]`))).toContain('This page shows no more in place: the print version shows its 500 fields.');
  });

  it('links each cut to the item’s continued page of the print version, which shows it whole there', async () => {
    const root = main(await page(site, ENDPOINT));
    const cuts = root.querySelectorAll('[data-cut]');
    // What the page cuts is on the item's continued pages of the print version, each under the page's budget.
    const pages = new Set(cuts.map((cut) => (cut.querySelector('a')?.getAttribute('href') ?? '').replace(/#.*$/, '')));
    expect(pages.size).toBeGreaterThan(0);
    for (const printed of pages) expect(printed).toMatch(/^\/print\/endpoints\/update-app\/\d+\/$/);
    for (const cut of cuts) {
      const href = cut.querySelector('a')?.getAttribute('href') ?? '';
      const print = await page(site, href.slice(1, href.indexOf('#')));
      const target = print.getElementById(decodeURIComponent(href.slice(href.indexOf('#') + 1)));
      expect(target?.getAttribute('data-shape'), href).toBe(cut.getAttribute('data-cut'));
      expect(target?.querySelector(`[data-shape="${cut.getAttribute('data-cut') ?? ''}/fields/field_499"]`), href).not.toBeNull();
    }
  });

  it('keeps the open gaps below a cut on the page, each chip at its anchor, and every link of the site resolves (the gaps page’s included)', async () => {
    const root = main(await page(site, ENDPOINT));
    for (const id of OPEN) {
      const chip = root.querySelector(`[data-cut="${COPY}"] [data-facet="${id}"][data-gap]`);
      expect(chip?.getAttribute('id'), id).toBe(facetAnchor(id));
    }
    const gaps = main(await page(site, 'gaps'));
    for (const id of OPEN) expect(gaps.querySelectorAll('a').some((a) => a.getAttribute('href') === `/${ENDPOINT}/#${facetAnchor(id)}`), id).toBe(true);
    expect(await brokenLinks(site)).toEqual([]);
  });
});
