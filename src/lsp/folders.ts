import { existsSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { AREA_FILE, AREA_KEYS, CONFIG_FILE, isAreaKey, type Update, type Workspace } from '../lib/index.ts';

/** What the server needs from the command line to follow a folder: a workspace kept with the cache, and a watch. */
export interface FolderHost {
  open(dir: string): Promise<{ workspace: Workspace; save: () => void }>;
  watch(dir: string, onSettled: (paths: string[]) => Promise<void>): { close(): void };
}

/** One spec folder the server follows: its workspace, its watch, and the update the next answer waits for. */
export class SpecFolder {
  /** Absolute. */
  readonly dir: string;
  readonly workspace: Workspace;
  readonly #save: () => void;
  #watch: { close(): void } | undefined;
  #last: Promise<unknown> = Promise.resolve();
  /** The folder is not there any more (removed, or moved away): it has nothing to say until it is back. */
  gone = false;

  constructor(dir: string, opened: { workspace: Workspace; save: () => void }) {
    this.dir = dir;
    this.workspace = opened.workspace;
    this.#save = opened.save;
  }

  /** A path of this folder's files (relative, with `/`), or undefined for one outside it. */
  relative(path: string): string | undefined {
    const rel = relative(this.dir, path);
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return undefined;
    return rel.split(sep).join('/');
  }

  absolute(file: string): string {
    return join(this.dir, ...file.split('/'));
  }

  /** Runs a change of the workspace; answers given after it wait for it. */
  change(run: (workspace: Workspace) => Promise<Update>): Promise<Update | undefined> {
    const done = run(this.workspace).catch(() => undefined);
    this.#last = done;
    return done;
  }

  /** Resolves once the changes asked for so far are in the analysis. */
  settled(): Promise<unknown> {
    return this.#last;
  }

  follow(host: FolderHost, onUpdate: () => void): void {
    this.#watch = host.watch(this.dir, async (paths) => {
      const update = await this.change((w) => w.refresh(paths));
      this.gone = update === undefined && !existsSync(this.dir);
      onUpdate();
      // What the disk now holds is kept for the next start (unsaved texts never are).
      if (update && update.analysed > 0) this.save();
    });
  }

  save(): void {
    try {
      this.#save();
    } catch {
      // A cache that cannot be written is simply not kept.
    }
  }

  close(): void {
    this.#watch?.close();
    this.save();
  }
}

/** Whether a folder holds a spec: its settings file, or an area's own file. */
export function looksLikeSpec(dir: string): boolean {
  try {
    if (!statSync(dir).isDirectory()) return false;
  } catch {
    return false;
  }
  return existsSync(join(dir, CONFIG_FILE)) || AREA_KEYS.some((area) => existsSync(join(dir, area, AREA_FILE)));
}

/** The spec folder a content file would belong to, from its place alone (`<spec>/<area>/<file>.yaml`, `<spec>/specbench.yaml`). */
export function specFolderOf(path: string): string | undefined {
  if (basename(path) === CONFIG_FILE) return dirname(path);
  const area = basename(dirname(path));
  return isAreaKey(area) && /\.ya?ml$/.test(path) ? dirname(dirname(path)) : undefined;
}

/**
 * The spec folders to follow from the start: those the command line or the editor names
 * (`--spec`, `SPEC_DIR`, the client's `spec` setting: one folder or a list), relative to the
 * first workspace root; else in each root, `content/` (Specbench's default) or the root itself
 * when it holds a spec.
 */
export function startingFolders(roots: readonly string[], spec: readonly string[]): string[] {
  const base = roots[0] ?? process.cwd();
  const named = spec.filter((s) => s.trim() !== '');
  if (named.length > 0) return [...new Set(named.map((s) => resolve(base, s)))];
  const found = new Set<string>();
  for (const root of roots) {
    for (const dir of [join(root, 'content'), root]) {
      if (looksLikeSpec(dir)) {
        found.add(resolve(dir));
        break;
      }
    }
  }
  return [...found];
}
