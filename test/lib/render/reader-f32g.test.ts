// Issue 32 meets the interchange, brief F32g (T32u N-i, /work/notes/s14/t32u): an endpoint's own
// servers (OpenAPI's path item or operation `servers`) are the address its page and every code
// sample call, never the global server joined to its path (an address the document never states).
// Through the real importer, loader and site views.
import { describe, expect, it } from 'vitest';
import { blockOf, itemOf, siteViews } from '../../helpers.ts';
import { importToSpec } from '../../interchange/helpers.ts';

const FIXTURE = (name: string) => `test/fixtures/interchange/t32u/${name}.yaml`;

async function views(name: string) {
  return siteViews((await importToSpec(FIXTURE(name))).analysis);
}

describe('T32u N-i: the page of an endpoint with its own servers', async () => {
  const paths = await views('n-i-path-servers');
  const ops = await views('n-i-operation-servers');

  it('joins its path to its path item’s server in the signature and every code sample', () => {
    const page = itemOf(paths, 'endpoints', 'PostUsersLogin');
    expect(blockOf(page, 'signature')?.base).toBe('https://hub.docker.com');
    const samples = blockOf(page, 'samples')?.samples ?? [];
    expect(samples.length).toBeGreaterThan(4);
    for (const s of samples) {
      expect(s.code, s.label).toContain('https://hub.docker.com/v2/users/login');
      expect(s.code, s.label).not.toContain('analytics');
    }
    expect(blockOf(page, 'samples')?.notes).toContain("The base address is the endpoint's own server, https://hub.docker.com, not the service's.");
  });

  it('takes an operation’s own servers over its path item’s, its variables at their defaults, said', () => {
    const page = itemOf(paths, 'endpoints', 'PostUsers2FALogin');
    expect(blockOf(page, 'signature')?.base).toBe('https://eu.hub.docker.com');
    const block = blockOf(page, 'samples');
    for (const s of block?.samples ?? []) expect(s.code, s.label).toContain('https://eu.hub.docker.com/v2/users/2fa-login');
    expect(block?.notes).toContain("The base address is the endpoint's own first server's, https://{region}.hub.docker.com, with its variables at their defaults: region = eu.");
  });

  it('leaves an endpoint without servers of its own on the service’s base address', () => {
    const page = itemOf(paths, 'endpoints', 'getSummary');
    expect(blockOf(page, 'signature')?.base).toBe('https://hub.docker.com/api/publisher/analytics/v1');
    for (const s of blockOf(page, 'samples')?.samples ?? []) expect(s.code, s.label).toContain('https://hub.docker.com/api/publisher/analytics/v1/summary');
  });

  it('shows the operation’s own server (the made document: `get_thing`, EU only) and its words on the page', () => {
    const page = itemOf(ops, 'endpoints', 'get_thing');
    expect(blockOf(page, 'signature')?.base).toBe('https://eu.api.example.com/v1');
    for (const s of blockOf(page, 'samples')?.samples ?? []) expect(s.code, s.label).toContain('https://eu.api.example.com/v1/things/');
    expect(JSON.stringify(blockOf(page, 'facts'))).toContain('EU only');
    // The other operation on the path states none: the service's.
    expect(blockOf(itemOf(ops, 'endpoints', 'put_thing'), 'signature')?.base).toBe('https://api.example.com/v1');
  });
});

describe('T32u N-b: an operation’s external docs at an address relative to the document’s own site', async () => {
  const model = await views('n-b-externaldocs');
  it('is no link on the page: no address the document did not state (`/endpoints/get_docs/docs/guide.html`)', () => {
    for (const id of ['get_token', 'get_docs']) {
      const page = itemOf(model, 'endpoints', id);
      expect(page.externalDocs, id).toBeUndefined();
      expect(JSON.stringify(page), id).not.toMatch(/guide\.html|#section\/Getting-Started/);
    }
  });
});
