import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { cli, fixture, scratchCopy } from '../helpers.ts';
import { HOSTILE_EDIT_URL } from './build.ts';
import { main, page } from './read.ts';

const { content, hostile } = inject('sites');
const REPO = 'https://github.com/acme/spec';
const FOLDER = 'main/test/fixtures/hostile';

/** The line of a fixture file on which a text first appears, read from the file itself. */
async function lineOf(file: string, text: string): Promise<number> {
  const lines = (await readFile(join(fixture('hostile'), file), 'utf8')).split('\n');
  const index = lines.findIndex((l) => l.includes(text));
  if (index < 0) throw new Error(`${text} is not in ${file}`);
  return index + 1;
}

const hrefs = (root: ReturnType<typeof main>, facet: string) => {
  const gap = root.querySelector(`[data-facet="${facet}"]`);
  return { view: gap?.querySelector('a.gap-view')?.getAttribute('href'), edit: gap?.querySelector('a.gap-edit')?.getAttribute('href'), create: gap?.querySelector('a.gap-create')?.getAttribute('href'), text: gap?.querySelector('.gap-source')?.text };
};

describe('gap links to the repository (the hostile site, built with SPECBENCH_EDIT_URL)', () => {
  it('links an area gap to its file at its line and to the editor, on the area page and on /gaps/', async () => {
    expect(HOSTILE_EDIT_URL).toBe(`${REPO}/edit/${FOLDER}/`);
    const line = await lineOf('purpose/_area.yaml', 'domain:');
    for (const path of ['purpose', 'gaps']) {
      const links = hrefs(main(await page(hostile, path)), 'purpose/domain');
      expect(links, path).toEqual({ view: `${REPO}/blob/${FOLDER}/purpose/_area.yaml#L${line}`, edit: `${REPO}/edit/${FOLDER}/purpose/_area.yaml`, create: undefined, text: `View at line ${line} · Edit` });
    }
  });

  it('links a gap shown as a chip in an item’s table to the item’s file at the line of the open facet', async () => {
    const line = await lineOf('resources/Order.yaml', '  x: {');
    expect(hrefs(main(await page(hostile, 'resources/Order')), 'resources/Order/fields/x/required')).toMatchObject({
      view: `${REPO}/blob/${FOLDER}/resources/Order.yaml#L${line}`,
      edit: `${REPO}/edit/${FOLDER}/resources/Order.yaml`,
      create: undefined,
    });
  });

  it('offers to create a missing area file, filled in with what `specbench new` writes', async () => {
    const dir = await scratchCopy(fixture('hostile'));
    expect((await cli(['new', 'errors', '--spec', dir])).code).toBe(0);
    const [, ...scaffold] = (await readFile(join(dir, 'errors', '_area.yaml'), 'utf8')).split('\n');
    for (const path of ['errors', 'gaps']) {
      const links = hrefs(main(await page(hostile, path)), 'errors/inventory');
      expect(links.view, path).toBeUndefined();
      expect(links.edit, path).toBeUndefined();
      expect(links.text, path).toBe('Create errors/_area.yaml');
      const url = new URL(links.create ?? '');
      expect(`${url.origin}${url.pathname}`).toBe(`${REPO}/new/${FOLDER}/errors/`);
      expect([...url.searchParams.keys()]).toEqual(['filename', 'value']);
      expect(url.searchParams.get('filename')).toBe('_area.yaml');
      const [modeline, ...rest] = (url.searchParams.get('value') ?? '').split('\n');
      // The schema line points, from where the file goes in the repository, at the area's schema; the rest is the CLI's file byte for byte.
      expect(resolve('test/fixtures/hostile/errors', modeline?.replace('# yaml-language-server: $schema=', '') ?? '')).toBe(resolve('src/schemas/errors.area.schema.json'));
      expect(rest).toEqual(scaffold);
    }
  });

  it('shows no gap links where the spec does not say where its repository is', async () => {
    const gaps = main(await page(content, 'gaps'));
    expect(gaps.querySelectorAll('.facet.gap').length).toBeGreaterThan(0);
    expect(gaps.querySelectorAll('.gap-source')).toHaveLength(0);
  });
});
