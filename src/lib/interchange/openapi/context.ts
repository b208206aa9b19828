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

export const LOWER_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'] as const;
