import { Buffer } from 'node:buffer';

/**
 * What a form body would cost to read, told from its bytes before it is read. Read, a field costs
 * some 80 bytes (a name sent again) to 400 (a new name: a key of the object the shape is checked
 * against, and a list), a multipart part more (its headers, an entry of `FormData`): 16 MB of
 * `a&a&…`, eight million fields, took the process to 930 MB, of new names to 1.37 GB, and 370,000
 * parts to 480 MB, one body at a time.
 */

/** The most fields a form body (`application/x-www-form-urlencoded`) may have. */
export const MAX_FORM_FIELDS = 400_000;

/** The most parts a `multipart/form-data` body may have. */
export const MAX_PARTS = 200_000;

/** The fields of a URL-encoded form, counted as `URLSearchParams` splits them (at `&`), at most `most + 1` counted. */
export function formFields(bytes: Uint8Array, most: number): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let count = 1;
  for (let at = buffer.indexOf(0x26); at >= 0 && count <= most; at = buffer.indexOf(0x26, at + 1)) count++;
  return count;
}

/**
 * The parts of a `multipart/form-data` body: its delimiters (`--` and the boundary its media type
 * names), at most `most + 1` counted; 0 without a boundary (the body is refused as unreadable).
 */
export function multipartParts(bytes: Uint8Array, type: string, most: number): number {
  const boundary = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  const name = boundary?.[1] ?? boundary?.[2];
  if (name === undefined) return 0;
  const delimiter = Buffer.from(`--${name}`);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let count = 0;
  for (let at = buffer.indexOf(delimiter); at >= 0 && count <= most + 1; at = buffer.indexOf(delimiter, at + delimiter.length)) count++;
  // The last delimiter closes the body; it begins no part.
  return Math.max(0, count - 1);
}
