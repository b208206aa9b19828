import { isAbsolute, relative, sep } from 'node:path';
import type { AreaKey } from '../areas/index.ts';
import { Engine, type Analysis, type Job, type ResultStore, type Update } from '../engine/engine.ts';
import type { FileAnalysis } from '../engine/file-result.ts';
import { isContentPath } from '../load/classify.ts';
import { sourceText } from '../load/parse-file.ts';
import { readSpecDir, readSpecPath, type SpecFile } from '../load/read-dir.ts';
import type { Span } from '../diagnostics/diagnostic.ts';
import { referencesAt } from '../link/references.ts';
import { SiteIndex } from '../render/site/site-index.ts';
import { declarationOf, mentionsOf } from './back-links.ts';
import { filePositions, type FilePositions, type Mention, type Target } from './positions.ts';
import { planRename, renameTargetAt, type RenamePlan, type RenameTarget } from './rename.ts';

/** How a workspace keeps and reads results. */
export interface WorkspaceOptions {
  /** Where results are kept between runs (the command line's cache on disk). */
  store?: ResultStore;
  /** Reads the files that need reading elsewhere (worker threads, `threadedReader`); in this thread without. */
  read?: (jobs: readonly Job[]) => Promise<FileAnalysis[]>;
}

/** Told after each update that changed something. */
export type WorkspaceListener = (update: Update) => void;

/** What one update must do first: read some paths again, the whole folder, or nothing (an overlay changed). */
type Reading = { paths: readonly string[] } | 'folder' | 'none';

interface Batch {
  readings: Reading[];
  promise: Promise<Update>;
}

const encoder = new TextEncoder();

/**
 * One spec folder, live: the engine that analyses it, its files as last read from disk, and the
 * overlays an editor holds (unsaved texts that stand in for a file's bytes, or for a file that is
 * not on disk yet). Every change (`refresh` after the folder changed, `setOverlay` as someone
 * types) ends in one engine update; changes asked for while an update runs are taken together in
 * the next one, so a burst of keystrokes costs one update, not one each. The analysis is always
 * of the files as they are now with the overlays on top: the same texts, the same analysis as
 * `check` of a folder holding them. The command line's `lsp` and `mock` and the site keep one per
 * spec folder.
 */
export class Workspace {
  /** The spec folder, as it was given. */
  readonly dir: string;
  readonly #engine: Engine;
  readonly #read: WorkspaceOptions['read'];
  #disk = new Map<string, SpecFile>();
  /** The disk's text of each file that has an overlay, to tell an overlay that says the same. */
  readonly #overlays = new Map<string, string>();
  readonly #listeners = new Set<WorkspaceListener>();
  #analysis: Analysis | undefined;
  #files: readonly SpecFile[] = [];
  #byPath = new Map<string, SpecFile>();
  #positions = new Map<string, FilePositions | undefined>();
  #refsAt: ReturnType<typeof referencesAt> | undefined;
  #index: SiteIndex | undefined;
  #waiting: Batch | undefined;
  #running: Promise<unknown> = Promise.resolve();

