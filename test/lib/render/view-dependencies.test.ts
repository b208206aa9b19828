import { describe, expect, it } from 'vitest';
import { areaView, AREAS, itemView, SiteIndex, type ViewDependency } from '../../../src/lib/index.ts';
import { fixture, specAt } from '../../helpers.ts';

describe('the dependencies a view notes', () => {
  it('are all known to the index: every view of the complete fixture notes only keys whose state it can tell, the same state twice', async () => {
    const index = new SiteIndex(await specAt(fixture('complete')));
    const deps = new Set<ViewDependency>();
    const ctx = index.context((dep) => deps.add(dep));
    for (const module of AREAS) for (const item of areaView(ctx, module.key).items) itemView(ctx, module.key, item.id);
    expect(deps.size).toBeGreaterThan(50);
    for (const dep of deps) expect(index.version(dep), dep).toBe(index.version(dep));
  });

  it('refuses a key it does not know instead of calling it always stale', async () => {
    const index = new SiteIndex(await specAt(fixture('complete')));
    // A misspelt key, as a view written against an older list would note it.
    expect(() => index.version('titel:resources/Order' as ViewDependency)).toThrow(/`titel:resources\/Order`, which is no dependency the site index knows/);
    expect(() => index.version('everything' as ViewDependency)).toThrow(/no dependency the site index knows/);
  });
});
