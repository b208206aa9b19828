// The comparison mode's cost (issue 34): a pull request's preview is the site built with
// `compare` set to its base. Measured on an input made into a git repository of two commits, the
// second a typical change (one endpoint's title edited, one endpoint file removed, one added),
// built with SPEC_COMPARE=HEAD~1, beside the plain build of the same input.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Input } from './inputs.ts';
import { round } from './measure.ts';
import { astroBuild, isItemPage, pageSizes, type Build } from './site.ts';
import type { OurBuild, Target } from './targets.ts';

/** The most a compared build may cost over a plain one, wall and peak memory (issue 34). */
export const COMPARE_LIMIT = 1.15;

export type CompareFigures = { build: OurBuild; sRatio: number; cpuRatio: number; mbRatio: number };

const git = (cwd: string, args: string[]) =>
  execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd, stdio: ['ignore', 'ignore', 'inherit'] });

/** The input in a repository of its own under `out`: its spec as the base commit, then the change as the head commit. */
function repository(input: Input, out: string): string {
  const root = resolve(out, `compare-${input.name}`);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const spec = join(root, 'spec');
  cpSync(input.dir, spec, { recursive: true });
  git(root, ['init', '-q', '-b', 'main']);
  git(root, ['add', '-A']);
  git(root, ['commit', '-q', '-m', 'base']);
  const edited = join(spec, input.endpoint);
  const text = readFileSync(edited, 'utf8');
  writeFileSync(edited, /^title: .*$/m.test(text) ? text.replace(/^title: .*$/m, 'title: Edited in the compared change') : `title: Edited in the compared change\n${text}`);
  // The last endpoint moves to a new id (removed and added, or a rename where its method and path say so).
  renameSync(join(spec, input.otherEndpoint), join(spec, input.otherEndpoint.replace(/\.ya?ml$/, '-moved.yaml')));
  git(root, ['add', '-A']);
  git(root, ['commit', '-q', '-m', 'change']);
  return spec;
}

/** Our build of the input compared with its base, and its cost over the plain build `plain`. */
export async function compareBuild(input: Input, out: string, plain: Build): Promise<CompareFigures> {
  const spec = repository(input, out);
  const outDir = join(out, `site-${input.name}-compare`);
  const build = await astroBuild('.', outDir, { SPEC_DIR: spec, SPEC_COMPARE: 'HEAD~1' });
  const items = pageSizes(outDir, isItemPage);
  rmSync(outDir, { recursive: true, force: true });
  return { build: { ...build, itemKb: items.medianKb, itemMaxKb: items.maxKb }, sRatio: round(build.s / plain.s, 2), cpuRatio: round(build.cpuS / plain.cpuS, 2), mbRatio: round(build.peakMb / plain.peakMb, 2) };
}

/** The report's section on the compared build. */
export function compareSection(name: string, plain: Build, c: CompareFigures): string {
  return [
    `compare (issue 34): \`astro build\` of ${name} with SPEC_COMPARE=HEAD~1 (one endpoint edited, one moved), beside the plain build`,
    `  wall ${c.build.s} s against ${plain.s} s (${c.sRatio}x); CPU ${c.build.cpuS} s against ${plain.cpuS} s (${c.cpuRatio}x); peak RSS of the process group ${c.build.peakMb} MB against ${plain.peakMb} MB (${c.mbRatio}x); ${c.build.pages} pages`,
  ].join('\n');
}

/** Issue 34's targets: a compared build costs at most `COMPARE_LIMIT` times a plain one. */
export function compareTargets(c: CompareFigures | undefined): Target[] {
  const target = (what: string, figure: number | undefined): Target => ({
    issue: 34,
    what,
    figure,
    unit: 'x',
    limit: `<= ${COMPARE_LIMIT}`,
    verdict: figure === undefined ? 'not measured' : figure <= COMPARE_LIMIT ? 'met' : 'MISSED',
  });
  return [target("compared build over plain, wall (GitHub's description)", c?.sRatio), target("compared build over plain, CPU (GitHub's description)", c?.cpuRatio), target("compared build over plain, peak RSS (GitHub's description)", c?.mbRatio)];
}
