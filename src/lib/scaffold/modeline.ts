import { posix } from 'node:path';
import { classify } from '../load/classify.ts';
import { CONFIG_SCHEMA_FILE, SCHEMA_DIR, schemaFile } from '../render/json-schema.ts';

const PREFIX = '# yaml-language-server: $schema=';

/**
 * The comment that tells the YAML language server which schema a content file follows.
 * `fileFromRoot` is the content file's path from the repository root; `schema` a file of the
 * folder of JSON Schemas, `schemaDir` from the repository root (this repository's own `src/schemas`,
 * or the installed package's, `node_modules/specbench/src/schemas`).
 */
export function modeline(fileFromRoot: string, schema: string, schemaDir: string = SCHEMA_DIR): string {
  const target = posix.relative(posix.dirname(fileFromRoot), `${schemaDir}/${schema}`);
  return `${PREFIX}${target}`;
}

/** The text with its modeline set (added as the first line, or replaced). */
export function withModeline(text: string, line: string): string {
  const lines = text.split('\n');
  if (lines[0]?.startsWith(PREFIX)) lines[0] = line;
  else lines.unshift(line);
  return lines.join('\n');
}

/** The JSON Schema file a path of the spec folder follows, when it is a content file (by the loader's own classification). */
export function schemaForPath(path: string): string | undefined {
  const place = classify(path);
  if ('config' in place) return CONFIG_SCHEMA_FILE;
  if ('area' in place) return schemaFile(place.area, place.item === undefined ? 'area' : 'item');
  return undefined;
}
