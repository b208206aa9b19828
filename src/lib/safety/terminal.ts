/**
 * Characters that must never reach a terminal or a log as themselves: C0 controls but tab and
 * newline, DEL, C1 controls, and the bidirectional overrides that reorder what is shown.
 */
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The Unicode control picture of a C0 control character (ESC is `␛`): one column wide, visible, inert. */
export function controlPicture(c: string): string {
  return String.fromCharCode(0x2400 + c.charCodeAt(0));
}

/**
 * Content made safe to print: a C0 control becomes its Unicode control picture (ESC is `␛`), one
 * column wide like the character it stands for, so code-frame carets stay aligned; others become
 * `<U+XXXX>`.
 */
export function escapeControls(text: string): string {
  return text.replace(UNSAFE, (c) => {
    const code = c.charCodeAt(0);
    if (code < 0x20) return controlPicture(c);
    if (code === 0x7f) return '\u2421';
    return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
  });
}


/** JSON text with every character `escapeControls` guards written as `\uXXXX`: the same data, safe to print. */
export function safeJson(value: unknown, indent = 2): string {
  return JSON.stringify(value, null, indent).replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * What a one-line message must not hold as itself either, beyond `UNSAFE`: the line and paragraph
 * separators (U+2028, U+2029, a line break to some terminals and editors) and the invisible
 * zero-width space and byte order mark (U+200B, U+FEFF: a name that looks like another).
 */
const INVISIBLE = /[\u200b\u2028\u2029\ufeff]/g;

/** A value quoted in a message: tabs and line breaks written as `\t`, `\n`, `\r`, other controls and invisible characters as symbols. */
export function visible(text: string): string {
  return escapeControls(text.replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')).replace(INVISIBLE, (c) => `<U+${c.charCodeAt(0).toString(16).toUpperCase()}>`);
}
