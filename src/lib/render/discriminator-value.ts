import { isResourceType } from '../areas/shape.ts';
import { isObj, stated, statedObj, type Obj } from '../facet/state.ts';

/** How far through named resources and `all_of` parts the value is looked for (a chain of bases, not a recursion). */
const DEPTH = 12;

/**
 * The one value a variant fixes its discriminator's field to, when it fixes one: the field's
 * `allowed` of a single string (OpenAPI's one-value `enum` or `const`), on the variant's own
 * fields or through its `all_of` parts. Where a discriminator states no mapping, this value is
 * the wire value before OpenAPI's implicit rule (the variant's name): Spotify's `TrackObject`
 * states `type: enum [track]`, and the page said, and the example sent, `TrackObject` (t32j).
 * `resource` gives a resource's data by id (its `fields`, or the `value` shape it is).
 */
export function fixedValue(resource: (id: string) => Obj | undefined, variant: string, field: string): string | undefined {
  const seen = new Set<string>();
  const ofResource = (name: string, depth: number): string | undefined => {
    if (seen.has(name) || depth > DEPTH) return undefined;
    seen.add(name);
    const data = resource(name);
    if (!data) return undefined;
    const value = stated(data.value);
    return isObj(value) ? ofShape(value, depth + 1) : ofField(statedObj(data.fields)?.[field], depth + 1);
  };
  const ofShape = (shape: unknown, depth: number): string | undefined => {
    const type = isObj(shape) ? stated(shape.type) : shape;
    if (typeof type === 'string' && isResourceType(type)) return ofResource(type, depth);
    if (!isObj(shape)) return undefined;
    if (type === 'all_of') {
      const of = stated(shape.of);
      // The parts together: the first that fixes the field (a later part restating it the same adds nothing).
      for (const part of Array.isArray(of) ? of : []) {
        const found = ofShape(part, depth + 1);
        if (found !== undefined) return found;
      }
      return undefined;
    }
    return ofField(statedObj(shape.fields)?.[field], depth);
  };
  const ofField = (shape: unknown, depth: number): string | undefined => {
    if (!isObj(shape)) return typeof shape === 'string' && isResourceType(shape) ? ofNamedValue(shape, depth) : undefined;
    const allowed = stated(shape.allowed);
    if (Array.isArray(allowed)) return allowed.length === 1 && typeof allowed[0] === 'string' ? allowed[0] : undefined;
    const type = stated(shape.type);
    return typeof type === 'string' && isResourceType(type) ? ofNamedValue(type, depth) : undefined;
  };
  /** A field whose type is a named scalar (an enum of one value as its own schema). */
  const ofNamedValue = (name: string, depth: number): string | undefined => {
    if (seen.has(name) || depth > DEPTH) return undefined;
    seen.add(name);
    const value = stated(resource(name)?.value);
    return isObj(value) && stated(value.type) !== 'all_of' ? ofField(value, depth + 1) : undefined;
  };
  return ofResource(variant, 0);
}
