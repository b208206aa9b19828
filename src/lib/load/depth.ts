import { isCollection, isPair, type Node } from 'yaml';

/** Deepest nesting a content file may have; the real schemas need fewer than ten levels. */
export const MAX_DEPTH = 64;

/** The first node nested deeper than MAX_DEPTH, walked without recursion so depth cannot overflow the stack. */
export function tooDeep(root: unknown): { offset: number; limit: number } | undefined {
  const stack: Array<{ node: unknown; depth: number }> = [{ node: root, depth: 0 }];
  while (stack.length > 0) {
    const top = stack.pop();
    if (!top) break;
    const { node, depth } = top;
    if (!isCollection(node)) continue;
    if (depth >= MAX_DEPTH) return { offset: (node as Node).range?.[0] ?? 0, limit: MAX_DEPTH };
    for (const item of node.items) {
      const value = isPair(item) ? item.value : item;
      stack.push({ node: value, depth: depth + 1 });
    }
  }
  return undefined;
}
