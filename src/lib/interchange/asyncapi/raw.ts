import { isObj, type Obj } from '../../facet/state.ts';

/** Local references followed at most this many times in a row (a chain that loops ends here). */
const HOPS = 32;

/** A JSON pointer's segments, unescaped. */
const segments = (pointer: string) => pointer.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

/** The JSON pointer a local reference names (`#/components/messages/a%20b` → `/components/messages/a b`), or undefined. */
export function localPointer(ref: unknown): string | undefined {
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return undefined;
  try {
    return decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
}

/** The value a JSON pointer names in the file as written, or undefined. */
export function valueAt(root: Obj, pointer: string): unknown {
  let found: unknown = root;
  for (const s of segments(pointer)) found = (isObj(found) || Array.isArray(found)) && Object.hasOwn(found, s) ? (found as Record<string, unknown>)[s] : undefined;
  return found;
}

/**
 * A value of the file as written, with where it is written: local `$ref`s followed to what they
 * name, so a pointer says where the user wrote it. `value` sits at `pointer`; a reference into
 * another file, or to nothing, stays where it is.
 */
export function follow(root: Obj, value: unknown, pointer: string): { value: Obj; pointer: string } {
  let v = value;
  let at = pointer;
  for (let hop = 0; hop < HOPS && isObj(v); hop++) {
    const target = localPointer(v.$ref);
    if (target === undefined) break;
    const found = valueAt(root, target);
    if (found === undefined) break;
    v = found;
    at = target;
  }
  return { value: isObj(v) ? v : {}, pointer: at };
}

/** Keys no author wrote: the parser's (`x-parser-…`) and the project's own, which an export adds to say what is open or not carried (`x-specbench-…`). */
export const toolKey = (key: string) => key.startsWith('x-parser-') || key.startsWith('x-specbench-');
