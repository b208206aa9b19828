import type { Path } from '../load/source.ts';
import { isObj } from '../model/facet-def.ts';
import type { Spec } from '../model/spec.ts';

/**
 * The one syntax that links prose to the spec: `[[resources/Order]]` (an item),
 * `[[endpoints]]` (an area), `[[gap:resources/Order/fields]]` (a facet or gap), each with an
 * optional label after `|`: `[[resources/Order|orders]]`.
 */
export const PROSE_LINK = /\[\[([^[\]|\n]+?)(?:\|([^[\]\n]+?))?\]\]/g;

/** A prose string somewhere in the spec: every `description`, and the purpose statement. */
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
  for (const area of spec.areas) {
    walk(area.data, [], { file: area.file, source: area.key }, out);
    if (area.key === 'purpose' && typeof area.data.purpose === 'string') {
      out.push({ file: area.file, path: ['purpose'], source: area.key, text: area.data.purpose });
    }
    for (const item of area.items) walk(item.data, [], { file: item.file, source: `${item.area}/${item.id}` }, out);
  }
  return out;
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
