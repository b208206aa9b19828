import { isObj, statedObj, type Obj } from '../model/facet-def.ts';
import type { Item } from '../model/spec.ts';

/** A state machine's states and transitions, where they are stated. */
export interface Machine {
  item: Item;
  states?: Obj;
  /** `fromPath(i)` is where the i-th source state is written. */
  transitions: Array<{ index: number; from: string[]; to: string; fromPath: (i: number) => Array<string | number> }>;
}

/** The valid state machines with what they state. */
export function machines(items: Item[]): Machine[] {
  return items.map((item) => ({
    item,
    ...(statedObj(item.data.states) ? { states: statedObj(item.data.states) } : {}),
    transitions: (Array.isArray(item.data.transitions) ? item.data.transitions : []).flatMap((t: unknown, index) =>
      isObj(t) && typeof t.to === 'string'
        ? [
            {
              index,
              from: (Array.isArray(t.from) ? t.from : [t.from]).filter((f): f is string => typeof f === 'string'),
              to: t.to,
              fromPath: (i: number) => (Array.isArray(t.from) ? ['transitions', index, 'from', i] : ['transitions', index, 'from']),
            },
          ]
        : [],
    ),
  }));
}
