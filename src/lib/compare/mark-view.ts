import { isGap } from '../facet/state.ts';
import type { AreaSummary, FacetChange, FacetView, ItemView, PageChange, PageChangeView } from '../render/site/views.ts';

/**
 * The keys of an item's view whose facets the page does not show as this item's own: another
 * item's shape or body shown in place (its own page marks it), links, and the facets shown folded
 * away as saying nothing to a reader (their marks go in the page's list of changes, where they are
 * seen). A mark is put only where the page shows the facet with its own place.
 */
const NOT_IN_PLACE: ReadonlySet<string> = new Set(['inline', 'errorBody', 'lifecycles', 'origin', 'typeLink', 'resource', 'error', 'links', 'linksTo', 'linkedFrom', 'source', 'parts', 'listing', 'quiet', 'machine', 'changes', 'leftOut']);

const isFacetView = (v: Record<string, unknown>): v is FacetView & Record<string, unknown> =>
  typeof v.id === 'string' && typeof v.anchor === 'string' && typeof v.state === 'string' && Array.isArray(v.blockedBy);

/**
 * Whether a facet under the key `facet` of `parent` is a container's (a block's, a body's, a list of
 * fields'): the page shows such a facet itself only while it is a gap or stated as none, and shows
 * what it states instead. A constraint (`{ label, facet }`) and an entry (`{ key, facet, usedBy }`)
 * are shown as values.
 */
const isContainer = (parent: Record<string, unknown>) => !('usedBy' in parent) && !('label' in parent);

/**
 * An item's view with the page's changes marked: each facet the change touched gets its mark where
 * the page shows it (the first place only carries the mark's anchor), and the view says which
 * marks are in place; the page's list of changes shows the others. Only a changed page's view is
 * walked, once when it is built; the views it was made from are left as they are (views are shared).
 */
export function markItemView(view: ItemView, change: PageChange): ItemView {
  const { marked, changes } = mark(view, change);
  return { ...marked, changes };
}

/**
 * An area's view with its page's changes marked: its own facets, which its page lists (its items'
 * summaries and its gaps, which other pages show too, are left as they are).
 */
export function markAreaView(view: AreaSummary, change: PageChange): AreaSummary {
  const { marked, changes } = mark(view.facets, change);
  return { ...view, facets: marked, changes };
}

function mark<T>(view: T, change: PageChange): { marked: T; changes: PageChangeView } {
  const marks = new Map(change.marks.map((m) => [m.id, m]));
  const placed = new Set<string>();
  const walk = (value: unknown, container = false): unknown => {
    if (Array.isArray(value)) {
      let copy: unknown[] | undefined;
      value.forEach((v, i) => {
        const w = walk(v);
        if (w !== v) (copy ??= [...value])[i] = w;
      });
      return copy ?? value;
    }
    if (value === null || typeof value !== 'object') return value;
    const obj = value as Record<string, unknown>;
    // Another item's shape shown in place (an `all_of`'s part) has no anchor: its own page marks it.
    if (typeof obj.anchor === 'string' && obj.anchor === '' && 'children' in obj) return value;
    let copy: Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(obj)) {
      if (NOT_IN_PLACE.has(k)) continue;
      const w = walk(v, k === 'facet' && isContainer(obj));
      if (w !== v) (copy ??= { ...obj })[k] = w;
    }
    if (isFacetView(obj) && (!container || isGap(obj.state) || obj.state === 'none')) {
      const mark = marks.get(obj.id);
      if (mark) {
        const first = !placed.has(mark.id);
        placed.add(mark.id);
        const { anchor, ...rest } = mark;
        const shown: FacetChange = first && anchor !== undefined ? { ...rest, anchor } : rest;
        return { ...(copy ?? obj), change: shown };
      }
    }
    return copy ?? value;
  };
  return { marked: walk(view) as T, changes: { ...change, inPlace: [...placed].sort() } };
}
