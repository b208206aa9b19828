import { idSegment } from '../../../facet/ids.ts';
import type { Obj } from '../../../facet/state.ts';
import type { FacetResult, OwnerResult } from '../../../gaps/types.ts';
import { detailView, facetView } from '../facet-view.ts';
import { shapeTrees, type ShapeTrees } from '../shape-tree.ts';
import type { ItemFacets, ViewContext } from '../site-index.ts';
import type { FacetView, LinkView } from '../views.ts';

/** No keys: an owner with no facets under it. */
const NONE: ReadonlySet<string> = new Set();

/**
 * What the block builders of one item's page share: the page's facets and the values its owners
 * state, looked up by id (the item's own; a resource shown in place, read through the view's
 * context so the page follows the resource's file; anything else, such as a scheme's scope or the
 * area's body, by id), every one of them noted as placed when a block shows it, and the page's
 * shape trees.
 */
export interface BlockContext {
  /** What the page's view reads, each read noted. */
  readonly view: ViewContext;
  /** Prefixes the anchors of the page's trees: unique per item (`endpoints/get-order/`). */
  readonly scope: string;
  /** The base address paths are relative to, as the purpose states it (or its placeholder). */
  readonly baseUrl: string | undefined;
  /** The ids of the facets and values a block shows: the page lists the others after its blocks. */
  readonly used: Set<string>;
  /**
   * What a block leaves out because it says nothing to a reader (parameters stated as none, a
   * parameter's default style): placed, and shown with the page's authoring facts.
   */
  readonly quiet: FacetView[];
  /** The page's trees: shapes, and the resources they name shown in place. */
  readonly trees: ShapeTrees;
  /** A facet by id, without noting it as placed. */
  lookup(id: string): FacetResult | undefined;
  /** A facet by id as the page shows it, noted as placed. */
  facet(id: string): FacetView | undefined;
  /** The keys of the facets directly under an owner (`type`, `fields`…), when it is known which there are. */
  keysUnder(id: string): ReadonlySet<string> | undefined;
  /** A value an owner states besides its facets, noted as placed. */
  detailOf(ownerId: string, key: string): FacetView | undefined;
  /** The values an owner states besides its facets, minus the keys given, each noted as placed. */
  details(ownerId: string, skip?: ReadonlySet<string>): FacetView[];
  /** A facet, or where the key is no facet of its owner, a value the owner states. */
  cell(ownerId: string, key: string): FacetView | undefined;
  /** Facets directly under an owner that none of the given keys place, each noted as placed. */
  otherFacets(ownerId: string, placed: ReadonlySet<string>): FacetView[];
  /** Notes a value an owner states as shown. */
  place(id: string): void;
  /** An item's page, when the spec has the item. */
  link(area: 'resources' | 'errors' | 'authentication', id: string): LinkView | undefined;
  /** An item's data, when the spec has it. */
  item(area: 'resources' | 'errors' | 'authentication', id: string): Obj | undefined;
  /** Prose as safe HTML, its relative links resolved against `page` (the page of the item or area that states it). */
  prose(text: string, page: string): string;
  /** Where another item's shape lists its allowed values whole (`TreeContext.wholeAt`). */
  wholeAt?(id: string): string | undefined;
}

/** The block context of one item's page (`key` is `area/id`, `own` its facets indexed; `wholeAt` as `TreeContext.wholeAt`). */
export function blockContext(ctx: ViewContext, key: string, own: ItemFacets, scope: string, wholeAt?: (id: string) => string | undefined): BlockContext {
  const walks = new Map<string, ItemFacets | undefined>([[key, own]]);
  const walkOf = (id: string) => {
    const first = id.indexOf('/');
    const second = id.indexOf('/', first + 1);
    const k = second < 0 ? id : id.slice(0, second);
    // Another item's facets are looked up through its walk where the page shows it in place: a resource, an error's body.
    if (first < 0 || (k !== key && !id.startsWith('resources/') && !id.startsWith('errors/'))) return undefined;
    let found = walks.get(k);
    if (found === undefined && !walks.has(k)) {
      found = ctx.facetsOf(k);
      walks.set(k, found);
    }
    return found;
  };
  const lookup = (id: string) => {
    const w = walkOf(id);
    return w ? w.byId.get(id) : ctx.facet(id);
  };
  const owner = (id: string): OwnerResult | undefined => walkOf(id)?.owners.get(id);
  const used = new Set<string>();
  // A facet's view is the same on every page that shows it (a resource's fields shown in place on many): made once.
  const view = (f: FacetResult) => ctx.shared(f, (c) => facetView(c, f));
  const detail = (o: OwnerResult, k: string, value: unknown) => ctx.shared(`detail\u0000${o.id}\u0000${k}`, (c) => detailView(c, o, k, value));
  const facet = (id: string): FacetView | undefined => {
    const f = lookup(id);
    if (!f) return undefined;
    used.add(id);
    return view(f);
  };
  const detailOf = (ownerId: string, k: string): FacetView | undefined => {
    const o = owner(ownerId);
    const hit = o?.details.find(([x]) => x === k);
    if (!o || !hit) return undefined;
    used.add(`${ownerId}/${k}`);
    return detail(o, k, hit[1]);
  };
  const base = ctx.index.service.baseUrl;
  const c: Omit<BlockContext, 'trees'> = {
    view: ctx,
    scope,
    baseUrl: base,
    used,
    quiet: [],
    lookup,
    facet,
    keysUnder: (id) => {
      const w = walkOf(id);
      return w ? (w.keysUnder.get(id) ?? NONE) : undefined;
    },
    detailOf,
    details: (ownerId, skip = NONE) => {
      const o = owner(ownerId);
      if (!o) return [];
      return o.details.filter(([k]) => !skip.has(k)).map(([k, value]) => {
        used.add(`${ownerId}/${k}`);
        return detail(o, k, value);
      });
    },
    cell: (ownerId, k) => facet(`${ownerId}/${idSegment(k)}`) ?? detailOf(ownerId, k),
    otherFacets: (ownerId, placed) => {
      const out: FacetView[] = [];
      // An owner of a known item with no facets under it has none (an empty list), not unknown ones.
      const w = walkOf(ownerId);
      for (const f of w ? (w.under.get(ownerId) ?? []) : []) {
        if (used.has(f.id) || placed.has(f.id.slice(ownerId.length + 1))) continue;
        used.add(f.id);
        out.push(view(f));
      }
      return out;
    },
    place: (id) => used.add(id),
    link: (area, id) => ctx.link(`${area}/${id}`, area),
    item: (area, id) => ctx.item(area, id),
    prose: (text, page) => ctx.prose(text, page),
    ...(wholeAt ? { wholeAt } : {}),
  };
  return Object.assign(c, { trees: shapeTrees(c) });
}
