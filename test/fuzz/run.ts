// `npm run fuzz [-- RUNS [SEED]] [--hostile N] [--import N] [--build N]`: the covering mutations and
// RUNS random mutated specs (default 10,000) through the whole core; then the boundary cases, N
// hostile specs of known size (default 500: many keys, nesting, aliases, long values) and the cases
// at the loader's limits through the real command line, each judged by its oracle; N adversarial
// documents through `import` (aliases, key counts, nesting, sizes; 200 by default); then (with
// --build) N hostile specs that pass `check` built into real sites and scanned. Prints the counts.
import { parseArgs } from 'node:util';
import { Graphviz } from '@hpcc-js/wasm-graphviz';
import fc from 'fast-check';
import { writeSpec } from '../helpers.ts';
import { buildSite } from '../site/build.ts';
import { unsafeSite } from '../site/scan.ts';
import { BOUNDARY_CASES, hostileCase, LIMIT_CASES, LONG_LIMIT_CASES, runHostile } from './adversarial.ts';
import { hostileDocument, hostileImport } from './hostile-import.ts';
import { buildableSamples, coveringMutations, exercise, MARKER, mutated, mutatedSpec, seeds } from './mutate.ts';

const { values, positionals } = parseArgs({ options: { build: { type: 'string' }, hostile: { type: 'string' }, import: { type: 'string' } }, allowPositionals: true });
const runs = Number(positionals[0] ?? 10_000);
const seed = Number(positionals[1] ?? Date.now() % 2 ** 31);
const graphviz = await Graphviz.load();
const base = seeds();
let crashes = 0;
let findings = 0;
let cases = 0;
const started = performance.now();
function one(files: Map<string, string>) {
  try {
    const problems = exercise(files, (dot) => graphviz.dot(dot));
    findings += problems.length;
    if (problems.length > 0 && findings <= 5) console.error(problems.join('\n'));
  } catch (error) {
    crashes++;
    if (crashes <= 5) console.error(error);
  }
  cases++;
}
// First the cases that put every payload at every target and every fixed fragment into a file (as the test suite does), then the random ones.
for (const changes of coveringMutations(base)) one(mutated(base, changes));
fc.assert(
  fc.property(mutatedSpec(base), one),
  { numRuns: runs, seed },
);
const seconds = (performance.now() - started) / 1000;
console.log(`fuzz: ${cases} cases, seed ${seed}, ${crashes} crashes, ${findings} unlocated, internal or unsafe findings, ${seconds.toFixed(1)} s`);

// Hostile cases of known size: larger than the test suite's (up to 20,000 keys), and every limit case.
let wrong = 0;
const hostileRuns = Number(values.hostile ?? 500);
const hostileStarted = performance.now();
const limits = [...LIMIT_CASES, ...LONG_LIMIT_CASES];
const hostile = [...BOUNDARY_CASES.map((make) => make()), ...fc.sample(hostileCase(20_000), { numRuns: hostileRuns, seed }), ...limits.map((make) => make())];
for (const c of hostile) {
  const problems = await runHostile(c);
  wrong += problems.length;
  if (problems.length > 0 && wrong <= 5) console.error(problems.join('\n'));
}
console.log(`hostile: ${hostile.length} cases (${limits.length} at the limits), seed ${seed}, ${wrong} wrong answers, crashes or unlocated diagnostics, ${((performance.now() - hostileStarted) / 1000).toFixed(1)} s`);

let refused = 0;
const imports = Number(values.import ?? 200);
const importStarted = performance.now();
for (const doc of fc.sample(hostileDocument, { numRuns: imports, seed })) {
  const problem = await hostileImport(doc);
  if (problem !== undefined) {
    refused++;
    if (refused <= 5) console.error(problem.slice(0, 2000));
  }
}
console.log(`fuzz import: ${imports} adversarial documents, seed ${seed}, ${refused} ended otherwise than in a clean import or a located refusal, ${((performance.now() - importStarted) / 1000).toFixed(1)} s`);

let unsafe = 0;
const builds = Number(values.build ?? 0);
for (const [i, files] of buildableSamples(builds, seed).entries()) {
  const dir = await writeSpec(files);
  const built = await buildSite(dir);
  const found = built.code === 0 ? await unsafeSite(built.outDir, MARKER) : [`the build failed:\n${built.output.slice(-2000)}`];
  unsafe += found.length;
  console.log(`build ${i + 1}/${builds} (${dir}): ${found.length === 0 ? 'nothing unsafe' : found.join('\n')}`);
}
process.exitCode = crashes + findings + wrong + refused + unsafe > 0 ? 1 : 0;
