import { AREAS } from '../areas/index.ts';
import { facetFields } from '../facet/define.ts';
import type { Path } from '../facet/path.ts';
import { isObj, isOpenValue, own } from '../facet/state.ts';
import type { FacetResult } from '../gaps/types.ts';
import { areaOf, itemKey, type Spec } from '../model/spec.ts';

/**
 * The one syntax that links prose to the spec: `[[resources/Order]]` (an item),
 * `[[endpoints]]` (an area), `[[gap:resources/Order/fields]]` (a facet or gap), each with an
 * optional label after `|`: `[[resources/Order|orders]]`.
 */
export const PROSE_LINK = /\[\[([^[\]|\n]+?)(?:\|([^[\]\n]+?))?\]\]/g;

/**
 * A prose string somewhere in the spec: every string a page or document renders as Markdown (each
 * `description`, each prose facet such as the purpose statement or a scope's description, and the
 * question an open facet asks in its own words).
 */
export interface Prose {
  file: string;
  path: Path;
  /** `area/item` or `area`, the page it is shown on. */
  source: string;
  text: string;
}

/** A facet's stated prose, which the site renders as Markdown; undefined for any other facet. */
export function statedProse(f: Pick<FacetResult, 'prose' | 'state' | 'value'>): string | undefined {
  return f.prose && f.state === 'stated' && typeof f.value === 'string' ? f.value : undefined;
}

/**
 * The question an open facet asks in the author's words (`open: "Which currency?"`), which the
 * site renders as Markdown; undefined for every other facet, whose question is written by
 * Specbench with names as code spans.
 */
export function askedQuestion(f: Pick<FacetResult, 'state' | 'value'>): string | undefined {
  return f.state === 'open' && isOpenValue(f.value) && typeof f.value.open === 'string' ? f.value.open : undefined;
}

/** A file whose prose is read: an area's own file or an item, with the page it is shown on (`area` or `area/item`). */
export interface ProseUnit {
  file: string;
  source: string;
  data: unknown;
}

/**
 * All prose of some files, in file order: the one list of what is rendered as Markdown, so every
 * check of prose (`broken-link`, `raw-html`, `unsafe-link`, `prose-limit`) reads all of it.
 * `facets` are the files' assessed facets, those the site shows.
 */
export function collectProse(units: readonly ProseUnit[], facets: readonly FacetResult[]): Prose[] {
  const out: Prose[] = [];
  const seen = new Set<string>();
  const add = (p: Prose) => {
    const key = JSON.stringify([p.file, p.path]);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(p);
  };
  // Every `description`, in structures that are no facets too (a state's, a parameter's).
  for (const unit of units) walk(unit.data, [], { file: unit.file, source: unit.source }, add);
  // Prose facets (the purpose statement, a scope's description) and the questions of open facets.
  for (const f of facets) {
    const source = f.item !== undefined ? `${f.area}/${f.item}` : f.area;
    const stated = statedProse(f);
    if (stated !== undefined) add({ file: f.file, path: f.at, source, text: stated });
    const asked = askedQuestion(f);
    if (asked !== undefined) add({ file: f.file, path: [...f.at, 'open'], source, text: asked });
  }
  const order = new Map(units.map((u, i) => [u.file, i]));
  return out.map((p, i) => ({ p, i })).sort((a, b) => (order.get(a.p.file) ?? 0) - (order.get(b.p.file) ?? 0) || a.i - b.i).map(({ p }) => p);
}

/** The files of a spec whose prose is read, in the nine-part order. */
export function proseUnits(spec: Spec): ProseUnit[] {
  return AREAS.flatMap((module) => {
    const area = areaOf(spec, module.key);
    return [{ file: area.file, source: area.key, data: area.data }, ...area.items.map((item) => ({ file: item.file, source: itemKey(item), data: item.data }))];
  });
}

/**
 * The same data with every stated prose string (each `description`, each prose facet, each entry
 * of a facet whose entries are prose, such as a scope's description) passed through `f`: the
 * stated prose `collectProse` reads, written back. The schema is the area's or item's.
 */
