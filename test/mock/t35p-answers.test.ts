import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, fixture, writeSpec } from '../helpers.ts';
import { call, gapsJson, serve, startMock, type Served } from './harness.ts';

/**
 * Issue 35, t35 (session 10) D13-D15, D11, D9, D7: the mock's answers. Each through the real
 * loader and the command line's node:http server on a free port, over real HTTP.
 */

/** The line (1-based) of the first line of a fixture's file that holds `marker`. */
function lineOf(dir: string, file: string, marker: string): number {
  const i = readFileSync(join(dir, file), 'utf8').split('\n').findIndex((l) => l.includes(marker));
  if (i < 0) throw new Error(`${marker} not in ${file}`);
  return i + 1;
}

const purpose = 'name: Mock test\nbase_url: https://api.example.com/v1\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n';

/** The complete fixture's payments, taken by an endpoint with no size limit (a body past 1 MB goes to the body thread). */
const bigSpec = new Map([
  ['purpose/_area.yaml', purpose],
  ['resources/Card.yaml', 'fields:\n  method: { type: string, required: true, allowed: [card] }\n  last4: { type: string, required: true, pattern: "^[0-9]{4}$" }\n'],
  ['resources/BankTransfer.yaml', 'fields:\n  method: { type: string, required: true, allowed: [bank_transfer] }\n  iban: { type: string, required: true }\n'],
  ['resources/Payment.yaml', 'value:\n  type: one_of\n  of: [Card, BankTransfer]\n  discriminator: { field: method, mapping: { card: Card, bank_transfer: BankTransfer } }\n'],
  ['resources/Paid.yaml', 'fields:\n  payment: { type: Payment, required: true }\n  pad: { type: string, required: false }\n'],
  ['endpoints/orders.yaml', 'method: POST\npath: /orders\nparameters: { none: None. }\nrequest: { required: true, content: { application/json: { resource: Paid } } }\nresponses:\n  "204": { none: Nothing. }\n'],
]);

type Problem = { name: string; expected: string; file: string; line: number };

describe('a discriminated one_of in a request body (t35 D13)', () => {
  const dir = fixture('complete');
  let served: Served;
  let threaded: Served;
  beforeAll(async () => {
    served = await serve(dir);
    // Bodies past 1 MB are checked on the body thread: its errors come back with what picks the variant.
    threaded = await serve(await writeSpec(bigSpec), { bodyThread: new URL('../../src/lib/index.ts', import.meta.url) });
  });
  afterAll(async () => {
    await served.close();
    await threaded.close();
  });
  const order = (payment: unknown, pad = '') => JSON.stringify({ status: 'draft', total: 1, paid: false, lines: [{ sku: 'A-1', quantity: 1 }], payment, ...(pad ? { legacy_ref: pad } : {}) });
  const post = (origin: string, body: string) => call(origin, '/v1/orders', { method: 'POST', headers: { authorization: 'Bearer t', 'content-type': 'application/json' }, body });
  const problems = (json: unknown) => ((json as { errors: Problem[] }).errors ?? []).map((p) => ({ name: p.name, expected: p.expected, file: p.file, line: p.line }));

  it('names only the variant the discriminator picks, each problem at the line of the field that states the rule', async () => {
    const card = await post(served.origin, order({ method: 'card', last4: '12' }));
    expect(card.status).toBe(422);
    expect(problems(card.json)).toEqual([{ name: 'payment.last4', expected: 'expected text matching `^[0-9]{4}$`', file: 'resources/Card.yaml', line: lineOf(dir, 'resources/Card.yaml', 'last4:') }]);
    const missing = await post(served.origin, order({ method: 'card' }));
    expect(problems(missing.json)).toEqual([{ name: 'payment.last4', expected: 'required, but missing', file: 'resources/Card.yaml', line: lineOf(dir, 'resources/Card.yaml', 'last4:') }]);
    const bank = await post(served.origin, order({ method: 'bank_transfer', last4: '1234' }));
    expect(problems(bank.json)).toEqual([{ name: 'payment.iban', expected: 'required, but missing', file: 'resources/BankTransfer.yaml', line: lineOf(dir, 'resources/BankTransfer.yaml', 'iban:') }]);
    // A fitting card payment is taken.
    expect((await post(served.origin, order({ method: 'card', last4: '1234' }))).status).toBe(201);
  });

  it('a value the discriminator does not map still hears of every variant, each at its own lines', async () => {
    const other = await post(served.origin, order({ method: 'cheque' }));
    expect(other.status).toBe(422);
    const found = problems(other.json);
    expect(found).toContainEqual({ name: 'payment.method', expected: 'expected one of "card"', file: 'resources/Card.yaml', line: lineOf(dir, 'resources/Card.yaml', 'method:') });
    expect(found).toContainEqual({ name: 'payment.iban', expected: 'required, but missing', file: 'resources/BankTransfer.yaml', line: lineOf(dir, 'resources/BankTransfer.yaml', 'iban:') });
    expect(found).toContainEqual({ name: 'payment', expected: 'expected one of its variants', file: 'resources/Payment.yaml', line: lineOf(dir, 'resources/Payment.yaml', 'of:') });
  });

  it('picks the same variant for a body checked on the body thread', async () => {
    const big = await post(threaded.origin, JSON.stringify({ payment: { method: 'card', last4: '12' }, pad: 'x'.repeat(1_100_000) }));
    expect(big.status).toBe(422);
    expect(problems(big.json)).toEqual([{ name: 'payment.last4', expected: 'expected text matching `^[0-9]{4}$`', file: 'resources/Card.yaml', line: 3 }]);
  });
});

