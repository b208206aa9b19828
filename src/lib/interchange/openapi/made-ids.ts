import type { Analysis } from '../../analyze.ts';
import { stated } from '../../facet/state.ts';
import { itemsOf, text } from '../export-common.ts';
import { idBase } from '../result.ts';
import { operationName } from './endpoint.ts';

/**
 * What an OpenAPI export says of the operationIds it writes that no `operation_id` states: each
 * endpoint's is its id (the name its author gave it), each event's `event.` and its id, a name no
 * one gave. An endpoint imported from an operation without an operationId has the id its method
 * and path make (`get-things-id`), so its operationId is no name its source gave either: both are
 * said with their counts, not left for a reader of the export to take as the source's (t31j #5:
 * daniweb had none, its export 67). They are written, not left out, as before: a re-import keeps
 * the same ids, and the trip is a fixed point.
 */
export function madeOperationIds(a: Analysis): string[] {
  const unnamed = itemsOf(a, 'endpoints').filter((e) => stated(e.data.operation_id) === undefined);
  const fromPath = unnamed.filter((e) => {
    const method = text(e.data.method)?.toLowerCase();
    const path = text(e.data.path);
    if (method === undefined || path === undefined) return false;
    // As an import makes it an id: valid characters, and a number where another operation has it.
    const { base } = idBase(operationName(method, path, {}));
    return e.id === base || (e.id.startsWith(`${base}-`) && /^\d+$/.test(e.id.slice(base.length + 1)));
  }).length;
  // An event the service receives is no webhook, and is not written (unless an endpoint calls back with it).
  const calledBack = new Set(itemsOf(a, 'endpoints').flatMap((e) => Object.values(e.data.callbacks ?? {}).flatMap((v) => (Array.isArray(v) ? v : Object.values(v ?? {})).map(String))));
  const events = itemsOf(a, 'events').filter((ev) => stated(ev.data.operation_id) === undefined && (calledBack.has(ev.id) || stated(ev.data.direction) !== 'received')).length;
  const total = fromPath + events;
  if (total === 0) return [];
  const parts = [...(fromPath > 0 ? [`${fromPath} from an endpoint's method and path (as an import names an operation without an operationId)`] : []), ...(events > 0 ? [`${events} from \`event.\` and an event's id`] : [])];
  return [`${total} ${total === 1 ? 'operationId is' : 'operationIds are'} made, not stated by the spec or its source: ${parts.join(', ')}`];
}
