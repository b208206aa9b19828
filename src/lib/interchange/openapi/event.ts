import type { ItemInput } from '../../areas/index.ts';
import { isObj, type Obj } from '../../facet/state.ts';
import { importExternalDocs } from '../external-docs.ts';
import { seg, type Ids } from '../result.ts';
import { CONTROLS_AS_SPACES, SUMMARY_OF_LINES, titled } from '../text.ts';
import { LOWER_METHODS, type OpenApiContext } from './context.ts';
import { usableNames } from '../names.ts';
import { EMPTY_OPERATION_ID, mapParameters, requestBody, securityAlternatives, statedOperationId } from './endpoint.ts';

/** What an operation that delivers an event states and an event keeps; anything else is listed as unmapped. */
const KEPT = new Set(['summary', 'description', 'operationId', 'tags', 'parameters', 'requestBody', 'responses', 'security', 'deprecated', 'callbacks', 'externalDocs']);

/**
 * A webhook or callback path item as events, sent by the service: one per operation (named
 * `<name>.<method>` when it has several), or, for a callback, the one it makes by POST (else its
 * first). Each keeps its operation's summary, description, id, tags, external docs, parameters (the
 * path item's too), request body with its description and required flag, security and deprecation.
 */
export function mapEvents(ctx: OpenApiContext, name: string, item: Obj, pointer: string, ids: Ids, schemeIds: Ids, rootSecurity: unknown, defined: (scheme: string) => boolean | 'unkept', callback = false): Array<{ id: string; data: ItemInput<'events'> }> {
  const all = LOWER_METHODS.filter((m) => isObj(item[m]));
  const methods = callback && all.length > 1 ? [all.includes('post') ? 'post' : (all[0] as string)] : all;
  if (all.length === 0) ctx.unmapped.push({ pointer, reason: `a ${callback ? 'callback' : 'webhook'} without an operation (POST, PUT…) is not kept` });
  if (!callback && methods.length > 1) ctx.unmapped.push({ pointer, reason: `${methods.length} operations under one webhook become ${methods.length} events, one per method; an export writes each as a webhook of its own` });
  for (const m of all) {
    if (m !== 'post') ctx.unmapped.push({ pointer: `${pointer}/${m}`, reason: methods.includes(m) ? `a ${callback ? 'callback' : 'webhook'} by ${m.toUpperCase()}: the event keeps what it sends, not its method (exports deliver it by POST)` : `a second operation of one callback (${m.toUpperCase()}) is not kept: the callback is its POST` });
  }
  return methods.map((method) => {
    const op = ctx.deref(item[method]);
    const at = `${pointer}/${method}`;
    const id = ids.id(methods.length > 1 ? `${name}.${method}` : name);
    if (op.responses !== undefined) ctx.unmapped.push({ pointer: `${at}/responses`, reason: 'what the receiver of an event answers has no place in the spec' });
    if (op.callbacks !== undefined) ctx.unmapped.push({ pointer: `${at}/callbacks`, reason: 'callbacks of a webhook or callback have no place in the spec' });
    for (const key of Object.keys(op)) if (!KEPT.has(key) && !key.startsWith('x-')) ctx.unmapped.push({ pointer: `${at}/${seg(key)}`, reason: `a webhook's or callback's \`${key}\` has no place in the spec` });
    const payload = requestBody(ctx, op.requestBody, `${at}/requestBody`);
    const text = titled(op.summary, op.description, () => ctx.unmapped.push({ pointer: `${at}/summary`, reason: CONTROLS_AS_SPACES }));
    // GitHub's webhooks write paragraphs as their summary: the event's summary is one line, so they lead its description, and that is said.
    if (text.title === undefined && typeof op.summary === 'string' && op.summary.trim() !== '') ctx.unmapped.push({ pointer: `${at}/summary`, reason: SUMMARY_OF_LINES });
    const data: ItemInput<'events'> = { ...text, payload: payload && !('none' in payload) ? payload : (payload ?? { open: 'The source gives no payload.' }), direction: 'sent' };
    const parameters = mapParameters(ctx, item, op, pointer, at);
    if (Object.keys(parameters).length > 0) data.parameters = parameters;
    // An id an export makes up (`event.<id>`) is no id the source stated.
    const operationId = statedOperationId(op);
    if (operationId !== undefined && operationId !== `event.${id}`) data.operation_id = operationId;
    else if (typeof op.operationId === 'string' && operationId === undefined) ctx.unmapped.push({ pointer: `${at}/operationId`, reason: EMPTY_OPERATION_ID });
    if (op.deprecated === true) data.deprecated = true;
    const tags = Array.isArray(op.tags) ? usableNames(op.tags, `${at}/tags`, 'a tag', ctx.unmapped) : [];
    if (tags.length > 0) data.tags = tags;
    const docs = importExternalDocs(op.externalDocs, `${at}/externalDocs`, ctx.unmapped);
    if (docs) data.external_docs = docs;
    // An operation's own security, else the document's (which applies to webhooks as to paths).
    const security = op.security ?? rootSecurity;
    if (Array.isArray(security)) {
      const alternatives = securityAlternatives(security, schemeIds, defined, { pointer: op.security !== undefined ? `${at}/security` : '/security', push: (u) => ctx.unmapped.push(u) }, ctx.scopesOf);
      if (alternatives.length > 0) data.security = alternatives;
      else if (security.length === 0) data.security = { none: 'The webhook needs no authentication.' };
    }
    return { id, data };
  });
}
