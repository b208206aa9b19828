import { expect } from 'vitest';
import { placeholder, type SampleRequest } from '../../../src/lib/render/samples.ts';
import { multipartParts, pathSegments, queryPairs, utf8, type ReceivedPart, type Recorded } from './sample-recorder.ts';
import type { Runnable } from './sample-runners.ts';

/**
 * What a sample of a request must send, by the samples' contract: each stated value exactly, or a
 * visible placeholder `{name}` where the value is of a kind the contract names (a path or query
 * value that would need encoding, a header value that is not printable ASCII, a form value with a
 * NUL or an unpaired surrogate); a name of a kind it names is left out. The rules are written here
 * again, apart from the code, as the contract the tests hold it to.
 */
export type Expected = {
  method: string;
  /** The base address as the sample writes it (`{base_url}` where it must be a placeholder), and its path's segments after the first (the recorder's id), as received. */
  base: { written: string; segments: string[] };
  /** The request's path segments, after the base's. */
  path: string[];
  query: Array<[string, string]>;
  headers: Array<[string, string]>;
  /** A JSON body is its text as the page shows it (`JSON.stringify`), every number to arrive exactly as written there. */
  body?: { kind: 'json'; text: string } | { kind: 'text'; text: string } | { kind: 'form'; fields: Array<[string, string]> } | { kind: 'multipart'; parts: ReceivedPart[] };
};

const PATH_VALUE = /^[\w.~-]+$/;
const QUERY_NAME = /^[A-Za-z0-9_.\-[\]]+$/;
const QUERY_VALUE = /^[\w.~,:;/@{}<>[\]*!-]*$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]*[!#$%&'*+.^_`|~0-9A-Za-z]$/;
const HEADER_VALUE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const carriable = (s: string) => !s.includes('\0') && !LONE_SURROGATE.test(s);
const partName = (s: string) => s !== '' && carriable(s) && !/[\u0000-\u001f\u007f"\\%=]/.test(s);

/**
 * The local file a multipart sample sends for a file field, and what the tests put in it: a plain
 * name that starts with a letter, digit or `_` (never `-`, which curl reads as standard input, nor
 * a hidden file, `.` or `..`), never a Windows device name.
 */
export function fileNameOf(field: string): string {
  const plain = field.slice(0, 64).replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^[.-]/, '_');
  return /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\.|$)/i.test(plain) ? `_${plain}` : plain;
}
export const fileContent = (file: string): string => `the bytes of ${file}`;

/** The text of a scalar, as the samples write it. */
const text = (v: unknown) => (typeof v === 'string' ? v : String(v));

