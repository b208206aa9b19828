import { RE2JS } from 're2js';

/**
 * A pattern as RE2 (`re2js`, linear in the text: no pattern can backtrack without end) runs it,
 * where RE2 reads it as JavaScript does: `\uXXXX` written as RE2's `\x{XXXX}`, and none of the
 * forms whose meaning differs between the two (`.`, `\s` and `\S` take in more characters in
 * JavaScript; lookaround and back-references RE2 refuses). Undefined for any other pattern.
 */
export function linearPattern(pattern: string): RE2JS | undefined {
  if (/(?<!\\)(?:\\\\)*(?:\.|\\[sS])/.test(pattern)) return undefined;
  const written = pattern.replace(/(?<!\\)((?:\\\\)*)\\u(?:\{([0-9a-fA-F]+)\}|([0-9a-fA-F]{4}))/g, (_, slashes: string, braced?: string, four?: string) => `${slashes}\\x{${braced ?? four}}`);
  try {
    return RE2JS.compile(written);
  } catch {
    return undefined;
  }
}
