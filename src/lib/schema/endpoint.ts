import { z } from 'zod';
import { facet, idSchema, inventorySchema, itemCommon, nameSchema, prose } from './facet.ts';
import { payloadSchema, responseSchema } from './payload.ts';
import { typeName } from './resource.ts';

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'] as const;
/** Methods whose requests carry no body: the request facet cannot apply. */
export const BODYLESS_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE']);

export const parameterSchema = z.strictObject({
  in: z.enum(['path', 'query', 'header', 'cookie']),
  type: facet(typeName),
  required: z.boolean().optional(),
  description: prose.optional(),
});

export const securityRequirement = z.strictObject({
  /** An authentication scheme id. */
  scheme: idSchema,
  /** Scopes of that scheme the call needs. */
  scopes: z.array(z.string().min(1)).optional(),
});

/** `endpoints/_area.yaml`. */
export const endpointsArea = z.strictObject({ inventory: inventorySchema, description: prose.optional() });

/** `endpoints/<operation>.yaml`: one method on one path. */
export const endpointItem = z.strictObject({
  ...itemCommon,
  method: facet(z.enum(METHODS, { error: `expected one of ${METHODS.join(', ')}` })),
  /** The path shape relative to the base address, e.g. `/orders/{order_id}`. */
  path: facet(z.string().regex(/^\//, 'a path starts with /')),
  /** Parameters by name. */
  parameters: facet(z.record(nameSchema, parameterSchema)),
  /** The request body. */
  request: facet(payloadSchema),
  /** Responses by status code (`200`, `4XX`, `default`). */
  responses: facet(z.record(nameSchema, facet(responseSchema))),
  /** The schemes and scopes a call needs (an optional refinement). */
  security: facet(z.array(securityRequirement)),
  /** Ids of the limits that apply to this endpoint. */
  limits: z.array(idSchema).optional(),
  deprecated: z.boolean().optional(),
});
export type EndpointItem = z.infer<typeof endpointItem>;
