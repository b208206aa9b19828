import { isObj, type Obj } from '../../facet/state.ts';
import { ERROR_EXTENSION } from '../export-common.ts';
import { seg, type Unmapped } from '../result.ts';

/** Components kept only where something uses them: the endpoints' responses, parameters, bodies, headers and callbacks (their events); the path items of paths, webhooks and callbacks (OpenAPI 3.1). */
const USED_WHERE_REFERRED = ['responses', 'parameters', 'requestBodies', 'headers', 'pathItems', 'callbacks'] as const;

const WHAT: Record<(typeof USED_WHERE_REFERRED)[number], string> = {
  responses: 'a response',
  parameters: 'a parameter',
  requestBodies: 'a request body',
  headers: 'a header',
  pathItems: 'a path item',
  callbacks: 'a callback',
};

/** What keeps a component of each kind where it is used. */
const USER: Record<(typeof USED_WHERE_REFERRED)[number], string> = { responses: 'operation', parameters: 'operation', requestBodies: 'operation', headers: 'operation', pathItems: 'path, webhook or callback', callbacks: 'operation' };

/** Every local `$ref` the document writes, and the error components its responses name (a walk with a stack: the document's nesting is bounded, but no recursion is needed). */
function localRefs(doc: unknown): Set<string> {
  const refs = new Set<string>();
  const stack: unknown[] = [doc];
  const seen = new WeakSet<object>();
  for (let v = stack.pop(); v !== undefined || stack.length > 0; v = stack.pop()) {
    if (typeof v !== 'object' || v === null || seen.has(v)) continue;
    seen.add(v);
    if (Array.isArray(v)) stack.push(...(v as unknown[]));
    else {
      const o = v as Obj;
      if (typeof o.$ref === 'string' && o.$ref.startsWith('#/')) refs.add(o.$ref.slice(1));
      // An export writes an error's response in place where an operation gives it words of its own, naming its component.
      if (typeof o[ERROR_EXTENSION] === 'string') refs.add(`/components/responses/${seg(o[ERROR_EXTENSION])}`);
      for (const x of Object.values(o)) if (typeof x === 'object' && x !== null) stack.push(x);
    }
  }
  return refs;
}

/**
 * Responses, parameters, request bodies, headers, path items and callbacks declared in `components` that nothing refers
 * to: the spec keeps them where an endpoint uses them, so one no endpoint uses is said at its
 * pointer, not dropped without a word. So are a used response's headers, which its error cannot hold.
 */
export function unusedComponents(doc: Obj, components: Obj, unmapped: Unmapped[]): void {
  let refs: Set<string> | undefined;
  for (const kind of USED_WHERE_REFERRED) {
    const declared = components[kind];
    if (!isObj(declared)) continue;
    for (const name of Object.keys(declared)) {
      const at = `/components/${kind}/${seg(name)}`;
      refs ??= localRefs(doc);
      // A reference may escape what a pointer need not (`%20`): both spellings are looked for.
      if (!refs.has(at) && !refs.has(encodeURI(at))) unmapped.push({ pointer: at, reason: `${WHAT[kind]} declared in components that no ${USER[kind]} uses has no place in the spec (it is kept where a${USER[kind] === 'operation' ? 'n' : ''} ${USER[kind]} uses it)` });
      else if (kind === 'responses' && isObj(declared[name]) && isObj(declared[name].headers) && Object.keys(declared[name].headers).length > 0) {
        unmapped.push({ pointer: `${at}/headers`, reason: "an error holds no headers: a response component's are kept on the response of each operation that uses it, where an export writes them, and not on the component" });
      }
    }
  }
}
