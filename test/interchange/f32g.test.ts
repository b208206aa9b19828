import { describe, expect, it } from 'vitest';
import { areaOf, type Analysis } from '../../src/lib/index.ts';
import { specFrom } from '../helpers.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { roundTrip } from './helpers.ts';

/**
 * Issue 32 meets the interchange, brief F32g (T32u, /work/notes/s14/t32u): N-i, an operation's or a
 * path item's own `servers` is kept on its endpoints (the spec states an endpoint's servers as
 * purpose states the service's), written back as the operation's `servers`, a fixed point, valid;
 * `check` reads them as it reads purpose's. Fixtures: test/fixtures/interchange/t32u/.
 */
const FIXTURE = (name: string) => `test/fixtures/interchange/t32u/${name}.yaml`;
const problems = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').map((d) => `${d.severity} ${d.code} ${d.file}: ${d.message}`);
const endpoint = (a: Analysis, id: string) => areaOf(a.spec, 'endpoints').items.find((i) => i.id === id)?.data;

describe('T32u N-i: a path item’s and an operation’s own servers', () => {
  it('are kept on the endpoints (an operation’s over its path’s), not said to have no place; a webhook’s still are', async () => {
    const trip = await roundTrip(FIXTURE('n-i-path-servers'));
    const a = trip.first.analysis;
    expect(problems(a)).toEqual([]);
    expect(endpoint(a, 'PostUsersLogin')?.servers).toEqual([{ url: 'https://hub.docker.com' }]);
    expect(endpoint(a, 'PostUsers2FALogin')?.servers).toEqual([
      { url: 'https://{region}.hub.docker.com', description: 'Regional login', variables: { region: { default: 'eu', allowed: ['eu', 'us'], description: 'Where the account lives.' } } },
    ]);
    expect(endpoint(a, 'getSummary')).not.toHaveProperty('servers');
    expect(trip.first.result.unmapped.map((u) => `${u.pointer} ${u.reason}`)).toEqual(["/webhooks/onLogin/servers a path item's `servers` has no place in the spec"]);
  });

  it('are written back as each operation’s `servers`: valid by the official validator, read back alike, a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('n-i-path-servers'));
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(trip.exported.paths['/v2/users/login'].post.servers).toEqual([{ url: 'https://hub.docker.com' }]);
    expect(trip.exported.paths['/v2/users/2fa-login'].post.servers).toEqual([
      { url: 'https://{region}.hub.docker.com', description: 'Regional login', variables: { region: { default: 'eu', enum: ['eu', 'us'], description: 'Where the account lives.' } } },
    ]);
    expect(trip.exported.paths['/summary'].get).not.toHaveProperty('servers');
    expect(trip.exported.servers).toEqual([{ url: 'https://hub.docker.com/api/publisher/analytics/v1' }]);
    expect(trip.second.result.unmapped).toEqual([]);
    expect(endpoint(trip.second.analysis, 'PostUsersLogin')?.servers).toEqual([{ url: 'https://hub.docker.com' }]);
    expect(JSON.stringify(trip.again)).toBe(JSON.stringify(trip.exported));
    expect((trip.exported['x-specbench-unexported'] ?? []).filter((u: { id: string }) => u.id.includes('servers'))).toEqual([]);
  });

  it('the made document’s operation-level server (`get_thing`, EU only) is kept with its words, and goes back out', async () => {
    const trip = await roundTrip(FIXTURE('n-i-operation-servers'));
    expect(endpoint(trip.first.analysis, 'get_thing')?.servers).toEqual([{ url: 'https://eu.api.example.com/v1', description: 'EU only' }]);
    expect(endpoint(trip.first.analysis, 'put_thing')).not.toHaveProperty('servers');
    expect(trip.first.result.unmapped.filter((u) => u.pointer.includes('servers'))).toEqual([]);
    expect(trip.exported.paths['/things/{thingId}'].get.servers).toEqual([{ url: 'https://eu.api.example.com/v1', description: 'EU only' }]);
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(JSON.stringify(trip.again)).toBe(JSON.stringify(trip.exported));
  });

  it('an operation’s server the spec cannot hold is said at its own pointer, not kept', async () => {
    const { writeFile, mkdtemp } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(await mkdtemp(join(tmpdir(), 'specbench-f32g-')), 'openapi.json');
    const doc = { openapi: '3.0.3', info: { title: 'T', version: '1' }, servers: [{ url: 'https://api.example.com' }], paths: { '/a': { get: { operationId: 'a', servers: [{ url: 'javascript:alert(1)' }], responses: { '200': { description: 'ok' } } } } } };
    await writeFile(file, JSON.stringify(doc));
    const { importToSpec } = await import('./helpers.ts');
    const { result, analysis } = await importToSpec(file);
    expect(result.unmapped.map((u) => u.pointer)).toEqual(['/paths/~1a/get/servers/0']);
    expect(endpoint(analysis, 'a')).not.toHaveProperty('servers');
    expect(problems(analysis)).toEqual([]);
  });
});

