import { RE2JS } from 're2js';

/** JavaScript's `\s`: its white space and line terminators, as the class contents RE2 reads. */
const JS_SPACE = String.raw`\t\n\x{0B}\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}`;
/** JavaScript's `.` without the `s` flag: anything but a line terminator. */
const JS_DOT = String.raw`[^\n\r\x{2028}\x{2029}]`;

/**
 * A pattern as RE2 (`re2js`, linear in the text: no pattern can backtrack without end) runs it,
 * where RE2 can read it as JavaScript does: `\uXXXX` written as RE2's `\x{XXXX}`, and the forms
 * whose meaning differs between the two spelt out as JavaScript means them (`.` takes in `\r` and
 * the Unicode line separators in RE2, not in JavaScript; JavaScript's `\s` takes in more than
 * RE2's). Undefined for any other pattern (lookaround and back-references RE2 refuses; a `\S`
 * inside a class, which no class of RE2 can spell). Spelt out, a pattern with `.` or `\s` is
 * judged in linear time too, the same on any machine: judged by JavaScript under a time limit, a
 * plain `^ab.c$` went unjudged on a busy one, and a page's example with it.
 */
export function linearPattern(pattern: string): RE2JS | undefined {
  const written = spelt(pattern);
  if (written === undefined) return undefined;
  try {
    return RE2JS.compile(written);
  } catch {
    return undefined;
  }
}

/** The pattern in RE2's words, or undefined where it has none for a form of it. */
function spelt(pattern: string): string | undefined {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i];
    if (c === '\\') {
      const next = pattern[i + 1];
      if (next === undefined) return undefined;
      if (next === 'u') {
        const braced = /^\{([0-9a-fA-F]+)\}/.exec(pattern.slice(i + 2));
        const four = /^[0-9a-fA-F]{4}/.exec(pattern.slice(i + 2));
        if (braced) {
          out += `\\x{${braced[1]}}`;
          i += 1 + braced[0].length;
          continue;
        }
        if (four) {
          out += `\\x{${four[0]}}`;
          i += 5;
          continue;
        }
      }
      if (next === 's') out += inClass ? JS_SPACE : `[${JS_SPACE}]`;
      else if (next === 'S') {
        if (inClass) return undefined;
        out += `[^${JS_SPACE}]`;
      } else out += c + next;
      i += 1;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      out += c;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      // A `]` or `^]` first in a class is a character in RE2 but ends an empty class in JavaScript: left to JavaScript.
      if (pattern[i + 1] === ']' || (pattern[i + 1] === '^' && pattern[i + 2] === ']')) return undefined;
      continue;
    }
    out += c === '.' ? JS_DOT : c;
  }
  return out;
}
