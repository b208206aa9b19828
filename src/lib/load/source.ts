import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node, type YAMLMap } from 'yaml';
import type { Span } from '../diagnostics/diagnostic.ts';
import { reportDuplicateKeys } from './duplicate-keys.ts';
import { settleStackOverflow } from './shape.ts';

import type { Path } from '../facet/path.ts';

export type { Path };

/** How content files are parsed: strict YAML 1.2, duplicate keys found by our own linear scan. */
export const YAML_OPTIONS = { prettyErrors: false, uniqueKeys: false, strict: true } as const;

/** One parsed content file that can turn data paths back into line and column. */
export class SourceFile {
  readonly file: string;
  readonly text: string;
  readonly doc: Document.Parsed;
  readonly lines: LineCounter;

  constructor(file: string, text: string) {
    this.file = file;
    this.text = text;
    this.lines = new LineCounter();
    // The library's own duplicate-key scan is quadratic in a mapping's keys: ours is linear.
    this.doc = parseDocument(text, { ...YAML_OPTIONS, lineCounter: this.lines });
    reportDuplicateKeys(this.doc);
    settleStackOverflow(this.doc, text);
  }

  /** The span of an offset range. */
  spanOf(start: number, end: number = start): Span {
    const a = this.lines.linePos(start);
    const b = this.lines.linePos(Math.max(start, end));
    return { file: this.file, line: a.line, column: a.col, endLine: b.line, endColumn: b.col };
  }

  /**
   * The span of the node at `path`: its value, or its key when `key` is set. Where the path
   * does not exist, the deepest node that does.
   */
  locate(path: Path, key = false): Span {
    let node: unknown = this.doc.contents;
    let keyNode: unknown;
    for (const segment of path) {
      const next = child(node, segment);
      if (!next) break;
      node = next.value ?? next.key;
      keyNode = next.key;
    }
    const target = key && keyNode ? keyNode : node;
    const range = rangeOf(target) ?? rangeOf(this.doc.contents) ?? [0, 0];
    return this.spanOf(range[0], range[1]);
  }

  /** The text written for the value at `path`, when the path exists. */
  textAt(path: Path): string | undefined {
    let node: unknown = this.doc.contents;
    for (const segment of path) {
      const next = child(node, segment);
      if (!next) return undefined;
      node = next.value;
    }
    const range = rangeOf(node);
    return range ? this.text.slice(range[0], range[1]) : undefined;
  }

  /** Where `needle` is written inside the value at `path` (a link in a description, say); else the value. */
  locateText(path: Path, needle: string): Span {
    const value = this.locate(path);
    const start = this.lines.lineStarts[value.line - 1];
    const end = this.lines.lineStarts[(value.endLine ?? value.line)] ?? this.text.length;
    if (start === undefined) return value;
    const at = this.text.indexOf(needle, start + value.column - 1);
    return at >= 0 && at < end ? this.spanOf(at, at + needle.length) : value;
  }
}

/** Each mapping's pairs by key, built on first look: locating every facet stays linear. */
const pairIndex = new WeakMap<object, Map<string, { key: unknown; value: unknown }>>();

function pairsOf(node: YAMLMap): Map<string, { key: unknown; value: unknown }> {
  let index = pairIndex.get(node);
  if (!index) {
    index = new Map();
    for (const p of node.items) {
      if (!isPair(p)) continue;
      const key = isScalar(p.key) ? String(p.key.value) : String(p.key);
      if (!index.has(key)) index.set(key, { key: p.key, value: p.value ?? undefined });
    }
    pairIndex.set(node, index);
  }
  return index;
}

function child(node: unknown, segment: string | number): { key?: unknown; value?: unknown } | undefined {
  if (isMap(node)) return pairsOf(node).get(String(segment));
  if (isSeq(node) && typeof segment === 'number') {
    const item = node.items[segment];
    return item ? { value: item } : undefined;
  }
  return undefined;
}

function rangeOf(node: unknown): [number, number] | undefined {
  const range = (node as Node | undefined)?.range;
  return range ? [range[0], range[1]] : undefined;
}
