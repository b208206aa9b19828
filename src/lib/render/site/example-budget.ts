import { TREE_BYTES } from './shape-tree.ts';
import type { BlockView, BodyView, ExampleView, LinkView } from './views.ts';

/**
 * How much examples' text one page writes in place, beside its trees' budget (`TREE_BYTES`):
 * highlighting writes an example about twice over, so this keeps a page's examples near the trees'.
 */
export const PAGE_EXAMPLE_BYTES = TREE_BYTES / 2;

/** An example in another item's body shown on this page (an error's), with the page where it is whole. */
type Borrowed = { example: ExampleView; at: LinkView };

/**
 * Counts every example a page's blocks write against `PAGE_EXAMPLE_BYTES`, and cuts those of other
 * items' bodies (an error's, shown under its status) where the budget ends, each saying its size
 * and linking to its item's page, where it is whole. The item's own examples are always written
 * whole: its file (under import's 2 MB) bounds them, while examples from several files, each under
 * it, added up without bound (t32k #1: three of 666 KB made a 2.6 MB page).
 */
export function boundExamples(blocks: readonly BlockView[]): void {
  let used = 0;
  const borrowed: Borrowed[] = [];
  const visit = (b: BodyView, from: LinkView | undefined): void => {
    if (b.errorBody) visit(b.errorBody.body, b.error ?? from);
    for (const m of b.media) visit(m.body, from);
    for (const e of b.examples) {
      if (from) borrowed.push({ example: e, at: from });
      else used += e.text?.length ?? 0;
    }
  };
  for (const block of blocks) {
    if (block.kind === 'body') visit(block.body, undefined);
    else if (block.kind === 'responses') for (const r of block.responses) visit(r.body, undefined);
  }
  for (const { example, at } of borrowed) {
    const bytes = example.text?.length ?? 0;
    if (used + bytes <= PAGE_EXAMPLE_BYTES) used += bytes;
    else {
      delete example.text;
      example.cut = { bytes, at };
    }
  }
}
