import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Builds the real site for a spec folder into a fresh folder, as `npm run build` does (or another Astro project's, `root`). */
export async function buildSite(specDir: string, env: Record<string, string> = {}, root?: string): Promise<{ outDir: string; code: number; output: string }> {
  const outDir = await mkdtemp(join(tmpdir(), 'specbench-site-'));
  try {
    const { stdout, stderr } = await run('npx', ['astro', 'build', '--outDir', outDir, ...(root ? ['--root', root] : [])], {
      // Vitest sets NODE_ENV=test, which would make Vite build for development (no search, dev notices).
      env: { ...process.env, NODE_ENV: 'production', SPEC_DIR: specDir, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { outDir, code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { outDir, code: e.code ?? 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

/** The sites the global setup builds, by name. */
export type Sites = Record<'content' | 'complete' | 'hostile' | 'based' | 'halfWritten' | 'imported', string>;

/** The base path the `based` site is built for, as on GitHub Pages. */
export const BASE = '/spec/';

/** Where the `hostile` site says its spec is edited: every gap links to its file there. */
export const HOSTILE_EDIT_URL = 'https://github.com/acme/spec/edit/main/test/fixtures/hostile/';
