import type { z } from 'zod';
import type { payloadSchema } from '../../areas/payload.ts';
import { seg } from '../result.ts';
import type { OpenApiContext } from './context.ts';

/** A request or response body's `content` as a payload: the JSON media type's schema if there is one. */
export function bodyPayload(ctx: OpenApiContext, content: unknown, pointer: string, inlineName: string): z.input<typeof payloadSchema> | undefined {
  const entries = Object.entries(ctx.deref(content));
  if (entries.length === 0) return undefined;
  const [type, media] = entries.find(([t]) => /json/i.test(t)) ?? entries[0] ?? ['', {}];
  if (entries.length > 1) ctx.unmapped.push({ pointer, reason: `${entries.length} content types; the spec keeps one per body (${type})` });
  const payload = ctx.schemas.payload(ctx.deref(media).schema, `${pointer}/${seg(type)}/schema`, inlineName);
  return payload ? { ...payload, content_type: type } : { content_type: type };
}
