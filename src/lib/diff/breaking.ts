import { AREAS } from '../areas/index.ts';
import { areaOf, itemKey, type Spec } from '../model/spec.ts';

/** A change that can break a client written against the earlier spec. */
export interface BreakingChange {
  /** `area/item`. */
  item: string;
  message: string;
}

/**
 * What breaks clients between two versions of the spec, item by item, as each area's module judges
 * it; a renamed item (`renamed`: old `area/item` key to new id) is compared with what it became.
 */
export function breakingChanges(before: Spec, after: Spec, renamed: ReadonlyMap<string, string> = new Map()): BreakingChange[] {
  const out: BreakingChange[] = [];
  for (const module of AREAS) {
    const now = new Map(areaOf(after, module.key).items.map((i) => [i.id, i]));
    for (const item of areaOf(before, module.key).items) {
      const say = (message: string) => out.push({ item: itemKey(item), message });
      const to = renamed.get(itemKey(item));
      module.breaking?.(item.data, now.get(to ?? item.id)?.data, say, item.id, to);
    }
  }
  return out;
}
