import { counted, type AreaSummary, type ItemView, type PrintPart } from '../../../lib/index.ts';
import { loadChanges, loadItem, removedItems } from '../../data.ts';

/** What one area shows on a page of the print version: its own part (`facets`) and some of its items. */
export interface PrintedArea {
  area: AreaSummary;
  items: ItemView[];
  /** Its own facets and prose are on this page (the first part of an area printed in parts). */
  facets?: boolean;
  /** The part of the area the page prints (`PrintPart`'s range: its items, then those the change removes); none: all of it. */
  part?: Pick<PrintPart, 'from' | 'to'>;
}

/** The area's items the compared change removes, in the Changes page's order: none without `compare`. */
async function goneFrom(area: AreaSummary): Promise<Array<{ area: string; id: string }>> {
  return (await removedItems()).filter((r) => r.area === area.key);
}

/**
 * The items the compared change removes from an area that a page of the print version shows, as
 * their pages show them (their last content, marked removed): after the area's items, as the
 * Changes page lists what goes away, and counted in the area's parts like them (`printParts`), so
 * a part shows those its range reaches past the area's items. None without `compare`.
 */
export async function removedFrom({ area, part }: PrintedArea): Promise<ItemView[]> {
  const count = area.items.length;
  const from = Math.max(0, (part?.from ?? 0) - count);
  const to = part === undefined ? undefined : Math.max(0, part.to - count);
  const gone = (await goneFrom(area)).slice(from, to);
  const views = await Promise.all(gone.map((r) => loadItem(r.area, r.id)));
  return views.flatMap((v) => v ?? []);
}

/**
 * A part of the print version's title (`4. Endpoints, part 2 of 3`) and, where the area is printed in
 * parts or the part shows items the compared change removes, which items it shows (`partRange`).
 * The parts that print the area's own items are numbered among themselves, so that one that shows
 * no change reads as without `compare`, byte for byte; those that print only removed items (past
 * the area's last part) say so in their title.
 */
export async function partWords(area: AreaSummary, part: PrintPart, all: readonly PrintPart[]): Promise<{ title: string; shows?: string }> {
  const count = area.items.length;
  const mine = all.filter((p) => p.area === part.area);
  const own = mine.filter((p) => p.from < count).length;
  const name = `${area.number}. ${area.title}`;
  if (part.from >= count) {
    const gone = mine.filter((p) => p.from >= count);
    const at = gone.findIndex((p) => p.part === part.part) + 1;
    return { title: `${name}, items this change removes${gone.length > 1 ? `, part ${at} of ${gone.length}` : ''}`, shows: await partRange(area, part) };
  }
  return { title: `${name}${own > 1 ? `, part ${part.part} of ${own}` : ''}`, ...(own > 1 || part.to > count ? { shows: await partRange(area, part) } : {}) };
}

/**
 * Which of an area's items a part of the print version shows, in words: `Items 3 to 4 of 4.`; a part
 * that reaches past them into the items the compared change removes counts those apart (`Items 5
 * to 5 of 5, then 1 to 2 of the 3 items this change removes.`), so that a part that shows no
 * removed item reads as without `compare`.
 */
export async function partRange(area: AreaSummary, part: Pick<PrintPart, 'from' | 'to'>): Promise<string> {
  const count = area.items.length;
  const mine = part.from < count ? `Items ${part.from + 1} to ${Math.min(part.to, count)} of ${count}` : undefined;
  if (part.to <= count) return `${mine ?? ''}.`;
  const gone = (await goneFrom(area)).length;
  const removed = `${Math.max(0, part.from - count) + 1} to ${part.to - count} of the ${counted(gone, 'item')} this change removes`;
  return mine === undefined ? `Items ${removed}.` : `${mine}, then ${removed}.`;
}

/**
 * Whether a page of the print version shows anything the compared change marks: an area's own
 * changes where its part is printed, an item's, an item removed. A page that shows none is as
 * without `compare`, byte for byte.
 */
export async function printShowsChanges(printed: readonly PrintedArea[]): Promise<boolean> {
  if (!(await loadChanges())) return false;
  for (const p of printed) {
    if ((p.facets ?? true) && p.area.changes !== undefined) return true;
    if (p.items.some((i) => i.changes !== undefined)) return true;
    if ((await removedFrom(p)).length > 0) return true;
  }
  return false;
}
