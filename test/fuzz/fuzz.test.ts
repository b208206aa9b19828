import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exercise, mutatedSpec } from './mutate.ts';

describe('fuzzing the core with mutated valid fixtures', () => {
  it('never throws and locates every diagnostic (300 cases; `npm run fuzz` runs 10,000)', () => {
    fc.assert(
      fc.property(mutatedSpec(), (files) => {
        expect(exercise(files)).toEqual([]);
      }),
      { numRuns: 300, seed: 20261122 },
    );
  });
});
