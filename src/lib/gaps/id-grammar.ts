import picomatch from 'picomatch';
import { AREAS } from '../areas/index.ts';
import { childSchema, entrySchema, possibleFacetFields, type ChildMeta, type FacetMeta } from '../facet/define.ts';
import { suggest } from '../load/suggest.ts';
import type { z } from 'zod';

/**
 * Every gap id the model can produce, as a graph over its `/`-separated segments, built from the
 * facet metadata of the area modules (the same metadata the gap engine walks): a segment is either
 * a facet key the model knows at that place, or a name the spec chooses (an item id, a field name,
 * a status). A level's pattern that cannot walk this graph to an end can never close anything.
 */
interface Place {
  /** An id can end here (a facet). */
  end: boolean;
  /** The segments that can follow: a known key, any name, or none (`same`: a stated value's own facets). */
  next: Array<{ step: { key: string } | 'name' | 'same'; to: Place }>;
}

/** The options every gap-id glob is compiled with: dots and `!` are plain characters in ids. */
export const GLOB_OPTIONS = { dot: true, nonegate: true } as const;

const owners = new WeakMap<z.ZodType, Place>();

function ownerPlace(schema: z.ZodType): Place {
  const known = owners.get(schema);
  if (known) return known;
  const place: Place = { end: false, next: [] };
  owners.set(schema, place);
  for (const { key, meta, value } of possibleFacetFields(schema)) place.next.push({ step: { key }, to: facetPlace(meta, value) });
  return place;
}

function facetPlace(meta: FacetMeta<never>, value: z.ZodType | undefined): Place {
  const place: Place = { end: true, next: [] };
  if (meta.children) addChildren(place, value, meta.children);
  return place;
}

/** What the gap engine's `visitChildren` walks below a stated value, as segments. */
function addChildren(place: Place, value: z.ZodType | undefined, children: ChildMeta): void {
  const entry = children.entry;
  if (entry) {
    const each: Place = { end: true, next: [] };
    if (entry.children) addChildren(each, entrySchema(value), entry.children);
    place.next.push({ step: 'name', to: each });
    return;
  }
  const child = childSchema(value);
  if (!child) return;
  place.next.push({ step: child.of === 'one' ? 'same' : 'name', to: ownerPlace(child.schema) });
}

let root: Place | undefined;

function rootPlace(): Place {
  if (root) return root;
  root = { end: false, next: [] };
  for (const module of AREAS) {
    const area: Place = { end: false, next: [{ step: 'same', to: ownerPlace(module.schema) }] };
    if (module.items) area.next.push({ step: 'name', to: ownerPlace(module.items.schema) });
    root.next.push({ step: { key: module.key }, to: area });
  }
  return root;
}

/** The places reachable without reading a segment. */
function closure(places: Iterable<Place>): Set<Place> {
  const out = new Set<Place>();
  const stack = [...places];
  for (let p = stack.pop(); p; p = stack.pop()) {
    if (out.has(p)) continue;
    out.add(p);
    for (const { step, to } of p.next) if (step === 'same') stack.push(to);
  }
  return out;
}

/**
 * Why a gap-id pattern can never match an id the model produces, or undefined when it can. A
 * pattern that can match but matches nothing in this spec (its items are not written yet) is fine.
 */
export function patternProblem(pattern: string): string | undefined {
  const segments = pattern.split('/');
  if (segments.some((s) => s === '')) return `\`${pattern}\` has an empty segment; gap ids are segments joined by single \`/\`, with no \`/\` at either end (e.g. \`resources/**\`).`;
  // Places reached after reading i segments.
  let at = closure([rootPlace()]);
  let lastKeys = new Set<string>();
  for (const [i, segment] of segments.entries()) {
    const after = new Set<Place>();
    const keys = new Set<string>();
    if (segment === '**') {
      // Any number of segments: everything reachable from here, including here.
      const seen = new Set<Place>();
      const stack = [...at];
      for (let p = stack.pop(); p; p = stack.pop()) {
        if (seen.has(p)) continue;
        seen.add(p);
        for (const { to } of p.next) stack.push(to);
      }
      at = seen;
      continue;
    }
    const matches = picomatch(segment, GLOB_OPTIONS);
    for (const p of at) {
      for (const { step, to } of p.next) {
        if (step === 'same') continue;
        if (step === 'name') after.add(to);
        else {
          keys.add(step.key);
          if (matches(step.key)) after.add(to);
        }
      }
    }
    if (after.size === 0) return unknownSegment(pattern, segments.slice(0, i), segment, keys);
    at = closure(after);
    lastKeys = keys;
  }
  if ([...at].some((p) => p.end)) return undefined;
  const last = segments.at(-1) ?? '';
  const near = suggest(last, lastKeys);
  if (near !== undefined && near !== last) return `\`${pattern}\` can never match a gap id: no facet called \`${last}\` ends an id there. Did you mean \`${near}\`?`;
  return `\`${pattern}\` can never match a gap id: no id ends there. Add \`/**\` to take every gap under it.`;
}

function unknownSegment(pattern: string, before: readonly string[], segment: string, keys: ReadonlySet<string>): string {
  const list = [...keys];
  const near = suggest(segment, list);
  const hint = near ? ` Did you mean \`${near}\`?` : '';
  if (before.length === 0) return `\`${pattern}\` can never match a gap id: \`${segment}\` is not an area.${hint} Areas: ${list.join(', ')}.`;
  const after = `\`${before.join('/')}\``;
  if (list.length === 0) return `\`${pattern}\` can never match a gap id: gap ids end at ${after}; remove what follows.`;
  return `\`${pattern}\` can never match a gap id: \`${segment}\` is not a facet that can follow ${after}.${hint} There: ${list.join(', ')}.`;
}
