import { createHash } from 'node:crypto';
import type { Analysis } from '../analyze.ts';
import { seconds } from '../areas/authentication/index.ts';
import { requirements, type SecurityAlternative, type SecurityRequirement } from '../areas/security.ts';
import { stated } from '../facet/state.ts';
import { areaOf, findItem, type Item } from '../model/spec.ts';
import { cookies, header, type MockRequest } from './wire.ts';

/**
 * What the spec states about who may call and how often: credentials (checked for presence, never
 * for validity: the mock issues no tokens), request quotas counted in memory, and size bounds.
 */

/** Whether a call carries what one requirement asks for; undefined when the spec does not say enough to tell (the call passes). */
/** An HTTP header name (RFC 9110 §5.1: a token): one with a blank, braces or other separators no client can send. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** The header a scheme's credential comes in, by the name its `headers` states first, where that is no header name a client can send. */
function unsendableHeader(data: Record<string, unknown>): string | undefined {
  const headers = stated(data.headers);
  const name = Array.isArray(headers) && typeof headers[0] === 'string' ? headers[0] : undefined;
  const kind = stated(data.scheme);
  const inHeader = kind === 'api-key' ? stated(data.location) === 'header' : ['http-bearer', 'oauth2', 'openid-connect', 'http-basic', 'http'].includes(String(kind));
  return inHeader && name !== undefined && !HEADER_NAME.test(name) ? name : undefined;
}

/**
 * What the log says at start of the schemes whose credential's header no client can send (`X Api
 * Key`, `{hdr}`): the mock does not look for it, and lets the calls through (t35t D10: every call
 * was a 401 only `--no-auth` got past).
 */
export function unsendableSchemes(analysis: Analysis): string[] {
  return areaOf(analysis.spec, 'authentication').items.flatMap((scheme) => {
    const name = unsendableHeader(scheme.data as Record<string, unknown>);
    return name === undefined ? [] : [`the scheme \`${scheme.id}\` (${scheme.file}) takes its credential in the header ${JSON.stringify(name)}, which is no header name a client can send: the mock does not look for it, and lets calls of the endpoints it guards through`];
  });
}

function carries(analysis: Analysis, r: SecurityRequirement, request: MockRequest, query: URLSearchParams): { ok: boolean; wanted: string; credential?: string } | undefined {
  const scheme = findItem(analysis.spec, 'authentication', r.scheme);
  if (!scheme) return undefined;
  const d = scheme.data;
  // A header no client can send is not looked for: the call is let through, as for a scheme the spec does not say enough about (said at start).
  if (unsendableHeader(d as Record<string, unknown>) !== undefined) return undefined;
  const kind = stated(d.scheme);
  const headers = stated(d.headers);
  const credentials = stated(d.credentials);
  const first = (list: unknown) => (Array.isArray(list) && typeof list[0] === 'string' ? list[0] : undefined);
  const authorization = (prefix: string | undefined) => {
    const name = first(headers) ?? 'Authorization';
    const value = header(request, name);
    const ok = value !== undefined && (prefix === undefined || value.toLowerCase().startsWith(`${prefix.toLowerCase()} `)) && value.trim().length > (prefix?.length ?? 0);
    // One credential however its scheme word is cased or spaced (`Bearer A`, `bearer  A`: RFC 9110 §11.1), so a quota counts it once (t35t D3).
    const credential = value !== undefined && prefix !== undefined ? `${prefix.toLowerCase()} ${value.trim().slice(prefix.length).trim()}` : value;
    return { ok, wanted: `${name}: ${prefix ?? '<credentials>'}${prefix === undefined ? '' : ' <credentials>'}`, ...(ok && credential !== undefined ? { credential } : {}) };
  };
  switch (kind) {
    case 'http-bearer':
    case 'oauth2':
    case 'openid-connect':
      return authorization('Bearer');
    case 'http-basic':
      return authorization('Basic');
    case 'http':
      return authorization(typeof d.http_scheme === 'string' ? d.http_scheme : undefined);
    case 'api-key': {
      const where = stated(d.location);
      if (where === 'header') {
        // The header's name is `headers` (as the OpenAPI export writes `name`); a credential's name
        // is not a header's, so while `headers` is open the mock does not know where to look.
        const name = first(headers);
        if (name === undefined) return undefined;
        const value = header(request, name);
        return { ok: value !== undefined && value !== '', wanted: `the ${name} header`, ...(value ? { credential: value } : {}) };
      }
      if (where === 'query' || where === 'cookie') {
        const name = first(credentials);
        if (name === undefined) return undefined;
        const value = where === 'query' ? (query.get(name) ?? undefined) : cookies(request).get(name);
        return { ok: value !== undefined && value !== '', wanted: `the ${name} ${where === 'query' ? 'query parameter' : 'cookie'}`, ...(value ? { credential: value } : {}) };
      }
      return undefined;
    }
    default:
      // Mutual TLS, SASL, a kind not stated yet: nothing in the request to look for.
      return undefined;
  }
}

