import { z } from 'zod';
import { durationSchema, facet, inventorySchema, itemCommon, prose } from './facet.ts';
import { payloadSchema } from './payload.ts';

export const deliverySchema = z.strictObject({
  /** How events reach subscribers, e.g. `webhook (HTTPS POST)`. */
  transport: z.string().trim().min(1),
  description: prose.optional(),
});
export const retriesSchema = z.strictObject({
  /** How many times a failed delivery is tried again. */
  attempts: z.int().min(0),
  /** The pattern between attempts, e.g. `exponential`. */
  backoff: z.string().min(1).optional(),
  /** How long retries go on at most. */
  within: durationSchema.optional(),
  description: prose.optional(),
});
export const signingSchema = z.strictObject({
  /** e.g. `HMAC-SHA256`. */
  algorithm: z.string().trim().min(1),
  /** The header carrying the signature. */
  header: z.string().min(1).optional(),
  description: prose.optional(),
});

/** `events/_area.yaml`: the inventory and the defaults every event follows. */
export const eventsArea = z.strictObject({
  inventory: inventorySchema,
  delivery: facet(deliverySchema),
  retries: facet(retriesSchema),
  signing: facet(signingSchema),
  description: prose.optional(),
});

/** `events/<event>.yaml`: one kind of event; delivery, retries and signing override the defaults. */
export const eventItem = z.strictObject({
  ...itemCommon,
  payload: facet(payloadSchema),
  delivery: facet(deliverySchema),
  retries: facet(retriesSchema),
  signing: facet(signingSchema),
});
export type EventItem = z.infer<typeof eventItem>;
