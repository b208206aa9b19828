import type { z } from 'zod';
import type { Path } from '../facet/path.ts';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  valueType?: z.ZodType;
  element?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The object schemas a value at `path` may match, through optionals, unions, records and arrays. */
function objectsAt(schema: z.ZodType, path: Path): Def[] {
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
      if (path.length === 0) return [def];
      const next = def.shape?.[String(path[0])];
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

/** The keys an object at `path` may have, for "did you mean" and "expected one of". */
export function knownKeysAt(schema: z.ZodType, path: Path): string[] {
  const keys = new Set(objectsAt(schema, path).flatMap((d) => Object.keys(d.shape ?? {})));
  return [...keys].sort();
}
