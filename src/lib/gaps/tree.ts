import type { Path } from '../facet/path.ts';
import { itemKey } from '../model/spec.ts';
import type { FacetResult, OwnerResult } from './types.ts';

/** A facet in its owner's list, with how deep it nests and whether facets nest under it. */
export interface FacetNode {
  kind: 'facet';
  facet: FacetResult;
  /** 0 for the owner's own facets, 1 for a field's facets, and so on. */
  depth: number;
  hasChildren: boolean;
}

/**
 * A value stated on an owner that is not a facet (a parameter's `required`, a state's `initial`,
 * an endpoint's `limits`): no gap and no coverage, but shown where it is, like a facet.
 */
export interface DetailNode {
  kind: 'detail';
  /** `endpoints/get-order/parameters/path/order_id/required`. */
  id: string;
  /** "path parameter order_id: required". */
  label: string;
  key: string;
  value: unknown;
  file: string;
  at: Path;
  depth: number;
}

export type Row = FacetNode | DetailNode;

/** Keys a page and the Markdown document show on their own: an item's title is its heading, descriptions are its opening prose. */
const SHOWN_APART = new Set(['title', 'description']);

/**
 * The facets of one owner (an area or an item) as a tree in document order, with the values its
 * owners state besides their facets in place (after their owner's facet, or before its first
 * facet). `baseDepth` is the number of id segments of the owner (`purpose` is 1,
 * `resources/Order` is 2). A facet with no facets under it shows its whole value, so the
 * details of owners inside it are not repeated.
 */
export function facetTree(facets: readonly FacetResult[], baseDepth: number, owners: readonly OwnerResult[] = []): Row[] {
  const ids = new Set(facets.map((f) => f.id));
  // Each facet's ids, itself first, then those it is under: read four times below, made once.
  const under = facets.map((f) => idsAt(f.id, baseDepth));
  const parents = new Set<string>();
  for (const at of under) for (let n = 1; n < at.length; n++) if (ids.has(at[n] ?? '')) parents.add(at[n] ?? '');
  const depthIn = (at: readonly string[]) => {
    let depth = 0;
    for (let n = 1; n < at.length; n++) if (ids.has(at[n] ?? '')) depth++;
    return depth;
  };
  // The first facet at or under each id, for placing details in one pass.
  const firstUnder = new Map<string, number>();
  under.forEach((at, index) => {
    for (const prefix of at) if (!firstUnder.has(prefix)) firstUnder.set(prefix, index);
  });
  const rows: Row[] = facets.map((facet, index) => ({ kind: 'facet', facet, depth: depthIn(under[index] ?? []), hasChildren: parents.has(facet.id) }));
  // An owner with no facets (a state with only `final: true`) goes after the rows of the facet it is in.
  const lastUnder = new Map<string, number>();
  under.forEach((at, index) => {
    for (const prefix of at) lastUnder.set(prefix, index);
  });
  const afterParent = (id: string) => {
    const at = idsAt(id, baseDepth);
    for (let n = 1; n < at.length; n++) {
      const last = lastUnder.get(at[n] ?? '');
      if (last !== undefined) return last + 1;
    }
    return facets.length;
  };
  // Insert from the last owner back, so earlier insertion points keep their index.
  const inserts: Array<{ at: number; order: number; details: DetailNode[] }> = [];
  owners.forEach((owner, order) => {
    const own = owner.id.split('/').length === baseDepth;
    const details = owner.details.filter(([key]) => !(own && SHOWN_APART.has(key)));
    if (details.length === 0 || insideWholeValue(owner.id, ids, parents, baseDepth)) return;
    const nodes = details.map(([key, value]): DetailNode => {
      const id = `${owner.id}/${key}`;
      return { kind: 'detail', id, label: owner.label ? `${owner.label}: ${key}` : key, key, value, file: owner.file, at: [...owner.at, key], depth: depthIn(idsAt(id, baseDepth)) };
    });
    const first = firstUnder.get(owner.id);
    inserts.push({ at: first === undefined ? afterParent(owner.id) : ids.has(owner.id) ? first + 1 : first, order, details: nodes });
  });
  inserts.sort((a, b) => b.at - a.at || b.order - a.order);
  for (const { at, details } of inserts) rows.splice(at, 0, ...details);
  return rows;
}

/**
 * An id and the ids it is under, longest first, down to those of `baseDepth + 1` segments
 * (`a/b/c` from depth 1: `a/b/c`, `a/b`): each the id cut at a slash, as joining its first
 * segments again would make it.
 */
function idsAt(id: string, baseDepth: number): string[] {
  const ends: number[] = [];
  for (let slash = id.indexOf('/'); slash !== -1; slash = id.indexOf('/', slash + 1)) ends.push(slash);
  ends.push(id.length);
  const out: string[] = [];
  for (let n = ends.length; n > baseDepth; n--) out.push(id.slice(0, ends[n - 1]));
  return out;
}

/** True when the owner, or an owner around it, is a facet shown whole (one with no facets under it). */
function insideWholeValue(id: string, ids: ReadonlySet<string>, parents: ReadonlySet<string>, baseDepth: number): boolean {
  const segments = id.split('/');
  for (let n = segments.length; n > baseDepth; n--) {
    const prefix = segments.slice(0, n).join('/');
    if (ids.has(prefix) && !parents.has(prefix)) return true;
  }
  return false;
}

/** Facets or owners grouped by what owns them: an area's key, or an item's `area/id`. */
export function groupByOwner<T extends { area: string; item?: string }>(list: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const x of list) {
    const key = x.item === undefined ? x.area : itemKey({ area: x.area, id: x.item });
    const group = out.get(key);
    if (group) group.push(x);
    else out.set(key, [x]);
  }
  return out;
}
