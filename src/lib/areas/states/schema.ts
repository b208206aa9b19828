import { z } from 'zod';
import { facet, facetObject, inventoryMeta, inventorySchema, itemCommon, itemCommonMetas } from '../../facet/define.ts';
import { transitionSegment } from '../../facet/ids.ts';
import { facetState, isObj } from '../../facet/state.ts';
import { idSchema, nameSchema, prose } from '../../facet/values.ts';

const description = { label: 'description', question: 'What does it mean?', refinement: 'description', prose: true } as const;

/** What moves a resource from one state to another. */
export const triggerSchema = z.union([
  z.strictObject({ /** The endpoint whose call causes the move. */ endpoint: idSchema }),
  z.strictObject({ /** The event whose arrival causes the move. */ event: idSchema }),
  z.strictObject({ /** A condition in words, e.g. "30 days without payment". */ condition: z.string().trim().min(1) }),
]);

export const stateSchema = facetObject(
  {
    /** What being in this state means (Markdown). */
    description: facet(prose),
    /** The state a new resource starts in. */
    initial: z.boolean().optional(),
    /** A state nothing leaves. */
    final: z.boolean().optional(),
  },
  { description },
);

export const transitionSchema = facetObject(
  {
    from: z.union([nameSchema, z.array(nameSchema).min(1)]),
    to: nameSchema,
    trigger: facet(triggerSchema),
    /** What the move means (Markdown). */
    description: facet(prose),
  },
  { trigger: { label: 'trigger', question: 'What triggers this transition: an endpoint, an event or a condition?' }, description },
);
export type Transition = z.infer<typeof transitionSchema>;

/** A transition's id segment: `draft->placed`, or `a,b->c` for several sources. */
export function transitionId(value: unknown): string {
  const t = isObj(value) ? value : {};
  return transitionSegment((Array.isArray(t.from) ? t.from : [t.from ?? '?']).map(String), String(t.to ?? '?'));
}

/** `states/_area.yaml`. */
export const statesArea = facetObject(
  { inventory: inventorySchema, description: prose.optional() },
  { inventory: inventoryMeta('state machines', 'the resource field holding the state, the state list, and the transitions with what triggers them') },
);

/** `states/<machine>.yaml`: the lifecycle of one resource. */
export const stateMachineItem = facetObject(
  {
    ...itemCommon,
    /** The resource whose lifecycle this is. */
    resource: facet(idSchema),
    /** The resource field that holds the state. */
    field: facet(nameSchema),
    /** The states, by name. */
    states: facet(z.record(nameSchema, stateSchema)),
    /** The moves between states and what triggers them. */
    transitions: facet(z.array(transitionSchema)),
  },
  {
    ...itemCommonMetas,
    resource: { label: 'resource', question: 'Which resource’s lifecycle is this?' },
    field: { label: 'state field', question: 'Which field of the resource holds the state?' },
    states: { label: 'state list', question: 'Which states can the resource be in?', children: { label: (name) => `state ${name}` } },
    transitions: {
      label: 'transitions',
      question: 'Which moves between states are there, and what triggers each?',
      // Stated or stated as none, the state list blocks nothing; missing, open or empty, it blocks the table.
      blockedBy: (m) => (['stated', 'none'].includes(facetState(m.states)) ? [] : ['states']),
      children: { label: (name) => `transition ${name}`, id: (t) => transitionId(t) },
    },
  },
);
export type StateMachineItem = z.infer<typeof stateMachineItem>;
