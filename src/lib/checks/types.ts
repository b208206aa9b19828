import type { AreaKey } from '../areas/index.ts';
import type { Severity } from '../diagnostics/diagnostic.ts';
import type { Path } from '../facet/path.ts';
import type { FacetResult, Misplaced } from '../gaps/types.ts';
import type { LinkGraph } from '../link/graph.ts';
import type { ProseFound } from '../link/markdown.ts';
import type { Reference } from '../link/references.ts';
import type { Area, Item, SpecConfig, Unreadable } from '../model/spec.ts';

/** A place in the content: a file and a data path; `key` points at the key, `text` at a substring of the value. */
export interface At {
  file: string;
  path: Path;
  key?: boolean;
  text?: string;
}

/** What a check reports; the core turns `at` into file, line and column. */
export interface Report {
  message: string;
  at: At;
  related?: Array<{ at: At; message: string }>;
}

/**
 * Everything a check may look at. What a check walks (`items`, `areaFile`, `references`, `prose`,
 * `gaps`, `duplicates`, `ignored`) is one file's in a file check and the whole spec's in a spec
 * check. What it looks up (`item`, `area`, `ids`, `unreadable`, `facet`, `facetIds`) is always the
 * whole spec's, and in a file check the engine notes each look-up: the file's result is reused
 * until the file or something it looked up changes. Items carry their area's schema types.
 */
export interface CheckContext {
  /** The items to look at: in a file check, the file's own item, when it is of this area. */
  items<K extends AreaKey>(key: K): ReadonlyArray<Item<K>>;
  /** The area whose own file is looked at: in a file check, only when it is that file. */
  areaFile<K extends AreaKey>(key: K): Area<K> | undefined;
  /** An area, to look something up in its own file (its servers, its body shape). */
  area<K extends AreaKey>(key: K): Area<K>;
  /** An item, looked up by id. */
  item<K extends AreaKey>(key: K, id: string): Item<K> | undefined;
  /** The ids of an area's items, in order (for "did you mean"). */
  ids(key: AreaKey): readonly string[];
  /** An item whose file exists but could not be read. */
  unreadable(key: AreaKey, id: string): Unreadable | undefined;
  /** A facet of the spec by its id. */
  facet(id: string): FacetResult | undefined;
  /** Every facet id of the spec (for "did you mean"; a file check that asks depends on the whole spec). */
  facetIds(): Iterable<string>;
  references: readonly Reference[];
  prose: readonly ProseFound[];
  gaps: readonly FacetResult[];
  duplicates: readonly Misplaced[];
  ignored: readonly Misplaced[];
  /** The settings in `specbench.yaml`. */
  config: SpecConfig;
  /** The text written at a place, as it is in the file (`0x1F`, where the data holds 31). */
  written(at: At): string | undefined;
  /** Whether a pattern matches a text, within the run's time limits; undefined when not judged. */
  matches(pattern: string, text: string): boolean | undefined;
  report(report: Report): void;
}

/** What a spec check may look at besides: the link graph of the whole spec. */
export interface SpecCheckContext extends CheckContext {
  graph: LinkGraph;
}

interface CheckInfo {
  code: string;
  description: string;
  severity: Severity;
  /** Keeps the build safe: its severity cannot be changed or turned off in `specbench.yaml`. */
  locked?: boolean;
  /** A line of content that makes it fire, for the guide's catalogue of checks. */
  example: string;
}

/**
 * One check: a stable code, what it looks for, its default severity, and how it runs. A `file`
 * check looks at one file at a time (and at others only by looking them up), so an edit re-runs
 * it for the files the edit concerns; a `spec` check compares items with each other (two
 * endpoints on one path) and runs on every change, so it stays linear and light.
 */
export type Check = CheckInfo & ({ scope: 'file'; run(ctx: CheckContext): void } | { scope: 'spec'; run(ctx: SpecCheckContext): void });
