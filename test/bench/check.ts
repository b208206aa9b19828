// `specbench check` as users run it, a fresh process each time (issue 23): cold beside `redocly lint`,
// again after one file changed and unchanged with the on-disk cache warm, start-up on the shipped spec.
import { appendFileSync, cpSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { median, round, timed, type Run } from './measure.ts';
import type { Input } from './inputs.ts';

const REDOCLY = 'node_modules/@redocly/cli/bin/cli.js';
const REDOCLY_ENV = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

/** The commands measured, as printed at the top of the results. */
export const CHECK_COMMANDS = {
  fresh: 'node src/cli/launch.mjs check --no-cache --spec DIR',
  cached: 'CACHE_DIR=.bench/cache/NAME node src/cli/launch.mjs check --spec DIR',
  redocly: `node ${REDOCLY} lint FILE.json --format=summary`,
};

/** Medians of a series of runs: wall ms and peak MB. */
export interface Figures {
  ms: number;
  mb: number;
}

const figures = (runs: readonly Run[]): Figures => ({ ms: round(median(runs.map((r) => r.ms))), mb: round(median(runs.map((r) => r.mb))) });

/** The run, when it ran to its end (exit 0 or 1, whatever it found); else an error with what it printed. */
function toItsEnd(run: Run, what: string): Run {
  if (run.status !== 0 && run.status !== 1) throw new Error(`${what} ended with ${run.status}:\n${run.out}`);
  return run;
}

/** One `check` of `dir` in a fresh process; `cacheDir` undefined means `--no-cache`. */
export function check(dir: string, cacheDir?: string): Run {
  const args = ['src/cli/launch.mjs', 'check', ...(cacheDir ? [] : ['--no-cache']), '--spec', dir];
  const run = toItsEnd(timed(process.execPath, args, { env: { ...process.env, NO_COLOR: '1', ...(cacheDir ? { CACHE_DIR: resolve(cacheDir) } : {}) } }), `check of ${dir}`);
  // Exit 1 is also what a check that could not start gives (a source being edited, say): only a run that printed its count is a figure.
  if (!/(^|\n)(no problems|\d+ (errors?|warnings?|hints?)\b[^\n]*)\n/.test(run.out)) throw new Error(`check of ${dir} printed no count of what it found:\n${run.out}`);
  return run;
}

/** `redocly lint` of an OpenAPI document. */
function redoclyLint(file: string): Run {
  return toItsEnd(timed(process.execPath, [REDOCLY, 'lint', file, '--format=summary'], { env: REDOCLY_ENV }), 'redocly lint');
}

/** Fresh `check --no-cache` of an input, `runs` times: medians, and per item. */
export function freshCheck(input: Input, runs: number): Figures & { msPerItem: number } {
  const f = figures(Array.from({ length: runs }, () => check(input.dir)));
  return { ...f, msPerItem: round(f.ms / input.items, 3) };
}

/**
 * Fresh `check --no-cache` and `redocly lint` of the same API in turn (A B A B ...), so that both
 * meet the same machine: the medians of each, and the medians of the pairwise ratios.
 */
export function checkBesideRedocly(input: Input, document: string, runs: number) {
  const ours: Run[] = [];
  const theirs: Run[] = [];
  for (let r = 0; r < runs; r++) {
    ours.push(check(input.dir));
    theirs.push(redoclyLint(document));
  }
  const ratio = (key: 'ms' | 'mb') => round(median(ours.map((o, i) => o[key] / (theirs[i]?.[key] ?? NaN))), 2);
  return { ours: { ...figures(ours), msPerItem: round(median(ours.map((o) => o.ms)) / input.items, 3) }, redocly: figures(theirs), msRatio: ratio('ms'), mbRatio: ratio('mb') };
}

/**
 * `check` with the on-disk cache warm, on a copy of the spec folder: after one line is appended to
 * one endpoint file (`runs` edits, each followed by a check), then with nothing changed.
 */
export function warmChecks(input: Input, out: string, runs: number): { afterEdit: Figures; unchanged: Figures } {
  const copy = `${input.dir}-edit`;
  const cache = join(out, 'cache', `${input.name}-edit`);
  for (const dir of [copy, cache]) rmSync(dir, { recursive: true, force: true });
  cpSync(input.dir, copy, { recursive: true });
  try {
    check(copy, cache);
    const afterEdit = Array.from({ length: runs }, (_, r) => {
      appendFileSync(join(copy, input.endpoint), `# edit ${r}\n`);
      return check(copy, cache);
    });
    const unchanged = Array.from({ length: runs }, () => check(copy, cache));
    return { afterEdit: figures(afterEdit), unchanged: figures(unchanged) };
  } finally {
    for (const dir of [copy, cache]) rmSync(dir, { recursive: true, force: true });
  }
}

/** `check` of the shipped spec (content/, nine area files): start-up, since it has almost nothing to read. Cache as a user has it (warm). */
export function startup(out: string, runs: number): Figures {
  const cache = join(out, 'cache', 'startup');
  rmSync(cache, { recursive: true, force: true });
  check('content', cache);
  return figures(Array.from({ length: Math.max(runs, 5) }, () => check('content', cache)));
}
