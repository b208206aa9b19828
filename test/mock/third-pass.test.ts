import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, writeSpec } from '../helpers.ts';
import { call, serve, type Served } from './harness.ts';

type Obj = Record<string, unknown>;

/**
 * The third pass of an independent tester (issue 35, t35d), each case through the real loader and
 * the real server over real HTTP: a body that breaks its shape many times, union and object
 * parameters, numbers read strictly, `Retry-After` from the quota, a vendor media type listed
 * first, distinct allowed values, and list and object response headers.
 */
const ok = '"200": { content_type: application/json, schema: { type: string, allowed: [ok] } }';
const files = new Map([
  ['purpose/_area.yaml', 'name: Third pass\nbase_url: https://api.example.com\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n'],
  ['endpoints/_area.yaml', 'inventory: complete\n'],
  ['endpoints/put-tags.yaml', 'method: PUT\npath: /tags\nparameters: { none: None. }\nrequest:\n  required: true\n  content_type: application/json\n  schema: { type: object, fields: { tags: { type: array, required: true, items: { type: string, allowed: [a, b, c] } } } }\nresponses:\n  "204": { none: Nothing. }\n'],
  ['endpoints/ping.yaml', 'method: GET\npath: /ping\nparameters: { none: None. }\nresponses:\n  "204": { none: Nothing. }\n'],
  ['endpoints/workflow.yaml', `method: GET\npath: /workflows/{workflow_id}\nparameters:\n  path:\n    workflow_id: { type: one_of, required: true, of: [integer, string] }\n  query:\n    page: { type: one_of, of: [integer, string] }\nresponses:\n  ${ok}\n`],
  ['endpoints/search.yaml', `method: GET\npath: /search\nparameters:\n  query:\n    filter: { type: object, required: true, fields: { a: { type: integer, required: true }, b: { type: string, required: false } } }\nresponses:\n  ${ok}\n`],
  ['endpoints/opt.yaml', `method: GET\npath: /opt\nparameters:\n  query:\n    f: { type: object, fields: { x: { type: integer, required: false } } }\nresponses:\n  ${ok}\n`],
  [
    'endpoints/points.yaml',
    `method: GET\npath: /points/{p}\nparameters:\n  path:\n    p: { type: object, required: true, fields: { a: { type: integer, required: true } } }\n  query:\n    q: { type: object, required: true, style: form, explode: false, fields: { a: { type: integer, required: true } } }\n  header:\n    X-Point: { type: object, required: true, fields: { a: { type: integer, required: true } } }\nresponses:\n  ${ok}\n`,
  ],
  ['endpoints/items.yaml', `method: GET\npath: /items/{n}\nparameters:\n  path:\n    n: { type: number, required: true }\n  query:\n    limit: { type: integer, minimum: 1, maximum: 100 }\n    score: { type: number, nullable: true }\nresponses:\n  ${ok}\n`],
  ['limits/_area.yaml', 'quotas: complete\nsize_bounds: { none: None. }\ntimeouts: { none: None. }\nheaders: [RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After]\n'],
  ['limits/two.yaml', 'kind: quota\nquota: 2\nwindow: PT60S\nper: client\n'],
  ['limits/roomy.yaml', 'kind: quota\nquota: 1000\nwindow: PT60S\nper: client\n'],
  ['errors/_area.yaml', 'inventory: complete\nbody: { content_type: application/json, schema: { type: object, fields: { message: { type: string, required: true } } }, example: { message: Slow down. } }\n'],
  ['errors/slow_down.yaml', 'status: 429\n'],
  ['endpoints/get-letter.yaml', 'method: GET\npath: /letter\nparameters: { none: None. }\nresponses:\n  "200": { content_type: application/json, schema: { type: string, allowed: [a] }, example: not-a }\n'],
  ['errors/not_found.yaml', 'status: 404\ntitle: Order not found\nbody: { content_type: application/problem+json, schema: { type: object, fields: { title: { type: string, required: true }, status: { type: integer, required: true }, detail: { type: string, required: false } } } }\n'],
  ['endpoints/get-order.yaml', `method: GET\npath: /orders/{id}\nparameters:\n  path:\n    id: { type: string, required: true }\nresponses:\n  ${ok}\n  "404": { error: not_found }\n`],
  ['endpoints/stated.yaml', `method: GET\npath: /stated\nparameters: { none: None. }\nresponses:\n  ${ok}\n  "429":\n    error: slow_down\n    headers:\n      Retry-After: { type: integer, required: true, description: Seconds to wait. }\nlimits: [two]\n`],
  ['endpoints/roomy.yaml', `method: GET\npath: /roomy\nparameters: { none: None. }\nresponses:\n  ${ok}\n  "429":\n    error: slow_down\n    headers:\n      Retry-After: { type: integer, required: true, description: Seconds to wait. }\nlimits: [roomy]\n`],
  [
    'endpoints/get-content.yaml',
    'method: GET\npath: /contents/{path}\nparameters:\n  path:\n    path: { type: string, required: true }\nresponses:\n  "200":\n    content:\n      application/vnd.github.object:\n        schema: { type: object, fields: { type: { type: string, required: true }, name: { type: string, required: true } } }\n        named_examples:\n          a-file: { summary: A file, value: { type: file, name: README.md } }\n      application/json:\n        schema: { type: object, fields: { type: { type: string, required: true }, name: { type: string, required: true } } }\n',
  ],
  ['endpoints/get-perms.yaml', 'method: GET\npath: /perms\nparameters: { none: None. }\nresponses:\n  "200":\n    content_type: application/json\n    schema: { type: object, fields: { scopes: { type: array, required: true, min_items: 2, unique_items: true, items: { type: string, allowed: [read, write, admin] } } } }\n'],
  ['endpoints/get-too-many.yaml', 'method: GET\npath: /too-many\nparameters: { none: None. }\nresponses:\n  "200":\n    content_type: application/json\n    schema: { type: object, fields: { scopes: { type: array, required: true, min_items: 4, unique_items: true, items: { type: string, allowed: [read, write, admin] } } } }\n'],
  [
    'endpoints/get-page.yaml',
    `method: GET\npath: /page\nparameters: { none: None. }\nresponses:\n  "200":\n    content_type: application/json\n    schema: { type: string, allowed: [ok] }\n    headers:\n      X-Roles: { type: array, items: string, required: true, examples: [[admin, editor]] }\n      X-Made: { type: array, items: { type: integer, minimum: 3 }, min_items: 2, required: true }\n      X-Point: { type: object, required: true, fields: { x: { type: integer, required: true }, y: { type: integer, required: true } }, examples: [{ x: 1, y: 2 }] }\n`,
  ],
]);

