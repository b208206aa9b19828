import type { z } from 'zod';
import { mediaType, type headerSchema, type payloadSchema } from '../../areas/payload.ts';
import { valuePath, type Shape } from '../../areas/shape.ts';
import { isObj, type Obj } from '../../facet/state.ts';
import { seg } from '../result.ts';
import { canonical, holdsReference, unkeptValue } from '../schema-map.ts';
import { titled } from '../text.ts';
import { linkUrlSchema } from '../../safety/url.ts';
import { markdownCode } from '../../safety/markdown.ts';
import { usableKey } from '../names.ts';
import type { OpenApiContext } from './context.ts';

type Payload = z.input<typeof payloadSchema>;
type Header = z.input<typeof headerSchema>;
type Body = { resource: string; list?: true } | { schema: Shape };

type NamedExamples = NonNullable<Payload['named_examples']>;

/**
 * Named examples (`examples` of a media type, parameter or header) as the spec keeps them: each
 * with its summary, description and value or external value; one that refers to nothing, or whose
 * value holds a `$ref`, is listed as unmapped.
 */
export function namedExamples(ctx: OpenApiContext, raw: unknown, pointer: string, fits: (value: unknown, pointer: string) => boolean = () => true): NamedExamples | undefined {
  if (!isObj(raw)) return undefined;
  const out: NamedExamples = {};
  for (const [name, e] of Object.entries(raw)) {
    const at = ctx.where(e, `${pointer}/${seg(name)}`);
    ctx.used.add(at);
    if (!usableKey(name, pointer, 'a named example', ctx.unmapped)) continue;
    const x = ctx.deref(e);
    const unkept = 'value' in x ? unkeptValue(x.value) : undefined;
    if (unkept) ctx.unmapped.push({ pointer: `${at}/value`, reason: `the example${unkept.at.length > 0 ? `, at \`${valuePath(unkept.at)}\`,` : ''} ${unkept.message}; it is not kept` });
    // Checked as the example beside it is (as `check` checks a value against its shape): one the schema does not allow is said at the example (its summary goes with it), not kept.
    const allowed = 'value' in x && !holdsReference(x.value) && !unkept && fits(x.value, at);
    if ('value' in x && !holdsReference(x.value) && !unkept && !allowed) continue;
    const value = 'value' in x && !holdsReference(x.value) && !unkept ? { value: x.value as NamedExamples[string]['value'] } : undefined;
    const external = typeof x.externalValue === 'string' && linkUrlSchema.safeParse(x.externalValue).success ? { external_value: x.externalValue } : undefined;
    if ('value' in x && !value && !unkept) ctx.unmapped.push({ pointer: `${at}/value`, reason: 'an example holding a `$ref` is not kept (a literal value, which tools read as a reference)' });
    if (typeof x.externalValue === 'string' && !external) ctx.unmapped.push({ pointer: `${at}/externalValue`, reason: 'an external value that is not an http(s) or relative address is not kept' });
    for (const key of Object.keys(x)) if (!['summary', 'description', 'value', 'externalValue'].includes(key)) ctx.unmapped.push({ pointer: `${at}/${seg(key)}`, reason: `an example's \`${key}\` has no place in the spec` });
    if (!value === !external) {
      // One with a value or an external value not kept is said where that is written (T31u N2: not a second time, as one without a value).
      if (!value) {
        if (!('value' in x) && typeof x.externalValue !== 'string') ctx.unmapped.push({ pointer: at, reason: 'a named example without a value is not kept' });
      } else ctx.unmapped.push({ pointer: `${at}/externalValue`, reason: 'an example with both a value and an external value keeps its value' });
      if (!value) continue;
    }
    const { title, description } = titled(x.summary, x.description);
    out[name] = { ...(title !== undefined ? { summary: title } : {}), ...(description !== undefined ? { description } : {}), ...(value ?? external) };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Whether a media type (or several under one key) is JSON's: `application/json`, `…+json`, `application/json-patch+json`. */
const jsonMedia = (key: string) => key.split(',').every((t) => /^[^/;]+\/[^;]*json\b/i.test(t.trim()));

/** A media type's body: its schema as a resource or a shape, its example and its named examples. */
function media(ctx: OpenApiContext, m: Obj, pointer: string, key: string): { body?: Body; example?: unknown; named?: NamedExamples } {
  const body = ctx.schemas.payload(m.schema, `${pointer}/schema`);
  const named = namedExamples(ctx, m.examples, `${pointer}/examples`, (value, at) => {
    if (ctx.schemas.fitsBody(body, value, at)) return true;
    textExample(ctx, value, key, at);
    return false;
  });
  for (const key of Object.keys(m)) if (!['schema', 'example', 'examples'].includes(key)) ctx.unmapped.push({ pointer: `${pointer}/${seg(key)}`, reason: `a media type's \`${key}\` has no place in the spec` });
  const literal = m.example !== undefined && holdsReference(m.example) ? undefined : m.example;
  if (literal === undefined && m.example !== undefined) ctx.unmapped.push({ pointer: `${pointer}/example`, reason: 'an example holding a `$ref` is not kept (a literal value, which tools read as a reference)' });
  // Checked against the body as `check` will check it; one it does not allow is listed, not kept.
  const example = literal !== undefined && ctx.schemas.fitsBody(body, literal, `${pointer}/example`) ? literal : undefined;
  // OpenAPI gives the example of a media type other than JSON's (`application/xml`) as the text its
  // body is written as: no value of the body's shape, which is what the spec's examples are (and
  // `check` checks); said so, not as a value of the wrong type (t31 s10 D8).
  if (literal !== undefined && example === undefined) textExample(ctx, literal, key, `${pointer}/example`);
  return { ...(body ? { body } : {}), ...(example !== undefined ? { example } : {}), ...(named ? { named } : {}) };
}

/** What is said of an example refused at `at` where it is the text a body other than JSON is written as: that, not a value of the wrong type. */
function textExample(ctx: OpenApiContext, literal: unknown, key: string, at: string): void {
  const said = ctx.unmapped.at(-1);
  if (typeof literal !== 'string' || jsonMedia(key) || said?.pointer !== at) return;
  const chars = Array.from(literal);
  said.reason = `the example is the body as \`${key}\` writes it, text (${markdownCode(chars.length > 60 ? `${chars.slice(0, 57).join('')}...` : literal)}), which the spec does not read: its examples are values of the body's shape, which \`check\` checks; it is not kept`;
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
    const body = media(ctx, ctx.deref(m), `${pointer}/${seg(key)}`, key);
    if (types.length > 1) ctx.unmapped.push({ pointer: `${pointer}/${seg(key)}`, reason: `several media types under one key are kept as ${types.length} media types` });
    return types.map((type) => ({ type, ...body }));
  });
  if (entries.length === 0) return undefined;
  const same = entries.every((e) => JSON.stringify(e.body) === JSON.stringify(entries[0]?.body) && JSON.stringify(e.example) === JSON.stringify(entries[0]?.example) && JSON.stringify(e.named) === JSON.stringify(entries[0]?.named));
  const first = entries[0];
  const examples = (e: (typeof entries)[number]) => ({ ...(e.example !== undefined ? { example: e.example as Payload['example'] } : {}), ...(e.named ? { named_examples: e.named } : {}) });
  if (same && first) return { ...(first.body ?? {}), content_type: entries.length === 1 ? first.type : entries.map((e) => e.type), ...examples(first) };
  return { content: Object.fromEntries(entries.map((e) => [e.type, { ...(e.body ?? {}), ...examples(e) }])) as Payload['content'] };
}

/** A header, parameter-like object's shape: its schema (or its one media type's), description, flags and example. */
export function describedShape(ctx: OpenApiContext, h: Obj, pointer: string, known: readonly string[]): Shape & { content_type?: string; named_examples?: NamedExamples } {
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
  const out: Shape & { content_type?: string; named_examples?: NamedExamples } = { ...shape };
  // The spec keeps one description of a parameter or header, and an export writes it on the object itself, not its schema: said where the schema states one.
  if (typeof shape.description === 'string' && shape.description !== h.description) {
    const own = typeof h.description === 'string' && h.description.trim() !== '';
    ctx.unmapped.push({ pointer: `${schemaAt}/description`, reason: own ? "the schema's description is not kept beside the parameter's or header's own: the spec keeps one, the object's" : "the schema's description is kept as the parameter's or header's own (the spec keeps one, and an export writes it on the object, not its schema)" });
  }
  if (typeof h.description === 'string' && h.description.trim() !== '') out.description = h.description;
  if (h.deprecated === true) out.deprecated = true;
  // So with `deprecated`: one flag, written on the object by an export.
  else if (shape.deprecated === true) ctx.unmapped.push({ pointer: `${schemaAt}/deprecated`, reason: "the schema's `deprecated` is kept as the parameter's or header's own (the spec keeps one, and an export writes it on the object, not its schema)" });
  if (h.example !== undefined) {
    // The parameter's own example, checked against its shape as `check` will check it.
    const own: Shape = { ...out, examples: [h.example] as Shape['examples'] };
    ctx.schemas.checkValues(own, pointer);
    if (own.examples !== undefined && !holdsReference(h.example)) {
      out.examples = [...(Array.isArray(out.examples) ? out.examples : []), h.example] as Shape['examples'];
      ctx.unmapped.push({ pointer: `${pointer}/example`, reason: "the example is kept among the schema's examples (the spec keeps one list of them; an export writes it as the schema's `examples`)" });
    }
    else if (holdsReference(h.example)) ctx.unmapped.push({ pointer: `${pointer}/example`, reason: 'an example holding a `$ref` is not kept (a literal value, which tools read as a reference)' });
  }
  if (contentType !== undefined) out.content_type = contentType;
  const named = namedExamples(ctx, h.examples, `${pointer}/examples`);
  if (named) out.named_examples = named;
  for (const key of Object.keys(h)) {
    if (![...known, 'schema', 'content', 'description', 'deprecated', 'example', 'examples'].includes(key)) ctx.unmapped.push({ pointer: `${pointer}/${seg(key)}`, reason: `\`${key}\` has no place in the spec` });
  }
  return out;
}

/** A response's or message's headers by name. */
export function headersOf(ctx: OpenApiContext, headers: unknown, pointer: string): Record<string, Header> | undefined {
  // HTTP field names are case-insensitive: a name written again in another letter case (`ETag`, `etag`) is one header stated twice, the first kept.
  const first = new Map<string, string>();
  const entries = Object.entries(ctx.deref(headers)).filter(([name]) => {
    if (!usableKey(name, ctx.where(headers, pointer), 'a header', ctx.unmapped)) return false;
    const earlier = first.get(name.toLowerCase());
    if (earlier === undefined) first.set(name.toLowerCase(), name);
    else ctx.unmapped.push({ pointer: `${ctx.where(headers, pointer)}/${seg(name)}`, reason: `the header \`${name}\` is \`${earlier}\` written again (HTTP header names are case-insensitive): only the first is kept` });
    return earlier === undefined;
  });
  if (entries.length === 0) return undefined;
  return Object.fromEntries(
    entries.map(([name, raw]) => {
      const h = ctx.deref(raw);
      const at = ctx.where(raw, `${pointer}/${seg(name)}`);
      const { content_type: contentType, ...shape } = describedShape(ctx, h, at, ['required', 'style', 'explode']);
      if (contentType !== undefined) ctx.unmapped.push({ pointer: `${at}/content`, reason: `a header's media type (\`${contentType}\`) has no place in the spec; its schema is kept` });
      for (const key of ['style', 'explode']) if (h[key] !== undefined) ctx.unmapped.push({ pointer: `${at}/${key}`, reason: `a header's \`${key}\` has no place in the spec` });
      const { type, ...rest } = shape;
      return [name, canonical({ ...(type !== undefined ? { type } : {}), ...(typeof h.required === 'boolean' ? { required: h.required } : {}), ...rest }) as Header];
    }),
  );
}
