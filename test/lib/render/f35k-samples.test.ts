// Brief F35k (session 15), the r14 review's M4 and L1: an endpoint's own server whose URL names a
// variable with no default (`https://auth.example.com/{tenant}`) was called in every code sample as
// `https://auth.example.com/%7Btenant%7D/login`, an address nobody states, with nothing saying to fill
// `{tenant}`. Through the real loader and the site's views (test/fixtures/mock/r14-own-servers, the
// fixture the mock's test serves too), and the real code-sample function.
import { describe, expect, it } from 'vitest';
import { codeSamples } from '../../../src/lib/render/samples.ts';
import { blockOf, fixture, itemOf, siteViews, specAt } from '../../helpers.ts';

describe('the code samples of an endpoint whose own server names a variable with no default (r14 M4)', async () => {
  const views = siteViews(await specAt(fixture('mock/r14-own-servers')));

  it('call the placeholder {base_url}, never the variable percent-encoded, and name the variable', () => {
    const page = itemOf(views, 'endpoints', 'login');
    const block = blockOf(page, 'samples');
    expect(block?.samples.length).toBe(8);
    for (const s of block?.samples ?? []) {
      expect(s.code, s.label).toContain('{base_url}/login');
      expect(s.code, s.label).not.toMatch(/%7B|auth\.example\.com/i);
    }
    expect(block?.notes).toEqual([
      "The base address is the endpoint's own server, https://auth.example.com/{tenant}, not the service's.",
      'The base address is left as the placeholder {base_url}: it names the server variable {tenant}, which states no default; put the address with a value for it in place of {base_url}.',
    ]);
    // The signature shows the server as written, its variable as a variable.
    expect(blockOf(page, 'signature')?.base).toBe('https://auth.example.com/{tenant}');
  });

  it('leave an address whose default puts a `..` segment in its path as the placeholder, as the mock does not serve it (r14 L1)', () => {
    const block = blockOf(itemOf(views, 'endpoints', 'get-dots'), 'samples');
    for (const s of block?.samples ?? []) expect(s.code, s.label).toContain('{base_url}/dots');
    expect(block?.notes).toContain('The base address is left as the placeholder {base_url}: its path holds a `.` or `..` segment, which some HTTP clients resolve and others send as it is.');
  });

  it('name every unfilled variable, each once (the real code-sample function)', () => {
    const { samples, notes } = codeSamples({ method: 'GET', base: 'https://{region}.example.com/{tenant}', baseUnfilled: ['region', 'tenant'], path: '/x', pathValues: {}, query: [], headers: [] });
    for (const s of samples) expect(s.code, s.label).toContain('{base_url}/x');
    expect(notes).toEqual(['The base address is left as the placeholder {base_url}: it names the server variables {region}, {tenant}, which state no default; put the address with a value for each in place of {base_url}.']);
  });
});