describe('the mock, third pass of an independent tester (issue 35)', () => {
  let served: Served;
  beforeAll(async () => {
    // A clock that stands still: a quota's window starts again in exactly 60 s.
    served = await serve(await writeSpec(files), { now: () => 1_700_000_000_000 });
  });
  afterAll(() => served.close());

  it('lists the first 20 problems of a body that breaks its shape 100,000 times and counts the rest, answering another client meanwhile', async () => {
    const n = 50_000;
    const big = call(served.origin, '/tags', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tags: Array<number>(n).fill(1) }) });
    const ping = await call(served.origin, '/ping');
    expect(ping.status).toBe(204);
    const answer = await big;
    expect(answer.status).toBe(422);
    const doc = answer.json as { errors: Obj[]; more: number; detail: string };
    // Two rules broken per item (a number where text of a, b or c is wanted): 20 listed, the rest counted.
    expect(doc.errors).toHaveLength(20);
    expect(doc.errors[0]).toMatchObject({ name: 'tags[0]', file: 'endpoints/put-tags.yaml' });
    expect(doc.more).toBe(2 * n - 20);
    expect(doc.detail).toMatch(new RegExp(`; and ${2 * n - 20} more$`));
  });

  it('checks a body over 1 MB up to its first problem only, and says so; a valid one passes', async () => {
    const tags = Array<unknown>(300_000).fill('a');
    const valid = await call(served.origin, '/tags', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tags }) });
    expect(valid.status).toBe(204);
    const answer = await call(served.origin, '/tags', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tags: [...tags, 1, 2, 3] }) });
    expect(answer.status).toBe(422);
    const doc = answer.json as { errors: Obj[]; more?: number; first_only?: boolean; detail: string };
    expect(doc.errors).toHaveLength(1);
    expect(doc.errors[0]).toMatchObject({ name: 'tags[300000]', got: '1' });
    expect(doc.more).toBeUndefined();
    expect(doc.first_only).toBe(true);
    expect(doc.detail).toMatch(/; a body over 1048576 bytes is checked up to its first problem, so others may follow$/);
  });

  it('reads a `one_of [integer, string]` parameter as either: an integer, a file name, a decimal as text', async () => {
    for (const path of ['/workflows/161335', '/workflows/main.yaml', '/workflows/1.5', '/workflows/7?page=2', '/workflows/7?page=last']) {
      const answer = await call(served.origin, path);
      expect(answer.status, `${path}: ${answer.text}`).toBe(200);
    }
  });

  it('reads object parameters by their style: form exploded in the query (`?a=1&b=x`), simple in the path and headers (`a,1`), form not exploded (`?q=a,1`); an optional one checked', async () => {
    expect((await call(served.origin, '/search?a=1&b=x')).status).toBe(200);
    expect((await call(served.origin, '/search?a=1')).status).toBe(200);
    const wrong = await call(served.origin, '/search?a=nope');
    expect(wrong.status).toBe(400);
    expect((wrong.json as { errors: Obj[] }).errors[0]).toMatchObject({ in: 'query', name: 'filter.a', expected: 'expected an integer', got: '"nope"' });
    const missing = await call(served.origin, '/search?b=x');
    expect(missing.status).toBe(400);
    expect((missing.json as { errors: Obj[] }).errors[0]).toMatchObject({ name: 'filter.a', expected: 'required, but missing' });
    expect((await call(served.origin, '/search')).status).toBe(400);

    expect((await call(served.origin, '/points/a,1?q=a,2', { headers: { 'X-Point': 'a,3' } })).status).toBe(200);
    const bad = await call(served.origin, '/points/a,x?q=a', { headers: { 'X-Point': 'a,3' } });
    expect(bad.status).toBe(400);
    const errors = (bad.json as { errors: Obj[] }).errors;
    expect(errors.map((e) => [e.in, e.name, e.expected])).toEqual([
      ['path', 'p.a', 'expected an integer'],
      ['query', 'q', 'expected an object written as `key,value,key,value`'],
    ]);

    expect((await call(served.origin, '/opt')).status).toBe(200);
    expect((await call(served.origin, '/opt?x=3')).status).toBe(200);
    const optional = await call(served.origin, '/opt?x=notanumber');
    expect(optional.status).toBe(400);
    expect((optional.json as { errors: Obj[] }).errors[0]).toMatchObject({ name: 'f.x', expected: 'expected an integer' });
  });

  it('reads numbers as JSON writes them, never as JavaScript does; `null` where null is allowed; a scalar given twice refused', async () => {
    for (const n of ['10', '-1.5', '2e3', '0']) expect((await call(served.origin, `/items/${n}`)).status, n).toBe(200);
    for (const n of ['Infinity', '0x1A', '0b11', '0o17', '%2010', '10%20', '%2B5', '1.', '.5', 'NaN']) {
      const answer = await call(served.origin, `/items/${n}`);
      expect(answer.status, n).toBe(400);
      expect((answer.json as { errors: Obj[] }).errors[0]).toMatchObject({ name: 'n', expected: 'expected a number' });
    }
    expect((await call(served.origin, '/items/1?limit=%2B5')).status).toBe(400);
    expect((await call(served.origin, '/items/1?limit=5&score=null')).status).toBe(200);
    const twice = await call(served.origin, '/items/1?limit=5&limit=6');
    expect(twice.status).toBe(400);
    expect((twice.json as { errors: Obj[] }).errors[0]).toMatchObject({ name: 'limit', expected: 'expected one value, got 2' });
  });

  it('takes `Retry-After` on a 429 from the quota (seconds until its window starts again), never from the header\'s type; `Prefer: code=429` sends the same headers', async () => {
    expect((await call(served.origin, '/stated')).status).toBe(200);
    expect((await call(served.origin, '/stated')).status).toBe(200);
    const refused = await call(served.origin, '/stated');
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ message: 'Slow down.' });
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.headers.get('ratelimit-reset')).toBe('60');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    const asked = await call(served.origin, '/roomy', { headers: { Prefer: 'code=429' } });
    expect(asked.status).toBe(429);
    expect(asked.headers.get('retry-after')).toBe('60');
    expect(asked.headers.get('ratelimit-remaining')).toBe('0');
    expect(asked.headers.get('ratelimit-limit')).toBe('1000');
  });

  it('answers in JSON when a vendor media type is listed first and the client leaves the choice (no Accept, */*), and serves the vendor type\'s stated example', async () => {
    for (const headers of [{}, { Accept: '*/*' }, { Accept: 'application/*' }] as Array<Record<string, string>>) {
      const answer = await call(served.origin, '/contents/README.md', { headers });
      expect(answer.status, JSON.stringify(headers)).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/json');
      expect(answer.json).toEqual({ type: 'string', name: 'string' });
    }
    const vendor = await call(served.origin, '/contents/README.md', { headers: { Accept: 'application/vnd.github.object' } });
    expect(vendor.status).toBe(200);
    expect(vendor.headers.get('content-type')).toBe('application/vnd.github.object');
    expect(vendor.json).toEqual({ type: 'file', name: 'README.md' });
    const named = await call(served.origin, '/contents/README.md', { headers: { Prefer: 'example=a-file' } });
    expect(named.status).toBe(200);
    expect(named.json).toEqual({ type: 'file', name: 'README.md' });
  });

  it('makes a list of distinct allowed values, and calls a fully stated shape it cannot make what it is (not an open gap)', async () => {
    const perms = await call(served.origin, '/perms');
    expect(perms.status).toBe(200);
    expect(perms.json).toEqual({ scopes: ['read', 'write'] });
    const tooMany = await call(served.origin, '/too-many');
    expect(tooMany.status).toBe(501);
    const doc = tooMany.json as { type: string; title: string; detail: string; gaps?: unknown };
    expect(doc.type).toBe('urn:specbench:mock:cannot-make');
    expect(doc.title).toBe('The mock cannot make this body');
    expect(doc.detail).toContain("the mock cannot make a body that fits its shape (`scopes`: fewer different values of the items were made than min_items asks, each item differing (unique_items) and each one the items' shape allows)");
    expect(doc.gaps).toBeUndefined();
    expect(tooMany.gaps).toEqual([]);
  });

  it('writes list and object response headers in the simple style (`admin,editor`, `x,1,y,2`)', async () => {
    const page = await call(served.origin, '/page');
    expect(page.status).toBe(200);
    expect(page.headers.get('x-roles')).toBe('admin,editor');
    expect(page.headers.get('x-point')).toBe('x,1,y,2');
    expect(page.headers.get('x-made')).toBe('3,3');
  });
});

