import { YAMLError } from 'yaml';
import type { ZodType } from 'zod';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { isObj, type Obj } from '../facet/state.ts';
import type { Status } from '../model/spec.ts';
import { decode } from './decode.ts';
import { MAX_FILE_BYTES } from './read-dir.ts';
import { MAX_DEPTH, shapeProblems } from './shape.ts';
import { readValues, valuePlaces, type Places } from './read-values.ts';
import { passes } from './schema-pass.ts';
import { quoteHint } from './slip-hints.ts';
import { SourceFile } from './source.ts';
import { issuesToDiagnostics } from './zod-issues.ts';

/** What reading one content file gives on its own: its data, whether it is whole, and what is wrong with it. */
export interface ParsedFile {
  /** The parsed text with positions; kept while the file is in memory, never stored. */
  source?: SourceFile;
  /** The data that passed its schema: all of it, or the part left after setting aside what failed. */
  data?: Obj;
  /** Whether the whole file passed; undefined when nothing could be read. */
  status?: Status;
  diagnostics: Diagnostic[];
}

/** The text of a file's bytes as the loader reads it, or why it cannot be read. */
export function sourceText(path: string, bytes: Uint8Array, diagnostics: Diagnostic[]): string | undefined {
  if (bytes.length > MAX_FILE_BYTES) {
    const mb = (bytes.length / 1024 / 1024).toFixed(1);
    diagnostics.push({ code: 'file-too-large', severity: 'error', message: `The file is ${mb} MB; content files are at most ${MAX_FILE_BYTES / 1024 / 1024} MB. Split it into one file per item.`, file: path, line: 1, column: 1 });
    return undefined;
  }
  const { text, diagnostic } = decode(path, bytes);
  if (diagnostic) diagnostics.push(diagnostic);
  // A lone CR ends a line in YAML (and in old Mac files); one character for one keeps every offset.
  return text !== undefined && text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text;
}

/** The parsed text of a file, for locating what is said about it; undefined when it is no text. */
export function sourceOf(path: string, bytes: Uint8Array): SourceFile | undefined {
  const text = sourceText(path, bytes, []);
  return text === undefined ? undefined : new SourceFile(path, text);
}

/** Where the nodes of a file read on the fast path are written, from js-yaml (`valuePlaces`); undefined when it is no text or js-yaml cannot say. */
export function placesOf(path: string, bytes: Uint8Array): Places | undefined {
  const text = sourceText(path, bytes, []);
  return text === undefined ? undefined : valuePlaces(text);
}

/**
 * Reads, parses and validates one file against the schema its place calls for. Never throws on bad
 * content. A file that is whole and valid is read on the fast path (its values only, `readValues`);
 * any other, or every file when `positional` is set, is read with positions, which locate what
 * it reports. Both give the same answer for the same bytes (`test/lib/load/read-values.test.ts`).
 */
export function parseFile(path: string, bytes: Uint8Array, schema: ZodType, positional = false): ParsedFile {
  return (positional ? undefined : parseFast(path, bytes, schema)) ?? parsePositional(path, bytes, schema);
}

/** A file read on the fast path: its data when it is whole and valid; undefined for anything that may need saying. */
function parseFast(path: string, bytes: Uint8Array, schema: ZodType): ParsedFile | undefined {
  const diagnostics: Diagnostic[] = [];
  const text = sourceText(path, bytes, diagnostics);
  const data = text === undefined || diagnostics.length > 0 ? undefined : readValues(text);
  return data && passes(schema, data) ? { data, status: 'valid', diagnostics } : undefined;
}

/** A file read with positions, its every problem located. */
function parsePositional(path: string, bytes: Uint8Array, schema: ZodType): ParsedFile {
  const diagnostics: Diagnostic[] = [];
  const text = sourceText(path, bytes, diagnostics);
  const source = text === undefined ? undefined : new SourceFile(path, text);
  const read = source ? readSource(source, diagnostics) : undefined;
  const checked = source && read ? validate(schema, read.data, source, diagnostics) : undefined;
  const status: Status | undefined = !checked?.data ? undefined : checked.valid && read?.clean ? 'valid' : 'partial';
  return { ...(source ? { source } : {}), ...(checked?.data ? { data: checked.data } : {}), ...(status ? { status } : {}), diagnostics };
}

