import type { z } from 'zod';
import { mediaType, type headerSchema, type payloadSchema } from '../../areas/payload.ts';
import type { Shape } from '../../areas/shape.ts';
import { isObj, type Obj } from '../../facet/state.ts';
import { seg } from '../result.ts';
import { holdsReference } from '../schema-map.ts';
import type { OpenApiContext } from './context.ts';

type Payload = z.input<typeof payloadSchema>;
type Header = z.input<typeof headerSchema>;
type Body = { resource: string; list?: true } | { schema: Shape };

/** A media type's body: its schema as a resource or a shape, and its example. */
function media(ctx: OpenApiContext, m: Obj, pointer: string): { body?: Body; example?: unknown } {
  const body = ctx.schemas.payload(m.schema, `${pointer}/schema`);
  const named = isObj(m.examples) ? Object.entries(m.examples) : [];
  if (named.length > 0) ctx.unmapped.push({ pointer: `${pointer}/examples`, reason: `${named.length} named examples; the spec keeps one example per body` });
  for (const key of Object.keys(m)) if (!['schema', 'example', 'examples'].includes(key)) ctx.unmapped.push({ pointer: `${pointer}/${seg(key)}`, reason: `a media type's \`${key}\` has no place in the spec` });
  const example = m.example !== undefined && holdsReference(m.example) ? undefined : m.example;
  if (example === undefined && m.example !== undefined) ctx.unmapped.push({ pointer: `${pointer}/example`, reason: 'an example holding a `$ref` is not kept (a literal value, which tools read as a reference)' });
  return { ...(body ? { body } : {}), ...(example !== undefined ? { example } : {}) };
}

/**
 * A request or response body's `content`: one body for all its media types when they share a
 * schema (`content_type` lists them), else a body per media type (`content`). Empty when there is
 * no content.
 */
export function bodyContent(ctx: OpenApiContext, content: unknown, pointer: string): Payload | undefined {
  const entries = Object.entries(ctx.deref(content)).flatMap(([key, m]) => {
    // `text/csv, text/comma-separated-values`: several media types under one key.
    const types = key.split(',').map((t) => t.trim());
    if (!types.every((t) => mediaType.safeParse(t).success)) {
      ctx.unmapped.push({ pointer: `${pointer}/${seg(key)}`, reason: `\`${key}\` is not a media type` });
      return [];
    }
    const body = media(ctx, ctx.deref(m), `${pointer}/${seg(key)}`);
    if (types.length > 1) ctx.unmapped.push({ pointer: `${pointer}/${seg(key)}`, reason: `several media types under one key are kept as ${types.length} media types` });
    return types.map((type) => ({ type, ...body }));
  });
  if (entries.length === 0) return undefined;
  const same = entries.every((e) => JSON.stringify(e.body) === JSON.stringify(entries[0]?.body) && JSON.stringify(e.example) === JSON.stringify(entries[0]?.example));
  const first = entries[0];
  if (same && first) {
    return { ...(first.body ?? {}), content_type: entries.length === 1 ? first.type : entries.map((e) => e.type), ...(first.example !== undefined ? { example: first.example as Payload['example'] } : {}) };
  }
  return { content: Object.fromEntries(entries.map((e) => [e.type, { ...(e.body ?? {}), ...(e.example !== undefined ? { example: e.example } : {}) }])) as Payload['content'] };
}

/** A header, parameter-like object's shape: its schema (or its one media type's), description, flags and example. */
export function describedShape(ctx: OpenApiContext, h: Obj, pointer: string, known: readonly string[]): Shape & { content_type?: string } {
  let schema: unknown = h.schema;
  let schemaAt = `${pointer}/schema`;
  let contentType: string | undefined;
  if (schema === undefined && isObj(h.content)) {
    const [type, m] = Object.entries(h.content)[0] ?? [];
    if (type !== undefined) {
      schema = ctx.deref(m).schema;
      schemaAt = `${pointer}/content/${seg(type)}/schema`;
      contentType = type;
    }
  }
  const shape = ctx.schemas.object(schema, schemaAt);
  const out: Shape & { content_type?: string } = { ...shape };
  if (typeof h.description === 'string' && h.description.trim() !== '') out.description = h.description;
  if (h.deprecated === true) out.deprecated = true;
  if (h.example !== undefined) out.examples = [...(Array.isArray(out.examples) ? out.examples : []), h.example] as Shape['examples'];
  if (contentType !== undefined) out.content_type = contentType;
  if (isObj(h.examples)) ctx.unmapped.push({ pointer: `${pointer}/examples`, reason: 'named examples of a parameter or header are not kept' });
  for (const key of Object.keys(h)) {
    if (![...known, 'schema', 'content', 'description', 'deprecated', 'example', 'examples'].includes(key)) ctx.unmapped.push({ pointer: `${pointer}/${seg(key)}`, reason: `\`${key}\` has no place in the spec` });
  }
  return out;
}

/** A response's or message's headers by name. */
export function headersOf(ctx: OpenApiContext, headers: unknown, pointer: string): Record<string, Header> | undefined {
  const entries = Object.entries(ctx.deref(headers));
  if (entries.length === 0) return undefined;
  return Object.fromEntries(
    entries.map(([name, raw]) => {
      const h = ctx.deref(raw);
      const { content_type: _, ...shape } = describedShape(ctx, h, ctx.where(raw, `${pointer}/${seg(name)}`), ['required', 'style', 'explode']);
      const { type, ...rest } = shape;
      return [name, { ...(type !== undefined ? { type } : {}), ...(typeof h.required === 'boolean' ? { required: h.required } : {}), ...rest } as Header];
    }),
  );
}
