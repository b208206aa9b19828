import type { Root, RootContent } from 'hast';
import { createRequire } from 'node:module';
import type { AreaKey } from '../../areas/keys.ts';
import { printPath } from './paths.ts';
import { TREE_BYTES } from './shape-tree.ts';

/**
 * How many items the print version puts on one page. A spec of at most this many is printed
 * whole on `print/`; a larger one gets a page per area (an area of more items gets parts of this
 * many), all linked from `print/`, so that no page grows with the size of the spec (about 5 KB of
 * HTML an item: 300 items make some 1.5 MB).
 */
export const PRINT_ITEMS = 300;

/**
 * How much one print page shows at most, in estimated bytes of HTML (`printBytes`): the budget of
 * an item's page (`TREE_BYTES`), one rule for every page. A page holds items until the next would
 * pass it, whatever their count, so many small items (GitHub's webhook events, 40 to 100 KB each,
 * made print parts of 2.9 MB while parts were counted in YAML) or a few huge ones cannot make a
 * page larger. An item larger than this alone gets a page of its own; what its trees cut is on its
 * continued pages (`continuedPath`), each under the same budget.
 */
export const PRINT_BYTES = TREE_BYTES;

/**
 * What the print version writes of an item, in estimated bytes of HTML: its trees as its page shows
 * them, but the resources shown in place (the print version prints each in its own section), its
 * examples (written twice over by the highlighting), and about its YAML again for the rest (its
 * facts, prose, parameters' tables), with a frame. Calibrated on GitHub's print version (t3132g):
 * not below what is written for 708 items of it.
 */
export function printBytes(trees: number, examples: number, yaml: number): number {
  return trees + 2 * examples + yaml + 6000;
}

/** How long the examples a page's blocks write are: each example's text (an object with its `lang` and `text`), wherever a block holds one. */
export function exampleBytes(blocks: unknown): number {
  if (blocks === null || typeof blocks !== 'object') return 0;
  let n = 0;
  // Walked in place, no array of entries made per object: a GitHub item's blocks are tens of thousands of them.
  if (Array.isArray(blocks)) {
    for (const b of blocks) n += exampleBytes(b);
    return n;
  }
  const record = blocks as Record<string, unknown>;
  const example = 'lang' in record;
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (key === 'text' && typeof value === 'string' && example) n += value.length;
    else if (typeof value === 'object') n += exampleBytes(value);
  }
  return n;
}

/** One page of a split print version: an area, or a part of a large one, with the range of its items it shows. */
export type PrintPart = {
  area: AreaKey;
  /** 1-based; the first part also shows the area's own facets. */
  part: number;
  parts: number;
  /**
   * The items shown, as indexes into the area's items followed by those the compared change
   * removes (`printParts`' `removed`): `from` up to, not including, `to`.
   */
  from: number;
  to: number;
  path: string;
};

/**
 * The pages of the print version beyond `print/`: none when the whole spec has at most `limit`
 * items and `budget` of HTML (then `print/` shows it all), else one per area, a large area in
 * parts of at most `limit` items and `budget` of HTML (`size` gives an item's, `printBytes`). With `compare`,
 * the items the change removes (`removed`: by area, the size of each at the revision) are printed
 * after their area's items and counted like them, so no page holds more (a change that drops
 * hundreds of items gets parts of its own for them).
 */
export function printParts<T>(
  areas: ReadonlyArray<{ key: AreaKey; items: readonly T[] }>,
  limit: number = PRINT_ITEMS,
  size: (item: T) => number = () => 0,
  budget: number = PRINT_BYTES,
  removed: Readonly<Partial<Record<AreaKey, readonly number[]>>> = {},
): PrintPart[] {
  const sizes = areas.map((a) => [...a.items.map(size), ...(removed[a.key] ?? [])]);
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
    ranges.push([from, sizes[a]?.length ?? 0]);
    return ranges.map(([start, end], i) => ({ area: area.key, part: i + 1, parts: ranges.length, from: start, to: end, path: printPath(area.key, i + 1) }));
  });
}

const load = createRequire(import.meta.url);
/** The HTML reader, loaded on first use: only a print page asks for it. */
let readHtml: typeof import('hast-util-from-html').fromHtml | undefined;

/** A heading's tag as written at the start (`<h2`) and the end (`</h2>`) of the element. */
const HEADING = /^h([1-6])$/;

/**
 * A page's HTML (an item's or an area's, made for a page whose title is its h1) placed under a
 * heading of the print version: every heading in it `by` levels further down, at most h6. So an
 * item under its h3 keeps its outline strictly below it (its sections h4, its prose's headings
 * from h4), and the print page's outline never goes back up inside an item. The HTML is read as
 * a browser reads it (hast-util-from-html), and only the headings' tag names are rewritten, where
 * they are written: text, attributes and code that look like a tag are left as they are.
 */
export function headingsBelow(html: string, by: number): string {
  if (by <= 0 || !/<h[1-6]/i.test(html)) return html;
  readHtml ??= (load('hast-util-from-html') as typeof import('hast-util-from-html')).fromHtml;
  const edits: Array<{ at: number; length: number; text: string }> = [];
  const stack: Array<RootContent | Root> = [readHtml(html, { fragment: true })];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node) break;
    if (node.type === 'element') {
      const level = HEADING.exec(node.tagName)?.[1];
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      if (level !== undefined && start !== undefined && end !== undefined) {
        const to = String(Math.min(6, Number(level) + by));
        const open = html.slice(start, start + 3).toLowerCase();
        const close = html.slice(end - 5, end).toLowerCase();
        // Both tags written where the reader placed them, or neither is touched.
        if (open === `<h${level}` && close === `</h${level}>`) edits.push({ at: start + 2, length: 1, text: to }, { at: end - 2, length: 1, text: to });
      }
    }
    if ('children' in node) for (const child of node.children) stack.push(child);
  }
  edits.sort((a, b) => a.at - b.at);
  let out = '';
  let from = 0;
  for (const e of edits) {
    out += html.slice(from, e.at) + e.text;
    from = e.at + e.length;
  }
  return out + html.slice(from);
}

/**
 * Where the print version shows an item whole, under its heading (`area-id`): on `print/` where
 * the spec is printed on one page (`parts` empty), else on the part of its area that holds it. The
 * print version links there where its page shows the item in place (a resource's fields in a body):
 * a printed copy then reads on in print, not on the reference pages (t32h #4).
 */
export function printPlace(parts: readonly PrintPart[], items: ReadonlyArray<{ id: string }>, area: AreaKey, id: string): string {
  const index = items.findIndex((i) => i.id === id);
  const part = parts.find((p) => p.area === area && index >= p.from && index < p.to);
  return `${part ? part.path : printPath()}#${area}-${id}`;
}
