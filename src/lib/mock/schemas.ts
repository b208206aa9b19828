import type { Analysis } from '../analyze.ts';
import { idSegment } from '../facet/ids.ts';
import { facetState, isObj, stated, statedObj, type Obj } from '../facet/state.ts';
import { resourceSchema, shapeSchema } from '../interchange/export-common.ts';
import { areaOf, type Item } from '../model/spec.ts';
import { machines, notSentFacet, statedStates, undecided } from './made.ts';

/**
 * The JSON Schemas the mock validates with, made by the same generator as the OpenAPI export
 * (`shapeSchema`, `resourceSchema`): what the spec states and nothing else, open facets left out.
 * Each resource is a schema of its own per direction, which bodies refer to by `$ref`, made and
 * registered when a schema that reaches it is first compiled (`resourceSchemaFor`).
 */

/** A request is checked as sent (read-only fields need not be there); a response as received (write-only fields need not be there). */
export type Direction = 'request' | 'response';

/** The `$id` prefix of the resources' schemas for a direction: each resource is a schema of its own, `specbench:resources/request/Order`. */
export const RESOURCES_ID: Record<Direction, string> = { request: 'specbench:resources/request/', response: 'specbench:resources/response/' };

/** A reference to a resource's schema, for a direction. */
export const resourceRef =
  (direction: Direction) =>
  (id: string): Obj => ({ $ref: `${RESOURCES_ID[direction]}${encodeURIComponent(id)}` });

/**
 * The schema of one resource for a direction, with its `$id`, made when a schema that refers to it
 * is first compiled (undefined for a reference that is not one of the spec's resources). Made one
 * by one as they are reached, rather than every resource at the start: GitHub's 900 resources took
 * a second to write and register before the first request, and again after every edit.
 */
export function resourceSchemaFor(analysis: Analysis, ref: string, openAt: OpenAt): Obj | undefined {
  for (const direction of ['request', 'response'] as const) {
    if (!ref.startsWith(RESOURCES_ID[direction])) continue;
    let id: string;
    try {
      id = decodeURIComponent(ref.slice(RESOURCES_ID[direction].length));
    } catch {
      return undefined;
    }
    const resource = areaOf(analysis.spec, 'resources').items.find((r) => r.id === id);
    if (!resource) return undefined;
    return { ...(directed(resourceSchema(withOpenUnions(analysis, resource, openAt, direction), resourceRef(direction)), direction) as Obj), $id: ref };
  }
  return undefined;
}

/** What a body carries: a resource (or a list of it), or its own shape. */
export interface BodyShape {
  resource?: string;
  list?: boolean;
  schema?: unknown;
}

/**
 * Whether a shape written at a gap id (`endpoints/x/request/schema/fields/v/of/1`) leaves open
 * something a value must fit (its type, a bound, a resource's fields), for a direction.
 */
export type OpenAt = ((shape: unknown, at: string, direction: Direction) => boolean) & {
  /**
   * Whether a facet is a gap (`endpoints/x/request/schema/fields/a/read_only`): open, or required
   * by specbench.yaml's `require:` and not written (t35t D5: one gap, one answer). Without it, only
   * a facet written open is.
   */
  gap?: (id: string) => boolean;
};

/** Where a body's or a value's shape is written, and what tells its open parts. */
export interface ShapeAt {
  /** The gap id of the shape (`endpoints/x/request/content/application~1json/schema`). */
  at: string;
  openAt: OpenAt;
}

/** A body's schema for a direction; undefined when it states neither a resource nor a shape. */
export function bodySchema(body: BodyShape, direction: Direction, where: ShapeAt): Obj | undefined {
  const ref = resourceRef(direction);
  if (typeof body.resource === 'string') return body.list === true ? { type: 'array', items: ref(body.resource) } : ref(body.resource);
  const shape = stated(body.schema);
  return isObj(shape) ? (directed(shapeSchema(openUnions(shape, where.at, where.openAt, direction), ref), direction) as Obj) : undefined;
}

