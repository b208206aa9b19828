import type { AreaSummary, FacetView } from './views.ts';
import { areaPath, gapsAnchor } from './paths.ts';

/**
 * How many rows one page of a list shows: an area's items (one row per item and group it is listed
 * under) or the gaps page's gaps. A row is some 700 to 860 bytes of HTML (t32h: Microsoft Graph's
 * 2,653 resources made a 1.87 MB `/resources/`, its 6,177 in beta would make 4.3 MB), so a page of
 * lists stays near 1 MB, under GitHub's 2 MB bound with its frame, whatever the size of the spec.
 * A longer list goes on continued pages (`listPath`), each saying which rows it shows and linking
 * to the others.
 */
export const LIST_ROWS = 1_000;

/** Rows in pages of at most `limit`: one page (maybe empty) at least. */
export function listPages<T>(rows: readonly T[], limit: number = LIST_ROWS): T[][] {
  const pages: T[][] = [];
  for (let from = 0; from < rows.length; from += limit) pages.push(rows.slice(from, from + limit));
  return pages.length > 0 ? pages : [[]];
}

/**
 * The page of an area's list (`resources/`, then `resources/list/2/`…) or of the gaps page
 * (`gaps/`, then `gaps/2/`…). An area's continued pages sit a level below its items' pages, so no
 * item id (`2`, `list`) can take their place.
 */
export function listPath(list: string, page: number): string {
  if (page <= 1) return list === 'gaps' ? 'gaps/' : areaPath(list);
  return list === 'gaps' ? `gaps/${page}/` : `${list}/list/${page}/`;
}

/** One area's gaps on one page of the gaps page: which of them, from `from` in the area's list. */
export type GapSection<A> = { area: A; gaps: FacetView[]; from: number };

/** The gaps page's pages: every area's gaps in order, in pages of at most `limit` rows, an area's section split where a page ends. */
export function gapPages<A extends Pick<AreaSummary, 'key' | 'gaps'>>(areas: readonly A[], limit: number = LIST_ROWS): Array<Array<GapSection<A>>> {
  const rows = areas.flatMap((area) => area.gaps.map((gap, i) => ({ area, gap, i })));
  return listPages(rows, limit).map((page) => {
    const sections: Array<GapSection<A>> = [];
    for (const r of page) {
      const last = sections.at(-1);
      if (last?.area === r.area) last.gaps.push(r.gap);
      else sections.push({ area: r.area, gaps: [r.gap], from: r.i });
    }
    return sections;
  });
}

/** Where the gaps page shows an area's section (the page of its first gap). */
export function gapsAreaPath(areas: ReadonlyArray<Pick<AreaSummary, 'key' | 'gaps'>>, key: string, limit: number = LIST_ROWS): string {
  const page = gapPages(areas, limit).findIndex((p) => p.some((s) => s.area.key === key));
  return `${listPath('gaps', page + 1)}#${gapsAnchor(key)}`;
}
