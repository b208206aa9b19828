import { hasLoneSurrogate } from './sample-quote.ts';
import { DOT_SEGMENT } from './server-url.ts';
import { WRITERS, type Call, type CallBody, type Part } from './sample-code.ts';
import { formPairs, inMediaType, isJsonMedia } from './media-example.ts';
import type { SampleView } from './sample-view.ts';

/**
 * Code samples of one request in eight languages, made at build time. This wrapper decides what
 * goes in: the URL (path and query values that need no encoding, else a visible placeholder
 * `{name}`), the headers (HTTP names, printable values), the body as JSON data, text, or form
 * fields. `sample-code.ts` writes each language's code, every name and value through that
 * language's own string writer (`sample-quote.ts`). What is left out or as a placeholder is noted.
 * The tests run the samples of hostile values under bash and curl, Node, Python, Ruby and PHP
 * against a local server, and read back the Go, Java and C# literals.
 */

/** A request as the samples show it; values not stated are left out (`value` undefined) and become placeholders. */
export type SampleRequest = {
  method: string;
  /** The base address as stated, or its placeholder `{base_url}`. */
  base: string;
  /** The server variables `base` names (`{tenant}`) that state no default: the base is then a placeholder, the variables named (render/server-url.ts). */
  baseUnfilled?: readonly string[];
  /** The path, with `{name}` for each path parameter. */
  path: string;
  /** Path parameters' values, where the spec states one. */
  pathValues: Readonly<Record<string, unknown>>;
  query: ReadonlyArray<{ name: string; value?: unknown }>;
  headers: ReadonlyArray<{ name: string; value?: unknown }>;
  /**
   * The body: its media type and its example value; `files` names the fields sent as files (binary
   * strings); `cutWords`, what a made example leaves out of what its shape requires (a comment in each sample, and a note).
   */
  body?: { mediaType: string; value: unknown; files?: readonly string[]; name?: string; cutWords?: readonly string[] };
};

/** The tabs' labels, in order. */
export const SAMPLE_LANGUAGES: readonly string[] = WRITERS.map((w) => w.label);

