import { z } from 'zod';
import { facet, facetObject } from '../facet/define.ts';
import { facetId } from '../facet/ids.ts';
import type { Path } from '../facet/path.ts';
import { isObj, own, stated, type Placeholder } from '../facet/state.ts';
import { idSchema, lineSchema, nameSchema, prose } from '../facet/values.ts';
import { linkUrlSchema } from '../safety/url.ts';
import type { AddReference } from './keys.ts';
import type { ShapeAt } from './shape.ts';
import { jsonValue, shapeReferences, shapeSchema, shapeWith } from './shape.ts';

/**
 * A media type such as `application/json` or `multipart/form-data`, or a media range as OpenAPI
 * allows it: `image/*` (any image), `*∕*` (anything).
 */
export const mediaType = z.string().regex(/^(\*\/\*|[A-Za-z0-9!#$&^_.+-]+\/(\*|[A-Za-z0-9!#$&^_.+-]+))(\s*;.*)?$/, 'expected a media type such as application/json, or a range such as image/* or */*');

/**
 * Examples by name, each with a one-line summary, a description and its value (or the address of
 * a value kept elsewhere): OpenAPI's `examples` of a media type, parameter or header, AsyncAPI's
 * named message examples. They add to `example` and `examples`; they are never a gap.
 */
export const namedExamplesSchema = z.record(
  nameSchema,
  z
    .strictObject({
      /** What the example shows, in one line. */
      summary: lineSchema.optional(),
      /** More about it (Markdown). */
      description: prose.optional(),
      /** The example value, exactly as written. */
      value: jsonValue.optional(),
      /** Where the value is kept instead, when it is not written here. */
      external_value: linkUrlSchema.optional(),
    })
    .refine((e) => 'value' in e !== ('external_value' in e), 'give the example either a `value` or an `external_value`'),
);

/** One body for one media type, when a body has a different shape per media type. */
export const mediaSchema = facetObject(
  {
    resource: idSchema.optional(),
    list: z.boolean().optional(),
    schema: facet(shapeSchema),
    example: jsonValue.optional(),
    named_examples: namedExamplesSchema.optional(),
  },
  { schema: { label: 'shape', question: 'What shape does this body have?', optional: true, children: { label: () => 'shape' } } },
);

/** A header: a shape, and whether it is always sent. */
const header = shapeWith({ required: z.boolean().optional(), named_examples: namedExamplesSchema.optional() });
export const headerSchema = facetObject(header.shape, header.metas());

/** What a body is made of: a resource (or a list of it), a shape of its own, or a shape per media type. */
const bodyShape = {
  /** The resource the body carries. */
  resource: idSchema.optional(),
  /** `true` when the body is a list of the resource. */
  list: z.boolean().optional(),
  /** Instead of a resource: the body's own shape (an object that is no resource of its own). */
  schema: facet(shapeSchema),
  /** The media type, or the media types that all carry this one shape: `application/json`, `multipart/form-data`... */
  content_type: z.union([mediaType, z.array(mediaType).min(1)]).optional(),
  /** A different body for each media type. */
  content: facet(z.record(mediaType, mediaSchema)),
  /** What the body is (Markdown). */
  description: facet(prose),
  /** An example body, as the service sends or expects it. */
  example: jsonValue.optional(),
  /** Examples by name, each with a summary and a description. */
  named_examples: namedExamplesSchema.optional(),
};
const bodyMetas = {
  schema: { label: 'shape', question: 'What shape does the body have?', optional: true, children: { label: () => 'shape' } },
  content: { label: 'media types', question: 'Which media types does it come in?', optional: true, children: { label: (type: string) => `${type} body` } },
  description: { label: 'description', question: 'What is this body?', refinement: 'description', prose: true },
} as const;

/** A request body, event payload or error body. */
export const payloadSchema = facetObject(
  {
    ...bodyShape,
    /** For a request: whether it must carry the body. */
    required: z.boolean().optional(),
  },
  bodyMetas,
);

/** A response: a body as above, or an error code (whose body is the error's), its headers, or no body at all. */
export const responseSchema = facetObject(
  {
    ...bodyShape,
    /** The error code this response is; its body is the error's (or the errors area's). */
    error: idSchema.optional(),
    /** Response headers by name: `ETag`, `RateLimit`, `Location`... */
    headers: facet(z.record(nameSchema, headerSchema)),
  },
  { ...bodyMetas, headers: { label: 'headers', question: 'Which headers come with it?', refinement: 'headers', children: { label: (name: string) => `header ${name}` } } },
);

export type Payload = z.infer<typeof payloadSchema>;
export type Response = z.infer<typeof responseSchema>;
type Facet<T> = T | { none: string } | { open: true | string } | Placeholder | undefined;

/** The gap that holds up a stated payload: the fields of the resource it names. */
export function payloadHeldUpBy(value: unknown): string | undefined {
  const resource = own(value, 'resource');
  return typeof resource === 'string' ? facetId('resources', resource, 'fields') : undefined;
}

/** The resource, error and types a stated payload or response names, its media variants and headers included. */
export function payloadReferences(value: Facet<Payload | Response>, path: Path, via: string, add: AddReference): void {
  const p = stated(value);
  if (!isObj(p)) return;
  if (typeof p.resource === 'string') add({ path: [...path, 'resource'], area: 'resources', id: p.resource, via });
  if ('error' in p && typeof p.error === 'string') add({ path: [...path, 'error'], area: 'errors', id: p.error, via });
  shapeReferences(stated(p.schema), [...path, 'schema'], via, add);
  for (const [type, media] of Object.entries(stated(p.content) ?? {})) {
    if (typeof media.resource === 'string') add({ path: [...path, 'content', type, 'resource'], area: 'resources', id: media.resource, via: `${via} (${type})` });
    shapeReferences(stated(media.schema), [...path, 'content', type, 'schema'], `${via} (${type})`, add);
  }
  if ('headers' in p) for (const [name, h] of Object.entries(stated(p.headers) ?? {})) shapeReferences(h, [...path, 'headers', name], `header ${name} of ${via}`, add);
}

/** The shapes a stated payload or response holds: its own shape, one per media type, its headers. */
export function payloadShapes(value: Facet<Payload | Response>, path: Path, name: string): ShapeAt[] {
  const p = stated(value);
  if (!isObj(p)) return [];
  const out: ShapeAt[] = [];
  const schema = stated(p.schema);
  if (isObj(schema)) out.push({ shape: schema, path: [...path, 'schema'], name });
  for (const [type, media] of Object.entries(stated(p.content) ?? {})) {
    const inner = stated(media.schema);
    if (isObj(inner)) out.push({ shape: inner, path: [...path, 'content', type, 'schema'], name: `${name} (${type})` });
  }
  if ('headers' in p) for (const [header, h] of Object.entries(stated(p.headers) ?? {})) out.push({ shape: h, path: [...path, 'headers', header], name: `header ${header} of ${name}` });
  return out;
}
