import type { Analysis } from '../analyze.ts';
import { AREA_KEYS, areaModule, isAreaKey, itemTitle } from '../areas/index.ts';
import type { AreaKey } from '../areas/keys.ts';
import { compareStrings } from '../diagnostics/diagnostic.ts';
import { canonical } from '../diff/canonical.ts';
import { changeCounts, type ChangeCounts } from '../diff/counts.ts';
import { idAfter, type SpecDiff } from '../diff/diff.ts';
import type { ParameterRename } from '../diff/parameters.ts';
import { idSegment } from '../facet/ids.ts';
import type { Path } from '../facet/path.ts';
import { isGap, isOpenValue } from '../facet/state.ts';
import type { FacetResult, FileAssessment } from '../gaps/types.ts';
import { findItem } from '../model/spec.ts';
import { areaPath, itemPath, markAnchor } from '../render/site/paths.ts';
import type { BreakingMark, FacetChange, PageChange, ValuePart } from '../render/site/views.ts';
import { lastName } from './mark-view.ts';
import { changedKeys, plainWords, valueWords, type Words } from './words.ts';

/**
 * A gap closed or opened, as the Changes page lists it: by id, under its item, linking to its mark;
 * a gap closed with nothing stated says why (`reason`, as its mark does); one closed on an item or
 * a path parameter renamed says its id before (`was`, as `diff` does).
 */
export type GapChange = { id: string; was?: string; label: string; key: string; path: string; anchor?: string; reason?: FacetChange['reason'] };

/** A path or channel parameter renamed with its address keeping its shape, as the Changes page lists it under its item: `diff`'s words, linking to the mark of the address. */
export type ParameterRenameChange = { key: string; message: string; path: string; anchor: string };

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
  renamed: Array<{ from: string; to: string; changed?: true }>;
  changed: string[];
  /** The YAML bytes of each item removed, as it was at the revision, by area in `removed`'s order: the print version counts them in its parts (`printParts`). */
  removedBytes: Partial<Record<AreaKey, number[]>>;
  /** Path and channel parameters renamed (`diff`'s `parametersRenamed`), each under its item (renamed or changed). */
  parametersRenamed: ParameterRenameChange[];
  areasChanged: string[];
  closed: GapChange[];
  opened: GapChange[];
  breaking: Array<BreakingMark & { key: string; path: string }>;
  gapCount: { before: number; after: number };
  /** The counts the pull-request comment says too (`changeCounts`). */
  counts: ChangeCounts;
  /** The spec folder held nothing at the revision (moved since, or new): everything is compared with nothing. */
  emptyBase: boolean;
  /** `specbench.yaml` asks for other refinements than at the revision (`SpecDiff.settingsChanged`). */
  settingsChanged: boolean;
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

/** A page's facets and owners by id, found once per page and side. */
type Facets = { facets: Map<string, FacetResult>; owners: Map<string, FileAssessment['owners'][number]> };

/**
 * The change model of `diff` (made by `diffSpecs(before, after)`), placed on the pages of `after`:
 * every item added, removed, renamed or changed, every gap closed or opened and every breaking
 * change is on the page of the item it concerns, with the anchor of its mark; a changed item's
 * stated values that changed are marked before -> after, and a breaking change beside the facet it
 * names (`BreakingChange.facet`).
 */
