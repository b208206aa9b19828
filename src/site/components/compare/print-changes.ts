import type { AreaSummary, ItemView } from '../../../lib/index.ts';
import { loadChanges, loadItem, removedItems } from '../../data.ts';

/** What one area shows on a page of the print version: its own part (`facets`) and some of its items. */
export interface PrintedArea {
  area: AreaSummary;
  items: ItemView[];
  /** Its own facets and prose are on this page (the first part of an area printed in parts). */
  facets?: boolean;
}

/**
 * The items the compared change removes from an area, as their pages show them (their last
 * content, marked removed), on the page of the print version that holds the area's last items:
 * after them, as the Changes page lists what goes away. None without `compare`.
 */
export async function removedFrom({ area, items }: PrintedArea): Promise<ItemView[]> {
  if (items.at(-1)?.id !== area.items.at(-1)?.id) return [];
  const gone = (await removedItems()).filter((r) => r.area === area.key);
  const views = await Promise.all(gone.map((r) => loadItem(r.area, r.id)));
  return views.flatMap((v) => v ?? []);
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
