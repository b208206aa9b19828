import { z } from 'zod';
import { idSchema, prose } from '../facet/values.ts';
import { facetId } from '../facet/ids.ts';
import { own, stated } from '../facet/state.ts';
import type { Path } from '../facet/path.ts';
import type { AddReference } from './area.ts';

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

/** The gap that holds up a stated payload: the fields of the resource it names. */
export function payloadHeldUpBy(value: unknown): string | undefined {
  const resource = own(value, 'resource');
  return typeof resource === 'string' ? facetId('resources', resource, 'fields') : undefined;
}

/** The resource and error a stated payload or response names. */
export function payloadReferences(value: unknown, path: Path, via: string, add: AddReference): void {
  const p = stated(value);
  if (typeof p !== 'object' || p === null) return;
  if ('resource' in p && typeof p.resource === 'string') add({ path: [...path, 'resource'], area: 'resources', id: p.resource, via });
  if ('error' in p && typeof p.error === 'string') add({ path: [...path, 'error'], area: 'errors', id: p.error, via });
}
