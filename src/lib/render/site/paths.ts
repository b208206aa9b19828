import { areaFacetOwners, isAreaKey } from '../../areas/index.ts';

/** Where a page of the site lives, relative to the site's base: one place decides the URL scheme. */
export function areaPath(area: string): string {
  return `${area}/`;
}

export function itemPath(area: string, id: string): string {
  return `${area}/${id}/`;
}

/**
 * The anchor a facet has on the page that shows it: `f-` and its id, with every character that is
 * not safe in an HTML id and a URL fragment written as `_hex_` (and `_` itself as `_5f_`), so
 * different ids always get different anchors.
 */
export function facetAnchor(id: string): string {
  return `f-${id.replace(/[^A-Za-z0-9.~/-]/gu, (c) => `_${(c.codePointAt(0) ?? 0).toString(16)}_`)}`;
}

/** The page that shows what an id names: its item's page, or its area's page for area facets (ids `area/facet` and `area/facet/...`). */
export function pageOf(id: string): string {
  const [area = '', item, ...rest] = id.split('/');
  const owners = isAreaKey(area) ? areaFacetOwners(area) : undefined;
  return rest.length > 0 && item !== undefined && owners !== null && !owners?.has(item) ? itemPath(area, item) : areaPath(area);
}

/** A facet is shown on its item's page, or on its area's page for area facets (ids `area/facet`). */
export function facetPath(id: string): string {
  return `${pageOf(id)}#${facetAnchor(id)}`;
}

/** The anchor of a facet's mark in comparison mode ("stated in this change", "opened", before → after): on the page, or in its box of changes. */
export const markAnchor = (id: string): string => `change-${facetAnchor(id)}`;

/** Where a facet's mark is, from the site's root: what a preview's links name. */
export function markPath(id: string): string {
  return `${pageOf(id)}#${markAnchor(id)}`;
}

/**
 * What prefixes the ids of an item's blocks and trees where a page shows many items (the print
 * version): its area and id, made safe for an id like a facet's anchor (`endpoints/get-order/`).
 * An item id holds no `/`, so no two items' prefixes, nor what follows them, can meet.
 */
export function itemScope(area: string, id: string): string {
  return `${area}/${id.replace(/[^A-Za-z0-9.~-]/gu, (c) => `_${(c.codePointAt(0) ?? 0).toString(16)}_`)}/`;
}

/** The page of all gaps, or its section for one area. */
export function gapsPath(area?: string): string {
  return area === undefined ? 'gaps/' : `gaps/#${gapsAnchor(area)}`;
}

/** The anchor of an area's section on the page of all gaps. */
export function gapsAnchor(area: string): string {
  return `area-${area}`;
}

/** The anchor of a group of items (a tag) on its area's page. */
export function groupAnchor(group: string): string {
  return `group-${group.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'other'}-${[...group].reduce((h, c) => (h * 31 + (c.codePointAt(0) ?? 0)) >>> 0, 7).toString(36)}`;
}

/** The print version: the whole spec, or where it is split (a large spec), one area's page or one part of it (`print/resources/2/`). */
export function printPath(area?: string, part = 1): string {
  return area === undefined ? 'print/' : part === 1 ? `print/${area}/` : `print/${area}/${part}/`;
}

/**
 * One of an item's continued pages of the print version (`page` from 2: the item's own page, and
 * its place in the print version, are the first): what the page's budget of trees cut, shown whole.
 * `scope` is the item's (`itemScope`), so the path is safe in a URL and no area's part has it.
 */
export function continuedPath(scope: string, page: number): string {
  return `print/${scope}${page}/`;
}

/**
 * A link written in the spec as the site shows it: a relative one (`../gaps/`) resolved against
 * the page of the area or item that states it, so it leads to the same place from every page that
 * shows the facet (the print pages sit at other depths); an absolute one as written.
 */
export function linkOnSite(link: string, page: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('//')) return link;
  const url = new URL(link, `http://site.invalid${page}`);
  return url.host === 'site.invalid' ? `${url.pathname}${url.search}${url.hash}` : link;
}
