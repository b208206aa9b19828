import type { ItemInput } from '../../areas/index.ts';
import { isObj, type Obj } from '../../facet/state.ts';
import { urlSchema } from '../../facet/values.ts';
import { isRelativeServerUrl } from '../../safety/url.ts';
import { seg, type Unmapped } from '../result.ts';
import { usableName } from '../schema-map.ts';
import { flowScopes } from '../flow-scopes.ts';

/** The OAuth flows OpenAPI 3.0 and 3.1 state. */
export const OAUTH_FLOWS: readonly string[] = ['implicit', 'password', 'clientCredentials', 'authorizationCode'];

/** An OpenAPI security scheme as an authentication scheme. */
export function mapScheme(s: Obj, pointer: string, unmapped: Unmapped[], base?: string): ItemInput<'authentication'> {
  const common = typeof s.description === 'string' && s.description.trim() !== '' ? { description: s.description } : {};
  /** A URL as the spec states it: absolute, a relative one resolved against the server as OpenAPI resolves it (said), a path from the root where no server gives a base, else none (said). */
  const absolute = (url: unknown, at: string): string | undefined => {
    if (typeof url !== 'string') return undefined;
    if (urlSchema.safeParse(url).success) return url;
    const resolved = base !== undefined && URL.canParse(url, base) ? new URL(url, base).href : undefined;
    if (resolved !== undefined && urlSchema.safeParse(resolved).success) {
      unmapped.push({ pointer: at, reason: `the relative URL \`${url}\` is kept resolved against the server \`${base}\`, as OpenAPI resolves it: \`${resolved}\`` });
      return resolved;
    }
    // No server gives a base: a path from the root is kept as written, relative to where the document is read (as OpenAPI reads it), and an export writes it so.
    if (base === undefined && isRelativeServerUrl(url)) return url;
    unmapped.push({ pointer: at, reason: `\`${url}\` is not an absolute URL${base === undefined ? ' or a path from the root' : ''}, and no server gives it a base; the spec states token endpoints by absolute URL${base === undefined ? ' or path from the root' : ''}` });
    return undefined;
  };
  switch (s.type) {
    case 'apiKey': {
      if (s.in !== 'header' && s.in !== 'query' && s.in !== 'cookie') unmapped.push({ pointer: `${pointer}/in`, reason: `an API key in \`${String(s.in)}\` is not a header, query or cookie key` });
      // A key name the spec cannot hold is not reached here: the scheme is not kept (`unkeptKeyName`, one rule with AsyncAPI's).
      // Without a name, the key's name (and header) stays open: none is made up (r14 L3: not "api key").
      const named = typeof s.name === 'string' && usableName(s.name);
      return {
        ...common,
        scheme: 'api-key',
        ...(s.in === 'header' || s.in === 'query' || s.in === 'cookie' ? { location: s.in } : {}),
        ...(named ? { credentials: [String(s.name)] } : {}),
        // Header names apply to a key in a header only (a stated location settles the rest).
        ...(s.in === 'header' ? (named ? { headers: [String(s.name)] } : {}) : s.in === 'query' || s.in === 'cookie' ? {} : { headers: { none: `The key goes in the ${String(s.in)}, not in a header.` } }),
      };
    }
    case 'http': {
      const kind = String(s.scheme).toLowerCase();
      if (kind === 'bearer') return { ...common, scheme: 'http-bearer', headers: ['Authorization'], ...(typeof s.bearerFormat === 'string' && s.bearerFormat.trim() !== '' ? { token_format: s.bearerFormat } : {}) };
      if (typeof s.bearerFormat === 'string') unmapped.push({ pointer: `${pointer}/bearerFormat`, reason: 'a bearer format on a scheme that is not bearer has no place in the spec' });
      if (kind === 'basic') return { ...common, scheme: 'http-basic', headers: ['Authorization'], credentials: ['username', 'password'] };
      // Digest, HOBA, a scheme of the service's own…: another HTTP scheme, by its name.
      return { ...common, scheme: 'http', http_scheme: String(s.scheme), headers: ['Authorization'] };
    }
    case 'oauth2': {
      const written = isObj(s.flows) ? s.flows : {};
      // OpenAPI 3.0 and 3.1 state four flows; another (3.2's `deviceAuthorization`) is said, not kept: no export writes it.
      for (const flow of Object.keys(written)) if (!OAUTH_FLOWS.includes(flow)) unmapped.push({ pointer: `${pointer}/flows/${seg(flow)}`, reason: `the OAuth flow \`${flow}\` is not one OpenAPI 3.0 or 3.1 states (${OAUTH_FLOWS.join(', ')}): it is not kept` });
      const flows = Object.fromEntries(Object.entries(written).filter(([flow]) => OAUTH_FLOWS.includes(flow)));
      const endpoints: Record<string, string> = {};
      const { scopes, flow_scopes } = flowScopes(flows, 'scopes', pointer, unmapped);
      for (const [flow, f] of Object.entries(flows)) {
        if (!isObj(f)) continue;
        for (const k of ['authorizationUrl', 'tokenUrl', 'refreshUrl']) {
          const url = absolute(f[k], `${pointer}/flows/${flow}/${k}`);
          if (url !== undefined) endpoints[`${flow}.${k.replace('Url', '')}`] = url;
        }
      }
      return { ...common, scheme: 'oauth2', headers: ['Authorization'], scopes: Object.keys(scopes).length ? scopes : { none: 'The flows define no scopes.' }, ...(flow_scopes ? { flow_scopes } : {}), ...(Object.keys(endpoints).length ? { token_endpoints: endpoints } : {}) };
    }
    case 'openIdConnect': {
      const url = absolute(s.openIdConnectUrl, `${pointer}/openIdConnectUrl`);
      return { ...common, scheme: 'openid-connect', headers: ['Authorization'], ...(url !== undefined ? { token_endpoints: { discovery: url } } : {}) };
    }
    case 'mutualTLS':
      return { ...common, scheme: 'mutual-tls' };
    default:
      unmapped.push({ pointer, reason: `security scheme type \`${String(s.type)}\` is not known` });
      return common;
  }
}

