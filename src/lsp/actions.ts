import { isMap, isNode, isPair, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import { CodeActionKind, type CodeAction, type Range, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver/node';
import { isGap, offsetOf, pageOf, type Diagnostic, type FacetResult, type FilePositions, type Workspace } from '../lib/index.ts';
import { toLspDiagnostic, toRange } from './convert.ts';

/** What the actions need besides the workspace: where files are, and how `specbench new` would write one. */
export interface ActionContext {
  uriOf(file: string): string;
  /** The text `specbench new` writes for a file of the spec folder; undefined when it writes none. */
  newFile(file: string): string | undefined;
}

/** The reason a facet stated as none is given until its author writes one: the words `check`'s own hints use. */
export const NONE_REASON = 'why there is none';

/**
 * The quick fixes for the diagnostics of a range, each made from the hint `check` gives in its
 * message and only where applying it is mechanical: a name it suggests (`did you mean`), the
 * text it says to write (`write \`key: value\``, `quote it: \`key: value\``), the file it says to
 * add (`Add \`area/id.yaml\``, written as `specbench new` writes it). Then, for each open facet
 * in the range, "state it as none" with a reason to fill in. Nothing is offered that a message
 * does not say.
 */
export function codeActions(workspace: Workspace, positions: FilePositions, range: Range, ctx: ActionContext): CodeAction[] {
  const file = positions.file;
  const lines = { from: range.start.line + 1, to: range.end.line + 1 };
  // Each action offered is checked by reading the file as fixed: a range of thousands of lines (a whole hostile file) is answered for its first places only.
  const diagnostics = workspace.analysis.diagnostics.filter((d) => d.file === file && (d.endLine ?? d.line) >= lines.from && d.line <= lines.to).slice(0, MAX_CHECKED);
  const actions: CodeAction[] = [];
  const uri = ctx.uriOf(file);
  let errorsNow: number | undefined;
  // A fix that edits this file is offered only where the file, fixed, reads with fewer YAML errors than now, or none.
  // A fix of a YAML error leaves no YAML error on the diagnostic's line (the hint may have named the wrong key).
  const reads = (fix: Fix, d: Diagnostic): boolean => {
    const edits = fix.edit.changes?.[uri];
    if (!edits || edits.length !== 1 || !edits[0]) return true;
    errorsNow ??= yamlErrors(positions.source.text).length;
    const after = yamlErrors(applied(positions.source.text, edits[0]));
    if (d.code === 'yaml-syntax' && after.some((line) => line === d.line)) return false;
    return after.length === 0 || after.length < errorsNow;
  };
  for (const d of diagnostics) {
    for (const fix of fixesOf(d, positions, ctx)) if (reads(fix, d)) actions.push({ ...fix, kind: CodeActionKind.QuickFix, diagnostics: [toLspDiagnostic(d, ctx.uriOf)], isPreferred: fix.isPreferred ?? false });
  }
  const page = pageOf(file);
  const facets = page === undefined ? [] : (workspace.analysis.facetsOf(page)?.facets ?? []);
  let stated = 0;
  for (const f of facets) {
    if (!isGap(f.state) || f.line === undefined || f.line < lines.from || f.line > lines.to) continue;
    if (++stated > MAX_CHECKED) break;
    const edit = noneEdit(positions, f);
    // Not a fix of a diagnostic but a statement the author makes: offered as a rewrite.
    if (edit) actions.push({ title: `State ${f.label} as none (give the reason)`, kind: CodeActionKind.RefactorRewrite, edit: { changes: { [ctx.uriOf(file)]: [edit] } } });
  }
  return actions;
}

type Fix = { title: string; edit: WorkspaceEdit; isPreferred?: boolean };

/** The diagnostics, and the open facets, of a range whose actions are worked out (each checked by reading the file as it would be). */
const MAX_CHECKED = 64;

function fixesOf(d: Diagnostic, positions: FilePositions, ctx: ActionContext): Fix[] {
  const uri = ctx.uriOf(d.file);
  const one = (title: string, edit: TextEdit, isPreferred = true): Fix => ({ title, edit: { changes: { [uri]: [edit] } }, isPreferred });
  const fixes: Fix[] = [];
  const meant = /; did you mean `([^`]+)`\?/.exec(d.message);
  if (meant?.[1] !== undefined) {
    const edit = replaceNamed(d, positions, meant[1], d.message.slice(0, meant.index));
    if (edit) fixes.push(one(`Change to \`${meant[1]}\``, edit));
  }
  const write = /(?:write|quote it:) `([^`]+?): ([^`]+)`/.exec(d.message);
  if (write?.[1] !== undefined && write[2] !== undefined && !write[2].includes('...')) {
    const edit = writePair(d, positions, write[1], write[2], write[0].startsWith('quote'));
    if (edit) fixes.push(one(`Write \`${write[1].split('.').pop() ?? write[1]}: ${write[2]}\``, edit));
  }
  const add = /\. Add `([a-z]+\/[^`/]+\.yaml)`/.exec(d.message);
  if (d.code === 'unresolved-reference' && add?.[1] !== undefined) {
    const text = ctx.newFile(add[1]);
    const target = ctx.uriOf(add[1]);
    if (text !== undefined) {
      fixes.push({
        title: `Create \`${add[1]}\` with every facet open`,
        edit: { documentChanges: [{ kind: 'create', uri: target, options: { ignoreIfExists: true } }, { textDocument: { uri: target, version: null }, edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: text }] }] },
        isPreferred: false,
      });
    }
  }
  return fixes;
}

