import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOUNDARY_CASES, hostileCase, LIMIT_CASES, runHostile } from './adversarial.ts';

describe('hostile specs of known size say exactly what they must, through the real command line', () => {
  // Each kind of case where its answer changes, on both sides, through check, gaps and the document.
  it.each(BOUNDARY_CASES.map((make) => [make().label, make] as const))('%s', async (_label, make) => {
    expect(await runHostile(make())).toEqual([]);
  }, 300_000);

  it('60 random cases (keys and repeats, nesting, alias fans and chains, long prose and keys) through check, gaps and the document; `npm run fuzz` runs 500', async () => {
    await fc.assert(
      fc.asyncProperty(hostileCase(), async (c) => {
        expect(await runHostile(c)).toEqual([]);
      }),
      { numRuns: 60, seed: 2026_26 },
    );
  }, 300_000);

  // At the sizes the loader admits, each through `check`: something quadratic would not finish here.
  it.each(LIMIT_CASES.map((make) => [make().label, make] as const))('%s', async (_label, make) => {
    expect(await runHostile(make(), [])).toEqual([]);
  }, 300_000);
});
