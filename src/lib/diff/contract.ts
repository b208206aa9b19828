import type { Path } from '../facet/path.ts';
import { stated } from '../facet/state.ts';
import type { SecurityAlternative, SecurityRequirement } from '../areas/security.ts';
import { markdownCode } from '../safety/markdown.ts';
import { sameAddress } from './parameters.ts';

type Say = (message: string, at?: Path) => void;
type Responses = Record<string, unknown>;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const success = (status: string) => /^2(\d\d|XX)$/i.test(status);

/** The media types a stated body names: its `content_type` (one or a list) and its `content`'s keys. */
function mediaTypes(body: unknown): string[] {
  const b = stated(body);
  if (!isObj(b)) return [];
  const listed = stated(b.content_type);
  const content = stated(b.content);
  return [...(typeof listed === 'string' ? [listed] : Array.isArray(listed) ? listed.filter((t): t is string => typeof t === 'string') : []), ...(isObj(content) ? Object.keys(content) : [])];
}

/**
 * What a change of an endpoint's responses breaks: a success status replaced by another (clients
 * check it), a response removed, a media type a response no longer comes in (clients that ask
 * for it are refused).
 */
export function changedResponses(before: unknown, after: unknown, id: string, say: Say): void {
  const [was, is] = [stated(before), stated(after)];
  if (!isObj(was)) return;
  const now: Responses = isObj(is) ? is : {};
  const gone = Object.keys(was).filter((s) => !Object.hasOwn(now, s));
  const fresh = Object.keys(now).filter((s) => !Object.hasOwn(was, s));
  for (const status of gone) {
    const instead = success(status) ? fresh.filter(success) : [];
    if (instead.length > 0) say(`Success status of ${markdownCode(id)} changed from ${markdownCode(status)} to ${instead.map((s) => markdownCode(s)).join(', ')}: clients that check for ${markdownCode(status)} see another.`, ['responses', instead[0] ?? status]);
    else say(`Response ${markdownCode(status)} of ${markdownCode(id)} removed.`, ['responses', status]);
  }
  for (const [status, r] of Object.entries(was)) {
    if (!Object.hasOwn(now, status)) continue;
    const [had, has] = [mediaTypes(r), mediaTypes(now[status])];
    const dropped = has.length === 0 ? [] : had.filter((t) => !has.includes(t));
    if (dropped.length > 0) say(`Response ${markdownCode(status)} of ${markdownCode(id)} no longer comes as ${dropped.map((t) => markdownCode(t)).join(', ')}: clients that ask for it are refused.`, ['responses', status]);
  }
}

const words = (r: SecurityRequirement) => `${markdownCode(r.scheme)}${r.scopes?.length ? ` (${r.scopes.length > 1 ? 'scopes' : 'scope'} ${r.scopes.map((s) => markdownCode(s)).join(', ')})` : ''}`;
const allOf = (alt: SecurityAlternative): SecurityRequirement[] | 'anonymous' => ('anonymous' in alt ? 'anonymous' : 'all' in alt ? alt.all : [alt]);

/** Whether credentials that satisfied `had` satisfy `need`: each requirement of `need` asks a scheme `had` holds and no scope more. */
function covers(had: SecurityRequirement[] | 'anonymous', need: SecurityRequirement[] | 'anonymous'): boolean {
  if (need === 'anonymous') return true;
  if (had === 'anonymous') return false;
  return need.every((n) => had.some((h) => h.scheme === n.scheme && (n.scopes ?? []).every((s) => (h.scopes ?? []).includes(s))));
}

/**
 * The ways of calling an endpoint that it no longer accepts: an alternative of before (anonymous,
 * a scheme with its scopes, schemes together) that no alternative after lets through with the same
 * credentials (a scope more, a scheme replaced, anonymous access dropped). Security not stated on
 * either side says nothing.
 */
