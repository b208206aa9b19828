import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import findCacheDirectory from 'find-cache-directory';
import { isFileResult, type ResultStore, type Stored, type Summary } from '../lib/index.ts';

/** What the file says it is: a cache of this tool, in this format. */
const FORMAT = 'specbench-cache';
const VERSION = 1;

/** Entries a cache keeps besides those the last run used: results of other folders, revisions and branches. */
const KEEP_UNUSED = 20_000;

/** The file of results added since the main one is written into the main one past this many entries (or a tenth of the main one's). */
const RECENT_AT_LEAST = 100;

/** Whole answers kept: the specs (folders, revisions) most recently checked. */
const KEEP_ANSWERS = 16;

/** How long the files of another build of the tool are kept after their last use. */
const KEEP_OTHER_BUILDS_MS = 3_600_000;

interface Entry {
  /** The run that last used it. */
  run: number;
  stored: Stored;
}


/**
 * The command line's file results kept between runs, in the conventional ignored place
 * (`node_modules/.cache/specbench/`, or `$CACHE_DIR/specbench`): for each build of the tool, a file
 * of results and a small file of the results added since, both read when a command starts. A run
 * that added results writes the small file again (an edit costs what it changed), or, once that has
 * grown, the two as one; every file is written whole, to a temporary file renamed into place, so two
 * runs at once never leave half a file (the last to finish wins). A file that cannot be read, is cut
 * short or was written by another build is set aside and rebuilt, never trusted: every entry is
 * checked for its shape, and the engine uses one only for the same path, bytes and settings it was
 * made from.
 */
export class DiskCache implements ResultStore {
  readonly #path: string;
  readonly #tool: string;
  readonly #entries: Map<string, Entry>;
  /** Keys of the entries in the file of results added since the main file was written. */
  readonly #recent: Set<string>;
  readonly #run: number;
  #added = new Set<string>();

  private constructor(path: string, tool: string, main: Kept | undefined, recent: Kept | undefined) {
    this.#path = path;
    this.#tool = tool;
    this.#entries = main?.entries ?? new Map();
    for (const [key, entry] of recent?.entries ?? []) this.#entries.set(key, entry);
    this.#recent = new Set(recent?.entries.keys());
    this.#run = Math.max(main?.run ?? 0, recent?.run ?? 0) + 1;
  }

  /** The cache of this build of the tool, from where the command runs; undefined where there is no place to keep one. */
  static open(tool: string, cwd: string = process.cwd()): DiskCache | undefined {
    const dir = cacheDir(cwd);
    if (dir === undefined) return undefined;
    const path = join(dir, `results-${tool}.json`);
    return new DiskCache(path, tool, readCache(path, tool), readCache(recentPath(path), tool));
  }

  /**
   * A whole answer for the same files, kept by an earlier run: what `check` and `gaps` say, without
   * reading the results of every file. Read from its own small file, before the results are.
   */
  static answer(tool: string, key: string, cwd: string = process.cwd()): Summary | undefined {
    const dir = cacheDir(cwd);
    const kept = dir === undefined ? undefined : readAnswers(join(dir, `answers-${tool}.json`), tool);
    const answer = kept?.answers[key];
    return answer && isSummary(answer) ? answer : undefined;
  }

  /** Keeps a whole answer for these files, beside the most recent others. */
  static remember(tool: string, key: string, summary: Summary, cwd: string = process.cwd()): void {
    const dir = cacheDir(cwd);
    if (dir === undefined) return;
    const path = join(dir, `answers-${tool}.json`);
    const kept = readAnswers(path, tool)?.answers ?? {};
    const answers = Object.fromEntries([[key, summary], ...Object.entries(kept).filter(([k]) => k !== key)].slice(0, KEEP_ANSWERS));
    writeWhole(path, { format: FORMAT, version: VERSION, tool, answers });
  }