describe('T32u N-i: `check` reads an endpoint’s servers as it reads purpose’s', () => {
  const files = (servers: string) => ({
    'purpose/_area.yaml': 'name: S\nbase_url: https://api.example.com\n',
    'endpoints/a.yaml': `method: GET\npath: /a\n${servers}`,
  });
  it('refuses an address that is not a server’s, located at the endpoint’s file', () => {
    const a = specFrom(files('servers:\n  - url: "javascript:alert(1)"\n'));
    const found = a.diagnostics.filter((d) => d.file === 'endpoints/a.yaml' && d.severity === 'error');
    expect(found.length).toBe(1);
    expect(found[0]?.message).toMatch(/absolute URL/);
    expect(found[0]?.line).toBe(4);
  });
  it('refuses a variable’s default that is not among its allowed values', () => {
    const a = specFrom(files('servers:\n  - url: "https://{region}.example.com"\n    variables:\n      region: { default: mars, allowed: [eu, us] }\n'));
    expect(a.diagnostics.filter((d) => d.code === 'default-value').map((d) => [d.file, d.line, d.message])).toEqual([
      ['endpoints/a.yaml', 6, 'The default of server variable `region` is the text `mars`, which is not among its allowed values ("eu", "us").'],
    ]);
  });
  it('takes a path from the root, and opens no gap when the key is absent', () => {
    const a = specFrom(files('servers:\n  - url: /eu/v1\n'));
    expect(a.diagnostics.filter((d) => d.file === 'endpoints/a.yaml' && d.severity === 'error')).toEqual([]);
    const b = specFrom(files(''));
    expect(b.assessment.gaps.map((g) => g.id).filter((id) => id.includes('servers'))).toEqual([]);
  });
});

describe('T32u N-b: an operation’s `externalDocs` with an address relative to the document’s own site', () => {
  it('is not kept, said at its pointer (a fragment of the vendor’s page, a relative file), as a prose link to such an address is not', async () => {
    const trip = await roundTrip(FIXTURE('n-b-externaldocs'));
    const a = trip.first.analysis;
    expect(endpoint(a, 'get_token')).not.toHaveProperty('external_docs');
    expect(endpoint(a, 'get_docs')).not.toHaveProperty('external_docs');
    expect(trip.first.result.unmapped.filter((u) => u.pointer.endsWith('/externalDocs')).map((u) => `${u.pointer} ${u.reason}`)).toEqual([
      "/paths/~1token/post/externalDocs the external documentation's address `#section/Getting-Started/Perpetuating-Access` is relative to a page of the document's own site, and no page of the spec answers it: the external documentation is not kept, nor its description",
      "/paths/~1docs/get/externalDocs the external documentation's address `docs/guide.html` is relative to a page of the document's own site, and no page of the spec answers it: the external documentation is not kept",
    ]);
    // Nothing the document did not state goes back out.
    expect(JSON.stringify(trip.exported)).not.toContain('externalDocs');
    expect(await openApiProblems(trip.exported)).toEqual([]);
  });
});
