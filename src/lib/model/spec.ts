import type { AreaData, AreaKey, ItemData } from '../areas/index.ts';

/**
 * `valid`: the file has no errors. `partial`: it has errors, and its data holds the keys that pass
 * their schema, so checks still look at them. A spec with any file not `valid` never builds a site.
 */
export type Status = 'valid' | 'partial';

/** One item file: a resource, an endpoint, a state machine... */
export interface Item<K extends AreaKey = AreaKey> {
  area: K;
  /** The file name without its extension. */
  id: string;
  /** Path relative to the spec folder, with `/`. */
  file: string;
  /** What passed the schema: the whole file, or (when it has errors) the keys that passed. */
  data: ItemData<K>;
  status: Status;
}

/** An item whose file exists but could not be read at all: references to it say so. */
export interface Unreadable {
  id: string;
  file: string;
}

/** One area: its own facets and its items, sorted by id. */
export interface Area<K extends AreaKey = AreaKey> {
  key: K;
  /** `<area>/_area.yaml`, whether or not it exists. */
  file: string;
  /** False when the area file is absent: every area facet is then missing. */
  present: boolean;
  data: AreaData<K>;
  status: Status;
  items: Array<Item<K>>;
  unreadable: Unreadable[];
}

/** Severity overrides per check code; `off` silences a check. */
export interface SpecConfig {
  file?: string;
  checks: ReadonlyMap<string, 'error' | 'warning' | 'hint' | 'off'>;
  /** Refinements the spec requires wherever they can apply. */
  require: readonly string[];
  /** Base URL that edits files of the spec folder, for "Edit this file" links. */
  editUrl?: string;
  /** The readiness levels `specbench.yaml` declares, in order; undefined for the default ones. */
  levels?: readonly Level[];
  /** The image shown before the service's name in the site's header. */
  logo?: string;
}

/** A readiness level: a name, and the gap-id patterns that must be closed to reach it (with every level before it). */
export interface Level {
  name: string;
  close: readonly string[];
}

/** The text of the spec's files, by path relative to the spec folder (read when first asked). */
export interface SpecTexts {
  get(file: string): { readonly text: string } | undefined;
  /** A file's size in bytes (0 for none), without reading its text. */
  size(file: string): number;
}

/** A loaded spec: the nine areas in order and the texts behind them. */
export interface Spec {
  areas: Area[];
  sources: SpecTexts;
  /** `specbench.yaml` at the top of the spec folder. */
  config: SpecConfig;
}

/** The spec's settings file, beside the area folders. */
export const CONFIG_FILE = 'specbench.yaml';

/** The file name of an area's own facets. */
export const AREA_FILE = '_area.yaml';

/**
 * One area with its data typed by its module. The loader validated every file against that
 * module's schema, so the data has the schema's type; this is where the types meet again.
 */
export function areaOf<K extends AreaKey>(spec: Spec, key: K): Area<K> {
  const area = spec.areas.find((a) => a.key === key);
  if (!area) throw new Error(`area ${key} missing from spec`);
  return area as Area<K>;
}

/** `area/id` of an item, the key the link graph and coverage use. */
export const itemKey = (item: { area: string; id: string }): string => `${item.area}/${item.id}`;

const indexes = new WeakMap<Spec, Map<string, Item>>();

/** An item by area and id, through an index built once per spec; typed like `areaOf`. */
export function findItem<K extends AreaKey>(spec: Spec, key: K, id: string): Item<K> | undefined {
  let index = indexes.get(spec);
  if (!index) {
    index = new Map(spec.areas.flatMap((a) => a.items.map((i) => [itemKey(i), i] as const)));
    indexes.set(spec, index);
  }
  return index.get(`${key}/${id}`) as Item<K> | undefined;
}
