import type { Analysis } from '../analyze.ts';
import { AREA_KEYS, areaModule, isAreaKey, itemTitle } from '../areas/index.ts';
import { compareStrings } from '../diagnostics/diagnostic.ts';
import { canonical } from '../diff/canonical.ts';
import type { SpecDiff } from '../diff/diff.ts';
import { isGap } from '../facet/state.ts';
import type { FacetResult } from '../gaps/types.ts';
import { findItem } from '../model/spec.ts';
import { areaPath, itemPath, markAnchor } from '../render/site/paths.ts';
import type { BreakingMark, FacetChange, PageChange } from '../render/site/views.ts';
import { valueWords } from './words.ts';

/** A gap closed or opened, as the Changes page lists it: by id, under its item, linking to its mark. */
export type GapChange = { id: string; label: string; key: string; path: string; anchor?: string };

/**
 * What a change does to the spec against a revision, as the site shows it: the diff engine's
 * result (`diffSpecs`) placed on the pages, plain data. The Changes page renders its lists; each
 * page its own entry of `pages` (`pageChanges` finds it by path).
 */
export interface ChangeModel {
  /** The revision as given (`main`, `HEAD~1`), and the commit it names. */
  revision: string;
  commit: string;
  /** `area/item` keys, as `diff` lists them. */
  added: string[];
  removed: string[];
  renamed: Array<{ from: string; to: string }>;
  changed: string[];
  areasChanged: string[];
  closed: GapChange[];
  opened: GapChange[];
  breaking: Array<BreakingMark & { key: string; path: string }>;
  gapCount: { before: number; after: number };
  /** Every page the change touches, in the areas' order, then by key. */
  pages: PageChange[];
}

/** The id of a mark on its page: the facet's anchor, prefixed so that it never meets one. */
export { markAnchor };

/** The anchor of a page's list of changes (an item page's box; a removed item's notice). */
export const CHANGES_ANCHOR = 'changes';

const keyOf = (f: Pick<FacetResult, 'area' | 'item'>) => (f.item === undefined ? f.area : `${f.area}/${f.item}`);

/** `area/item` of a key, split; an area's own key has no item. */
function split(key: string): { area: string; item?: string } {
  const at = key.indexOf('/');
  return at < 0 ? { area: key } : { area: key.slice(0, at), item: key.slice(at + 1) };
}

/** The page a key is shown on. */
const pathOf = (key: string) => {
  const { area, item } = split(key);
  return item === undefined ? areaPath(area) : itemPath(area, item);
};

/** A facet id of an item as the renamed item has it. */
function renamedId(id: string, renamed: ReadonlyMap<string, string>): string {
  const [area = '', item = ''] = id.split('/');
  const to = renamed.get(`${area}/${item}`);
  return to === undefined ? id : `${to}${id.slice(area.length + 1 + item.length)}`;
}

/**
 * The change model of `diff` (made by `diffSpecs(before, after)`), placed on the pages of `after`:
 * every item added, removed, renamed or changed, every gap closed or opened and every breaking
 * change is on the page of the item it concerns, with the anchor of its mark; a changed item's
 * stated values that changed are marked before -> after.
 */
