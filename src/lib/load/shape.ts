import { isCollection, isNode, isPair, isScalar, type Node } from 'yaml';

/** Deepest nesting a content file may have; the real schemas need fewer than ten levels. */
export const MAX_DEPTH = 64;

/** The one explicit tag content may use: `!!str` keeps `007` or `yes` as text. */
const ALLOWED_TAGS: ReadonlySet<string> = new Set(['tag:yaml.org,2002:str']);

/** Keys that would change an object's prototype in JavaScript. */
const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__']);

/** A shape YAML allows but content never has, found before the document is turned into data. */
export interface ShapeProblem {
  code: 'too-deep' | 'complex-key' | 'yaml-tag' | 'reserved-key';
  message: string;
  offset: number;
  end?: number;
  /** True when the data cannot be read at all past this problem. */
  fatal: boolean;
}

const shortTag = (tag: string) => tag.replace(/^tag:yaml\.org,2002:/, '!!');

/**
 * Every shape problem of a parsed document, in one walk without recursion (so depth cannot
 * overflow): nesting deeper than MAX_DEPTH, a list or mapping used as a key (which would
 * silently become a string), an explicit tag such as `!!timestamp` (which would turn a value
 * into something no schema expects), and a `__proto__` key.
 */
export function shapeProblems(root: unknown, text: string): ShapeProblem[] {
  const problems: ShapeProblem[] = [];
  const stack: Array<{ node: unknown; depth: number }> = [{ node: root, depth: 0 }];
  while (stack.length > 0) {
    const top = stack.pop();
    if (!top) break;
    const { node, depth } = top;
    if (isNode(node) && node.tag !== undefined && !ALLOWED_TAGS.has(node.tag)) {
      const start = node.range?.[0] ?? 0;
      const at = text.lastIndexOf('!', start);
      problems.push({
        code: 'yaml-tag',
        offset: at >= 0 ? at : start,
        end: start,
        fatal: true,
        message: `The tag \`${shortTag(node.tag)}\` is not used in content (it would turn the value into something no facet takes); write the value plainly, e.g. a date as \`2025-01-15\`, or quote it.`,
      });
    }
    if (!isCollection(node)) continue;
    const offset = (node as Node).range?.[0] ?? 0;
    if (depth >= MAX_DEPTH) {
      problems.push({ code: 'too-deep', offset, fatal: true, message: `Nesting deeper than ${MAX_DEPTH} levels; content is never nested this deep. Flatten it.` });
      continue;
    }
    for (const item of node.items) {
      if (isPair(item) && isCollection(item.key)) {
        problems.push({ code: 'complex-key', offset: item.key.range?.[0] ?? offset, fatal: true, message: 'A key is a list or mapping; keys are plain names. Did a `{` or `[` end up before a colon?' });
      } else if (isPair(item) && isScalar(item.key) && RESERVED_KEYS.has(String(item.key.value))) {
        const range = item.key.range;
        problems.push({ code: 'reserved-key', offset: range?.[0] ?? offset, ...(range ? { end: range[1] } : {}), fatal: false, message: `\`${String(item.key.value)}\` is not a usable name (it is reserved in JavaScript); rename it.` });
      }
      if (isPair(item) && isScalar(item.key)) stack.push({ node: item.key, depth: depth + 1 });
      stack.push({ node: isPair(item) ? item.value : item, depth: depth + 1 });
    }
  }
  return problems.sort((a, b) => a.offset - b.offset);
}
