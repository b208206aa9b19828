import { stateMachineItem, statesArea } from '../../schema/state-machine.ts';
import { transitionSegment } from '../../gaps/ids.ts';
import { inventory, isObj, statedObj, type AreaDef, type FacetDef } from '../facet-def.ts';

const TRIGGER: FacetDef = { key: 'trigger', label: 'trigger', question: 'What triggers this transition: an endpoint, an event or a condition?' };

/** A transition's id segment: `draft->placed`, or `a,b->c` for several sources. */
export function transitionId(value: unknown): string {
  const t = isObj(value) ? value : {};
  return transitionSegment((Array.isArray(t.from) ? t.from : [t.from ?? '?']).map(String), String(t.to ?? '?'));
}

export const states: AreaDef = {
  key: 'states',
  title: 'States',
  covers: 'States and transitions',
  schema: statesArea,
  facets: [inventory('inventory', 'state machines', 'the resource field holding the state, the state list, and the transitions with what triggers them')],
  items: {
    noun: 'state machine',
    plural: 'state machines',
    schema: stateMachineItem,
    facets: () => [
      { key: 'resource', label: 'resource', question: 'Which resource’s lifecycle is this?' },
      { key: 'field', label: 'state field', question: 'Which field of the resource holds the state?' },
      { key: 'states', label: 'state list', question: 'Which states can the resource be in?' },
      {
        key: 'transitions',
        label: 'transitions',
        question: 'Which moves between states are there, and what triggers each?',
        blockedBy: (owner) => (statedObj(owner.states) ? [] : ['states']),
        children: (value) =>
          Array.isArray(value)
            ? value.flatMap((t, index) =>
                isObj(t) ? [{ id: [transitionId(t)], at: [index], label: `transition ${transitionId(t)}`, owner: t, facets: [TRIGGER] }] : [],
              )
            : [],
      },
    ],
  },
};
