// Facets a kind of authentication scheme does not ask for are not gaps (issue 33): an imported OAuth
// scheme showed "credential names: not stated"; an API key in the query was asked for header names.
import { describe, expect, it } from 'vitest';
import { completeWith } from '../../helpers.ts';

const gapsOf = async (file: string, text: string) => {
  const analysis = await completeWith({ [`authentication/${file}.yaml`]: text });
  return { gaps: analysis.assessment.gaps.filter((g) => g.id.startsWith(`authentication/${file}/`)).map((g) => g.id), diagnostics: analysis.diagnostics.map((d) => `${d.code} ${d.line}`) };
};

describe('the facets of a kind of scheme', () => {
  it('an OAuth 2.0 or OpenID Connect scheme is not asked for credential names, but counts them once written', async () => {
    const oauth = 'scheme: oauth2\nheaders: [Authorization]\ntoken_lifetimes: { access_token: PT1H }\nscopes: { "orders:read": Read orders., "orders:write": Write orders. }\ntoken_endpoints: { token: "https://auth.example.com/token" }\n';
    expect(await gapsOf('oauth2', oauth)).toEqual({ gaps: [], diagnostics: [] });
    expect((await gapsOf('oauth2', `${oauth}credentials: { open: Which? }\n`)).gaps).toEqual(['authentication/oauth2/credentials']);
    const oidc = 'scheme: openid-connect\nheaders: [Authorization]\ntoken_lifetimes: { none: Set by the provider. }\nscopes: { none: Only openid. }\ntoken_endpoints: { none: Discovered. }\n';
    const { gaps } = await gapsOf('oidc', oidc);
    expect(gaps).toEqual([]);
  });

  it('an API key in the query has no header names: not asked for, and ignored (a hint) when written', async () => {
    const query = 'scheme: api-key\ncredentials: [api_key]\nlocation: query\n';
    const { gaps } = await gapsOf('api-key', query);
    expect(gaps).toEqual([]);
    expect((await gapsOf('api-key', `${query}headers: [X-API-Key]\n`)).diagnostics).toEqual(['ignored-facet 4']);
    // In a header, it is asked for.
    expect((await gapsOf('api-key', 'scheme: api-key\ncredentials: [api_key]\nlocation: header\n')).gaps).toEqual(['authentication/api-key/headers']);
  });
});