export function changeModel(diff: SpecDiff, before: Analysis, after: Analysis, revision: { name: string; commit: string }): ChangeModel {
  const renamed = new Map(diff.itemsRenamed.map((r) => [r.from, r.to]));
  // A facet id before the change as the spec has it after (an item renamed, a path parameter renamed).
  const parameters = Map.groupBy(diff.parametersRenamed, (r) => r.item);
  const moved = (id: string) => idAfter(id, renamed, parameters);
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
  const found = new Map<string, Facets>();
  const facetsIn = (analysis: Analysis, key: string): Facets => {
    const cacheKey = `${analysis === before ? 'b' : 'a'}${key}`;
    let hit = found.get(cacheKey);
    if (!hit) {
      const file = analysis.facetsOf(key);
      hit = { facets: new Map((file?.facets ?? []).map((f) => [f.id, f])), owners: new Map((file?.owners ?? []).map((o) => [o.id, o])) };
      found.set(cacheKey, hit);
    }
    return hit;
  };
  for (const key of diff.itemsAdded) page(key, 'added');
  for (const key of diff.itemsRemoved) page(key, 'removed');
  for (const { from, to } of diff.itemsRenamed) page(to, 'renamed').from = from;
  for (const key of diff.itemsChanged) page(key);
  for (const key of diff.areasChanged) page(key);
  const removed = new Set(diff.itemsRemoved);

  const closed: GapChange[] = [];
  for (const g of diff.gapsClosed) {
    // Under its id after the change already (the diff's), on a removed item under the id it had.
    const gone = removed.has(keyOf(g));
    const { id } = g;
    const was = g.was !== undefined ? { was: g.was } : {};
    const key = keyOf(g);
    const p = page(key);
    if (gone) {
      // Listed in the removed page's notice, each under its mark's anchor (where the comment links it).
      (p.closedWith ??= []).push({ id, label: g.label });
      closed.push({ id, ...was, label: g.label, key, path: p.path, anchor: markAnchor(id), ...(g.reason ? { reason: g.reason } : {}) });
      continue;
    }
    const facet = facetsIn(after, key).facets.get(id);
    const { reason } = g;
    if (facet && reason === undefined) {
      const words = valueWords(facet);
      p.marks.push({ id, kind: 'stated', label: g.label, ...said(undefined, words), anchor: markAnchor(id) });
      closed.push({ id, ...was, label: g.label, key, path: p.path, anchor: markAnchor(id) });
      continue;
    }
    // Closed with nothing stated: why is the diff's (what held it is gone, it is no longer asked for).
    const why = reason ?? 'inapplicable';
    p.marks.push({ id, kind: 'closed', label: g.label, reason: why, anchor: markAnchor(id) });
    closed.push({ id, ...was, label: g.label, key, path: p.path, anchor: markAnchor(id), reason: why });
  }

  const opened: GapChange[] = [];
  for (const g of diff.gapsOpened) {
    const key = keyOf(g);
    const p = page(key);
    p.marks.push({ id: g.id, kind: 'opened', label: g.label, anchor: markAnchor(g.id) });
    opened.push({ id: g.id, label: g.label, key, path: p.path, anchor: markAnchor(g.id) });
  }

  // The values stated before that no longer apply (marked struck): a breaking change of one is flagged beside what made it not apply, where the page shows that.
  const gone = new Set<string>();
  for (const p of pages.values()) {
    if (p.status !== 'changed' && p.status !== 'renamed') continue;
    const [was, now] = [facetsIn(before, p.from ?? p.key), facetsIn(after, p.key)];
    const values = changedValues(was, now, moved, p.key);
    for (const m of values) if (m.after === undefined && m.before !== undefined && !now.facets.has(m.id)) gone.add(m.id);
    p.marks.push(...values);
    p.marks.push(...changedDetails(was, now, moved, p.marks));
  }
  for (const r of diff.parametersRenamed) renamedParameter(page(r.item), r, facetsIn(after, r.item));

  const breaking: ChangeModel['breaking'] = [];
  for (const b of diff.breaking) {
    const key = b.item;
    const p = page(key);
    const placed =
      p.status === 'removed'
        ? undefined
        : b.facet !== undefined
          ? ((gone.has(b.facet) ? besideMark(p, b.facet, facetsIn(after, key)) : undefined) ?? facetMark(p, b.facet, facetsIn(after, key)) ?? detailMark(p, b.facet, facetsIn(after, key)) ?? removedMark(p, b.facet, facetsIn(before, p.from ?? key), facetsIn(after, key), moved) ?? besideMark(p, b.facet, facetsIn(after, key)))
          : { mark: concerned(p.marks, b.message) };
    const mark = placed?.mark;
    if (mark) (mark.breaking ??= []).push(b.message);
    if (placed?.part) (placed.part.breaking ??= []).push(b.message);
    const anchor = placed?.part?.anchor ?? mark?.anchor ?? (p.status === 'removed' ? CHANGES_ANCHOR : `change-breaking-${p.breaking.length + 1}`);
    const entry: BreakingMark = { message: b.message, anchor, ...(mark ? { facet: mark.id } : {}) };
    p.breaking.push(entry);
    breaking.push({ ...entry, key, path: p.path });
  }

  // A removed item's last content, and the before side of a changed page's prose, link items renamed since: to their pages now.
  const relinked = diff.itemsRenamed.map((r) => ({ from: pathOf(r.from), to: pathOf(r.to) }));
  if (relinked.length > 0) for (const p of pages.values()) if (p.status === 'removed' || p.marks.some((m) => m.form === 'prose' && m.before !== undefined)) p.relinked = relinked;
  // ...and gaps closed since on pages still there: to their marks (the gap's own anchor is gone).
  const closedElsewhere = closed.filter((g) => !removed.has(g.key)).map((g) => g.id);
  if (closedElsewhere.length > 0) for (const p of pages.values()) if (p.status === 'removed') p.closedElsewhere = closedElsewhere;

  // A mark on an array's items or a map's values says whose (`query parameter status[]: allowed values`).
  for (const p of pages.values()) if (p.status !== 'removed') for (const m of p.marks) m.label = ownedLabel(m.id, m.label, facetsIn(after, p.key));

  const order = (key: string) => AREA_KEYS.indexOf(split(key).area as (typeof AREA_KEYS)[number]);
  return {
    revision: revision.name,
    commit: revision.commit,
    added: diff.itemsAdded,
    removed: diff.itemsRemoved,
    renamed: diff.itemsRenamed,
    changed: diff.itemsChanged,
    removedBytes: removedBytes(diff.itemsRemoved, before),
    parametersRenamed: diff.parametersRenamed.map((r) => ({ key: r.item, message: r.message, path: pathOf(r.item), anchor: markAnchor(r.facet) })),
    areasChanged: diff.areasChanged,
    closed,
    opened,
    breaking,
    gapCount: diff.gapCount,
    counts: changeCounts(diff),
    emptyBase: diff.emptyBase,
    settingsChanged: diff.settingsChanged,
    pages: [...pages.values()].sort((a, b) => order(a.key) - order(b.key) || compareStrings(a.key, b.key)),
  };
}

