import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS, itemView, SiteIndex } from '../src/lib/index.ts';
import { SpecSite } from '../src/site/state.ts';
import { fixture, specAt } from './helpers.ts';

const settings = (spec: string) => ({ spec: resolve(spec), specFromRoot: spec, schemaDir: 'schemas', route: '', base: '/', printItems: 50, guide: false });

describe("the site's memory in a build", () => {
  it('an index that let go of what it derived builds the very same views again', async () => {
    for (const name of ['complete', 'hostile', 'half-written']) {
      const index = new SiteIndex(await specAt(fixture(name)));
      const all = () => AREAS.flatMap((m) => index.analysis.spec.areas.find((a) => a.key === m.key)?.items.map((i) => itemView(index.context(() => {}), m.key, i.id)) ?? []);
      const first = all();
      expect(index.held).toBeGreaterThan(0);
      index.forget();
      expect(index.held).toBe(0);
      expect(all()).toEqual(first);
    }
  });

  it("a build makes an item's view each time a page asks (the print page, then its own), a dev server keeps it", async () => {
    const site = await SpecSite.for({ ...settings(fixture('complete')), printItems: 7 });
    const item = () => site.view('item:endpoints/get-order', 'endpoints/get-order/', (ctx) => itemView(ctx, 'endpoints', 'get-order'), { transient: true });
    const before = site.built;
    const first = item();
    expect(item()).toEqual(first);
    expect(site.built - before).toBe(2);
    site.follow();
    item();
    item();
    expect(site.built - before).toBe(3);
  });
});