/**
 * The challenges a 401 carries for the schemes it names (RFC 9110 §11.6.1: a 401 has one), from
 * each scheme's stated kind: `Basic realm="<scheme id>"` (Basic needs a realm, RFC 7617; the
 * scheme's id names it), `Bearer` for bearer tokens, OAuth 2 and OpenID Connect, the stated
 * `http_scheme` for `http`; none for an API key or a kind not stated (t35t D16).
 */
export function challenges(analysis: Analysis, schemes: readonly string[]): string[] {
  const out = schemes.flatMap((id) => {
    const d = findItem(analysis.spec, 'authentication', id)?.data;
    const kind = d ? stated(d.scheme) : undefined;
    if (kind === 'http-basic') return [`Basic realm="${id.replace(/["\\]/g, '\\$&')}"`];
    if (kind === 'http-bearer' || kind === 'oauth2' || kind === 'openid-connect') return ['Bearer'];
    const http = d && kind === 'http' ? stated(d.http_scheme) : undefined;
    // `http` with `http_scheme: basic` is Basic as `http-basic` is: its challenge carries the realm RFC 7617 requires (T35u U9).
    if (typeof http === 'string' && http.toLowerCase() === 'basic') return [`Basic realm="${id.replace(/["\\]/g, '\\$&')}"`];
    return typeof http === 'string' && HEADER_NAME.test(http) ? [http] : [];
  });
  return [...new Set(out)];
}

/** The outcome of the credentials check: let through (with the credential that identifies the caller, when one does), or what was wanted. */
export type Authorized = { ok: true; credential?: string } | { ok: false; wanted: string[]; schemes: string[] };

/**
 * Whether a call carries the credentials of one of its endpoint's security alternatives (all the
 * requirements of an `all`); an anonymous alternative, or security not stated, lets any call through.
 */
export function authorize(analysis: Analysis, endpoint: Item<'endpoints'>, request: MockRequest, query: URLSearchParams): Authorized {
  const alternatives = stated(endpoint.data.security);
  if (!Array.isArray(alternatives) || alternatives.length === 0) return { ok: true };
  const wanted: string[] = [];
  const schemes = new Set<string>();
  for (const alt of alternatives as SecurityAlternative[]) {
    if ('anonymous' in alt) return { ok: true };
    const reqs = requirements([alt]).map((r) => r.requirement);
    const outcomes = reqs.map((r) => carries(analysis, r, request, query));
    if (outcomes.every((o) => o === undefined || o.ok)) {
      const credential = outcomes.find((o) => o?.credential !== undefined)?.credential;
      return { ok: true, ...(credential !== undefined ? { credential } : {}) };
    }
    for (const r of reqs) schemes.add(r.scheme);
    wanted.push(outcomes.flatMap((o) => (o === undefined || o.ok ? [] : [o.wanted])).join(' and '));
  }
  return { ok: false, wanted, schemes: [...schemes].sort() };
}

/**
 * The items whose facets decide how the mock guards an endpoint: the schemes of its security (for
 * credentials) and its limits (for quotas and sizes), as `area/id`. Every answer of the endpoint
 * went through them, so their open gaps are named with it (a scheme whose header is open lets the
 * call through, and says why).
 */
