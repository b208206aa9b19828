import { ResponseError, ErrorCodes, type Location, type Range, type WorkspaceEdit, type TextDocumentEdit, type RenameFile } from 'vscode-languageserver/node';
import { contains, isAreaKey, sameTarget, type FilePositions, type Mention, type Target, type Workspace } from '../lib/index.ts';
import { toRange } from './convert.ts';

/** What is named at a place: the mention there, or what the place declares (a state's or a scope's key). */
export function targetAt(positions: FilePositions, line: number, column: number): { target: Target; mention?: Mention } | undefined {
  const mention = positions.mentionAt(line, column);
  if (mention) return { target: mention.target, mention };
  const declared = positions.declarations.find((d) => (d.target.kind === 'state' || d.target.kind === 'scope') && contains(d.span, line, column));
  return declared ? { target: declared.target } : undefined;
}

/** Where what is named at a place is declared: the item's file, the facet's key, the scope's or state's key. */
export function definition(workspace: Workspace, positions: FilePositions, line: number, column: number, uriOf: (file: string) => string): Location | null {
  const found = targetAt(positions, line, column);
  const at = found && workspace.declaration(found.target);
  return at ? { uri: uriOf(at.file), range: toRange(at) } : null;
}

/** Every place that names what is named at a place (the back-links the site lists), with its declaration when asked for. */
export function references(workspace: Workspace, positions: FilePositions, line: number, column: number, includeDeclaration: boolean, uriOf: (file: string) => string): Location[] {
  const found = targetAt(positions, line, column);
  if (!found) return [];
  const places = workspace
    .mentionsOf(found.target)
    .filter((m) => sameTarget(m.target, found.target))
    .map((m) => ({ uri: uriOf(m.span.file), range: toRange(m.span) }));
  const declared = includeDeclaration ? workspace.declaration(found.target) : undefined;
  return declared ? [{ uri: uriOf(declared.file), range: toRange(declared) }, ...places] : places;
}

/** The item a rename at a place would rename, and the range of its id there: only an item's id is renamed (with its file); refused with the reason where something else is named. */
export function prepareRename(workspace: Workspace, positions: FilePositions, line: number, column: number): { range: Range; placeholder: string } | ResponseError<void> | null {
  const found = workspace.renameTarget(positions.file, line, column);
  if (!found) return null;
  if ('refused' in found) return new ResponseError(ErrorCodes.InvalidRequest, found.refused);
  return { range: toRange(found.mention.item.span), placeholder: found.mention.item.id };
}

/**
 * Renames an item: its id in every mention of it (references, prose links, gap ids of its facets
 * in `blocked_by` and `[[gap:...]]`) and its file, as one workspace edit; the texts are edited
 * before the file is renamed, so an edit to the item's own file lands. Where the cursor is, what
 * is renamed and what is refused are exactly `prepareRename`'s answer; an id that is not valid,
 * a built-in type's name, or one the area already has, is refused with the reason.
 */
export function rename(workspace: Workspace, positions: FilePositions, line: number, column: number, newId: string, uriOf: (file: string) => string, versionOf: (file: string) => number | null): WorkspaceEdit | ResponseError<void> | null {
  const found = workspace.renameTarget(positions.file, line, column);
  if (!found) return null;
  if ('refused' in found) return new ResponseError(ErrorCodes.InvalidRequest, found.refused);
  const { item } = found.mention;
  if (!isAreaKey(item.area)) return null;
  const plan = workspace.planRename(item.area, item.id, newId);
  if ('refused' in plan) return new ResponseError(ErrorCodes.InvalidParams, plan.refused);
  if (newId === item.id) return null;
  const edits = new Map<string, Array<{ range: Range; newText: string }>>();
  for (const e of plan.edits) {
    const list = edits.get(e.span.file) ?? [];
    list.push({ range: toRange(e.span), newText: e.text });
    edits.set(e.span.file, list);
  }
  const texts: TextDocumentEdit[] = [...edits].sort(([a], [b]) => (a < b ? -1 : 1)).map(([f, list]) => ({ textDocument: { uri: uriOf(f), version: versionOf(f) }, edits: list }));
  const move: RenameFile = { kind: 'rename', oldUri: uriOf(plan.file), newUri: uriOf(plan.newFile) };
  return { documentChanges: [...texts, move] };
}
