// What one run of the benchmark prints: the machine and the commands, our figures beside the peers'
// with their ratios, the per-size table, and each target beside its figure.
import { availableParallelism, cpus, loadavg, release, totalmem } from 'node:os';
import type { Figures } from './check.ts';
import type { ImportFigures } from './import.ts';
import { round } from './measure.ts';
import { FLAT, growth, synthetic, type GithubResult, type InputResult, type Target } from './targets.ts';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  os: string;
  node: string;
  loadStart: number[];
  loadEnd?: number[];
}

export function machine(): Machine {
  return { cpu: cpus()[0]?.model ?? 'unknown', cores: availableParallelism(), memoryGb: round(totalmem() / 1024 ** 3, 1), os: `Linux ${release()}`, node: process.version, loadStart: loadavg().map((l) => round(l, 2)) };
}

/** Rows of cells, each column padded to its widest cell; the first column to the left, the others to the right. */
export function table(rows: ReadonlyArray<ReadonlyArray<string | number | undefined>>, indent = '  '): string {
  const cells = rows.map((r) => r.map((c) => (c === undefined ? '-' : String(c))));
  const widths = cells[0]?.map((_, i) => Math.max(...cells.map((r) => r[i]?.length ?? 0))) ?? [];
  return cells.map((r) => indent + r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('   ').trimEnd()).join('\n');
}

const times = (x: number | undefined) => (x === undefined ? undefined : `${x}x`);
const loads = (l: number[] | undefined) => l?.join(' ') ?? '-';

export function header(m: Machine, command: string, runs: number, commands: Record<string, string>): string {
  return [
    `Specbench benchmark: ${command}`,
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.os}; load average at the start ${loads(m.loadStart)} (1, 5, 15 min); shared with other work, so figures are noisy.`,
    `Node ${m.node}. Medians of ${runs} run${runs === 1 ? '' : 's'} (each build once a run). Commands measured, each a fresh process from the repository's root:`,
    ...Object.entries(commands).map(([k, v]) => `  ${k}: ${v}`),
  ].join('\n');
}

export function checkSection(gh: GithubResult, input: InputResult, startup: Figures): string {
  const { ours, redocly, msRatio, mbRatio } = gh.vsRedocly;
  return [
    `check (issue 23): GitHub's REST description imported, ${input.items.toLocaleString('en')} items in ${input.files.toLocaleString('en')} files, ${input.yamlMb} MB of YAML`,
    table([
      ['', 'ours', 'redocly lint', 'ours / redocly'],
      ['fresh (--no-cache), wall ms', ours.ms, redocly.ms, times(msRatio)],
      ['fresh, peak RSS MB', ours.mb, redocly.mb, times(mbRatio)],
      ['after one endpoint file changed (cache warm), ms', gh.warm.afterEdit.ms],
      ['unchanged (cache warm), ms', gh.warm.unchanged.ms],
      ['start-up: shipped spec (content/), ms', startup.ms],
    ]),
    '  (ours and redocly lint in turn, A B A B; each ratio is the median of the pairwise ratios)',
  ].join('\n');
}

export function siteSection(site: NonNullable<GithubResult['site']>): string {
  const { ours, peer } = site;
  return [
    "site (issue 22): `astro build` of GitHub's description, ours beside a minimal starlight-openapi site of the same JSON",
    table([
      ['', 'ours', 'starlight-openapi', 'ours / theirs'],
      ['wall s', ours.s, peer.s, times(site.sRatio)],
      ['CPU s (user + system, all processes)', ours.cpuS, peer.cpuS, times(site.cpuRatio)],
      ['peak RSS, process group, MB', ours.peakMb, peer.peakMb, times(site.mbRatio)],
      ['peak RSS, largest process, MB', ours.largestMb, peer.largestMb],
      ['data store after the build, KB', ours.dataStoreKb, peer.dataStoreKb],
      ['pages', ours.pages, peer.pages],
      ['median item (operation) page, KB', ours.itemKb, peer.pageKb],
      ['network during the build', ours.network, peer.network],
    ]),
    "  (network `none`: the build ran in a network namespace of its own with no network; the peer's packages were installed once, at setup)",
  ].join('\n');
}

export function devSection(dev: NonNullable<GithubResult['dev']>): string {
  const pages = (p: { edited: number; dashboard: number; other: number }) => `${p.edited}, ${p.dashboard}, ${p.other}`;
  return [
    "dev (issue 22): `astro dev` on a copy of GitHub's description",
    table([
      ['first item page, s', dev.firstPageS],
      [`an endpoint's title edited -> its page shows it, ms (median of ${dev.edits.length}: ${dev.edits.join(', ')})`, dev.editMs],
      ['per edit, the server\'s log: pages to reload', dev.reload?.pages],
      ['per edit, the server\'s log: analysis update, ms', dev.reload?.ms],
      ['views built the first time: the edited page, the dashboard, another item page', pages(dev.firstViews)],
      ['views built again per edit: the edited page, then the dashboard, another item page', pages(dev.rebuilt)],
      ['peak RSS, process group, MB', dev.peakMb],
      ['peak RSS, largest process, MB', dev.largestMb],
    ]),
    "  (views: the server's count of views built, read before and after each request and summed over the requests; medians of the edits)",
  ].join('\n');
}

export function sizeTable(inputs: readonly InputResult[]): string {
  const rows = inputs.map((i) => [i.name, i.items, i.files, i.yamlMb, i.check.ms, i.check.msPerItem, i.check.mb, i.build?.s, i.build?.msPerItem, i.build?.peakMb, i.build?.kbPerItem, i.build?.itemKb, i.build?.itemMaxKb]);
  const lines = [
    'per input: fresh `check --no-cache` and `astro build` (issues 22 and 23 want the per-item figures flat)',
    table([['input', 'items', 'files', 'YAML MB', 'check ms', 'check ms/item', 'check MB', 'build s', 'build ms/item', 'build MB', 'build KB/item', 'item page KB med', 'item page KB max'], ...rows]),
  ];
  if (synthetic(inputs).length > 1) {
    const g = (pick: (i: InputResult) => number | undefined) => times(growth(inputs, pick)) ?? '-';
    lines.push(`  growth per item, largest synthetic size over smallest (flat: <= ${FLAT}x; below 1x, fixed costs such as start-up weigh less): check ${g((i) => i.check.msPerItem)}, build time ${g((i) => i.build?.msPerItem)}, build memory ${g((i) => i.build?.kbPerItem)}`);
  }
  return lines.join('\n');
}

export function importSection(f: ImportFigures): string {
  return `import (issue 31): ${f.file}, ${f.documentMb} MB of OpenAPI: ${(f.ms / 1000).toFixed(1)} s, peak RSS ${f.mb} MB (fresh process, into an empty folder)`;
}

export function targetSection(list: readonly Target[]): string {
  return [
    'Targets (figures from this run; `not measured` where this run did not measure it)',
    table(list.map((t) => [`[${t.issue}] ${t.what}`, t.figure === undefined ? '-' : `${t.figure} ${t.unit}`.trim(), `target ${t.limit} ${t.unit}`.trim(), t.verdict])),
  ].join('\n');
}
