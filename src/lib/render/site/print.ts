import type { AreaKey } from '../../areas/keys.ts';
import { printPath } from './paths.ts';

/**
 * How many items the print version puts on one page. A spec of at most this many is printed
 * whole on `print/`; a larger one gets a page per area (an area of more items gets parts of this
 * many), all linked from `print/`, so that no page grows with the size of the spec (about 5 KB of
 * HTML an item: 300 items make some 1.5 MB).
 */
export const PRINT_ITEMS = 300;

/**
 * How much YAML (in bytes) one print page shows at most: a page holds items until the next
 * would pass this, whatever their count, so a few huge items (a webhook payload of 190 KB of YAML
 * makes 4.5 MB of HTML) cannot make a page of tens of MB. An item larger than this alone gets a
 * page of its own.
 */
export const PRINT_SOURCE = 128 * 1024;

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
 * items and `budget` of YAML (then `print/` shows it all), else one per area, a large area in
 * parts of at most `limit` items and `budget` of YAML (`size` gives an item's).
 */
export function printParts<T>(
  areas: ReadonlyArray<{ key: AreaKey; items: readonly T[] }>,
  limit: number = PRINT_ITEMS,
  size: (item: T) => number = () => 0,
  budget: number = PRINT_SOURCE,
): PrintPart[] {
  const sizes = areas.map((a) => a.items.map(size));
  const all = sizes.flat();
  if (all.length <= limit && all.reduce((n, s) => n + s, 0) <= budget) return [];
  return areas.flatMap((area, a) => {
    // Greedy: each part takes items until the next would pass the count or the budget.
    const ranges: Array<[number, number]> = [];
    let from = 0;
    let used = 0;
    sizes[a]?.forEach((s, i) => {
      if (i > from && (i - from >= limit || used + s > budget)) {
        ranges.push([from, i]);
        from = i;
        used = 0;
      }
      used += s;
    });
    ranges.push([from, area.items.length]);
    return ranges.map(([start, end], i) => ({ area: area.key, part: i + 1, parts: ranges.length, from: start, to: end, path: printPath(area.key, i + 1) }));
  });
}
