import type { LayoutBlock } from '../../../areas/area.ts';
import type { FactsBlock } from '../views.ts';
import type { BlockContext } from './context.ts';

export type FactsInput = { itemId: string; block: Extract<LayoutBlock, { kind: 'facts' }> };

/** Short values under their labels, each a facet or a value the item states besides its facets. */
export function factsBlock(c: BlockContext, { itemId, block }: FactsInput): FactsBlock | undefined {
  const rows = block.keys.flatMap((k) => c.cell(itemId, k) ?? []);
  return rows.length === 0 ? undefined : { kind: 'facts', ...(block.title !== undefined ? { title: block.title } : {}), rows };
}
