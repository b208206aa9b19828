import { AREA_KEYS } from '../areas/index.ts';
import type { Path } from '../facet/path.ts';
import { stated } from '../facet/state.ts';
import type { Check } from './types.ts';

/**
 * The characters that reorder what is shown (overrides, embeddings, isolates): "Trojan Source".
 * Not the marks (U+200E, U+200F, U+061C), which only nudge neutral characters: right-to-left text needs them.
 */
const BIDI = /[\u202a-\u202e\u2066-\u2069]/u;

/**
 * In an endpoint's path, which a client sends and no reader needs right-to-left, the marks too, and
 * the line and paragraph separators: invisible there, and never typed by a client copying the path.
 */
const PATH_HIDDEN = /[\u061c\u200e\u200f\u2028\u2029]/u;

/** Whether any text of a value (keys too) holds one: most files hold none, and this walk makes no paths. */
function holdsBidi(value: unknown): boolean {
  if (typeof value === 'string') return BIDI.test(value);
  if (Array.isArray(value)) return value.some(holdsBidi);
  if (value !== null && typeof value === 'object') {
    for (const k in value) if (Object.hasOwn(value, k) && (BIDI.test(k) || holdsBidi((value as Record<string, unknown>)[k]))) return true;
  }
  return false;
}

/** Every text of a value, with where it is: keys of maps too (a field's name, an allowed value). */
function* texts(value: unknown, path: Path): Generator<{ text: string; path: Path; key: boolean }> {
  if (typeof value === 'string') yield { text: value, path, key: false };
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* texts(v, [...path, i]);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      yield { text: k, path: [...path, k], key: true };
      yield* texts(v, [...path, k]);
    }
  }
}

/**
 * A bidirectional control character in a spec's text (a description, an allowed value, a name):
 * pages, diffs and reviews show the text reordered, so a reader approves words the file does not
 * hold. Like GitHub's "hidden or bidirectional Unicode text" warning.
 */
export const bidiControl: Check = {
  code: 'bidi-control',
  description: 'Text holds a bidirectional control character (U+202E and its kin), which shows it reordered: a reader sees words the file does not hold.',
  severity: 'warning',
  example: 'description: "Totals are in \\u202Estnec\\u202C."',
  scope: 'file',
  run(ctx) {
    for (const key of AREA_KEYS) {
      const files = [...ctx.items(key).map((i) => ({ file: i.file, data: i.data as unknown })), ...((a) => (a ? [{ file: a.file, data: a.data as unknown }] : []))(ctx.areaFile(key))];
      for (const { file, data } of files) {
        if (!holdsBidi(data)) continue;
        for (const { text, path, key: isKey } of texts(data, [])) {
          const found = BIDI.exec(text);
          if (!found) continue;
          const code = `U+${(found[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
          ctx.report({ message: `Text holds the bidirectional control ${code}, which shows it reordered: readers and reviewers see words the file does not hold. Remove it.`, at: { file, path, ...(isKey ? { key: true } : {}) } });
        }
      }
    }
    for (const item of ctx.items('endpoints')) {
      const path = stated(item.data.path);
      const found = typeof path === 'string' ? PATH_HIDDEN.exec(path) : null;
      if (!found) continue;
      const code = `U+${(found[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
      ctx.report({ message: `The path holds ${code}, which no one sees: a client copying the path sends it without, and gets no answer. Remove it.`, at: { file: item.file, path: ['path'] } });
    }
  },
};
