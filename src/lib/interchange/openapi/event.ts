import type { ItemInput } from '../../areas/index.ts';
import { isObj, type Obj } from '../../facet/state.ts';
import type { Ids } from '../result.ts';
import { titled } from '../text.ts';
import { bodyContent } from './body.ts';
import { LOWER_METHODS, type OpenApiContext } from './context.ts';
import { securityAlternatives } from './endpoint.ts';

/** A webhook or callback path item as events: one per operation (named `<name>.<method>` when it has several), sent by the service. */
export function mapEvents(ctx: OpenApiContext, name: string, item: Obj, pointer: string, ids: Ids, schemeIds: Ids, description?: string, rootSecurity?: unknown): Array<{ id: string; data: ItemInput<'events'> }> {
  const methods = LOWER_METHODS.filter((m) => isObj(item[m]));
  if (methods.length > 1) ctx.unmapped.push({ pointer, reason: `${methods.length} operations under one webhook become ${methods.length} events, one per method; an export writes each as a webhook of its own` });
  return methods.map((method) => {
    const op = ctx.deref(item[method]);
    const id = ids.id(methods.length > 1 ? `${name}.${method}` : name);
    if (op.responses !== undefined) ctx.unmapped.push({ pointer: `${pointer}/${method}/responses`, reason: 'what the receiver of an event answers has no place in the spec' });
    const body = ctx.deref(op.requestBody);
    const payload = op.requestBody ? bodyContent(ctx, body.content, `${ctx.where(op.requestBody, `${pointer}/${method}/requestBody`)}/content`) : undefined;
    const data: ItemInput<'events'> = { ...titled(op.summary, typeof op.description === 'string' ? op.description : description), payload: payload ?? { open: 'The source gives no payload.' }, direction: 'sent' };
    if (Array.isArray(op.tags) && op.tags.length > 0) data.tags = op.tags.map(String);
    // An operation's own security, else the document's (which applies to webhooks as to paths).
    const security = op.security ?? rootSecurity;
    if (Array.isArray(security)) data.security = security.length === 0 ? { none: 'The webhook needs no authentication.' } : securityAlternatives(security, schemeIds);
    const headers = (Array.isArray(op.parameters) ? op.parameters : []).map(ctx.deref).filter((p) => p.in === 'header' && typeof p.name === 'string');
    if (headers.length > 0) data.headers = Object.fromEntries(headers.map((h) => [String(h.name), { ...(isObj(h.schema) ? ctx.schemas.object(h.schema, `${pointer}/${method}/parameters`) : {}), ...(typeof h.description === 'string' ? { description: h.description } : {}), ...(typeof h.required === 'boolean' ? { required: h.required } : {}) }]));
    return { id, data };
  });
}
