import { isMap, isScalar, type YAMLError } from 'yaml';
import type { Path } from '../facet/path.ts';
import type { SourceFile } from './source.ts';

/** A value as YAML writes it in double quotes. */
const quoted = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** The longest value a hint repeats; past it, the hint says what to do without showing it. */
const SHOWN = 120;

/**
 * What to write instead, for a YAML error that an unquoted `: ` in a value causes: `purpose:
 * Orders: create, track` (a mapping where none may start) or `{ open: Which one: A or B? }` (a
 * mapping inside braces). The value is shown quoted, as it should be written.
 */
export function quoteHint(text: string, e: YAMLError): string | undefined {
  if (e.code !== 'BLOCK_AS_IMPLICIT_KEY' && e.code !== 'BLOCK_IN_FLOW') return undefined;
  const start = e.pos[0];
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = text.indexOf('\n', start);
  const end = e.code === 'BLOCK_IN_FLOW' ? e.pos[1] : lineEnd < 0 ? text.length : lineEnd;
  const value = text.slice(start, end).replace(/\s+#.*$/, '').trim();
  const key = /([^\s{},[\]]+):\s*$/.exec(text.slice(lineStart, start))?.[1];
  if (!value.includes(': ') || value.length > SHOWN || key === undefined) return undefined;
  const where = e.code === 'BLOCK_IN_FLOW' ? ' (inside `{ }` a `,` ends it too)' : '';
  return `; a value with \`: \` in it must be quoted${where}: write \`${key}: ${quoted(value)}\``;
}

/**
 * What to write instead, for an unknown key that an unquoted `,` inside braces makes: in `{ open:
 * Retail, or logistics? }` the comma ends the question, and `or logistics?` becomes a key of its
 * own, written without a value. The hint shows the value before it quoted with the rest.
 */
export function commaHint(source: SourceFile, path: Path, key: string): string | undefined {
  const map = source.doc.getIn(path, true);
  if (!isMap(map) || !map.flow) return undefined;
  const index = map.items.findIndex((p) => isScalar(p.key) && String(p.key.value) === key);
  const pair = map.items[index];
  const before = map.items[index - 1];
  if (!pair || pair.value !== null || !before || !isScalar(before.key) || !isScalar(before.value) || typeof before.value.value !== 'string') return undefined;
  const value = `${before.value.value}, ${key}`;
  if (value.length > SHOWN) return undefined;
  return `A \`,\` inside \`{ }\` ends a value: if \`${key}\` belongs to \`${String(before.key.value)}\`, quote it: \`${String(before.key.value)}: ${quoted(value)}\`.`;
}
