import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { statSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture, scratchCopy } from '../helpers.ts';
import { buildSite } from './build.ts';
import { brokenLinks, htmlFiles, main, page } from './read.ts';

// The complete fixture plus an event whose id ends in `.html` (GitHub's REST description has 34
// such ids, `timeline-reviewed-event._links.html`), built with at most 4 items a print page, so
// that its 27 items are printed an area a page and the resources (6) in two parts.
let outDir: string;
beforeAll(async () => {
  const dir = await scratchCopy(fixture('complete'));
  await copyFile(join(dir, 'events', 'order.shipped.yaml'), join(dir, 'events', 'timeline.html.yaml'));
  const built = await buildSite(dir, { SPECBENCH_PRINT_ITEMS: '4' });
  expect(built.code, built.output.slice(-3000)).toBe(0);
  outDir = built.outDir;
}, 300_000);

const isFile = (path: string) => statSync(join(outDir, path), { throwIfNoEntry: false })?.isFile() === true;

describe('an item whose id ends in .html', () => {
  it('gets a folder with its page, like every item, never a flat .html file', async () => {
    expect(isFile('events/timeline.html/index.html')).toBe(true);
    expect(statSync(join(outDir, 'events/timeline.html')).isDirectory()).toBe(true);
    const root = main(await page(outDir, 'events/timeline.html'));
    expect(root.querySelector('h1')?.text).toBe('Order shipped');
    expect(root.querySelector('.meta code')?.text).toBe('timeline.html');
  });

  it('is linked with a trailing slash from its area, the sidebar and what it links to, and every link resolves', async () => {
    const events = main(await page(outDir, 'events'));
    expect(events.querySelector('tr[data-item="timeline.html"] a')?.getAttribute('href')).toBe('/events/timeline.html/');
    const sidebar = (await page(outDir, 'events/order.placed')).querySelector('#starlight__sidebar');
    expect(sidebar?.querySelectorAll('a').map((a) => a.getAttribute('href'))).toContain('/events/timeline.html/');
    const shipped = main(await page(outDir, 'resources/ShippedOrder')).querySelector('.linked-from');
    expect(shipped?.querySelectorAll('a').map((a) => a.getAttribute('href'))).toContain('/events/timeline.html/');
    expect(await brokenLinks(outDir)).toEqual([]);
  });
});

describe('the print version of a spec above the print page size', () => {
  it('lists a page per area on /print/, the resources in two parts', async () => {
    const root = main(await page(outDir, 'print'));
    expect(root.querySelectorAll('section.item')).toHaveLength(0);
    const rows = root.querySelectorAll('ol.print-parts li').map((li) => [li.getAttribute('data-area'), li.querySelectorAll('a').map((a) => a.getAttribute('href'))]);
    expect(rows).toEqual([
      ['purpose', ['/print/purpose/']],
      ['resources', ['/print/resources/', '/print/resources/', '/print/resources/2/']],
      ['states', ['/print/states/']],
      ['endpoints', ['/print/endpoints/', '/print/endpoints/', '/print/endpoints/2/']],
      ['authentication', ['/print/authentication/']],
      ['events', ['/print/events/']],
      ['errors', ['/print/errors/']],
      ['limits', ['/print/limits/']],
      ['versioning', ['/print/versioning/']],
    ]);
  });

  it('prints every item exactly once, in order, at most 4 a page; the area’s own facets on its first page', async () => {
    const printed: string[] = [];
    for (const file of (await htmlFiles(outDir)).filter((f) => f.startsWith('print/') && f !== 'print/index.html')) {
      const root = main(await page(outDir, file.replace(/\/?index\.html$/, '')));
      const items = root.querySelectorAll('section.item');
      expect(items.length, file).toBeLessThanOrEqual(4);
      const area = root.querySelector('section.area')?.getAttribute('data-area');
      printed.push(...items.map((s) => `${area}/${s.getAttribute('data-item')}`));
      expect(root.querySelectorAll('section.area > .facets, section.area > ul.facets, section.area > p').length > 0, file).toBe(!file.endsWith('/2/index.html'));
    }
    expect(printed).toHaveLength(27);
    expect(new Set(printed).size).toBe(27);
    expect(printed).toContain('events/timeline.html');
    const resources = main(await page(outDir, 'print/resources/2'));
    expect(resources.querySelector('h1')?.text).toBe('The whole spec: 2. Resources, part 2 of 2');
    expect(resources.querySelectorAll('section.item').map((s) => s.getAttribute('data-item'))).toEqual(['Problem', 'ShippedOrder']);
  });

  it('keeps every print page out of the search index', async () => {
    for (const file of (await htmlFiles(outDir)).filter((f) => f.startsWith('print/'))) {
      expect((await page(outDir, file.replace(/\/?index\.html$/, ''))).querySelector('[data-pagefind-body]'), file).toBeNull();
    }
    expect((await page(outDir, 'events/timeline.html')).querySelector('[data-pagefind-body]')).not.toBeNull();
  });
});
