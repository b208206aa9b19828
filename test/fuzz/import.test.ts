import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileDocument, hostileImport } from './hostile-import.ts';

describe('fuzzing import with adversarial documents', () => {
  it('ends every one in a clean import or a refusal located in the file: aliases, key counts, nesting, sizes (40 cases; `npm run fuzz` runs more)', async () => {
    await fc.assert(
      fc.asyncProperty(hostileDocument, async (doc) => {
        expect(await hostileImport(doc)).toBeUndefined();
      }),
      { numRuns: 40, seed: 20261126 },
    );
  }, 300_000);
});
