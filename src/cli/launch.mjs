#!/usr/bin/env node
// @ts-check
/**
 * The command line's entry, and the only file of Specbench written in JavaScript: Node strips
 * TypeScript's types file by file at every start (about 0.1 s to start the stripper, then 140
 * files), so the command line runs from one bundle of `src/cli/bin.ts` with its dependencies,
 * built by esbuild into `node_modules/.cache/specbench/` and rebuilt whenever a source file, the
 * lockfile or Node changes. Packages loaded on first use (the Markdown toolchain, the OpenAPI
 * and AsyncAPI parsers) stay outside the bundle and are still loaded only when needed. Without
 * esbuild, or when the bundle cannot be written, it runs `bin.ts` as it is: slower, the same.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cli = dirname(fileURLToPath(import.meta.url));
/**
 * Packages every command loads, bundled in; every other package (the parsers of `import`, the
 * Markdown toolchain) stays outside and loads from node_modules as it is, when first used.
 */
const BUNDLED = new Set(['zod', 'yaml', 'tinyduration', 'github-slugger', 'fastest-levenshtein', '@babel/code-frame']);
const root = join(cli, '..', '..');

/** What the bundle is built from: every source file under src/cli and src/lib with its size and time, the lockfile, and Node. */
function stamp() {
  const hash = createHash('sha256').update(process.version);
  for (const dir of [cli, join(root, 'src', 'lib')]) {
    const files = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.(ts|mjs|json)$/.test(e.name))
      .map((e) => join(e.parentPath, e.name))
      .sort();
    for (const file of files) {
      const s = statSync(file);
      hash.update(`${file}\0${s.size}\0${s.mtimeMs}\n`);
    }
  }
  for (const file of ['package-lock.json', 'package.json']) {
    const path = join(root, file);
    if (existsSync(path)) hash.update(`${file}\0${statSync(path).mtimeMs}\n`);
  }
  return hash.digest('hex').slice(0, 16);
}

/** The bundle for this stamp, built if it is not there yet; undefined when it cannot be built. */
async function bundle() {
  const cache = join(root, 'node_modules', '.cache', 'specbench');
  const built = `cli-${stamp()}`;
  const dir = join(cache, built);
  const entry = join(dir, 'bin.mjs');
  if (existsSync(entry)) return entry;
  /** @type {typeof import('esbuild')} */
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    return undefined;
  }
  // Built beside its final place and renamed into it, so two commands started together never read half a bundle.
  const building = `${dir}.${process.pid}.tmp`;
  try {
    await esbuild.build({
      // The command line, and the script of its reading threads.
      entryPoints: [join(cli, 'bin.ts'), join(root, 'src', 'lib', 'engine', 'worker.ts')],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node22',
      outdir: building,
      entryNames: '[name]',
      outExtension: { '.js': '.mjs' },
      logLevel: 'silent',
      // Names this build, so that its cache of results is never read by another one.
      define: { __SPECBENCH_BUILD__: JSON.stringify(built) },
      plugins: [
        {
          name: 'only-the-packages-every-command-needs',
          setup(build) {
            build.onResolve({ filter: /^[^./]/ }, ({ path, importer }) => {
              if (!importer.startsWith(join(root, 'src'))) return undefined;
              const name = path.startsWith('@') ? path.split('/').slice(0, 2).join('/') : (path.split('/')[0] ?? path);
              return BUNDLED.has(name) || path.startsWith('node:') ? undefined : { path, external: true };
            });
          },
        },
      ],
      // Packages that are CommonJS call `require`; an ES module bundle gives them one.
      banner: { js: "import { createRequire as __specbenchRequire } from 'node:module'; const require = __specbenchRequire(import.meta.url);" },
    });
    // Bundles of earlier sources go once they are an hour old (a command still running from one may load a part of it late).
    for (const old of readdirSync(cache)) {
      const path = join(cache, old);
      if (old.startsWith('cli-') && Date.now() - statSync(path).mtimeMs > 3_600_000) rmSync(path, { recursive: true, force: true });
    }
    renameSync(building, dir);
  } catch {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(entry)) return undefined;
  }
  return entry;
}

const entry = process.env.SPECBENCH_NO_BUNDLE ? undefined : await bundle().catch(() => undefined);
await import(entry ? pathToFileURL(entry).href : './bin.ts');
