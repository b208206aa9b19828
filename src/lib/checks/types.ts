import type { AreaKey } from '../areas/index.ts';
import type { Severity } from '../diagnostics/diagnostic.ts';
import type { Path } from '../facet/path.ts';
import type { Assessment, FacetResult } from '../gaps/types.ts';
import type { LinkGraph } from '../link/graph.ts';
import type { ProseFindings } from '../link/markdown.ts';
import type { Prose } from '../link/prose.ts';
import type { Reference } from '../link/references.ts';
import type { Area, Item, Spec, Unreadable } from '../model/spec.ts';

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

/** Everything a check may look at, computed once per run. Items carry their area's schema types. */
export interface CheckContext {
  spec: Spec;
  area<K extends AreaKey>(key: K): Area<K>;
  /** The items of an area that could be read: their data has the schema's shape (the part that passed, for a file with errors). */
  items<K extends AreaKey>(key: K): ReadonlyArray<Item<K>>;
  item<K extends AreaKey>(key: K, id: string): Item<K> | undefined;
  /** An item whose file exists but could not be read. */
  unreadable(key: AreaKey, id: string): Unreadable | undefined;
  references: readonly Reference[];
  prose: ReadonlyArray<Prose & ProseFindings>;
  assessment: Assessment;
  facets: ReadonlyMap<string, FacetResult>;
  graph: LinkGraph;
  /** The text written at a place, as it is in the file (`0x1F`, where the data holds 31). */
  written(at: At): string | undefined;
  report(report: Report): void;
}

/** One check: a stable code, what it looks for, its default severity, and how it runs. */
export interface Check {
  code: string;
  description: string;
  severity: Severity;
  /** Keeps the build safe: its severity cannot be changed or turned off in `specbench.yaml`. */
  locked?: boolean;
  /** A line of content that makes it fire, for README. */
  example: string;
  run(ctx: CheckContext): void;
}