export function changeModel(diff: SpecDiff, before: Analysis, after: Analysis, revision: { name: string; commit: string }): ChangeModel {
  const renamed = new Map(diff.itemsRenamed.map((r) => [r.from, r.to]));
  const pages = new Map<string, PageChange>();
  const titleIn = (analysis: Analysis, key: string) => {
    const { area, item } = split(key);
    if (!isAreaKey(area)) return key;
    return item === undefined ? areaModule(area).title : ((found) => (found ? itemTitle(area, found) : item))(findItem(analysis.spec, area, item));
  };
  const page = (key: string, status: PageChange['status'] = 'changed'): PageChange => {
    let p = pages.get(key);
    if (!p) {
      p = { path: pathOf(key), key, title: titleIn(status === 'removed' ? before : after, key), status, marks: [], breaking: [] };
      pages.set(key, p);
    }
    return p;
  };
  for (const key of diff.itemsAdded) page(key, 'added');
  for (const key of diff.itemsRemoved) page(key, 'removed');
  for (const { from, to } of diff.itemsRenamed) page(to, 'renamed').from = from;
  for (const key of diff.itemsChanged) page(key);
  for (const key of diff.areasChanged) page(key);
  const removed = new Set(diff.itemsRemoved);

  const closed: GapChange[] = [];
  for (const g of diff.gapsClosed) {
    const gone = removed.has(keyOf(g));
    const id = gone ? g.id : renamedId(g.id, renamed);
    const key = gone ? keyOf(g) : renamedId(keyOf(g), renamed);
    const p = page(key);
    if (gone) {
      (p.closedWith ??= []).push({ id, label: g.label });
      closed.push({ id, label: g.label, key, path: p.path, anchor: CHANGES_ANCHOR });
      continue;
    }
    const now = after.facetsOf(key)?.facets.find((f) => f.id === id);
    const words = now ? valueWords(now) : undefined;
    p.marks.push({ id, kind: 'stated', label: g.label, ...(words !== undefined ? { after: words } : {}), anchor: markAnchor(id) });
    closed.push({ id, label: g.label, key, path: p.path, anchor: markAnchor(id) });
  }

  const opened: GapChange[] = [];
  for (const g of diff.gapsOpened) {
    const key = keyOf(g);
    const p = page(key);
    p.marks.push({ id: g.id, kind: 'opened', label: g.label, anchor: markAnchor(g.id) });
    opened.push({ id: g.id, label: g.label, key, path: p.path, anchor: markAnchor(g.id) });
  }

  for (const p of pages.values()) if (p.status === 'changed' || p.status === 'renamed') p.marks.push(...changedValues(before, after, p.from ?? p.key, p.key, renamed));

  const breaking: ChangeModel['breaking'] = [];
  for (const b of diff.breaking) {
    const key = renamed.get(b.item) ?? b.item;
    const p = page(key);
    const mark = concerned(p.marks, b.message);
    const anchor = p.status === 'removed' ? CHANGES_ANCHOR : (mark?.anchor ?? `change-breaking-${p.breaking.length + 1}`);
    if (mark && p.status !== 'removed') (mark.breaking ??= []).push(b.message);
    const entry: BreakingMark = { message: b.message, anchor, ...(mark && p.status !== 'removed' ? { facet: mark.id } : {}) };
    p.breaking.push(entry);
    breaking.push({ ...entry, key, path: p.path });
  }

  const order = (key: string) => AREA_KEYS.indexOf(split(key).area as (typeof AREA_KEYS)[number]);
  return {
    revision: revision.name,
    commit: revision.commit,
    added: diff.itemsAdded,
    removed: diff.itemsRemoved,
    renamed: diff.itemsRenamed,
    changed: diff.itemsChanged,
    areasChanged: diff.areasChanged,
    closed,
    opened,
    breaking,
    gapCount: diff.gapCount,
    pages: [...pages.values()].sort((a, b) => order(a.key) - order(b.key) || compareStrings(a.key, b.key)),
  };
}

/**
 * The stated values of an item that the change changed, each the innermost facet that changed (a
 * field's `allowed`, not the `fields` around it): stated before and after with another value, or
 * newly stated where nothing was written (a new field's facets, which were no gap).
 */
function changedValues(before: Analysis, after: Analysis, beforeKey: string, key: string, renamed: ReadonlyMap<string, string>): FacetChange[] {
  const was = new Map((before.facetsOf(beforeKey)?.facets ?? []).map((f) => [renamedId(f.id, renamed), f]));
  const now = after.facetsOf(key)?.facets ?? [];
  // Every facet id that has another facet inside it, on either side: only the innermost are compared.
  const outer = new Set<string>();
  for (const id of [...was.keys(), ...now.map((f) => f.id)]) for (let at = id.lastIndexOf('/'); at > 0; at = id.lastIndexOf('/', at - 1)) outer.add(id.slice(0, at));
  const out: FacetChange[] = [];
  for (const f of now) {
    if (isGap(f.state) || outer.has(f.id)) continue;
    const old = was.get(f.id);
    if (old && isGap(old.state)) continue; // a gap it closed: marked as such
    if (old && canonical(old.value) === canonical(f.value)) continue;
    const beforeWords = old ? valueWords(old) : undefined;
    const afterWords = valueWords(f);
    out.push({ id: f.id, kind: 'changed', label: f.label, ...(beforeWords !== undefined ? { before: beforeWords } : {}), ...(afterWords !== undefined ? { after: afterWords } : {}), anchor: markAnchor(f.id) });
  }
  return out;
}

/**
 * The mark a breaking change concerns, as far as its words tell: the change names values in code
 * spans (`status`, `Order.status`), and the facet whose id holds the most of them is the one; none
 * when no facet's id names one of them (an item removed: the page's list of changes says it).
 */
function concerned(marks: readonly FacetChange[], message: string): FacetChange | undefined {
  const names = new Set([...message.matchAll(/`([^`]+)`/g)].flatMap((m) => (m[1] ?? '').split('.')));
  const words = new Set(message.toLowerCase().split(/[^a-z_]+/));
  let best: FacetChange | undefined;
  let bestScore = 0;
  for (const mark of marks) {
    if (mark.kind === 'stated') continue;
    const segments = mark.id.split('/').slice(2);
    const named = segments.filter((s) => names.has(s)).length;
    if (named === 0) continue;
    // Its own key in the words (`allowed values ... narrowed`, `type`) tells a field's facets apart.
    const score = named * 2 + (words.has(segments.at(-1) ?? '') ? 1 : 0);
    if (score > bestScore) [best, bestScore] = [mark, score];
  }
  return best;
}

/** The model's pages by path: each page looks its changes up, never walks the model. */
export function pageChanges(model: ChangeModel): ReadonlyMap<string, PageChange> {
  return new Map(model.pages.map((p) => [p.path, p]));
}
