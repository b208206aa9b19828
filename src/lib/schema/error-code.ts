import { z } from 'zod';
import { facet, inventorySchema, itemCommon, prose } from './facet.ts';
import { payloadSchema } from './payload.ts';

/** `errors/_area.yaml`: the inventory and the body every error carries. */
export const errorsArea = z.strictObject({
  inventory: inventorySchema,
  /** The shape of an error body, e.g. an RFC 9457 problem resource. */
  body: facet(payloadSchema),
  description: prose.optional(),
});

/** `errors/<code>.yaml`: one error code. */
export const errorItem = z.strictObject({
  ...itemCommon,
  /** The HTTP status code it comes with. */
  status: facet(z.int({ error: 'expected an HTTP status code such as 404' })),
});
export type ErrorItem = z.infer<typeof errorItem>;
