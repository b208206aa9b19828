import { brotliDecompress, gunzip, inflate, type InputType, type ZlibOptions } from 'node:zlib';

/**
 * A request body's content codings (`Content-Encoding`, RFC 9110 §8.4) undone: gzip, deflate and
 * br, by node:zlib, the decoded size bounded (a small body can inflate to gigabytes). A coding the
 * mock does not know is refused (415, as RFC 9110 says a server does) rather than read as it is: a
 * gzipped JSON body read as JSON was a "400 expected JSON", and a plain body labelled `br` was
 * taken.
 */

/** What undoing a body's codings gives. */
export type Decoded = { bytes: Uint8Array } | { unsupported: string } | { broken: string } | { tooLarge: number };

const DECODERS: Record<string, (buffer: InputType, options: ZlibOptions, done: (error: Error | null, result: Buffer) => void) => void> = {
  gzip: gunzip,
  'x-gzip': gunzip,
  deflate: inflate,
  br: brotliDecompress,
};

/** The codings named, in the order they were applied (`gzip, br`: gzip first). */
const codingsOf = (header: string) =>
  header
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');

/** The body with its codings undone, at most `max` bytes once decoded. */
export async function decodeBody(bytes: Uint8Array, header: string | undefined, max: number): Promise<Decoded> {
  const codings = header === undefined ? [] : codingsOf(header);
  const unknown = codings.find((c) => !Object.hasOwn(DECODERS, c));
  if (unknown !== undefined) return { unsupported: unknown };
  let out = bytes;
  for (const coding of [...codings].reverse()) {
    const decoder = DECODERS[coding];
    if (!decoder) return { unsupported: coding };
    try {
      out = await new Promise<Uint8Array>((done, fail) => decoder(out, { maxOutputLength: max }, (error, result) => (error ? fail(error) : done(new Uint8Array(result.buffer, result.byteOffset, result.byteLength)))));
    } catch (error) {
      if (error instanceof RangeError || (error instanceof Error && 'code' in error && error.code === 'ERR_BUFFER_TOO_LARGE')) return { tooLarge: max };
      return { broken: coding };
    }
  }
  return { bytes: out };
}
