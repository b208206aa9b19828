import type { Analysis } from '../analyze.ts';
import { AREAS } from '../areas/index.ts';
import { levelsOf, readiness, type Readiness } from '../gaps/levels.ts';
import type { FacetResult } from '../gaps/types.ts';
import { itemKey, type Item, type Spec } from '../model/spec.ts';
import { breakingChanges, type BreakingChange } from './breaking.ts';
import { canonical } from './canonical.ts';
import { LOOSER_IDENTITY, renamedPathParameters, type ParameterRename } from './parameters.ts';

/**
 * Why a gap closed with nothing stated in its place: what held it is gone (its item, or the field or
 * value that asked it, removed), `specbench.yaml` no longer asks for it, or it no longer applies
 * (another value of its item changed what is asked).
 */
export type ClosedReason = 'removed' | 'settings' | 'inapplicable';

/** A gap the change closes, under its id after the change (`was`: the id before, an item or a path parameter renamed); `reason` when nothing was stated in its place. */
export type ClosedGap = FacetResult & { was?: string; reason?: ClosedReason };

/** What a change to the spec does: gap by gap, item by item, and what it breaks. */
export interface SpecDiff {
  /** Gaps the change closes: answered, or (`reason`) closed with nothing stated. */
  gapsClosed: ClosedGap[];
  gapsOpened: FacetResult[];
  /** `area/item` keys. */
  itemsAdded: string[];
  itemsRemoved: string[];
  /** Items under a new id that are the same item (an endpoint with the same method and path), `area/item` keys; not in the lists above nor below (`changed`: its content changed too). */
  itemsRenamed: Array<{ from: string; to: string; changed?: true }>;
  /** Items under the same id whose content changed. */
  itemsChanged: string[];
  /** Path parameters renamed with their address keeping its shape (`/a/{id}` to `/a/{order_id}`): no client breaks; each item is in the lists above. */
  parametersRenamed: ParameterRename[];
  /** Areas whose own file changed. */
  areasChanged: string[];
  /** `specbench.yaml` asks for other refinements than before: gaps may close or open with nothing else changed. */
  settingsChanged: boolean;
  breaking: BreakingChange[];
  gapCount: { before: number; after: number };
  /** Where the spec stands on its levels before and after, both measured on the levels the change leaves. */
  readiness: { before: Readiness; after: Readiness; change: 'reaches' | 'drops' | 'same' };
  /**
   * The spec folder holds no spec file at all before the change: it was not there (a new spec, or a
   * folder moved or renamed since, which is then compared with nothing), so everything in it is new.
   */
  emptyBase: boolean;
}

function items(spec: Spec): Map<string, Item> {
  return new Map(spec.areas.flatMap((a) => a.items.map((i) => [itemKey(i), i] as const)));
}

/**
 * Items removed and added that are one item renamed: the same identity (as its area's module tells
 * it) on exactly one removed and one added item of the area. Old `area/item` key to new key.
 */
function renames(ib: Map<string, Item>, ia: Map<string, Item>): Map<string, string> {
  const out = new Map<string, string>();
  for (const module of AREAS) {
    if (!module.identity) continue;
    const identify = module.identity;
    // Matched by identity first, then what is left by the looser one of the area, where it has one.
    for (const by of [identify, LOOSER_IDENTITY[module.key]]) {
      if (by === undefined) continue;
      const matched = new Set(out.values());
      const unique = (list: Item[]) => {
        const seen = new Map<string, Item | null>();
        for (const item of list) {
          const id = by(item.data as never);
          if (id !== undefined) seen.set(id, seen.has(id) ? null : item);
        }
        return seen;
      };
      const gone = unique([...ib].filter(([k, i]) => i.area === module.key && !ia.has(k) && !out.has(k)).map(([, i]) => i));
      const come = unique([...ia].filter(([k, i]) => i.area === module.key && !ib.has(k) && !matched.has(k)).map(([, i]) => i));
      for (const [id, from] of gone) {
        const to = come.get(id);
        if (from && to) out.set(itemKey(from), itemKey(to));
      }
    }
    for (const [from, to] of exchanged(ib, ia, module.key, identify)) out.set(from, to);
  }
  return out;
}

/**
 * Items of an area that exchanged their ids (two endpoint files swapped, or three in a ring): each
 * key is there before and after, but what it names after is another of them before, by identity.
 * Only whole rings count, each identity on one item of each side, so an item that took another's
 * method and path while that one went away stays a changed item.
 */
function exchanged(ib: Map<string, Item>, ia: Map<string, Item>, area: string, identify: (data: never) => string | undefined): Map<string, string> {
  const identities = (items: Map<string, Item>) => {
    const of = new Map<string, string>();
    const count = new Map<string, number>();
    for (const [k, i] of items) {
      if (i.area !== area) continue;
      const id = identify(i.data as never);
      if (id === undefined) continue;
      of.set(k, id);
      count.set(id, (count.get(id) ?? 0) + 1);
    }
    return { of, count };
  };
  const [b, a] = [identities(ib), identities(ia)];
  const holder = new Map([...a.of].filter(([, id]) => a.count.get(id) === 1).map(([k, id]) => [id, k]));
  // Each key whose identity moved to another key that is there before too: where it went.
  const next = new Map<string, string>();
  for (const [k, id] of b.of) {
    const to = holder.get(id);
    if (b.count.get(id) === 1 && to !== undefined && to !== k && b.of.has(to) && a.of.has(k)) next.set(k, to);
  }
  const out = new Map<string, string>();
  for (const start of next.keys()) {
    if (out.has(start)) continue;
    const ring = [start];
    for (let at = next.get(start); at !== undefined && at !== start && ring.length <= next.size; at = next.get(at)) ring.push(at);
    if (next.get(ring.at(-1) ?? '') !== start) continue;
    for (const k of ring) out.set(k, next.get(k) ?? k);
  }
  return out;
}

