import type { z } from 'zod';
import type { Path } from '../facet/path.ts';
import { isObj } from '../facet/state.ts';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  valueType?: z.ZodType;
  element?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  values?: unknown[];
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The object schemas a value at `path` may match, through optionals, unions, records and arrays. */
function objectsAt(schema: z.ZodType, path: Path): z.ZodType[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return def.innerType ? objectsAt(def.innerType, path) : [];
    case 'pipe':
      return def.in ? objectsAt(def.in, path) : [];
    case 'union':
      return (def.options ?? []).flatMap((o) => objectsAt(o, path));
    case 'object': {
      if (path.length === 0) return [schema];
      // Own keys only: a name from the file (`toString`, `constructor`) must not find Object.prototype's member.
      const key = String(path[0]);
      const next = def.shape && Object.hasOwn(def.shape, key) ? def.shape[key] : undefined;
      return next ? objectsAt(next, path.slice(1)) : [];
    }
    case 'record':
      return path.length > 0 && def.valueType ? objectsAt(def.valueType, path.slice(1)) : [];
    case 'array':
      return path.length > 0 && def.element ? objectsAt(def.element, path.slice(1)) : [];
    default:
      return [];
  }
}

/** The fixed values a key takes (`kind: quota`, `anonymous: true`), or undefined when it takes any. */
function fixedValues(schema: z.ZodType): unknown[] | undefined {
  const def = defOf(schema);
  if (def.type === 'literal') return def.values;
  return (def.type === 'optional' || def.type === 'readonly') && def.innerType ? fixedValues(def.innerType) : undefined;
}

/** Whether `input` can be a value of the object: none of its fixed keys says otherwise (`kind: size` is not a quota). */
const admits = (object: z.ZodType, input: unknown) =>
  !isObj(input) ||
  Object.entries(defOf(object).shape ?? {}).every(([key, value]) => {
    const fixed = fixedValues(value);
    return fixed === undefined || !Object.hasOwn(input, key) || fixed.includes(input[key]);
  });

/**
 * The objects a value at `path` may be, as their schemas and keys: the alternatives of a union
 * (`{ endpoint } | { event } | { condition }`, a facet's `{ none }` and `{ open }`). With `input`,
 * only those its fixed keys allow (`kind: size` leaves out the quota's keys).
 */
export function alternativesAt(schema: z.ZodType, path: Path, input?: unknown): Array<{ schema: z.ZodType; keys: string[] }> {
  return objectsAt(schema, path)
    .filter((o) => input === undefined || admits(o, input))
    .map((o) => ({ schema: o, keys: Object.keys(defOf(o).shape ?? {}) }));
}

/** The keys an object at `path` may have, for "did you mean" and "expected one of" (with `input`, of the alternatives it can be). */
export function knownKeysAt(schema: z.ZodType, path: Path, input?: unknown): string[] {
  const keys = new Set(alternativesAt(schema, path, input).flatMap((a) => a.keys));
  return [...keys].sort();
}

/**
 * The keys of `input` that pick different alternatives of the form at `path` (`endpoint` and
 * `condition` of a trigger), in the order written, one per alternative; empty when one alternative
 * takes every key written that any of them takes.
 */
export function clashingKeys(alternatives: ReadonlyArray<{ keys: readonly string[] }>, input: unknown): string[] {
  if (!isObj(input) || alternatives.length < 2) return [];
  const written = Object.keys(input).filter((k) => alternatives.some((a) => a.keys.includes(k)));
  if (alternatives.some((a) => written.every((k) => a.keys.includes(k)))) return [];
  const listed: string[] = [];
  for (const key of written) {
    const together = (other: string) => alternatives.some((a) => a.keys.includes(key) && a.keys.includes(other));
    if (!listed.some(together)) listed.push(key);
  }
  // Keys that each go with the first but not with each other (`{ a, b } | { a, c }`) name no two alternatives plainly.
  return listed.length > 1 ? listed : [];
}
