import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSpec } from '../helpers.ts';
import { call, serve, type Served } from './harness.ts';

/**
 * Issue 32 meets the interchange, brief F32g (T32u N-i): an endpoint that states servers of its own
 * (OpenAPI's path item or operation `servers`: docker's login at `https://hub.docker.com/v2/users/login`
 * beside the service's `…/api/publisher/analytics/v1`) is served at its own server's path, from the
 * root, not under the service's base path. Through the real loader and the command line's server.
 */
const purpose = 'name: Own servers\nbase_url: https://hub.docker.com/api/publisher/analytics/v1\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n';
const ok = 'parameters: { none: None. }\nresponses:\n  "200": { content_type: application/json, schema: { type: object, fields: { ok: { type: boolean, required: true } } }, example: { ok: true } }\n';
const spec = new Map<string, string>([
  ['purpose/_area.yaml', purpose],
  ['endpoints/login.yaml', `method: POST\npath: /v2/users/login\nservers:\n  - url: https://hub.docker.com\nrequest: { none: None. }\n${ok}`],
  ['endpoints/regional.yaml', `method: GET\npath: /ping\nservers:\n  - url: "https://{region}.example.com/{version}"\n    variables:\n      region: { default: eu }\n      version: { default: v2 }\n${ok}`],
  ['endpoints/summary.yaml', `method: GET\npath: /summary\n${ok}`],
]);

describe('the mock serves an endpoint on its own server’s path (T32u N-i)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(await writeSpec(spec));
  });
  afterAll(() => served.close());

  it('answers the login at the path its own server states, not under the service’s base path', async () => {
    const at = await call(served.origin, '/v2/users/login', { method: 'POST' });
    expect([at.status, at.headers.get('specbench-endpoint'), at.json]).toEqual([200, 'login', { ok: true }]);
    const under = await call(served.origin, '/api/publisher/analytics/v1/v2/users/login', { method: 'POST' });
    expect(under.status).toBe(404);
  });

  it('fills its server’s path variables with their defaults', async () => {
    const at = await call(served.origin, '/v2/ping');
    expect([at.status, at.headers.get('specbench-endpoint')]).toEqual([200, 'regional']);
  });

  it('keeps every other endpoint under the service’s base path, and counts them all', async () => {
    expect((await call(served.origin, '/api/publisher/analytics/v1/summary')).status).toBe(200);
    expect((await call(served.origin, '/summary')).status).toBe(404);
    expect(served.mock.endpoints).toBe(3);
  });

  it('says the method its own path takes, listing it at its own path', async () => {
    const wrong = await call(served.origin, '/v2/users/login');
    expect(wrong.status).toBe(405);
    expect((wrong.json as { closest: Array<{ path: string }> }).closest.map((c) => c.path)).toEqual(['/v2/users/login']);
  });
});