/** The offsets of a diagnostic's span in its file's text. */
function offsets(d: Diagnostic, positions: FilePositions): { start: number; end: number } {
  const { source } = positions;
  return { start: offsetOf(source, d.line, d.column), end: offsetOf(source, d.endLine ?? d.line, d.endColumn ?? d.column) };
}

const PLAIN = /^[A-Za-z0-9_.\/:-]+$/;

/**
 * `did you mean \`x\``: the name the message quotes last before the suggestion that is written,
 * once, in the diagnostic's span (an unknown key, a reference, a link's id) becomes `x`.
 */
function replaceNamed(d: Diagnostic, positions: FilePositions, suggestion: string, before: string): TextEdit | undefined {
  const { start, end } = offsets(d, positions);
  const written = positions.source.text.slice(start, end);
  if (written === '') return undefined;
  const quoted = written.startsWith('"') || written.startsWith("'");
  if (!quoted && !PLAIN.test(suggestion)) return undefined;
  const names = [...before.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '').reverse();
  for (const name of names) {
    const at = written.indexOf(name);
    if (name === '' || at < 0 || written.indexOf(name, at + 1) >= 0) continue;
    const from = start + at;
    return { range: toRange(positions.source.spanOf(from, from + name.length)), newText: suggestion };
  }
  return undefined;
}

/**
 * `write \`key: value\``: the key's entry, from the key to the end of its value, becomes what the
 * message says. The key is found on the diagnostic's line just before it (a value that broke the
 * YAML, which has no parsed entry), else along the data path of the diagnostic (a dotted path in
 * the message names the entry at that path, written by its last key).
 */
