// `npm run bench [-- --sizes S,M,L,XL,github] [--runs N] [--no-build] [--dev]`: Specbench at the size of the
// largest public APIs. Prints a table of medians and writes them to .bench/results.json.
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { Engine, gapReport, gapsMarkdown, levelsOf, importDocument, importedFiles, readSpecDir, specMarkdown } from '../../src/lib/index.ts';
import { fetchGithubApi } from '../large/fetch-github.ts';
import { devLatency } from './dev-latency.ts';
import { generateSpec, SIZES, type Size } from './generate.ts';

const { values } = parseArgs({
  options: { dev: { type: 'boolean', default: false }, sizes: { type: 'string', default: 'S,M,L,XL,github' }, runs: { type: 'string', default: '3' }, 'no-build': { type: 'boolean', default: false }, out: { type: 'string', default: '.bench' } },
});
const OUT = values.out;
const RUNS = Math.max(1, Number(values.runs));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const time = <T,>(fn: () => T): [T, number] => {
  const t = performance.now();
  const r = fn();
  return [r, performance.now() - t];
};

/** Writes the input spec once (generated or imported) and returns its folder. */
async function prepare(name: string): Promise<string> {
  const dir = join(OUT, 'specs', name);
  if (existsSync(join(dir, '.ready'))) return dir;
  rmSync(dir, { recursive: true, force: true });
  const files = name === 'github' ? await importGithub() : generateSpec(name as Size);
  for (const f of files) {
    mkdirSync(dirname(join(dir, f.path)), { recursive: true });
    writeFileSync(join(dir, f.path), f.text);
  }
  writeFileSync(join(dir, '.ready'), '');
  return dir;
}

async function importGithub() {
  return importedFiles(await importDocument(fetchGithubApi()), 'spec');
}

/** Medians of each core stage over RUNS runs, on files already read into memory. */
async function core(dir: string) {
  const files = await readSpecDir(dir);
  const stages: Record<string, number[]> = { check: [], again: [], specGaps: [], document: [] };
  let items = 0;
  let gaps = 0;
  for (let r = 0; r < RUNS; r++) {
    const engine = new Engine();
    const [{ analysis }, check] = time(() => engine.update(files));
    // One file edited: the engine reads it again and puts the spec together.
    const edited = files.map((f, i) => (i === files.length - 1 && f.bytes ? { ...f, bytes: new Uint8Array([...f.bytes, 10]) } : f));
    const [, again] = time(() => engine.update(edited));
    const [, specGaps] = time(() => gapsMarkdown(gapReport(analysis.assessment, levelsOf(analysis.spec)), 'content'));
    const [, document] = time(() => specMarkdown(analysis));
    Object.entries({ check, again, specGaps, document }).forEach(([k, v]) => stages[k]?.push(v));
    items = analysis.spec.areas.reduce((n, a) => n + a.items.length, 0);
    gaps = analysis.assessment.gaps.length;
  }
  return { items, gaps, files: files.length, ...Object.fromEntries(Object.entries(stages).map(([k, v]) => [k, Math.round(median(v))])) } as Record<string, number>;
}

/** Peak resident memory in MB of a command run under `/usr/bin/time`, and its wall time in ms. */
function measured(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): { ms: number; mb: number; status: number | null; out: string } {
  const t = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', 'SPECBENCH_RSS_KB=%M', cmd, ...args], { env, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  const ms = performance.now() - t;
  const mb = Number(/SPECBENCH_RSS_KB=(\d+)/.exec(run.stderr)?.[1] ?? NaN) / 1024;
  return { ms, mb, status: run.status, out: run.stdout + run.stderr };
}

/** One full `astro build` of the site for the spec: wall time, pages, peak RSS, page sizes. */
function build(dir: string, name: string) {
  const outDir = join(OUT, `site-${name}`);
  rmSync(outDir, { recursive: true, force: true });
  const run = measured('npx', ['astro', 'build', '--outDir', outDir], { ...process.env, SPEC_DIR: dir, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' });
  const wall = run.ms / 1000;
  if (run.status !== 0) throw new Error(`site build for ${name} failed:\n${run.out.slice(-3000)}`);
  // Files only: an item whose id ends in `.html` has a folder of that name holding its page.
  const pages = readdirSync(outDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name).slice(outDir.length + 1));
  const itemPages = pages.map(String).filter((p) => p.split('/').length === 3 && p.endsWith('/index.html'));
  const sizes = itemPages.map((p) => statSync(join(outDir, p)).size).sort((a, b) => a - b);
  const largest = pages.map((p) => ({ p, size: statSync(join(outDir, p)).size })).sort((a, b) => b.size - a.size)[0];
  const sample = itemPages[0] ? readFileSync(join(outDir, itemPages[0]), 'utf8') : '';
  const scripts = [...sample.matchAll(/<script[^>]*src="([^"]+)"/g)].reduce((n, m) => n + (existsSync(join(outDir, m[1] ?? '')) ? statSync(join(outDir, m[1] ?? '')).size : 0), 0);
  const inline = [...sample.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)].reduce((n, m) => n + (m[1]?.length ?? 0), 0);
  rmSync(outDir, { recursive: true, force: true });
  return {
    buildS: Math.round(wall * 10) / 10,
    pages: pages.length,
    pagesPerS: Math.round(pages.length / wall),
    peakRssMb: Math.round(run.mb),
    itemHtmlMedianKb: Math.round((median(sizes) / 1024) * 10) / 10,
    itemHtmlMaxKb: Math.round(((sizes[sizes.length - 1] ?? 0) / 1024) * 10) / 10,
    pageMaxKb: Math.round((largest?.size ?? 0) / 1024),
    pageMaxPath: largest?.p,
    jsKbPerPage: Math.round(((scripts + inline) / 1024) * 10) / 10,
  };
}

