import { lstatSync, readdirSync, statSync, watch, type Dirent, type FSWatcher } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';

/** The path `onSettled` is given when the whole folder must be read again: it was removed, made again, or the watch lost track. */
export const WHOLE_FOLDER = '.';

/** How a folder is watched. */
export interface WatchOptions {
  /** How long the folder must be quiet, in milliseconds, before what changed is told (a save is often several events). Default 40. */
  quiet?: number;
  /** Told when `onSettled` throws or rejects, or a watch fails; the watch goes on. Default: nothing. */
  onError?: (error: unknown) => void;
  /** Told at once of every event, before the folder is quiet: a change is on its way to `onSettled` (the mock holds its answers for it). */
  onEvent?: () => void;
}

/** A folder being watched. */
export interface FolderWatch {
  /** Stops watching; nothing is told after it. */
  close(): void;
}

/**
 * Watches a spec folder and everything under it and tells `onSettled` which paths changed,
 * relative to the folder with `/`, once the events have settled: each event puts off the call
 * until the folder has been quiet for a moment, so a save written in several steps is told once.
 * A call is never made while the previous one is still running; what changes meanwhile is told
 * after it. The folder's parent is watched too, so the folder may be removed and made again (a
 * branch switch, a tool that rewrites it): both are told as `WHOLE_FOLDER`, and the new folder is
 * watched. Nothing here throws into the process: a watch that fails and a callback that fails go
 * to `onError`.
 *
 * On Linux every folder is watched on its own (inotify on folders, `fs.watch` without
 * `recursive`): Node's recursive watch there follows each file it found by its inode, so a file
 * saved the way editors save (written beside it, then renamed over it) or removed and written
 * again was never told again. A folder's own watch tells every name written, renamed or removed
 * in it, whatever inode it is; a folder made inside is watched from then on and what it already
 * holds is told. Elsewhere (macOS, Windows) the system's recursive watch is used as it is.
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
  let inner: InnerWatch | undefined;
  let parent: FSWatcher | undefined;
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  /** Set once the first watch is up: what it tells while it starts is not told (see below). */
  let started = false;

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
    if (started) options.onEvent?.();
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
    inner?.close();
    inner = undefined;
  };
  /**
   * Watches the folder as it is now: again when it is a new folder, not at all when it is gone.
   * `anew`: the parent told an event for the folder's name, so it may have been removed and made
   * again; the filesystem may give the new folder the old one's inode (ext4 does at once), so the
   * inode cannot tell them apart and the watch is begun again.
   */
  const follow = (anew = false) => {
    if (closed) return;
    const ino = inode();
    if (ino === undefined) {
      if (inner) {
        stopInner();
        changed(WHOLE_FOLDER);
      }
      return;
    }
    if (inner?.ino === ino && !anew) return;
    stopInner();
    const lost = (error: unknown) => {
      report(error);
      stopInner();
      follow();
      changed(WHOLE_FOLDER);
    };
    try {
      inner = PER_FOLDER ? new FolderTree(folder, ino, changed, report, lost) : recursiveWatch(folder, ino, changed, lost, follow);
    } catch (error) {
      report(error);
      return;
    }
    // A folder made (again): what it holds now is not what was read.
    changed(WHOLE_FOLDER);
  };

  try {
    parent = watch(dirname(folder), (_event, file) => {
      if (file === null || String(file) === name) follow(true);
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
  started = true;

  return {
    close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      stopInner();
      parent?.close();
    },
  };
}

/** Whether each folder is watched on its own (Linux: see `watchFolder`). */
const PER_FOLDER = process.platform === 'linux';

/** The watch inside the spec folder, on the folder as it was when it began (its inode). */
interface InnerWatch {
  ino: number;
  close(): void;
}

/** Folders whose insides are no spec's (their own name is told, what happens inside is not): each would cost a watch per folder in it. */
const UNWATCHED = new Set(['.git', 'node_modules']);

/** The path of a name inside a folder of the tree (`''` for the spec folder), with `/`. */
const joined = (rel: string, name: string) => (rel === '' ? name : `${rel}/${name}`);

/** The system's recursive watch (macOS, Windows). */
function recursiveWatch(folder: string, ino: number, changed: (path: string) => void, lost: (error: unknown) => void, follow: () => void): InnerWatch {
  let open = true;
  const watcher = watch(folder, { recursive: true }, (_event, file) => {
    // An event with no name, or for the folder itself, may mean it went away.
    if (file === null || file === '') {
      follow();
      changed(WHOLE_FOLDER);
    } else changed(String(file).split(sep).join('/'));
  });
  watcher.on('error', (error) => {
    if (open) lost(error);
  });
  return {
    ino,
    close() {
      open = false;
      watcher.close();
    },
  };
}

/**
 * Every folder of the tree watched on its own. An event names an entry of the folder: it is told,
 * and when it is a folder not watched yet (made, or moved in) it is watched with everything under
 * it, each file it holds told; a watched folder that is no longer one (removed, moved away, a file
 * now) stops being watched, with everything under it. Symbolic links are not followed (the
 * loader reads a link's target where it is, inside the folder, which is watched there).
 */
class FolderTree implements InnerWatch {
  readonly ino: number;
  readonly #root: string;
  readonly #changed: (path: string) => void;
  readonly #report: (error: unknown) => void;
  readonly #lost: (error: unknown) => void;
  /** The watched folders by their path in the tree (`''` for the spec folder). */
  readonly #watchers = new Map<string, FSWatcher>();
  #open = true;

  constructor(root: string, ino: number, changed: (path: string) => void, report: (error: unknown) => void, lost: (error: unknown) => void) {
    this.ino = ino;
    this.#root = root;
    this.#changed = changed;
    this.#report = report;
    this.#lost = lost;
    this.#add('', false);
    if (!this.#watchers.has('')) throw new Error(`cannot watch ${root}`);
  }

  #absolute(rel: string): string {
    return rel === '' ? this.#root : join(this.#root, ...rel.split('/'));
  }

  /** Watches a folder and the folders under it; `tell` tells each entry found (a folder new to the watch). */
  #add(start: string, tell: boolean): void {
    const queue = [start];
    while (queue.length > 0 && this.#open) {
      const rel = queue.shift() ?? '';
      if (this.#watchers.has(rel)) continue;
      const path = this.#absolute(rel);
      let watcher: FSWatcher;
      try {
        watcher = watch(path, (_event, file) => this.#event(rel, file));
      } catch (error) {
        // Gone already, or not a folder: its parent's event tells it.
        if (rel === '') throw error;
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'ENOENT' && code !== 'ENOTDIR') this.#report(error);
        continue;
      }
      watcher.on('error', (error) => this.#failed(rel, error));
      this.#watchers.set(rel, watcher);
      let entries: Dirent[];
      try {
        entries = readdirSync(path, { withFileTypes: true });
      } catch {
        continue;
      }
      for (const entry of entries) {
        const child = joined(rel, entry.name);
        if (tell) this.#changed(child);
        if (entry.isDirectory() && !UNWATCHED.has(entry.name)) queue.push(child);
      }
    }
  }

  /** Stops watching a folder and everything under it. */
  #drop(rel: string): void {
    for (const [at, watcher] of this.#watchers) {
      if (rel === '' || at === rel || at.startsWith(`${rel}/`)) {
        watcher.close();
        this.#watchers.delete(at);
      }
    }
  }

  #event(rel: string, file: string | Buffer | null): void {
    if (!this.#open) return;
    if (file === null || file === '') {
      // The folder itself changed (removed, moved): its parent's event (or the spec folder's own watch) tells the rest.
      if (rel === '') this.#lost(new Error('the folder watch lost track'));
      else this.#changed(rel);
      return;
    }
    const path = joined(rel, String(file));
    this.#changed(path);
    let folder = false;
    try {
      folder = lstatSync(this.#absolute(path)).isDirectory();
    } catch {
      folder = false;
    }
    if (UNWATCHED.has(String(file))) return;
    // An event for a folder's own name in its parent is one made, removed, moved or replaced (what
    // happens inside a folder is told by its own watch, not its parent's): it is watched anew. Its
    // inode cannot say whether it is the same folder: a folder removed and made again before its
    // events came is often given the same inode (ext4 does at once), and the old watch is dead.
    if (this.#watchers.has(path)) this.#drop(path);
    if (folder) this.#add(path, true);
  }

  #failed(rel: string, error: unknown): void {
    if (!this.#open) return;
    if (rel === '') {
      this.#lost(error);
      return;
    }
    // A folder inside that went away while being watched: told, no longer watched.
    this.#drop(rel);
    this.#changed(rel);
  }

  close(): void {
    this.#open = false;
    this.#drop('');
  }
}
