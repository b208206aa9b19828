import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { facetAnchor } from '../../src/lib/index.ts';
import { imported, NARROWING } from '../lib/reader-pass11-doc.ts';
import { buildSite } from './build.ts';
import { brokenLinks, main, page } from './read.ts';

/**
 * Issue 32, defects left after the tenth pass (t3132g's defect 2), read back from a real site: the
 * spec the import writes from t3132g's repro-03, and `Owned`, written by hand, whose own part leaves
 * the type of `b` (which `Base` types) open as a question someone took up. `b`'s chip sits in the
 * merged row's "and, all of it holding" line below `Base`'s `b`, which another item's page would
 * show without anchors: it was drawn without its id, so every link to it was dead.
 */
let site = '';
const OWNED = `description: Base, with a question on b taken up.
value:
  type: all_of
  of:
    - Base
    - type: object
      fields:
        b:
          type: { open: Narrower than Base?, owner: ann }
          required: false
`;
const TAKEN = 'resources/Owned/value/of/1/fields/b/type';

beforeAll(async () => {
  const spec = await imported(NARROWING);
  await writeFile(join(spec, 'resources', 'Owned.yaml'), OWNED);
  const built = await buildSite(spec);
  expect(built.code, built.output).toBe(0);
  site = built.outDir;
});

describe('every gap the gaps page lists has its anchor on the page it links to (t3132g 2)', () => {
  it('lists the open types of fields typed nowhere and the question taken up, not the types a resource or another part answers', async () => {
    const listed = main(await page(site, 'gaps'))
      .querySelectorAll('a[href*="#"]')
      .map((a) => decodeURIComponent(a.getAttribute('href') ?? '').replace(/^[^#]*#f-/, ''))
      .filter((id) => id.startsWith('resources/'));
    expect([...new Set(listed)].sort()).toEqual([
      'resources/Inline/value/of/1/fields/z/type',
      'resources/Inline/value/of/2/fields/z/type',
      'resources/Narrow/value/of/1/fields/m/type',
      'resources/Narrow/value/of/1/fields/o/type',
      TAKEN,
    ]);
  });

  it('resolves every gap link of the gaps page to an element with that id on its target page', async () => {
    const links = main(await page(site, 'gaps'))
      .querySelectorAll('a[href*="#f-"]')
      .map((a) => a.getAttribute('href') ?? '');
    expect(links.length).toBeGreaterThan(0);
    for (const href of links) {
      const [path = '', anchor = ''] = href.split('#');
      const target = await page(site, path.replace(/^\//, ''));
      expect(target.getElementById(decodeURIComponent(anchor)), href).not.toBeNull();
    }
  });

  it('draws the own part’s chip below the resource’s field with its id, and nothing of the field on the page of an item that shows it in place', async () => {
    const owned = main(await page(site, 'resources/Owned'));
    const chip = owned.querySelector(`.shape-also [data-facet="${TAKEN}"][data-gap]`);
    expect(chip?.getAttribute('id')).toBe(facetAnchor(TAKEN));
    const endpoint = main(await page(site, 'endpoints/getP'));
    expect(endpoint.querySelectorAll('[data-gap][id]').filter((c) => (c.getAttribute('id') ?? '').startsWith('f-resources/'))).toEqual([]);
  });

  it('leaves no dead link anywhere in the site (the resource pages, the endpoint showing Narrow, print)', async () => {
    expect(await brokenLinks(site)).toEqual([]);
  });
});