const REDOCLY_ENV = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
const hasRedocly = () => existsSync('node_modules/@redocly/cli');

/**
 * `specbench check` as a user runs it (a fresh process, start to exit) and, where given, a peer
 * command on the same API, in turn (A B A B ...), so both see the same machine: medians of wall
 * time and peak memory, and the median of the pairwise ratios.
 */
function cliCheck(dir: string, peer?: [string, string[]]) {
  const ours: Array<ReturnType<typeof measured>> = [];
  const theirs: Array<ReturnType<typeof measured>> = [];
  for (let r = 0; r < RUNS; r++) {
    ours.push(measured(process.execPath, ['src/cli/launch.mjs', 'check', '--spec', dir, '--format', 'json']));
    if (peer) theirs.push(measured(peer[0], peer[1], REDOCLY_ENV));
  }
  const result: Record<string, number> = { cliCheck: Math.round(median(ours.map((m) => m.ms))), cliCheckMb: Math.round(median(ours.map((m) => m.mb))) };
  if (peer) {
    result.redoclyLint = Math.round(median(theirs.map((m) => m.ms)));
    result.checkVsRedocly = Math.round(median(ours.map((m, i) => m.ms / (theirs[i]?.ms ?? NaN))) * 100) / 100;
  }
  return result;
}

