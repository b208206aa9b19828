import type { LayoutBlock } from '../../../areas/area.ts';
import { idSegment } from '../../../facet/ids.ts';
import { isObj, stated } from '../../../facet/state.ts';
import { top } from '../shape-tree.ts';
import type { ShapeBlock } from '../views.ts';
import type { BlockContext } from './context.ts';

export type ShapeInput = { itemId: string; data: Record<string, unknown>; block: Extract<LayoutBlock, { kind: 'shape' }> };

/** A resource's fields, or the single value it is, as a tree. */
export function shapeBlock(c: BlockContext, { itemId, data, block }: ShapeInput): ShapeBlock | undefined {
  const id = `${itemId}/${idSegment(block.key)}`;
  const self = c.facet(id);
  if (!self) return undefined;
  const v = stated(data[block.key]);
  const isFields = block.key === 'fields';
  // A resource's own tree: a field of its own type repeats it.
  const at = top(itemId.startsWith('resources/') ? [itemId.slice('resources/'.length)] : []);
  // The fields are a place of the page's budget like any other (t32h: 9,000 of them made a 2.6 MB page while the top of a page was always shown whole).
  const fields = isFields && isObj(v) ? c.trees.fields(itemId, v, self, at) : [];
  return { kind: 'shape', title: block.title, facet: self, ...(!isFields && isObj(v) ? { shape: c.trees.shape(id, v, undefined, at) } : {}), fields };
}
