import { seg, type Unmapped } from './result.ts';
import { usableName } from './schema-map.ts';

/**
 * What is said where the spec cannot hold a name the source gives (empty, with a line break or a
 * control character: valid OpenAPI and AsyncAPI, whose map keys and tags are any strings, t31t
 * D15-D17). `what` is the thing named (`a tag`, `a named example`).
 */
export const unusableName = (what: string) => `${what} whose name is empty or holds line breaks or control characters is not kept: the spec names it by a name without them`;

/** The names of a list (an operation's tags) the spec can hold; each other one said at its place (`pointer/i`) and left out. */
export function usableNames(list: readonly unknown[], pointer: string, what: string, unmapped: { push: (u: Unmapped) => void }): string[] {
  return list.flatMap((n, i) => {
    const name = String(n);
    if (usableName(name)) return [name];
    unmapped.push({ pointer: `${pointer}/${i}`, reason: unusableName(what) });
    return [];
  });
}

/** Whether a map key (a header, an example, a callback) names something the spec can hold; where not, it is said at `pointer/key`. */
export function usableKey(name: string, pointer: string, what: string, unmapped: { push: (u: Unmapped) => void }): boolean {
  if (usableName(name)) return true;
  unmapped.push({ pointer: `${pointer}/${seg(name)}`, reason: unusableName(what) });
  return false;
}

/**
 * The one rule for an API key whose name the spec cannot hold (OpenAPI's `apiKey`, AsyncAPI's
 * `httpApiKey` or `apiKey` with a `name` that is empty or holds line breaks: valid documents, t31t
 * D16, r14 L3): no export could state the key without its name, so the scheme is said at its `name`
 * and not kept, nor the security alternatives that name it, in OpenAPI and AsyncAPI alike.
 */
export const unkeptKeyName = (s: { type?: unknown; name?: unknown }): boolean => (s.type === 'apiKey' || s.type === 'httpApiKey') && typeof s.name === 'string' && !usableName(s.name);
/** What is said at the `name` of such a key (`unkeptKeyName`). */
export const UNKEPT_KEY_NAME = `${unusableName('an API key')}, and no export states a key without one: the scheme is not kept, nor the security alternatives that name it`;
