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
import { basename, dirname, join } from 'node:path';
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

/** The files a whole bundle has (its chunks are named in them); a folder without them is no bundle. */
const ENTRIES = ['cli.mjs', 'worker.mjs', 'index.mjs', 'mock-thread.mjs'];

/** Whether `dir` holds a whole bundle. */
const whole = (/** @type {string} */ dir) => ENTRIES.every((entry) => existsSync(join(dir, entry)));

/** How old a checkout's bundle of earlier sources, or what a build that never finished left, is before it is removed: a command started from one may still load one of its chunks (`lsp` and `mock` are loaded when run). */
const KEEP_MS = 3_600_000;

/**
 * Bundles the command line (`cli.mjs`), its reading threads' script (`worker.mjs`) and the core's
 * public entry (`index.mjs`) into `outdir`. It is built in a folder of its own beside `outdir` and
 * renamed into place in one step, so no process ever reads half a bundle; and a bundle that is
 * already in place is never removed under a process that may be loading it: with `replace` unset
 * (a checkout's bundle, whose folder is named by its sources) one that is there is kept and the new
 * one dropped (another process made the same one first, from the same sources). With `replace` (the
 * package's `src/bundle`, made by `npm pack`, which a checkout never runs: see `launch.mjs`) the old
 * one is moved aside and the new one renamed into its place, so the folder is never half a bundle,
 * and the old one is then removed.
 * `build` names the build (its cache of results is its own); `root`, when given, is where the
 * bundle finds the package (a bundle kept outside it).
 * @param {{ outdir: string; build: string; root?: string; replace?: boolean }} options
 */
export async function bundle({ outdir, build, root, replace = false }) {
  const esbuild = await import('esbuild');
  const building = `${outdir}.${process.pid}.${Date.now()}.tmp`;
  try {
    await esbuild.build({
      entryPoints: { cli: join(cli, 'bin.ts'), worker: join(ROOT, 'src', 'lib', 'engine', 'worker.ts'), index: join(ROOT, 'src', 'lib', 'index.ts'), 'mock-thread': join(ROOT, 'src', 'lib', 'mock', 'thread.ts') },
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
    install(building, outdir, replace);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!whole(outdir)) throw error;
  }
  removeStale(dirname(outdir), basename(outdir));
}

/**
 * Puts the bundle built in `building` at `outdir` with renames only (each atomic): a folder that
 * is there is never emptied in place. Throws when `outdir` holds no whole bundle afterwards.
 * @param {string} building
 * @param {string} outdir
 * @param {boolean} replace
 */
export function install(building, outdir, replace) {
  let aside;
  if (existsSync(outdir) && (replace || !whole(outdir))) {
    // Moved aside before the new one comes (a part of a bundle, left by a process that was ended, is no bundle and goes too).
    aside = `${outdir}.${process.pid}.${Date.now()}.old`;
    try {
      renameSync(outdir, aside);
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
      aside = undefined;
    }
  }
  try {
    renameSync(building, outdir);
  } catch (error) {
    // Another process put its bundle there first (a folder is never renamed onto one that is not empty): that one is used.
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if ((code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'EPERM') || !whole(outdir)) throw error;
    rmSync(building, { recursive: true, force: true });
  }
  if (aside) rmSync(aside, { recursive: true, force: true });
}

/**
 * Removes what earlier builds left beside `name` in `parent` once it is an hour old: builds that
 * never finished and bundles moved aside but not removed (`.tmp`, `.old`: a process that was ended).
 * @param {string} parent
 * @param {string} name
 */
function removeStale(parent, name) {
  let entries;
  try {
    entries = readdirSync(parent);
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.startsWith(`${name}.`) || !/\.\d+\.\d+\.(old|tmp)$/.test(entry)) continue;
    const path = join(parent, entry);
    try {
      if (Date.now() - statSync(path).mtimeMs > KEEP_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed by another process meanwhile.
    }
  }
}

/** The bundle of this checkout's sources, made if it is not there yet; undefined when it cannot be made. */
export async function checkoutBundle() {
  const cache = join(ROOT, 'node_modules', '.cache', 'specbench');
  for (let attempt = 0; ; attempt++) {
    const build = `cli-${stamp()}`;
    const dir = join(cache, build);
    const entry = join(dir, 'cli.mjs');
    if (whole(dir)) return entry;
    try {
      await bundle({ outdir: dir, build, root: ROOT });
    } catch {
      return whole(dir) ? entry : undefined;
    }
    // A source that changed while the bundle was made may or may not be in it: it is made again under the sources' new name (once; then it is used as it is).
    if (attempt === 0 && stamp() !== build.slice('cli-'.length)) continue;
    // Bundles of earlier sources go once they are an hour old (a command still running from one may load a part of it late).
    for (const old of readdirSync(cache)) {
      const path = join(cache, old);
      if (old.startsWith('cli-') && !old.startsWith(build) && Date.now() - statSync(path).mtimeMs > KEEP_MS) rmSync(path, { recursive: true, force: true });
    }
    return entry;
  }
}

// `node src/cli/bundle.mjs OUTDIR`: the package's bundle, before it is packed.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outdir = process.argv[2] ?? join(ROOT, 'src', 'bundle');
  const { version } = JSON.parse(await import('node:fs').then((fs) => fs.readFileSync(join(ROOT, 'package.json'), 'utf8')));
  await bundle({ outdir, build: `specbench-${version}-${stamp()}`, replace: true });
  console.log(`Bundled the command line into ${outdir}.`);
}
