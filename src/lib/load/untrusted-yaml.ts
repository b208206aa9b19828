import { isAlias, isCollection, isMap, isPair, isScalar, LineCounter, parseDocument, type Document, type Node } from 'yaml';

/**
 * How much an imported document may make its readers do. An import reads files nobody here wrote,
 * so every cost that can grow faster than the file is bounded, and a document past a bound is
 * refused with where and which bound, never read for minutes.
 */
export const READ_LIMITS = {
  /** The largest file read (GitHub's REST description, one of the largest public ones, is 13 MB). */
  bytes: 64 * 1024 * 1024,
  /** How deep values may nest (real descriptions stay under 40 levels; the readers recurse). */
  depth: 256,
  /** How many values aliases may add to what is written (`*a` repeats its anchor's value; aliases inside anchors multiply). */
  aliasValues: 100_000,
} as const;

/** A reason to refuse a document, and where in it (1-based), when that is known. */
export class UntrustedInputError extends Error {
  readonly line: number | undefined;
  readonly column: number | undefined;
  constructor(message: string, at?: { line: number; col: number }) {
    super(message);
    this.line = at?.line;
    this.column = at?.col;
  }
}

const number = (n: number) => n.toLocaleString('en-US');

/**
 * The deepest nesting of brackets in a JSON text, and where it first passes `limit`: read in one
 * pass over the characters (strings skipped), so that a document too deep for the recursive
 * readers is refused before any of them starts.
 */
function jsonTooDeep(text: string, limit: number): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: skip to its closing quote, past escapes.
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return i;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return undefined;
}

/**
 * Reads an untrusted JSON or YAML text into plain data within `READ_LIMITS`: nesting, the values
 * aliases add, and duplicate keys (found in one pass, where the YAML library's own scan is
 * quadratic in the keys of a mapping). Throws `UntrustedInputError` with a location.
 */
export function parseUntrusted(text: string): { data: unknown; locate: (pointer: string) => { line: number; col: number } | undefined; written: (pointer: string) => string | undefined } {
  const lines = new LineCounter();
  if (/^\s*[[{]/.test(text)) {
    const at = jsonTooDeep(text, READ_LIMITS.depth);
    if (at !== undefined) {
      lines.addNewLine(0);
      for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) lines.addNewLine(i + 1);
      throw new UntrustedInputError(`values nest more than ${READ_LIMITS.depth} levels deep; an import reads at most ${READ_LIMITS.depth}`, lines.linePos(at));
    }
  }
  // Merge keys (`<<: *anchor`) applied as YAML 1.1 readers apply them (PyYAML, SnakeYAML, Go, Ruby, and @asyncapi/parser), the reading the document's writers meant; a quoted `"<<"` is a key like any other.
  // No warning of the YAML library's own on the console (a key that is a list or mapping: `Keys with collection values will be stringified`): what is wrong is said where it is written.
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: false, merge: true, logLevel: 'error' });
  const [error] = doc.errors;
  if (error) {
    const message = error.code === 'RESOURCE_EXHAUSTION' ? `values nest deeper than the YAML reader can follow; an import reads at most ${READ_LIMITS.depth} levels` : `neither JSON nor YAML: ${error.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '')}`;
    throw new UntrustedInputError(message, error.linePos?.[0]);
  }
  measure(doc, lines);
  const nodeAt = (pointer: string) => doc.getIn(pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')), true) as Node | undefined;
  const locate = (pointer: string) => {
    const node = nodeAt(pointer);
    return node?.range ? lines.linePos(node.range[0]) : undefined;
  };
  // A scalar's text as the file writes it (`1e308`, where the data holds the number): what was written, to compare with what is kept.
  const written = (pointer: string) => {
    const node = nodeAt(pointer);
    return isScalar(node) && node.range ? text.slice(node.range[0], node.range[1]) : undefined;
  };
  return { data: doc.toJS({ maxAliasCount: -1 }), locate, written };
}

/** The number of values a node stands for once its aliases are expanded, and how deep it goes. */
interface Size {
  values: number;
  depth: number;
}