/** The size of each removed item's file at the revision, by area, in the order of `keys`. */
function removedBytes(keys: readonly string[], before: Analysis): Partial<Record<AreaKey, number[]>> {
  const out: Partial<Record<AreaKey, number[]>> = {};
  for (const key of keys) {
    const { area, item = '' } = split(key);
    if (!isAreaKey(area)) continue;
    const found = findItem(before.spec, area, item);
    (out[area] ??= []).push(found ? before.spec.sources.size(found.file) : 0);
  }
  return out;
}

/** A mark's before and after, in the form both read in (code when either is a structure, prose when the facet is). */
function said(before: Words | undefined, after: Words | undefined): Pick<FacetChange, 'before' | 'after' | 'form'> {
  const form = before?.form === 'code' || after?.form === 'code' ? 'code' : (before?.form ?? after?.form);
  return { ...(before ? { before: before.text } : {}), ...(after ? { after: after.text } : {}), ...(form ? { form } : {}) };
}

/** A gap in words, for a gap whose question, owner or form changed: what it asks, or that nothing is written. */
function gapWords(f: FacetResult): Words {
  if (isOpenValue(f.value)) return { text: `open: ${f.question}${f.owner !== undefined ? ` (owner: ${f.owner})` : ''}` };
  if (f.state === 'placeholder') return { text: `placeholder: ${plainWords(f.value).text}` };
  return { text: f.state === 'empty' ? 'an empty list' : 'not written' };
}

