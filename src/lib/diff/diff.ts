import type { Analysis } from '../analyze.ts';
import { levelsOf, readiness, type Readiness } from '../gaps/levels.ts';
import type { FacetResult } from '../gaps/types.ts';
import { itemKey, type Item, type Spec } from '../model/spec.ts';
import { breakingChanges, type BreakingChange } from './breaking.ts';
import { canonical } from './canonical.ts';

/** What a change to the spec does: gap by gap, item by item, and what it breaks. */
export interface SpecDiff {
  gapsClosed: FacetResult[];
  gapsOpened: FacetResult[];
  /** `area/item` keys. */
  itemsAdded: string[];
  itemsRemoved: string[];
  itemsChanged: string[];
  /** Areas whose own file changed. */
  areasChanged: string[];
  breaking: BreakingChange[];
  gapCount: { before: number; after: number };
  /** Where the spec stands on its levels before and after, both measured on the levels the change leaves. */
  readiness: { before: Readiness; after: Readiness; change: 'reaches' | 'drops' | 'same' };
}

function items(spec: Spec): Map<string, Item> {
  return new Map(spec.areas.flatMap((a) => a.items.map((i) => [itemKey(i), i] as const)));
}

/** Compares two analyses of the spec (before and after a change). */
export function diffSpecs(before: Analysis, after: Analysis): SpecDiff {
  const gapIds = (a: Analysis) => new Set(a.assessment.gaps.map((g) => g.id));
  const [gb, ga] = [gapIds(before), gapIds(after)];
  const [ib, ia] = [items(before.spec), items(after.spec)];
  const levels = levelsOf(after.spec);
  const [rb, ra] = [readiness(before.assessment.gaps, levels), readiness(after.assessment.gaps, levels)];
  const rank = (r: Readiness) => r.levels.filter((l) => l.reached).length;
  const changed = [...ib].filter(([k, item]) => ia.has(k) && canonical(item.data) !== canonical(ia.get(k)?.data)).map(([k]) => k);
  return {
    gapsClosed: before.assessment.gaps.filter((g) => !ga.has(g.id)),
    gapsOpened: after.assessment.gaps.filter((g) => !gb.has(g.id)),
    itemsAdded: [...ia.keys()].filter((k) => !ib.has(k)),
    itemsRemoved: [...ib.keys()].filter((k) => !ia.has(k)),
    itemsChanged: changed,
    areasChanged: before.spec.areas.filter((a, i) => canonical(a.data) !== canonical(after.spec.areas[i]?.data)).map((a) => a.key),
    breaking: breakingChanges(before.spec, after.spec),
    gapCount: { before: before.assessment.gaps.length, after: after.assessment.gaps.length },
    readiness: { before: rb, after: ra, change: rank(ra) > rank(rb) ? 'reaches' : rank(ra) < rank(rb) ? 'drops' : 'same' },
  };
}