/** A spec whose one endpoint, behind an API key, counts calls by a quota of 2 an hour, its `per` as given. */
const quotaSpec = (per: string) =>
  new Map([
    ['purpose/_area.yaml', purpose],
    ['authentication/_area.yaml', 'inventory: complete\n'],
    ['authentication/key.yaml', 'scheme: api-key\nlocation: header\nheaders: [X-Key]\ncredentials: [key]\n'],
    ['limits/_area.yaml', 'quotas: complete\nsize_bounds: { none: None. }\ntimeouts: { none: None. }\nheaders: [RateLimit, RateLimit-Policy, RateLimit-Remaining, Retry-After]\n'],
    ['limits/q.yaml', `kind: quota\nquota: 2\nwindow: PT1H\nper: ${JSON.stringify(per)}\n`],
    ['endpoints/ping.yaml', 'method: GET\npath: /ping\nparameters: { none: None. }\nresponses:\n  "200": { content_type: application/json, schema: { type: string, allowed: [ok] }, example: ok }\nsecurity: [{ scheme: key }]\nlimits: [q]\n'],
  ]);

/** The status and rate-limit headers of a GET /v1/ping with key `key`, sent from the loopback address `from`. */
function ping(port: number, from: string, key: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path: '/v1/ping', localAddress: from, agent: false, headers: { 'x-key': key } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

describe('a quota counts per what its `per` states (t35 D14)', () => {
  const portOf = (s: Served) => Number(new URL(s.origin).port);

  it('per IP address: calls from one address with different keys share the count', async () => {
    const served = await serve(await writeSpec(quotaSpec('IP address (all callers from one address share it)')));
    try {
      const port = portOf(served);
      expect((await ping(port, '127.0.0.2', 'k1')).status).toBe(200);
      expect((await ping(port, '127.0.0.2', 'k2')).status).toBe(200);
      const third = await ping(port, '127.0.0.2', 'k3');
      expect(third.status).toBe(429);
      expect(third.body).toContain('allows 2 requests per 3600 s, counted per caller address');
      // Another address has its own count.
      expect((await ping(port, '127.0.0.3', 'k1')).status).toBe(200);
    } finally {
      await served.close();
    }
  });

  it('global: every caller counts against one count', async () => {
    const served = await serve(await writeSpec(quotaSpec('global')));
    try {
      const port = portOf(served);
      expect((await ping(port, '127.0.0.2', 'k1')).status).toBe(200);
      expect((await ping(port, '127.0.0.3', 'k2')).status).toBe(200);
      expect((await ping(port, '127.0.0.4', 'k3')).status).toBe(429);
    } finally {
      await served.close();
    }
  });

  it('per something the mock cannot read: counted per credential, said at start, and no header claims the calls left', async () => {
    const dir = await writeSpec(quotaSpec('organization'));
    const started = await startMock(['--spec', dir, '--host', '127.0.0.1']);
    try {
      // The start's notes come before its `serving` line, which `startMock` waited for.
      expect(started.stdout()).toMatch(/note: the quota `q` counts per "organization" \(limits\/q\.yaml\), which the mock does not read .*: it counts per credential/);
      const port = Number(new URL(started.origin).port);
      const first = await ping(port, '127.0.0.1', 'k1');
      expect(first.status).toBe(200);
      expect(first.headers['ratelimit-policy']).toBe('"q";q=2;w=3600');
      expect(first.headers['ratelimit']).toBeUndefined();
      expect(first.headers['ratelimit-remaining']).toBeUndefined();
      expect((await ping(port, '127.0.0.1', 'k2')).status).toBe(200);
      expect((await ping(port, '127.0.0.1', 'k1')).status).toBe(200);
      const refused = await ping(port, '127.0.0.1', 'k1');
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.headers['ratelimit-remaining']).toBeUndefined();
    } finally {
      await started.stop();
    }
  });
});

