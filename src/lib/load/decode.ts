import type { Diagnostic } from '../diagnostics/diagnostic.ts';

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false });
const encoder = new TextEncoder();

/** Decodes UTF-8 (dropping a BOM); bytes that are not UTF-8 give a diagnostic at the first bad one. */
export function decode(file: string, bytes: Uint8Array): { text?: string; diagnostic?: Diagnostic } {
  try {
    return { text: strict.decode(bytes) };
  } catch {
    // The lenient decoder marks the first bad sequence with U+FFFD; what precedes it is valid text.
    const text = lenient.decode(bytes);
    const index = text.indexOf('\uFFFD');
    const before = text.slice(0, Math.max(0, index));
    const lines = before.split('\n');
    const offset = encoder.encode(before).length + (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0);
    return {
      diagnostic: {
        code: 'not-utf8',
        severity: 'error',
        message: `The file is not UTF-8 text (byte 0x${(bytes[offset] ?? 0).toString(16)} at byte offset ${offset}); save it as UTF-8.`,
        file,
        line: lines.length,
        column: (lines[lines.length - 1]?.length ?? 0) + 1,
      },
    };
  }
}
