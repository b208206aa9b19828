/**
 * What the mock reads of a request and writes of a response, without any HTTP library: the command
 * line's server (node:http) and the tests hand requests in and write responses out. Every header
 * the mock writes passes through here, so nothing from the spec can end a header line or start
 * another one.
 */

import { Buffer } from 'node:buffer';

/** One request as the mock reads it. */
export interface MockRequest {
  method: string;
  /** The request target as sent: path and query, still percent-encoded (`/v1/orders?limit=2`). */
  url: string;
  /** Header names lowercased; a header sent several times is a list. */
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** The body's bytes (empty for none). */
  body: Uint8Array;
  /** Who is calling (the remote address), for quotas counted per client when no credential says who. */
  client?: string;
  /** Set when the body was larger than the server reads (the bytes it reads at most): `body` is then empty, and the call is answered 413. */
  bodyLimit?: number;
  /**
   * Set when the server did not read the body for its own reasons: `busy`, the bodies it held at
   * once, across connections, were at its bound (`limit` bytes; answered 503 with `Retry-After`);
   * `share`, those its client held were at that client's share of the bound (`limit` bytes, answered alike);
   * `stalled`, no byte of it came for `limit` milliseconds (answered 408). `body` is then empty.
   */
  bodyUnread?: { why: 'busy' | 'share' | 'stalled'; limit: number };
}

/** One response: its status, headers (name and value, each checked) and body. */
export interface MockResponse {
  status: number;
  headers: Array<[string, string]>;
  body: Uint8Array;
}

/** A header value longer than this, from the spec, is left out (clients refuse header blocks past 16 KB in all). */
export const HEADER_VALUE_LIMIT = 4096;

/**
 * The bytes of an answer's stated headers in all (`Name: value` and its line end, each): past it the
 * next are left out, and noted. Each under `HEADER_VALUE_LIMIT`, six made a 24 KB block, which
 * Node's clients (16 KB in all, with the mock's own headers) refuse whole: no answer at all.
 */
export const STATED_HEADERS_LIMIT = 8192;

/**
 * The bytes of an answer's header block in all (`Name: value` and its line end, each), under the
 * 16 KB Node's clients read, less 2 KB for the status line and the headers Node writes: the mock's
 * own lists (`Specbench-Gaps`, `Specbench-Unreadable`, 8,000 characters each) with the stated
 * headers came to more. Past it the lists are cut to whole entries (`Specbench-Gaps-Count` still
 * says how many gaps there are).
 */
export const HEADER_BLOCK_LIMIT = 14_336;

/** The bytes of headers as they are written (`Name: value` and its line end, each). */
export const headerBytes = (headers: ReadonlyArray<readonly [string, string]>): number => headers.reduce((n, [name, value]) => n + name.length + value.length + 4, 0);

/** `tchar` of RFC 9110: what a header name may hold. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Whether a name from the spec can be sent as a header's name. */
export const isHeaderName = (name: string): boolean => TOKEN.test(name);

/** Printable ASCII and spaces inside: what a header value from the spec is sent as it is. */
const PRINTABLE = /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/;

const encoder = new TextEncoder();

