// `npm run bench [-- --sizes 1k,5k,10k,github] [--runs N] [--no-build] [--dev] [--out DIR]`
//
// Specbench as users run it, beside its peers, on GitHub's REST description and on synthetic specs;
// prints the figures, their ratios and each target of issues 22 (the site) and 23 (check) beside its
// figure, and writes them all to DIR/results.json (default .bench/, ignored by git).
//
//   --sizes LIST  inputs, comma-separated: `github` (GitHub's REST description, fetched once with
//                 `npm pack` into .cache/ and imported through the importer into DIR/specs/github),
//                 synthetic specs by item count (`1k`, `5k`, `10k`, `250`: test/bench/generate.ts,
//                 byte-identical for the same seed), and `import` (the import of a 5 MB OpenAPI
//                 document, test/bench/import.ts). Default 1k,5k,10k,github,import.
//   --runs N      runs of each `check` measurement, whose median is printed (default 3; start-up: at
//                 least 5). Each site build runs once.
//   --no-build    no `astro build` (ours nor the peer's).
//   --no-compare  no compared build (issue 34: GitHub's description built with SPEC_COMPARE, beside the plain build).
//   --dev         also `astro dev` on a copy of GitHub's description: first item page, 5 edits of an
//                 endpoint's title, views rebuilt, peak memory (GitHub only: add it to --sizes).
//   --out DIR     where inputs, the peer project, caches and results.json go (default .bench).
//
// On GitHub: fresh `check --no-cache` and `redocly lint` in turn; `check` with a warm cache after
// one endpoint file changed and unchanged; our `astro build` and the peer's, a minimal
// starlight-openapi site of the same JSON set up once in DIR/peer (`npm install`, the only step with
// network; both builds run without network where the machine allows it).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fetchGithubApi } from '../large/fetch-github.ts';
import { CHECK_COMMANDS, checkBesideRedocly, freshCheck, startup, warmChecks, type Figures } from './check.ts';
import { DEV_COMMAND, devLatency } from './dev-latency.ts';
import { IMPORT_COMMAND, measureImport, type ImportFigures } from './import.ts';
import { prepare, type Input } from './inputs.ts';
import { round } from './measure.ts';
import { PEER_PACKAGES, peerBuild, setUpPeer } from './peer.ts';
import { compareBuild, compareSection, compareTargets, type CompareFigures } from './compare.ts';
import { checkSection, devSection, header, importSection, machine, sizeTable, siteSection, targetSection } from './report.ts';
import { BUILD_COMMAND, ourBuild } from './site.ts';
import { targets, type GithubResult, type InputResult } from './targets.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1k,5k,10k,github,import' },
    runs: { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
    'no-compare': { type: 'boolean', default: false },
    dev: { type: 'boolean', default: false },
    out: { type: 'string', default: '.bench' },
  },
});
const OUT = values.out;
const RUNS = Math.max(1, Math.floor(Number(values.runs)) || 1);
const BUILD = !values['no-build'];
const NAMES = values.sizes.split(',').map((s) => s.trim()).filter((s) => s !== '' && s !== 'import');
const IMPORT = values.sizes.split(',').some((s) => s.trim() === 'import');
const COMMAND = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;

