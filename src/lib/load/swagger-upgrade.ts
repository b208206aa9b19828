import { isObj, type Obj } from '../facet/state.ts';

/** What stands in a Swagger 2.0 schema's `required` while the upgrader runs, holding the `required` the file wrote (or none). */
const HELD = '\u0000specbench-required-as-written';

/** Keys whose values are data, not schemas: a `discriminator` inside them is a value. */
const DATA_KEYS = new Set(['example', 'examples', 'x-example', 'default', 'enum', 'const']);

/**
 * The schemas of a Swagger 2.0 document (as written) with a `discriminator` whose property its
 * `required` does not list, by pointer, with that property's name. Swagger 2.0 says the property
 * MUST be required; a file that does not say so is read as it is written.
 */
export function unrequiredDiscriminators(raw: unknown): Array<{ pointer: string; property: string }> {
  const out: Array<{ pointer: string; property: string }> = [];
  const stack: Array<[unknown, string]> = [[raw, '']];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const [value, pointer] = stack.pop() as [unknown, string];
    if (value === null || typeof value !== 'object' || seen.has(value)) continue;
    seen.add(value);
    if (isObj(value) && typeof value.discriminator === 'string' && !(Array.isArray(value.required) && value.required.includes(value.discriminator))) out.push({ pointer, property: value.discriminator });
    for (const [k, v] of Object.entries(value)) if (!DATA_KEYS.has(k) && !k.startsWith('x-')) stack.push([v, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`]);
  }
  return out.sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));
}

/**
 * A Swagger 2.0 document upgraded to OpenAPI 3.0 by `upgrade` (@scalar/openapi-upgrader), each
 * schema's `required` as the file wrote it: the upgrader adds a discriminator's property to
 * `required` (Swagger 2.0 says it MUST be there), which would state a constraint the file does not.
 * `doc` is changed (pass a copy).
 */
export function upgradeAsWritten<T>(doc: Obj, upgrade: (d: Obj) => T): T {
  const held: Obj[] = [];
  const stack: unknown[] = [doc];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object' || seen.has(value)) continue;
    seen.add(value);
    if (isObj(value) && typeof value.discriminator === 'string' && !(Array.isArray(value.required) && value.required.includes(value.discriminator))) {
      // Not an array: the upgrader leaves it be.
      value.required = { [HELD]: value.required === undefined ? null : value.required };
      held.push(value);
    }
    for (const [k, v] of Object.entries(value)) if (!DATA_KEYS.has(k) && !k.startsWith('x-')) stack.push(v);
  }
  const upgraded = upgrade(doc);
  if (held.length === 0) return upgraded;
  const walk: unknown[] = [upgraded];
  const visited = new Set<unknown>();
  while (walk.length > 0) {
    const value = walk.pop();
    if (value === null || typeof value !== 'object' || visited.has(value)) continue;
    visited.add(value);
    if (isObj(value) && isObj(value.required) && Object.hasOwn(value.required, HELD)) {
      const was = value.required[HELD];
      if (was === null) delete value.required;
      else value.required = was;
    }
    for (const v of Object.values(value)) walk.push(v);
  }
  return upgraded;
}

/** Where a Swagger 2.0 document (as written) writes the extension `x-nullable` as true or false, by pointer, with its value. */
export function xNullables(raw: unknown): Array<{ pointer: string; value: boolean }> {
  const out: Array<{ pointer: string; value: boolean }> = [];
  const stack: Array<[unknown, string]> = [[raw, '']];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const [value, pointer] = stack.pop() as [unknown, string];
    if (value === null || typeof value !== 'object' || seen.has(value)) continue;
    seen.add(value);
    if (isObj(value) && typeof value['x-nullable'] === 'boolean') out.push({ pointer: `${pointer}/x-nullable`, value: value['x-nullable'] });
    for (const [k, v] of Object.entries(value)) if (!DATA_KEYS.has(k) && !k.startsWith('x-')) stack.push([v, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`]);
  }
  return out.sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));
}