/** A parameter's or header's schema (as the export writes a parameter's `schema`). */
export function valueSchema(shape: unknown, where: ShapeAt): Obj {
  return directed(shapeSchema(openUnions(shape, where.at, where.openAt, 'request'), resourceRef('request')), 'request') as Obj;
}

/**
 * A shape with each `one_of` that has an open variant checked as an `any_of`, (in a request)
 * each value whose `nullable` is open taking null, and each field whose `read_only` (in a request)
 * or `write_only` (in a response) is open not required. The open variant is
 * written as no rule at all (`{}`), which would take every value: a value that fits a stated
 * variant fitted two and was refused, and one that fitted none was taken because of it. An
 * `any_of` takes a value that fits a stated variant, and does not refuse on the strength of a
 * variant nobody decided; the answer names its gap (the endpoint's, or the resource's).
 */
function openUnions(shape: unknown, at: string, openAt: OpenAt, direction: Direction, depth = 0): unknown {
  if (depth > 256 || !isObj(shape)) return shape;
  const inner = (s: unknown, where: string) => openUnions(s, where, openAt, direction, depth + 1);
  const out: Obj = { ...shape };
  // A request value whose `nullable` nobody decided yet takes null: null is not refused on the
  // strength of an open facet (the export leaves it out, which reads as "not nullable").
  // Open or required by `require:` and not written alike (`OpenAt.gap`).
  const nullable = facetState(shape.nullable);
  if (direction === 'request' && (nullable === 'open' || nullable === 'placeholder' || (nullable === 'missing' && openAt.gap?.(`${at}/nullable`) === true))) out.nullable = true;
  // A field nobody decided travels this way (an open `read_only` in a request, `write_only` in a
  // response) is not required there: decided true, it is never sent at all. A field's only (a
  // parameter travels whatever `require:` lists).
  const notSent = notSentFacet(direction);
  if (undecided(shape[notSent]) || (/\/fields\/[^/]+$/.test(at) && facetState(shape[notSent]) === 'missing' && openAt.gap?.(`${at}/${notSent}`) === true)) out.required = false;
  const fields = statedObj(shape.fields);
  if (fields) out.fields = Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, inner(f, `${at}/fields/${idSegment(name)}`)]));
  for (const key of ['items', 'values'] as const) if (isObj(stated(shape[key]))) out[key] = inner(stated(shape[key]), `${at}/${key}`);
  const of = stated(shape.of);
  if (Array.isArray(of)) {
    out.of = of.map((o, i) => inner(o, `${at}/of/${i}`));
    if (stated(shape.type) === 'one_of' && of.some((o, i) => openAt(o, `${at}/of/${i}`, direction))) out.type = 'any_of';
  }
  return out;
}

/**
 * A field a state machine holds, as a request is checked against it: one of the machine's stated
 * states (where the field states no allowed values of its own, and its value is a text); the
 * refusal names the machine's file (`Locator.shapePlace`).
 */
function withStates(analysis: Analysis, resource: string, name: string, f: unknown, direction: Direction): unknown {
  if (direction !== 'request' || !isObj(f) || stated(f.allowed) !== undefined || ![undefined, 'string'].includes(stated(f.type) as string | undefined)) return f;
  const machine = machines(analysis).get(`${resource}\u0000${name}`);
  const states = machine ? statedStates(machine) : undefined;
  return states ? { ...f, type: 'string', allowed: states } : f;
}

/** A resource with the `one_of`s of its value or fields that have an open variant checked as `any_of`s (`openUnions`), and (in a request) the fields a state machine holds taking its states only. */
function withOpenUnions(analysis: Analysis, resource: Item<'resources'>, openAt: OpenAt, direction: Direction): Item<'resources'> {
  const at = `resources/${idSegment(resource.id)}`;
  const value = stated(resource.data.value);
  const fields = statedObj(resource.data.fields);
  if (isObj(value)) return { ...resource, data: { ...resource.data, value: openUnions(value, `${at}/value`, openAt, direction) } } as Item<'resources'>;
  if (!fields) return resource;
  const opened = Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, openUnions(withStates(analysis, resource.id, name, f, direction), `${at}/fields/${idSegment(name)}`, openAt, direction)]));
  return { ...resource, data: { ...resource.data, fields: opened } } as Item<'resources'>;
}