/** A query parameter's name that reads the same raw in a URL and in a parameter list. */
const NAME = /^[A-Za-z0-9_.\-[\]]+$/;
/** A header's name: an HTTP token, which every client sends as it is, but one that ends in `-` (Ruby's net/http drops the dash). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]*[!#$%&'*+.^_`|~0-9A-Za-z]$/;
/** A header value every HTTP client sends as it is: printable ASCII, no blank at either end. */
const HEADER_VALUE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;
/** A query value that reads the same raw in a URL and in a parameter list (so nothing needs encoding). */
const QUERY_VALUE = /^[\w.~,:;/@{}<>[\]*!-]*$/;
/** A path parameter's value that needs no encoding; never `.` or `..`, which some clients resolve (a segment up) and others send. */
const PATH_VALUE = /^(?!\.{1,2}$)[\w.~-]+$/;
/** What a URL may hold as it is in every language's string; anything else is percent-encoded. */
const URL_CHAR = /[\w.~:/?&=@!*+,;%{}<>[\]-]/;
/** What the stated text of a path (the base's, the path's outside its parameters) holds as it is: braces and brackets too are encoded (curl reads them as sets and ranges, Ruby's URI refuses them). */
const PATH_CHAR = /[\w.~:/?&=@!*+,;%-]/;
/** A base address's host and port that every client reads alike: a plain name or an address, an IPv6 one in brackets. */
const HOST = /^(?:[\w-]+(?:\.[\w-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
/**
 * A multipart field's name every client writes the same way into its part's header: no quote,
 * backslash, control or `%` (which clients escape, each its own way), no `=` (which ends the name
 * in curl's `--form`).
 */
const PART_NAME = /^[^\u0000-\u001f\u007f"\\%=]+$/;
/** The bodyless methods `fetch` refuses a body for. */
const NO_BODY = new Set(['GET', 'HEAD']);

/** A placeholder for a value not stated (or not safe to show): `{name}`, its name made plain. */
export const placeholder = (name: string): string => `{${name.replace(/[^\w.-]/g, '_') || 'value'}}`;

/** Whether every language's string and every HTTP client can carry a text: no NUL (a shell argument ends there), no unpaired surrogate (no UTF-8 for it). */
const carriable = (text: string): boolean => !text.includes('\u0000') && !hasLoneSurrogate(text);

/**
 * The local file a multipart sample sends for a file field: its name made plain and at most 64
 * characters, starting with a letter, digit or `_`: never a hidden file, `.` or `..`, never `-`
 * (curl's `--form name=@-` reads standard input) or an option, never a Windows device (`con`,
 * `nul.txt`), which opens the console or nothing there.
 */
function fileNameOf(field: string): string {
  const plain = field.slice(0, 64).replace(/[^\w.-]/g, '_').replace(/^[.-]/, '_');
  return /^(?:con|prn|aux|nul|com\d|lpt\d)(?:\.|$)/i.test(plain) ? `_${plain}` : plain;
}

/** The text of a stated value, when it is a scalar. */
const scalarText = (value: unknown): string | undefined => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined);

/** A character as UTF-8 percent-encoded bytes (`'` too, which `encodeURIComponent` leaves as it is). */
const percent = (c: string) => [...new TextEncoder().encode(c)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/** Text with every character but `allowed` percent-encoded, a lone `%` too (a `%` with two hex digits is an escape already, kept). */
const encoded = (text: string, allowed: RegExp): string => text.replace(/%[0-9A-Fa-f]{2}|[^]/gu, (c) => (c.length === 3 || (c !== '%' && allowed.test(c)) ? c : percent(c)));

/** A URL with everything a string literal could trip on percent-encoded; the braces of placeholders are kept. */
const encodeUrl = (url: string): string => encoded(url, URL_CHAR);

/**
 * The base address as the samples write it: a stated http(s) address with its path encoded, or the
 * placeholder `{base_url}` (noted where one was stated) where not every client would send what it
 * states: a user name or password (fetch refuses the URL, Ruby drops them), a query or a fragment
 * (the path would follow it), a host that is no plain name, a `.` or `..` segment.
 */
function baseOf(stated: string, notes: string[], unfilled: readonly string[] = []): string {
  const slot = placeholder('base_url');
  // A server variable that states no default (r14 M4: `https://auth.example.com/{tenant}` was called as
  // `…/%7Btenant%7D/…`): never sent as if `{tenant}` were its value; the reader puts the address in, the variable named.
  if (unfilled.length > 0 && stated !== slot) {
    const names = unfilled.map((v) => placeholder(v)).join(', ');
    notes.push(`The base address is left as the placeholder ${slot}: it names the server variable${unfilled.length === 1 ? '' : 's'} ${names}, which ${unfilled.length === 1 ? 'states' : 'state'} no default; put the address with a value for ${unfilled.length === 1 ? 'it' : 'each'} in place of ${slot}.`);
    return slot;
  }
  // A base path without a host (a server `/api/v2`): the samples call the path the page states, after a placeholder for the host.
  const basePath = /^\/(?!\/)[^?#{}]*$/.exec(stated.replace(/\/+$/, ''))?.[0];
  if (basePath !== undefined && !basePath.split('/').some((segment) => DOT_SEGMENT.test(segment))) {
    notes.push(`Put the service's scheme and host (such as https://api.example.com) in place of ${slot}: the spec states only the base path ${basePath}.`);
    return `${slot}${encoded(basePath, PATH_CHAR)}`;
  }
  if (!/^https?:\/\//i.test(stated)) {
    notes.push(`Put the service's base address in place of ${slot}: the spec ${stated === slot ? 'does not state it yet' : 'states none that every HTTP client reads alike'}.`);
    return slot;
  }
  const parts = /^(https?:\/\/)([^/?#]*)([^?#]*)$/i.exec(stated.replace(/\/+$/, ''));
  const [, scheme = '', host = '', path = ''] = parts ?? [];
  const why = !parts
    ? 'it holds a query or a fragment, which the path would follow'
    : host.includes('@')
      ? 'it holds a user name or password, which not every HTTP client sends from a URL'
      : !HOST.test(host)
        ? 'its host is not a plain name or address, which every HTTP client reads alike'
        : path.split('/').some((segment) => DOT_SEGMENT.test(segment))
          ? 'its path holds a `.` or `..` segment, which some HTTP clients resolve and others send as it is'
          : undefined;
  if (why === undefined) return `${scheme}${host}${encoded(path, PATH_CHAR)}`;
  notes.push(`The base address is left as the placeholder ${placeholder('base_url')}: ${why}.`);
  return placeholder('base_url');
}

/** The samples of a request, one per language that can send it, and what they leave as placeholders or out. */
export function codeSamples(request: SampleRequest, noted: readonly string[] = []): { samples: SampleView[]; notes: string[] } {
  const notes: string[] = [...noted];
  const unsafe = (what: string) => notes.push(`${what} is left as a placeholder: its stated value holds characters a code sample does not show as they are.`);

  const unfilled: string[] = [];
  // The path's own text is encoded; its parameters are values that need no encoding, or placeholders.
  const path = request.path.split(/(\{[^{}]+\})/).map((piece, i) => {
    if (i % 2 === 0) return encoded(piece, PATH_CHAR);
    const name = piece.slice(1, -1);
    const text = scalarText(request.pathValues[name]);
    if (text !== undefined && PATH_VALUE.test(text)) return text;
    if (text !== undefined) unsafe(`The path parameter ${placeholder(name)}`);
    else unfilled.push(placeholder(name));
    return placeholder(name);
  }).join('');
  if (unfilled.length > 0) notes.unshift(`Fill in ${unfilled.join(' and ')} in the URL: the spec states no example of ${unfilled.length === 1 ? 'this path parameter' : 'these path parameters'}.`);
  const base = baseOf(request.base, notes, request.baseUnfilled);

  const query = request.query.flatMap(({ name, value }) => {
    if (!NAME.test(name)) {
      notes.push(`The query parameter ${JSON.stringify(name)} is left out: its name holds characters a code sample does not show as they are.`);
      return [];
    }
    const text = scalarText(value);
    if (text !== undefined && QUERY_VALUE.test(text)) return [`${name}=${text}`];
    if (text !== undefined) unsafe(`The query parameter ${name}`);
    return [`${name}=${placeholder(name)}`];
  });
  const url = encodeUrl(`${base}${path}${query.length > 0 ? `${path.includes('?') ? '&' : '?'}${query.join('&')}` : ''}`);

  const headers: Array<[string, string]> = [];
  const header = (name: string, value: string) => {
    if (headers.some(([n]) => n.toLowerCase() === name.toLowerCase())) notes.push(`The header ${name} is sent once: the request states it twice.`);
    else headers.push([name, value]);
  };
  for (const { name, value } of request.headers) {
    if (!HEADER_NAME.test(name)) {
      notes.push(`The header ${JSON.stringify(name)} is left out: its name is not one every HTTP client sends as it is.`);
      continue;
    }
    const text = scalarText(value);
    if (text !== undefined && HEADER_VALUE.test(text)) header(name, text);
    else {
      if (text !== undefined) notes.push(`The header ${name} is left as a placeholder: its stated value is not printable ASCII text, which not every HTTP client sends as it is.`);
      header(name, placeholder(name));
    }
  }

  const method = request.method.toUpperCase();
  let body: CallBody | undefined;
  if (request.body && NO_BODY.has(method)) notes.push(`The request body is left out: a ${method} request has no body.`);
  else if (request.body) {
    body = callBody(request.body, notes);
    // A multipart body's Content-Type carries its boundary: the client sets it.
    if (body && body.kind !== 'multipart') header('Content-Type', HEADER_VALUE.test(request.body.mediaType) ? request.body.mediaType : 'application/octet-stream');
  }

  // What the body's made example leaves out of what its shape requires: said in each sample, above the call, and under them.
  const comments = body && request.body?.cutWords ? [...request.body.cutWords] : [];
  notes.push(...comments);
  const call: Call = { method, url, headers, ...(body ? { body } : {}), ...(comments.length > 0 ? { comments } : {}) };
  const samples: SampleView[] = [];
  for (const { label, lang, write } of WRITERS) {
    const written = write(call);
    if ('reason' in written) notes.push(`No ${label} sample: ${written.reason}.`);
    else samples.push({ label, lang, code: written.code });
  }
  return { samples, notes };
}

/** The body as the samples send it: JSON as data, a form's fields as fields, anything else as its text; undefined (with a note) when it cannot be sent. */
function callBody(body: NonNullable<SampleRequest['body']>, notes: string[]): CallBody | undefined {
  const essence = body.mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (essence === 'application/x-www-form-urlencoded' || essence === 'multipart/form-data') {
    const pairs = formPairs(body.value);
    if (!pairs) {
      notes.push(`The request body is left out: only an object's fields can be sent as ${essence}.`);
      return undefined;
    }
    const multipart = essence === 'multipart/form-data';
    const files = new Set(body.files ?? []);
    const fields = pairs.flatMap(([name, value]): Part[] => {
      if (name === '' || !carriable(name) || (multipart && !PART_NAME.test(name))) {
        notes.push(`The form field ${JSON.stringify(name)} is left out: its name holds characters a code sample does not show as they are.`);
        return [];
      }
      if (multipart && files.has(name)) return [{ name, file: fileNameOf(name) }];
      if (carriable(value)) return [{ name, value }];
      notes.push(`The form field ${JSON.stringify(name)} is left as a placeholder: its stated value holds a NUL or an unpaired surrogate, which not every language's strings carry.`);
      return [{ name, value: placeholder(name) }];
    });
    if (fields.length === 0) {
      notes.push('The request body is left out: it has no field a code sample can send.');
      return undefined;
    }
    if (multipart) return { kind: 'multipart', parts: fields };
    return { kind: 'form', fields: fields.map((f): [string, string] => [f.name, 'value' in f ? f.value : f.file]) };
  }
  const written = inMediaType(body.value, body.mediaType, body.name);
  if ('reason' in written) {
    notes.push(`The request body is left out: ${written.reason}.`);
    return undefined;
  }
  if (isJsonMedia(body.mediaType)) {
    if (holdsNonFinite(body.value)) notes.push('The request body sends null for each number that is infinite or not a number: JSON has no such number (the example shows null too).');
    return { kind: 'json', value: JSON.parse(written.text) as unknown };
  }
  if (!carriable(written.text)) {
    notes.push('The request body is left out: it holds a NUL or an unpaired surrogate, which not every language’s strings carry.');
    return undefined;
  }
  return { kind: 'text', text: written.text };
}

/** Whether JSON data holds a number JSON cannot write (YAML's `.inf`, or `1e400`, read as infinite). */
function holdsNonFinite(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (value === null || typeof value !== 'object') return false;
  return Object.values(value).some(holdsNonFinite);
}
