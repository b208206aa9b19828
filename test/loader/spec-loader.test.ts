import { EventEmitter } from 'node:events';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { LoaderContext } from 'astro/loaders';
import type { z } from 'astro/zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { areaSchema, downloadSchema, itemSchema, siteSchema } from '../../src/site/schema.ts';
import { specLoaders, type SpecCollection } from '../../src/site/spec-loader.ts';
import { fixture, scratchCopy } from '../helpers.ts';

const SCHEMAS: Record<SpecCollection, z.ZodType> = { site: siteSchema, areas: areaSchema, items: itemSchema, downloads: downloadSchema };

type Entry = { id: string; data: Record<string, unknown>; digest?: string | number };

/** A collection's context as Astro gives it to a loader, over a plain map, counting what is stored. */
function context(collection: SpecCollection, log: string[], watcher?: EventEmitter & { add: () => void }) {
  const entries = new Map<string, Entry>();
  const stored: string[] = [];
  const ctx = {
    collection,
    store: {
      get: (id: string) => entries.get(id),
      keys: () => [...entries.keys()],
      delete: (id: string) => void entries.delete(id),
      set: (entry: Entry) => {
        stored.push(entry.id);
        entries.set(entry.id, entry);
        return true;
      },
    },
    logger: { info: (m: string) => log.push(m), warn: (m: string) => log.push(m), error: (m: string) => log.push(m) },
    config: { base: '/' },
    // As Astro's: the collection's schema parses the data (strict objects: an unknown key fails).
    parseData: async ({ data }: { data: unknown }) => SCHEMAS[collection].parseAsync(data),
    generateDigest: (data: unknown) => JSON.stringify(data),
    ...(watcher ? { watcher } : {}),
  };
  return { ctx: ctx as unknown as LoaderContext, entries, stored };
}

async function loadAll(watcher?: EventEmitter & { add: () => void }) {
  const loaders = specLoaders();
  const log: string[] = [];
  const contexts = {
    site: context('site', log, watcher),
    areas: context('areas', log, watcher),
    items: context('items', log, watcher),
    downloads: context('downloads', log, watcher),
  };
  await Promise.all((Object.keys(contexts) as SpecCollection[]).map((c) => loaders[c].load(contexts[c].ctx)));
  return { log, ...contexts };
}

let saved: string | undefined;
beforeEach(() => {
  saved = process.env.SPEC_DIR;
});
afterEach(() => {
  if (saved === undefined) delete process.env.SPEC_DIR;
  else process.env.SPEC_DIR = saved;
});

describe('the spec loaders', () => {
  it('store one slim entry per area, one per item page, the site’s own entry and the downloads, each valid by its schema', async () => {
    process.env.SPEC_DIR = fixture('complete');
    const { log, site, areas, items, downloads } = await loadAll();
    // One analysis for the four collections.
    expect(log.filter((m) => / open gaps? in /.test(m))).toHaveLength(1);
    expect([...areas.entries.keys()]).toEqual(['purpose', 'resources', 'states', 'endpoints', 'authentication', 'events', 'errors', 'limits', 'versioning']);
    expect(items.entries.size).toBe(26);
    expect(items.entries.get('endpoints/get-order')?.data).toMatchObject({ area: 'endpoints', id: 'get-order', path: 'endpoints/get-order/' });
    // An area lists its items' summaries, not their pages.
    const endpoints = areas.entries.get('endpoints')?.data;
    expect(endpoints?.items).toContainEqual(expect.objectContaining({ id: 'get-order', title: 'Get an order', path: 'endpoints/get-order/' }));
    expect(Array.isArray(endpoints?.items) && endpoints.items.every((i: object) => Object.keys(i).sort().join() === 'coverage,gapCount,id,listing,path,title')).toBe(true);
    expect(site.entries.get('site')?.data).toMatchObject({ service: { name: expect.any(String) }, print: [], downloads: [{ file: 'openapi.json' }, { file: 'asyncapi.json' }, { file: 'spec.md' }] });
    expect([...downloads.entries.keys()]).toEqual(['openapi.json', 'asyncapi.json', 'spec.md']);
  });

  it('in dev, store again only the entries an edit changed, drop a deleted item, and keep the last good pages while the spec has errors', async () => {
    const dir = await scratchCopy(fixture('complete'));
    process.env.SPEC_DIR = dir;
    const watcher = Object.assign(new EventEmitter(), { add: () => undefined });
    const { log, site, areas, items, downloads } = await loadAll(watcher);
    expect(downloads.entries.size).toBe(0);
    const synced = async (file: string, event: 'change' | 'unlink' = 'change') => {
      const runs = log.filter((m) => / open gaps? in | has errors/.test(m)).length;
      for (const c of [site, areas, items]) c.stored.length = 0;
      watcher.emit(event, resolve(dir, file));
      await expect.poll(() => log.filter((m) => / open gaps? in | has errors/.test(m)).length).toBe(runs + 1);
      await new Promise((r) => setTimeout(r, 50));
    };
    // A new description: that item's page only.
    const event = join(dir, 'events/order.shipped.yaml');
    await writeFile(event, (await readFile(event, 'utf8')).replace(/^description: .*$/m, 'description: Sent once the parcel has left.'));
    await synced('events/order.shipped.yaml');
    expect([site.stored, areas.stored, items.stored]).toEqual([[], [], ['events/order.shipped']]);
    expect(items.entries.get('events/order.shipped')?.data).toMatchObject({ description: 'Sent once the parcel has left.' });
    const file = join(dir, 'errors/order_not_found.yaml');
    const good = await readFile(file, 'utf8');
    // A new title: the page, and the area that lists it (the pages that link to it name it too).
    await writeFile(file, good.replace(/^title: .*$/m, 'title: No such order'));
    await synced('errors/order_not_found.yaml');
    expect(areas.stored).toEqual(['errors']);
    expect(items.stored).toContain('errors/order_not_found');
    expect(items.stored).not.toContain('resources/Order');
    // An error: the banner, and nothing else moves.
    await writeFile(file, good.replace('status: 404', 'status: 4044\nstatus_typo: 1'));
    await synced('errors/order_not_found.yaml');
    expect([site.stored, areas.stored, items.stored]).toEqual([['site'], [], []]);
    expect(site.entries.get('site')?.data).toMatchObject({ problems: { count: expect.any(Number), text: expect.stringContaining('errors/order_not_found.yaml:') } });
    // Fixed: the banner goes.
    await writeFile(file, good);
    await synced('errors/order_not_found.yaml');
    expect(site.entries.get('site')?.data).not.toHaveProperty('problems');
    expect(items.entries.get('errors/order_not_found')?.data).toMatchObject({ title: 'Order not found' });
    // A file deleted: its page goes, and its area's list.
    await rm(event);
    await synced('events/order.shipped.yaml', 'unlink');
    expect(items.entries.has('events/order.shipped')).toBe(false);
    expect(areas.stored).toContain('events');
  });
});
