import type { LayoutBlock } from '../../../areas/area.ts';
import { idSegment } from '../../../facet/ids.ts';
import { isObj, stated } from '../../../facet/state.ts';
import { facetAnchor } from '../paths.ts';
import type { EntriesBlock } from '../views.ts';
import type { BlockContext } from './context.ts';

export type EntriesInput = { itemId: string; data: Record<string, unknown>; block: Extract<LayoutBlock, { kind: 'entries' }> };

/** A map whose entries are each a value (scopes, token lifetimes, token endpoints), each with the items that use it. */
export function entriesBlock(c: BlockContext, { itemId, data, block }: EntriesInput): EntriesBlock | undefined {
  const id = `${itemId}/${idSegment(block.key)}`;
  const self = c.facet(id);
  if (!self) return undefined;
  const v = stated(data[block.key]);
  const entries = isObj(v) ? v : {};
  const rows = Object.keys(entries).map((key) => {
    const entryId = `${id}/${idSegment(key)}`;
    const usedBy = c.view.usedBy(entryId);
    const f = c.facet(entryId);
    if (f) return { key, facet: f, usedBy };
    // Entries that are plain values of the facet, shown as they are.
    return { key, usedBy, facet: { id: entryId, anchor: facetAnchor(entryId), path: self.path, label: key, state: 'stated' as const, text: String(entries[key]), blockedBy: [], blocks: [], links: [], depth: 0 } };
  });
  return { kind: 'entries', title: block.title, facet: self, rows };
}
