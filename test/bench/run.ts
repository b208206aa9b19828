// `npm run bench [-- --sizes S,M,L,XL,github] [--runs N] [--no-build] [--dev]`: Specbench at the size of the
// largest public APIs. Prints a table of medians and writes them to .bench/results.json.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { runChecks } from '../../src/lib/checks/run.ts';
import { assess } from '../../src/lib/gaps/assess.ts';
import { analyze, gapReport, gapsMarkdown, levelsOf, importDocument, importedFiles, readSpecDir, specMarkdown } from '../../src/lib/index.ts';
import { buildGraph, referenceEdges } from '../../src/lib/link/graph.ts';
import { inspectAll } from '../../src/lib/link/markdown.ts';
import { collectProse } from '../../src/lib/link/prose.ts';
import { collectReferences } from '../../src/lib/link/references.ts';
import { loadSpec } from '../../src/lib/load/load-spec.ts';
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
  const stages: Record<string, number[]> = { load: [], link: [], checks: [], gaps: [], specGaps: [], document: [], check: [] };
  let items = 0;
  let gaps = 0;
  for (let r = 0; r < RUNS; r++) {
    const [{ spec }, load] = time(() => loadSpec(files));
    const [assessment, gapsMs] = time(() => assess(spec));
    const [linked, link] = time(() => {
      const references = collectReferences(spec);
      const prose = inspectAll(collectProse(spec, assessment.facets));
      const ids = new Set(spec.areas.flatMap((a) => a.items.map((i) => `${a.key}/${i.id}`)));
      return { references, prose, graph: buildGraph(referenceEdges(references, (a, id) => ids.has(`${a}/${id}`))) };
    });
    const [, checks] = time(() => runChecks({ spec, ...linked, assessment }));
    const [analysis, check] = time(() => analyze(files));
    const [, specGaps] = time(() => gapsMarkdown(gapReport(analysis.assessment, levelsOf(analysis.spec)), 'content'));
    const [, document] = time(() => specMarkdown(analysis));
    Object.entries({ load, link, checks, gaps: gapsMs, specGaps, document, check }).forEach(([k, v]) => stages[k]?.push(v));
    items = spec.areas.reduce((n, a) => n + a.items.length, 0);
    gaps = analysis.assessment.gaps.length;
  }
  return { items, gaps, files: files.length, ...Object.fromEntries(Object.entries(stages).map(([k, v]) => [k, Math.round(median(v))])) } as Record<string, number>;
}

/** One full `astro build` of the site for the spec: wall time, pages, peak RSS, page sizes. */
function build(dir: string, name: string) {
  const outDir = join(OUT, `site-${name}`);
  rmSync(outDir, { recursive: true, force: true });
  const started = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', 'SPECBENCH_RSS_KB=%M', 'npx', 'astro', 'build', '--outDir', outDir], {
    env: { ...process.env, SPEC_DIR: dir, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  const wall = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`site build for ${name} failed:\n${(run.stdout + run.stderr).slice(-3000)}`);
  const rss = Number(/SPECBENCH_RSS_KB=(\d+)/.exec(run.stderr)?.[1] ?? NaN) / 1024;
  // Files only: an item whose id ends in `.html` has a folder of that name holding its page.
  const pages = readdirSync(outDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name).slice(outDir.length + 1));
  const itemPages = pages.map(String).filter((p) => p.split('/').length === 3 && p.endsWith('/index.html'));
  const sizes = itemPages.map((p) => statSync(join(outDir, p)).size).sort((a, b) => a - b);
  const sample = itemPages[0] ? readFileSync(join(outDir, itemPages[0]), 'utf8') : '';
  const scripts = [...sample.matchAll(/<script[^>]*src="([^"]+)"/g)].reduce((n, m) => n + (existsSync(join(outDir, m[1] ?? '')) ? statSync(join(outDir, m[1] ?? '')).size : 0), 0);
  const inline = [...sample.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)].reduce((n, m) => n + (m[1]?.length ?? 0), 0);
  rmSync(outDir, { recursive: true, force: true });
  return { buildS: Math.round(wall * 10) / 10, pages: pages.length, pagesPerS: Math.round(pages.length / wall), peakRssMb: Math.round(rss), itemHtmlMedianKb: Math.round((median(sizes) / 1024) * 10) / 10, itemHtmlMaxKb: Math.round(((sizes[sizes.length - 1] ?? 0) / 1024) * 10) / 10, jsKbPerPage: Math.round(((scripts + inline) / 1024) * 10) / 10 };
}

