import { z } from 'zod';
import { facet, idSchema, inventorySchema, itemCommon, nameSchema, prose } from './facet.ts';

/** What moves a resource from one state to another. */
export const triggerSchema = z.union([
  z.strictObject({ /** The endpoint whose call causes the move. */ endpoint: idSchema }),
  z.strictObject({ /** The event whose arrival causes the move. */ event: idSchema }),
  z.strictObject({ /** A condition in words, e.g. "30 days without payment". */ condition: z.string().trim().min(1) }),
]);

export const stateSchema = z.strictObject({
  description: prose.optional(),
  /** The state a new resource starts in. */
  initial: z.boolean().optional(),
  /** A state nothing leaves. */
  final: z.boolean().optional(),
});

export const transitionSchema = z.strictObject({
  from: z.union([nameSchema, z.array(nameSchema).min(1)]),
  to: nameSchema,
  trigger: facet(triggerSchema),
  description: prose.optional(),
});
export type Transition = z.infer<typeof transitionSchema>;

/** `states/_area.yaml`. */
export const statesArea = z.strictObject({ inventory: inventorySchema, description: prose.optional() });

/** `states/<machine>.yaml`: the lifecycle of one resource. */
export const stateMachineItem = z.strictObject({
  ...itemCommon,
  /** The resource whose lifecycle this is. */
  resource: facet(idSchema),
  /** The resource field that holds the state. */
  field: facet(nameSchema),
  /** The states, by name. */
  states: facet(z.record(nameSchema, stateSchema)),
  /** The moves between states and what triggers them. */
  transitions: facet(z.array(transitionSchema)),
});
export type StateMachineItem = z.infer<typeof stateMachineItem>;
