import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { fixture, scratchCopy } from '../helpers.ts';
import { buildSite } from './build.ts';

/**
 * Issue 32, defects left after the eighth pass, read back from a real site: the complete fixture
 * with a resource whose body is an all_of that narrows a field, whose description has headings and
 * a table with a labelled link written `\|` (their views: test/lib/reader-pass9.test.ts).
 */
const PET = `description: |
  A pet, as the shop lists it.

  ## Kinds

  | Kind | See |
  | ---- | --- |
  | order | [[resources/Order\\|orders of pets]] |

  ### Indoor kinds

  Mostly cats.
fields:
  body:
    description: The pet's body.
    required: true
    type: all_of
    of:
      - type: object
        fields:
          kind: { type: string, description: What kind of pet., required: true }
      - type: object
        fields:
          kind: { allowed: [cat, dog] }
`;

let site = '';
const page = async (root: string, path: string): Promise<HTMLElement> => parse(await readFile(join(root, path, 'index.html'), 'utf8'));
const text = (el: HTMLElement | null | undefined) => (el?.text ?? '').replace(/\s+/g, ' ').trim();
const main = (root: HTMLElement) => root.querySelector('main') ?? root;
const level = (h: HTMLElement) => Number(h.tagName.slice(1));

beforeAll(async () => {
  const dir = await scratchCopy(fixture('complete'));
  await writeFile(join(dir, 'resources', 'Pet.yaml'), PET);
  await writeFile(join(dir, 'resources', '_area.yaml'), 'inventory: complete\ndescription: |\n  What the service keeps.\n\n  ## Naming\n\n  Names are nouns.\n');
  const built = await buildSite(dir);
  expect(built.code, built.output).toBe(0);
  site = built.outDir;
});

describe('the print page’s outline (defect 3)', () => {
  /** Each heading inside an item at or above the item's own level, and each heading of the page that skips a level. */
  const outOfOutline = (root: HTMLElement) => {
    const out: string[] = [];
    let before = 1;
    for (const h of main(root).querySelectorAll('h1, h2, h3, h4, h5, h6')) {
      if (level(h) > before + 1) out.push(`h${before} -> ${h.tagName} ${text(h)}`);
      before = level(h);
    }
    for (const item of main(root).querySelectorAll('section.item')) {
      const own = item.querySelector('h3');
      const inside = item.querySelectorAll('h1, h2, h3, h4, h5, h6').filter((h) => h !== own);
      let previous = 3;
      for (const h of inside) {
        if (level(h) <= 3 || level(h) > previous + 1) out.push(`${item.getAttribute('data-item')}: h${previous} -> ${h.tagName} ${text(h)}`);
        previous = level(h);
      }
    }
    return out;
  };

  it('puts an item’s description headings and sections below its h3, in order, skipping none', async () => {
    const root = await page(site, 'print');
    const pet = main(root).querySelector('section.item[data-item="Pet"]');
    expect(pet?.querySelector('h3')?.getAttribute('id')).toBe('resources-Pet');
    expect(pet?.querySelectorAll('.prose h1, .prose h2, .prose h3, .prose h4, .prose h5, .prose h6').map((h) => `${h.tagName} ${text(h)}`)).toEqual(['H4 Kinds', 'H5 Indoor kinds']);
    expect(outOfOutline(root)).toEqual([]);
    // The area's description sits below its h2 (its page has it from h2, under its title).
    const area = main(root).querySelector('section.area[data-area="resources"]');
    const beforeItems = area?.querySelectorAll('h1, h2, h3, h4, h5, h6').filter((h) => h.closest('section.item') === null) ?? [];
    expect(beforeItems.map((h) => `${h.tagName} ${text(h)}`)).toEqual(['H2 2. Resources', 'H3 Naming']);
  });

  it('keeps every item of the sites the tests build below its heading (the guide’s content and the complete spec)', async () => {
    const { content, complete } = inject('sites');
    for (const root of [content, complete]) expect(outOfOutline(await page(root, 'print')), root).toEqual([]);
  });

  it('leaves the item’s own page as it was: its description’s headings from h2 under its title', async () => {
    const root = main(await page(site, 'resources/Pet'));
    expect(root.querySelectorAll('.description h2, .description h3').map((h) => `${h.tagName} ${text(h)}`)).toEqual(['H2 Kinds', 'H3 Indoor kinds']);
  });
});

describe('a labelled link written `\\|` in a table cell (defect 2)', () => {
  it('is the labelled link in its cell, on the item’s page and on the print page', async () => {
    for (const root of [main(await page(site, 'resources/Pet')).querySelector('.description'), main(await page(site, 'print')).querySelector('section.item[data-item="Pet"] .description')]) {
      const cell = root?.querySelectorAll('td').find((td) => td.querySelector('a') !== null);
      expect(cell?.querySelector('a')?.getAttribute('href')).toBe('/resources/Order/');
      expect(text(cell)).toBe('orders of pets');
      expect(text(root)).not.toContain('[[');
    }
  });
});

describe('an all_of part that narrows a field another part types (defect 1)', () => {
  it('shows the merged field with its type and no gap', async () => {
    const root = main(await page(site, 'resources/Pet'));
    expect(root.querySelectorAll('[data-gap]').map((g) => g.getAttribute('data-facet'))).toEqual([]);
    expect(text(root)).toContain('cat');
  });
});