/**
 * The stated values of an item that the change changed, each the innermost facet that changed (a
 * field's `allowed`, not the `fields` around it): stated before and after with another value (a
 * structure key by key), newly stated where nothing was written (a new field's facets, which were
 * no gap), or a gap still open that asks otherwise; and a value stated before that no longer applies
 * on the page (`key`) or an owner still on it.
 */
function changedValues(was: Facets, now: Facets, moved: (id: string) => string, key: string): FacetChange[] {
  const old = new Map([...was.facets.values()].map((f) => [moved(f.id), f]));
  // Every facet id that has another facet inside it, on either side: only the innermost are compared.
  const outer = new Set<string>();
  for (const id of [...old.keys(), ...now.facets.keys()]) for (let at = id.lastIndexOf('/'); at > 0; at = id.lastIndexOf('/', at - 1)) outer.add(id.slice(0, at));
  const out: FacetChange[] = [];
  for (const f of now.facets.values()) {
    if (outer.has(f.id)) continue;
    const o = old.get(f.id);
    if (o && canonical(o.value) === canonical(f.value) && o.state === f.state) continue;
    const base = { id: f.id, kind: 'changed' as const, label: f.label, anchor: markAnchor(f.id) };
    if (isGap(f.state)) {
      // A gap opened is marked as such; one still open is marked only when it asks otherwise.
      if (o && isGap(o.state)) out.push({ ...base, ...said(gapWords(o), gapWords(f)) });
      continue;
    }
    if (o && isGap(o.state)) continue; // a gap it closed: marked as such
    const parts = o && o.state === 'stated' && f.state === 'stated' && o.shown === undefined && f.shown === undefined && !f.prose ? partsOf(f.id, o.value, f.value) : undefined;
    out.push({ ...base, ...(parts ? { parts } : said(o ? valueWords(o) : undefined, valueWords(f))) });
  }
  // A value stated before that no longer applies while what held it stays (a limit's `max_bytes`
  // once its kind is a quota): shown struck, never dropped without a word. A facet whose owner went
  // with it (a removed field) is said by that owner's removal.
  const wereOwners = new Set([...was.owners.keys()].map(moved));
  for (const [id, o] of old) {
    // One that held values of its own (a response removed) is said by its removal, struck where it stood.
    if (outer.has(id) || now.facets.has(id) || o.state !== 'stated' || wereOwners.has(id)) continue;
    const owner = id.slice(0, id.lastIndexOf('/'));
    if (owner !== key && !now.owners.has(owner) && !now.facets.has(owner)) continue;
    out.push({ id, kind: 'changed', label: o.label, ...said(valueWords(o), undefined), anchor: markAnchor(id) });
  }
  return out;
}

/** A structure's changed keys as parts of its mark (`id/key` their anchors); none when either side is not a structure. */
function partsOf(id: string, before: unknown, after: unknown): ValuePart[] | undefined {
  const keys = changedKeys(before, after);
  if (!keys || keys.length === 0) return undefined;
  return keys.map((k): ValuePart => {
    const form = k.before?.form === 'code' || k.after?.form === 'code' ? ('code' as const) : undefined;
    return { key: k.key, ...(k.before ? { before: k.before.text } : {}), ...(k.after ? { after: k.after.text } : {}), ...(form ? { form } : {}), anchor: markAnchor(`${id}/${idSegment(k.key)}`) };
  });
}

const inside = (at: Path, outer: Path) => outer.length <= at.length && outer.every((k, i) => k === at[i]);

