// Issue 37: a build holds no download after its route has written it (GitHub's three files are
// 36 MB, held through every page after), and no engine once its pages render (each file's result
// and bytes: over 100 MB of GitHub's build); a dev server keeps both.
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SpecSite } from '../src/site/state.ts';
import { fixture, scratchCopy } from './helpers.ts';

const settings = (spec: string, printItems: number) => ({ spec: resolve(spec), specFromRoot: spec, schemaDir: 'schemas', route: '', base: '/', printItems, guide: false });

/** Renames an item of the spec folder on disk, by its title line. */
async function retitle(spec: string, file: string, from: string, to: string): Promise<void> {
  const path = join(spec, file);
  await writeFile(path, (await readFile(path, 'utf8')).replace(`title: ${from}\n`, `title: ${to}\n`));
}

describe("the site's downloads in a build (issue 37)", () => {
  it('a build makes a download each time it is asked for and keeps none; a dev server makes it once', async () => {
    // Settings no other test uses: `follow` below changes the site these settings name, for the whole process.
    const site = await SpecSite.for(settings(fixture('complete'), 37));
    let made = 0;
    const ask = () => site.download('spec.md', (analysis) => `${++made} of ${analysis.spec.areas.length} areas`);
    expect(ask()).toBe('1 of 9 areas');
    expect(ask()).toBe('2 of 9 areas');
    expect(made).toBe(2);
    site.follow();
    const kept = ask();
    expect(ask()).toBe(kept);
    expect(made).toBe(3);
  });

  it('a build lets the engine and the files go once a page renders: what it is asked to read again, it reads whole; a dev server reads only the file named', async () => {
    for (const dev of [false, true]) {
      const spec = await scratchCopy(fixture('complete'));
      // Settings no other test uses (a fresh folder each time): `follow` changes the site for the whole process.
      const site = await SpecSite.for(settings(spec, 38));
      if (dev) site.follow();
      site.view('home', '', () => 'a page renders');
      await retitle(spec, 'endpoints/get-order.yaml', 'Get an order', 'Fetch an order');
      await retitle(spec, 'endpoints/cancel-order.yaml', 'Cancel an order', 'Void an order');
      await site.refresh([join(spec, 'endpoints/get-order.yaml')]);
      expect(site.index.titles.get('endpoints/get-order')).toBe('Fetch an order');
      // Kept, the engine reads only the file it is told changed; let go, there is nothing to read it on top of.
      expect(site.index.titles.get('endpoints/cancel-order')).toBe(dev ? 'Cancel an order' : 'Void an order');
    }
  });
});
