import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { importToSpec } from '../interchange/helpers.ts';
import { buildSite } from './build.ts';

/**
 * Issue 32, the tester's reproductions after the seventh pass, read back from real sites built for
 * the documents of test/fixtures/reader/pass8/ (their views are tested in
 * test/lib/render/reader-pass8.test.ts): what the HTML says to a reader.
 */
const PASS8 = 'test/fixtures/reader/pass8';
const FIXTURES = { parts: '01-combination-parts.yaml', errors: '02-multiline-error-description.yaml', untitled: '03-untitled-operation.yaml', headings: '05-heading-levels.yaml' } as const;
const sites: Partial<Record<keyof typeof FIXTURES, string>> = {};

const page = async (site: keyof typeof FIXTURES, path: string): Promise<HTMLElement> => parse(await readFile(join(sites[site] ?? '', path, 'index.html'), 'utf8'));
const text = (el: HTMLElement | null | undefined) => (el?.text ?? '').replace(/\s+/g, ' ').trim();
const main = (root: HTMLElement) => root.querySelector('main') ?? root;

beforeAll(async () => {
  // One build at a time: Astro keeps its content cache in the project.
  for (const [name, file] of Object.entries(FIXTURES) as Array<[keyof typeof FIXTURES, string]>) {
    const { dir } = await importToSpec(join(PASS8, file));
    const built = await buildSite(dir);
    expect(built.code, built.output).toBe(0);
    sites[name] = built.outDir;
  }
});

describe('an all_of’s parts and a one_of’s variants on the page (repro-01)', () => {
  it('read "all of" and "one of" in words only, each variant named by its title, each part’s facts as that part’s', async () => {
    const request = main(await page('parts', 'endpoints/post-stubs')).querySelector('.body');
    expect(text(request)).not.toMatch(/\((all|one|any)_of\)/);
    expect(request?.querySelectorAll('.shape-type').map(text)).toEqual(expect.arrayContaining(['all of', 'one of']));
    expect(request?.querySelectorAll('.shape-title').map(text)).toEqual(['Log normal', 'Uniform']);
    // No part's or variant's own keys as bare rows.
    expect(request?.querySelectorAll('.extras dt').map(text)).toEqual([]);
    // A part's stated type is said under its label (the one-part all_of's too): nothing a part states is left off.
    expect(request?.querySelectorAll('.shape-parts').map(text)).toEqual(['its own fields', 'part 1 + part 2']);
    expect(request?.querySelectorAll('.part-notes dt').map(text)).toEqual(['its own fields', 'part 1', 'part 2']);
    expect(request?.querySelectorAll('.part-notes').map(text).join(' ')).toContain('Filter requests');
    expect(text(request?.querySelector('.part-notes'))).toContain('type: object');
    expect(request?.querySelectorAll('.origin').map(text)).toEqual(['from part 1', 'from part 2']);
  });

  it('keeps a part’s open type a gap, read as a reader would: a short chip with its question, without the facet’s raw id', async () => {
    const chip = main(await page('parts', 'endpoints/post-stubs')).querySelector('.part-notes [data-gap]');
    expect(chip?.getAttribute('data-facet')).toBe('endpoints/post-stubs/request/schema/fields/filters/of/1/type');
    expect(text(chip?.querySelector('summary'))).toBe('not stated type');
    expect(text(chip?.querySelector('.question'))).toBe('What is its type?');
    expect(chip?.querySelector('.gap-id')).toBeNull();
    expect(text(chip)).not.toContain('endpoints/post-stubs');
  });
});

describe('an error described by a Markdown table (repro-02)', () => {
  it('shows the table as a table on the error’s page, not a paragraph of pipes', async () => {
    const table = main(await page('errors', 'errors/BadRequest')).querySelector('.prose table');
    expect(table?.querySelectorAll('tr').map((row) => row.querySelectorAll('th, td').map(text))).toEqual([
      ['code', 'title'],
      ['477', 'INVALID FORMAT'],
      ['1304', 'CREDIT CARD NOT ACCEPTED'],
    ]);
  });
});

describe('an operation titled by its method and path (repro-03)', () => {
  it('says them once on its page: the title, then the whole address to call (no second method)', async () => {
    const root = main(await page('untitled', 'endpoints/Apps_Get'));
    expect(text(root.querySelector('h1'))).toBe('GET /apps/{name}');
    // The document states a host but no `schemes`: since t31s D17 no server is made up for it (`http://` was), so the base address is the open placeholder.
    expect(text(root.querySelector('.signature'))).toBe('{base_url}/apps/{name}');
    expect(root.querySelectorAll('.signature .badge-sig')).toEqual([]);
  });

  it('says them once in the home page’s list and in its area’s table (the id is the link there)', async () => {
    const rows = main(await page('untitled', '')).querySelectorAll('.operation-list li').map(text);
    expect(rows).toEqual(['GET /apps/{name}']);
    const row = main(await page('untitled', 'endpoints')).querySelector('table.items tbody tr');
    expect(row?.querySelectorAll('td').slice(0, 2).map(text)).toEqual(['Apps_Get', 'GET /apps/{name}']);
  });
});

describe('a stated title without a head line (repro-01, repro-04)', () => {
  it('is a line of a parameter’s table row', async () => {
    const row = main(await page('headings', 'endpoints/get-things')).querySelector('.shape-table tbody tr');
    expect(text(row?.querySelector('.shape-table-description'))).toBe('Title: Page size');
  });
});

describe('heading levels (repro-05)', () => {
  /** Each heading of a page's main part that is more than one level below the one before it (axe's `heading-order`). */
  const skips = (root: HTMLElement) => {
    let previous = 1;
    return main(root)
      .querySelectorAll('h1, h2, h3, h4, h5, h6')
      .flatMap((h) => {
        const level = Number(h.tagName.slice(1));
        const skip = level > previous + 1 ? [`h${previous} -> h${level} ${text(h)}`] : [];
        previous = level;
        return skip;
      });
  };

  it('skip none on the home and purpose pages: prose headings under the page’s title start at h2, tag groups under "Operations" are h3', async () => {
    const home = await page('headings', '');
    expect(main(home).querySelectorAll('.prose h2, .prose h3').map((h) => `${h.tagName} ${text(h)}`)).toEqual(['H2 Features', 'H3 Detail']);
    expect(main(home).querySelectorAll('.operations .group-heading').map((h) => `${h.tagName} ${text(h)}`)).toEqual(['H3 Others', 'H3 Things']);
    expect(skips(home)).toEqual([]);
    expect(skips(await page('headings', 'purpose'))).toEqual([]);
  });

  it('skip none on any page of these sites and of the sites the tests build (the guide’s, the complete, hostile and imported specs’)', async () => {
    const all = { ...sites, ...inject('sites') };
    for (const [name, site] of Object.entries(all)) {
      const pages = (await readdir(site, { recursive: true })).filter((f) => f.endsWith('index.html'));
      expect(pages.length, name).toBeGreaterThan(10);
      for (const file of pages) expect(skips(parse(await readFile(join(site, file), 'utf8'))), `${name} ${file}`).toEqual([]);
    }
  });
});