/**
 * The values an item states besides its facets (its title, an endpoint's `limits`, a parameter's
 * `style`) that the change changed, owner by owner, each under the id `owner/key`; those inside a
 * facet already marked (a response's `error` inside the response) are said by that mark.
 */
function changedDetails(was: Facets, now: Facets, moved: (id: string) => string, marks: readonly FacetChange[]): FacetChange[] {
  const old = new Map([...was.owners.values()].map((o) => [moved(o.id), o]));
  const markedAt = marks.flatMap((m) => {
    const f = now.facets.get(m.id);
    return f ? [f.at] : [];
  });
  const out: FacetChange[] = [];
  for (const owner of now.owners.values()) {
    const before = new Map(old.get(owner.id)?.details ?? []);
    const after = new Map(owner.details);
    // Only owners on both sides: a new field's details come with its facets, newly stated.
    if (!old.has(owner.id)) continue;
    for (const key of [...new Set([...before.keys(), ...after.keys()])].sort(compareStrings)) {
      const [b, a] = [before.get(key), after.get(key)];
      if (canonical(b) === canonical(a)) continue;
      if (markedAt.some((at) => inside([...owner.at, key], at))) continue;
      const id = `${owner.id}/${idSegment(key)}`;
      const parts = partsOf(id, b, a);
      out.push({ id, kind: 'changed', label: owner.label === '' ? key : `${owner.label}: ${key}`, ...(parts ? { parts } : said(before.has(key) ? plainWords(b) : undefined, after.has(key) ? plainWords(a) : undefined)), anchor: markAnchor(id) });
    }
  }
  return out;
}

/**
 * The mark of the facet a breaking change names, on its page: the facet's own mark, a key of a
 * structure's mark (a token's lifetime), else a new mark on the facet where it is still stated (a
 * list of transitions one of which is gone); none where the facet is gone.
 */
function facetMark(p: PageChange, id: string, now: Facets): { mark?: FacetChange; part?: ValuePart } | undefined {
  const own = p.marks.find((m) => m.id === id);
  if (own) return { mark: own };
  for (const mark of p.marks) {
    const part = mark.parts?.find((x) => `${mark.id}/${idSegment(x.key)}` === id);
    if (part) return { mark, part };
  }
  const facet = now.facets.get(id);
  if (!facet || isGap(facet.state)) return undefined;
  const mark: FacetChange = { id, kind: 'changed', label: facet.label, anchor: markAnchor(id) };
  p.marks.push(mark);
  return { mark };
}

/**
 * The mark of a breaking change that names a value an owner states besides its facets (a
 * parameter's `required`) with no mark of its own yet (the parameter is new): a mark of it, as the
 * page shows the owner's changed details, beside the owner; none where the owner states no such value.
 */
function detailMark(p: PageChange, id: string, now: Facets): { mark?: FacetChange; part?: ValuePart } | undefined {
  const at = id.lastIndexOf('/');
  const owner = now.owners.get(id.slice(0, at));
  const key = id.slice(at + 1);
  const detail = owner?.details.find(([k]) => idSegment(k) === key);
  if (!owner || !detail) return undefined;
  const mark: FacetChange = { id, kind: 'changed', label: owner.label === '' ? detail[0] : `${owner.label}: ${detail[0]}`, ...said(undefined, plainWords(detail[1])), anchor: markAnchor(id) };
  p.marks.push(mark);
  return { mark };
}

/**
 * A facet's label as a page's list says it: one that starts with `items:` or `values:` (an array's
 * items, a map's values) is named by the shape that holds them (`query parameter status[]: allowed
 * values`), as the breaking changes name it; any other as it is.
 */
function ownedLabel(id: string, label: string, now: Facets): string {
  const inner = /^(items|values): (.*)$/.exec(label);
  if (!inner) return label;
  const segments = id.split('/');
  const at = segments.lastIndexOf(inner[1] ?? '');
  const holder = at > 0 ? segments.slice(0, at).join('/') : undefined;
  const named = holder === undefined ? undefined : (now.owners.get(holder)?.label ?? now.facets.get(holder)?.label);
  return named === undefined ? label : `${named}${inner[1] === 'items' ? '[]' : '{}'}: ${inner[2] ?? ''}`;
}

