import { statSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname, resolve, sep } from 'node:path';

/** The path `onSettled` is given when the whole folder must be read again: it was removed, made again, or the watch lost track. */
export const WHOLE_FOLDER = '.';

/** How a folder is watched. */
export interface WatchOptions {
  /** How long the folder must be quiet, in milliseconds, before what changed is told (a save is often several events). Default 40. */
  quiet?: number;
  /** Told when `onSettled` throws or rejects, or a watch fails; the watch goes on. Default: nothing. */
  onError?: (error: unknown) => void;
}

/** A folder being watched. */
export interface FolderWatch {
  /** Stops watching; nothing is told after it. */
  close(): void;
}

/**
 * Watches a spec folder and everything under it (Node's `fs.watch`, recursive) and tells
 * `onSettled` which paths changed, relative to the folder with `/`, once the events have settled:
 * each event puts off the call until the folder has been quiet for a moment, so a save written in
 * several steps is told once. A call is never made while the previous one is still running; what
 * changes meanwhile is told after it. The folder's parent is watched too, so the folder may be
 * removed and made again (a branch switch, a tool that rewrites it): both are told as
 * `WHOLE_FOLDER`, and the new folder is watched. Nothing here throws into the process: a watch
 * that fails and a callback that fails go to `onError`.
 */
export function watchFolder(dir: string, onSettled: (paths: string[]) => void | Promise<void>, options: WatchOptions = {}): FolderWatch {
  const folder = resolve(dir);
  const name = basename(folder);
  const quiet = options.quiet ?? 40;
  const report = (error: unknown) => {
    try {
      options.onError?.(error);
    } catch {
      // The error handler's own failure has nowhere else to go.
    }
  };
  let closed = false;
  let inner: { watcher: FSWatcher; ino: number } | undefined;
  let parent: FSWatcher | undefined;
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  const flush = async () => {
    timer = undefined;
    if (closed || running || pending.size === 0) return;
    running = true;
    const paths = [...pending].sort();
    pending.clear();
    try {
      await onSettled(paths);
    } catch (error) {
      report(error);
    }
    running = false;
    // What changed while the call ran.
    if (!closed && pending.size > 0 && timer === undefined) timer = setTimeout(() => void flush(), quiet);
  };
  const changed = (path: string) => {
    if (closed) return;
    pending.add(path);
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => void flush(), quiet);
  };

  const inode = () => {
    try {
      const info = statSync(folder);
      return info.isDirectory() ? info.ino : undefined;
    } catch {
      return undefined;
    }
  };
  const stopInner = () => {
    inner?.watcher.close();
    inner = undefined;
  };
  /** Watches the folder as it is now: again when it is a new folder, not at all when it is gone. */
  const follow = () => {
    if (closed) return;
    const ino = inode();
    if (ino === undefined) {
      if (inner) {
        stopInner();
        changed(WHOLE_FOLDER);
      }
      return;
    }
    if (inner?.ino === ino) return;
    stopInner();
    try {
      const watcher = watch(folder, { recursive: true }, (_event, file) => {
        // An event with no name, or for the folder itself, may mean it went away.
        if (file === null || file === '') {
          follow();
          changed(WHOLE_FOLDER);
        } else changed(String(file).split(sep).join('/'));
      });
      watcher.on('error', (error) => {
        report(error);
        if (inner?.watcher === watcher) stopInner();
        follow();
        changed(WHOLE_FOLDER);
      });
      inner = { watcher, ino };
    } catch (error) {
      report(error);
      return;
    }
    // A folder made (again): what it holds now is not what was read.
    changed(WHOLE_FOLDER);
  };

  try {
    parent = watch(dirname(folder), (_event, file) => {
      if (file === null || String(file) === name) follow();
    });
    parent.on('error', report);
  } catch (error) {
    report(error);
  }
  follow();
  // The first watch tells nothing: the caller has just read the folder.
  pending.clear();
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;

  return {
    close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      stopInner();
      parent?.close();
    },
  };
}
