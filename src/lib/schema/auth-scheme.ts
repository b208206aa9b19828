import { z } from 'zod';
import { durationSchema, facet, inventorySchema, itemCommon, nameSchema, prose, urlSchema } from './facet.ts';

export const SCHEMES = ['api-key', 'http-basic', 'http-bearer', 'oauth2', 'openid-connect', 'mutual-tls'] as const;

/** `authentication/_area.yaml`. */
export const authenticationArea = z.strictObject({ inventory: inventorySchema, description: prose.optional() });

/** `authentication/<scheme>.yaml`: one way a caller proves who it is. */
export const authSchemeItem = z.strictObject({
  ...itemCommon,
  scheme: facet(z.enum(SCHEMES, { error: `expected one of ${SCHEMES.join(', ')}` })),
  /** The credentials a caller holds, e.g. `client_id`, `client_secret`, an API key. */
  credentials: facet(z.array(z.string().min(1))),
  /** The request headers that carry them, e.g. `Authorization`. */
  headers: facet(z.array(z.string().min(1))),
  /** Lifetimes by token kind, as ISO 8601 durations: `{ access_token: PT1H }`. */
  token_lifetimes: facet(z.record(nameSchema, durationSchema)),
  /** Scopes by name, with what each allows. */
  scopes: facet(z.record(nameSchema, z.string())),
  /** Token, authorization and other endpoints of the scheme, by name. */
  token_endpoints: facet(z.record(nameSchema, urlSchema)),
});
export type AuthSchemeItem = z.infer<typeof authSchemeItem>;
