import type { LayoutBlock } from '../../../areas/area.ts';
import { idSegment } from '../../../facet/ids.ts';
import { isObj, stated } from '../../../facet/state.ts';
import type { ResponsesBlock } from '../views.ts';
import { bodyView } from './body.ts';
import type { BlockContext } from './context.ts';

export type ResponsesInput = { itemId: string; data: Record<string, unknown>; block: Extract<LayoutBlock, { kind: 'responses' }> };

/** The class of a status code for colouring: `2xx`, `4xx`, `default`. */
export function statusClass(status: string): string {
  const first = status[0];
  return first !== undefined && /^[1-5]$/.test(first) ? `${first}xx` : 'default';
}

/** Responses by status, each a body with its headers. */
export function responsesBlock(c: BlockContext, { itemId, data, block }: ResponsesInput): ResponsesBlock | undefined {
  const id = `${itemId}/${idSegment(block.key)}`;
  const self = c.facet(id);
  if (!self) return undefined;
  const v = stated(data[block.key]);
  const byStatus = isObj(v) ? v : {};
  const responses = Object.keys(byStatus).flatMap((status) => {
    const rid = `${id}/${idSegment(status)}`;
    const r = c.facet(rid);
    return r ? [{ status, statusClass: statusClass(status), body: bodyView(c, { id: rid, value: stated(byStatus[status]), self: r, mode: 'response' }) }] : [];
  });
  return { kind: 'responses', facet: self, responses };
}
