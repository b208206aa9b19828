import { relative } from 'node:path';
import { Engine, escapeControls, readSpecDir, sourceText, specDir, specKey, summarize, threadedReader, type Analysis, type SpecFile, type Summary } from '../lib/index.ts';
import { buildStamp } from './build.ts';
import { DiskCache, keepAnswer, keptAnswer } from './cache.ts';
import { openCacheFolder, type CachePlace } from './cache-folder.ts';
import type { Io } from './io.ts';
import type { Options } from './options.ts';

/** The script of the reading threads: beside the bundle, or among the sources. */
export const WORKER = import.meta.url.endsWith('.ts') ? new URL('../lib/engine/worker.ts', import.meta.url) : new URL('./worker.mjs', import.meta.url);

/** Where a warning goes when the command gives no `Io` of its own: stderr, through the same escape. */
const stderr: Pick<Io, 'err'> = { err: (text) => process.stderr.write(escapeControls(text)) };

/**
 * The cache folder of this command (none with `--no-cache`). One that cannot be used (a file in
 * its place, a link, unwritable, tracked by git, on a special file system) is said in one warning
 * line, and the command runs without a cache: what it says and its exit status stay the same.
 */
export async function commandCache(options: Pick<Options, 'cache'>, io: Pick<Io, 'err'> = stderr): Promise<CachePlace | undefined> {
  if (options.cache === false) return undefined;
  const opened = await openCacheFolder().catch((error: unknown) => ({ warning: `the cache folder cannot be used (${error instanceof Error ? error.message : String(error)}).`, place: undefined }));
  if (opened.warning !== undefined) io.err(`specbench: warning: ${opened.warning} Running without a cache.\n`);
  return opened.place;
}

/**
 * An engine for one command: results kept on disk between runs (unless `--no-cache`), and files
 * that need reading read on every core. `done` writes what the run added to the cache. `cache`
 * is the command's cache folder when the command has opened it already.
 */
export function commandEngine(options: Pick<Options, 'cache'>, io?: Pick<Io, 'err'>, cache?: Promise<CachePlace | undefined>): { analyse: (files: readonly SpecFile[]) => Promise<Analysis>; done: () => void } {
  let store: DiskCache | undefined;
  const engine = (cache ?? commandCache(options, io)).then((place) => {
    store = place && DiskCache.open(buildStamp(), place);
    return new Engine(store ? { store } : {});
  });
  const read = threadedReader(WORKER);
  return {
    analyse: async (files) => (await (await engine).updateWith(files, read)).analysis,
    done: () => store?.save(),
  };
}

/** The spec folder from `--spec` or `SPEC_DIR`, analysed; paths in output are relative to the working folder. */
export async function loadFromDisk(io: Io, options: Pick<Options, 'spec' | 'cache'>): Promise<{ analysis: Analysis; dir: string; root: string }> {
  const dir = options.spec ?? specDir(io.env);
  const files = await readSpecDir(dir);
  const engine = commandEngine(options, io);
  const analysis = await engine.analyse(files);
  engine.done();
  return { analysis, ...shown(dir) };
}

/**
 * What `check` and `gaps` say of the spec folder: the answer an earlier run kept for exactly these
 * files (same paths, same bytes, same build of the tool) when there is one, else the spec analysed
 * and its answer kept. `text` gives a file's text for code frames, from the bytes just read.
 */
export async function loadSummary(io: Io, options: Pick<Options, 'spec' | 'cache'>): Promise<{ summary: Summary; text: (file: string) => string | undefined; dir: string; root: string }> {
  const dir = options.spec ?? specDir(io.env);
  const files = await readSpecDir(dir);
  const bytes = new Map(files.flatMap((f) => (f.bytes ? [[f.path, f.bytes] as const] : [])));
  const text = (file: string) => {
    const b = bytes.get(file);
    return b && sourceText(file, b, []);
  };
  const place = await commandCache(options, io);
  const tool = buildStamp();
  const key = place && specKey(files);
  const kept = place && key !== undefined ? keptAnswer(place, tool, key) : undefined;
  if (kept) return { summary: kept, text, ...shown(dir) };
  const engine = commandEngine(options, io, Promise.resolve(place));
  const summary = summarize(await engine.analyse(files));
  engine.done();
  if (place && key !== undefined) keepAnswer(place, tool, key, summary);
  return { summary, text, ...shown(dir) };
}

/** A spec folder as output shows it: relative to the working folder, and as the prefix of its files' paths. */
function shown(dir: string): { dir: string; root: string } {
  const rel = relative(process.cwd(), dir).split('\\').join('/');
  return { dir: rel === '' ? '.' : rel, root: rel === '' ? '' : `${rel}/` };
}
