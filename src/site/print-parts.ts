import { AREAS, continuedPath, itemPath, itemScope, PRINT_BYTES, printParts, printPath, printPlace, type AreaKey, type PrintPart } from '../lib/index.ts';
import { loadPrintSize, loadSite, removedItems, settings, specSite } from './data.ts';

/** One of an item's continued pages of the print version: its place below `print/`, the item, and which page of how many it is. */
export type ContinuedPage = { slug: string; area: string; id: string; page: number; pages: number };

/** The print version's pages beyond `print/`: its parts (none when the whole spec is printed on one page), and the items' continued pages. */
export type PrintPages = { parts: PrintPart[]; continued: ContinuedPage[] };

/** A print page's place below `print/`: `resources`, `resources/2`, `endpoints/update-app/2`. */
export const printSlug = (path: string): string => path.replace(/^print\//, '').replace(/\/$/, '');

/**
 * The print version's pages, each under one budget (`PRINT_BYTES`, an item page's): its parts,
 * counted in what each item writes there (its view's `printBytes`), the items the compared change
 * removes after their area's (printed and counted like them); and every item's continued pages,
 * what its page's budget of trees cuts, shown whole. Each item's blocks are made to know them
 * (`loadPrintSize`; its pages make its whole view), once per analysis: only the print pages ask,
 * so a page being edited in `astro dev` does not make every item's blocks again.
 */
export function loadPrint(): Promise<PrintPages> {
  return specSite().then((site) => {
    const index = site.index;
    if (made?.index !== index) made = { index, pages: measure() };
    return made.pages;
  });
}

/** The last print pages `loadPrint` made, and the analysis's index they were made from. */
let made: { index: object; pages: Promise<PrintPages> } | undefined;

async function measure(): Promise<PrintPages> {
  const site = await loadSite();
  const gone = await removedItems();
  const bytes = new Map<string, number>();
  const continued: ContinuedPage[] = [];
  for (const { area, id } of [...site.areas.flatMap((a) => a.items.map((i) => ({ area: a.key, id: i.id }))), ...gone]) {
    const size = await loadPrintSize(area, id);
    bytes.set(itemPath(area, id), size?.printBytes ?? 0);
    const pages = size?.continued ?? 0;
    for (let k = 2; k <= pages + 1; k++) continued.push({ slug: printSlug(continuedPath(itemScope(area, id), k)), area, id, page: k, pages: pages + 1 });
  }
  // The items the change removes, by area, in the order the print version prints them (the Changes page's).
  const removed: Partial<Record<AreaKey, number[]>> = {};
  for (const key of AREAS.map((a) => a.key)) {
    const sizes = gone.filter((r) => r.area === key).map((r) => bytes.get(itemPath(r.area, r.id)) ?? 0);
    if (sizes.length > 0) removed[key] = sizes;
  }
  const parts = printParts(site.areas, settings.printItems, (item) => bytes.get(item.path) ?? 0, PRINT_BYTES, removed);
  return { parts, continued };
}

/** Where the print version shows a resource (`resources/Order`, a link's key) whole: its part, at its heading (`printPlace`). */
export async function printPlaceOf(key: string): Promise<string> {
  const [area = '', id = ''] = key.split('/');
  const [site, print] = await Promise.all([loadSite(), loadPrint()]);
  const at = site.areas.find((a) => a.key === area);
  return at ? printPlace(print.parts, at.items, at.key, id) : printPath();
}