export function guardItems(endpoint: Item<'endpoints'>, options: { auth: boolean; limits: boolean }): string[] {
  const alternatives = stated(endpoint.data.security);
  const schemes = options.auth && Array.isArray(alternatives) ? requirements(alternatives as SecurityAlternative[]).map((r) => `authentication/${r.requirement.scheme}`) : [];
  const limits = options.limits ? (endpoint.data.limits ?? []).map((id) => `limits/${id}`) : [];
  return [...new Set([...schemes, ...limits])];
}

/** A request quota as the spec states it: how many calls per window, by limit id, and whom it counts for. */
export interface Quota {
  id: string;
  quota: number;
  windowSeconds: number;
  /** Whom the calls are counted for, as the mock reads the quota's `per` (`QuotaScope`; per credential when not given). */
  per?: QuotaScope;
}

/**
 * Whom a quota counts calls for, read from its `per` (free text): `address` (an IP address, the
 * caller's address: every call from one address counts together), `all` (one count for every
 * caller: global), `credential` (a client, key, token, user, account: the credential that let the
 * call through, else the address), or `unread` (text the mock cannot read: it counts per
 * credential, says so at start, and sends no rate-limit value that would claim where a caller
 * stands under the spec's own count). No `per` stated: per credential, as the guide says.
 */
export type QuotaScope = 'address' | 'all' | 'credential' | 'unread';

