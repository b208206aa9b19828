import { YAMLError } from 'yaml';
import type { ZodType } from 'zod';
import { compareDiagnostics, compareStrings, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { areaDef, isAreaKey } from '../model/areas/index.ts';
import { AREA_KEYS, isObj, type AreaKey, type Obj } from '../model/facet-def.ts';
import { AREA_FILE, CONFIG_FILE, type Area, type Item, type Spec, type SpecConfig } from '../model/spec.ts';
import { configSchema } from '../schema/config.ts';
import { ID } from '../schema/facet.ts';
import { decode } from './decode.ts';
import { MAX_DEPTH, shapeProblem } from './depth.ts';
import type { SpecFile } from './read-dir.ts';
import { SourceFile } from './source.ts';
import { didYouMean } from './suggest.ts';
import { issuesToDiagnostics } from './zod-issues.ts';

/** The result of loading: the spec as far as it could be read, and everything wrong with it. */
export interface LoadResult {
  spec: Spec;
  diagnostics: Diagnostic[];
}

const YAML_EXT = /\.ya?ml$/;

/** Files larger than this are refused: one item per file never needs more. */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;

/** What reading one file produced; reused while the file's bytes stay the same. */
interface ParsedFile {
  bytes: Uint8Array;
  source?: SourceFile;
  data?: Obj;
  valid: boolean;
  diagnostics: Diagnostic[];
}

/** Parsed files by path, kept between loads (by `npm run dev`) so an edit re-parses one file. */
export type ParseCache = Map<string, ParsedFile>;

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && Buffer.compare(a, b) === 0;

/** Reads, parses and validates one file against the schema its place calls for. */
function parseFile(file: SpecFile, place: { area: AreaKey; item?: string } | { config: true }, cache?: ParseCache): ParsedFile {
  const cached = cache?.get(file.path);
  if (cached && sameBytes(cached.bytes, file.bytes)) return cached;
  const diagnostics: Diagnostic[] = [];
  const source = readSource(file, diagnostics);
  const data = source ? readData(source, diagnostics) : undefined;
  const schema = 'config' in place ? configSchema : place.item === undefined ? areaDef(place.area).schema : areaDef(place.area).items?.schema;
  const valid = data !== undefined && source !== undefined && schema !== undefined && validate(schema, data, source, diagnostics);
  const parsed: ParsedFile = { bytes: file.bytes, ...(source ? { source } : {}), ...(data ? { data } : {}), valid, diagnostics };
  cache?.set(file.path, parsed);
  return parsed;
}

/** Loads a spec from its files: parse, validate, locate. Never throws on bad content. */
export function loadSpec(files: readonly SpecFile[], cache?: ParseCache): LoadResult {
  const diagnostics: Diagnostic[] = [];
  const sources = new Map<string, SourceFile>();
  const areas = new Map<AreaKey, Area>(
    AREA_KEYS.map((key) => [key, { key, file: `${key}/${AREA_FILE}`, present: false, data: {}, valid: true, items: [] }]),
  );
  const seenIds = new Map<string, string>();
  let config: SpecConfig = { checks: {} };

  for (const file of files) {
    const place = classify(file.path);
    if ('ignore' in place) continue;
    if ('problem' in place) {
      diagnostics.push({ code: place.code, severity: place.severity, message: place.problem, file: file.path, line: 1, column: 1 });
      continue;
    }
    const parsed = parseFile(file, place, cache);
    diagnostics.push(...parsed.diagnostics);
    if (parsed.source) sources.set(file.path, parsed.source);
    const data = parsed.data;
    if (data === undefined) continue;
    if ('config' in place) {
      if (parsed.valid) {
        const { checks = {}, edit_url } = configSchema.parse(data);
        config = { file: file.path, checks, ...(edit_url ? { editUrl: edit_url } : {}) };
      }
      continue;
    }
    const area = areas.get(place.area);
    if (!area) continue;
    if (place.item === undefined) {
      Object.assign(area, { present: true, data, valid: parsed.valid });
      continue;
    }
    const clash = claimId(seenIds, place.area, place.item, file.path);
    if (clash) {
      diagnostics.push(clash);
      continue;
    }
    area.items.push({ area: place.area, id: place.item, file: file.path, data, valid: parsed.valid } satisfies Item);
  }
  for (const area of areas.values()) area.items.sort((a, b) => compareStrings(a.id, b.id));
  if (cache) {
    const present = new Set(files.map((f) => f.path));
    for (const path of cache.keys()) if (!present.has(path)) cache.delete(path);
  }
  return { spec: { areas: [...areas.values()], sources, config }, diagnostics: diagnostics.sort(compareDiagnostics) };
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

function readSource({ path, bytes }: SpecFile, diagnostics: Diagnostic[]): SourceFile | undefined {
  if (bytes.length > MAX_FILE_BYTES) {
    const mb = (bytes.length / 1024 / 1024).toFixed(1);
    diagnostics.push({ code: 'file-too-large', severity: 'error', message: `The file is ${mb} MB; content files are at most ${MAX_FILE_BYTES / 1024 / 1024} MB. Split it into one file per item.`, file: path, line: 1, column: 1 });
    return undefined;
  }
  const { text, diagnostic } = decode(path, bytes);
  if (diagnostic) diagnostics.push(diagnostic);
  return text === undefined ? undefined : new SourceFile(path, text);
}

type Place =
  | { area: AreaKey; item?: string }
  | { config: true }
  | { ignore: true }
  | { problem: string; code: string; severity: 'error' | 'warning' };

/** Files that may sit in a spec folder without being content. */
const QUIET = /(^|\/)(\.gitkeep|\.gitignore|\.DS_Store|[^/]*\.md)$/;

function classify(path: string): Place {
  if (path === CONFIG_FILE) return { config: true };
  const parts = path.split('/');
  const folder = parts[0] ?? '';
  if (!YAML_EXT.test(path)) {
    if (QUIET.test(path) || parts.length === 1 || !isAreaKey(folder)) return { ignore: true };
    return { code: 'ignored-file', severity: 'warning', problem: `\`${path}\` is not a YAML file and is not read; content files end in \`.yaml\`.` };
  }
  const misplaced = (problem: string): Place => ({ code: 'misplaced-file', severity: 'error', problem });
  if (parts.length !== 2) {
    return misplaced(`\`${path}\` is not in an area folder; content files go in \`<area>/<id>.yaml\` with <area> one of ${AREA_KEYS.join(', ')}.`);
  }
  if (!isAreaKey(folder)) return misplaced(`\`${folder}\` is not an area${didYouMean(folder, AREA_KEYS) || '.'} Areas: ${AREA_KEYS.join(', ')}.`);
  const name = parts[1] ?? '';
  if (name === AREA_FILE) return { area: folder };
  const id = name.replace(YAML_EXT, '');
  if (!areaDef(folder).items) return misplaced(`The ${folder} area has no items; its facets go in \`${folder}/${AREA_FILE}\`.`);
  if (!ID.test(id)) return misplaced(`\`${id}\` is not a valid item id: use letters, digits, \`_\`, \`.\` and \`-\`, starting with a letter or digit.`);
  return { area: folder, item: id };
}

/** YAML errors and warnings become diagnostics; returns the data when the file parsed. */
function readData(source: SourceFile, diagnostics: Diagnostic[]): Obj | undefined {
  const { doc } = source;
  for (const [list, severity] of [[doc.errors, 'error'], [doc.warnings, 'warning']] as const) {
    for (const e of list) diagnostics.push(yamlDiagnostic(source, e, severity));
  }
  if (doc.errors.length > 0) return undefined;
  const shape = shapeProblem(doc.contents);
  if (shape) {
    diagnostics.push({ code: shape.code, severity: 'error', message: shape.message, ...source.spanOf(shape.offset) });
    return undefined;
  }
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
  return data;
}

function yamlDiagnostic(source: SourceFile, e: YAMLError, severity: 'error' | 'warning'): Diagnostic {
  // The parser survives its own stack overflow on absurd nesting and reports it as an error.
  if (/call stack/i.test(e.message)) {
    return { code: 'too-deep', severity, message: `Nesting too deep to read; content is never nested more than ${MAX_DEPTH} levels. Flatten it.`, ...source.spanOf(e.pos[0], e.pos[1]) };
  }
  const code = e.code === 'DUPLICATE_KEY' ? 'duplicate-key' : e.code === 'TAB_AS_INDENT' ? 'yaml-tab' : 'yaml-syntax';
  const message = e.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? e.code;
  const hint = code === 'duplicate-key' ? '; keep one of them' : code === 'yaml-tab' ? '; indent with spaces' : '';
  return { code, severity, message: `${message}${hint}.`, ...source.spanOf(e.pos[0], e.pos[1]) };
}

/** Validates one file's data; false when it has schema errors (they are reported). */
function validate(schema: ZodType, data: Obj, source: SourceFile, diagnostics: Diagnostic[]): boolean {
  const result = schema.safeParse(data);
  if (!result.success) diagnostics.push(...issuesToDiagnostics(result.error.issues, data, schema, source));
  return result.success;
}