  get(key: string): Stored | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    entry.run = this.#run;
    return entry.stored;
  }

  set(key: string, stored: Stored): void {
    this.#entries.set(key, { run: this.#run, stored });
    this.#added.add(key);
  }

  /**
   * Writes what the run added: to the small file while it stays small beside the main one, else
   * everything to the main file, keeping the entries this run used and the most recently used of
   * the others. A cache that cannot be written is simply not kept.
   */
  save(): void {
    if (this.#added.size === 0) return;
    const recent = new Set([...this.#recent, ...this.#added]);
    const header = { format: FORMAT, version: VERSION, tool: this.#tool, run: this.#run };
    if (recent.size <= Math.max(RECENT_AT_LEAST, (this.#entries.size - recent.size) / 10)) {
      const entries = Object.fromEntries([...recent].map((key) => [key, this.#entries.get(key)]));
      if (writeWhole(recentPath(this.#path), { ...header, entries })) this.#added.clear();
      return;
    }
    const used = [...this.#entries].filter(([, e]) => e.run === this.#run);
    const others = [...this.#entries].filter(([, e]) => e.run !== this.#run).sort((a, b) => b[1].run - a[1].run).slice(0, KEEP_UNUSED);
    if (writeWhole(this.#path, { ...header, entries: Object.fromEntries([...used, ...others]) })) {
      rmSync(recentPath(this.#path), { force: true });
      this.#added.clear();
    }
    forgetOtherBuilds(join(this.#path, '..'), this.#tool);
  }
}

/** The file of results added since the main file was written. */
const recentPath = (path: string) => path.replace(/\.json$/, '.recent.json');

/** Results kept in one file, and the run that wrote it. */
interface Kept {
  run: number;
  entries: Map<string, Entry>;
}

/** Where the cache lives: `node_modules/.cache/specbench/` of the project around `cwd` (or `$CACHE_DIR/specbench`). */
function cacheDir(cwd: string): string | undefined {
  try {
    return findCacheDirectory({ name: 'specbench', cwd });
  } catch {
    return undefined;
  }
}

/** Writes a file whole, to a temporary file renamed into place; false when it cannot be written. */
function writeWhole(path: string, data: unknown): boolean {
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(temporary, JSON.stringify(data));
    renameSync(temporary, path);
    return true;
  } catch {
    rmSync(temporary, { force: true });
    return false;
  }
}

/** The files of other builds of the tool go once they have not been used for an hour. */
function forgetOtherBuilds(dir: string, tool: string): void {
  try {
    for (const name of readdirSync(dir)) {
      if (!/^(results|answers)-.*\.json$/.test(name) || name.includes(`-${tool}.`)) continue;
      const path = join(dir, name);
      if (Date.now() - statSync(path).mtimeMs > KEEP_OTHER_BUILDS_MS) rmSync(path, { force: true });
    }
  } catch {
    // Another run may be at it too.
  }
}

/** The cache file, when it is one of this build's and whole; anything else is left to be replaced. Every entry is checked for its shape. */
function readCache(path: string, tool: string): Kept | undefined {
  const file = readJson(path, tool) as Partial<{ run: unknown; entries: unknown }> | undefined;
  if (!file || typeof file.run !== 'number' || typeof file.entries !== 'object' || file.entries === null) return undefined;
  const entries = new Map<string, Entry>();
  const raw = file.entries as Record<string, unknown>;
  for (const key in raw) {
    const entry = raw[key];
    if (isEntry(entry)) entries.set(key, entry);
  }
  return { run: file.run, entries };
}

/** The kept answers, when the file is one of this build's and whole. */
function readAnswers(path: string, tool: string): { answers: Record<string, unknown> } | undefined {
  const file = readJson(path, tool) as Partial<{ answers: unknown }> | undefined;
  return file && typeof file.answers === 'object' && file.answers !== null ? { answers: file.answers as Record<string, unknown> } : undefined;
}

/** A cache file's contents, when it says it is one of this build's; undefined for anything else (missing, cut short, foreign). */
function readJson(path: string, tool: string): Record<string, unknown> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const file = parsed as Record<string, unknown>;
  return file.format === FORMAT && file.version === VERSION && file.tool === tool ? file : undefined;
}

function isSummary(value: unknown): value is Summary {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Partial<Summary>;
  return Array.isArray(s.diagnostics) && Array.isArray(s.gaps) && typeof s.byArea === 'object' && s.byArea !== null && Array.isArray(s.levels);
}

function isEntry(value: unknown): value is Entry {
  if (typeof value !== 'object' || value === null) return false;
  const { run, stored } = value as Partial<Entry>;
  if (typeof run !== 'number' || typeof stored !== 'object' || stored === null || !isFileResult(stored.result)) return false;
  const checks = stored.checks;
  return checks === undefined || (typeof checks.key === 'string' && Array.isArray(checks.deps) && Array.isArray(checks.diagnostics));
}
