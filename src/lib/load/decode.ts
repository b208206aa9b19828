import type { Diagnostic } from '../diagnostics/diagnostic.ts';

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** Decodes UTF-8 (dropping a BOM); bytes that are not UTF-8 give a located diagnostic. */
export function decode(file: string, bytes: Uint8Array): { text?: string; diagnostic?: Diagnostic } {
  try {
    return { text: decoder.decode(bytes) };
  } catch {
    let line = 1;
    let column = 1;
    const bad = firstInvalidOffset(bytes);
    for (let i = 0; i < bad; i++) {
      if (bytes[i] === 0x0a) {
        line++;
        column = 1;
      } else if ((bytes[i] ?? 0) < 0x80 || (bytes[i] ?? 0) >= 0xc0) column++;
    }
    return {
      diagnostic: {
        code: 'not-utf8',
        severity: 'error',
        message: `The file is not UTF-8 text (byte 0x${(bytes[bad] ?? 0).toString(16)} at offset ${bad}); save it as UTF-8.`,
        file,
        line,
        column,
      },
    };
  }
}

function firstInvalidOffset(bytes: Uint8Array): number {
  for (let end = 1; end <= bytes.length; end++) {
    try {
      decoder.decode(bytes.subarray(0, end), { stream: true });
    } catch {
      return end - 1;
    }
  }
  return Math.max(0, bytes.length - 1);
}
