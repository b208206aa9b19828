import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The environment of a command the tests start as a user would (a build, a preview, a dev server):
 * not the test runner's own, whose VITEST variables and NODE_ENV=test make Vite and Astro act as under Vitest.
 */
export function userEnv(): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_ENV'));
}

/** Where test builds go: under the working folder (see `buildSite`), ignored by git. */
const SITE_BUILDS = resolve('.cache/site-builds');

/** Builds the real site for a spec folder into a fresh folder, as `npm run build` does (or another Astro project's, `root`). */
export async function buildSite(specDir: string, env: Record<string, string> = {}, root?: string): Promise<{ outDir: string; code: number; output: string }> {
  // Inside the working folder: Astro writes a build's server chunks beside an output folder within it,
  // but into one shared `.astro/` for a folder outside it, where two builds at once replace each other's.
  await mkdir(SITE_BUILDS, { recursive: true });
  const outDir = await mkdtemp(join(SITE_BUILDS, 'site-'));
  // This site's builds each keep Astro's cache in a folder of their own (see isolated.config.mjs), so
  // any number may run at once; another project's (`root`) keeps its own config.
  const cache = root ? undefined : await mkdtemp(join(SITE_BUILDS, 'cache-'));
  const own = cache ? ['--config', 'test/site/isolated.config.mjs'] : [];
  // Another project keeps Astro's cache in its own folder from one test run to the next (its pages'
  // Markdown rendered before a change of the plugin): gone, its pages are rendered afresh. (`--force`
  // would do the same with a warning, which the build is checked for.)
  if (root) await rm(join(root, 'node_modules', '.astro'), { recursive: true, force: true });
  try {
    const { stdout, stderr } = await run('npx', ['astro', 'build', '--outDir', outDir, ...own, ...(root ? ['--root', root] : [])], {
      // As `npm run build` runs (Vitest's NODE_ENV=test would make Vite build for development: no search, dev notices).
      env: { ...userEnv(), NODE_ENV: 'production', SPEC_DIR: specDir, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', ...(cache ? { SPECBENCH_ASTRO_CACHE: cache } : {}), ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { outDir, code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { outDir, code: e.code ?? 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  } finally {
    if (cache) await rm(cache, { recursive: true, force: true });
  }
}

/** The sites the global setup builds, by name. */
export type Sites = Record<'content' | 'complete' | 'hostile' | 'based' | 'halfWritten' | 'imported', string>;

/** The base path the `based` site is built for, as on GitHub Pages. */
export const BASE = '/spec/';

/** Where the `hostile` site says its spec is edited: every gap links to its file there. */
export const HOSTILE_EDIT_URL = 'https://github.com/acme/spec/edit/main/test/fixtures/hostile/';
