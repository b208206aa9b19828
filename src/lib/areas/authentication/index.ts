import { z } from 'zod';
import { parse as parseDuration } from 'tinyduration';
import { facet, facetObject, inventoryMeta, inventorySchema, itemCommon, itemCommonMetas } from '../../facet/define.ts';
import { own, stated } from '../../facet/state.ts';
import { withArticle } from '../../facet/words.ts';
import { durationSchema, nameSchema, namesSchema, prose } from '../../facet/values.ts';
import { defineArea } from '../area.ts';
import { markdownCode } from '../../safety/markdown.ts';
import { endpointUrlSchema } from '../../safety/url.ts';

export const SCHEMES = ['api-key', 'http-basic', 'http-bearer', 'http', 'oauth2', 'openid-connect', 'mutual-tls', 'sasl', 'user-password'] as const;
/** The SASL mechanisms a broker connection can use (AsyncAPI's `plain`, `scramSha256`, `scramSha512`, `gssapi`). */
export const SASL_MECHANISMS = ['plain', 'scram-sha-256', 'scram-sha-512', 'gssapi'] as const;

/** What each kind of scheme is called where it is defined (RFC 6749, OpenID, RFC 7617...): an untitled scheme's title. */
const SCHEME_NAMES: Record<(typeof SCHEMES)[number], string> = {
  'api-key': 'API key',
  'http-basic': 'HTTP Basic',
  'http-bearer': 'HTTP Bearer',
  http: 'HTTP authentication',
  oauth2: 'OAuth 2.0',
  'openid-connect': 'OpenID Connect',
  'mutual-tls': 'Mutual TLS',
  sasl: 'SASL',
  'user-password': 'User and password',
};

/** `authentication/_area.yaml`. */
export const authenticationArea = facetObject(
  { inventory: inventorySchema, description: prose.optional() },
  {
    inventory: inventoryMeta('authentication schemes', 'scheme, credential names, header names, token lifetimes, scopes and token endpoints'),
  },
);

/** A facet only some kinds of scheme have: it cannot apply once the kind is stated as another. */
const onlyFor =
  (what: string, ...kinds: Array<(typeof SCHEMES)[number]>) =>
  (s: { scheme?: unknown }): string | undefined => {
    const scheme = stated(s.scheme);
    return typeof scheme === 'string' && !(kinds as readonly string[]).includes(scheme) ? `${withArticle(scheme)} scheme has no ${what}` : undefined;
  };

/**
 * A facet the kind of scheme settles by itself: not asked for while it is not written, counted once
 * it is. OAuth 2.0 and OpenID Connect name their credentials (RFC 6749: a client id and secret, for
 * the token endpoint), as HTTP Basic (RFC 7617: a user id and a password) and a bearer token (the
 * token itself) do, so an imported OAuth scheme is not "credential names: not stated".
 */
const settledBy =
  (key: 'credentials', what: string, ...kinds: Array<(typeof SCHEMES)[number]>) =>
  (s: { scheme?: unknown; credentials?: unknown }): string | undefined => {
    const scheme = stated(s.scheme);
    return s[key] === undefined && typeof scheme === 'string' && (kinds as readonly string[]).includes(scheme) ? `${withArticle(scheme)} scheme ${what}` : undefined;
  };

/** Header names apply to an API key only where it goes in a header. */
const headersApply = (s: { scheme?: unknown; location?: unknown }): string | undefined => {
  const kind = onlyFor('headers', 'api-key', 'http-basic', 'http-bearer', 'http', 'oauth2', 'openid-connect')(s);
  if (kind !== undefined) return kind;
  const location = stated(s.location);
  return stated(s.scheme) === 'api-key' && typeof location === 'string' && location !== 'header' ? `an API key in the ${location} has no headers` : undefined;
};

