import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockServer } from '../../src/cli/commands/mock.ts';
import { analyze, Mock, readSpecDir } from '../../src/lib/index.ts';
import { fixture } from '../helpers.ts';
import { call, serve, type Served } from './harness.ts';

/**
 * Brief F35k (session 15): the r14 review's own-server findings (H5, M3, L1; the samples' M4 is in
 * test/lib/render/f35k-samples.test.ts) and the T35u tester's U3, U9-U13. Real HTTP against the
 * real mock server over the real loader; each fixture under test/fixtures/mock/ is headed with its origin.
 */

describe('an endpoint whose own server names a variable with no default (r14 H5, L1)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/r14-own-servers'));
  });
  afterAll(() => served.close());

  it('is served with the variable segment matching any value, and the start says so', async () => {
    // It was routed at /%7Btenant%7D/login, which no request reaches (the router reads segments decoded), unsaid.
    for (const tenant of ['acme', 'globex']) {
      const answer = await call(served.origin, `/${tenant}/login`, { method: 'POST' });
      expect(answer.status, answer.text).toBe(204);
      expect(answer.headers.get('specbench-endpoint')).toBe('login');
    }
    expect(served.mock.unreachable()).toContain('POST /{tenant}/login (login, endpoints/login.yaml) is served with {tenant} matching any value: its own server https://auth.example.com/{tenant} states no default for it');
  });

  it('is among the closest endpoints of a 404 (own-server endpoints were in no 404 list)', async () => {
    const answer = await call(served.origin, '/acme/logon', { method: 'POST' });
    expect(answer.status).toBe(404);
    const closest = (answer.json as { closest: Array<{ endpoint: string; path: string }> }).closest;
    expect(closest[0]).toMatchObject({ endpoint: 'login', path: '/{tenant}/login' });
  });

  it('does not serve an own server whose default puts a `..` segment in its path (resolved by `new URL` before), and says why at start and in a 404', async () => {
    // `https://dots.example.com/{v}` with v = `../y` was served at /y/dots; the samples refused the same address.
    const resolved = await call(served.origin, '/y/dots');
    expect(resolved.status).toBe(404);
    const why = 'its path holds a `.` or `..` segment, which some HTTP clients resolve and others send as it is';
    expect((resolved.json as { unserved: unknown[] }).unserved).toEqual([{ endpoint: 'get-dots', method: 'GET', path: '/dots', server: 'https://dots.example.com/{v}', why, file: 'endpoints/get-dots.yaml' }]);
    expect((resolved.json as { detail: string }).detail).toContain(`Not served: GET /dots (get-dots), whose own server https://dots.example.com/{v} is no path a request reaches as written (${why})`);
    expect(served.mock.unreachable()).toContain(`GET /dots (get-dots, endpoints/get-dots.yaml) is not served: its own server https://dots.example.com/{v} is no path a request reaches as written (${why})`);
  });
});

describe('the start-up notes read the endpoints on servers of their own too (r14 M3)', () => {
  it('says of an own-server path with a `?` and of one under /_specbench/ how they are reached', async () => {
    const served = await serve(fixture('mock/r14-own-servers'));
    try {
      const notes = served.mock.unreachable();
      expect(notes).toContain('GET /q/what?now (get-query, endpoints/get-query.yaml) holds a `?`, which starts a request\'s query: it is reached only with it percent-encoded (/q/what%3Fnow)');
      expect(notes).toContain("GET /_specbench/x (admin-x, endpoints/admin-x.yaml) is never reached as written: the mock's own pages take every path under /_specbench/; it is reached only with the `_` percent-encoded (/%5Fspecbench/x)");
      // What the notes say holds: reached percent-encoded.
      expect((await call(served.origin, '/q/what%3Fnow')).status).toBe(204);
      expect((await call(served.origin, '/%5Fspecbench/x')).status).toBe(204);
    } finally {
      await served.close();
    }
  });

  it('says that an own-server endpoint answers a service endpoint\'s method and path', async () => {
    const served = await serve(fixture('mock/r14-own-shadow'));
    try {
      expect(served.mock.unreachable()).toContain('GET /v1/orders (list-orders, endpoints/list-orders.yaml) is answered by list-orders2 (endpoints/list-orders2.yaml) where their paths meet: list-orders2 states its own server, whose path /v1/orders the mock serves first');
      expect((await call(served.origin, '/v1/orders')).headers.get('specbench-endpoint')).toBe('list-orders2');
    } finally {
      await served.close();
    }
  });
});

