import type { z } from 'zod';
import { isFacetSchema } from '../facet/define.ts';
import type { Path } from '../facet/path.ts';
import { isObj } from '../facet/state.ts';
import { dateSchema, durationSchema, idSchema, lineSchema, nameSchema, noneSchema, openSchema, placeholderSchema, prose } from '../facet/values.ts';
import { absoluteUrlSchema, endpointUrlSchema, linkUrlSchema, serverUrlSchema } from '../safety/url.ts';
import { parameterSchema } from '../areas/parameters.ts';
import { headerSchema, mediaType, payloadSchema, responseSchema } from '../areas/payload.ts';
import { fieldSchema, jsonValue, shapeSchema, typeName } from '../areas/shape.ts';

/**
 * The form of a value, read from the same zod schemas `check` validates with: `text`, `[name, …]`,
 * `{ endpoint: id } | { event: id } | { condition: text }`. The guide's reference of every key
 * and the loader's wrong-type and unknown-key messages both say forms through this module, so
 * neither can drift from what is checked.
 */

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  discriminator?: string;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
  values?: unknown[];
  entries?: Record<string, unknown>;
  format?: string;
  checks?: Array<{ _zod: { def: { check: string; format?: string } } }>;
}

export const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Schemas with a name of their own: how a form says them. */
const NAMED = new Map<z.ZodType, string>([
  [idSchema, 'id'],
  [nameSchema, 'name'],
  [lineSchema, 'one line'],
  [prose, 'Markdown'],
  [durationSchema, 'duration'],
  [dateSchema, 'date'],
  [absoluteUrlSchema, 'URL'],
  [linkUrlSchema, 'URL'],
  [serverUrlSchema, 'URL'],
  [endpointUrlSchema, 'URL'],
  [typeName, 'type'],
  [mediaType, 'media type'],
  [jsonValue, 'any value'],
  // The recursive objects, said by name: the guide's reference describes each.
  [shapeSchema, 'shape'],
  [fieldSchema, 'field'],
  [parameterSchema, 'parameter'],
  [headerSchema, 'header'],
  [payloadSchema, 'body'],
  [responseSchema, 'response'],
]);

/** Whether a form names an object described on its own (`shape`), rather than spelling it out. */
export const NAMED_OBJECTS: ReadonlyMap<z.ZodType, string> = new Map([...NAMED].filter(([, name]) => ['shape', 'field', 'parameter', 'header', 'body', 'response'].includes(name)));

/** What the words of a form mean, for the guide's legend. */
export const FORM_WORDS: ReadonlyArray<readonly [string, string]> = [
  ['text', 'any text (quote it when it holds `: `, ` #` or starts with a YAML sign such as `[`, `{`, `*`, `&`, `!`, `|`, `>`, `@`)'],
  ['one line', 'text without line breaks or control characters'],
  ['Markdown', 'text rendered as Markdown; `[[area/id]]` links to an item'],
  ['name', 'a name as written, without control characters (a field, a state, a header...)'],
  ['type', '`string`, `integer`, `number`, `boolean`, `object`, `array`, `map`, `null`, a resource id, or `one_of`, `any_of`, `all_of`'],
  ['media type', '`application/json`, `multipart/form-data`, or a range such as `image/*`'],
  ['shape, field, parameter, header, body, response', 'a mapping described in its own section below'],
  ['id', 'an item id: letters, digits, `_`, `.` and `-`, starting with a letter or digit'],
  ['duration', 'an ISO 8601 duration: `PT30S`, `PT1H`, `P30D`'],
  ['date', 'a calendar date, `YYYY-MM-DD`'],
  ['URL', 'an address: `https://…` (a link may also be relative, a token endpoint a path from the root)'],
  ['number', 'a number; `whole number`: without a fraction'],
  ['any value', 'any YAML value, kept exactly as written'],
  ['[X, …]', 'a list of X; in YAML `[a, b]` or one `- a` per line'],
  ['{ name: X, … }', 'a mapping from names of your choice to X'],
  ['A | B', 'either form'],
];

/** The options of a facet's union besides its value: `{ none }`, `{ open }` and a placeholder. */
const STATES: ReadonlySet<z.ZodType> = new Set([noneSchema, openSchema, placeholderSchema]);

/** The schema of a facet's stated value (a facet is `none | open | placeholder | value`, optional); the schema itself otherwise. */
export function statedSchema(schema: z.ZodType): z.ZodType {
  if (!isFacetSchema(schema)) return schema;
  const inner = defOf(schema).innerType;
  const options = inner ? (defOf(inner).options ?? []) : [];
  return options.find((o) => !STATES.has(o)) ?? schema;
}

/** Strips what does not change a value's form: optional, nullable, default, readonly, a pipe's output, a lazy schema, a facet's states. */
export function bare(schema: z.ZodType): z.ZodType {
  let s = statedSchema(schema);
  for (let i = 0; i < 32; i++) {
    const def = defOf(s);
    const next = def.type === 'optional' || def.type === 'nullable' || def.type === 'default' || def.type === 'readonly' || def.type === 'nonoptional' ? def.innerType : def.type === 'pipe' ? def.in : def.type === 'lazy' ? def.getter?.() : undefined;
    if (!next || NAMED.has(s)) return s;
    s = statedSchema(next);
  }
  return s;
}

