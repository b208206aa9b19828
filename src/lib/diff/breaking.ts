import { AREAS } from '../areas/index.ts';
import { facetId } from '../facet/ids.ts';
import type { Path } from '../facet/path.ts';
import { areaOf, itemKey, type Spec } from '../model/spec.ts';
import { markdownCode } from '../safety/markdown.ts';
import { narrowedBounds } from './bounds.ts';
import { CONTRACT } from './contract.ts';
import type { ParameterRename } from './parameters.ts';
import { changedShapes } from './shapes.ts';

/** A change that can break a client written against the earlier spec. */
export interface BreakingChange {
  /** `area/item`, as the item is after the change (an item removed: as it was). */
  item: string;
  /** The item renamed: its `area/item` before the change (as a closed gap's `was`). */
  was?: string;
  message: string;
  /**
   * The id of the facet it concerns, as the item has it after the change (`limits/default-rate/quota`;
   * an entry of a facet's map, `authentication/oauth2/token_lifetimes/access_token`): where a page
   * flags it. None for an item removed or renamed as a whole.
   */
  facet?: string;
}

/**
 * What breaks clients between two versions of the spec, item by item, as each area's module judges
 * it, shapes removed, retyped or newly required at any depth (`changedShapes`), and the bounds and
 * patterns narrowed on what clients send (`narrowedBounds`); a renamed item
 * (`renamed`: old `area/item` key to new id) is compared with what it became, and a path parameter
 * renamed with its address (`parameters`) with the parameter it became (its type changed breaks
 * as any parameter's does).
 */
export function breakingChanges(before: Spec, after: Spec, renamed: ReadonlyMap<string, string> = new Map(), parameters: readonly ParameterRename[] = []): BreakingChange[] {
  const out: BreakingChange[] = [];
  const byItem = Map.groupBy(parameters, (r) => r.item);
  for (const module of AREAS) {
    const now = new Map(areaOf(after, module.key).items.map((i) => [i.id, i]));
    for (const item of areaOf(before, module.key).items) {
      const to = renamed.get(itemKey(item));
      const id = to ?? item.id;
      // One message per facet: the area's module says what it knows first, the shapes' walk the rest.
      const said = new Set<string>();
      const say = (message: string, at?: Path) => {
        const facet = at ? facetId(module.key, id, ...at.map(String)) : undefined;
        if (facet !== undefined && said.has(facet)) return;
        if (facet !== undefined) said.add(facet);
        out.push({ item: `${module.key}/${id}`, ...(to !== undefined ? { was: itemKey(item) } : {}), message: to === undefined ? message : withWas(message, id, item.id), ...(facet !== undefined ? { facet } : {}) });
      };
      const next = now.get(id);
      // The words name the item as it is after the change (its page, facets and gaps), as `item` does.
      module.breaking?.(item.data, next?.data, say, id, to !== undefined ? item.id : undefined);
      if (next) CONTRACT[module.key]?.(item.data as Record<string, unknown>, next.data as Record<string, unknown>, say, id);
      if (next && module.shapes) {
        const renames = byItem.get(`${module.key}/${id}`) ?? [];
        const moved = (path: Path): Path => {
          const r = path[0] === 'parameters' && path[1] === 'path' ? renames.find((x) => x.from === path[2]) : undefined;
          return r ? ['parameters', 'path', r.to, ...path.slice(3)] : path;
        };
        changedShapes(module.shapes, item.data, next.data, id, say, moved);
        narrowedBounds(module.shapes, item.data, next.data, id, say, moved);
      }
    }
  }
  return out;
}

/**
 * A renamed item's reason with its old id beside its new one where the words name it, once:
 * "Endpoint `fetch-order` (was `get-order`) no longer accepts …". Words that name the old id
 * already (an error code renamed), or the item in no single place, are kept as they are (`was`
 * says it).
 */
function withWas(message: string, id: string, was: string): string {
  const [name, old] = [markdownCode(id), markdownCode(was)];
  const at = message.indexOf(name);
  if (message.includes(old) || at < 0 || message.indexOf(name, at + 1) >= 0) return message;
  return `${message.slice(0, at + name.length)} (was ${old})${message.slice(at + name.length)}`;
}