describe('a required field left out for its pattern (r14 M2)', () => {
  it('is said with its pattern, not as a body larger than the mock makes', async () => {
    const served = await serve(fixture('mock/r14-pattern-cut'));
    try {
      const answer = await call(served.origin, '/v1/code');
      expect(answer.status).toBe(501);
      const detail = (answer.json as { detail: string }).detail;
      expect(detail).toContain('the mock made no text that the pattern `^(?=b)a$` matches');
      expect(detail).toContain('so the required field `code` was left out');
      expect(detail).not.toContain('larger than the mock makes');
    } finally {
      await served.close();
    }
  });
});

describe('a body no value is made for, because a pattern cut inside a required field empties it (r14 H4, M2)', () => {
  it('is said with the pattern at any depth, not as a body larger than the mock makes', async () => {
    const served = await serve(fixture('mock/r14-pattern-cut-whole'));
    try {
      for (const [path, field] of [['/v1/outer', '`outer.code`'], ['/v1/codes', '`codes`']] as const) {
        const answer = await call(served.origin, path);
        expect(answer.status, answer.text).toBe(501);
        const detail = (answer.json as { detail: string }).detail;
        expect(detail).toContain('the mock made no text that the pattern `^(?=b)a$` matches');
        expect(detail).toContain(field);
        expect(detail).not.toContain('larger than the mock makes');
      }
    } finally {
      await served.close();
    }
  });
});

describe('an endpoint a state machine names as a transition\'s trigger (T35u U12)', () => {
  let served: Served;
  beforeAll(async () => {
    // The complete fixture: order-status moves draft → placed on place-order, [draft, placed] → cancelled on cancel-order.
    served = await serve(fixture('complete'), { auth: false });
  });
  afterAll(() => served.close());

  it('answers the state the transition leads to where the state field is made; another endpoint the initial state', async () => {
    const id = '6f1c2b1e-8d3a-4f7e-9a51-2b7f0d3c9e11';
    const placed = await call(served.origin, `/v1/orders/${id}/place`, { method: 'POST' });
    expect(placed.status, placed.text).toBe(200);
    expect((placed.json as { status: string }).status).toBe('placed');
    const cancelled = await call(served.origin, `/v1/orders/${id}/cancel`, { method: 'POST' });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect((cancelled.json as { status: string }).status).toBe('cancelled');
    const got = await call(served.origin, `/v1/orders/${id}`);
    expect(got.status, got.text).toBe(200);
    expect((got.json as { status: string }).status).toBe('draft');
  });
});

describe('field examples `check` reports, taken by a made body (T35u U13)', () => {
  it('answer 503 spec-unreadable naming each error\'s file, line and column, not a 501 advising a stated example', async () => {
    const served = await serve(fixture('mock/t35u-field-example-errors'));
    try {
      const answer = await call(served.origin, '/fx');
      expect(answer.status, answer.text).toBe(503);
      const body = answer.json as { type: string; detail: string; errors: Array<{ file: string; line: number; column: number; code: string }> };
      expect(body.type).toBe('urn:specbench:mock:spec-unreadable');
      expect(body.errors.map((e) => `${e.file}:${e.line}:${e.column} ${e.code}`)).toEqual(['endpoints/fx.yaml:7:106 default-value', 'endpoints/fx.yaml:7:175 default-value']);
      expect(body.detail).not.toContain('a stated example of it would be answered');
    } finally {
      await served.close();
    }
  });
});