/** Keywords whose value is schemas by name, a list of schemas, or one schema (the ones the generator writes). */
const MAPS = new Set(['properties', '$defs']);
const LISTS = new Set(['allOf', 'anyOf', 'oneOf']);
const SUBSCHEMAS = new Set(['items', 'additionalProperties']);

/**
 * A schema with the fields that do not travel in a direction taken out of `required`: a read-only
 * field is never sent in a request, a write-only one never comes back in a response (OpenAPI's
 * reading of `required` beside them).
 */
function directed(schema: unknown, direction: Direction, depth = 0): unknown {
  if (depth > 256 || !isObj(schema)) return schema;
  const inner = (s: unknown) => directed(s, direction, depth + 1);
  const out: Obj = {};
  for (const [key, value] of Object.entries(schema)) {
    if (MAPS.has(key) && isObj(value)) out[key] = Object.fromEntries(Object.entries(value).map(([k, s]) => [k, inner(s)]));
    else if (LISTS.has(key) && Array.isArray(value)) out[key] = value.map(inner);
    else if (SUBSCHEMAS.has(key)) out[key] = inner(value);
    else out[key] = value;
  }
  const properties = out.properties;
  if (isObj(properties) && Array.isArray(out.required)) {
    const flag = direction === 'request' ? 'readOnly' : 'writeOnly';
    const required = out.required.filter((name) => !(typeof name === 'string' && isObj(properties[name]) && properties[name][flag] === true));
    if (required.length > 0) out.required = required;
    else delete out.required;
  }
  return byDiscriminator(out);
}

/**
 * A union told apart by a discriminator, checked as OpenAPI defines it: the value of its field
 * picks the variant (the mapping's values for it, else by OpenAPI's implicit rule its name), so each
 * variant takes only the values it is picked by. JSON Schema's `oneOf` alone refused every value
 * of `Pay` (`one_of [CardP, BankP]` by `kind`, both with `kind` any text): `{"kind": "card"}` fits
 * both variants (t35s N8; `check` warns that such variants are not told apart by their shapes). A
 * variant written in place (no `$ref`), one no value picks, or a mapping to a type that is no variant leaves the union as it is.
 */
function byDiscriminator(schema: Obj): Obj {
  const told = schema.discriminator;
  const key = Array.isArray(schema.oneOf) ? 'oneOf' : Array.isArray(schema.anyOf) ? 'anyOf' : undefined;
  if (key === undefined || !isObj(told) || typeof told.propertyName !== 'string') return schema;
  const field = told.propertyName;
  // The discriminator's field is required (OpenAPI 3: it picks the variant): a value with none (`5`,
  // `null`, `[]`, `{}`) is refused, whatever a variant nobody decided (`{}`) would take (t35t D8).
  schema = { ...schema, type: 'object', required: [...new Set([...(Array.isArray(schema.required) ? schema.required : []), field])] };
  const mapping = isObj(told.mapping) ? told.mapping : {};
  const variants = schema[key] as unknown[];
  // A mapping to a variant of a variant (`inner-x` to `LX`, a variant of the variant `LInner`, t32l #6): left as it is.
  const refs = new Set(variants.map((v) => (isObj(v) ? v.$ref : undefined)));
  if (Object.values(mapping).some((r) => !refs.has(r))) return schema;
  const picked = variants.map((v) => {
    const ref = isObj(v) && typeof v.$ref === 'string' && Object.keys(v).length === 1 ? v.$ref : undefined;
    if (ref === undefined) return [];
    const mapped = Object.keys(mapping).filter((k) => mapping[k] === ref);
    if (mapped.length > 0) return mapped;
    let name: string;
    try {
      name = decodeURIComponent(ref.slice(ref.lastIndexOf('/') + 1));
    } catch {
      return [];
    }
    return Object.hasOwn(mapping, name) ? [] : [name];
  });
  if (picked.some((values) => values.length === 0)) return schema;
  return { ...schema, [key]: variants.map((v, i) => ({ ...(v as Obj), required: [field], properties: { [field]: { enum: picked[i] } } })) };
}
