/**
 * Readers of the string literals of Go, Java and C# samples, which no interpreter here runs: each
 * reads a sample as its compiler would read its literals (escapes, raw strings, Java's Unicode
 * escapes read before anything else) and returns the values they hold, in order, and the
 * sample's skeleton: its code with every literal written `§` (`LITERAL`). A value that broke out of its
 * literal would show in the skeleton, whose lines the tests hold to a fixed set of shapes.
 */
export type Read = { skeleton: string; literals: string[] };

/** What stands for a literal in a skeleton: a character no sample's code holds outside its literals. */
export const LITERAL = '§';

const fail = (lang: string, what: string, code: string, at: number): never => {
  throw new Error(`${lang}: ${what} at ${at}: ${JSON.stringify(code.slice(Math.max(0, at - 30), at + 30))}`);
};

/** Bytes as UTF-8 text; bytes that are not fail. */
const utf8 = (bytes: number[]) => new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(new Uint8Array(bytes));
const bytesOf = (text: string) => [...new TextEncoder().encode(text)];

/** A code point from hex digits; a surrogate or one past Unicode fails. */
const codePoint = (lang: string, hex: string, code: string, at: number): string => {
  const n = Number.parseInt(hex, 16);
  if (!/^[0-9A-Fa-f]+$/.test(hex) || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) fail(lang, `bad escape \\u${hex}`, code, at);
  return String.fromCodePoint(n);
};

/** Go: interpreted strings (`"…"`, bytes, decoded as UTF-8 at the end) and raw strings (`` `…` ``, carriage returns dropped). */
export function readGo(code: string): Read {
  const literals: string[] = [];
  let skeleton = '';
  let i = 0;
  const simple: Record<string, number> = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, '\\': 92, '"': 34 };
  while (i < code.length) {
    const c = code[i] ?? '';
    if (c === '`') {
      const end = code.indexOf('`', i + 1);
      if (end < 0) fail('Go', 'unclosed raw string', code, i);
      literals.push(code.slice(i + 1, end).replace(/\r/g, ''));
      skeleton += LITERAL;
      i = end + 1;
    } else if (c === '"') {
      const bytes: number[] = [];
      let j = i + 1;
      for (;;) {
        const d = code[j];
        if (d === undefined || d === '\n') fail('Go', 'unclosed string', code, i);
        if (d === '"') break;
        if (d !== '\\') {
          const cp = code.codePointAt(j) ?? 0;
          const ch = String.fromCodePoint(cp);
          bytes.push(...bytesOf(ch));
          j += ch.length;
          continue;
        }
        const e = code[j + 1] ?? '';
        if (e in simple) {
          bytes.push(simple[e] ?? 0);
          j += 2;
        } else if (e === 'x') {
          const hex = code.slice(j + 2, j + 4);
          if (!/^[0-9A-Fa-f]{2}$/.test(hex)) fail('Go', 'bad \\x escape', code, j);
          bytes.push(Number.parseInt(hex, 16));
          j += 4;
        } else if (/[0-7]/.test(e)) {
          const oct = code.slice(j + 1, j + 4);
          if (!/^[0-7]{3}$/.test(oct) || Number.parseInt(oct, 8) > 255) fail('Go', 'bad octal escape', code, j);
          bytes.push(Number.parseInt(oct, 8));
          j += 4;
        } else if (e === 'u' || e === 'U') {
          const len = e === 'u' ? 4 : 8;
          bytes.push(...bytesOf(codePoint('Go', code.slice(j + 2, j + 2 + len), code, j)));
          j += 2 + len;
        } else fail('Go', `unknown escape \\${e}`, code, j);
      }
      literals.push(utf8(bytes));
      skeleton += LITERAL;
      i = j + 1;
    } else if (c === "'") fail('Go', 'a rune literal', code, i);
    else {
      skeleton += c;
      i++;
    }
  }
  return { skeleton, literals };
}

/** Java's first step: `\uXXXX` (any number of `u`) read as the character, where the backslash follows an even number of backslashes. */
function javaUnicode(code: string): string {
  let out = '';
  let slashes = 0;
  for (let i = 0; i < code.length; ) {
    const c = code[i] ?? '';
    if (c === '\\' && slashes % 2 === 0 && code[i + 1] === 'u') {
      let j = i + 1;
      while (code[j] === 'u') j++;
      const hex = code.slice(j, j + 4);
      if (!/^[0-9A-Fa-f]{4}$/.test(hex)) fail('Java', 'bad unicode escape', code, i);
      out += String.fromCharCode(Number.parseInt(hex, 16));
      i = j + 4;
      // A backslash made by an escape does not count towards the next one.
      slashes = 0;
      continue;
    }
    slashes = c === '\\' ? slashes + 1 : 0;
    out += c;
    i++;
  }
  return out;
}