export function mapProse<T>(schema: Parameters<typeof facetFields>[0], data: T, f: (text: string) => string): T {
  const mapped = mapDescriptions(data, f) as T;
  if (!isObj(mapped)) return mapped;
  for (const field of facetFields(schema, mapped)) {
    const value = own(mapped, field.key);
    if (field.meta.prose && field.key !== 'description' && typeof value === 'string') (mapped as Record<string, unknown>)[field.key] = f(value);
    if (field.meta.children?.entry?.prose && isObj(value)) {
      // An entry named `description` is mapped already, as every `description` is.
      (mapped as Record<string, unknown>)[field.key] = Object.fromEntries(Object.entries(value).map(([name, entry]) => [name, typeof entry === 'string' && name !== 'description' ? f(entry) : entry]));
    }
  }
  return mapped;
}

/** Keys whose value is data kept exactly as written (a shape's allowed values, default and examples; a body's example). */
const DATA_KEYS: ReadonlySet<string> = new Set(['allowed', 'default', 'examples', 'example']);
/** Keys whose value maps names to things: a key under one is a name (a field called `default`), never one of `DATA_KEYS`. */
const NAME_MAPS: ReadonlySet<string> = new Set(['fields', 'named_examples', 'content', 'headers', 'variables', 'channels', 'operations', 'states', 'token_lifetimes', 'scopes', 'token_endpoints', 'mapping', 'tags', 'path', 'query', 'header', 'cookie', 'paths', 'responses', 'callbacks']);

/**
 * Whether the value under `key` is data, not spec: a `description` inside an example or a default
 * (`{ description: "<some warning>" }`) is part of the value, and no prose to read, check or convert.
 * `parent` and `grand` are the keys above `key`; a named example's `value` is data too.
 */
export function isDataKey(key: string, parent: string | number | undefined, grand: string | number | undefined): boolean {
  if (key === 'value') return grand === 'named_examples';
  return DATA_KEYS.has(key) && !(typeof parent === 'string' && NAME_MAPS.has(parent));
}

function mapDescriptions(value: unknown, f: (text: string) => string, parent?: string | number, grand?: string | number): unknown {
  if (Array.isArray(value)) return value.map((v, i) => mapDescriptions(v, f, i, parent));
  if (!isObj(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, key === 'description' && typeof v === 'string' ? f(v) : isDataKey(key, parent, grand) ? v : mapDescriptions(v, f, key, parent)]));
}

/** Every `description` in a value, in document order; `path` is where the walk is, grown and shrunk in place and copied only for a description found. */
function walk(value: unknown, path: Array<string | number>, at: { file: string; source: string }, add: (p: Prose) => void): void {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (v === null || typeof v !== 'object') continue;
      path.push(i);
      walk(v, path, at, add);
      path.pop();
    }
  } else if (isObj(value)) {
    for (const key of Object.keys(value)) {
      const v = value[key];
      if (key === 'description' && typeof v === 'string') add({ ...at, path: [...path, key], text: v });
      else if (v !== null && typeof v === 'object' && !isDataKey(key, path[path.length - 1], path[path.length - 2])) {
        path.push(key);
        walk(v, path, at, add);
        path.pop();
      }
    }
  }
}

/** What a link target names. */
export type LinkTarget = { kind: 'area'; area: string } | { kind: 'item'; area: string; id: string } | { kind: 'facet'; id: string };

/** Reads a link target; undefined when it is not of the documented shapes. */
export function parseTarget(raw: string): LinkTarget | undefined {
  const target = raw.trim();
  if (target.startsWith('gap:')) return { kind: 'facet', id: target.slice(4) };
  const parts = target.split('/');
  if (parts.length === 1 && parts[0]) return { kind: 'area', area: parts[0] };
  if (parts.length === 2 && parts[0] && parts[1]) return { kind: 'item', area: parts[0], id: parts[1] };
  return undefined;
}
