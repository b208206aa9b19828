import type { Analysis } from '../analyze.ts';
import { isObj, stated, type Obj } from '../facet/state.ts';
import { resourceSchema, shapeSchema } from '../interchange/export-common.ts';
import { areaOf } from '../model/spec.ts';

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
export function resourceSchemaFor(analysis: Analysis, ref: string): Obj | undefined {
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
    return { ...(directed(resourceSchema(resource, resourceRef(direction)), direction) as Obj), $id: ref };
  }
  return undefined;
}

/** What a body carries: a resource (or a list of it), or its own shape. */
export interface BodyShape {
  resource?: string;
  list?: boolean;
  schema?: unknown;
}

/** A body's schema for a direction; undefined when it states neither a resource nor a shape. */
export function bodySchema(body: BodyShape, direction: Direction): Obj | undefined {
  const ref = resourceRef(direction);
  if (typeof body.resource === 'string') return body.list === true ? { type: 'array', items: ref(body.resource) } : ref(body.resource);
  const shape = stated(body.schema);
  return isObj(shape) ? (directed(shapeSchema(shape, ref), direction) as Obj) : undefined;
}

/** A parameter's or header's schema (as the export writes a parameter's `schema`). */
export function valueSchema(shape: unknown): Obj {
  return directed(shapeSchema(shape, resourceRef('request')), 'request') as Obj;
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
  return out;
}
