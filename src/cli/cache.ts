import { lstatSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { parseSummary, type ResultStore, type Stored, type Summary } from '../lib/index.ts';
import { MAX_CACHE_FILE, writeWhole } from './cache-io.ts';
import type { CachePlace } from './cache-folder.ts';
import { isOwnFile, isSealed, readSealed, readSealedKeys, sealFile, sealLine, type Line, type Names } from './cache-seal.ts';

/** Entries a cache keeps besides those the last run used: results of other folders, revisions and branches. */
const KEEP_UNUSED = 20_000;

/** The file of results added since the main one is written into the main one past this many entries (or a tenth of the main one's). */
const RECENT_AT_LEAST = 100;

/** Whole answers kept: the specs (folders, revisions) most recently checked. Each is the size of a spec's gaps (about 3 MB at 2,000 items). */
const KEEP_ANSWERS = 4;

/** Spec folders' own results files kept (`mock`, `lsp`), the most recently opened: one was left for every folder ever served. */
export const KEEP_SCOPES = 16;

/** How long the files of another build of the tool are kept after their last use. */
const KEEP_OTHER_BUILDS_MS = 3_600_000;

interface Entry {
  line: Line;
  /** Its seal was found to be this cache's own (or this run made it). */
  checked: boolean;
  /**
   * Its JSON let go (`release`), the line being in this cache's files: read from them again when
   * it is used or written (its `json` is empty meanwhile).
   */
  dropped?: true;
}

/**
 * The command line's file results kept between runs, in a cache folder fit for use
 * (`cache-folder.ts`): for each build of the tool, a file of results and a small file of the
 * results added since, both read when a command starts. A run that added results writes the small
 * file again (an edit costs what it changed), or, once that has grown, the two as one; every file
 * is written whole, to a temporary file renamed into place, so two runs at once never leave half a
 * file (the last to finish wins). Every entry is sealed with the folder's key (`cache-seal.ts`) and
 * used only when its seal is this cache's own; the engine then checks its shape, and uses it only
 * for the same path, bytes and settings it was made from. Anything else is read again, never trusted.
 */
export class DiskCache implements ResultStore {
  readonly #place: CachePlace;
  readonly #names: Names;
  readonly #path: string;
  readonly #entries: Map<string, Entry>;
  /** Keys of the entries in the file of results added since the main file was written. */
  readonly #recent: Set<string>;
  #run: number;
  #added = new Set<string>();
  /** The entries were read from the shared file, for a scope that had no file yet: only those this run uses are kept (written at the next `save`). */
  #seeded = false;
  /** The shared file a scope's first run takes its entries from, only those `want` names, once (undefined once read, or for no scope). */
  #seedFrom: string | undefined;

  private constructor(place: CachePlace, tool: string, scope?: string) {
    this.#place = place;
    this.#names = { tool, kind: 'results' };
    this.#path = join(place.dir, scope === undefined ? `results-${tool}.json` : `results-${tool}.${scope}.json`);
    let main = readSealed(this.#path, place.key, this.#names);
    let recent = readSealed(recentPath(this.#path), place.key, this.#names);
    if (scope !== undefined && main === undefined && recent === undefined) {
      // A scope's first run: the shared file's results are used (what `check` left), once, and
      // only those of the files the run reads (`want`), never the whole file.
      this.#seedFrom = join(place.dir, `results-${tool}.json`);
      this.#seeded = true;
    }
    if (scope !== undefined) keepRecentScopes(place, tool, this.#path);
    this.#entries = new Map();
    for (const line of main?.lines.values() ?? []) this.#entries.set(line.key, { line, checked: false });
    for (const line of recent?.lines.values() ?? []) this.#entries.set(line.key, { line, checked: false });
    this.#recent = this.#seeded ? new Set() : new Set(recent?.lines.keys());
    this.#run = Math.max(main?.run ?? 0, recent?.run ?? 0) + 1;
  }

  /**
   * The results of this build of the tool in a cache folder: the file every `check` shares, or
   * with `scope` (a spec folder's, for a command that keeps running: `mock`, `lsp`) a file of that
   * folder's own, first filled from the shared one. A mock read the whole shared file (90 MB of
   * every spec checked from the checkout: a one-endpoint spec started at 380 MB) and kept it.
   */
  static open(tool: string, place: CachePlace, scope?: string): DiskCache {
    return new DiskCache(place, tool, scope);
  }

  /**
   * The keys about to be looked up: a scope's first run reads these (and only these) of the
   * shared file, streamed, where it read the whole file (70 MB, held while it was read).
   */
  want(keys: readonly string[]): void {
    const from = this.#seedFrom;
    if (from === undefined) return;
    this.#seedFrom = undefined;
    const wanted = new Set(keys.filter((key) => !this.#entries.has(key)));
    if (wanted.size === 0) return;
    const main = readSealedKeys(from, this.#place.key, this.#names, wanted);
    const recent = readSealedKeys(recentPath(from), this.#place.key, this.#names, wanted);
    for (const line of main?.lines.values() ?? []) this.#entries.set(line.key, { line, checked: false });
    for (const line of recent?.lines.values() ?? []) this.#entries.set(line.key, { line, checked: false });
    // This run comes after those that made the entries (entries this run used carry its number).
    if (this.#added.size === 0) this.#run = Math.max(this.#run, (main?.run ?? 0) + 1, (recent?.run ?? 0) + 1);
  }

  /** How many entries are held in memory (for the tests: a scope's first run holds only those it wants). */
  get size(): number {
    return this.#entries.size;
  }

  /** An entry, when its seal is this cache's own; its shape is the engine's to check. */
  get(key: string): unknown {
    this.#restore([key]);
    const entry = this.#entries.get(key);
    if (!entry || !this.#check(entry)) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(entry.line.json);
    } catch {
      this.#entries.delete(key);
      return undefined;
    }
    entry.line.run = this.#run;
    return value;
  }

  set(key: string, stored: Stored): void {
    this.#entries.set(key, { line: sealLine(this.#place.key, this.#names, key, this.#run, JSON.stringify(stored)), checked: true });
    this.#added.add(key);
  }

  /**
   * Writes what the run added: to the small file while it stays small beside the main one, else
   * everything to the main file, keeping the entries this run used and the most recently used of
   * the others (as many as fit in a file the cache will read back). Only entries whose seal was
   * checked are written. A cache that cannot be written is simply not kept.
   */
  save(): void {
    if (this.#seeded) {
      this.#saveSeeded();
      return;
    }
    if (this.#added.size === 0) return;
    const recent = new Set([...this.#recent, ...this.#added]);
    if (recent.size <= Math.max(RECENT_AT_LEAST, (this.#entries.size - recent.size) / 10)) {
      this.#restore(recent);
      const lines = [...recent].flatMap((key) => this.#checkedLine(key));
      if (writeWhole(recentPath(this.#path), sealFile(this.#place.key, this.#names, this.#run, lines))) this.#added.clear();
      return;
    }
    this.#restore(this.#entries.keys());
    const used = [...this.#entries.values()].filter((e) => e.line.run === this.#run).map((e) => e.line);
    const others = [...this.#entries.values()].filter((e) => e.line.run !== this.#run).sort((a, b) => b.line.run - a.line.run);
    const lines = [...used];
    let size = used.reduce((n, line) => n + lineBytes(line), 0);
    for (const entry of others) {
      if (lines.length >= used.length + KEEP_UNUSED || size + lineBytes(entry.line) > MAX_CACHE_FILE) break;
      if (!this.#check(entry)) continue;
      lines.push(entry.line);
      size += lineBytes(entry.line);
    }
    if (size > MAX_CACHE_FILE) return;
    if (writeWhole(this.#path, sealFile(this.#place.key, this.#names, this.#run, lines))) {
      removeOwn(recentPath(this.#path), this.#place.key);
      this.#added.clear();
    }
    forgetOtherBuilds(this.#place, this.#names.tool);
  }

  /** A scope's first file: the entries this run used (read or made), the rest of the shared file's dropped, from the file and from memory. */
  #saveSeeded(): void {
    this.#restore(this.#entries.keys());
    for (const [key, entry] of this.#entries) if (entry.line.run !== this.#run || !this.#check(entry)) this.#entries.delete(key);
    const lines = [...this.#entries.values()].map((e) => e.line);
    this.#seeded = false;
    if (writeWhole(this.#path, sealFile(this.#place.key, this.#names, this.#run, lines))) this.#added.clear();
  }

  /**
   * Lets go of the JSON of every entry written in this cache's files (all but those added since the
   * last `save` that wrote them): a command that keeps running (`mock`, `lsp`) has the engine's
   * results of them, and held the text besides for good (GitHub's spec: 12 MB of file, some 23 MB
   * in memory). An entry let go is read from the files again when it is used or written.
   */
  release(): void {
    if (this.#seeded) return;
    for (const entry of this.#entries.values()) {
      if (entry.dropped || this.#added.has(entry.line.key)) continue;
      entry.line = { key: entry.line.key, run: entry.line.run, seal: entry.line.seal, json: '' };
      entry.dropped = true;
    }
  }

  /** How many entries have their JSON let go (for the tests). */
  get released(): number {
    let n = 0;
    for (const entry of this.#entries.values()) if (entry.dropped) n++;
    return n;
  }

  /**
   * The entries of `keys` whose JSON was let go, read again from this cache's files (the file of
   * recent results over the main one, as they are opened); one no longer there, or not sealed as
   * this cache's own, is dropped (made again when needed).
   */
  #restore(keys: Iterable<string>): void {
    const wanted = new Set<string>();
    for (const key of keys) if (this.#entries.get(key)?.dropped) wanted.add(key);
    if (wanted.size === 0) return;
    const found = new Map<string, Line>();
    for (const path of [this.#path, recentPath(this.#path)]) for (const line of readSealedKeys(path, this.#place.key, this.#names, wanted)?.lines.values() ?? []) found.set(line.key, line);
    for (const key of wanted) {
      const entry = this.#entries.get(key);
      const line = found.get(key);
      if (!entry) continue;
      if (!line || line.seal !== entry.line.seal || !isSealed(this.#place.key, this.#names, line)) {
        this.#entries.delete(key);
        continue;
      }
      entry.line = { ...line, run: entry.line.run };
      entry.checked = true;
      delete entry.dropped;
    }
  }

  /** Whether an entry's seal is this cache's own; one that is not is dropped. */
  #check(entry: Entry): boolean {
    if (!entry.checked) {
      if (!isSealed(this.#place.key, this.#names, entry.line)) {
        this.#entries.delete(entry.line.key);
        return false;
      }
      entry.checked = true;
    }
    return true;
  }

  #checkedLine(key: string): Line[] {
    const entry = this.#entries.get(key);
    return entry && this.#check(entry) ? [entry.line] : [];
  }
}

/** About what a line takes in its file: its JSON, and at most this much around it. */
const lineBytes = (line: Line) => Buffer.byteLength(line.json) + line.key.length + 96;

/** The file of results added since the main file was written. */
const recentPath = (path: string) => path.replace(/\.json$/, '.recent.json');

const answersPath = (place: CachePlace, tool: string) => join(place.dir, `answers-${tool}.json`);

/**
 * A whole answer for the same files, kept by an earlier run: what `check` and `gaps` say, without
 * reading the results of every file. Read from its own small file, before the results are; used
 * only when its seal is this cache's own and it has a summary's shape.
 */
export function keptAnswer(place: CachePlace, tool: string, key: string): Summary | undefined {
  const names: Names = { tool, kind: 'answers' };
  const line = readSealed(answersPath(place, tool), place.key, names)?.lines.get(key);
  if (!line || !isSealed(place.key, names, line)) return undefined;
  try {
    return parseSummary(JSON.parse(line.json));
  } catch {
    return undefined;
  }
}

/** Keeps a whole answer for these files, before the most recent others (a few, so the file stays small). */
export function keepAnswer(place: CachePlace, tool: string, key: string, summary: Summary): void {
  const names: Names = { tool, kind: 'answers' };
  const path = answersPath(place, tool);
  const others = [...(readSealed(path, place.key, names)?.lines.values() ?? [])].filter((line) => line.key !== key && isSealed(place.key, names, line));
  const lines = [sealLine(place.key, names, key, 0, JSON.stringify(summary)), ...others].slice(0, KEEP_ANSWERS);
  writeWhole(path, sealFile(place.key, names, 0, lines));
}

/** Removes a file only when this cache wrote it (its header is sealed with the folder's key). */
function removeOwn(path: string, key: Uint8Array): void {
  try {
    if (isOwnFile(path, key)) rmSync(path, { force: true });
  } catch {
    // Another run may be at it too.
  }
}

/**
 * A scope's own file is marked as just used (its time), and past `KEEP_SCOPES` scopes' files of
 * this build the least recently used go (only those this cache wrote), with their small files.
 */
function keepRecentScopes(place: CachePlace, tool: string, own: string): void {
  try {
    const now = new Date();
    for (const path of [own, recentPath(own)]) {
      try {
        if (lstatSync(path).isFile()) utimesSync(path, now, now);
      } catch {
        // Not written yet.
      }
    }
    const prefix = `results-${tool}.`;
    // Each scope by its main file's path, used when the later of its two files was written.
    const used = new Map<string, number>();
    for (const name of readdirSync(place.dir)) {
      const scope = /^([0-9a-f]{16})(\.recent)?\.json$/.exec(name.startsWith(prefix) ? name.slice(prefix.length) : '');
      const path = scope ? join(place.dir, `${prefix}${scope[1] ?? ''}.json`) : undefined;
      if (path === undefined || path === own) continue;
      try {
        used.set(path, Math.max(used.get(path) ?? 0, lstatSync(join(place.dir, name)).mtimeMs));
      } catch {
        // Gone meanwhile.
      }
    }
    const scopes = [...used].map(([path, at]) => ({ path, used: at })).sort((a, b) => b.used - a.used);
    // This scope's own is one of those kept.
    for (const { path } of scopes.slice(KEEP_SCOPES - 1)) {
      removeOwn(recentPath(path), place.key);
      removeOwn(path, place.key);
    }
  } catch {
    // Another run may be at it too.
  }
}

/** The files of other builds of the tool go once they have not been used for an hour: only those this cache wrote. */
function forgetOtherBuilds(place: CachePlace, tool: string): void {
  try {
    for (const name of readdirSync(place.dir)) {
      if (!/^(results|answers)-.*\.json$/.test(name) || name.includes(`-${tool}.`)) continue;
      const path = join(place.dir, name);
      if (Date.now() - lstatSync(path).mtimeMs > KEEP_OTHER_BUILDS_MS) removeOwn(path, place.key);
    }
  } catch {
    // Another run may be at it too.
  }
}