const version = (pkg: string) => (JSON.parse(readFileSync(join('node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
const log = (what: string) => console.error(`bench: ${what}`);

/** Fresh `check` and, unless --no-build, our build of one input. */
async function measureInput(input: Input, check: InputResult['check']): Promise<InputResult> {
  const result: InputResult = { name: input.name, items: input.items, files: input.files, yamlMb: input.yamlMb, check };
  if (BUILD) {
    log(`astro build of ${input.name}`);
    const build = await ourBuild(input.dir, join(OUT, `site-${input.name}`));
    result.build = { ...build, msPerItem: round((build.s * 1000) / input.items, 2), kbPerItem: round((build.peakMb * 1024) / input.items, 1) };
  }
  return result;
}

/** Everything measured on GitHub's description: check beside redocly lint, the warm checks, both site builds, dev. */
async function measureGithub(input: Input, document: string, peerDir: string | undefined): Promise<{ result: InputResult; github: GithubResult }> {
  log(`check of github beside redocly lint, ${RUNS} pairs`);
  const vsRedocly = checkBesideRedocly(input, document, RUNS);
  log('check of github with a warm cache');
  const github: GithubResult = { vsRedocly, warm: warmChecks(input, OUT, RUNS) };
  const result = await measureInput(input, vsRedocly.ours);
  if (result.build && peerDir) {
    log('astro build of the starlight-openapi peer');
    const peer = await peerBuild(peerDir);
    github.site = { ours: result.build, peer, sRatio: round(result.build.s / peer.s, 2), cpuRatio: round(result.build.cpuS / peer.cpuS, 2), mbRatio: round(result.build.peakMb / peer.peakMb, 2) };
  }
  if (result.build && !values['no-compare']) {
    log('astro build of github with compare');
    compared = await compareBuild(input, OUT, result.build);
  }
  if (values.dev) {
    log('astro dev of github');
    github.dev = await devLatency(input);
  }
  return { result, github };
}

// Setup first (inputs written, the peer installed), so that no measurement shares the machine with it.
log(`preparing ${NAMES.join(', ')}`);
const inputs: Input[] = [];
for (const name of NAMES) inputs.push(await prepare(name, OUT));
if (values.dev && !NAMES.includes('github')) log('--dev measures GitHub\'s description only: add github to --sizes');
const document = NAMES.includes('github') ? fetchGithubApi() : undefined;
const peerDir = document && BUILD ? setUpPeer(OUT, document) : undefined;
const host = machine();

// Start-up first: its first run also builds the command line's bundle, which every later run uses.
log('start-up');
const startupFigures: Figures = startup(OUT, RUNS);
const results: InputResult[] = [];
let github: GithubResult | undefined;
/** The compared build of GitHub's description (issue 34). */
let compared: CompareFigures | undefined;
for (const input of inputs) {
  if (input.name === 'github' && document) {
    const measured = await measureGithub(input, document, peerDir);
    results.push(measured.result);
    github = measured.github;
  } else {
    log(`check of ${input.name}`);
    results.push(await measureInput(input, freshCheck(input, RUNS)));
  }
}
let imported: ImportFigures | undefined;
if (IMPORT) {
  log(`import of a 5 MB document, ${RUNS} runs`);
  imported = measureImport(OUT, RUNS);
}
host.loadEnd = loadavg().map((l) => round(l, 2));

const commands = {
  ...CHECK_COMMANDS,
  build: `SPEC_DIR=DIR ${BUILD_COMMAND}`,
  ...(peerDir ? { peer: `in ${peerDir}: ${BUILD_COMMAND}; ${Object.entries(PEER_PACKAGES).map(([n, v]) => `${n}@${v}`).join(', ')}` } : {}),
  ...(values.dev ? { dev: DEV_COMMAND } : {}),
  ...(IMPORT ? { import: IMPORT_COMMAND } : {}),
  versions: `astro ${version('astro')}, @astrojs/starlight ${version('@astrojs/starlight')}, @redocly/cli ${version('@redocly/cli')}`,
};
const list = [...targets(startupFigures, results, github, imported), ...(github ? compareTargets(compared) : [])];
const gh = results.find((r) => r.name === 'github');
console.log(
  [
    header(host, COMMAND, RUNS, commands),
    ...(github && gh ? [checkSection(github, gh, startupFigures)] : [`start-up: \`check\` of the shipped spec (content/): ${startupFigures.ms} ms, ${startupFigures.mb} MB`]),
    ...(github?.site ? [siteSection(github.site)] : []),
    ...(compared && gh?.build ? [compareSection('GitHub\'s description', gh.build, compared)] : []),
    ...(github?.dev ? [devSection(github.dev)] : []),
    ...(results.length > 0 ? [sizeTable(results)] : []),
    ...(imported ? [importSection(imported)] : []),
    targetSection(list),
    `Load average at the end ${host.loadEnd.join(' ')}. Written to ${join(OUT, 'results.json')}.`,
  ].join('\n\n'),
);
mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, 'results.json'), `${JSON.stringify({ command: COMMAND, machine: host, runs: RUNS, commands, startup: startupFigures, inputs: results, github, compared, imported, targets: list }, null, 2)}\n`);
