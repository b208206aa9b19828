import { authSchemeItem, authenticationArea } from '../../schema/auth-scheme.ts';
import { inventory, type AreaDef, type Obj } from '../facet-def.ts';

/** Facets of a scheme that only some kinds of scheme have; an unstated kind keeps them all. */
const only =
  (...kinds: string[]) =>
  (owner: Obj): boolean =>
    typeof owner.scheme !== 'string' || kinds.includes(owner.scheme);

export const authentication: AreaDef = {
  key: 'authentication',
  title: 'Authentication',
  covers: 'Authentication (scheme, credential names, header names, token lifetimes, scopes, token endpoints)',
  schema: authenticationArea,
  facets: [
    inventory('inventory', 'authentication schemes', 'scheme, credential names, header names, token lifetimes, scopes and token endpoints'),
  ],
  items: {
    noun: 'authentication scheme',
    plural: 'authentication schemes',
    schema: authSchemeItem,
    facets: () => [
      { key: 'scheme', label: 'scheme', question: 'What kind of scheme is it (API key, bearer token, OAuth 2.0...)?' },
      { key: 'credentials', label: 'credential names', question: 'Which credentials does a caller hold?' },
      {
        key: 'headers',
        label: 'header names',
        question: 'Which request headers carry the credentials?',
        applies: only('api-key', 'http-basic', 'http-bearer', 'oauth2', 'openid-connect'),
      },
      {
        key: 'token_lifetimes',
        label: 'token lifetimes',
        question: 'How long do the tokens live?',
        applies: only('http-bearer', 'oauth2', 'openid-connect'),
      },
      { key: 'scopes', label: 'scopes', question: 'Which scopes can a token carry?', applies: only('oauth2', 'openid-connect') },
      {
        key: 'token_endpoints',
        label: 'token endpoints',
        question: 'Where are tokens issued and refreshed?',
        applies: only('oauth2', 'openid-connect'),
      },
    ],
  },
};
