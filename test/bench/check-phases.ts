// Where a fresh analysis of a spec folder spends its time, in one process (issue 37): reading the
// folder, each file's own analysis (read fast or with positions, validated, walked, its prose and
// references) and putting the spec together (the checks included). `npx node test/bench/check-phases.ts [DIR] [ROUNDS]` (default: GitHub's
// imported spec in .bench/specs/github, 1 round); the process's CPU milliseconds per phase (V8's
// own helper threads included). The first round is the cold one a fresh `check`, `mock` or `lsp` pays.
import { performance } from 'node:perf_hooks';
import { Engine } from '../../src/lib/engine/engine.ts';
import { analyzeFile } from '../../src/lib/engine/file-result.ts';
import { readSpecDir } from '../../src/lib/load/read-dir.ts';

const dir = process.argv[2] ?? '.bench/specs/github';
const rounds = Number(process.argv[3] ?? 1);
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

for (let r = 0; r < rounds; r++) {
  let t = cpu();
  const w = performance.now();
  const files = await readSpecDir(dir);
  const read = cpu() - t;
  t = cpu();
  const engine = new Engine();
  const { jobs, commit } = engine.prepare(files);
  const prepared = cpu() - t;
  t = cpu();
  const analysed = jobs.map((j) => analyzeFile(j.path, j.bytes, j.key, j.settings));
  const files_ = cpu() - t;
  t = cpu();
  const { analysis } = commit(analysed);
  const assembled = cpu() - t;
  const positional = analysed.filter((a) => a.source !== undefined).length;
  console.log(
    `round ${r + 1}: ${files.length} files; read ${read.toFixed(0)} ms, prepare ${prepared.toFixed(0)} ms, files ${files_.toFixed(0)} ms (${positional} with positions), assemble ${assembled.toFixed(0)} ms; ` +
      `${analysis.diagnostics.length} diagnostics; wall ${(performance.now() - w).toFixed(0)} ms; heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`,
  );
}
