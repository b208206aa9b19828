import { areaModule, isAreaKey } from '../areas/index.ts';
import type { ResolveLink } from './markdown.ts';
import { parseTarget } from './prose.ts';

/** Where each kind of link target goes in one output (a page of the site, a heading of a document). */
export interface LinkPlaces {
  area(area: string): string;
  item(area: string, id: string): string;
  /** Where a facet is shown; undefined for a facet id the spec does not have. */
  facet(id: string): string | undefined;
}

/**
 * One reading of `[[...]]` link targets for every output: an item's label is its title, an area's
 * its name, a facet's its id. Targets that do not resolve stay as written (`check` reports them).
 */
export function linkResolver(titles: Pick<ReadonlyMap<string, string>, 'get'>, places: LinkPlaces): ResolveLink {
  return (raw) => {
    const target = parseTarget(raw);
    if (!target) return undefined;
    if (target.kind === 'facet') {
      const href = places.facet(target.id);
      return href === undefined ? undefined : { href, label: target.id };
    }
    if (!isAreaKey(target.area)) return undefined;
    if (target.kind === 'area') return { href: places.area(target.area), label: areaModule(target.area).title };
    const title = titles.get(`${target.area}/${target.id}`);
    return title === undefined ? undefined : { href: places.item(target.area, target.id), label: title };
  };
}