/** What a base address's path holds as it is; anything else is percent-encoded (a `%` with two hex digits is kept as the escape it is). */
const BASE_PATH_CHAR = /^[A-Za-z0-9_.~:/&=@!*+,;-]$/;
const encodePath = (path: string): string =>
  path.replace(/%[0-9A-Fa-f]{2}|[^]/gu, (c) => (c.length === 3 || BASE_PATH_CHAR.test(c) ? c : [...Buffer.from(c, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('')));

/**
 * A base address as the samples must write it: a stated `http(s)://host[:port]/path` with its path
 * encoded and its trailing `/` dropped; the placeholder where it is not one (a placeholder, another
 * scheme), or holds a user name or password, a query or a fragment, a host that is no plain name
 * or address, a `.` or `..` segment (`%2e` too).
 */
export function expectedBase(base: string): Expected['base'] {
  const parts = /^(https?:\/\/)([^/?#]*)([^?#]*)$/i.exec(base.replace(/\/+$/, ''));
  const [, scheme = '', host = '', path = ''] = parts ?? [];
  const plainHost = /^([A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*\.?|\[[0-9A-Fa-f:.]+\])(:[0-9]{1,5})?$/.test(host);
  if (!parts || !plainHost || path.split('/').some((s) => /^(\.|%2e){1,2}$/i.test(s))) return { written: '{base_url}', segments: [] };
  const written = encodePath(path);
  return { written: `${scheme}${host}${written}`, segments: written.split('/').slice(2).map(decodeURIComponent) };
}

/** A request whose body is a plain object of scalars or lists of scalars (what the tests generate) as the samples must send it. */
export function expected(request: SampleRequest): Expected {
  const method = request.method.toUpperCase();
  const path = request.path
    .split('/')
    .slice(1)
    .map((segment) =>
      segment.replace(/\{([^{}]+)\}/g, (_w, name: string) => {
        const v = request.pathValues[name];
        return v !== undefined && PATH_VALUE.test(text(v)) && text(v) !== '.' && text(v) !== '..' ? text(v) : placeholder(name);
      }),
    );
  const query = request.query.flatMap(({ name, value }): Array<[string, string]> => (QUERY_NAME.test(name) ? [[name, value !== undefined && QUERY_VALUE.test(text(value)) ? text(value) : placeholder(name)]] : []));
  const headers = request.headers.flatMap(({ name, value }): Array<[string, string]> => (HEADER_NAME.test(name) ? [[name, value !== undefined && HEADER_VALUE.test(text(value)) ? text(value) : placeholder(name)]] : []));
  const out: Expected = { method, base: expectedBase(request.base), path, query, headers };
  const body = request.body;
  if (!body || method === 'GET' || method === 'HEAD') return out;
  const pairs = () => Object.entries(body.value as Record<string, unknown>).flatMap(([k, v]): Array<[string, string]> => (Array.isArray(v) ? v.map((x): [string, string] => [k, text(x)]) : [[k, text(v)]]));
  if (body.mediaType === 'application/json') {
    out.body = { kind: 'json', text: JSON.stringify(body.value) };
    headers.push(['Content-Type', body.mediaType]);
  } else if (body.mediaType === 'text/plain') {
    if (!carriable(text(body.value))) return out;
    out.body = { kind: 'text', text: text(body.value) };
    headers.push(['Content-Type', body.mediaType]);
  } else if (body.mediaType === 'application/x-www-form-urlencoded') {
    const fields = pairs().filter(([k]) => k !== '' && carriable(k)).map(([k, v]): [string, string] => [k, carriable(v) ? v : placeholder(k)]);
    // A form with no field to send is no body.
    if (fields.length === 0) return out;
    out.body = { kind: 'form', fields };
    headers.push(['Content-Type', body.mediaType]);
  } else if (body.mediaType === 'multipart/form-data') {
    const files = new Set(body.files ?? []);
    const parts = pairs().filter(([k]) => partName(k)).map(([k, v]): ReceivedPart => (files.has(k) ? { name: k, filename: fileNameOf(k), content: fileContent(fileNameOf(k)) } : { name: k, value: carriable(v) ? v : placeholder(k) }));
    if (parts.length > 0) out.body = { kind: 'multipart', parts };
  } else throw new Error(`no expectation for ${body.mediaType}`);
  return out;
}

/** The files a request's multipart sample reads, and a secret beside them that no value may make curl send. */
export function inputFiles(request: SampleRequest): Record<string, string> {
  const files: Record<string, string> = { 'secret.txt': 'SECRET' };
  for (const field of request.body?.files ?? []) if (partName(field)) files[fileNameOf(field)] = fileContent(fileNameOf(field));
  return files;
}

/**
 * A sample with the base address's placeholder filled in with `base` (a plain address), as its
 * reader is told to. The placeholder must be in the URL, and nothing of the base address stated
 * (`stated`) anywhere in the sample.
 */
export function fillBase(code: string, base: string, stated: string, want: Expected): { code: string; want: Expected } {
  if (want.base.written !== '{base_url}') return { code, want };
  expect(code, 'the base address\'s placeholder is shown in the URL').toContain(`{base_url}/${want.path.join('/')}`);
  const origin = /^https?:\/\/[^/?#]*/i.exec(stated)?.[0];
  if (origin !== undefined) expect(code, 'nothing of the base address stated').not.toContain(origin);
  return { code: code.split('{base_url}').join(base), want: { ...want, base: expectedBase(base) } };
}

/**
 * A sample with its placeholders filled in, as its reader is told to: the base address's with
 * `base`, the path's last one `{name}` with `name` in the URL (Ruby's URI refuses a brace in a
 * path). The placeholders must be there to fill in.
 */
export function fillIn(code: string, base: string, stated: string, expectation: Expected): { code: string; want: Expected } {
  const { code: based, want } = fillBase(code, base, stated, expectation);
  const prefix = `${want.base.written}/${want.path.slice(0, -1).join('/')}`;
  const last = want.path.at(-1) ?? '';
  if (!/^\{[\w.-]+\}$/.test(last)) return { code: based, want };
  const written = `${prefix}/${last}`;
  expect(based, 'the placeholder is shown in the URL').toContain(written);
  return { code: based.split(written).join(`${prefix}/${last.slice(1, -1)}`), want: { ...want, path: [...want.path.slice(0, -1), last.slice(1, -1)] } };
}

/** A JSON number's text as its value and kind: an integer (digits alone) by its exact value, any other by its exact decimal value (`1e+21` is `1.0e+21`, never `1000000000000000000000`). */
function exactNumber(source: string): string {
  if (/^-?[0-9]+$/.test(source)) return `integer ${BigInt(source)}`;
  const m = /^(-?)([0-9]+)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$/.exec(source);
  if (!m) throw new Error(`not a JSON number: ${source}`);
  const fraction = m[3] ?? '';
  const digits = `${m[2] ?? ''}${fraction}`.replace(/^0+/, '');
  const significant = digits.replace(/0+$/, '');
  if (significant === '') return 'fraction 0';
  return `fraction ${m[1] ?? ''}${significant}e${Number(m[4] ?? 0) - fraction.length + digits.length - significant.length}`;
}

/** JSON text as data, each number as the exact value and kind its text writes (`JSON.parse` would round both texts to the same double). */
export function exactJson(text: string): unknown {
  const parse = JSON.parse as (text: string, reviver: (key: string, value: unknown, context?: { source?: string }) => unknown) => unknown;
  return parse(text, (_key, value, context) => (typeof value === 'number' ? { number: exactNumber(context?.source ?? String(value)) } : value));
}

/** The line breaks a browser's FormData sends in a text field: every one as CRLF (the HTML standard's multipart encoding; Node's too). */
const crlf = (s: string) => s.replace(/\r\n|\r|\n/g, '\r\n');

/** That what a language's sample sent is what the request states. */
export function checkReceived(lang: Runnable, got: Recorded, want: Expected): void {
  const where = `${lang} sample`;
  expect(got.method, `${where}: method`).toBe(want.method);
  expect(pathSegments(got), `${where}: path`).toEqual([...want.base.segments, ...want.path]);
  expect(queryPairs(got), `${where}: query`).toEqual(want.query);
  for (const [name, value] of want.headers) expect(got.headers[name.toLowerCase()], `${where}: header ${name}`).toEqual([value]);
  const body = want.body;
  if (!body) {
    expect(got.body.length, `${where}: no body`).toBe(0);
    return;
  }
  if (body.kind === 'json') expect(exactJson(utf8(got.body)), `${where}: JSON body`).toEqual(exactJson(body.text));
  else if (body.kind === 'text') expect(utf8(got.body), `${where}: text body`).toBe(body.text);
  else if (body.kind === 'form') {
    expect(got.headers['content-type']?.[0], `${where}: form type`).toMatch(/^application\/x-www-form-urlencoded\b/);
    expect([...new URLSearchParams(utf8(got.body))], `${where}: form fields`).toEqual(body.fields);
  } else {
    let parts: ReceivedPart[] = [];
    try {
      parts = multipartParts(got);
    } catch (error) {
      throw new Error(`${where}: ${String(error)}`);
    }
    const wanted = lang === 'JavaScript' ? body.parts.map((p) => ('value' in p ? { ...p, value: crlf(p.value) } : { ...p, content: '' })) : body.parts;
    expect(parts, `${where}: parts`).toEqual(wanted);
  }
}
