import type { AreaKey } from '../areas/keys.ts';
import { printPath } from './paths.ts';

/**
 * How many items the print version puts on one page. A spec of at most this many is printed
 * whole on `print/`; a larger one gets a page per area (an area of more items gets parts of this
 * many), all linked from `print/`, so that no page grows with the size of the spec (about 5 KB of
 * HTML an item: 300 items make some 1.5 MB).
 */
export const PRINT_ITEMS = 300;

/** One page of a split print version: an area, or a part of a large one, with the range of its items it shows. */
export type PrintPart = {
  area: AreaKey;
  /** 1-based; the first part also shows the area's own facets. */
  part: number;
  parts: number;
  /** The items shown, as indexes into the area's items: `from` up to, not including, `to`. */
  from: number;
  to: number;
  path: string;
};

/**
 * The pages of the print version beyond `print/`: none when the whole spec has at most `limit`
 * items (then `print/` shows it all), else one per area and `limit` items.
 */
export function printParts(areas: ReadonlyArray<{ key: AreaKey; items: readonly unknown[] }>, limit: number = PRINT_ITEMS): PrintPart[] {
  if (areas.reduce((n, a) => n + a.items.length, 0) <= limit) return [];
  return areas.flatMap((area) => {
    const parts = Math.max(1, Math.ceil(area.items.length / limit));
    return Array.from({ length: parts }, (_, i) => ({ area: area.key, part: i + 1, parts, from: i * limit, to: Math.min(area.items.length, (i + 1) * limit), path: printPath(area.key, i + 1) }));
  });
}
