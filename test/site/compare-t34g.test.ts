// The print version in comparison mode (issue 34, what the t34f round left): each change is marked
// on it as the item's and the area's pages mark it (their box of changes and their marks in place,
// rendered by the same components), the items the change removes follow their area's last item,
// and a print page that shows no change is byte for byte as a build without compare. The git
// fixture's head built with `compare` at its base, whole and in parts, and without.
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTMLElement } from 'node-html-parser';
import { AREAS } from '../../src/lib/index.ts';
import { cli } from '../helpers.ts';
import { compareFixture, EXPECTED } from '../compare/fixture.ts';
import { buildSite } from './build.ts';
import { brokenLinks, htmlFiles, main, page } from './read.ts';

let fixture: Awaited<ReturnType<typeof compareFixture>>;
/** Built with `compare`: the print version on one page, and in parts of two items. */
let whole: string;
let parted: string;
/** Built without `compare`, in parts of two items. */
let plainParted: string;
let diff: { itemsAdded: string[]; itemsRemoved: string[]; itemsRenamed: Array<{ from: string; to: string }>; itemsChanged: string[]; areasChanged: string[] };

/** In parts of two items: several items to a page, and pages that show no change. */
const PARTS = { SPECBENCH_PRINT_ITEMS: '2' };

beforeAll(async () => {
  fixture = await compareFixture();
  const builds = [
    await buildSite(fixture.spec, { SPEC_COMPARE: 'HEAD~1' }),
    await buildSite(fixture.spec, { SPEC_COMPARE: 'HEAD~1', ...PARTS }),
    await buildSite(fixture.spec, PARTS),
  ];
  for (const b of builds) if (b.code !== 0) throw new Error(`a build failed:\n${b.output}`);
  [whole, parted, plainParted] = builds.map((b) => b.outDir) as [string, string, string];
  const run = await cli(['diff', '--spec', fixture.spec, '--base', 'HEAD~1', '--format', 'json']);
  expect(run.code).toBe(0);
  diff = JSON.parse(run.out);
});
afterAll(async () => {
  await fixture?.done();
  for (const dir of [whole, parted, plainParted]) if (dir) await rm(dir, { recursive: true, force: true });
});

const text = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
const keyParts = (key: string) => ({ area: key.slice(0, key.indexOf('/')), id: key.slice(key.indexOf('/') + 1) });

/** An item's section on a page of the print version. */
function section(root: HTMLElement, key: string): HTMLElement | undefined {
  const { area, id } = keyParts(key);
  return root.querySelectorAll(`section.area[data-area="${area}"] section.item`).find((s) => s.getAttribute('data-item') === id);
}

/** What a page (or a part of it) marks: each mark's facet and word, each breaking change, the box's status, in order. */
function marksIn(root: HTMLElement) {
  return {
    status: root.querySelector('[data-change-status]')?.getAttribute('data-change-status'),
    marks: root.querySelectorAll('[data-change-facet]').map((m) => `${m.getAttribute('data-change-facet') ?? ''} ${m.getAttribute('data-change') ?? ''} ${m.getAttribute('id') ?? ''}`),
    breaking: root.querySelectorAll('[data-breaking]').map((b) => text(b.text)),
  };
}

/** Every item page the change touches: added, removed, renamed (its new key) and changed. */
const touched = () => [...diff.itemsAdded, ...diff.itemsRemoved, ...diff.itemsRenamed.map((r) => r.to), ...diff.itemsChanged];