/** `authentication/<scheme>.yaml`: one way a caller proves who it is. */
export const authSchemeItem = facetObject(
  {
    ...itemCommon,
    scheme: facet(z.enum(SCHEMES, { error: `expected one of ${SCHEMES.join(', ')}` })),
    /** The names of the credentials a caller holds, e.g. `[client_id, client_secret]`, `[api_key]`. */
    credentials: facet(namesSchema),
    /** The names of the request headers that carry them, e.g. `[Authorization]`. */
    headers: facet(namesSchema),
    /** For an API key: where it goes (`header`, `query`, `cookie`, or a broker connection's `user` or `password`). */
    location: facet(z.enum(['header', 'query', 'cookie', 'user', 'password'])),
    /** For a bearer token: what the token is, e.g. `JWT`. */
    token_format: facet(z.string().min(1)),
    /** For another HTTP authentication scheme (`scheme: http`): its name in the `Authorization` header, e.g. `digest`, `hoba`. */
    http_scheme: z.string().trim().min(1).optional(),
    /** For SASL (a broker connection): the mechanism, `plain`, `scram-sha-256`, `scram-sha-512` or `gssapi`. */
    mechanism: z.enum(SASL_MECHANISMS).optional(),
    /** Lifetimes by token kind, as ISO 8601 durations: `{ access_token: PT1H }`. */
    token_lifetimes: facet(z.record(nameSchema, durationSchema)),
    /** Scopes by name, each with what it allows. */
    scopes: facet(z.record(nameSchema, facet(z.string()))),
    /** Token, authorization and other endpoints of the scheme, by name: absolute, or a path from the root where the description gives no host (OpenAPI's `tokenUrl: /oauth/token` in a document without servers). */
    token_endpoints: facet(z.record(nameSchema, endpointUrlSchema)),
    /** For OAuth 2.0 flows that offer different scopes: the names of `scopes` each flow offers, by flow (as `token_endpoints` names it: `implicit`, `clientCredentials`…); a flow not listed offers them all. */
    flow_scopes: z.record(nameSchema, namesSchema).optional(),
  },
  {
    ...itemCommonMetas,
    scheme: { label: 'scheme', question: 'What kind of scheme is it (API key, bearer token, OAuth 2.0, SASL...)?' },
    credentials: {
      label: 'credential names',
      question: 'Which credentials does a caller hold?',
      notApplicable: settledBy('credentials', 'names its own credentials (counted once written)', 'oauth2', 'openid-connect', 'http-basic', 'http-bearer', 'user-password'),
    },
    headers: { label: 'header names', question: 'Which request headers carry the credentials?', notApplicable: headersApply },
    location: { label: 'key location', question: 'Where does the API key go: a header, the query, a cookie, or (for a broker) the user or password of the connection?', refinement: 'location', notApplicable: onlyFor('key location', 'api-key') },
    token_format: { label: 'token format', question: 'What is the token (a JWT, an opaque string...)?', refinement: 'token_format', notApplicable: onlyFor('token format', 'http-bearer') },
    token_lifetimes: { label: 'token lifetimes', question: 'How long do the tokens live?', notApplicable: onlyFor('tokens', 'http-bearer', 'oauth2', 'openid-connect') },
    scopes: {
      label: 'scopes',
      question: 'Which scopes can a token carry?',
      notApplicable: onlyFor('scopes', 'oauth2', 'openid-connect'),
      children: { label: () => 'scope', entry: { question: (scope) => `What does the scope ${scope} allow?`, prose: true } },
    },
    token_endpoints: { label: 'token endpoints', question: 'Where are tokens issued and refreshed?', notApplicable: onlyFor('token endpoints', 'oauth2', 'openid-connect') },
  },
);
export type AuthSchemeItem = z.infer<typeof authSchemeItem>;

/** Seconds in an ISO 8601 duration (months as 30 days, years as 365), or undefined. */
export function seconds(iso: unknown): number | undefined {
  if (typeof iso !== 'string') return undefined;
  try {
    const d = parseDuration(iso);
    return ((((d.years ?? 0) * 365 + (d.months ?? 0) * 30 + (d.weeks ?? 0) * 7 + (d.days ?? 0)) * 24 + (d.hours ?? 0)) * 60 + (d.minutes ?? 0)) * 60 + (d.seconds ?? 0);
  } catch {
    return undefined;
  }
}

export const authentication = defineArea({
  key: 'authentication',
  title: 'Authentication',
  covers: 'Authentication (scheme, credential names, header names, token lifetimes, scopes, token endpoints)',
  guide: [
    'Authentication: one file per scheme (authentication/<id>.yaml). Write `inventory: complete`',
    'once every scheme has its file, or `inventory: { none: reason }` for an open service.',
  ],
  schema: authenticationArea,
  items: { noun: 'authentication scheme', plural: 'authentication schemes', schema: authSchemeItem, referable: true },
  view: (item) => {
    const scheme = stated(item.scheme);
    return scheme === undefined ? {} : { listing: { badge: scheme } };
  },
  // An API key is told apart from another by where it goes, as stated (Zapier's three keys read
  // "API key in header X-Api-Key", "API key in query api_key"...), any other kind by its name.
  untitled: (item) => {
    const scheme = stated(item.scheme);
    if (scheme === undefined) return undefined;
    const [location, headers, credentials] = [stated(item.location), stated(item.headers), stated(item.credentials)];
    const name = location === 'header' ? headers?.[0] : credentials?.[0];
    return scheme === 'api-key' && typeof location === 'string' ? `API key in ${location}${name !== undefined ? ` ${name}` : ''}` : SCHEME_NAMES[scheme];
  },
  layout: () => [
    { kind: 'signature', keys: ['scheme'] },
    { kind: 'facts', keys: ['credentials', 'headers', 'location', 'token_format', 'http_scheme', 'mechanism'] },
    { kind: 'entries', key: 'scopes', title: 'Scopes' },
    { kind: 'entries', key: 'token_lifetimes', title: 'Token lifetimes' },
    { kind: 'entries', key: 'token_endpoints', title: 'Token endpoints' },
  ],
  breaking(before, after, say, id) {
    if (!after) return say(`Authentication scheme ${markdownCode(id)} removed.`);
    const now = stated(after.token_lifetimes) ?? {};
    for (const [token, life] of Object.entries(stated(before.token_lifetimes) ?? {})) {
      const next = own(now, token);
      const [was, is] = [seconds(life), seconds(next)];
      if (was !== undefined && is !== undefined && is < was) say(`Token lifetime ${markdownCode(token)} of ${markdownCode(id)} shortened from ${life} to ${String(next)}.`, ['token_lifetimes', token]);
    }
  },
});
