// @ts-check
/**
 * The command line's bundles, made by esbuild, in one place for both places they are made: in a
 * checkout of Specbench on first run (`node_modules/.cache/specbench/`, remade whenever a source,
 * the lockfile or Node changes; see `launch.mjs`), and before the package is packed
 * (`npm pack` runs `prepack`: `node src/cli/bundle.mjs src/bundle`), so that an installed
 * Specbench runs from a bundle made once, with nothing to build at run time.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = dirname(fileURLToPath(import.meta.url));
/** The package's root folder. */
export const ROOT = join(cli, '..', '..');

/**
 * Packages every command loads, bundled in; every other package (the parsers of `import`, the
 * Markdown toolchain) stays outside and loads from node_modules as it is, when first used.
 */
const BUNDLED = new Set(['zod', 'yaml', 'tinyduration', 'github-slugger', 'fastest-levenshtein', '@babel/code-frame']);

/** What a bundle is made from: every source file under src/cli, src/lib and src/lsp with its size and time, the lockfile, and Node. */
export function stamp() {
  const hash = createHash('sha256').update(process.version);
  for (const dir of [cli, join(ROOT, 'src', 'lib'), join(ROOT, 'src', 'lsp')]) {
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
    const path = join(ROOT, file);
    if (existsSync(path)) hash.update(`${file}\0${statSync(path).mtimeMs}\n`);
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Bundles the command line (`cli.mjs`), its reading threads' script (`worker.mjs`) and the core's
 * public entry (`index.mjs`) into `outdir`: built beside it and renamed into place, so two
 * commands started together never read half a bundle. `build` names the build (its cache of
 * results is its own); `root`, when given, is where the bundle finds the package (a bundle kept
 * outside it).
 * @param {{ outdir: string; build: string; root?: string }} options
 */
export async function bundle({ outdir, build, root }) {
  const esbuild = await import('esbuild');
  const building = `${outdir}.${process.pid}.tmp`;
  try {
    await esbuild.build({
      entryPoints: { cli: join(cli, 'bin.ts'), worker: join(ROOT, 'src', 'lib', 'engine', 'worker.ts'), index: join(ROOT, 'src', 'lib', 'index.ts') },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node22',
      outdir: building,
      outExtension: { '.js': '.mjs' },
      logLevel: 'silent',
      define: { __SPECBENCH_BUILD__: JSON.stringify(build), ...(root ? { __SPECBENCH_ROOT__: JSON.stringify(root) } : {}) },
      plugins: [
        {
          name: 'only-the-packages-every-command-needs',
          setup(b) {
            b.onResolve({ filter: /^[^./]/ }, ({ path, importer }) => {
              if (!importer.startsWith(join(ROOT, 'src'))) return undefined;
              const name = path.startsWith('@') ? path.split('/').slice(0, 2).join('/') : (path.split('/')[0] ?? path);
              return BUNDLED.has(name) || path.startsWith('node:') ? undefined : { path, external: true };
            });
          },
        },
      ],
      // Packages that are CommonJS call `require`; an ES module bundle gives them one.
      banner: { js: "import { createRequire as __specbenchRequire } from 'node:module'; const require = __specbenchRequire(import.meta.url);" },
    });
    rmSync(outdir, { recursive: true, force: true });
    renameSync(building, outdir);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(join(outdir, 'cli.mjs'))) throw error;
  }
}

/** The bundle of this checkout's sources, made if it is not there yet; undefined when it cannot be made. */
export async function checkoutBundle() {
  const cache = join(ROOT, 'node_modules', '.cache', 'specbench');
  const build = `cli-${stamp()}`;
  const dir = join(cache, build);
  const entry = join(dir, 'cli.mjs');
  if (existsSync(entry)) return entry;
  try {
    await bundle({ outdir: dir, build, root: ROOT });
  } catch {
    return existsSync(entry) ? entry : undefined;
  }
  // Bundles of earlier sources go once they are an hour old (a command still running from one may load a part of it late).
  for (const old of readdirSync(cache)) {
    const path = join(cache, old);
    if (old.startsWith('cli-') && old !== build && Date.now() - statSync(path).mtimeMs > 3_600_000) rmSync(path, { recursive: true, force: true });
  }
  return entry;
}

// `node src/cli/bundle.mjs OUTDIR`: the package's bundle, before it is packed.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outdir = process.argv[2] ?? join(ROOT, 'src', 'bundle');
  const { version } = JSON.parse(await import('node:fs').then((fs) => fs.readFileSync(join(ROOT, 'package.json'), 'utf8')));
  await bundle({ outdir, build: `specbench-${version}-${stamp()}` });
  console.log(`Bundled the command line into ${outdir}.`);
}
