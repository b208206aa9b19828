/**
 * String literals of the eight sample languages: every value a code sample shows goes through
 * its language's writer here, so that the literal reads back as exactly the value and nothing in
 * it runs. Each writer escapes its language's quote, its escape character and whatever starts
 * interpolation (`$` in PHP, `#` in Ruby), and writes as escapes the characters a reader cannot
 * see or that end a line: controls, line and paragraph separators, bidirectional and zero-width
 * marks, unpaired surrogates. Printable text, non-ASCII included, is written as it is.
 *
 * A shell argument cannot hold a NUL, nor Go, Ruby or PHP source an unpaired surrogate: the
 * samples' wrapper hands no such text to those writers (a form value or a text body holding one
 * becomes a placeholder; JSON text writes them as `\u` escapes, and PHP sends such JSON as text).
 */

/** A character a sample writes as an escape: C0 and C1 controls, DEL, invisible and line-breaking marks, unpaired surrogates. */
const ESCAPED = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const ESCAPED_ALL = new RegExp(ESCAPED.source, 'g');

/** Whether a string holds a character the writers escape. */
export const hasEscaped = (text: string): boolean => ESCAPED.test(text);

/** Whether a string holds an unpaired surrogate, which no UTF-8 text can carry. */
export const hasLoneSurrogate = (text: string): boolean => /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

/** A UTF-16 code unit as four hex digits. */
const hex4 = (c: string) => c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');

/** The short escapes most languages share. */
const SHORT: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * A writer of a double- or single-quoted literal: `specials` maps the characters that need a
 * backslash (the quote, the backslash, interpolation marks), `escape` writes an escaped character.
 */
function literal(quote: string, specials: string, escape: (c: string) => string): (text: string) => string {
  const special = new RegExp(`[${specials.replace(/[\\\]^-]/g, '\\$&')}]`, 'g');
  return (text) => `${quote}${text.replace(special, (c) => `\\${c}`).replace(ESCAPED_ALL, (c) => SHORT[c] ?? escape(c))}${quote}`;
}

/** JavaScript: a single-quoted string; `\uXXXX` per UTF-16 unit. */
export const jsString = literal("'", "'\\", (c) => `\\u${hex4(c)}`);

/** A JavaScript object key: bare where it is an identifier; `__proto__` computed, since a literal key of that name sets the prototype. */
export const jsKey = (key: string): string => (key === '__proto__' ? `[${jsString(key)}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? key : jsString(key));

/** Python: a double-quoted `str`; `\xHH` below U+0100, else `\uXXXX`. */
export const pyString = literal('"', '"\\', (c) => (c.charCodeAt(0) < 0x100 ? `\\x${hex4(c).slice(2)}` : `\\u${hex4(c)}`));

/** Go: an interpreted string literal; `\uXXXX` (never `\x`, which is a byte, not a character). */
export const goString = literal('"', '"\\', (c) => `\\u${hex4(c)}`);

/**
 * Java: a string literal. Java reads `\uXXXX` before it reads the program, so one that stands
 * for a line break or a quote would end the literal: characters below U+0100 are written as
 * octal escapes, which only a string reads; the others as `\uXXXX`.
 */
export const javaString = literal('"', '"\\', (c) => (c.charCodeAt(0) < 0x100 ? `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}` : `\\u${hex4(c)}`));

/** C#: a regular string literal; `\uXXXX` (never `\x`, whose length varies). */
export const csString = literal('"', '"\\', (c) => `\\u${hex4(c)}`);

/** Ruby: a double-quoted string, `#` escaped so that no `#{…}`, `#@` or `#$` interpolates; `\uXXXX`. */
export const rubyString = literal('"', '"\\#', (c) => `\\u${hex4(c)}`);

/**
 * PHP: single-quoted (no interpolation at all, a line break as it is) unless the text needs
 * another escape; then double-quoted, `$` escaped, `\u{XXXX}`.
 */
const phpDouble = literal('"', '"\\$', (c) => `\\u{${hex4(c)}}`);
export const phpString = (text: string): string => (hasEscaped(text.replace(/\n/g, '')) ? phpDouble(text) : `'${text.replace(/['\\]/g, '\\$&')}'`);

/** The bytes of a character as bash's `\xHH` escapes. */
const shellBytes = (c: string) => [...new TextEncoder().encode(c)].map((b) => `\\x${b.toString(16).padStart(2, '0')}`).join('');

/**
 * A shell word: single-quoted (`'` written `'\''`), where nothing is read but the closing quote;
 * a value with a character to escape (a line break is shown as it is) is written `$'…'`, with
 * `\xHH` bytes, `\'` as `\x27` so that an interactive shell's history expansion sees one quoted word.
 */
export function shellString(text: string): string {
  if (!hasEscaped(text.replace(/\n/g, ''))) return `'${text.replace(/'/g, "'\\''")}'`;
  return `$'${text.replace(/[\\']/g, (c) => (c === '\\' ? '\\\\' : '\\x27')).replace(ESCAPED_ALL, (c) => SHORT[c] ?? shellBytes(c))}'`;
}

/** A shell word left bare where it holds only characters no shell reads (a plain URL), else quoted. */
export const shellWord = (text: string): string => (/^[A-Za-z0-9._~:/%@+,=-]+$/.test(text) ? text : shellString(text));

/**
 * JSON text, indented, with the characters the writers escape written as JSON's `\uXXXX`: the
 * same data, all of it visible. (`JSON.stringify` escapes C0 controls in strings, so a line break
 * left is the indentation's.)
 */
export const jsonText = (value: unknown): string => (JSON.stringify(value, null, 2) ?? 'null').replace(ESCAPED_ALL, (c) => (c === '\n' ? c : `\\u${hex4(c).toLowerCase()}`));

/**
 * Text as a comment line of every sample language (`#` or `//`, to the end of the line): printable
 * ASCII only, anything else (a line break, a line separator that ends a JavaScript line, a
 * backslash that starts a Java `\u` escape even in a comment) written as its code point `U+XXXX`,
 * and PHP's `?>` (which ends the code even in a comment) broken.
 */
export const commentText = (text: string): string =>
  [...text].map((c) => (/^[\x20-\x7e]$/.test(c) && c !== '\\' ? c : `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`)).join('').replace(/\?>/g, '?U+003E');
