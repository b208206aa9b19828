import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers.ts';
import { call, serve, type Served } from './harness.ts';

/**
 * Brief F35l (session 15): the T35v tester's V1, V2 and V6. Real HTTP against the real mock server
 * over the real loader; each fixture under test/fixtures/mock/t35v-* is headed with its origin.
 */

describe('stated safety headers never go before the mock\'s own (T35v V2)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35v-safety-headers'));
  });
  afterAll(() => served.close());

  it('sends only the mock\'s `X-Content-Type-Options: nosniff` and CSP, and the log says why the stated ones are not sent', async () => {
    // A stated `sniff` went out first (a browser reads only the first value), beside the mock's `nosniff`.
    for (const [path, csp, nosniff] of [['/h5', 'CONTENT-SECURITY-POLICY', 'X-Content-Type-Options'], ['/h2', 'Content-Security-Policy', 'X-Content-Type-Options']] as const) {
      const answer = await call(served.origin, path);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      const log = served.log.join('\n');
      expect(log).toContain(`the stated header "${csp}" is not sent: the mock writes it itself`);
      expect(log).toContain(`the stated header "${nosniff}" is not sent: the mock writes it itself`);
    }
  });
});

describe('a stated `Prefer` header parameter leaves the mock\'s own preferences to it (T35v V6)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35v-stated-prefer'));
  });
  afterAll(() => served.close());

  const put = (prefer: string | string[]) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    headers.prefer = Array.isArray(prefer) ? prefer.join(', ') : prefer;
    return call(served.origin, '/maps/m', { method: 'PUT', headers, body: '{"name":"m"}' });
  };

  it('answers the asked status or example where the rest of `Prefer` is the stated value', async () => {
    expect((await put('return=representation')).status).toBe(200);
    // Each of these was a 400 "header parameter `Prefer`: expected one of "return=representation"".
    for (const prefer of ['return=representation, code=201', 'return=representation; code=201', 'code=201, return=representation']) {
      const answer = await put(prefer);
      expect(answer.status, `${prefer}: ${answer.text}`).toBe(201);
    }
    const named = await put('return=representation, example=created');
    expect(named.status, named.text).toBe(201);
    expect(named.json).toEqual({ name: 'new' });
  });

  it('still checks the stated parameter on what is left: missing, or a value not allowed', async () => {
    const missing = await put('code=201');
    expect(missing.status).toBe(400);
    expect(missing.text).toContain('Prefer');
    const wrong = await put('return=minimal, code=201');
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('return=representation');
  });
});

describe('a `default` or `4XX` naming an error whose status is open answers no status nobody stated (T35v V1)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35v-error-status'));
  });
  afterAll(() => served.close());

  const open = async (path: string, prefer?: string) => {
    const answer = await call(served.origin, path, prefer === undefined ? {} : { headers: { prefer } });
    expect(answer.status, `${path} ${prefer ?? ''}: ${answer.text}`).toBe(501);
    const gaps = (answer.json as { gaps: Array<{ id: string }> }).gaps.map((g) => g.id);
    expect(gaps).toContain('errors/teapot/status');
    expect(answer.gaps).toContain('errors/teapot/status');
  };

  it('is a 501 naming `errors/teapot/status` under `default`, with or without `Prefer: code=`', async () => {
    await open('/v1/e6');
    // Was a 418 with the teapot body.
    await open('/v1/e6', 'code=418');
  });

  it('is a 501 naming `errors/teapot/status` under `4XX`, bare or asked for within the range', async () => {
    // A bare `4XX` was answered as a 400 nobody stated.
    await open('/v1/e12');
    for (const code of ['400', '404', '418']) await open('/v1/e11', `code=${code}`);
    // The stated 200 is still the default answer.
    expect((await call(served.origin, '/v1/e11')).status).toBe(200);
  });
});
