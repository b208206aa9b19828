import type { LayoutBlock } from '../../../areas/area.ts';
import type { BlockView } from '../views.ts';
import { bodyBlock } from './body.ts';
import { samplesBlock } from './code-samples.ts';
import type { BlockContext } from './context.ts';
import { entriesBlock } from './entries.ts';
import { factsBlock } from './facts.ts';
import { headersBlock } from './headers.ts';
import { parametersBlock } from './parameters.ts';
import { responsesBlock } from './responses.ts';
import { securityBlock } from './security.ts';
import { shapeBlock } from './shape.ts';
import { signatureBlock } from './signature.ts';

/**
 * The blocks of one item's page, in its layout's order, each made by the builder of its kind;
 * blocks with nothing to show are left out. Then the resources the page's trees name are shown in
 * place, breadth first, as far as the page has room.
 */
export function referenceBlocks(c: BlockContext, itemId: string, data: Record<string, unknown>, layout: readonly LayoutBlock[]): BlockView[] {
  const blocks = layout.flatMap((block): BlockView | [] => {
    switch (block.kind) {
      case 'machine':
        return block;
      case 'samples':
        return samplesBlock(c, { data }) ?? [];
      case 'signature':
        return signatureBlock(c, { itemId, data, block }) ?? [];
      case 'facts':
        return factsBlock(c, { itemId, block }) ?? [];
      case 'shape':
        return shapeBlock(c, { itemId, data, block }) ?? [];
      case 'parameters':
        return parametersBlock(c, { itemId, data, block }) ?? [];
      case 'body':
        return bodyBlock(c, { itemId, data, block }) ?? [];
      case 'responses':
        return responsesBlock(c, { itemId, data, block }) ?? [];
      case 'security':
        return securityBlock(c, { itemId, data, block }) ?? [];
      case 'entries':
        return entriesBlock(c, { itemId, data, block }) ?? [];
      case 'headers':
        return headersBlock(c, { itemId, data, block }) ?? [];
    }
  });
  c.trees.finish();
  // A resource's fields past the page's budget: its block says where the rest are.
  for (const b of blocks) {
    const cut = b.kind === 'shape' ? c.trees.listCut(b.facet.id) : undefined;
    if (b.kind === 'shape' && cut) b.cut = cut;
    // So do an endpoint's parameters, location by location.
    if (b.kind === 'parameters')
      for (const g of b.groups) {
        const rest = c.trees.listCut(g.facet.id);
        if (rest) g.cut = rest;
      }
  }
  return blocks;
}

/** A block's section heading and its anchor (`parameters`, `responses`, `fields`), for the page's table of contents. */
export function blockHeading(block: BlockView): { slug: string; text: string } | undefined {
  const text =
    block.kind === 'parameters' ? 'Parameters'
    : block.kind === 'responses' ? 'Responses'
    : block.kind === 'security' ? 'Security'
    : block.kind === 'machine' ? 'Lifecycle'
    : block.kind === 'samples' ? 'Code samples'
    : block.kind === 'signature' ? undefined
    : block.title;
  return text === undefined ? undefined : { slug: `ref-${text.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, text };
}