/** `check` again after one file changed (one line appended to an item file), as in an editing session. */
function repeatCheck(dir: string): number {
  const copy = `${dir}-edit`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(dir, copy, { recursive: true });
  const area = join(copy, 'endpoints');
  const file = existsSync(area) ? readdirSync(area).filter((f) => f.endsWith('.yaml') && !f.startsWith('_')).sort()[0] : undefined;
  const times: number[] = [];
  try {
    measured(process.execPath, ['src/cli/launch.mjs', 'check', '--spec', copy, '--format', 'json']);
    for (let r = 0; r < RUNS; r++) {
      if (file) appendFileSync(join(area, file), `# edit ${r}\n`);
      times.push(measured(process.execPath, ['src/cli/launch.mjs', 'check', '--spec', copy, '--format', 'json']).ms);
    }
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
  return Math.round(median(times));
}

/** The peer's whole-site figure: `redocly build-docs` of the same OpenAPI document (one HTML page). */
function redoclyBuild(): { redoclyBuildS: number; redoclyBuildMb: number } {
  const out = join(OUT, 'redoc.html');
  const run = measured('npx', ['redocly', 'build-docs', fetchGithubApi(), '--output', out], REDOCLY_ENV);
  rmSync(out, { force: true });
  return { redoclyBuildS: Math.round(run.ms / 100) / 10, redoclyBuildMb: Math.round(run.mb) };
}

/** `specbench check` on the shipped spec (nine files): start-up, since it has almost nothing to read. */
function startup(): number {
  const times: number[] = [];
  for (let r = 0; r < Math.max(RUNS, 5); r++) times.push(measured(process.execPath, ['src/cli/launch.mjs', 'check', '--spec', 'content']).ms);
  return Math.round(median(times));
}

const names = values.sizes.split(',').map((s) => s.trim()).filter((s) => s in SIZES || s === 'github');
const results: Array<Record<string, unknown>> = [];
const startupMs = startup();
for (const name of names) {
  const dir = await prepare(name);
  const github = name === 'github' && hasRedocly();
  const row: Record<string, unknown> = { input: name, ...(await core(dir)), ...cliCheck(dir, github ? ['npx', ['redocly', 'lint', fetchGithubApi(), '--format=summary']] : undefined) };
  if (name === 'github') row.repeatCheck = repeatCheck(dir);
  if (!values['no-build']) Object.assign(row, build(dir, name), github ? redoclyBuild() : {});
  if (values.dev) {
    const sample = name === 'github' ? ['endpoints', 'repos-get'] : ['endpoints', 'op-0'];
    const dev = await devLatency(dir, sample[0] ?? '', sample[1] ?? '');
    Object.assign(row, { devStartS: dev.startS, devEditMs: dev.editMs, devPeakMb: dev.peakMb });
  }
  results.push(row);
  console.error(`bench: ${name} done`);
}

const cols: Array<[string, string]> = [
  ['input', 'input'], ['items', 'items'], ['load', 'load+validate ms'], ['link', 'link ms'], ['checks', 'checks ms'], ['gaps', 'gaps ms'],
  ['specGaps', 'SPEC_GAPS ms'], ['document', 'doc ms'], ['check', 'check ms'], ['perK', 'ms/1k items'], ['cliCheck', 'CLI check ms'], ['cliCheckMb', 'CLI check MB'],
  ['redoclyLint', 'redocly lint ms'], ['buildS', 'build s'], ['redoclyBuildS', 'redocly build-docs s'], ['pages', 'pages'], ['pagesPerS', 'pages/s'], ['peakRssMb', 'build peak MB'],
  ['itemHtmlMedianKb', 'item KB med'], ['itemHtmlMaxKb', 'item KB max'], ['pageMaxKb', 'page KB max'], ['jsKbPerPage', 'JS KB/page'],
  ['devStartS', 'dev start s'], ['devEditMs', 'dev edit ms'], ['devPeakMb', 'dev peak MB'],
];
for (const r of results) r.perK = Math.round((Number(r.check) / Math.max(1, Number(r.items))) * 1000);
const cell = (v: unknown) => (v === undefined ? '-' : String(v));
const widths = cols.map(([k, h]) => Math.max(h.length, ...results.map((r) => cell(r[k]).length)));
console.log(cols.map(([, h], i) => h.padStart(widths[i] ?? 0)).join('  '));
for (const r of results) console.log(cols.map(([k], i) => cell(r[k]).padStart(widths[i] ?? 0)).join('  '));

// The targets of the speed work, each beside its figure from this run (issue 15). A figure this
// run did not measure (no GitHub input, --no-build, no --dev) is shown as not measured.
const gh = results.find((r) => r.input === 'github') ?? {};
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const targets: Array<{ target: string; figure: number | undefined; unit: string; limit: number }> = [
  { target: 'CLI start-up: check of the shipped 9-file spec, fresh process', figure: startupMs, unit: 'ms', limit: 300 },
  { target: 'check of GitHub, fresh process, as a multiple of redocly lint', figure: num(gh.checkVsRedocly), unit: '×', limit: 0.25 },
  { target: 'check of GitHub, peak memory', figure: num(gh.cliCheckMb), unit: 'MB', limit: 300 },
  { target: 'check of GitHub again after one file changed', figure: num(gh.repeatCheck), unit: 'ms', limit: 500 },
  { target: 'site build of GitHub, wall time', figure: num(gh.buildS), unit: 's', limit: 40 },
  { target: 'site build of GitHub, peak memory', figure: num(gh.peakRssMb), unit: 'MB', limit: 1200 },
  { target: 'GitHub item page, median size', figure: num(gh.itemHtmlMedianKb), unit: 'KB', limit: 40 },
  { target: 'GitHub largest page', figure: num(gh.pageMaxKb), unit: 'KB', limit: 5 * 1024 },
  { target: 'npm run dev at GitHub scale: one edit reaches the browser', figure: num(gh.devEditMs), unit: 'ms', limit: 1000 },
  { target: 'npm run dev at GitHub scale: dev server peak memory', figure: num(gh.devPeakMb), unit: 'MB', limit: 1500 },
];
console.log('\nTargets (figures from this run; "-" where this run did not measure it):');
const tw = Math.max(...targets.map((t) => t.target.length));
for (const t of targets) {
  const verdict = t.figure === undefined ? 'not measured' : t.figure < t.limit || (t.unit === '×' && t.figure <= t.limit) ? 'met' : 'MISSED';
  console.log(`  ${t.target.padEnd(tw)}  ${cell(t.figure).padStart(7)} ${t.unit.padEnd(2)}  target ${t.unit === '×' ? '≤' : '<'} ${t.limit} ${t.unit.padEnd(2)}  ${verdict}`);
}
if (num(gh.redoclyLint) !== undefined) console.log(`\nPeer, same machine, in turn with ours: redocly lint of GitHub's document ${gh.redoclyLint} ms, our check ${gh.cliCheck} ms (${gh.checkVsRedocly}×, median of pairwise ratios).`);
if (num(gh.redoclyBuildS) !== undefined) console.log(`Peer: redocly build-docs (one HTML page for the whole API) ${gh.redoclyBuildS} s and ${gh.redoclyBuildMb} MB; our site build ${gh.buildS} s and ${gh.peakRssMb} MB for ${gh.pages} pages.`);
mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, 'results.json'), `${JSON.stringify({ runs: RUNS, node: process.version, startupMs, results, targets }, null, 2)}\n`);
console.log(`\nMedians of ${RUNS} runs (site build: one run). Written to ${join(OUT, 'results.json')}.`);