/** The keys of an object schema, in order. */
export function objectKeys(schema: z.ZodType): string[] {
  return Object.keys(defOf(bare(schema)).shape ?? {});
}

/** Whether a key of an object schema may be left out. */
function optionalKey(schema: z.ZodType): boolean {
  return isFacetSchema(schema) || ['optional', 'default'].includes(defOf(schema).type);
}

/** The longest form written out whole; a longer object shows its keys with `…`. */
const WIDE = 90;

/**
 * The form of a value of `schema`, one line: `[name, …]`, `{ endpoint: id } | { event: id }`. An
 * object is written out whole when short, else as its keys (`{ from: …, to: …, … }`), and as its
 * keys alone more than `depth` levels down; the objects described on their own are said by their
 * name (`shape`).
 */
export function formOf(schema: z.ZodType, depth = 3): string {
  const s = bare(schema);
  const named = NAMED.get(s);
  if (named !== undefined) return named;
  const def = defOf(s);
  const inner = (t: z.ZodType | undefined) => (t ? formOf(t, depth - 1) : 'any value');
  switch (def.type) {
    case 'string':
      return stringForm(def);
    case 'number':
      return def.format === 'safeint' || def.checks?.some((c) => c._zod.def.format === 'safeint') ? 'whole number' : 'number';
    case 'int':
      return 'whole number';
    case 'boolean':
      return 'true | false';
    case 'null':
      return 'null';
    case 'literal':
      return (def.values ?? []).map(literal).join(' | ');
    case 'enum':
      return Object.values(def.entries ?? {}).map(literal).join(' | ');
    case 'array': {
      const element = inner(def.element);
      return `[${element.includes(' | ') ? `(${element})` : element}, …]`;
    }
    case 'record':
      return `{ ${keyForm(def.keyType)}: ${inner(def.valueType)}, … }`;
    case 'union': {
      const options = (def.options ?? []).map((o) => inner(o));
      return [...new Set(options)].join(' | ');
    }
    case 'object': {
      if (depth <= 0) return `{ ${objectKeys(s).join(', ')} }`;
      const entries = Object.entries(def.shape ?? {});
      const whole = `{ ${entries.map(([k, v]) => `${k}${optionalKey(v) && entries.length > 1 ? '?' : ''}: ${inner(v)}`).join(', ')} }`;
      return whole.length <= WIDE ? whole : `{ ${entries.map(([k]) => `${k}: …`).join(', ')} }`;
    }
    case 'lazy':
    case 'any':
    case 'unknown':
    case 'custom':
      return 'any value';
    default:
      return def.type;
  }
}

const literal = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

function stringForm(def: Def): string {
  if (def.format === 'duration') return 'duration';
  if (def.format === 'date') return 'date';
  return 'text';
}

/** How the keys of a mapping are named in a form: `name` for names, else what they are. */
function keyForm(key: z.ZodType | undefined): string {
  if (!key) return 'name';
  const s = bare(key);
  const named = NAMED.get(s);
  if (named !== undefined) return named === 'name' ? 'name' : named;
  return defOf(s).type === 'enum' ? formOf(s) : 'name';
}

/**
 * The schema of the value at `path` inside a value of `schema`, following optionals, facets,
 * lists, mappings and unions (the branch that has the next key, or that `data` selects by its
 * discriminator); undefined where the schema says nothing of that place.
 */
export function schemaAt(schema: z.ZodType, path: Path, data?: unknown): z.ZodType | undefined {
  let s: z.ZodType = schema;
  let value: unknown = data;
  for (const segment of path) {
    const next = step(s, segment, value);
    if (!next) return undefined;
    s = next;
    value = isObj(value) || Array.isArray(value) ? (value as Record<string | number, unknown>)[segment] : undefined;
  }
  return s;
}

/** One step down from a schema: to the value of a key, an element or an entry. */
function step(schema: z.ZodType, segment: string | number, data: unknown): z.ZodType | undefined {
  const s = bare(schema);
  const def = defOf(s);
  switch (def.type) {
    case 'object':
      return def.shape?.[String(segment)];
    case 'array':
      return typeof segment === 'number' ? def.element : undefined;
    case 'record':
      return def.valueType;
    case 'union': {
      const options = def.options ?? [];
      const chosen = def.discriminator !== undefined && isObj(data) ? options.find((o) => branchTag(o, def.discriminator ?? '').includes(data[def.discriminator ?? ''])) : undefined;
      for (const option of chosen ? [chosen] : options) {
        const found = step(option, segment, data);
        if (found) return found;
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/** The values of a discriminated union's branch for its discriminator (`kind: quota`). */
function branchTag(option: z.ZodType, discriminator: string): unknown[] {
  const tag = defOf(bare(option)).shape?.[discriminator];
  return tag ? (defOf(tag).values ?? []) : [];
}

/** The object schemas a value of `schema` may be (the branches of a union that are objects, or the object itself). */
export function objectsOf(schema: z.ZodType): z.ZodType[] {
  const s = bare(schema);
  const def = defOf(s);
  if (def.type === 'object') return [s];
  if (def.type === 'union') return (def.options ?? []).flatMap(objectsOf);
  return [];
}
