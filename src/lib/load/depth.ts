import { isCollection, isPair, type Node } from 'yaml';

/** Deepest nesting a content file may have; the real schemas need fewer than ten levels. */
export const MAX_DEPTH = 64;

/** A shape YAML allows but content never has, found before the document is turned into data. */
export interface ShapeProblem {
  code: 'too-deep' | 'complex-key';
  message: string;
  offset: number;
}

/**
 * The first node nested deeper than MAX_DEPTH, or a mapping key that is itself a list or mapping
 * (which would silently become a string). Walked without recursion, so depth cannot overflow.
 */
export function shapeProblem(root: unknown): ShapeProblem | undefined {
  const stack: Array<{ node: unknown; depth: number }> = [{ node: root, depth: 0 }];
  while (stack.length > 0) {
    const top = stack.pop();
    if (!top) break;
    const { node, depth } = top;
    if (!isCollection(node)) continue;
    const offset = (node as Node).range?.[0] ?? 0;
    if (depth >= MAX_DEPTH) return { code: 'too-deep', offset, message: `Nesting deeper than ${MAX_DEPTH} levels; content is never nested this deep. Flatten it.` };
    for (const item of node.items) {
      if (isPair(item) && isCollection(item.key)) {
        return { code: 'complex-key', offset: item.key.range?.[0] ?? offset, message: 'A key is a list or mapping; keys are plain names. Did a `{` or `[` end up before a colon?' };
      }
      stack.push({ node: isPair(item) ? item.value : item, depth: depth + 1 });
    }
  }
  return undefined;
}
