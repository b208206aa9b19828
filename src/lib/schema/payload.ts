import { z } from 'zod';
import { idSchema, prose } from './facet.ts';

/** A body described by a resource (or a list of it). */
export const resourcePayload = z.strictObject({
  /** The resource the body carries. */
  resource: idSchema,
  /** `true` when the body is a list of the resource. */
  list: z.boolean().optional(),
  content_type: z.string().min(1).optional(),
  description: prose.optional(),
});

/** A body that is not a resource, e.g. a PDF. */
export const rawPayload = z.strictObject({ content_type: z.string().min(1), description: prose.optional() });

/** A request body, event payload or error body. */
export const payloadSchema = z.union([resourcePayload, rawPayload]);

/** A response names an error code; its body is the errors area's body shape. */
export const errorResponse = z.strictObject({ error: idSchema, description: prose.optional() });

export const responseSchema = z.union([resourcePayload, errorResponse, rawPayload]);
export type Payload = z.infer<typeof payloadSchema>;
export type Response = z.infer<typeof responseSchema>;
