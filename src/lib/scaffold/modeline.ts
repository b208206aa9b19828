import { posix } from 'node:path';
import { SCHEMA_DIR } from '../schema/json-schema.ts';

const PREFIX = '# yaml-language-server: $schema=';

/**
 * The comment that tells the YAML language server which schema a content file follows.
 * `fileFromRoot` is the content file's path from the repository root; `schema` a file of SCHEMA_DIR.
 */
export function modeline(fileFromRoot: string, schema: string): string {
  const target = posix.relative(posix.dirname(fileFromRoot), `${SCHEMA_DIR}/${schema}`);
  return `${PREFIX}${target}`;
}

/** The text with its modeline set (added as the first line, or replaced). */
export function withModeline(text: string, line: string): string {
  const lines = text.split('\n');
  if (lines[0]?.startsWith(PREFIX)) lines[0] = line;
  else lines.unshift(line);
  return lines.join('\n');
}
