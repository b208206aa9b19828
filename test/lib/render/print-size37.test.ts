// Issue 37: the print version is laid out from each item's blocks alone (`itemPrintSize`), not its
// whole view; what it measures must be what the item's view says, or a print page would hold more
// than its budget, or an item's continued pages would be missing.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaView, AREAS, itemPrintSize, itemView, SiteIndex, type Analysis } from '../../../src/lib/index.ts';
import { fixture, specAt } from '../../helpers.ts';
import { importToSpec } from '../../interchange/helpers.ts';

/** Every item's print size as measured, and as its whole view has it; each from an index of its own, so neither reads what the other made. */
function both(analysis: Analysis) {
  const listed = new SiteIndex(analysis).context(() => {});
  return AREAS.flatMap((module) =>
    areaView(listed, module.key).items.map((item) => {
      const view = itemView(new SiteIndex(analysis).context(() => {}), module.key, item.id);
      return {
        key: `${module.key}/${item.id}`,
        measured: itemPrintSize(new SiteIndex(analysis).context(() => {}), module.key, item.id),
        viewed: view && { printBytes: view.printBytes, continued: view.continued?.length ?? 0 },
      };
    }),
  );
}

/** A resource of 3,000 long fields: more than its page's budget, so its trees are cut onto continued pages. */
const wide = {
  openapi: '3.0.3',
  info: { title: 'Wide', version: '1' },
  paths: { '/wide': { get: { operationId: 'probeWide', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/WideRes' } } } } } } } },
  components: {
    schemas: {
      WideRes: {
        type: 'object',
        properties: Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`w_${i}`, { type: 'string', description: `Field ${i}. ${'A long description of this field, as generated documents write them. '.repeat(3)}` }])),
      },
    },
  },
};

describe('what the print version measures of an item before its pages render', () => {
  it('is its view’s print size and continued pages, for every item of the complete and the hostile fixtures', async () => {
    for (const name of ['complete', 'hostile']) {
      const sizes = both(await specAt(fixture(name)));
      expect(sizes.length).toBeGreaterThan(5);
      for (const { key, measured, viewed } of sizes) expect(measured, `${name}: ${key}`).toEqual(viewed);
    }
  });

  it('counts the continued pages of an item cut past its budget, as its view does', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'specbench-print-size-')), 'openapi.json');
    await writeFile(file, JSON.stringify(wide));
    const sizes = both((await importToSpec(file)).analysis);
    const res = sizes.find((s) => s.key === 'resources/WideRes');
    expect(res?.viewed?.continued).toBeGreaterThan(0);
    for (const { key, measured, viewed } of sizes) expect(measured, key).toEqual(viewed);
  });

  it('is nothing for an item the spec does not have', async () => {
    const index = new SiteIndex(await specAt(fixture('complete')));
    expect(itemPrintSize(index.context(() => {}), 'resources', 'NoSuchThing')).toBeUndefined();
    expect(itemPrintSize(index.context(() => {}), 'nowhere', 'x')).toBeUndefined();
  });
});