/** Java: string literals after the Unicode step; octal escapes, `\s`; a line break inside one fails; text blocks and char literals are not expected. */
export function readJava(source: string): Read {
  const code = javaUnicode(source);
  const literals: string[] = [];
  let skeleton = '';
  const simple: Record<string, string> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', s: ' ', '"': '"', "'": "'", '\\': '\\' };
  let i = 0;
  while (i < code.length) {
    const c = code[i] ?? '';
    if (c === '"') {
      if (code.startsWith('"""', i)) fail('Java', 'a text block', code, i);
      let value = '';
      let j = i + 1;
      for (;;) {
        const d = code[j];
        if (d === undefined || d === '\n' || d === '\r') fail('Java', 'unclosed string', code, i);
        if (d === '"') break;
        if (d !== '\\') {
          value += d;
          j++;
          continue;
        }
        const e = code[j + 1] ?? '';
        const octal = /^(?:[0-3][0-7]{0,2}|[4-7][0-7]?)/.exec(code.slice(j + 1, j + 4))?.[0];
        if (e in simple) {
          value += simple[e] ?? '';
          j += 2;
        } else if (octal !== undefined) {
          value += String.fromCharCode(Number.parseInt(octal, 8));
          j += 1 + octal.length;
        } else fail('Java', `unknown escape \\${e}`, code, j);
      }
      literals.push(value);
      skeleton += LITERAL;
      i = j + 1;
    } else if (c === "'") fail('Java', 'a char literal', code, i);
    else {
      skeleton += c;
      i++;
    }
  }
  return { skeleton, literals };
}

/** C#: regular strings (a new-line character inside one fails) and raw strings (`"""` and more, their lines less the closing line's indentation). */
export function readCsharp(code: string): Read {
  const literals: string[] = [];
  let skeleton = '';
  const simple: Record<string, string> = { "'": "'", '"': '"', '\\': '\\', '0': '\0', a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };
  let i = 0;
  while (i < code.length) {
    const c = code[i] ?? '';
    if (c === '"' && code.startsWith('"""', i)) {
      let n = 0;
      while (code[i + n] === '"') n++;
      const open = i + n;
      if (code[open] !== '\n') fail('C#', 'a raw string not followed by a line break', code, i);
      const close = new RegExp(`\\n([ \\t]*)${'"'.repeat(n)}(?!")`, 'g');
      close.lastIndex = open;
      const m = close.exec(code);
      if (!m) fail('C#', 'unclosed raw string', code, i);
      const found = m as RegExpExecArray;
      const indent = found[1] ?? '';
      const lines = code.slice(open + 1, found.index).split('\n');
      if (lines.some((l) => l.trim() !== '' && !l.startsWith(indent))) fail('C#', 'a raw string line less indented than its closing quotes', code, i);
      if (lines.some((l) => l.includes('"'.repeat(n)))) fail('C#', 'a raw string holding its own quotes', code, i);
      literals.push(lines.map((l) => l.slice(indent.length)).join('\n'));
      skeleton += LITERAL;
      i = found.index + found[0].length;
    } else if (c === '"') {
      let value = '';
      let j = i + 1;
      for (;;) {
        const d = code[j];
        if (d === undefined || /[\n\r\u0085\u2028\u2029]/.test(d)) fail('C#', 'unclosed string', code, i);
        if (d === '"') break;
        if (d !== '\\') {
          value += d;
          j++;
          continue;
        }
        const e = code[j + 1] ?? '';
        if (e in simple) {
          value += simple[e] ?? '';
          j += 2;
        } else if (e === 'u' || e === 'U') {
          const len = e === 'u' ? 4 : 8;
          const hex = code.slice(j + 2, j + 2 + len);
          if (!/^[0-9A-Fa-f]+$/.test(hex) || hex.length !== len) fail('C#', 'bad unicode escape', code, j);
          value += e === 'u' ? String.fromCharCode(Number.parseInt(hex, 16)) : codePoint('C#', hex, code, j);
          j += 2 + len;
        } else if (e === 'x') {
          const hex = /^[0-9A-Fa-f]{1,4}/.exec(code.slice(j + 2))?.[0];
          if (!hex) fail('C#', 'bad \\x escape', code, j);
          value += String.fromCharCode(Number.parseInt(hex ?? '0', 16));
          j += 2 + (hex ?? '').length;
        } else fail('C#', `unknown escape \\${e}`, code, j);
      }
      literals.push(value);
      skeleton += LITERAL;
      i = j + 1;
    } else if (c === "'" || ((c === '@' || c === '$') && code[i + 1] === '"')) fail('C#', 'a char, verbatim or interpolated literal', code, i);
    else {
      skeleton += c;
      i++;
    }
  }
  return { skeleton, literals };
}
