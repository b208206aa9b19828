import { YAMLError } from 'yaml';
import type { ZodType } from 'zod';
import { compareDiagnostics, compareStrings, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { AREAS, isAreaKey } from '../model/areas/index.ts';
import { AREA_KEYS, isObj, type AreaKey, type Obj } from '../model/facet-def.ts';
import { AREA_FILE, type Area, type Item, type Spec } from '../model/spec.ts';
import { ID } from '../schema/facet.ts';
import { decode } from './decode.ts';
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

/** Loads a spec from its files: parse, validate, locate. Never throws on bad content. */
export function loadSpec(files: readonly SpecFile[]): LoadResult {
  const diagnostics: Diagnostic[] = [];
  const sources = new Map<string, SourceFile>();
  const areas = new Map<AreaKey, Area>(
    AREA_KEYS.map((key) => [key, { key, file: `${key}/${AREA_FILE}`, present: false, data: {}, items: [] }]),
  );
  const seenIds = new Map<string, string>();

  for (const { path, bytes } of files) {
    if (!YAML_EXT.test(path)) continue;
    const place = classify(path);
    if ('problem' in place) {
      diagnostics.push({ code: 'misplaced-file', severity: 'error', message: place.problem, file: path, line: 1, column: 1 });
      continue;
    }
    const { text, diagnostic } = decode(path, bytes);
    if (diagnostic || text === undefined) {
      if (diagnostic) diagnostics.push(diagnostic);
      continue;
    }
    const source = new SourceFile(path, text);
    sources.set(path, source);
    const data = readData(source, diagnostics);
    const area = areas.get(place.area);
    if (!area || data === undefined) continue;
    const def = AREAS.find((a) => a.key === place.area);
    if (place.item === undefined) {
      area.present = true;
      area.data = data;
      if (def) validate(def.schema, data, source, diagnostics);
      continue;
    }
    const key = `${place.area}/${place.item.toLowerCase()}`;
    const clash = seenIds.get(key);
    if (clash) {
      diagnostics.push({
        code: 'duplicate-id',
        severity: 'error',
        message: `Item id \`${place.item}\` is already used by \`${clash}\` (ids must differ in more than letter case); rename one file.`,
        file: path,
        line: 1,
        column: 1,
        related: [{ file: clash, line: 1, column: 1, message: 'first defined here' }],
      });
      continue;
    }
    seenIds.set(key, path);
    if (def?.items) validate(def.items.schema, data, source, diagnostics);
    area.items.push({ area: place.area, id: place.item, file: path, data } satisfies Item);
  }
  for (const area of areas.values()) area.items.sort((a, b) => compareStrings(a.id, b.id));
  return { spec: { areas: [...areas.values()], sources }, diagnostics: diagnostics.sort(compareDiagnostics) };
}

type Place = { area: AreaKey; item?: string } | { problem: string };

function classify(path: string): Place {
  const parts = path.split('/');
  const folder = parts[0] ?? '';
  if (parts.length !== 2) {
    return { problem: `\`${path}\` is not in an area folder; content files go in \`<area>/<id>.yaml\` with <area> one of ${AREA_KEYS.join(', ')}.` };
  }
  if (!isAreaKey(folder)) return { problem: `\`${folder}\` is not an area${didYouMean(folder, AREA_KEYS)} Areas: ${AREA_KEYS.join(', ')}.` };
  const name = parts[1] ?? '';
  if (name === AREA_FILE) return { area: folder };
  const id = name.replace(YAML_EXT, '');
  const def = AREAS.find((a) => a.key === folder);
  if (!def?.items) return { problem: `The ${folder} area has no items; its facets go in \`${folder}/${AREA_FILE}\`.` };
  if (!ID.test(id)) return { problem: `\`${id}\` is not a valid item id: use letters, digits, \`_\`, \`.\` and \`-\`, starting with a letter or digit.` };
  return { area: folder, item: id };
}

/** YAML errors and warnings become diagnostics; returns the data when the file parsed. */
function readData(source: SourceFile, diagnostics: Diagnostic[]): Obj | undefined {
  const { doc } = source;
  for (const [list, severity] of [[doc.errors, 'error'], [doc.warnings, 'warning']] as const) {
    for (const e of list) diagnostics.push(yamlDiagnostic(source, e, severity));
  }
  if (doc.errors.length > 0) return undefined;
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
  const code = e.code === 'DUPLICATE_KEY' ? 'duplicate-key' : e.code === 'TAB_AS_INDENT' ? 'yaml-tab' : 'yaml-syntax';
  const message = e.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? e.code;
  const hint = code === 'duplicate-key' ? '; keep one of them' : code === 'yaml-tab' ? '; indent with spaces' : '';
  return { code, severity, message: `${message}${hint}.`, ...source.spanOf(e.pos[0], e.pos[1]) };
}

function validate(schema: ZodType, data: Obj, source: SourceFile, diagnostics: Diagnostic[]): void {
  const result = schema.safeParse(data);
  if (!result.success) diagnostics.push(...issuesToDiagnostics(result.error.issues, data, schema, source));
}
