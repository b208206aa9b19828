import { describe, expect, it } from 'vitest';
import { buildableSamples, MARKER } from '../fuzz/mutate.ts';
import { writeSpec } from '../helpers.ts';
import { buildSite } from './build.ts';
import { unsafeSite } from './scan.ts';

describe('fuzzed hostile specs that pass check', () => {
  // Two samples here; `npm run fuzz -- 1000 SEED --build 20` builds more.
  it.each(buildableSamples(2, 20261122).map((files, i) => [i, files] as const))('sample %i builds, and no page holds anything that runs', async (_i, files) => {
    const built = await buildSite(await writeSpec(files));
    expect(built.code, built.output.slice(-2000)).toBe(0);
    expect(await unsafeSite(built.outDir, MARKER)).toEqual([]);
  }, 120_000);
});
