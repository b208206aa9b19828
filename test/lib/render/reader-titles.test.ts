import { describe, expect, it } from 'vitest';
import { exportOpenApi, SiteIndex, specMarkdown } from '../../../src/lib/index.ts';
import { itemOf, siteViews, specFrom } from '../../helpers.ts';
import { importToSpec } from '../../interchange/helpers.ts';

// Issue 32 (vocadb.net: 129 operations with neither operationId nor summary, each page titled by a
// made-up slug) and issue 33 (Spotify's scheme page titled by its raw id `oauth_2_0`): an item that
// states no title is titled for readers by what it states; nothing writes that title back out.

const FIXTURE = 'test/fixtures/reader/pass7/09-no-operationid-no-summary-title.yaml';

describe('the title readers see for an item that states none', () => {
  it('is an endpoint’s method and path, on its page, in its area’s list and in the single document; the export invents no summary', async () => {
    const { analysis } = await importToSpec(FIXTURE);
    const model = siteViews(analysis);
    const [endpoint] = model.areas.find((a) => a.key === 'endpoints')?.items ?? [];
    expect(endpoint?.id).toBe('post-api-songLists');
    expect(endpoint?.title).toBe('POST /api/songLists');
    expect(new SiteIndex(analysis).itemSummaries('endpoints').map((s) => s.title)).toEqual(['POST /api/songLists']);
    expect(specMarkdown(analysis)).toContain('### POST /api/songLists (`endpoints/post-api-songLists`)');
    const exported = exportOpenApi(analysis) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    expect(exported.paths['/api/songLists']?.post).not.toHaveProperty('summary');
  });

  it('is a scheme’s kind by its own name (OAuth 2.0; an API key with where it goes), never a guess where the kind is open', () => {
    const model = siteViews(
      specFrom({
        'authentication/oauth_2_0.yaml': 'scheme: oauth2\n',
        'authentication/key.yaml': 'scheme: api-key\nlocation: header\nheaders: [X-Api-Key]\n',
        'authentication/query-key.yaml': 'scheme: api-key\nlocation: query\ncredentials: [api_key]\n',
        'authentication/some-key.yaml': 'scheme: api-key\n',
        'authentication/open-kind.yaml': 'scheme: { open: Which kind? }\n',
        'authentication/titled.yaml': 'title: Partner tokens\nscheme: oauth2\n',
      }),
    );
    expect(itemOf(model, 'authentication', 'oauth_2_0').title).toBe('OAuth 2.0');
    // Keys of one kind told apart by where they go (Zapier's three API keys read alike).
    expect(itemOf(model, 'authentication', 'key').title).toBe('API key in header X-Api-Key');
    expect(itemOf(model, 'authentication', 'query-key').title).toBe('API key in query api_key');
    expect(itemOf(model, 'authentication', 'some-key').title).toBe('API key');
    expect(itemOf(model, 'authentication', 'open-kind').title).toBe('open-kind');
    expect(itemOf(model, 'authentication', 'titled').title).toBe('Partner tokens');
  });

  it('stays the id for an endpoint whose method or path is open, and a stated title wins', () => {
    const model = siteViews(
      specFrom({
        'endpoints/half.yaml': 'method: GET\npath: { open: true }\n',
        'endpoints/named.yaml': 'title: List orders\nmethod: GET\npath: /orders\n',
      }),
    );
    expect(itemOf(model, 'endpoints', 'half').title).toBe('half');
    expect(itemOf(model, 'endpoints', 'named').title).toBe('List orders');
  });
});
