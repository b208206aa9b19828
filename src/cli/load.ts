import { relative } from 'node:path';
import { Engine, readSpecDir, specDir, threadedReader, type Analysis, type SpecFile } from '../lib/index.ts';
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
  const rel = relative(process.cwd(), dir).split('\\').join('/');
  return { analysis, dir: rel === '' ? '.' : rel, root: rel === '' ? '' : `${rel}/` };
}