export function narrowedSecurity(before: unknown, after: unknown, id: string, say: Say): void {
  const [was, is] = [stated(before), stated(after)];
  if (!Array.isArray(was) || !Array.isArray(is)) return;
  const now = (is as SecurityAlternative[]).map(allOf);
  for (const alt of was as SecurityAlternative[]) {
    const had = allOf(alt);
    if (now.some((need) => covers(had, need))) continue;
    const how = had === 'anonymous' ? 'calls without credentials' : `calls with ${had.map(words).join(' and ')}`;
    say(`Endpoint ${markdownCode(id)} no longer accepts ${how}.`, ['security']);
  }
}

/**
 * Values clients match on or configure (a scheme's key location, an event's channel, an error's
 * status), changed: each breaks them. `same` says two values that differ are one to clients (a
 * channel whose parameters alone are renamed: the diff says it as a rename).
 */
export function changedValues(before: Record<string, unknown>, after: Record<string, unknown>, keys: readonly string[], what: string, say: Say, same: (key: string, was: unknown, is: unknown) => boolean = () => false): void {
  for (const key of keys) {
    const [was, is] = [stated(before[key]), stated(after[key])];
    if (was === undefined || is === undefined || JSON.stringify(was) === JSON.stringify(is) || same(key, was, is)) continue;
    const show = (v: unknown) => markdownCode(Array.isArray(v) ? v.map(String).join(', ') : String(v));
    say(`${what} ${key.replace(/_/g, ' ')} changed from ${show(was)} to ${show(is)}.`, [key]);
  }
}

/** A limit's bound as clients meet it, in words: `10 per \`PT1M\``, `1048576 bytes`, `\`PT30S\``; none where it is not stated. */
function boundOf(limit: Record<string, unknown>): string | undefined {
  const [quota, window, bytes, duration] = [stated(limit.quota), stated(limit.window), stated(limit.max_bytes), stated(limit.duration)];
  if (limit.kind === 'quota') return quota === undefined ? undefined : `${String(quota)} per ${window === undefined ? 'window' : markdownCode(String(window))}`;
  if (limit.kind === 'size') return bytes === undefined ? undefined : `${String(bytes)} bytes`;
  if (limit.kind === 'timeout') return duration === undefined ? undefined : markdownCode(String(duration));
  return undefined;
}

/**
 * A limit whose kind changed under the same id (a size bound become a quota): clients written
 * against it meet a bound of a kind they were never held to, so it breaks them; the bound it had
 * goes with it (the page shows it struck). A lowered bound of the same kind is the area's own rule.
 */
export function changedLimitKind(before: Record<string, unknown>, after: Record<string, unknown>, say: Say, id: string): void {
  if (typeof before.kind !== 'string' || typeof after.kind !== 'string' || before.kind === after.kind) return;
  const [was, is] = [boundOf(before), boundOf(after)];
  const kind = (k: string, bound: string | undefined) => `${markdownCode(k)}${bound === undefined ? '' : ` (${bound})`}`;
  say(`Limit ${markdownCode(id)} changed kind from ${kind(before.kind, was)} to ${kind(after.kind, is)}: clients now meet a bound they were not held to.`, ['kind']);
}

type Rule = (before: Record<string, unknown>, after: Record<string, unknown>, say: Say, id: string) => void;

/**
 * What clients hold to beyond shapes, area by area: an endpoint's responses and the credentials it
 * accepts, how a scheme's credentials are sent, the channel an event travels on, an error's status,
 * a limit's kind.
 */
export const CONTRACT: Readonly<Record<string, Rule>> = {
  endpoints: (before, after, say, id) => {
    changedResponses(before.responses, after.responses, id, say);
    narrowedSecurity(before.security, after.security, id, say);
  },
  authentication: (before, after, say, id) =>
    changedValues(before, after, ['scheme', 'http_scheme', 'location', 'headers', 'credentials', 'mechanism', 'token_format'], `Authentication scheme ${markdownCode(id)}:`, say),
  events: (before, after, say, id) =>
    changedValues(before, after, ['channel', 'direction'], `Event ${markdownCode(id)}:`, say, (key, was, is) => key === 'channel' && typeof was === 'string' && typeof is === 'string' && sameAddress(was, is)),
  errors: (before, after, say, id) => changedValues(before, after, ['status'], `Error ${markdownCode(id)}:`, say),
  limits: changedLimitKind,
};
