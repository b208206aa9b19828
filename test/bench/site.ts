// `astro build` of a site, ours or the peer's, measured the same way (issue 22): wall time, peak
// memory of its process group, the size of Astro's data store after it, its pages; built without
// network where this machine allows it, to tell whether the build needs any.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AREA_KEYS } from '../../src/lib/index.ts';
import { canGoOffline, median, offline, round, timedGroup, type Run } from './measure.ts';

/** Whether a build reached for the network: `none` (it built with no network at all), `needed`, or not known here. */
export type Network = 'none' | 'needed' | 'not checked';

export interface Build {
  s: number;
  /** Peak RSS of the build's process group, and of its largest process, MB. */
  peakMb: number;
  largestMb: number;
  /** CPU time, user and system, of the build and all it started, s. */
  cpuS: number;
  dataStoreKb: number;
  pages: number;
  network: Network;
}

const DATA_STORE = join('node_modules', '.astro', 'data-store.json');
export const BUILD_COMMAND = 'node node_modules/astro/bin/astro.mjs build (what `astro build` runs, without npm\'s wrapper process)';

/** The command that builds the Astro project at `root`: its own astro, on this Node. */
const astro = (root: string, args: readonly string[]): [string, string[]] => [process.execPath, [join(resolve(root), 'node_modules', 'astro', 'bin', 'astro.mjs'), ...args]];

/** Runs a build with no network where the machine allows it; a build that fails so is run again with network, and marked as needing it. */
async function buildOnce(cmd: [string, string[]], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<{ run: Run; network: Network }> {
  if (canGoOffline()) {
    const run = await timedGroup(...offline(...cmd), options);
    if (run.status === 0) return { run, network: 'none' };
  }
  const run = await timedGroup(...cmd, options);
  return { run, network: canGoOffline() ? 'needed' : 'not checked' };
}

/**
 * `astro build` of the project at `root` into `outDir`, from an empty data store; fails with the
 * end of its output when the build fails. The pages are counted and left in `outDir` for `pageSizes`.
 */
export async function astroBuild(root: string, outDir: string, env: NodeJS.ProcessEnv): Promise<Build> {
  rmSync(join(root, DATA_STORE), { force: true });
  rmSync(outDir, { recursive: true, force: true });
  const { run, network } = await buildOnce(astro(root, ['build', '--outDir', resolve(outDir)]), {
    cwd: root,
    // Vite builds for development under any other NODE_ENV (as vitest sets it).
    env: { ...process.env, ...env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
  });
  if (run.status !== 0) throw new Error(`astro build in ${root} failed:\n${run.out}`);
  const store = join(root, DATA_STORE);
  return { s: round(run.ms / 1000, 1), cpuS: round(run.cpuS ?? NaN, 1), peakMb: round(run.mb), largestMb: round(run.largestMb ?? NaN), dataStoreKb: existsSync(store) ? round(statSync(store).size / 1024, 1) : 0, pages: htmlPages(outDir).length, network };
}

/** The HTML pages of a built site, relative to it, with `/`. */
function htmlPages(outDir: string): string[] {
  return readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name).slice(outDir.length + 1).split('\\').join('/'));
}

/** Median and largest size of the pages `pick` chooses, KB. */
export function pageSizes(outDir: string, pick: (page: string) => boolean): { count: number; medianKb: number; maxKb: number } {
  const sizes = htmlPages(outDir).filter(pick).map((p) => statSync(join(outDir, p)).size);
  return { count: sizes.length, medianKb: round(median(sizes) / 1024, 1), maxKb: round(Math.max(0, ...sizes) / 1024, 1) };
}

/** Our item pages: `<area>/<id>/index.html` (an item whose id ends in `.html` has a folder of that name). */
export const isItemPage = (page: string): boolean => {
  const parts = page.split('/');
  return parts.length === 3 && parts[2] === 'index.html' && (AREA_KEYS as readonly string[]).includes(parts[0] ?? '');
};

/** Our site for one input: the build, and its item pages. */
export async function ourBuild(specDir: string, outDir: string): Promise<Build & { itemKb: number; itemMaxKb: number }> {
  const build = await astroBuild('.', outDir, { SPEC_DIR: specDir });
  const items = pageSizes(outDir, isItemPage);
  rmSync(outDir, { recursive: true, force: true });
  return { ...build, itemKb: items.medianKb, itemMaxKb: items.maxKb };
}
