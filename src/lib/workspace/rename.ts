import { COMPOSITIONS, PRIMITIVE_TYPES } from '../areas/shape.ts';
import type { Span } from '../diagnostics/diagnostic.ts';
import type { AreaKey } from '../areas/index.ts';
import { analyzeFile } from '../engine/file-result.ts';
import { ID } from '../facet/values.ts';
import { areaOf, findItem } from '../model/spec.ts';
import type { Positioned } from './back-links.ts';
import { mentionsOf } from './back-links.ts';
import { contains, fileOfPage, type FilePositions, type Mention } from './positions.ts';
import { written } from './suggest.ts';
import { offsetOf } from './yaml-at.ts';

/** What a rename at a place would rename: the mention whose item id is under the cursor, or why there is none to rename. */
export type RenameTarget = { mention: Mention & { item: NonNullable<Mention['item']> } } | { refused: string };

/** One text edit of a rename: a span of a file and what is written there. */
export interface RenameEdit {
  span: Span;
  text: string;
}

/** A rename worked out: the edits of every file, and the file renamed. */
export type RenamePlan = { edits: RenameEdit[]; file: string; newFile: string } | { refused: string };

const BUILT_IN: ReadonlySet<string> = new Set([...PRIMITIVE_TYPES, ...COMPOSITIONS]);

/**
 * What a rename at a 1-based line and column renames: an item's id where a reference, a prose
 * link (`[[area/id]]`, `[[gap:area/id/...]]`) or a gap id names it, with the cursor on the id
 * itself. Undefined where nothing is named; refused (with the reason) where something is named
 * but cannot be renamed from there. The one answer both steps of a rename (prepare and do) give.
 */
export function renameTargetAt(positions: FilePositions, line: number, column: number): RenameTarget | undefined {
  const mention = positions.mentionAt(line, column);
  if (!mention) return undefined;
  const item = mention.item;
  if (!item || !contains(item.span, line, column)) {
    if (mention.target.kind === 'item' || item) return { refused: 'Only an item\'s id can be renamed: put the cursor on the id.' };
    return { refused: 'Only an item can be renamed (with its id everywhere it is named and its file).' };
  }
  if (!mention.resolves && mention.target.kind === 'item') return { refused: `The spec has no \`${item.area}/${item.id}\` to rename.` };
  return { mention: { ...mention, item } };
}

/**
 * The edits that rename an item: its id in every mention of it (references, prose links, gap ids
 * of its facets in `blocked_by` and `[[gap:...]]`), written so that YAML reads the new id where
 * it stands alone as a value (`'1.0'`), and its file. Refused, with the reason, for an id that is
 * not valid, that is a built-in type's name, that the area already has (in any case: file names),
 * or when a mention of the item cannot be placed in its text (it would be left naming nothing).
 */
export function planRename(ws: Positioned, area: AreaKey, id: string, newId: string): RenamePlan {
  if (!ID.test(newId)) return { refused: `\`${newId}\` is not a valid item id: use letters, digits, \`_\`, \`.\` and \`-\`, starting with a letter or digit.` };
  if (BUILT_IN.has(newId)) return { refused: `\`${newId}\` is a built-in type's name: where a type is written it would name the built-in type, not the item. Pick another id.` };
  const spec = ws.analysis.spec;
  const file = fileOfPage(spec, `${area}/${id}`);
  if (file === undefined || !findItem(spec, area, id)) return { refused: `The spec has no \`${area}/${id}\` to rename.` };
  const lower = newId.toLowerCase();
  const taken =
    areaOf(spec, area).items.some((i) => i.id !== id && i.id.toLowerCase() === lower) ||
    areaOf(spec, area).unreadable.some((u) => u.id.toLowerCase() === lower) ||
    ws.files.some((f) => f.path !== file && new RegExp(`^${area}/[^/]+\\.ya?ml$`, 'i').test(f.path) && f.path.slice(area.length + 1).replace(/\.ya?ml$/i, '').toLowerCase() === lower);
  if (taken) return { refused: `The ${area} area already has \`${newId}\`; pick another id.` };
  const edits: RenameEdit[] = [];
  for (const m of mentionsOf(ws, { kind: 'item', area, id })) {
    if (!m.item) return { refused: `A mention of \`${area}/${id}\` in \`${m.span.file}\` (line ${m.span.line}) cannot be placed in its text, so it would be left naming nothing; rename it by hand.` };
    if (m.item.area !== area || m.item.id !== id) continue;
    const positions = ws.positions(m.span.file);
    const text = positions ? valueText(positions, m) : undefined;
    const alone = text === id;
    const newText = alone ? written(newId, undefined) : newId;
    if (newText === undefined) return { refused: `\`${newId}\` cannot be written in \`${m.span.file}\`.` };
    edits.push({ span: m.item.span, text: newText });
  }
  if (id === newId) return { edits: [], file, newFile: file };
  const newFile = file.replace(/[^/]+(\.ya?ml)$/, `${newId}$1`);
  const refused = newErrors(ws, edits, file, newFile);
  return refused ? { refused } : { edits, file, newFile };
}

const encoder = new TextEncoder();

/**
 * Why the edits may not be made: each file edited (the renamed one under its new name) is read
 * alone, as `check` reads it, before and after; an error the edit would add (the new id cannot
 * stand where the item is named: a type must start with a letter) refuses the rename.
 */
function newErrors(ws: Positioned, edits: readonly RenameEdit[], file: string, newFile: string): string | undefined {
  const byFile = new Map<string, RenameEdit[]>();
  for (const e of edits) byFile.set(e.span.file, [...(byFile.get(e.span.file) ?? []), e]);
  if (!byFile.has(file)) byFile.set(file, []);
  const errors = (path: string, text: string) =>
    analyzeFile(path, encoder.encode(text), 'rename', { require: [] }).result.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.message}`);
  for (const [path, list] of byFile) {
    const positions = ws.positions(path);
    if (!positions) continue;
    const { source } = positions;
    let text = source.text;
    const at = (line: number, column: number) => offsetOf(source, line, column);
    for (const e of [...list].sort((a, b) => at(b.span.line, b.span.column) - at(a.span.line, a.span.column))) {
      text = text.slice(0, at(e.span.line, e.span.column)) + e.text + text.slice(at(e.span.endLine ?? e.span.line, e.span.endColumn ?? e.span.column));
    }
    const before = new Set(errors(path, source.text));
    const added = errors(path === file ? newFile : path, text).find((e) => !before.has(e));
    if (added !== undefined) return `Renamed, \`${path === file ? newFile : path}\` would not read: ${added.slice(added.indexOf(' ') + 1)} Pick another id.`;
  }
  return undefined;
}

/** The text of a reference's whole value, when the mention is a reference (undefined for a link or a gap id, which stand inside a longer text). */
function valueText(positions: FilePositions, m: Mention): string | undefined {
  if (m.form !== 'reference') return undefined;
  const { source } = positions;
  return source.text.slice(offsetOf(source, m.span.line, m.span.column), offsetOf(source, m.span.endLine ?? m.span.line, m.span.endColumn ?? m.span.column));
}
