import { z } from 'zod';
import { CHECKS } from '../checks/index.ts';
import type { Dependency } from '../checks/run.ts';
import type { Check } from '../checks/types.ts';
import { compareStrings } from '../diagnostics/diagnostic.ts';
import { classify } from '../load/classify.ts';
import type { SpecFile } from '../load/read-dir.ts';
import { readConfig } from '../model/config.ts';
import { CONFIG_FILE } from '../model/spec.ts';
import { assemble, digest, type Analysis, type CheckMemo, type FileState } from './assemble.ts';
import { analyzeFile, diagnosticSchema, fileResultSchema, type FileAnalysis, type FileResult, type FileSettings } from './file-result.ts';

export type { Analysis, CheckMemo } from './assemble.ts';

/** A file's result and its checks' memo, as a store keeps them between runs. */
export interface Stored {
  result: FileResult;
  checks?: CheckMemo;
}

/**
 * Where results are kept between runs (the command line's cache on disk); looked up by `storeKey`.
 * What `get` gives is checked against the shape of `Stored` before it is used (it comes from
 * outside the process): anything else is read again.
 */
export interface ResultStore {
  /** The keys the lookups that follow will ask for, told first (a store reading a large file reads only these). */
  want?(keys: readonly string[]): void;
  get(key: string): unknown;
  set(key: string, value: Stored): void;
}

/** What the checks may look up, as a memo names it. */
const dependencySchema: z.ZodType<Dependency> = z.union([z.templateLiteral(['item:', z.string()]), z.templateLiteral(['area:', z.string()]), z.templateLiteral(['ids:', z.string()]), z.templateLiteral(['file:', z.string()]), z.literal('all')]);

/** The shape of a stored result and memo, every field of it and nothing else. */
const storedSchema: z.ZodType<Stored> = z.strictObject({
  result: fileResultSchema,
  checks: z.strictObject({ key: z.string(), deps: z.array(z.tuple([dependencySchema, z.string()])), diagnostics: z.array(diagnosticSchema) }).optional(),
});

/** Whether a value a store gave back has the shape of `Stored`: it is then used as it is (its keys in the order they were written). */
function isStored(value: unknown): value is Stored {
  return storedSchema.safeParse(value).success;
}

/** A file to analyse: where it is, its bytes, the key of its result, and the settings to read it with. */
export interface Job {
  path: string;
  bytes: Uint8Array;
  key: string;
  settings: FileSettings;
}

/** What one update changed: the files whose results are new (added, edited) or gone. */
export interface Update {
  analysis: Analysis;
  changed: ReadonlySet<string>;
  /** How many files were analysed (not found in memory or the store). */
  analysed: number;
}

/**
 * The analysis of one spec folder, kept up to date as its files change: each file is read on
 * its own (parse, validate, its facets, references and prose), keyed by the digest of its bytes
 * and the settings, and reused while both stay the same; what spans files (the spec, links,
 * coverage, checks across items) is put together from those results on every update, and a
 * file's checks run again only when the file or something they looked up changed. The same
 * files give the same analysis whatever came before.
 */
export class Engine {
  readonly #store: ResultStore | undefined;
  readonly #checks: readonly Check[];
  #files = new Map<string, FileState>();
  #analysis: Analysis | undefined;

  constructor(options: { store?: ResultStore; checks?: readonly Check[] } = {}) {
    this.#store = options.store;
    this.#checks = options.checks ?? CHECKS;
  }

  /** The latest analysis; undefined before the first update. */
  get analysis(): Analysis | undefined {
    return this.#analysis;
  }

  /** Takes the folder's files as they are now and analyses what changed, in this thread. */
  update(files: readonly SpecFile[]): Update {
    const { jobs, commit } = this.prepare(files);
    return commit(jobs.map((job) => analyzeFile(job.path, job.bytes, job.key, job.settings)));
  }

  /** The same, with the files that need reading handed to `run` (worker threads, say). */
  async updateWith(files: readonly SpecFile[], run: (jobs: readonly Job[]) => Promise<FileAnalysis[]>): Promise<Update> {
    const { jobs, commit } = this.prepare(files);
    return commit(jobs.length === 0 ? [] : await run(jobs));
  }

