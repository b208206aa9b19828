import { AREAS } from '../areas/index.ts';
import { facetFields } from '../facet/define.ts';
import type { Path } from '../facet/path.ts';
import { isObj, own, stated } from '../facet/state.ts';
import { areaOf, itemKey, type Spec } from '../model/spec.ts';

/**
 * The one syntax that links prose to the spec: `[[resources/Order]]` (an item),
 * `[[endpoints]]` (an area), `[[gap:resources/Order/fields]]` (a facet or gap), each with an
 * optional label after `|`: `[[resources/Order|orders]]`.
 */
export const PROSE_LINK = /\[\[([^[\]|\n]+?)(?:\|([^[\]\n]+?))?\]\]/g;

/** A prose string somewhere in the spec: every `description`, and every facet whose value is prose. */
export interface Prose {
  file: string;
  path: Path;
  /** `area/item` or `area`, the page it is shown on. */
  source: string;
  text: string;
}

/** All prose in the spec, in file order. */
export function collectProse(spec: Spec): Prose[] {
  const out: Prose[] = [];
  for (const module of AREAS) {
    const area = areaOf(spec, module.key);
    const owners = [
      { schema: module.schema, data: area.data, at: { file: area.file, source: area.key } },
      ...area.items.flatMap((item) => (module.items ? [{ schema: module.items.schema, data: item.data, at: { file: item.file, source: itemKey(item) } }] : [])),
    ];
    for (const { schema, data, at } of owners) {
      walk(data, [], at, out);
      // Prose facets under another key than `description` (the purpose statement).
      for (const field of facetFields(schema, data)) {
        const text = field.meta.prose && field.key !== 'description' ? stated(own(data, field.key)) : undefined;
        if (typeof text === 'string') out.push({ ...at, path: [field.key], text });
      }
    }
  }
  return out;
}

/**
 * The same data with every prose string (each `description`, each prose facet) passed through
 * `f`: what `collectProse` reads, written back. The schema is the area's or item's.
 */
export function mapProse<T>(schema: Parameters<typeof facetFields>[0], data: T, f: (text: string) => string): T {
  const mapped = mapDescriptions(data, f) as T;
  if (!isObj(mapped)) return mapped;
  for (const field of facetFields(schema, mapped)) {
    const text = field.meta.prose && field.key !== 'description' ? own(mapped, field.key) : undefined;
    if (typeof text === 'string') (mapped as Record<string, unknown>)[field.key] = f(text);
  }
  return mapped;
}

function mapDescriptions(value: unknown, f: (text: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => mapDescriptions(v, f));
  if (!isObj(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, key === 'description' && typeof v === 'string' ? f(v) : mapDescriptions(v, f)]));
}

function walk(value: unknown, path: Path, at: { file: string; source: string }, out: Prose[]): void {
  if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i], at, out));
  else if (isObj(value)) {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'description' && typeof v === 'string') out.push({ ...at, path: [...path, key], text: v });
      else walk(v, [...path, key], at, out);
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
