import { isMap, isScalar } from 'yaml';
import { CompletionItemKind, InsertTextFormat, MarkupKind, type CompletionItem, type CompletionList } from 'vscode-languageserver/node';
import { facetKeys, offsetOf, suggestionsAt, type FilePositions, type Suggestion, type Workspace } from '../lib/index.ts';
import { toRange } from './convert.ts';
import type { SchemaKeys } from './keys.ts';

const KIND: Record<Suggestion['kind'], CompletionItemKind> = {
  item: CompletionItemKind.Reference,
  type: CompletionItemKind.Keyword,
  area: CompletionItemKind.Module,
  facet: CompletionItemKind.Field,
  scope: CompletionItemKind.Value,
  state: CompletionItemKind.EnumMember,
};

/** What a key means, from the three places that say it: the facet's own label and question, the schema, the guide. */
export interface Meanings {
  keys: SchemaKeys;
  guide: ReadonlyMap<string, string>;
}

/**
 * What may be written at a place of a file: the names that resolve there (a reference, a scope,
 * a state, a gap id, a `[[` link), or the keys the mapping there may hold, each with its meaning.
 */
export function complete(workspace: Workspace, positions: FilePositions, line: number, column: number, meanings: Meanings): CompletionList | null {
  const names = suggestionsAt(workspace.analysis, positions, line, column);
  if (names) {
    const range = toRange(names.span);
    const items = names.items.map(
      (s, i): CompletionItem => ({
        label: s.label,
        kind: KIND[s.kind],
        ...(s.detail !== undefined ? { detail: s.detail } : {}),
        labelDetails: { description: names.what },
        textEdit: { range, newText: s.insert },
        filterText: s.label,
        sortText: String(i).padStart(6, '0'),
      }),
    );
    return { isIncomplete: names.incomplete, items };
  }
  return completeKeys(positions, line, column, meanings);
}

/** The keys the mapping at the cursor may hold and does not hold yet. */
function completeKeys(positions: FilePositions, line: number, column: number, meanings: Meanings): CompletionList | null {
  const at = keyPlace(positions, line, column);
  if (!at) return null;
  const present = new Set<string>();
  const mapping = at.parent.length === 0 ? positions.source.doc.contents : positions.source.doc.getIn(at.parent, true);
  // Keys go into a mapping, or where nothing is written yet: never into a list or a scalar the text holds there.
  if (mapping !== null && mapping !== undefined && !isMap(mapping) && !(isScalar(mapping) && mapping.value === null)) return null;
  if (isMap(mapping)) for (const p of mapping.items) if (isScalar(p.key) && !(at.typing !== undefined && String(p.key.value) === at.typing)) present.add(String(p.key.value));
  const facets = at.parent.length === 0 ? new Map(facetKeys(positions.file, safeData(positions)).map((f) => [f.key, f])) : new Map<string, never>();
  const items = meanings.keys
    .keysAt(positions.file, at.parent)
    .filter((k) => !present.has(k.key))
    .map((k): CompletionItem => {
      const facet = facets.get(k.key);
      const meaning = facet ? `${facet.label}: ${facet.question}` : (k.description ?? meanings.guide.get(k.key));
      return {
        label: k.key,
        kind: facet ? CompletionItemKind.Field : CompletionItemKind.Property,
        ...(facet ? { detail: facet.label } : {}),
        ...(meaning !== undefined ? { documentation: { kind: MarkupKind.PlainText, value: meaning } } : {}),
        textEdit: { range: toRange(at.span), newText: at.span.named ? k.key : `${k.key}: ` },
        insertTextFormat: InsertTextFormat.PlainText,
        filterText: k.key,
      };
    });
  return items.length === 0 ? null : { isIncomplete: false, items };
}

function safeData(positions: FilePositions): unknown {
  try {
    return positions.source.doc.toJS({ maxAliasCount: 100 });
  } catch {
    return undefined;
  }
}

/**
 * Where a key is being written: the data path of the mapping it goes into, the span it replaces
 * and what was typed of it. A key already parsed as one (`ti` alone on a line) says so itself; an
 * empty or half-written line is placed by its indentation, under the nearest line above that is
 * indented less (`key:` opens a mapping, `- key:` an item of a list).
 */
function keyPlace(positions: FilePositions, line: number, at: number): { parent: readonly (string | number)[]; span: { line: number; column: number; endLine: number; endColumn: number; named: boolean }; typing?: string } | undefined {
  const { source } = positions;
  const lines = source.lines.lineStarts;
  const start = lines[line - 1];
  if (start === undefined) return undefined;
  const end = lines[line] === undefined ? source.text.length : (lines[line] ?? 0) - 1;
  // A column past the line's end is its end (LSP).
  const column = offsetOf(source, line, at) - start + 1;
  const before = source.text.slice(start, start + column - 1);
  const written = /^(\s*)([A-Za-z_][\w.-]*)?$/.exec(before);
  if (!written) return undefined;
  const indent = written[1]?.length ?? 0;
  const typed = written[2] ?? '';
  const rest = source.text.slice(start + column - 1, end);
  const after = /^[\w.-]*/.exec(rest)?.[0] ?? '';
  // What follows the word: nothing (a blank, a comment), or the `:` of a key already written, whose name alone is replaced.
  const tail = rest.slice(after.length);
  const named = /^[ \t]*:(?:[ \t]|$|\r)/.test(tail);
  if (!named && !/^(?:[ \t]+(?:#.*)?)?\r?$/.test(tail)) return undefined;
  const span = { line, column: indent + 1, endLine: line, endColumn: column + after.length, named };
  const here = positions.nodeAt(line, column);
  if (here?.key && typed !== '') return { parent: here.path.slice(0, -1), span, typing: typed + after };
  if (indent === 0) return { parent: [], span, typing: typed + after };
  const text = source.text;
  for (let l = line - 1; l >= 1; l--) {
    const from = lines[l - 1] ?? 0;
    const to = lines[l] === undefined ? text.length : (lines[l] ?? 0) - 1;
    const content = text.slice(from, to);
    if (content.trim() === '' || content.trim().startsWith('#')) continue;
    const lead = /^(\s*)(-\s+)?/.exec(content);
    const own = lead?.[1]?.length ?? 0;
    const inner = own + (lead?.[2]?.length ?? 0);
    if (inner === indent && lead?.[2] !== undefined) {
      // `- key: value` with the cursor under `key`: a sibling in the same list item.
      const node = positions.nodeAt(l, inner + 1);
      return node?.key ? { parent: node.path.slice(0, -1), span, typing: typed + after } : undefined;
    }
    if (own >= indent) continue;
    const node = positions.nodeAt(l, inner + 1);
    return node?.key ? { parent: node.path, span, typing: typed + after } : undefined;
  }
  return { parent: [], span, typing: typed + after };
}
