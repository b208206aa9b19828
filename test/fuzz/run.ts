// `npm run fuzz [-- RUNS [SEED]]`: many mutated specs through the whole core; prints the counts.
import fc from 'fast-check';
import { exercise, mutatedSpec, seeds } from './mutate.ts';

const runs = Number(process.argv[2] ?? 10_000);
const seed = Number(process.argv[3] ?? Date.now() % 2 ** 31);
const base = seeds();
let crashes = 0;
let findings = 0;
let cases = 0;
const started = performance.now();
fc.assert(
  fc.property(mutatedSpec(base), (files) => {
    try {
      const problems = exercise(files);
      findings += problems.length;
      if (problems.length > 0 && findings <= 5) console.error(problems.join('\n'));
    } catch (error) {
      crashes++;
      if (crashes <= 5) console.error(error);
    }
    cases++;
  }),
  { numRuns: runs, seed },
);
const seconds = (performance.now() - started) / 1000;
console.log(`fuzz: ${cases} cases, seed ${seed}, ${crashes} crashes, ${findings} unlocated or internal diagnostics, ${seconds.toFixed(1)} s`);
process.exitCode = crashes + findings > 0 ? 1 : 0;