describe('answers before the endpoint is asked anything are still its answers (t35 D15)', () => {
  const dir = fixture('half-written');
  let served: Served;
  beforeAll(async () => {
    served = await serve(dir);
  });
  afterAll(() => served.close());

  it('a query that is no UTF-8 is refused with the matched endpoint\'s name and gaps', async () => {
    const own = [...(await gapsJson(dir)).keys()].filter((id) => id.startsWith('endpoints/get-loan/'));
    expect(own.length).toBeGreaterThan(0);
    const refused = await call(served.origin, '/loans/1?x=%FF');
    expect(refused.status).toBe(400);
    expect((refused.json as { type: string }).type).toMatch(/bad-query$/);
    expect(refused.headers.get('specbench-endpoint')).toBe('get-loan');
    for (const id of own) expect(refused.gaps).toContain(id);
  });

  it('where the spec states no media type, any body is read as JSON: XML is refused as JSON that is none is', async () => {
    const json = await call(served.origin, '/loans', { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'nope' });
    const xml = await call(served.origin, '/loans', { method: 'POST', headers: { 'content-type': 'text/xml' }, body: '<a/>' });
    expect(json.status).toBe(400);
    expect(xml.status).toBe(400);
    expect(xml.json).toMatchObject({ endpoint: 'create-loan', errors: [{ in: 'body', expected: 'expected JSON' }] });
    expect(xml.headers.get('specbench-endpoint')).toBe('create-loan');
  });
});

describe('what the log and the guards say (t35 D11)', () => {
  it('a stated example that breaks its shape more than 20 times is said with the count of all its problems', async () => {
    const served = await serve(
      await writeSpec(
        new Map([
          ['purpose/_area.yaml', purpose],
          ['endpoints/list.yaml', `method: GET\npath: /list\nparameters: { none: None. }\nresponses:\n  "200":\n    content_type: application/json\n    schema: { type: array, items: { type: object, fields: { a: { type: integer, required: true } } } }\n    example: ${JSON.stringify(Array.from({ length: 30 }, () => ({})))}\n`],
        ]),
      ),
    );
    try {
      expect((await call(served.origin, '/v1/list')).status).toBe(200);
      const note = served.log.join('\n');
      expect(note).toContain('breaks its own shape (`[0].a`: required, but missing; `[1].a`: required, but missing; `[2].a`: required, but missing; and 27 more)');
    } finally {
      await served.close();
    }
  });

  it('a 503 for a spec file that cannot be read carries no quota\'s Retry-After, even with the quota used up', async () => {
    const served = await serve(
      await writeSpec(
        new Map([
          ['purpose/_area.yaml', purpose],
          ['authentication/_area.yaml', 'inventory: complete\n'],
          // A key the schema does not know: the file is read with an error.
          ['authentication/key.yaml', 'scheme: api-key\nlocation: header\nheaders: [X-Key]\ncredentials: { open: Which? }\nbogus: 1\n'],
          ['limits/_area.yaml', 'quotas: complete\nsize_bounds: { none: None. }\ntimeouts: { none: None. }\nheaders: [RateLimit, Retry-After]\n'],
          ['limits/q.yaml', 'kind: quota\nquota: 1\nwindow: PT1M\n'],
          ['endpoints/ping.yaml', 'method: GET\npath: /ping\nparameters: { none: None. }\nresponses:\n  "200": { content_type: application/json, schema: { type: string, allowed: [ok] }, example: ok }\nsecurity: [{ scheme: key }]\nlimits: [q]\n'],
        ]),
      ),
    );
    try {
      for (let i = 0; i < 3; i++) {
        const answer = await call(served.origin, '/v1/ping', { headers: { 'x-key': 'a' } });
        expect(answer.status).toBe(503);
        expect(answer.headers.get('specbench-unreadable')).toBe('authentication/key.yaml');
        expect(answer.headers.get('retry-after')).toBeNull();
        expect(answer.headers.get('ratelimit')).toBeNull();
      }
    } finally {
      await served.close();
    }
  });
});

