import type { LayoutBlock } from '../../../areas/area.ts';
import { stated } from '../../../facet/state.ts';
import type { SignatureBlock } from '../views.ts';
import type { BlockContext } from './context.ts';
import { endpointBase } from './own-server.ts';

export type SignatureInput = { itemId: string; data: Record<string, unknown>; block: Extract<LayoutBlock, { kind: 'signature' }> };

/** The item's line under its title (a method and a path after the base address); a deprecated item says so on it. */
export function signatureBlock(c: BlockContext, { itemId, data, block }: SignatureInput): SignatureBlock | undefined {
  const cells = block.keys.flatMap((k) => c.cell(itemId, k) ?? []);
  if (cells.length === 0) return undefined;
  // Base and path joined as the code samples join them: a base ending in `/` before a path from the root reads
  // `…com/v3/payees`, not `…com//v3/payees` (t32t S13).
  const path = cells[cells.length - 1]?.text;
  // An endpoint's own server, where it states one, is its base (T32u N-i).
  const { url } = endpointBase(c, data);
  const base = url !== undefined && typeof path === 'string' && path.startsWith('/') ? url.replace(/\/+$/, '') : url;
  return {
    kind: 'signature',
    cells,
    ...(block.relative && base !== undefined ? { base } : {}),
    ...(stated(data.deprecated) === true ? { deprecated: true as const } : {}),
  };
}