describe('specbench mock, the smaller findings of the third pass', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(await writeSpec(files));
  });
  afterAll(() => served.close());

  it('serves a stated example that breaks its own shape as stated, and says so in the log', async () => {
    const answer = await call(served.origin, '/letter');
    expect(answer.status).toBe(200);
    expect(answer.json).toBe('not-a');
    expect(served.log.join('\n')).toContain('note: the stated example of get-letter, its 200 response, breaks its own shape (the body: expected one of "a"); it is answered as stated');
  });

  it('gives a generated error body the title its error states, not "string"', async () => {
    const answer = await call(served.origin, '/orders/7', { headers: { Prefer: 'code=404' } });
    expect(answer.status).toBe(404);
    expect(answer.json).toMatchObject({ title: 'Order not found', status: 404 });
  });
});

describe('specbench mock --host', () => {
  it('refuses an empty host with one line, never listening on every interface', async () => {
    const dir = await writeSpec(files);
    const { code, out, err } = await cli(['mock', '--spec', dir, '--port', '0', '--host', '', '--no-cache']);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toBe('specbench mock: --host takes an address or a name to listen on (127.0.0.1 when not given), not an empty value\n');
  });

  it('answers a flag it does not know with its own usage, not every command\'s', async () => {
    const { code, out, err } = await cli(['mock', '--bogus']);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(/^specbench: Unknown option '--bogus'/);
    expect(err).toContain('\n\nUsage: specbench mock [options]\n');
    expect(err).toContain('--port N, --host H');
    expect(err).not.toContain('Commands:');
  });

  it('refuses an option of another command (`--format json`) rather than ignoring it', async () => {
    const dir = await writeSpec(files);
    const { code, out, err } = await cli(['mock', '--spec', dir, '--port', '0', '--no-cache', '--format', 'json']);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(/^specbench: `--format` is not an option of `mock`\n\nUsage: specbench mock \[options\]/);
  });
});