  private constructor(dir: string, options: WorkspaceOptions) {
    this.dir = dir;
    const store = options.store;
    // Unsaved texts are never kept: an hour of typing would fill the store with every keystroke's file.
    const kept: ResultStore | undefined = store && { want: (keys) => store.want?.(keys), get: (key) => store.get(key), set: (key, value) => (this.#overlays.has(value.result.path) ? undefined : store.set(key, value)) };
    this.#engine = new Engine(kept ? { store: kept } : {});
    this.#read = options.read;
  }

  /** The workspace of a spec folder, read and analysed; rejects with `SpecDirError` when the folder cannot be read. */
  static async open(dir: string, options: WorkspaceOptions = {}): Promise<Workspace> {
    const workspace = new Workspace(dir, options);
    await workspace.refresh();
    return workspace;
  }

  /** The analysis of the files as they are now, overlays included. */
  get analysis(): Analysis {
    // `open` makes the first analysis before it gives the workspace.
    if (!this.#analysis) throw new Error('The workspace has not been read yet.');
    return this.#analysis;
  }

  /** The files the current analysis is of (overlays in place of the disk's bytes), sorted by path. */
  get files(): readonly SpecFile[] {
    return this.#files;
  }

  /** The paths that have an overlay. */
  get overlaid(): string[] {
    return [...this.#overlays.keys()].sort();
  }

  /** A file as last read from disk; undefined when the folder has no such file. */
  diskFile(path: string): SpecFile | undefined {
    return this.#disk.get(path);
  }

  /** The text of a file as the analysis read it (its overlay, else the disk's, line ends as the loader reads them); undefined for no text (none, not UTF-8, too large). */
  text(path: string): string | undefined {
    const bytes = this.#byPath.get(path)?.bytes;
    return bytes && sourceText(path, bytes, []);
  }

  /**
   * Puts an editor's unsaved text in place of a file's bytes (`undefined` takes it away, and the
   * disk's bytes count again). `path` is relative to the spec folder, with `/`, or absolute.
   */
  setOverlay(path: string, text: string | undefined): Promise<Update> {
    const rel = this.#relative(path);
    if (text === undefined) this.#overlays.delete(rel);
    else this.#overlays.set(rel, text);
    return this.#request('none');
  }

  /**
   * Reads from disk again what changed: `paths` (relative to the spec folder or absolute; a folder
   * or a path that is gone is fine), or the whole folder without. Rejects with `SpecDirError`
   * when the folder itself is not there; the workspace then stays as it was.
   */
  refresh(paths?: readonly string[]): Promise<Update> {
    return this.#request(paths === undefined ? 'folder' : { paths: paths.map((p) => this.#relative(p)) });
  }

  /** Calls `listener` after every update that changed something; returns what stops it. */
  onChange(listener: WorkspaceListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Where each reference, prose link and declaration of a file sits, and what each resolves to,
   * for the current analysis; worked out when first asked, once per file and analysis. Undefined
   * for a file that is no text (not UTF-8, too large) or not in the folder.
   */
  positions(path: string): FilePositions | undefined {
    const rel = this.#relative(path);
    if (this.#positions.has(rel)) return this.#positions.get(rel);
    const text = this.text(rel);
    const refs = (this.#refsAt ??= referencesAt(this.analysis.references));
    const found = text === undefined ? undefined : filePositions(this.analysis, rel, text, refs(rel, []));
    this.#positions.set(rel, found);
    return found;
  }

  /** The site's index of the current analysis (titles, who uses what, facets by id), made when first asked. */
  get index(): SiteIndex {
    return (this.#index ??= new SiteIndex(this.analysis));
  }

  /** Where a target is declared: an item's or area's file (its top), a facet where its file states it, a scope or state by its key; undefined when the spec has none. */
  declaration(target: Target): Span | undefined {
    return declarationOf(this, target);
  }

  /**
   * Every mention of a target in the folder, in file order: the back-links the site shows for an
   * item (the link graph's incoming edges), and for a facet, scope or state the places that name it.
   * An item's mentions include those of its facets (a `blocked_by` entry, a `[[gap:...]]` link),
   * which name its id too. Only the files that can mention it are read for positions.
   */
  mentionsOf(target: Target): Mention[] {
    return mentionsOf(this, target);
  }

  /**
   * What a rename at a 1-based line and column of a file renames: the item whose id is under the
   * cursor (in a reference, a prose link or a gap id), or why nothing there can be renamed;
   * undefined where nothing is named.
   */
  renameTarget(file: string, line: number, column: number): RenameTarget | undefined {
    const positions = this.positions(file);
    return positions && renameTargetAt(positions, line, column);
  }

  /** The edits that rename an item to `newId` everywhere it is named, and its file; or why it cannot be. */
  planRename(area: AreaKey, id: string, newId: string): RenamePlan {
    return planRename(this, area, id, newId);
  }

  /** A path relative to the spec folder, with `/`. */
  #relative(path: string): string {
    return isAbsolute(path) ? relative(this.dir, path).split(sep).join('/') : path.split(sep).join('/');
  }

  /** Joins the update that has not started yet, or starts one after the running one. */
  #request(reading: Reading): Promise<Update> {
    const waiting = this.#waiting;
    if (waiting) {
      waiting.readings.push(reading);
      return waiting.promise;
    }
    const readings: Reading[] = [reading];
    const promise = this.#running.then(() => {
      // From here on, what is asked for waits for the next update.
      if (this.#waiting?.readings === readings) this.#waiting = undefined;
      return this.#run(readings);
    });
    this.#waiting = { readings, promise };
    this.#running = promise.catch(() => undefined);
    return promise;
  }

  async #run(readings: readonly Reading[]): Promise<Update> {
    const disk = readings.includes('folder') ? await this.#readFolder() : await this.#reread(readings.flatMap((r) => (typeof r === 'object' ? r.paths : [])));
    const files = [...disk.values()];
    const shown = new Map(files.map((f) => [f.path, f]));
    for (const [path, text] of this.#overlays) shown.set(path, this.#overlaid(path, text, disk.get(path)));
    const next = [...shown.values()];
    const update = this.#read ? await this.#engine.updateWith(next, this.#read) : this.#engine.update(next);
    this.#disk = disk;
    this.#files = next.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    this.#byPath = new Map(next.map((f) => [f.path, f]));
    this.#analysis = update.analysis;
    this.#positions = new Map();
    this.#refsAt = undefined;
    this.#index = undefined;
    if (update.changed.size > 0) this.#tell(update);
    return update;
  }

  /** A file with an overlay: the disk's own file while the overlay says what the disk says (its bytes as they are), else the overlay's text as UTF-8. */
  #overlaid(path: string, text: string, disk: SpecFile | undefined): SpecFile {
    if (!isContentPath(path)) return { path };
    if (disk?.bytes && sourceText(path, disk.bytes, []) === normalize(text)) return disk;
    return { path, bytes: encoder.encode(text) };
  }

  async #readFolder(): Promise<Map<string, SpecFile>> {
    return new Map((await readSpecDir(this.dir)).map((f) => [f.path, f]));
  }

  /** The files as they were, with `paths` read again; the whole folder when a path is not a plain file (a folder, a link). */
  async #reread(paths: readonly string[]): Promise<Map<string, SpecFile>> {
    const files = new Map(this.#disk);
    for (const path of new Set(paths)) {
      if (path === '' || path === '.' || path.startsWith('../')) return this.#readFolder();
      const read = await readSpecPath(this.dir, path);
      if (read === undefined) return this.#readFolder();
      const wasFile = files.delete(path);
      // A folder that is gone takes its files with it; so does one replaced by a file at once
      // (`mv resources away; echo … > resources`: the watch tells the name only). A path known as
      // a file held no files.
      if (read.length === 0 || !wasFile) for (const known of [...files.keys()]) if (known.startsWith(`${path}/`)) files.delete(known);
      for (const f of read) files.set(f.path, f);
    }
    return files;
  }

  #tell(update: Update): void {
    const failures: unknown[] = [];
    for (const listener of this.#listeners) {
      try {
        listener(update);
      } catch (error) {
        failures.push(error);
      }
    }
    // Every listener hears of the update; the caller of the change hears of those that failed.
    if (failures.length > 0) throw new AggregateError(failures, 'A workspace listener failed.');
  }
}

/** An editor's text as the loader reads it: a lone CR ends a line, one character for one. */
function normalize(text: string): string {
  return text.replace(/\r(?!\n)/g, '\n');
}