/**
 * YAML errors and warnings become diagnostics; returns the data when the file could be read.
 * `clean` is false when the file has problems that still let it be read (duplicate keys, a
 * reserved name), so the rest of it is still validated and checked in the same run.
 */
export function readSource(source: SourceFile, diagnostics: Diagnostic[]): { data: Obj; clean: boolean } | undefined {
  const { doc } = source;
  for (const [list, severity] of [[doc.errors, 'error'], [doc.warnings, 'warning']] as const) {
    // Unknown tags are reported once, with every other tag, by the shape walk below.
    for (const e of list) if (e.code !== 'TAG_RESOLVE_FAILED') diagnostics.push(yamlDiagnostic(source, e, severity));
  }
  // A duplicate key leaves the document whole; every other YAML error leaves it unreadable.
  if (doc.errors.some((e) => e.code !== 'DUPLICATE_KEY')) return undefined;
  const shape = shapeProblems(doc.contents, source.text);
  for (const p of shape) diagnostics.push({ code: p.code, severity: 'error', message: p.message, ...source.spanOf(p.offset, p.end) });
  if (shape.some((p) => p.fatal)) return undefined;
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    diagnostics.push({
      code: 'yaml-alias',
      severity: 'error',
      message: `${error instanceof Error ? error.message : String(error)}; write the values out instead of expanding aliases this much.`,
      ...source.locate([]),
    });
    return undefined;
  }
  if (data === null || data === undefined) {
    diagnostics.push({ code: 'empty-file', severity: 'error', message: 'The file is empty; write its facets (see the guide, Writing this spec), or `{}` to state nothing yet.', ...source.locate([]) });
    return undefined;
  }
  if (!isObj(data)) {
    diagnostics.push({ code: 'wrong-type', severity: 'error', message: 'A content file holds a mapping of keys to values at the top level.', ...source.locate([]) });
    return undefined;
  }
  return { data, clean: doc.errors.length === 0 && shape.length === 0 };
}

function yamlDiagnostic(source: SourceFile, e: YAMLError, severity: 'error' | 'warning'): Diagnostic {
  const at = source.spanOf(e.pos[0], e.pos[1]);
  // The parser survives its own stack overflow on absurd nesting and reports it as an error.
  if (/call stack/i.test(e.message)) {
    return { code: 'too-deep', severity, message: `Nesting too deep to read; content is never nested more than ${MAX_DEPTH} levels. Flatten it.`, ...at };
  }
  if (e.code === 'MULTIPLE_DOCS') {
    return { code: 'yaml-syntax', severity, message: 'A second YAML document starts here (after `---`); a content file holds one. Move it into a file of its own, or remove the `---`.', ...at };
  }
  const code = e.code === 'DUPLICATE_KEY' ? 'duplicate-key' : e.code === 'TAB_AS_INDENT' ? 'yaml-tab' : 'yaml-syntax';
  const message = e.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? e.code;
  const hint = code === 'duplicate-key' ? '; keep one of them' : code === 'yaml-tab' ? '; indent with spaces' : (quoteHint(source.text, e) ?? '');
  return { code, severity, message: `${message}${hint}.`, ...at };
}

/**
 * Validates one file's data and reports every schema problem at once. When some keys fail, the
 * file's data becomes the keys that pass (if they make a valid file on their own), so the checks
 * still look at the rest of it in the same run rather than in a later one.
 */
function validate(schema: ZodType, data: Obj, source: SourceFile, diagnostics: Diagnostic[]): { valid: boolean; data?: Obj } {
  const result = schema.safeParse(data);
  if (result.success) return { valid: true, data };
  for (const d of issuesToDiagnostics(result.error.issues, data, schema, source)) diagnostics.push(d); // one at a time: a file may have 400,000
  const failing = new Set<string>();
  for (const issue of result.error.issues) {
    if (issue.path.length > 0) failing.add(String(issue.path[0]));
    else if (issue.code === 'unrecognized_keys') for (const key of issue.keys) failing.add(key);
    else return { valid: false };
  }
  const rest = Object.fromEntries(Object.entries(data).filter(([key]) => !failing.has(key)));
  return schema.safeParse(rest).success ? { valid: false, data: rest } : { valid: false };
}
