import type { SourceFile } from '../load/source.ts';
import type { AreaKey, Obj } from './facet-def.ts';

/** One item file: a resource, an endpoint, a state machine... */
export interface Item {
  area: AreaKey;
  /** The file name without its extension. */
  id: string;
  /** Path relative to the spec folder, with `/`. */
  file: string;
  /** What passed the schema: the whole file, or (when it has errors) the keys that passed. */
  data: Obj;
  status: Status;
}

/**
 * `valid`: the file has no errors. `partial`: it has errors, and `data` holds the keys that pass
 * their schema, so checks still look at them. `broken`: it could not be read at all; `data` is empty.
 * A spec with any file not `valid` never builds a site.
 */
export type Status = 'valid' | 'partial' | 'broken';

/** One area: its own facets and its items, sorted by id. */
export interface Area {
  key: AreaKey;
  /** `<area>/_area.yaml`, whether or not it exists. */
  file: string;
  /** False when the area file is absent: every area facet is then missing. */
  present: boolean;
  data: Obj;
  status: Status;
  items: Item[];
}

/** A loaded spec: the nine areas in order and the parsed sources behind them. */
export interface Spec {
  areas: Area[];
  sources: ReadonlyMap<string, SourceFile>;
  /** `specbench.yaml` at the top of the spec folder. */
  config: SpecConfig;
}

/** Severity overrides per check code; `off` silences a check. */
export interface SpecConfig {
  file?: string;
  checks: ReadonlyMap<string, 'error' | 'warning' | 'hint' | 'off'>;
  /** Base URL that edits files of the spec folder, for "Edit this file" links. */
  editUrl?: string;
}

/** The spec's settings file, beside the area folders. */
export const CONFIG_FILE = 'specbench.yaml';

/** The file name of an area's own facets. */
export const AREA_FILE = '_area.yaml';

export function getArea(spec: Spec, key: AreaKey): Area {
  const area = spec.areas.find((a) => a.key === key);
  if (!area) throw new Error(`area ${key} missing from spec`);
  return area;
}
