import { Graphviz } from '@hpcc-js/wasm-graphviz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coveringMutations, exercise, mutated, mutation, NASTY_SYNTAX, NASTY_WORDS, PAYLOADS, seeds, TARGETS } from './mutate.ts';

// `npm run fuzz` runs 10,000 random cases; the suite runs the cases that put every payload at every
// target and every fixed fragment into a file, then a hundred random ones (the first hundred of one
// seed, the same on every run). The limits only catch a hang; they are no time budget.
describe('fuzzing the core with mutated valid fixtures', () => {
  const base = seeds();
  const graphviz = Graphviz.load();
  const problems = async (changes: Parameters<typeof mutated>[1]) => {
    const dot = await graphviz;
    return exercise(mutated(base, changes), (d) => dot.dot(d));
  };

  it('every payload at every target and every fixed fragment inserted: nothing thrown, every diagnostic located, nothing rendered that runs', async () => {
    const covering = coveringMutations(base);
    const edits = covering.flatMap((changes) => changes.flatMap((c) => c.edits));
    const placed = new Set(edits.flatMap((e) => (e.kind === 'hostile' ? [`${e.target} ${e.payload}`] : [])));
    expect(placed.size).toBe(TARGETS.length * PAYLOADS.length);
    expect(new Set(edits.flatMap((e) => (e.kind === 'insert' ? [e.text] : [])))).toEqual(new Set([...NASTY_SYNTAX, ...NASTY_WORDS]));
    for (const changes of covering) expect(await problems(changes)).toEqual([]);
  }, 600_000);

  it('never throws, locates every diagnostic, and renders nothing that runs (100 random cases; `npm run fuzz` runs 10,000)', async () => {
    const dot = await graphviz;
    fc.assert(
      fc.property(mutation, (changes) => {
        expect(exercise(mutated(base, changes), (d) => dot.dot(d))).toEqual([]);
      }),
      { numRuns: 100, seed: 20261122 },
    );
  }, 600_000);
});
