import { isObj, type Obj } from '../facet/state.ts';

/**
 * Parameters (and the fields of an object parameter) arrive as text: they are read as the types
 * their schema states before they are checked, strictly. A number is read only as JSON writes one
 * (`10`, `-1.5`, `2e3`; never `Infinity`, `0x1A`, `0b11`, ` 10` or `+5`, which JavaScript's `Number`
 * reads), `true`/`false` as a boolean, `null` where the schema allows null; anything else stays
 * text and is refused by the type it breaks. A union is read by the types of its variants together:
 * `161335` is an integer for `one_of [integer, string]` (its integer variant holds it, its string
 * one does not), `main.yaml` and `1.5` stay text. Ajv's own coercion read `0x1A` as 26 and, inside
 * a union, coerced each variant in turn, so that every integer matched both and none was valid.
 */

/** Finds the schema a `$ref` names (a resource's), or undefined. */
export type Resolve = (ref: string) => Obj | undefined;

/** How deep references and unions are followed. */
const MAX_DEPTH = 32;

/** JSON's number grammar (RFC 8259), whole text. */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** The schema itself and every variant it may take (`$ref` followed, `oneOf`/`anyOf`/`allOf` parts), depth-bounded. */
function forms(schema: unknown, resolve: Resolve, depth = 0): Obj[] {
  if (!isObj(schema) || depth > MAX_DEPTH) return [];
  const out: Obj[] = [schema];
  if (typeof schema.$ref === 'string') out.push(...forms(resolve(schema.$ref), resolve, depth + 1));
  for (const key of ['oneOf', 'anyOf', 'allOf']) {
    const parts = schema[key];
    if (Array.isArray(parts)) for (const part of parts) out.push(...forms(part, resolve, depth + 1));
  }
  return out;
}

/** The JSON types a schema's forms state. */
function typesOf(all: readonly Obj[]): Set<string> {
  const types = new Set<string>();
  for (const f of all) {
    const t = f.type;
    for (const one of Array.isArray(t) ? t : [t]) if (typeof one === 'string') types.add(one);
    if (isObj(f.properties)) types.add('object');
    if (f.items !== undefined) types.add('array');
  }
  return types;
}

/** The fields of an object schema's forms: each field's schemas, and the schema of fields not named (a map's values). */
export function objectFields(schema: unknown, resolve: Resolve): { named: Map<string, unknown[]>; rest: unknown[] } {
  const named = new Map<string, unknown[]>();
  const rest: unknown[] = [];
  for (const f of forms(schema, resolve)) {
    if (isObj(f.properties)) for (const [k, s] of Object.entries(f.properties)) named.set(k, [...(named.get(k) ?? []), s]);
    if (isObj(f.additionalProperties)) rest.push(f.additionalProperties);
  }
  return { named, rest };
}

/** A text read as the first of the types that can read it: null, a number, a boolean; else the text. */
function scalar(text: string, types: ReadonlySet<string>): unknown {
  if (text === 'null' && types.has('null')) return null;
  if ((types.has('number') || types.has('integer')) && JSON_NUMBER.test(text)) {
    const n = Number(text);
    if (Number.isFinite(n) && (types.has('number') || Number.isInteger(n))) return n;
  }
  if (types.has('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** A value read from text as `schema` states (see above): lists item by item, objects field by field. */
export function typedValue(value: unknown, schema: unknown, resolve: Resolve, depth = 0): unknown {
  if (depth > MAX_DEPTH) return value;
  const all = forms(schema, resolve);
  const types = typesOf(all);
  if (types.size === 0) return value;
  const items = all.map((f) => f.items).filter((s) => s !== undefined);
  const itemSchema = items.length === 1 ? items[0] : items.length > 1 ? { anyOf: items } : {};
  if (Array.isArray(value)) {
    if (types.has('array')) return value.map((v) => typedValue(v, itemSchema, resolve, depth + 1));
    // One value sent as a list of one (a query parameter's only value) is that value.
    return value.length === 1 ? typedValue(value[0], schema, resolve, depth + 1) : value;
  }
  if (typeof value === 'string') {
    const read = scalar(value, types);
    if (read !== value || types.has('string')) return read;
    return types.has('array') ? [typedValue(value, itemSchema, resolve, depth + 1)] : value;
  }
  if (isObj(value) && types.has('object')) {
    const { named, rest } = objectFields(schema, resolve);
    const out: Obj = {};
    for (const [k, v] of Object.entries(value)) {
      const own = named.get(k) ?? rest;
      const field = own.length === 1 ? own[0] : own.length > 1 ? { anyOf: own } : {};
      Object.defineProperty(out, k, { value: typedValue(v, field, resolve, depth + 1), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}
