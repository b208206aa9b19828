import { YAMLError } from 'yaml';
import type { ZodType } from 'zod';
import { compareDiagnostics, compareStrings, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { AREA_KEYS, areaModule, type AreaKey } from '../areas/index.ts';
import { isObj, type Obj } from '../facet/state.ts';
import { configSchema } from '../model/config.ts';
import { AREA_FILE, type Area, type Item, type Spec, type SpecConfig, type Status } from '../model/spec.ts';
import { classify } from './classify.ts';
import { decode } from './decode.ts';
import { MAX_FILE_BYTES, type SpecFile } from './read-dir.ts';
import { MAX_DEPTH, shapeProblems } from './shape.ts';
import { quoteHint } from './slip-hints.ts';
import { SourceFile } from './source.ts';
import { issuesToDiagnostics } from './zod-issues.ts';

/** The result of loading: the spec as far as it could be read, and everything wrong with it. */
export interface LoadResult {
  spec: Spec;
  diagnostics: Diagnostic[];
}

/** What reading one file produced; reused while the file's bytes stay the same. */
interface ParsedFile {
  bytes: Uint8Array;
  source?: SourceFile;
  /** The data that passed its schema: all of it, or the part left after setting aside what failed. */
  data?: Obj;
  /** Whether the whole file passed; undefined when nothing could be read. */
  status?: Status;
  diagnostics: Diagnostic[];
}

/** Parsed files by path, kept between loads (by `npm run dev`) so an edit re-parses one file. */
export type ParseCache = Map<string, ParsedFile>;

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && Buffer.compare(a, b) === 0;

/** Reads, parses and validates one file against the schema its place calls for. */
function parseFile(path: string, bytes: Uint8Array, schema: ZodType, cache?: ParseCache): ParsedFile {
  const cached = cache?.get(path);
  if (cached && sameBytes(cached.bytes, bytes)) return cached;
  const diagnostics: Diagnostic[] = [];
  const source = readSource(path, bytes, diagnostics);
  const read = source ? readData(source, diagnostics) : undefined;
  const checked = source && read ? validate(schema, read.data, source, diagnostics) : undefined;
  const status: Status | undefined = !checked?.data ? undefined : checked.valid && read?.clean ? 'valid' : 'partial';
  const parsed: ParsedFile = { bytes, ...(source ? { source } : {}), ...(checked?.data ? { data: checked.data } : {}), ...(status ? { status } : {}), diagnostics };
  cache?.set(path, parsed);
  return parsed;
}

/** Loads a spec from its files: parse, validate, locate. Never throws on bad content. */
export function loadSpec(files: readonly SpecFile[], cache?: ParseCache): LoadResult {
  const diagnostics: Diagnostic[] = [];
  const sources = new Map<string, SourceFile>();
  const areas = new Map<AreaKey, Area>(
    AREA_KEYS.map((key) => [key, { key, file: `${key}/${AREA_FILE}`, present: false, data: {}, status: 'valid', items: [], unreadable: [] }]),
  );
  const seenIds = new Map<string, string>();
  let config: SpecConfig = { checks: new Map(), require: [] };

  for (const file of files) {
    const located = { file: file.path, line: 1, column: 1 };
    if (file.problem) {
      diagnostics.push({ code: file.problem.code, severity: file.problem.severity, message: file.problem.message, ...located });
      // An item file that is there but cannot be read is still an item: references to it and its inventory say so.
      const at = classify(file.path);
      if ('area' in at && at.item !== undefined) areas.get(at.area)?.unreadable.push({ id: at.item, file: file.path });
      continue;
    }
    const place = classify(file.path);
    if ('ignore' in place) continue;
    if ('problem' in place) {
      diagnostics.push({ code: place.code, severity: place.severity, message: place.problem, ...located });
      continue;
    }
    if (!file.bytes) continue;
    const schema = 'config' in place ? configSchema : place.item === undefined ? areaModule(place.area).schema : areaModule(place.area).items?.schema;
    if (!schema) continue;
    const parsed = parseFile(file.path, file.bytes, schema, cache);
    for (const d of parsed.diagnostics) diagnostics.push(d); // one at a time: a file may have 400,000
    if (parsed.source) sources.set(file.path, parsed.source);
    if ('config' in place) {
      config = readConfig(file.path, parsed.data ?? {});
      continue;
    }
    const area = areas.get(place.area);
    if (!area) continue;
    if (place.item === undefined) {
      Object.assign(area, { present: true, data: parsed.data ?? {}, status: parsed.status ?? 'partial' });
      continue;
    }
    const clash = claimId(seenIds, place.area, place.item, file.path);
    if (clash) {
      diagnostics.push(clash);
      continue;
    }
    // A file that could not be read is still there: references to it say that it has errors.
    if (!parsed.data || !parsed.status) area.unreadable.push({ id: place.item, file: file.path });
    // The data passed the item schema of its area, so it has that schema's type.
    else area.items.push({ area: place.area, id: place.item, file: file.path, data: parsed.data, status: parsed.status } as Item);
  }
  for (const area of areas.values()) {
    area.items.sort((a, b) => compareStrings(a.id, b.id));
    area.unreadable.sort((a, b) => compareStrings(a.id, b.id));
  }
  if (cache) {
    const present = new Set(files.map((f) => f.path));
    for (const path of cache.keys()) if (!present.has(path)) cache.delete(path);
  }
  return { spec: { areas: [...areas.values()], sources, config }, diagnostics: diagnostics.sort(compareDiagnostics) };
}

/** The settings, read from the file's own keys (a Map, so no name can reach a prototype). */
function readConfig(file: string, data: Obj): SpecConfig {
  const checks = new Map<string, 'error' | 'warning' | 'hint' | 'off'>();
  const raw = isObj(data.checks) ? data.checks : {};
  for (const code of Object.keys(raw)) {
    const severity = raw[code];
    if (severity === 'error' || severity === 'warning' || severity === 'hint' || severity === 'off') checks.set(code, severity);
  }
  const require = Array.isArray(data.require) ? data.require.filter((r): r is string => typeof r === 'string') : [];
  const levels = configSchema.shape.levels.safeParse(data.levels);
  return { file, checks, require, ...(typeof data.edit_url === 'string' ? { editUrl: data.edit_url } : {}), ...(levels.success && levels.data ? { levels: levels.data } : {}) };
}

/** Ids must differ in more than letter case: they become file names and URLs on any system. */
function claimId(seen: Map<string, string>, area: AreaKey, id: string, path: string): Diagnostic | undefined {
  const key = `${area}/${id.toLowerCase()}`;
  const first = seen.get(key);
  if (first === undefined) {
    seen.set(key, path);
    return undefined;
  }
  return {
    code: 'duplicate-id',
    severity: 'error',
    message: `Item id \`${id}\` is already used by \`${first}\` (ids must differ in more than letter case); rename one file.`,
    file: path,
    line: 1,
    column: 1,
    related: [{ file: first, line: 1, column: 1, message: 'first defined here' }],
  };
}

function readSource(path: string, bytes: Uint8Array, diagnostics: Diagnostic[]): SourceFile | undefined {
  if (bytes.length > MAX_FILE_BYTES) {
    const mb = (bytes.length / 1024 / 1024).toFixed(1);
    diagnostics.push({ code: 'file-too-large', severity: 'error', message: `The file is ${mb} MB; content files are at most ${MAX_FILE_BYTES / 1024 / 1024} MB. Split it into one file per item.`, file: path, line: 1, column: 1 });
    return undefined;
  }
  const { text, diagnostic } = decode(path, bytes);
  if (diagnostic) diagnostics.push(diagnostic);
  // A lone CR ends a line in YAML (and in old Mac files); one character for one keeps every offset.
  return text === undefined ? undefined : new SourceFile(path, text.replace(/\r(?!\n)/g, '\n'));
}

/**
 * YAML errors and warnings become diagnostics; returns the data when the file could be read.
 * `clean` is false when the file has problems that still let it be read (duplicate keys, a
 * reserved name), so the rest of it is still validated and checked in the same run.
 */
function readData(source: SourceFile, diagnostics: Diagnostic[]): { data: Obj; clean: boolean } | undefined {
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
    diagnostics.push({ code: 'empty-file', severity: 'error', message: 'The file is empty; write its facets (see README), or `{}` to state nothing yet.', ...source.locate([]) });
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
  for (const d of issuesToDiagnostics(result.error.issues, data, schema, source)) diagnostics.push(d);
  const failing = new Set<string>();
  for (const issue of result.error.issues) {
    if (issue.path.length > 0) failing.add(String(issue.path[0]));
    else if (issue.code === 'unrecognized_keys') for (const key of issue.keys) failing.add(key);
    else return { valid: false };
  }
  const rest = Object.fromEntries(Object.entries(data).filter(([key]) => !failing.has(key)));
  return schema.safeParse(rest).success ? { valid: false, data: rest } : { valid: false };
}
