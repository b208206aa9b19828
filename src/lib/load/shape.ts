import { isCollection, isNode, isPair, isScalar, parse, Scalar, type Document, type Node } from 'yaml';

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
 * Drops a scalar's tag and gives it the value it has when written without one (`!!int 404` is 404,
 * `!!timestamp 2025-01-15` the text `2025-01-15`, `!!binary aGk=` the text `aGk=`); false when that
 * cannot be known.
 */
function readPlainly(node: Scalar): boolean {
  const text = node.source;
  if (typeof text !== 'string') return false;
  let value: unknown = text;
  if (node.type === Scalar.PLAIN) {
    try {
      value = parse(text, { strict: true, uniqueKeys: false, logLevel: 'silent' });
    } catch {
      return false;
    }
  }
  if (value !== null && typeof value === 'object') return false;
  node.value = value;
  node.tag = undefined;
  return true;
}

/**
 * Every shape problem of a parsed document, in one walk without recursion (so depth cannot
 * overflow): nesting deeper than MAX_DEPTH, a list or mapping used as a key (which would
 * silently become a string), an explicit tag such as `!!timestamp` (which would turn a value
 * into something no schema expects: a tagged scalar is then read as written without it, so the
 * rest of the file is still checked), and a `__proto__` key.
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
      const tag = node.tag;
      problems.push({
        code: 'yaml-tag',
        offset: at >= 0 ? at : start,
        end: start,
        // A tagged value is read as if the tag were not there, so the rest of the file is validated
        // in the same run (the tag stays an error); a tagged list or mapping cannot be read plainly.
        fatal: !(isScalar(node) && readPlainly(node)),
        message: `The tag \`${shortTag(tag)}\` is not used in content (it would turn the value into something no facet takes); write the value plainly, e.g. a date as \`2025-01-15\`, or quote it.`,
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

/**
 * The parser reports running out of stack once for each level it unwinds, and where the engine's
 * stack happens to end (which changes with what ran before): one error is kept, placed where
 * brackets first nest past the limit when they do.
 */
export function settleStackOverflow(doc: Document.Parsed, text: string): void {
  const overflows = doc.errors.filter((e) => /call stack/i.test(e.message));
  const first = overflows[0];
  if (!first) return;
  for (const e of overflows.slice(1)) doc.errors.splice(doc.errors.indexOf(e), 1);
  const deep = flowTooDeepAt(text);
  if (deep !== undefined) first.pos = [deep, deep + 1];
}

/**
 * Where brackets first nest deeper than MAX_DEPTH (`[[[[…`), found by counting `[`, `{`, `]` and `}`
 * outside quotes and comments: the place to report nesting so deep that the parser ran out of stack,
 * which it notices wherever its stack happens to end. Undefined when brackets never nest that deep.
 */
export function flowTooDeepAt(text: string): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      // To the closing quote: `\"` escapes in double quotes, `''` in single ones.
      for (i++; i < text.length && text[i] !== c; i++) if (c === '"' && text[i] === '\\') i++;
      if (c === "'" && text[i + 1] === "'") i++;
    } else if (c === '#' && (i === 0 || /\s/.test(text[i - 1] ?? ''))) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (c === '[' || c === '{') {
      if (++depth > MAX_DEPTH) return i;
    } else if ((c === ']' || c === '}') && depth > 0) depth--;
  }
  return undefined;
}