/**
 * One walk over the document's nodes, children before parents (with a stack of its own, so no
 * nesting overflows it): duplicate keys, nesting depth, and the values aliases add, each refused
 * at the node where it is found.
 */
function measure(doc: Document.Parsed, lines: LineCounter): void {
  const where = (node: Node | null | undefined) => (node?.range ? lines.linePos(node.range[0]) : undefined);
  const sizes = new Map<Node, Size>();
  const written = { values: 0 };
  const root = doc.contents;
  if (!root) return;
  const stack: Array<{ node: Node; depth: number; done: boolean }> = [{ node: root, depth: 1, done: false }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as { node: Node; depth: number; done: boolean };
    const { node, depth } = top;
    if (depth > READ_LIMITS.depth) throw new UntrustedInputError(`values nest more than ${READ_LIMITS.depth} levels deep; an import reads at most ${READ_LIMITS.depth}`, where(node));
    const children = childrenOf(node);
    if (!top.done) {
      top.done = true;
      if (isMap(node)) duplicateKeys(node, where);
      // In reverse, so that children are done in document order: an anchor is measured before the aliases after it.
      for (const child of [...children].reverse()) if (!sizes.has(child) && !isAlias(child)) stack.push({ node: child, depth: depth + 1, done: false });
      continue;
    }
    stack.pop();
    if (sizes.has(node)) continue;
    written.values++;
    let values = 1;
    let below = 0;
    for (const child of children) {
      const size = isAlias(child) ? aliasSize(child) : sizes.get(child);
      if (!size) continue;
      values += size.values;
      below = Math.max(below, size.depth);
    }
    sizes.set(node, { values, depth: below + 1 });
  }
  const total = sizes.get(root);
  if (total && total.values - written.values > READ_LIMITS.aliasValues) {
    // The alias that repeats the most, to say where the growth comes from.
    let worst: { alias: Node; values: number } | undefined;
    for (const node of sizes.keys()) {
      for (const child of childrenOf(node)) {
        const size = isAlias(child) ? aliasSize(child) : undefined;
        if (size && (!worst || size.values > worst.values)) worst = { alias: child, values: size.values };
      }
    }
    throw new UntrustedInputError(
      `its aliases expand to ${number(total.values - written.values)} values beyond the ${number(written.values)} written (aliases inside anchored values multiply; this one repeats ${number(worst?.values ?? 0)}); an import reads at most ${number(READ_LIMITS.aliasValues)} values added by aliases`,
      where(worst?.alias),
    );
  }
  if (total && total.depth > READ_LIMITS.depth) throw new UntrustedInputError(`its aliases nest values more than ${READ_LIMITS.depth} levels deep; an import reads at most ${READ_LIMITS.depth}`, where(root));

  function aliasSize(alias: Node): Size | undefined {
    if (!isAlias(alias)) return undefined;
    const target = alias.resolve(doc);
    if (!target) return undefined;
    const size = sizes.get(target);
    // An alias to a value that holds it (`&a [*a]`) would never end.
    if (!size) throw new UntrustedInputError(`the alias \`*${alias.source}\` repeats a value that contains it`, where(alias));
    return size;
  }
}

/** The nodes directly inside a node: a mapping's keys and values, a sequence's items. */
function childrenOf(node: Node): Node[] {
  if (!isCollection(node)) return [];
  const out: Node[] = [];
  for (const item of node.items as unknown[]) {
    if (isPair(item)) {
      if (item.key && typeof item.key === 'object') out.push(item.key as Node);
      if (item.value && typeof item.value === 'object') out.push(item.value as Node);
    } else if (item && typeof item === 'object') out.push(item as Node);
  }
  return out;
}

/** A mapping's keys seen once each, in one pass: the second of two equal keys is refused where it is written. */
function duplicateKeys(map: Node, where: (node: Node | null | undefined) => { line: number; col: number } | undefined): void {
  if (!isMap(map)) return;
  const seen = new Set<string>();
  for (const pair of map.items) {
    const key = pair.key;
    if (!isScalar(key)) continue;
    const name = String(key.value);
    if (seen.has(name)) throw new UntrustedInputError(`the key \`${name}\` is written twice in one mapping`, where(key));
    seen.add(name);
  }
}