/** redocly lint on the same OpenAPI document, where @redocly/cli is installed. */
function redocly(): number | undefined {
  if (!existsSync('node_modules/@redocly/cli')) return undefined;
  const file = fetchGithubApi();
  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t = performance.now();
    spawnSync('npx', ['redocly', 'lint', file, '--format=summary'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } });
    times.push(performance.now() - t);
  }
  return Math.round(median(times));
}

/** `specbench check` as a user runs it: a fresh process, start to exit. */
function cliCheck(dir: string): number {
  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t = performance.now();
    spawnSync(process.execPath, ['src/cli/bin.ts', 'check', '--spec', dir, '--format', 'json'], { maxBuffer: 256 * 1024 * 1024 });
    times.push(performance.now() - t);
  }
  return Math.round(median(times));
}

const names = values.sizes.split(',').map((s) => s.trim()).filter((s) => s in SIZES || s === 'github');
const results: Array<Record<string, unknown>> = [];
for (const name of names) {
  const dir = await prepare(name);
  const row: Record<string, unknown> = { input: name, ...(await core(dir)), cliCheck: cliCheck(dir) };
  if (name === 'github') row.redoclyLint = redocly();
  if (!values['no-build']) Object.assign(row, build(dir, name));
  if (values.dev) {
    const sample = name === 'github' ? ['endpoints', 'repos-get'] : ['endpoints', 'op-0'];
    const dev = await devLatency(dir, sample[0] ?? '', sample[1] ?? '');
    Object.assign(row, { devStartS: dev.startS, devEditMs: dev.editMs });
  }
  results.push(row);
  console.error(`bench: ${name} done`);
}

const cols: Array<[string, string]> = [
  ['input', 'input'], ['items', 'items'], ['load', 'load+validate ms'], ['link', 'link ms'], ['checks', 'checks ms'], ['gaps', 'gaps ms'],
  ['specGaps', 'SPEC_GAPS ms'], ['document', 'doc ms'], ['check', 'check ms'], ['perK', 'ms/1k items'], ['cliCheck', 'CLI check ms'],
  ['redoclyLint', 'redocly ms'], ['buildS', 'build s'], ['pages', 'pages'], ['pagesPerS', 'pages/s'], ['peakRssMb', 'peak RSS MB'],
  ['itemHtmlMedianKb', 'item KB med'], ['itemHtmlMaxKb', 'item KB max'], ['jsKbPerPage', 'JS KB/page'],
  ['devStartS', 'dev start s'], ['devEditMs', 'dev edit ms'],
];
for (const r of results) r.perK = Math.round((Number(r.check) / Math.max(1, Number(r.items))) * 1000);
const cell = (v: unknown) => (v === undefined ? '-' : String(v));
const widths = cols.map(([k, h]) => Math.max(h.length, ...results.map((r) => cell(r[k]).length)));
console.log(cols.map(([, h], i) => h.padStart(widths[i] ?? 0)).join('  '));
for (const r of results) console.log(cols.map(([k], i) => cell(r[k]).padStart(widths[i] ?? 0)).join('  '));
const github = results.find((r) => r.input === 'github');
if (github?.redoclyLint) console.log(`\nOur check of the GitHub spec vs redocly lint of the same document: ${(Number(github.check) / Number(github.redoclyLint)).toFixed(2)}× its time (CLI, fresh process: ${(Number(github.cliCheck) / Number(github.redoclyLint)).toFixed(2)}×).`);
mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, 'results.json'), `${JSON.stringify({ runs: RUNS, node: process.version, results }, null, 2)}\n`);
console.log(`\nMedians of ${RUNS} runs (site build: one run). Written to ${join(OUT, 'results.json')}.`);

