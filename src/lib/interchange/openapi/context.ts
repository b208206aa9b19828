import { isObj, type Obj } from '../../facet/state.ts';
import type { Unmapped } from '../result.ts';
import type { SchemaMapper } from '../schema-map.ts';

/** What every OpenAPI mapper shares: the document's references, the schema mapper, and the unmapped list. */
export interface OpenApiContext {
  /** A local `$ref` followed, or the value itself; `{}` for anything else. */
  deref(value: unknown): Obj;
  /** Where an element really is: a local `$ref` points at its component. */
  where(value: unknown, pointer: string): string;
  schemas: SchemaMapper;
  unmapped: Unmapped[];
  /** Components the import kept somewhere, by pointer (`/components/examples/Ack`): one never kept is said to be not mapped. */
  used: Set<string>;
  /** How many operations write each error response in place, by status and body (`inlineErrorUses`): an operation's id names only a body no other operation writes. */
  inlineErrors?: ReadonlyMap<string, number>;
  /** The scopes a security scheme lists, by its name in the document, where it is an OAuth 2.0 scheme that lists some (a requirement's other scopes are said, not kept). */
  scopesOf?: (scheme: string) => ReadonlySet<string> | undefined;
}

export function openApiContext(resolve: (ref: string) => unknown, schemas: SchemaMapper, unmapped: Unmapped[]): OpenApiContext {
  const deref = (v: unknown): Obj => {
    if (isObj(v) && typeof v.$ref === 'string') {
      const target = resolve(v.$ref);
      return isObj(target) ? target : {};
    }
    return isObj(v) ? v : {};
  };
  const where = (v: unknown, pointer: string) => (isObj(v) && typeof v.$ref === 'string' && v.$ref.startsWith('#/') ? v.$ref.slice(1) : pointer);
  return { deref, where, schemas, unmapped, used: new Set() };
}

/**
 * A referenced object with the words its reference gives it: OpenAPI 3.1's Reference Object may
 * state a `description` (and `summary`) that overrides the component's, as the import keeps for a
 * response's reference, so for a parameter's and a request body's.
 */
export function withOwnWords(raw: unknown, target: Obj): Obj {
  if (!isObj(raw) || typeof raw.$ref !== 'string') return target;
  return { ...target, ...(typeof raw.description === 'string' ? { description: raw.description } : {}) };
}

export const LOWER_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'] as const;
