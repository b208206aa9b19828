import { isResourceType } from './shape.ts';
import { isObj, stated, statedObj, type Obj } from '../facet/state.ts';

/** How far through named resources and `all_of` parts the value is looked for (a chain of bases, not a recursion). */
const DEPTH = 12;

/**
 * The values a variant allows its discriminator's field, when it bounds them: the field's
 * `allowed` strings (OpenAPI's `enum` or `const`), on the variant's own fields or through its
 * `all_of` parts (the first part that bounds it). `resource` gives a resource's data by id (its
 * `fields`, or the `value` shape it is). Undefined where the field is open (any string).
 */
export function allowedValues(resource: (id: string) => Obj | undefined, variant: string, field: string): string[] | undefined {
  const seen = new Set<string>();
  const ofResource = (name: string, depth: number): string[] | undefined => {
    if (seen.has(name) || depth > DEPTH) return undefined;
    seen.add(name);
    const data = resource(name);
    if (!data) return undefined;
    const value = stated(data.value);
    return isObj(value) ? ofShape(value, depth + 1) : ofField(statedObj(data.fields)?.[field], depth + 1);
  };
  const ofShape = (shape: unknown, depth: number): string[] | undefined => {
    const type = isObj(shape) ? stated(shape.type) : shape;
    if (typeof type === 'string' && isResourceType(type)) return ofResource(type, depth);
    if (!isObj(shape)) return undefined;
    if (type === 'all_of') {
      const of = stated(shape.of);
      // The parts together: the values every part that bounds the field allows (t32l #5: a subtype narrows its base's
      // `Stateful, Stateless` to `Stateful`); where they allow none in common, the last one's, the most derived.
      const bounds = (Array.isArray(of) ? of : []).flatMap((part) => {
        const found = ofShape(part, depth + 1);
        return found ? [found] : [];
      });
      const last = bounds.at(-1);
      if (last === undefined) return undefined;
      const common = bounds.reduce((a, b) => a.filter((v) => b.includes(v)));
      return common.length > 0 ? common : last;
    }
    return ofField(statedObj(shape.fields)?.[field], depth);
  };
  const ofField = (shape: unknown, depth: number): string[] | undefined => {
    if (!isObj(shape)) return typeof shape === 'string' && isResourceType(shape) ? ofNamedValue(shape, depth) : undefined;
    const allowed = stated(shape.allowed);
    if (Array.isArray(allowed)) {
      const strings = allowed.filter((a): a is string => typeof a === 'string');
      return strings.length > 0 ? strings : undefined;
    }
    const type = stated(shape.type);
    return typeof type === 'string' && isResourceType(type) ? ofNamedValue(type, depth) : undefined;
  };
  /** A field whose type is a named scalar (an enum as its own schema). */
  const ofNamedValue = (name: string, depth: number): string[] | undefined => {
    if (seen.has(name) || depth > DEPTH) return undefined;
    seen.add(name);
    const value = stated(resource(name)?.value);
    return isObj(value) && stated(value.type) !== 'all_of' ? ofField(value, depth + 1) : undefined;
  };
  return ofResource(variant, 0);
}

/**
 * The one value a variant fixes its discriminator's field to, when it fixes one (`allowedValues`
 * of a single string). Where a discriminator states no mapping, this value is the wire value
 * before OpenAPI's implicit rule (the variant's name): Spotify's `TrackObject` states
 * `type: enum [track]`, and the page said, and the example sent, `TrackObject` (t32j).
 */
export function fixedValue(resource: (id: string) => Obj | undefined, variant: string, field: string): string | undefined {
  const allowed = allowedValues(resource, variant, field);
  return allowed?.length === 1 ? allowed[0] : undefined;
}

/**
 * The value a variant's field carries in an example: the mapping's where the variant allows it,
 * else the first value it allows, else by OpenAPI's rule its name. A mapping to a variant that
 * forbids its value, or a variant that allows several and is named by no mapping, never sends a
 * value the variant forbids (t32k #2: `cat` to a variant allowing only `dog`; Linode's `Domain`,
 * `type: enum [master, slave]`, sent `Domain`).
 */
export function wireValue(resource: (id: string) => Obj | undefined, variant: string, field: string, mapping: Obj): string {
  const allowed = allowedValues(resource, variant, field);
  const mapped = Object.entries(mapping).filter(([, t]) => t === variant).map(([k]) => k);
  // Unmapped, a variant whose field allows its name is told by its name, by OpenAPI's rule (t32 D15: variants sharing one enum).
  return mapped.find((k) => !allowed || allowed.includes(k)) ?? (mapped.length === 0 && allowed?.includes(variant) ? variant : undefined) ?? allowed?.[0] ?? mapped[0] ?? variant;
}

/**
 * Whether a variant has its discriminator's field at all: true where it (or one of its `all_of`
 * parts, through named resources) states the field, false where every place it could come from is
 * known and none states it (an object's fields, a scalar), undefined where that cannot be told (an
 * object that states no fields, a union, a type not found). t32s R13: Linode's `PaymentMethod.data`,
 * told apart by `type`, a field none of its three variants has.
 */
export function hasField(resource: (id: string) => Obj | undefined, variant: string, field: string): boolean | undefined {
  const seen = new Set<string>();
  const ofResource = (name: string, depth: number): boolean | undefined => {
    if (seen.has(name) || depth > DEPTH) return undefined;
    seen.add(name);
    const data = resource(name);
    if (!data) return undefined;
    const value = stated(data.value);
    if (isObj(value)) return ofShape(value, depth + 1);
    const fields = statedObj(data.fields);
    return fields ? field in fields : undefined;
  };
  const ofShape = (shape: unknown, depth: number): boolean | undefined => {
    const type = isObj(shape) ? stated(shape.type) : shape;
    if (typeof type === 'string' && isResourceType(type)) return ofResource(type, depth);
    if (type === 'string' || type === 'integer' || type === 'number' || type === 'boolean' || type === 'null' || type === 'array') return false;
    if (!isObj(shape)) return undefined;
    if (type === 'all_of') {
      const of = stated(shape.of);
      if (!Array.isArray(of)) return undefined;
      const found = of.map((part) => ofShape(part, depth + 1));
      return found.some((f) => f === true) ? true : found.every((f) => f === false) ? false : undefined;
    }
    if (type !== undefined && type !== 'object') return undefined;
    const fields = statedObj(shape.fields);
    if (!fields || shape.values !== undefined) return undefined;
    return field in fields;
  };
  return ofResource(variant, 0);
}
