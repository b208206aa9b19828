import { isObj, type Obj } from '../../../facet/state.ts';
import { serverAtDefaults } from '../site-index.ts';
import type { ServiceView } from '../views.ts';
import type { BlockContext } from './context.ts';

/**
 * The address an endpoint's path is joined to: the first of its own servers where it states any
 * (OpenAPI's operation or path item `servers`), its variables at their defaults; else the
 * service's base address. `own` is the server as written where it is the endpoint's own (T32u
 * N-i: the page joined a login path to the global server, an address the document never states).
 */
export function endpointBase(c: BlockContext, data: Obj): { url: string | undefined; from?: ServiceView['baseFrom']; own?: string } {
  const servers = Array.isArray(data.servers) ? (data.servers as unknown[]) : [];
  const first = servers[0];
  if (isObj(first) && typeof first.url === 'string') {
    const made = serverAtDefaults(servers);
    return made ? { url: made.url, from: made.from, own: first.url } : { url: first.url, own: first.url };
  }
  const from = c.view.index.service.baseFrom;
  return { url: c.baseUrl, ...(from ? { from } : {}) };
}
