import { isMap, isPair, isScalar, isSeq, type Node } from 'yaml';
import { SymbolKind, type CodeLens, type DocumentSymbol } from 'vscode-languageserver/node';
import { counted, isGap, pageOf, type FacetResult, type FilePositions, type Workspace } from '../lib/index.ts';
import { toRange } from './convert.ts';

/** How many gap ids the file's lens names before it counts the rest. */
const NAMED = 3;

/**
 * The gaps of a file in view: one lens at its top with its open gaps (or that it has none), and
 * one on each open facet with its question. A lens carries no command: it is read, not clicked.
 */
export function codeLenses(workspace: Workspace, positions: FilePositions): CodeLens[] {
  const page = pageOf(positions.file);
  if (page === undefined) return [];
  const facets = workspace.analysis.facetsOf(page)?.facets ?? [];
  const gaps = facets.filter((f) => isGap(f.state));
  const top = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  const names = gaps.slice(0, NAMED).map((g) => shortId(g, page));
  const more = gaps.length > NAMED ? `, and ${gaps.length - NAMED} more` : '';
  const title = gaps.length === 0 ? `No open gaps (${facets.length} facets stated)` : `${counted(gaps.length, 'open gap')}: ${names.join(', ')}${more}`;
  const lenses: CodeLens[] = [{ range: top, command: { title, command: '' } }];
  for (const g of gaps) {
    if (g.line === undefined) continue;
    const at = { line: g.line - 1, character: (g.column ?? 1) - 1 };
    lenses.push({ range: { start: at, end: at }, command: { title: `${g.state}: ${oneLine(g.question)}${g.owner !== undefined ? ` (${oneLine(g.owner)})` : ''}`, command: '' } });
  }
  return lenses;
}

/** A gap's id without its page: `fields/total/format`. */
const shortId = (g: FacetResult, page: string) => (g.id.startsWith(`${page}/`) ? g.id.slice(page.length + 1) : g.id);

/** Text from the spec on one line, without control characters: a lens is one line of plain text. */
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g, ' ').trim();

/** How deep and how many symbols the outline lists: a file at the loader's limits is still answered at once. */
const MAX_DEPTH = 6;
const MAX_SYMBOLS = 5000;

/** The file's keys as an outline, each facet with its state (`open`, `missing`...) as its detail. */
export function documentSymbols(workspace: Workspace, positions: FilePositions): DocumentSymbol[] {
  const page = pageOf(positions.file);
  const facets = new Map((page === undefined ? [] : (workspace.analysis.facetsOf(page)?.facets ?? [])).map((f) => [JSON.stringify(f.at), f]));
  const { source } = positions;
  let count = 0;
  const walk = (node: unknown, path: Array<string | number>, depth: number): DocumentSymbol[] => {
    if (depth > MAX_DEPTH || !isMap(node)) return [];
    const out: DocumentSymbol[] = [];
    for (const pair of node.items) {
      if (!isPair(pair) || count >= MAX_SYMBOLS) break;
      const key = pair.key as Node | null;
      if (!key?.range) continue;
      const name = isScalar(key) ? String(key.value) : String(key);
      const at = [...path, name];
      const value = pair.value as Node | null;
      const end = value?.range?.[1] ?? key.range[1];
      const facet = facets.get(JSON.stringify(at));
      count++;
      const children = isSeq(value) ? value.items.flatMap((item, i) => walk(item, [...at, i], depth + 1)) : walk(value, at, depth + 1);
      out.push({
        name: oneLine(name) || '""',
        ...(facet ? { detail: facet.state } : {}),
        kind: facet ? (isGap(facet.state) ? SymbolKind.Event : SymbolKind.Field) : isMap(value) ? SymbolKind.Object : isSeq(value) ? SymbolKind.Array : SymbolKind.Property,
        range: toRange(source.spanOf(key.range[0], Math.max(end, key.range[1]))),
        selectionRange: toRange(source.spanOf(key.range[0], key.range[1])),
        ...(children.length > 0 ? { children } : {}),
      });
    }
    return out;
  };
  return walk(source.doc.contents, [], 0);
}