describe('bodies easy shapes fit are made (t35 D9)', () => {
  const shape = (id: string, schema: string) => [`endpoints/${id}.yaml`, `method: GET\npath: /${id}\nparameters: { none: None. }\nresponses:\n  "200": { content_type: application/json, schema: ${schema} }\n`] as const;
  let served: Served;
  beforeAll(async () => {
    served = await serve(
      await writeSpec(
        new Map([
          ['purpose/_area.yaml', purpose],
          shape('grouped', '{ type: string, pattern: "^(a+)+$", min_length: 5 }'),
          shape('email', '{ type: string, format: email, max_length: 12 }'),
          shape('uri', '{ type: string, format: uri, max_length: 12 }'),
          shape('allowed', '{ type: string, allowed: ["", " "], min_length: 1 }'),
          shape('either', '{ type: one_of, of: [{ type: object, fields: { a: { type: string, required: false } } }, { type: object, fields: { b: { type: integer, required: false } } }] }'),
        ]),
      ),
    );
  });
  afterAll(() => served.close());

  it('makes text of a pattern with groups, a short email or URI, and an allowed value of the stated length', async () => {
    const made = async (path: string) => {
      const answer = await call(served.origin, path);
      expect(answer.status, `${path}: ${answer.text}`).toBe(200);
      return answer.json;
    };
    expect(await made('/v1/grouped')).toBe('aaaaa');
    expect(await made('/v1/email')).toBe('a@b.co');
    expect(await made('/v1/uri')).toBe('https://a.b');
    expect(await made('/v1/allowed')).toBe(' ');
  });

  it('a one_of whose every made value fits two variants is a 501 that says so', async () => {
    const answer = await call(served.origin, '/v1/either');
    expect(answer.status).toBe(501);
    expect((answer.json as { type: string; detail: string }).type).toMatch(/cannot-make$/);
    expect((answer.json as { detail: string }).detail).toContain('expected a value of exactly one of its variants (a one_of), got one that fits variants 1 and 2 at once');
  });
});

describe('two endpoints whose paths differ by a trailing slash are one, as `check` reads them (t35 D7)', () => {
  it('the start names both files and the one that answers, and it answers at both paths', async () => {
    const dir = await writeSpec(
      new Map([
        ['purpose/_area.yaml', purpose],
        ['endpoints/a.yaml', 'method: GET\npath: /items/{id}\nparameters: { path: { id: { type: string, required: true } } }\nresponses: { "200": { content_type: application/json, example: "a" } }\n'],
        ['endpoints/h.yaml', 'method: GET\npath: /items/{id}/\nparameters: { path: { id: { type: string, required: true } } }\nresponses: { "200": { content_type: application/json, example: "h" } }\n'],
      ]),
    );
    const { out } = await cli(['check', '--spec', dir, '--no-cache']);
    expect(out).toContain('endpoints/h.yaml:2:7 error duplicate-endpoint');
    const started = await startMock(['--spec', dir, '--host', '127.0.0.1']);
    try {
      // The start's notes come before its `serving` line, which `startMock` waited for.
      expect(started.stdout()).toContain('note: GET /v1/items/{id}/ (h, endpoints/h.yaml) is never reached: endpoints/a.yaml (a) states the same method and path, an error `specbench check` reports (duplicate-endpoint); the mock answers it from a');
      for (const path of ['/v1/items/5', '/v1/items/5/']) {
        const answer = await call(started.origin, path);
        expect(answer.status, path).toBe(200);
        expect(answer.json, path).toBe('a');
        expect(answer.headers.get('specbench-endpoint'), path).toBe('a');
      }
    } finally {
      await started.stop();
    }
  });
});