/**
 * The mark of a breaking change whose facet is gone (a removed field: `Order/fields/legacy_ref`),
 * where it was: a mark of its own, which the page shows as the removed field's row struck where the
 * field stood (after the field before it that is still there, `follows`), its type before. None
 * where the item never held it (the facet is neither a field nor anything else that is gone).
 */
function removedMark(p: PageChange, id: string, was: Facets, now: Facets, moved: (id: string) => string): { mark?: FacetChange; part?: ValuePart } | undefined {
  if (now.owners.has(id) || now.facets.has(id)) return undefined;
  const owners = [...was.owners.values()];
  const at = owners.findIndex((o) => moved(o.id) === id);
  const owner = owners[at];
  if (!owner) return undefined;
  const parent = id.slice(0, id.lastIndexOf('/'));
  const sibling = (o: { id: string }) => {
    const after = moved(o.id);
    return after.slice(0, after.lastIndexOf('/')) === parent && now.owners.has(after);
  };
  const follows = owners.slice(0, at).findLast(sibling);
  const type = was.facets.get(`${owner.id}/type`);
  const words = type ? valueWords(type) : undefined;
  // Named as the page names it where the owner's label does not (a response: `response 304`).
  const name = lastName(id);
  const label = owner.label.split(' ').includes(name) ? owner.label : `${owner.label} ${name}`;
  const mark: FacetChange = { id, kind: 'removed', label, ...said(words, undefined), ...(follows ? { follows: moved(follows.id) } : {}), anchor: markAnchor(id) };
  p.marks.push(mark);
  return { mark };
}

/**
 * The mark of a breaking change whose facet the page no longer shows because another change of its
 * owner made it not apply (an API key's header names, once the key goes in the query): the mark of
 * that change, beside which the page flags it (the key's location); none where its owner has no
 * changed value marked.
 */
function besideMark(p: PageChange, id: string, now: Facets): { mark?: FacetChange; part?: ValuePart } | undefined {
  if (now.facets.has(id)) return undefined;
  const owner = id.slice(0, id.lastIndexOf('/'));
  const mark = p.marks.find((m) => m.kind === 'changed' && m.id !== id && m.id.slice(0, m.id.lastIndexOf('/')) === owner);
  return mark ? { mark } : undefined;
}

/**
 * A path parameter renamed with its address keeping its shape, said on the mark of the facet that
 * holds the address (its before -> after): no client breaks, so it is a note, never a breaking change.
 */
function renamedParameter(p: PageChange, r: ParameterRename, now: Facets): void {
  let mark = p.marks.find((m) => m.id === r.facet);
  if (!mark) {
    mark = { id: r.facet, kind: 'changed', label: now.facets.get(r.facet)?.label ?? r.facet.slice(r.facet.lastIndexOf('/') + 1), anchor: markAnchor(r.facet) };
    p.marks.push(mark);
  }
  (mark.notes ??= []).push(r.message);
}

/**
 * The mark a breaking change concerns when it names no facet, as far as its words tell: the change
 * names values in code spans (`status`, `Order.status`), and the facet whose id holds the most of
 * them is the one; none when no facet's id names one of them (an item removed: the page's list of
 * changes says it).
 */
function concerned(marks: readonly FacetChange[], message: string): FacetChange | undefined {
  const names = new Set([...message.matchAll(/`([^`]+)`/g)].flatMap((m) => (m[1] ?? '').split('.')));
  const words = new Set(message.toLowerCase().split(/[^a-z_]+/));
  let best: FacetChange | undefined;
  let bestScore = 0;
  for (const mark of marks) {
    if (mark.kind !== 'changed') continue;
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
