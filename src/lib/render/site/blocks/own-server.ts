import { isObj, type Obj } from '../../../facet/state.ts';
import { firstServerAtDefaults } from '../../server-url.ts';
import type { ServiceView } from '../views.ts';
import type { BlockContext } from './context.ts';

/**
 * The address an endpoint's path is joined to: the first of its own servers where it states any
 * (OpenAPI's operation or path item `servers`), its variables at their defaults; else the
 * service's base address. `own` is the server as written where it is the endpoint's own (T32u
 * N-i: the page joined a login path to the global server, an address the document never states).
 */
export function endpointBase(c: BlockContext, data: Obj): { url: string | undefined; from?: ServiceView['baseFrom']; own?: string; unfilled?: string[] } {
  // Read by the one server joiner the mock and the code samples use (r14 L1): a variable with no default stays `{name}`.
  const server = isObj(data) ? firstServerAtDefaults(data.servers) : undefined;
  if (server !== undefined) {
    const from = server.defaults.length > 0 && server.unfilled.length === 0 ? { server: server.written, defaults: server.defaults } : undefined;
    return { url: server.url, ...(from ? { from } : {}), own: server.written, ...(server.unfilled.length > 0 ? { unfilled: server.unfilled } : {}) };
  }
  const from = c.view.index.service.baseFrom;
  return { url: c.baseUrl, ...(from ? { from } : {}) };
}