/** The reading of a quota's `per` (`QuotaScope`). */
export function scopeOf(per: unknown): QuotaScope {
  if (typeof per !== 'string') return 'credential';
  const text = per.toLowerCase();
  if (/\b(ip|ips|ipv4|ipv6)\b/.test(text) || /\b(caller|client|remote|source|network|origin|sender)['’]?s? (ip )?address(es)?\b/.test(text) || /^\s*(an? )?address(es)?\b/.test(text)) return 'address';
  if (/^\s*(global|globally|all|everyone|the (whole )?(api|service|server))\b/.test(text) || /\b(global|globally|in total|across all callers|shared by all callers)\b/.test(text)) return 'all';
  if (/\b(client|clients|key|keys|api[ -]?key|token|tokens|user|users|account|accounts|credential|credentials|caller|callers|app|apps|application|applications|consumer|consumers|subscriber|subscribers)\b/.test(text)) return 'credential';
  return 'unread';
}

/** A limit as a quota, where it is one that states both its count and its window. */
function quotaOf(limit: Item<'limits'> | undefined): Quota | undefined {
  if (!limit || limit.data.kind !== 'quota') return undefined;
  const quota = stated(limit.data.quota);
  const windowSeconds = seconds(stated(limit.data.window));
  return typeof quota === 'number' && windowSeconds !== undefined && windowSeconds > 0 ? { id: limit.id, quota, windowSeconds, per: scopeOf(stated(limit.data.per)) } : undefined;
}

/**
 * The caller a quota counts a call for: its address (`per` an IP address), one for all (`per`
 * global), else the credential that let the call through, else its address.
 */
export function callerFor(quota: Quota, credential: string | undefined, address: string | undefined): string {
  if (quota.per === 'address') return `address\u0000${address ?? 'unknown'}`;
  if (quota.per === 'all') return 'all';
  return credential !== undefined ? `credential\u0000${credential}` : `address\u0000${address ?? 'anonymous'}`;
}

/** What the log says at start of the quotas whose `per` the mock cannot read: it counts them per credential, and sends no remaining count. */
export function unreadScopes(analysis: Analysis): string[] {
  return areaOf(analysis.spec, 'limits').items.flatMap((limit) => {
    const quota = quotaOf(limit);
    if (quota?.per !== 'unread') return [];
    return [`the quota \`${quota.id}\` counts per ${JSON.stringify(limit.data.kind === 'quota' ? stated(limit.data.per) : '')} (${limit.file}), which the mock does not read (it reads an IP address, global, or a client's credential): it counts per credential (else per address) instead, and sends no rate-limit header that says how many calls are left or when its window starts again`];
  });
}

/** How a quota's count is said in words: `per address`, `for all callers`, `per credential`. */
export function scopeWords(quota: Quota): string {
  return quota.per === 'address' ? 'per caller address' : quota.per === 'all' ? 'for all callers together' : quota.per === 'unread' ? 'per credential here (the spec\'s `per` is not read)' : 'per credential';
}

/** The quotas of an endpoint's limits that state both their count and their window. */
export function quotasOf(analysis: Analysis, endpoint: Item<'endpoints'>): Quota[] {
  return (endpoint.data.limits ?? []).flatMap((id) => quotaOf(findItem(analysis.spec, 'limits', id)) ?? []);
}

/**
 * The quota limits of an endpoint whose count or window is open (or not stated): no rate-limit
 * header can say where the endpoint's calls stand, so none is sent (a made-up `RateLimit-Limit: 0`
 * told clients they had no calls left).
 */
export function openQuotasOf(analysis: Analysis, endpoint: Item<'endpoints'>): string[] {
  const counted = new Set(quotasOf(analysis, endpoint).map((q) => q.id));
  return (endpoint.data.limits ?? []).filter((id) => findItem(analysis.spec, 'limits', id)?.data.kind === 'quota' && !counted.has(id));
}

/** The largest request body an endpoint's size limits allow, with the limit that says so. */
export function sizeBoundOf(analysis: Analysis, endpoint: Item<'endpoints'>): { id: string; maxBytes: number } | undefined {
  let bound: { id: string; maxBytes: number } | undefined;
  for (const id of endpoint.data.limits ?? []) {
    const limit = findItem(analysis.spec, 'limits', id);
    if (!limit || limit.data.kind !== 'size' || limit.data.applies_to === 'response') continue;
    const max = stated(limit.data.max_bytes);
    if (typeof max === 'number' && (bound === undefined || max < bound.maxBytes)) bound = { id, maxBytes: max };
  }
  return bound;
}

/** Where one quota stands for one caller, after this call is counted. */
export interface QuotaState {
  quota: Quota;
  remaining: number;
  /** Seconds until the window starts again. */
  reset: number;
  exceeded: boolean;
}

/** Callers' windows kept at most (about 150 bytes each); past it, the windows that have ended are dropped, then the oldest. */
export const MAX_WINDOWS = 10_000;
/** How far below `MAX_WINDOWS` a sweep brings them, so that a sweep is not made again at every new caller. */
const SWEPT_TO = Math.floor(MAX_WINDOWS * 0.9);

/** A count of calls in words: `1 call`, `5 calls`. */
export const calls = (n: number) => `${n} call${n === 1 ? '' : 's'}`;

/**
 * What an edit changed of the quotas: a line for each stated quota whose count or window is not
 * what it was. Their windows keep their calls, counted against the new numbers (`QuotaCounter`).
 */
export function quotaChanges(before: Analysis, after: Analysis): string[] {
  const numbers = (analysis: Analysis) => new Map(areaOf(analysis.spec, 'limits').items.flatMap((limit) => quotaOf(limit) ?? []).map((q) => [q.id, q]));
  const was = numbers(before);
  return [...numbers(after)].flatMap(([id, now]) => {
    const old = was.get(id);
    if (old === undefined || (old.quota === now.quota && old.windowSeconds === now.windowSeconds)) return [];
    return [`the quota \`${id}\` now allows ${calls(now.quota)} per ${now.windowSeconds} s (it allowed ${old.quota} per ${old.windowSeconds} s): the calls its callers made in windows already begun still count, against the new numbers, and each such window ends ${now.windowSeconds} s after it began`];
  });
}

/**
 * Request quotas counted in memory, per limit and caller, in fixed windows that start with the
 * first call: the quota's count of calls pass, the next ones are refused until the window ends.
 * A window is the limit's, whatever its numbers: an edit of the count or the window applies to
 * the windows already begun, with their calls (a window kept by the numbers started again at each
 * edit, and an edit undone brought the old window back).
 * A caller is kept by a digest of its credential (a 15 KB token is 32 bytes here, where each new
 * one was kept whole for its window: 40,000 callers held 650 MB), and at most `max` windows are
 * kept: past it, those that have ended are dropped, then the oldest begun (a caller so dropped
 * starts a new window, which may let it through early; memory stays flat whoever calls).
 */
export class QuotaCounter {
  readonly #windows = new Map<string, { start: number; length: number; count: number }>();
  readonly #max: number;
  readonly #sweptTo: number;

  constructor(max = MAX_WINDOWS) {
    this.#max = max;
    this.#sweptTo = max === MAX_WINDOWS ? SWEPT_TO : Math.max(0, Math.floor(max * 0.9));
  }

  /** The keys of the windows kept (for the tests: bounded in number and in size, whoever calls). */
  keys(): string[] {
    return [...this.#windows.keys()];
  }

  /** Counts a call against a quota; `now` in milliseconds. */
  take(quota: Quota, caller: string, now: number): QuotaState {
    const digest = createHash('sha256').update(caller).digest('base64');
    const key = `${quota.id}\u0000${digest}`;
    const length = quota.windowSeconds * 1000;
    let window = this.#windows.get(key);
    // The quota's numbers as they are now (an edit while serving changes them).
    if (window) window.length = length;
    if (!window || now - window.start >= length) {
      // A new window goes last: the map's order is the order the windows began, oldest first.
      this.#windows.delete(key);
      if (this.#windows.size >= this.#max) this.#sweep(now);
      window = { start: now, length, count: 0 };
      this.#windows.set(key, window);
    }
    const exceeded = window.count >= quota.quota;
    if (!exceeded) window.count++;
    return { quota, remaining: Math.max(0, quota.quota - window.count), reset: Math.max(1, Math.ceil((window.start + length - now) / 1000)), exceeded };
  }

  /** Drops the windows that have ended, then the oldest begun, down to `sweptTo`. */
  #sweep(now: number): void {
    for (const [k, w] of this.#windows) if (now - w.start >= w.length) this.#windows.delete(k);
    for (const k of this.#windows.keys()) {
      if (this.#windows.size <= this.#sweptTo) break;
      this.#windows.delete(k);
    }
  }
}

/**
 * The value of a rate-limit header the spec names, for a quota's state: the IETF drafts' `RateLimit`
 * and `RateLimit-Policy` (structured, and the older `-Limit`, `-Remaining`, `-Reset`), the `X-`
 * forms (`X-RateLimit-Reset` as a Unix time, as GitHub and others send it) and `Retry-After`;
 * undefined for a name whose meaning is not known.
 */
export function rateLimitValue(name: string, s: QuotaState, now: number): string | undefined {
  if (!isRateLimitHeader(name)) return undefined;
  // A quota counted per credential only because its `per` is not read: where a caller stands under
  // the spec's own count (calls left, when its window starts again) is not known, so not said.
  if (s.quota.per === 'unread' && !['ratelimit-policy', 'ratelimit-limit', 'x-ratelimit-limit', 'x-rate-limit-limit', 'retry-after'].includes(name.toLowerCase())) return undefined;
  switch (name.toLowerCase()) {
    case 'ratelimit':
      return `"${s.quota.id}";r=${s.remaining};t=${s.reset}`;
    case 'ratelimit-policy':
      return `"${s.quota.id}";q=${s.quota.quota};w=${s.quota.windowSeconds}`;
    case 'ratelimit-limit':
    case 'x-ratelimit-limit':
    case 'x-rate-limit-limit':
      return String(s.quota.quota);
    case 'ratelimit-remaining':
    case 'x-ratelimit-remaining':
    case 'x-rate-limit-remaining':
      return String(s.remaining);
    case 'ratelimit-reset':
      return String(s.reset);
    case 'x-ratelimit-reset':
    case 'x-rate-limit-reset':
      return String(Math.floor(now / 1000) + s.reset);
    case 'retry-after':
      return s.exceeded ? String(s.reset) : undefined;
    default:
      return undefined;
  }
}

/** The rate-limit headers whose values the mock takes from a quota (lower case). */
const RATE_LIMIT_HEADERS = new Set([
  'ratelimit',
  'ratelimit-policy',
  'ratelimit-limit',
  'x-ratelimit-limit',
  'x-rate-limit-limit',
  'ratelimit-remaining',
  'x-ratelimit-remaining',
  'x-rate-limit-remaining',
  'ratelimit-reset',
  'x-ratelimit-reset',
  'x-rate-limit-reset',
  'retry-after',
]);

/** Whether a header's value is a quota's (`RateLimit-Limit`, `Retry-After`...), whatever its case. */
export function isRateLimitHeader(name: string): boolean {
  return RATE_LIMIT_HEADERS.has(name.toLowerCase());
}
