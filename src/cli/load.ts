import { relative } from 'node:path';
import { Engine, readSpecDir, sourceText, specDir, specKey, summarize, threadedReader, type Analysis, type SpecFile, type Summary } from '../lib/index.ts';
import { buildStamp } from './build.ts';
import { DiskCache } from './cache.ts';
import type { Io } from './io.ts';
import type { Options } from './options.ts';

/** The script of the reading threads: beside the bundle, or among the sources. */
const WORKER = import.meta.url.endsWith('.ts') ? new URL('../lib/engine/worker.ts', import.meta.url) : new URL('./worker.mjs', import.meta.url);

/**
 * An engine for one command: results kept on disk between runs (unless `--no-cache`), and files
 * that need reading read on every core. `done` writes what the run added to the cache.
 */
export function commandEngine(options: Pick<Options, 'cache'>): { analyse: (files: readonly SpecFile[]) => Promise<Analysis>; done: () => void } {
  const cache = options.cache === false ? undefined : DiskCache.open(buildStamp());
  const engine = new Engine(cache ? { store: cache } : {});
  const read = threadedReader(WORKER);
  return {
    analyse: async (files) => (await engine.updateWith(files, read)).analysis,
    done: () => cache?.save(),
  };
}

/** The spec folder from `--spec` or `SPEC_DIR`, analysed; paths in output are relative to the working folder. */
export async function loadFromDisk(io: Io, options: Pick<Options, 'spec' | 'cache'>): Promise<{ analysis: Analysis; dir: string; root: string }> {
  const dir = options.spec ?? specDir(io.env);
  const files = await readSpecDir(dir);
  const engine = commandEngine(options);
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
  const tool = buildStamp();
  const key = options.cache === false ? undefined : specKey(files);
  const kept = key === undefined ? undefined : DiskCache.answer(tool, key);
  if (kept) return { summary: kept, text, ...shown(dir) };
  const engine = commandEngine(options);
  const summary = summarize(await engine.analyse(files));
  engine.done();
  if (key !== undefined) DiskCache.remember(tool, key, summary);
  return { summary, text, ...shown(dir) };
}

/** A spec folder as output shows it: relative to the working folder, and as the prefix of its files' paths. */
function shown(dir: string): { dir: string; root: string } {
  const rel = relative(process.cwd(), dir).split('\\').join('/');
  return { dir: rel === '' ? '.' : rel, root: rel === '' ? '' : `${rel}/` };
}