/** No item, no area file and no settings file: nothing of a spec (git keeps no empty folder, so a folder not there reads so). */
const isEmpty = (spec: Spec) => spec.config.file === undefined && spec.areas.every((a) => !a.present && a.items.length === 0 && a.unreadable.length === 0);

/**
 * A facet id (a gap's, an owner's) as it was before the change, as the spec has it after: the item
 * renamed (`renamed`: old `area/item` key to new key), then a path parameter renamed (its facets
 * under its new name; `parameters` by the item's key after the change, as `Map.groupBy` makes it).
 */
export function idAfter(id: string, renamed: ReadonlyMap<string, string>, parameters: ReadonlyMap<string, readonly ParameterRename[]> = new Map()): string {
  const [area = '', item = ''] = id.split('/');
  const to = renamed.get(`${area}/${item}`);
  const moved = to === undefined ? id : `${to}${id.slice(area.length + 1 + item.length)}`;
  const p = parameters.get(to ?? `${area}/${item}`)?.find((r) => moved === r.was || moved.startsWith(`${r.was}/`));
  return p ? `${p.is}${moved.slice(p.was.length)}` : moved;
}

/** Compares two analyses of the spec (before and after a change). */
export function diffSpecs(before: Analysis, after: Analysis): SpecDiff {
  const [ib, ia] = [items(before.spec), items(after.spec)];
  const renamed = renames(ib, ia);
  const renamedIds = new Map([...renamed].map(([from, to]) => [from, to.slice(to.indexOf('/') + 1)]));
  const parameters = renamedPathParameters(before.spec, after.spec, renamedIds);
  const byItem = Map.groupBy(parameters, (r) => r.item);
  const renamedGapId = (id: string) => idAfter(id, renamed, byItem);
  const [gb, ga] = [new Set(before.assessment.gaps.map((g) => renamedGapId(g.id))), new Set(after.assessment.gaps.map((g) => g.id))];
  const levels = levelsOf(after.spec);
  const [rb, ra] = [readiness(before.assessment.gaps, levels), readiness(after.assessment.gaps, levels)];
  const rank = (r: Readiness) => r.levels.filter((l) => l.reached).length;
  const now = (k: string) => ia.get(renamed.get(k) ?? k);
  const edited = new Set([...ib].filter(([k, item]) => now(k) !== undefined && canonical(item.data) !== canonical(now(k)?.data)).map(([k]) => k));
  const newKeys = new Set(renamed.values());
  // A closed gap under the id the spec has after the change: the one the site marks and links.
  const closedAs = (g: FacetResult): FacetResult & { was?: string } => {
    const id = renamedGapId(g.id);
    if (id === g.id) return g;
    const to = renamed.get(`${g.area}/${g.item ?? ''}`);
    return { ...g, id, ...(to ? { item: to.slice(to.indexOf('/') + 1) } : {}), blockedBy: g.blockedBy.map(renamedGapId), blocks: g.blocks.map(renamedGapId), was: g.id };
  };
  const removed = new Set([...ib.keys()].filter((k) => !ia.has(k) && !renamed.has(k)));
  const settingsChanged = canonical(before.spec.config.require) !== canonical(after.spec.config.require);
  return {
    gapsClosed: before.assessment.gaps
      .filter((g) => !ga.has(renamedGapId(g.id)))
      .map(closedAs)
      .map((g) => withReason(g, after, removed, settingsChanged)),
    gapsOpened: after.assessment.gaps.filter((g) => !gb.has(g.id)),
    itemsAdded: [...ia.keys()].filter((k) => !ib.has(k) && !newKeys.has(k)),
    itemsRemoved: [...removed],
    itemsRenamed: [...renamed].map(([from, to]) => ({ from, to, ...(edited.has(from) ? { changed: true as const } : {}) })),
    itemsChanged: [...edited].filter((k) => !renamed.has(k)),
    parametersRenamed: parameters,
    areasChanged: before.spec.areas.filter((a, i) => canonical(a.data) !== canonical(after.spec.areas[i]?.data)).map((a) => a.key),
    settingsChanged,
    breaking: breakingChanges(before.spec, after.spec, renamedIds, parameters),
    gapCount: { before: before.assessment.gaps.length, after: after.assessment.gaps.length },
    readiness: { before: rb, after: ra, change: rank(ra) > rank(rb) ? 'reaches' : rank(ra) < rank(rb) ? 'drops' : 'same' },
    emptyBase: isEmpty(before.spec),
  };
}

/**
 * A closed gap (under its id after the change) with why it closed when nothing is stated in its
 * place: its item removed (`removed`: the keys of items removed) or what held it gone, else no
 * longer asked for by `specbench.yaml` (when it changed) or no longer applying. One answer for the
 * comment, the JSON and the Changes page.
 */
function withReason(g: ClosedGap, after: Analysis, removed: ReadonlySet<string>, settingsChanged: boolean): ClosedGap {
  const key = g.item === undefined ? g.area : `${g.area}/${g.item}`;
  if (removed.has(key)) return { ...g, reason: 'removed' };
  const now = after.facetsOf(key);
  const has = (id: string) => now?.facets.some((f) => f.id === id) === true || now?.owners.some((o) => o.id === id) === true;
  if (now?.facets.some((f) => f.id === g.id) === true) return g;
  const owner = g.id.slice(0, g.id.lastIndexOf('/'));
  const held = now !== undefined && (owner === key || has(owner));
  return { ...g, reason: !held ? 'removed' : settingsChanged ? 'settings' : 'inapplicable' };
}
