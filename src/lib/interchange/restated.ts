import { isObj } from '../facet/state.ts';

/** What a field that only restates another may hold: its type, nullability and that it is required. */
const RESTATING: ReadonlySet<string> = new Set(['type', 'nullable', 'required']);

/**
 * The fields of a variant of a union that only restate, required, a field of the object part beside
 * the union (its type, or `object` for a map, and its nullability): what an import makes of a
 * variant's required name stated beside the union, not in it (urlbox.io's `oneOf: [{required:
 * [url]}, {required: [html]}]` beside `properties: {url, html}`), so that the requirement is kept.
 * An export writes these back as the source had them, required names only (`{required: [url]}`),
 * never a property the source did not repeat.
 */
export function restatedFields(part: unknown, variant: unknown): string[] {
  if (!isObj(part) || !isObj(variant) || !isObj(part.fields) || !isObj(variant.fields)) return [];
  const beside = part.fields;
  return Object.entries(variant.fields).flatMap(([name, f]) => {
    const p = beside[name];
    if (!isObj(f) || !isObj(p) || f.required !== true || Object.keys(f).some((k) => !RESTATING.has(k))) return [];
    const sameType = typeof f.type === 'string' && (f.type === p.type || (f.type === 'object' && p.type === 'map'));
    return sameType && (f.nullable === true) === (p.nullable === true) ? [name] : [];
  });
}
