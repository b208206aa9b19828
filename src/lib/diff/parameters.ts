import { AREAS } from '../areas/index.ts';
import { facetId } from '../facet/ids.ts';
import { stated } from '../facet/state.ts';
import { areaOf, itemKey, type Spec } from '../model/spec.ts';
import { markdownCode } from '../safety/markdown.ts';

/**
 * A path parameter renamed together with the address that holds it (`/orders/{id}` to
 * `/orders/{order_id}`; an event's channel, `payments/{provider}/settled` to
 * `payments/{psp}/settled`): clients call the same address, so nothing breaks; the change reads as
 * the parameter's new name.
 */
export interface ParameterRename {
  /** `area/item`, as the item is after the change. */
  item: string;
  from: string;
  to: string;
  /** The id of the facet that holds the address (`endpoints/get-order/path`), where a page marks the rename. */
  facet: string;
  /** The parameter's id before and after (`endpoints/get-order/parameters/path/id`): the same facets under a new name. */
  was: string;
  is: string;
  message: string;
}

const PLACEHOLDER = /\{([^}]*)\}/g;
const names = (address: string) => [...address.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
/** An address (a path, a channel) with its parameters unnamed: `/orders/{}`. */
export const addressShape = (address: string) => address.replace(PLACEHOLDER, '{}');

/**
 * A looser identity than the area module's, tried on the items its identity leaves unmatched: an
 * event removed and one added on the same channel (its parameters unnamed), each alone there on its
 * side, are one event renamed whose direction turned too. The direction change is then said as
 * the breaking change it is, and a channel parameter renamed with it as a rename, rather than one
 * event removed and another added.
 */
export const LOOSER_IDENTITY: Readonly<Record<string, (data: never) => string | undefined>> = {
  events: (event: { channel?: unknown }) => {
    const channel = stated(event.channel);
    return typeof channel === 'string' ? addressShape(channel) : undefined;
  },
};

/** Whether two addresses (a path, a channel) differ at most in their parameters' names: clients call, or listen on, the same one. */
export const sameAddress = (a: string, b: string): boolean => addressShape(a) === addressShape(b);

/** What a parameter of an address is called: a channel's (an event's), or a path's. */
const noun = (key: string) => (key === 'channel' ? 'Channel parameter' : 'Path parameter');

/**
 * The path parameters each item renamed without changing its address's shape, as its area's module
 * tells the item's identity (the same identity before and after: an endpoint's method and path, an
 * event's direction and channel, with their parameters unnamed; or the same looser identity, an
 * event's channel alone, `LOOSER_IDENTITY`). The address is the item's own
 * value that holds the placeholders and differs in their names alone; each placeholder whose name
 * changed is one rename, in order. A renamed item (`renamed`: old `area/item` key to new id) is
 * compared with what it became.
 */
export function renamedPathParameters(before: Spec, after: Spec, renamed: ReadonlyMap<string, string> = new Map()): ParameterRename[] {
  const out: ParameterRename[] = [];
  for (const module of AREAS) {
    const identify = module.identity;
    if (!identify) continue;
    const now = new Map(areaOf(after, module.key).items.map((i) => [i.id, i]));
    for (const item of areaOf(before, module.key).items) {
      const id = renamed.get(itemKey(item)) ?? item.id;
      const next = now.get(id);
      const identity = identify(item.data as never);
      const looser = LOOSER_IDENTITY[module.key];
      // The same item at the same address: its identity kept, or its looser one (an event whose direction turned).
      const same = (by: (data: never) => string | undefined) => by(item.data as never) === by(next?.data as never);
      if (!next || identity === undefined || !(same(identify) || (looser !== undefined && same(looser)))) continue;
      const [was, is] = [item.data as Record<string, unknown>, next.data as Record<string, unknown>];
      for (const key of Object.keys(was)) {
        const [a, b] = [stated(was[key]), stated(is[key])];
        if (typeof a !== 'string' || typeof b !== 'string' || a === b || !sameAddress(a, b)) continue;
        const [old, fresh] = [names(a), names(b)];
        old.forEach((from, i) => {
          const to = fresh[i] ?? from;
          if (from === to) return;
          out.push({
            item: `${module.key}/${id}`,
            from,
            to,
            facet: facetId(module.key, id, key),
            was: facetId(module.key, id, 'parameters', 'path', from),
            is: facetId(module.key, id, 'parameters', 'path', to),
            message: `${noun(key)} ${markdownCode(from)} of ${markdownCode(id)} renamed to ${markdownCode(to)}: the ${key} keeps its shape (${markdownCode(b)}), so no client breaks.`,
          });
        });
      }
    }
  }
  return out;
}