/** Every byte of a text's UTF-8 as `%XX` unless `keep` allows its character as it is. */
function percentEncode(text: string, keep: RegExp): string {
  let out = '';
  for (const char of text) {
    if (keep.test(char)) out += char;
    else for (const byte of encoder.encode(char)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * A value from the spec (an example, a header's stated value) as a header value: printable ASCII
 * without leading or trailing blanks is sent as it is; anything else (a line break, a control
 * character, a non-ASCII letter) is sent percent-encoded as UTF-8 (`%0D%0A`, `%C3%A9`), `%`
 * included, so that it can never end the header line.
 */
export function headerValue(value: string): string {
  return value === '' || PRINTABLE.test(value) ? value : percentEncode(value, /^[A-Za-z0-9\-._~!$&'()*+;=:@/]$/);
}

/**
 * A gap id as one entry of the `Specbench-Gaps` list: characters of a URI path (letters, digits,
 * `-._~!$&'()*+;=:@/`) as they are, every other character (`,`, `%`, blanks, quotes, `<`, `>`,
 * non-ASCII) percent-encoded as UTF-8, so that entries are split on `, ` and each one is decoded
 * with `decodeURIComponent` back to the id `gaps --format json` lists.
 */
export function gapIdEntry(id: string): string {
  return percentEncode(id, /^[A-Za-z0-9\-._~!$&'()*+;=:@/]$/);
}

/** The longest `Specbench-Gaps` value: whole entries up to it; `Specbench-Gaps-Count` always says how many there are. */
export const GAPS_HEADER_LIMIT = 8000;

/** The `Specbench-Gaps` value of a list of ids: entries joined by `, `, whole entries only, up to `limit` characters (`GAPS_HEADER_LIMIT`). */
export function gapsHeader(ids: readonly string[], limit = GAPS_HEADER_LIMIT): string {
  let out = '';
  for (const id of ids) {
    const entry = gapIdEntry(id);
    const next = out === '' ? entry : `${out}, ${entry}`;
    if (next.length > limit) break;
    out = next;
  }
  return out;
}

/** The ids a `Specbench-Gaps` value lists (the inverse of `gapsHeader`). */
export function readGapsHeader(value: string): string[] {
  return value === '' ? [] : value.split(', ').map((entry) => decodeURIComponent(entry));
}

/**
 * Headers the mock writes itself: one the spec states under these names is not sent. The two
 * safety headers every answer carries are among them (T35v V2): a stated `X-Content-Type-Options:
 * sniff` went out before the mock's `nosniff`, and a browser reads only the first.
 */
const OWN = new Set(['content-length', 'content-type', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'trailer', 'te', 'host', 'date', 'content-security-policy', 'x-content-type-options']);

/**
 * Headers that say how the body's bytes are encoded: the mock writes its bodies as they are
 * (identity), so a stated `Content-Encoding: gzip` over a plain body made every decoding client
 * fail (curl's `--compressed`, Node's fetch). Not sent, and noted.
 */
const BODY_ENCODING = new Set(['content-encoding', 'content-transfer-encoding']);

/** Why a header stated by the spec is not sent as it is stated (one the mock or the connection owns, one that would misdescribe the body), or undefined when it is sent. */
export function notStated(name: string): string | undefined {
  const lower = name.toLowerCase();
  if (!isHeaderName(name)) return 'it is no header name';
  if (BODY_ENCODING.has(lower)) return 'the mock sends its bodies unencoded, and a client would fail to decode it';
  if (OWN.has(lower) || lower.startsWith('specbench-') || lower.startsWith('access-control-')) return 'the mock writes it itself';
  return undefined;
}

/**
 * A header value as its bytes say: HTTP hands them over one character per byte (Latin-1), and curl
 * and fetch send text such as `Prefer: example=café` as UTF-8, read as `cafÃ©` until now; a value
 * whose bytes are valid UTF-8 is read as UTF-8, any other stays as it came.
 */
function utf8Value(v: string): string {
  if (!/[\u0080-\u00ff]/.test(v) || /[^\u0000-\u00ff]/.test(v)) return v;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(v, 'latin1'));
  } catch {
    return v;
  }
}

/** A header's value as a list of its values (a header sent several times, or once), each read as UTF-8 where its bytes are. */
export function headerValues(request: MockRequest, name: string): string[] {
  const v = request.headers[name.toLowerCase()];
  return v === undefined ? [] : typeof v === 'string' ? [utf8Value(v)] : v.map(utf8Value);
}

/** A header's value as one text (several joined by `, `), or undefined when it was not sent. */
export function header(request: MockRequest, name: string): string | undefined {
  const values = headerValues(request, name);
  return values.length === 0 ? undefined : values.join(', ');
}

/** The request's cookies by name (the first of a name wins). */
export function cookies(request: MockRequest): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of headerValues(request, 'cookie')) {
    for (const pair of line.split(';')) {
      const at = pair.indexOf('=');
      if (at < 0) continue;
      const name = pair.slice(0, at).trim();
      if (name !== '' && !out.has(name)) out.set(name, pair.slice(at + 1).trim());
    }
  }
  return out;
}

/**
 * Whether every run of percent-encoded bytes in a text (`%C3%A9`) is UTF-8: the one test of a
 * query and a form (a path's segments are decoded whole, `requestSegments`). `URLSearchParams`
 * reads `%FF%FE` as U+FFFD, characters the client never sent: such a text is refused instead.
 */
export function percentUtf8(text: string): boolean {
  for (const [run] of text.matchAll(/(?:%[0-9A-Fa-f]{2})+/g)) {
    try {
      decodeURIComponent(run);
    } catch {
      return false;
    }
  }
  return true;
}

/** Text as the bytes of a body. */
export const bytes = (text: string): Uint8Array => encoder.encode(text);