describe('`scheme: http` with `http_scheme: basic` (T35u U9)', () => {
  it('is challenged as Basic with the realm RFC 7617 requires, as `http-basic` is', async () => {
    const served = await serve(fixture('mock/t35u-http-basic'));
    try {
      const answer = await call(served.origin, '/api/a2', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"x":"1"}' });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Basic realm="basic"');
    } finally {
      await served.close();
    }
  });
});

describe('made values of headers with a syntax of their own (T35u U11)', () => {
  it('send a made ETag as an entity tag, and leave an optional Link out rather than send a text that is no link', async () => {
    // The complete fixture: list-orders states `ETag: { type: string, required: true }` and an optional `Link: { type: string }`.
    const served = await serve(fixture('complete'), { auth: false });
    try {
      const answer = await call(served.origin, '/v1/orders');
      expect(answer.status, answer.text).toBe(200);
      expect(answer.headers.get('etag')).toMatch(/^(?:W\/)?"[^"]*"$/);
      expect(answer.headers.get('link')).toBeNull();
      expect(served.log.join('\n')).toContain('the header Link is not sent: a value made from its shape would not be a link');
    } finally {
      await served.close();
    }
  });
});

describe('a stated path holding a percent-escape (T35u U10)', () => {
  it('is reached at the path a client copies from the spec, and is the closest of a 404 near it', async () => {
    const served = await serve(fixture('mock/t35u-escaped-path'));
    try {
      const answer = await call(served.origin, '/x%20y');
      expect(answer.status, answer.text).toBe(200);
      expect(answer.headers.get('specbench-endpoint')).toBe('r12');
      const near = await call(served.origin, '/x%20z');
      expect(near.status).toBe(404);
      expect((near.json as { closest: Array<{ endpoint: string }> }).closest.map((c) => c.endpoint)).toContain('r12');
    } finally {
      await served.close();
    }
  });
});

describe('headers trickled a byte at a time (T35u U3)', () => {
  it('are cut with a 408 soon after the headers\' bound, not at Node\'s next 30 s check', async () => {
    const mock = new Mock(analyze(await readSpecDir(fixture('mock/t35u-field-example-errors'))));
    // A headers' bound of 500 ms; a byte every 100 ms. Node checked the bound every 30 s, so the 408 came
    // after ~300 bytes; checked every tenth of the bound, it comes after about 5 to 10.
    const server = mockServer(mock, () => undefined, () => undefined, new Set(), { headersMs: 500 });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    try {
      const { status, sent } = await new Promise<{ status: string; sent: number }>((done, fail) => {
        let sent = 0;
        let timer: NodeJS.Timeout | undefined;
        const socket = connect(port, '127.0.0.1', () => {
          socket.write('GET /fx HTTP/1.1\r\nHost: a\r\nX-A: ');
          timer = setInterval(() => {
            sent += 1;
            socket.write('a');
          }, 100);
        });
        let data = '';
        socket.setEncoding('latin1');
        const end = () => {
          clearInterval(timer);
          socket.destroy();
          done({ status: data.split('\r\n')[0] ?? '', sent });
        };
        socket.on('data', (chunk: string) => {
          data += chunk;
          if (data.includes('\r\n')) end();
        });
        socket.on('close', end);
        socket.on('error', (error) => (data === '' && sent === 0 ? fail(error) : end()));
      });
      expect(status).toBe('HTTP/1.1 408 Request Timeout');
      // Counted in bytes, not in time: the client's writes and the server's check are timers of this one
      // event loop, so a slow machine delays both alike (each check comes after at most one write of
      // 100 ms more); 100 bytes leave a twentyfold margin over the 5 to 10 expected, and the unfixed server's
      // ~300 (Node's own check at 30 s) still fail.
      expect(sent).toBeLessThan(100);
    } finally {
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
      mock.close();
    }
  });
});
