import { z } from 'zod';
import { durationSchema, facet, inventorySchema, itemCommon, prose } from './facet.ts';

const quota = z.strictObject({
  ...itemCommon,
  kind: z.literal('quota'),
  /** How many requests the window allows. */
  quota: facet(z.int().positive()),
  /** The window, as an ISO 8601 duration. */
  window: facet(durationSchema),
  /** Who the quota counts for, e.g. `per client`. */
  per: z.string().min(1).optional(),
});
const size = z.strictObject({
  ...itemCommon,
  kind: z.literal('size'),
  /** The largest body, in bytes. */
  max_bytes: facet(z.int().positive()),
  applies_to: z.enum(['request', 'response']).optional(),
});
const timeout = z.strictObject({
  ...itemCommon,
  kind: z.literal('timeout'),
  /** How long the service waits before it gives up, as an ISO 8601 duration. */
  duration: facet(durationSchema),
});

export const LIMIT_KINDS = ['quota', 'size', 'timeout'] as const;

/** `limits/<limit>.yaml`: a request quota, a size bound or a time-out. */
export const limitItem = z.discriminatedUnion('kind', [quota, size, timeout], {
  error: 'expected `kind: quota`, `kind: size` or `kind: timeout`',
});
export type LimitItem = z.infer<typeof limitItem>;

/** `limits/_area.yaml`: one inventory per kind of limit, and the rate-limit headers. */
export const limitsArea = z.strictObject({
  quotas: inventorySchema,
  size_bounds: inventorySchema,
  timeouts: inventorySchema,
  /** Response headers that report the limits, e.g. `RateLimit`, `Retry-After`. */
  headers: facet(z.array(z.string().min(1))),
  description: prose.optional(),
});
