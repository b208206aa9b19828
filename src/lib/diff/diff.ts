import type { Analysis } from '../analyze.ts';
import { AREAS } from '../areas/index.ts';
import { levelsOf, readiness, type Readiness } from '../gaps/levels.ts';
import type { FacetResult } from '../gaps/types.ts';
import { itemKey, type Item, type Spec } from '../model/spec.ts';
import { breakingChanges, type BreakingChange } from './breaking.ts';
import { canonical } from './canonical.ts';
import { renamedPathParameters, type ParameterRename } from './parameters.ts';

/** What a change to the spec does: gap by gap, item by item, and what it breaks. */
export interface SpecDiff {
  /** Gaps the change closes, each under its id after the change (an item or a path parameter renamed: `was` is the id before). */
  gapsClosed: Array<FacetResult & { was?: string }>;
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
    const unique = (list: Item[]) => {
      const by = new Map<string, Item | null>();
      for (const item of list) {
        const id = identify(item.data as never);
        if (id !== undefined) by.set(id, by.has(id) ? null : item);
      }
      return by;
    };
    const gone = unique([...ib].filter(([k, i]) => i.area === module.key && !ia.has(k)).map(([, i]) => i));
    const come = unique([...ia].filter(([k, i]) => i.area === module.key && !ib.has(k)).map(([, i]) => i));
    for (const [id, from] of gone) {
      const to = come.get(id);
      if (from && to) out.set(itemKey(from), itemKey(to));
    }
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
  return {
    gapsClosed: before.assessment.gaps.filter((g) => !ga.has(renamedGapId(g.id))).map(closedAs),
    gapsOpened: after.assessment.gaps.filter((g) => !gb.has(g.id)),
    itemsAdded: [...ia.keys()].filter((k) => !ib.has(k) && !newKeys.has(k)),
    itemsRemoved: [...ib.keys()].filter((k) => !ia.has(k) && !renamed.has(k)),
    itemsRenamed: [...renamed].map(([from, to]) => ({ from, to, ...(edited.has(from) ? { changed: true as const } : {}) })),
    itemsChanged: [...edited].filter((k) => !renamed.has(k)),
    parametersRenamed: parameters,
    areasChanged: before.spec.areas.filter((a, i) => canonical(a.data) !== canonical(after.spec.areas[i]?.data)).map((a) => a.key),
    breaking: breakingChanges(before.spec, after.spec, renamedIds, parameters),
    gapCount: { before: before.assessment.gaps.length, after: after.assessment.gaps.length },
    readiness: { before: rb, after: ra, change: rank(ra) > rank(rb) ? 'reaches' : rank(ra) < rank(rb) ? 'drops' : 'same' },
    emptyBase: isEmpty(before.spec),
  };
}
