import { z } from 'zod';

/**
 * URL schemes a page may link to. Everything else (`javascript:`, `data:`, `vbscript:`, `file:`)
 * is refused where content is read, so it can never reach an `href`.
 */
const WEB = new Set(['http:', 'https:']);
const PROSE = new Set(['http:', 'https:', 'mailto:']);

/** A base that only serves to resolve relative URLs the way a browser would. */
const BASE = 'https://relative.invalid/';

/**
 * The scheme a browser would see: WHATWG URL parsing drops tabs and newlines and trims control
 * characters, so `java&#x09;script:` and ` javascript:` are both `javascript:`.
 */
export function browserScheme(url: string): string | undefined {
  try {
    return new URL(url, BASE).protocol;
  } catch {
    return undefined;
  }
}

/** True for relative URLs and http(s) ones, as a browser would read them. */
export function isWebUrl(url: string): boolean {
  const scheme = browserScheme(url);
  return scheme !== undefined && WEB.has(scheme);
}

/** True for a link prose may keep: relative, http, https or mailto. */
export function isSafeProseUrl(url: string): boolean {
  const scheme = browserScheme(url);
  return scheme !== undefined && PROSE.has(scheme);
}

/**
 * Whitespace and control characters (which a browser strips to reveal a scheme), the bidirectional
 * overrides (which make a link read as something else), and characters a URL never holds unescaped.
 */
const NO_BLANKS = '[^\\s\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069<>"`{}|\\\\^]';

const ABSOLUTE = new RegExp(`^https?://${NO_BLANKS}+$`, 'i');
const SERVER = new RegExp(`^(?!(javascript|data|vbscript|file|blob|about|filesystem):)[a-z][a-z0-9+.-]*://${NO_BLANKS}+$`, 'i');
const LINK = new RegExp(`^(?:https?://${NO_BLANKS}+|(?![^/?#]*:)${NO_BLANKS}+)$`, 'i');

/**
 * A server's address relative to where the interface description is read (OpenAPI 3's
 * `/api/v1`), without its anchors, for the server schema to put beside its absolute form: a
 * path from the root, its `{variables}` allowed. Never `//host` or `/\\host` (which a browser
 * reads as another host), never blanks or control characters (which a browser strips, joining
 * `/` and `/host` into `//host`), and no query or fragment (a base path holds none).
 */
export const RELATIVE_SERVER_PATTERN = `/(?![/\\\\])(?:${NO_BLANKS.slice(0, -1)}?#]|\\{[A-Za-z0-9_.-]+\\})*`;
const RELATIVE_SERVER = new RegExp(`^${RELATIVE_SERVER_PATTERN}$`);

/** Whether a server's address is a path from the root (`/api/v1`) rather than an absolute URL. */
export function isRelativeServerUrl(url: string): boolean {
  return RELATIVE_SERVER.test(url);
}

/** An endpoint's address as written: an http(s) URL or a path from the root (checked whole by `endpointUrlSchema`). */
const ENDPOINT = new RegExp(`^(?:https?://${NO_BLANKS}+|${RELATIVE_SERVER_PATTERN})$`, 'i');

/** The patterns of the URL schemas, so a failed match is reported as a bad URL. */
export const URL_PATTERNS: ReadonlySet<string> = new Set([String(ABSOLUTE), String(LINK), String(SERVER), String(ENDPOINT)]);

/** An absolute http(s) URL: a base address, a token endpoint, where the spec is edited. */
export const absoluteUrlSchema = z
  .url({ protocol: /^https?$/, abort: true, error: 'expected an absolute http or https URL such as https://api.example.com' })
  .regex(ABSOLUTE, { error: 'expected an absolute http or https URL such as https://api.example.com' });

/**
 * An endpoint of a scheme (where tokens are issued): an absolute http(s) URL, or a path from the
 * root, relative to where the interface description is read (as OpenAPI resolves a relative
 * `tokenUrl` where no server gives a base).
 */
const ENDPOINT_ERROR = 'expected an absolute http or https URL such as https://auth.example.com/oauth/token, or a path from the root such as /oauth/token (relative to where the description is read)';
export const endpointUrlSchema = z
  .string()
  .regex(ENDPOINT, { error: ENDPOINT_ERROR, abort: true })
  .refine((v) => absoluteUrlSchema.safeParse(v).success || isRelativeServerUrl(v), { error: ENDPOINT_ERROR, params: { code: 'bad-url' } });

/**
 * A server's address: an absolute URL of any network protocol (`https:`, `wss:`, `mqtt:`,
 * `kafka:`...), never a scheme that runs or reads something in a browser. Pages show it as text
 * and link it only when it is http(s).
 */
export const serverUrlSchema = z
  .url({ error: 'expected an absolute URL such as https://api.example.com or mqtt://broker.example.com', abort: true })
  .regex(SERVER, {
    error: 'expected a server address such as https://api.example.com or mqtt://broker.example.com; scripts and local files are never addresses',
  });

/**
 * A link a page shows: an absolute http(s) URL, or a relative one (no scheme before the first
 * `/`, `?` or `#`). Blanks and control characters are refused, so no scheme can hide behind them.
 */
export const linkUrlSchema = z
  .string({ error: 'expected a URL' })
  .regex(LINK, { error: 'expected an http or https URL, or a relative one; other schemes are never linked' });
