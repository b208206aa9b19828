// A server may be a path from the root (`/api/v1`, as OpenAPI 3 allows: relative to where the
// description is read), kept as strictly as an absolute address: nothing that a browser reads as
// another host (`//host`, `/\host`, a `/` and `/host` joined once a blank is stripped) or as a
// script, and no query or fragment (issue 32 point 10).
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { isRelativeServerUrl } from '../../../src/lib/safety/url.ts';
import { completeWith } from '../../helpers.ts';

/** The purpose area of the complete fixture with one server whose address is `url`: its diagnostics, as code and line. */
async function withServer(url: string): Promise<string[]> {
  const purpose = stringify({ name: 'Order Service', base_url: '{base_url}', purpose: 'Orders.', domain: 'Retail', users: ['Shops'], servers: [{ url, description: 'The one server.' }] });
  const analysis = await completeWith({ 'purpose/_area.yaml': purpose });
  return analysis.diagnostics.filter((d) => d.file === 'purpose/_area.yaml').map((d) => `${d.severity} ${d.code} ${d.line}:${d.column}`);
}

const HOSTILE = [
  '//evil.example/api',
  '/\\evil.example/api',
  '/\t/evil.example',
  '/\n/evil.example',
  ' /api',
  '/api/\u202egnp.exe',
  '/api/\u0000',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '/api/<script>',
  '/api/"onmouseover="x',
  '/api?debug=1',
  '/api#top',
  'api/v1',
  '../api',
];

describe('a server that is a path from the root', () => {
  it('is kept as written: the root, a path, a path with {variables}', async () => {
    for (const url of ['/', '/api/v1', '/api/{version}/', '/a-b_c.d~e/%20x']) {
      expect(isRelativeServerUrl(url), url).toBe(true);
      expect(await withServer(url), url).toEqual([]);
    }
  });

  it('refuses what a browser would read as another host or a script, blanks, and a query or fragment, with a located error', async () => {
    for (const url of HOSTILE) {
      expect(isRelativeServerUrl(url), JSON.stringify(url)).toBe(false);
      const said = await withServer(url);
      expect(said.length, JSON.stringify(url)).toBeGreaterThan(0);
      expect(said.every((d) => d.startsWith('error ')), `${JSON.stringify(url)}: ${said.join(', ')}`).toBe(true);
    }
  });

  it('leaves absolute addresses as they were: any network scheme, never a script or a local file', async () => {
    for (const url of ['https://api.example.com/v1', 'mqtt://broker.example.com:1883', '{scheme}://api.example.com']) expect(await withServer(url), url).toEqual([]);
    for (const url of ['javascript://x/', 'file:///etc/passwd', 'https://api.example.com/<x>']) expect((await withServer(url)).length, url).toBeGreaterThan(0);
  });
});
