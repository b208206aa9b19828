import { describe, expect, it } from 'vitest';
import { importToSpec } from '../../interchange/helpers.ts';
import { blockOf as block, itemOf as item, siteViews } from '../../helpers.ts';

// t32r (session 10) N12: OpenAPI's rule names a variant by its name, text; a discriminator field typed
// integer cannot take it, and the generated example and every code sample sent `"status": "Done"`.
describe('a discriminator without mapping on an integer field', () => {
  it('keeps an integer in the field in the generated request and response examples', async () => {
    const { analysis } = await importToSpec('test/fixtures/interchange/t32r/integer-discriminator.yaml');
    const endpoint = item(siteViews(analysis), 'endpoints', 'send_multi');
    const response = block(endpoint, 'responses')?.responses.find((r) => r.status === '207');
    const [made] = response?.body.examples ?? [];
    expect(made?.generated).toBe(true);
    const example = JSON.parse(made?.text ?? 'null') as { results: Array<{ status: unknown }> };
    expect(example.results.length).toBeGreaterThan(0);
    for (const result of example.results) expect(typeof result.status).toBe('number');
    const request = JSON.stringify(endpoint);
    expect(request).not.toContain('\\"status\\": \\"Done\\"');
    expect(request).not.toContain('\\"status\\":\\"Done\\"');
  });
});
