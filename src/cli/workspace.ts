import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { threadedReader, Workspace } from '../lib/index.ts';
import { buildStamp } from './build.ts';
import { DiskCache } from './cache.ts';
import type { Io } from './io.ts';
import { commandCache, WORKER } from './load.ts';
import type { Options } from './options.ts';

/**
 * A live workspace for a command that follows a spec folder (`lsp`, `mock`): results kept on disk
 * between runs as `check` keeps them (unless `--no-cache`), so a second start reads only what
 * changed, and files read on every core. `save` writes what was added to the cache (the disk's
 * files only: unsaved editor texts are never kept), then lets go of the text of what the files
 * hold (`DiskCache.release`: the engine has its results); call it after the first read and now and then.
 */
export async function commandWorkspace(dir: string, options: Pick<Options, 'cache'>, io?: Pick<Io, 'err'>): Promise<{ workspace: Workspace; save: () => void }> {
  const place = await commandCache(options, io);
  // The folder's own results (`DiskCache.open`): one spec served reads only what it left.
  const store = place && DiskCache.open(buildStamp(), place, createHash('sha256').update(resolve(dir)).digest('hex').slice(0, 16));
  const workspace = await Workspace.open(dir, { ...(store ? { store } : {}), read: threadedReader(WORKER) });
  return {
    workspace,
    save: () => {
      store?.save();
      store?.release();
    },
  };
}