describe('the print version in comparison mode', () => {
  it('marks each changed item as its own page does: its box of changes, and each mark and breaking change in place', async () => {
    const print = main(await page(whole, 'print'));
    expect(touched().length).toBeGreaterThan(8);
    for (const key of touched()) {
      const printed = section(print, key);
      expect(printed, key).toBeDefined();
      const own = marksIn(main(await page(whole, key)));
      expect(own.status, key).toBeDefined();
      expect(marksIn(printed as HTMLElement), key).toEqual(own);
    }
  });

  it('says a renamed item’s old id, and prints a removed item after its area’s last item, its last content marked removed', async () => {
    const print = main(await page(whole, 'print'));
    expect(section(print, EXPECTED.renamed.to)?.querySelector('[data-renamed-from]')?.text).toBe(EXPECTED.renamed.from);
    const removed = section(print, EXPECTED.removed);
    expect(removed?.querySelector('[data-change-status]')?.getAttribute('data-change-status')).toBe('removed');
    expect(text(removed?.text)).toContain('1048576');
    const limits = print.querySelectorAll('section.area[data-area="limits"] section.item').map((s) => s.getAttribute('data-item'));
    expect(limits.at(-1)).toBe(keyParts(EXPECTED.removed).id);
    // The plain build has no such item.
    expect(text(main(await page(plainParted, 'print/limits')).text)).not.toContain('request-size');
  });

  it('marks a closed description gap, which its page marks in its box (the t34f tester saw it unmarked)', async () => {
    const print = main(await page(whole, 'print'));
    const id = 'limits/default-rate/description';
    expect(EXPECTED.closed).toContain(id);
    const mark = print.getElementById(`change-f-${id}`);
    expect(mark?.getAttribute('data-change')).toBe('stated');
    expect(section(print, 'limits/default-rate')?.getElementById(`change-f-${id}`)).toBe(mark);
  });

  it('marks the changed area’s own part as its page does', async () => {
    const print = main(await page(whole, 'print'));
    const area = print.querySelector(`section.area[data-area="${EXPECTED.area}"]`);
    const box = area?.querySelectorAll('[data-change-status]').find((b) => b.closest('section.item') === null);
    const own = main(await page(whole, EXPECTED.area)).querySelector('[data-change-status]');
    expect(text(box?.text)).toBe(text(own?.text));
    expect(area?.querySelector(`[data-change-facet="${EXPECTED.areaValue}"]`)).not.toBeNull();
  });

  it('has no id twice, and every link resolves', async () => {
    for (const [root, path] of [
      [whole, 'print'],
      [parted, 'print/limits'],
      [parted, 'print/endpoints'],
    ] as const) {
      const ids = (await page(root, path)).querySelectorAll('[id]').map((e) => e.getAttribute('id'));
      expect(ids.filter((id, i) => ids.indexOf(id) !== i), path).toEqual([]);
    }
    expect(await brokenLinks(whole)).toEqual([]);
    expect(await brokenLinks(parted)).toEqual([]);
  });

  it('says on a page that shows changes that each is marked, and links the Changes page', async () => {
    const note = main(await page(whole, 'print')).querySelector('[data-compare-note]');
    expect(text(note?.text)).toContain('This version shows the spec as this change leaves it, compared with HEAD~1');
    expect(text(note?.text)).toContain('Each change is marked where it is');
    expect(note?.querySelector('a')?.getAttribute('href')).toBe('/changes/');
  });

  it('leaves each print page that shows no change byte for byte as a build without compare, and marks the others', async () => {
    const files = (await htmlFiles(plainParted)).filter((f) => f.startsWith('print/'));
    const untouched: string[] = [];
    const marked: string[] = [];
    // The index lists one part more, of the item the change removes (counted in the parts since t34g): the rest of it as without compare.
    const limitsParts = /<span class="part-links[^"]*"> parts: <a href="\/print\/limits\/"[^>]*>1<\/a>, <a href="\/print\/limits\/2\/"[^>]*>2<\/a> \(items this change removes\)<\/span>/;
    for (const file of files) {
      const [shown, without] = await Promise.all([readFile(join(parted, file), 'utf8'), readFile(join(plainParted, file), 'utf8')]);
      const withCompare = file === 'print/index.html' ? shown.replace(limitsParts, '') : shown;
      if (file === 'print/index.html') expect(shown, file).toMatch(limitsParts);
      if (withCompare.includes('data-change')) {
        marked.push(file);
        expect(withCompare, file).toContain('data-compare-note');
      } else {
        untouched.push(file);
        expect(withCompare, file).toBe(without);
      }
    }
    // The index of the parts, and the areas the change does not touch.
    expect(untouched).toEqual(expect.arrayContaining(['print/index.html', 'print/purpose/index.html', 'print/states/index.html', 'print/versioning/index.html']));
    expect(marked).toEqual(expect.arrayContaining(['print/limits/index.html', 'print/resources/2/index.html']));
    // Each touched item is marked on the part that prints it (a removed one after its area's items: on a part of its own here).
    const partsWith = (await htmlFiles(parted)).filter((f) => f.startsWith('print/'));
    for (const key of touched()) {
      const { area } = keyParts(key);
      const parts = partsWith.filter((f) => f.startsWith(`print/${area}/`));
      const found = await Promise.all(parts.map(async (f) => section(main(await page(parted, f.replace(/\/?index\.html$/, ''))), key)));
      expect(found.filter((s) => s?.querySelector('[data-change-status]')), key).toHaveLength(1);
    }
  });
});

describe('the Changes page in the sidebar (issue 34: "in the sidebar, above the areas")', () => {
  it('is linked from every page’s sidebar after the overview and above the first area, and only with compare', async () => {
    const hrefs = async (root: string, path: string) => (await page(root, path)).querySelectorAll('nav.sidebar a[href]').map((a) => a.getAttribute('href') ?? '');
    const areaLinks = new Set(AREAS.map((a) => `/${a.key}/`));
    for (const path of ['errors/rate_limited', 'limits/default-rate', 'changes']) {
      const links = await hrefs(whole, path);
      const [changes, firstArea] = [links.indexOf('/changes/'), links.findIndex((h) => areaLinks.has(h) || AREAS.some((a) => h.startsWith(`/${a.key}/`)))];
      expect(changes, path).toBeGreaterThan(links.indexOf('/'));
      expect(firstArea, path).toBeGreaterThan(changes);
    }
    expect(await hrefs(plainParted, 'errors/rate_limited')).not.toContain('/changes/');
  });
});
