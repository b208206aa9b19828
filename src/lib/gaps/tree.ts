import type { FacetResult } from './types.ts';

/** A facet in its owner's list, with how deep it nests and whether facets nest under it. */
export interface FacetNode {
  facet: FacetResult;
  /** 0 for the owner's own facets, 1 for a field's facets, and so on. */
  depth: number;
  hasChildren: boolean;
}

/**
 * The facets of one owner (an area or an item) as a tree in document order. `baseDepth` is the
 * number of id segments of the owner (`purpose` is 1, `resources/Order` is 2).
 */
export function facetTree(facets: readonly FacetResult[], baseDepth: number): FacetNode[] {
  const ids = new Set(facets.map((f) => f.id));
  const parents = new Set<string>();
  for (const f of facets) {
    const segments = f.id.split('/');
    for (let n = segments.length - 1; n > baseDepth; n--) {
      const id = segments.slice(0, n).join('/');
      if (ids.has(id)) parents.add(id);
    }
  }
  return facets.map((facet) => {
    const segments = facet.id.split('/');
    let depth = 0;
    for (let n = segments.length - 1; n > baseDepth; n--) if (ids.has(segments.slice(0, n).join('/'))) depth++;
    return { facet, depth, hasChildren: parents.has(facet.id) };
  });
}
