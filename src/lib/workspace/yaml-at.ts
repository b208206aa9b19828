import { isMap, isPair, isScalar, isSeq, type Node } from 'yaml';
import type { Span } from '../diagnostics/diagnostic.ts';
import type { Path } from '../facet/path.ts';
import type { SourceFile } from '../load/source.ts';

/** What sits at a place of a file's text: the data path of the deepest node there, and whether the place is on its key. */
export interface NodeAt {
  path: Path;
  key: boolean;
  /** What is there: a key or a scalar value (`null` for one not written yet), or the inside of a mapping or list between its entries. */
  node: 'scalar' | 'map' | 'seq';
  /** The span of the key or value found. */
  span: Span;
  /** In a list between its items: where a new item would go. */
  index?: number;
}

/**
 * A 1-based line and column as an offset into the text (UTF-16 units, as the editor and the loader
 * count them). A column past the end of its line is the line's end, before its line break, as LSP
 * reads a position past the end of a line (never the start of the next line); one before the line
 * is its start.
 */
export function offsetOf(source: SourceFile, line: number, column: number): number {
  const start = source.lines.lineStarts[line - 1];
  if (start === undefined) return source.text.length;
  const next = source.lines.lineStarts[line];
  const { text } = source;
  const end = next === undefined ? text.length : next - (text[next - 2] === '\r' && text[next - 1] === '\n' ? 2 : 1);
  return Math.max(start, Math.min(start + column - 1, end));
}

const rangeOf = (node: unknown): readonly [number, number] | undefined => {
  const range = (node as Node | null | undefined)?.range;
  return range ? [range[0], range[1]] : undefined;
};

const within = (range: readonly [number, number] | undefined, offset: number) => range !== undefined && range[0] <= offset && offset <= range[1];

/**
 * The node at an offset of a parsed file: walks from the top into the mapping entry or list item
 * that holds the offset, down to a key or a value. Undefined outside every node. Linear in the
 * depth and in the entries of the mappings walked, never in the file.
 */
export function nodeAt(source: SourceFile, offset: number): NodeAt | undefined {
  let node: unknown = source.doc.contents;
  const path: Array<string | number> = [];
  if (!within(rangeOf(node), offset)) return undefined;
  for (;;) {
    if (isMap(node)) {
      let next: unknown;
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const name = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        const keyRange = rangeOf(pair.key);
        if (within(keyRange, offset) && keyRange) return { path: [...path, name], key: true, node: 'scalar', span: source.spanOf(keyRange[0], keyRange[1]) };
        if (within(rangeOf(pair.value), offset) || (keyRange !== undefined && emptyAfter(source.text, pair.value, keyRange[1], offset))) {
          path.push(name);
          next = pair.value;
          break;
        }
      }
      if (next === undefined) return { path, key: false, node: 'map', span: spanOf(source, node) };
      node = next;
    } else if (isSeq(node)) {
      const index = node.items.findIndex((item) => within(rangeOf(item), offset));
      if (index < 0) {
        const before = node.items.filter((item) => (rangeOf(item)?.[1] ?? Infinity) < offset).length;
        return { path, key: false, node: 'seq', span: spanOf(source, node), index: before };
      }
      path.push(index);
      node = node.items[index];
    } else if (isScalar(node) || node === null || node === undefined) return { path, key: false, node: 'scalar', span: spanOf(source, node) };
    else return undefined;
  }
}

/** Whether an offset is where the empty value after a key is written (`resource: |`): after the key's `:`, on its line, up to where the parser put the value. */
function emptyAfter(text: string, value: unknown, keyEnd: number, offset: number): boolean {
  if (!isScalar(value) || value.value !== null) return false;
  const at = rangeOf(value)?.[0];
  if (at === undefined || offset <= keyEnd || offset > at) return false;
  const between = text.slice(keyEnd, offset);
  return between.startsWith(':') && !between.includes('\n');
}

function spanOf(source: SourceFile, node: unknown): Span {
  const range = rangeOf(node) ?? [0, 0];
  return source.spanOf(range[0], range[1]);
}