function writePair(d: Diagnostic, positions: FilePositions, key: string, value: string, quoteIt: boolean): TextEdit | undefined {
  const { source } = positions;
  const { start, end } = offsets(d, positions);
  const lineStart = source.lines.lineStarts[d.line - 1] ?? 0;
  const before = source.text.slice(lineStart, start);
  const last = key.split('.').pop() ?? key;
  if (quoteIt) {
    // `{ open: Retail, or logistics? }`: the key is before the diagnostic on its line, the value ends where the stray key does.
    const at = before.lastIndexOf(`${key}:`);
    if (at < 0) return undefined;
    return { range: toRange(source.spanOf(lineStart + at, end)), newText: `${key}: ${value}` };
  }
  const onLine = /([^\s{},[\]]+):\s*$/.exec(before);
  if (onLine?.[1] === key && d.code === 'yaml-syntax') {
    const lineEnd = source.text.indexOf('\n', start);
    const stop = d.message.includes('inside `{ }`') ? end : lineEnd < 0 ? source.text.length : lineEnd;
    const kept = source.text.slice(lineStart + onLine.index, stop).replace(/\s+#.*$/, '').replace(/\s+$/, '');
    return { range: toRange(source.spanOf(lineStart + onLine.index, lineStart + onLine.index + kept.length)), newText: `${key}: ${value}` };
  }
  if (d.code === 'yaml-syntax') return undefined;
  const node = positions.nodeAt(d.line, d.column);
  if (!node) return undefined;
  const path = key.split('.');
  if (path.length > node.path.length || !path.every((p, i) => String(node.path[i]) === p)) return undefined;
  const pair = node.path.slice(0, path.length);
  if (last === 'parameters' && !groupable(positions, pair)) return undefined;
  const keySpan = source.locate(pair, true);
  const valueSpan = source.locate(pair);
  const from = offsetOf(source, keySpan.line, keySpan.column);
  const to = offsetOf(source, valueSpan.endLine ?? valueSpan.line, valueSpan.endColumn ?? valueSpan.column);
  // A block value's span ends after its last line break: the entry ends before it.
  const text = source.text.slice(from, to).replace(/\s+$/, '');
  return { range: toRange(source.spanOf(from, from + text.length)), newText: `${last}: ${value}` };
}

/** Whether parameters listed as OpenAPI lists them say no more than the grouped form the hint writes (their name, place, type and whether required). */
function groupable(positions: FilePositions, path: readonly (string | number)[]): boolean {
  let listed: unknown;
  try {
    listed = positions.source.doc.getIn(path, false);
    listed = (listed as { toJSON?: () => unknown } | undefined)?.toJSON?.() ?? listed;
  } catch {
    return false;
  }
  if (!Array.isArray(listed)) return false;
  const only = (value: unknown, keys: readonly string[]) => typeof value === 'object' && value !== null && Object.keys(value).every((k) => keys.includes(k));
  return listed.every((p: unknown) => only(p, ['name', 'in', 'required', 'schema', 'type']) && ((p as { schema?: unknown }).schema === undefined || only((p as { schema?: unknown }).schema, ['type'])));
}

/**
 * The edit that states an open facet as none: its value replaced, or (a facet whose value is not
 * read as one: not written, empty, malformed) the value of its key replaced where the key is
 * written, else its entry added to the mapping that owns it. Offered only when the file, edited,
 * still reads and holds the facet's key once, as `{ none: reason }`.
 */
function noneEdit(positions: FilePositions, f: FacetResult): TextEdit | undefined {
  const { source } = positions;
  const none = `{ none: "${NONE_REASON}" }`;
  let edit: TextEdit | undefined;
  let owner: readonly (string | number)[];
  let key: string | number;
  if (f.state === 'missing') {
    // A missing facet is placed at its owner; its key is the last segment of its id.
    const last = f.id.slice(f.id.lastIndexOf('/') + 1);
    const name = last.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return undefined;
    owner = f.at;
    key = name;
    edit = replaceValue(source, f.at, name, none) ?? addEntry(source, f.at, `${name}: ${none}`);
  } else {
    const last = f.at[f.at.length - 1];
    if (last === undefined) return undefined;
    owner = f.at.slice(0, -1);
    key = last;
    const value = source.locate(f.at);
    const from = offsetOf(source, value.line, value.column);
    const to = offsetOf(source, value.endLine ?? value.line, value.endColumn ?? value.column);
    const text = source.text.slice(from, to).replace(/\s+$/, '');
    if (text === '') return undefined;
    edit = { range: toRange(source.spanOf(from, from + text.length)), newText: none };
  }
  return edit && statesNone(source.text, edit, owner, key) ? edit : undefined;
}

/** The edit that puts `value` in place of what the key `key` of the mapping at `at` holds, where that key is written once: its value's text, or after its `:` when it has none. */
function replaceValue(source: FilePositions['source'], at: readonly (string | number)[], key: string | number, value: string): TextEdit | undefined {
  const node: unknown = at.length === 0 ? source.doc.contents : source.doc.getIn(at, true);
  if (!isMap(node)) return undefined;
  const pairs = node.items.filter((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(key));
  const pair = pairs[0];
  if (pairs.length !== 1 || !pair || !isNode(pair.key) || !pair.key.range) return undefined;
  const colon = source.text.indexOf(':', pair.key.range[1]);
  if (colon < 0 || source.text.slice(pair.key.range[1], colon).trim() !== '') return undefined;
  const range = isNode(pair.value) ? pair.value.range : undefined;
  if (range && range[1] > range[0]) {
    // A value on the lines below its key (a block mapping or list) is replaced from the `:`, unless a comment stands between.
    const from = source.text.slice(colon + 1, range[0]).trim() === '' ? colon + 1 : range[0];
    const to = source.text.slice(0, range[1]).replace(/\s+$/, '').length;
    return { range: toRange(source.spanOf(from, Math.max(from, to))), newText: from === colon + 1 ? ` ${value}` : value };
  }
  // No value written: after the key's `:`.
  return { range: toRange(source.spanOf(colon + 1)), newText: ` ${value}` };
}

/** Whether a text, edited, still parses with no more errors than before and holds the key once at its owner, as `{ none: reason }`. */
function statesNone(text: string, edit: TextEdit, owner: readonly (string | number)[], key: string | number): boolean {
  const after = parseDocument(applied(text, edit), YAML_READ);
  if (after.errors.length > yamlErrors(text).length) return false;
  const node: unknown = owner.length === 0 ? after.contents : after.getIn(owner, true);
  let value: unknown;
  if (isMap(node)) {
    const pairs = node.items.filter((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(key));
    value = pairs.length === 1 && isNode(pairs[0]?.value) ? pairs[0].value.toJSON() : undefined;
  } else if (isSeq(node) && typeof key === 'number') value = (node.items[key] as { toJSON?: () => unknown } | undefined)?.toJSON?.();
  return JSON.stringify(value) === JSON.stringify({ none: NONE_REASON });
}

/** The errors YAML finds in a text, read as the loader reads it: the 1-based line each starts on. */
const yamlErrors = (text: string): number[] => {
  const lines = new LineCounter();
  return parseDocument(text, { ...YAML_READ, lineCounter: lines }).errors.map((e) => lines.linePos(e.pos[0]).line);
};
const YAML_READ = { prettyErrors: false, uniqueKeys: false, strict: true } as const;

/** A text with one edit applied (LSP positions: lines split at `\n`, UTF-16 characters). */
export function applied(text: string, edit: TextEdit): string {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const at = (p: { line: number; character: number }) => (starts[p.line] ?? text.length) + p.character;
  return text.slice(0, at(edit.range.start)) + edit.newText + text.slice(at(edit.range.end));
}

/** An entry added to the mapping at a path: at the end of a flow mapping (`{ a: 1, entry }`), on a line of its own after a block mapping's last entry, at the end of the file for its top. */
function addEntry(source: FilePositions['source'], at: readonly (string | number)[], entry: string): TextEdit | undefined {
  const node: unknown = at.length === 0 ? source.doc.contents : source.doc.getIn(at, true);
  if (!isMap(node) || !node.range) return undefined;
  if (node.flow) {
    const close = source.text.lastIndexOf('}', node.range[1]);
    if (close < node.range[0]) return undefined;
    const inside = source.text.slice(node.range[0] + 1, close).trim();
    const before = source.text.slice(0, close).replace(/\s*$/, '').length;
    return { range: toRange(source.spanOf(before, close)), newText: `${inside === '' ? ' ' : ', '}${entry} ` };
  }
  const last = node.items[node.items.length - 1];
  const key = isPair(last) && isNode(last.key) ? last.key.range : undefined;
  if (!key) return undefined;
  const lineStart = source.text.lastIndexOf('\n', key[0] - 1) + 1;
  const indent = source.text.slice(lineStart, key[0]);
  if (indent.trim() !== '') return undefined;
  const valueEnd = isPair(last) && isNode(last.value) && last.value.range ? last.value.range[1] : key[1];
  const end = source.text.slice(0, valueEnd).replace(/\s*$/, '').length;
  return { range: toRange(source.spanOf(end)), newText: `\n${indent}${entry}` };
}
