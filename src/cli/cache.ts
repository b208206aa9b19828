import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import findCacheDirectory from 'find-cache-directory';
import { isFileResult, type ResultStore, type Stored } from '../lib/index.ts';

/** What the file says it is: a cache of this tool, in this format. */
const FORMAT = 'specbench-cache';
const VERSION = 1;

/** Entries a cache keeps besides those the last run used: results of other folders, revisions and branches. */
const KEEP_UNUSED = 20_000;

interface Entry {
  /** The run that last used it. */
  run: number;
  stored: Stored;
}

interface CacheFile {
  format: typeof FORMAT;
  version: typeof VERSION;
  tool: string;
  run: number;
  entries: Record<string, Entry>;
}

/**
 * The command line's file results kept between runs, in the conventional ignored place
 * (`node_modules/.cache/specbench/`, or `$CACHE_DIR/specbench`): one file per build of the tool,
 * read whole when a command starts and written whole, to a temporary file renamed into place, when
 * the run added to it; two runs at once never leave half a file, the last to finish wins. A file
 * that cannot be read, is cut short or was written by another build is set aside and rebuilt,
 * never trusted: every entry is checked for its shape, and the engine uses one only for the same
 * path, bytes and settings it was made from.
 */
export class DiskCache implements ResultStore {
  readonly #path: string;
  readonly #tool: string;
  readonly #entries: Map<string, Entry>;
  readonly #run: number;
  #dirty = false;

  private constructor(path: string, tool: string, file: CacheFile | undefined) {
    this.#path = path;
    this.#tool = tool;
    this.#entries = new Map(file ? Object.entries(file.entries) : []);
    this.#run = (file?.run ?? 0) + 1;
  }

  /** The cache of this build of the tool, from where the command runs; undefined where there is no place to keep one. */
  static open(tool: string, cwd: string = process.cwd()): DiskCache | undefined {
    let dir: string | undefined;
    try {
      dir = findCacheDirectory({ name: 'specbench', cwd });
    } catch {
      return undefined;
    }
    if (dir === undefined) return undefined;
    const path = join(dir, `results-${tool}.json`);
    return new DiskCache(path, tool, readCache(path, tool));
  }

  get(key: string): Stored | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    entry.run = this.#run;
    return entry.stored;
  }

  set(key: string, stored: Stored): void {
    this.#entries.set(key, { run: this.#run, stored });
    this.#dirty = true;
  }

  /** Writes the cache when the run added to it; a cache that cannot be written is simply not kept. */
  save(): void {
    if (!this.#dirty) return;
    const used = [...this.#entries].filter(([, e]) => e.run === this.#run);
    const others = [...this.#entries].filter(([, e]) => e.run !== this.#run).sort((a, b) => b[1].run - a[1].run).slice(0, KEEP_UNUSED);
    const file: CacheFile = { format: FORMAT, version: VERSION, tool: this.#tool, run: this.#run, entries: Object.fromEntries([...used, ...others]) };
    const temporary = `${this.#path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      mkdirSync(join(this.#path, '..'), { recursive: true });
      writeFileSync(temporary, JSON.stringify(file));
      renameSync(temporary, this.#path);
      this.#dirty = false;
    } catch {
      rmSync(temporary, { force: true });
    }
  }
}

/** The cache file, when it is one of this build's and whole; anything else is left to be replaced. */
function readCache(path: string, tool: string): CacheFile | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const file = parsed as Partial<CacheFile>;
  if (file.format !== FORMAT || file.version !== VERSION || file.tool !== tool || typeof file.run !== 'number' || typeof file.entries !== 'object' || file.entries === null) return undefined;
  const entries: Record<string, Entry> = {};
  for (const [key, entry] of Object.entries(file.entries)) if (isEntry(entry)) entries[key] = entry;
  return { ...(file as CacheFile), entries };
}

function isEntry(value: unknown): value is Entry {
  if (typeof value !== 'object' || value === null) return false;
  const { run, stored } = value as Partial<Entry>;
  if (typeof run !== 'number' || typeof stored !== 'object' || stored === null || !isFileResult(stored.result)) return false;
  const checks = stored.checks;
  return checks === undefined || (typeof checks.key === 'string' && Array.isArray(checks.deps) && Array.isArray(checks.diagnostics));
}
