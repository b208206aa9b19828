// @ts-check
/**
 * Packages the VS Code extension as a `.vsix`, offline: esbuild bundles the client (with
 * `vscode-languageclient`, so the package needs no `node_modules` of its own) into a staging
 * folder beside the manifest and README, and `@vscode/vsce package` packs that folder. Nothing is
 * written into the repository's sources.
 *
 *   node src/editor/vscode/package.mjs [OUT.vsix]
 *
 * Without OUT, the package goes to `.cache/vsix/specbench-<version>.vsix` (ignored by git).
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..');

/**
 * Builds the extension into `out` and returns its path.
 * @param {string} [out]
 */
export async function packageExtension(out) {
  const { version } = JSON.parse(await readFile(join(here, 'package.json'), 'utf8'));
  const target = resolve(out ?? join(root, '.cache', 'vsix', `specbench-${version}.vsix`));
  const stage = await mkdtemp(join(tmpdir(), 'specbench-vsix-'));
  try {
    const esbuild = await import('esbuild');
    await esbuild.build({
      entryPoints: [join(here, 'src', 'extension.ts')],
      outfile: join(stage, 'dist', 'extension.js'),
      bundle: true,
      format: 'cjs',
      platform: 'node',
      // The Node of VS Code's extension host (Electron).
      target: 'node20',
      external: ['vscode'],
      logLevel: 'silent',
    });
    for (const file of ['package.json', 'README.md']) await copyFile(join(here, file), join(stage, file));
    await mkdir(dirname(target), { recursive: true });
    const vsce = createRequire(import.meta.url).resolve('@vscode/vsce/vsce');
    // No dependency detection (the client is bundled) and nothing fetched: it packs offline.
    await promisify(execFile)(process.execPath, [vsce, 'package', '--no-dependencies', '--skip-license', '--allow-missing-repository', '--out', target], { cwd: stage, env: { ...process.env, npm_config_offline: 'true' } });
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
  return target;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const made = await packageExtension(process.argv[2]);
  console.log(`Packaged the VS Code extension: ${made}`);
}