  /** Which files need reading, and how to take their results in. */
  prepare(files: readonly SpecFile[]): { jobs: Job[]; commit: (analysed: FileAnalysis[]) => Update } {
    const previous = this.#files;
    const next = new Map<string, FileState>();
    for (const file of [...files].sort((a, b) => compareStrings(a.path, b.path))) {
      const old = previous.get(file.path);
      // The same bytes as last time (a folder followed file by file) need no new digest.
      const hash = file.bytes ? (old?.bytes === file.bytes ? old.hash : digest(file.bytes)) : undefined;
      next.set(file.path, old && old.hash === hash && hash !== undefined ? old : { path: file.path, ...(file.bytes ? { bytes: file.bytes } : {}), ...(file.problem ? { problem: file.problem } : {}), ...(hash ? { hash } : {}) });
    }
    // The settings come first: every other file is read with them.
    const config = next.get(CONFIG_FILE);
    if (config) this.#read(config, { require: [] });
    const settings: FileSettings = { require: [...readConfig(undefined, config?.result?.data ?? {}).require].sort() };
    const settingsKey = digest(JSON.stringify(settings));
    const jobs: Job[] = [];
    const wanted = (state: FileState) => (state === config || !state.bytes || !state.hash || !('area' in classify(state.path)) || state.result?.key === `${state.hash}.${settingsKey}` ? [] : [storeKey(state.path, `${state.hash}.${settingsKey}`)]);
    this.#store?.want?.([...next.values()].flatMap(wanted));
    for (const state of next.values()) {
      if (state === config || !state.bytes || !state.hash) continue;
      const place = classify(state.path);
      if (!('area' in place)) continue;
      const key = `${state.hash}.${settingsKey}`;
      if (state.result?.key === key) continue;
      const kept = this.#store?.get(storeKey(state.path, key));
      const stored = kept !== undefined && isStored(kept) ? kept : undefined;
      if (stored?.result.key === key && stored.result.path === state.path) {
        Object.assign(state, { result: stored.result, ...(stored.checks ? { checks: stored.checks } : {}) });
        delete state.walk;
        continue;
      }
      jobs.push({ path: state.path, bytes: state.bytes, key, settings });
    }
    const commit = (analysed: FileAnalysis[]): Update => {
      const fresh = new Set<FileState>();
      for (const { result, source } of analysed) {
        const state = next.get(result.path);
        if (!state) continue;
        state.result = result;
        if (source) state.source = source;
        delete state.walk;
        delete state.checks;
        fresh.add(state);
      }
      const changed = new Set<string>();
      for (const [path, state] of next) if (previous.get(path) !== state || fresh.has(state)) changed.add(path);
      for (const path of previous.keys()) if (!next.has(path)) changed.add(path);
      this.#files = next;
      const memos = new Map([...next.values()].map((state) => [state, state.checks]));
      this.#analysis = assemble(next, this.#checks);
      // What the store does not have yet: results read now, and checks that ran again.
      for (const state of next.values()) if (fresh.has(state) || memos.get(state) !== state.checks) this.#persist(state);
      // A file's parsed text (every node with its place) is many times its size: it is parsed again if a later check must locate something in it.
      for (const state of next.values()) delete state.source;
      return { analysis: this.#analysis, changed, analysed: analysed.length };
    };
    return { jobs, commit };
  }

  /** Reads a file in this thread when its result is not current (the settings file, before the others). */
  #read(state: FileState, settings: FileSettings): void {
    if (!state.bytes || !state.hash || state.result?.key === state.hash) return;
    const { result, source } = analyzeFile(state.path, state.bytes, state.hash, settings);
    state.result = result;
    if (source) state.source = source;
  }

  #persist(state: FileState): void {
    if (state.result) this.#store?.set(storeKey(state.path, state.result.key), { result: state.result, ...(state.checks ? { checks: state.checks } : {}) });
  }
}

/** A file's result in a store: its path and key (what the store keeps is only ever used for the same path, bytes and settings). */
export function storeKey(path: string, key: string): string {
  return digest(`${path}\u0000${key}`);
}
