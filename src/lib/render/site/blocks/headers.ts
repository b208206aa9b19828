import type { LayoutBlock } from '../../../areas/area.ts';
import { idSegment } from '../../../facet/ids.ts';
import { isObj, stated } from '../../../facet/state.ts';
import { top } from '../shape-tree.ts';
import type { HeadersBlock } from '../views.ts';
import type { BlockContext } from './context.ts';

export type HeadersInput = { itemId: string; data: Record<string, unknown>; block: Extract<LayoutBlock, { kind: 'headers' }> };

/** Headers by name, each a shape. */
export function headersBlock(c: BlockContext, { itemId, data, block }: HeadersInput): HeadersBlock | undefined {
  const id = `${itemId}/${idSegment(block.key)}`;
  const self = c.facet(id);
  if (!self) return undefined;
  const v = stated(data[block.key]);
  return { kind: 'headers', title: block.title, facet: self, shapes: Object.entries(isObj(v) ? v : {}).map(([n, h]) => c.trees.shape(`${id}/${idSegment(n)}`, h, n, { ...top(), level: 1, ownValues: true })) };
}
