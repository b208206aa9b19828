import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixture, scratchCopy } from '../helpers.ts';
import { call, serve, type Served } from './harness.ts';

/**
 * Issue 35, t35s (session 12): the mock's answers. Each through the real loader and the command
 * line's node:http server on a free port, over real HTTP; the specs are the tester's repro specs
 * (test/fixtures/mock/t35s-*, each file headed with its origin).
 */

describe('a fixed repetition in a stated pattern (t35s N2)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35s-patterns'));
  });
  afterAll(() => served.close());

  it.each([
    ['/p2', '^a{100000}$', 100000],
    ['/p22', '^a{5000000}$', 5000000],
    ['/p24', '^a{60000000}$', 60000000],
  ])('refuses %s with a 501 cannot-make naming the pattern and the bound, before anything is made', async (path, pattern, least) => {
    const answer = await call(served.origin, `/n1${path}`);
    expect(answer.status).toBe(501);
    expect(answer.headers.get('specbench-endpoint')).toBe(path.slice(1));
    const problem = answer.json as { type: string; detail: string };
    expect(problem.type).toMatch(/cannot-make$/);
    expect(problem.detail).toContain(`at least ${least} characters (its pattern ${JSON.stringify(pattern)} matches no text shorter)`);
    expect(problem.detail).toContain('32000');
    expect(answer.text.length).toBeLessThan(2000);
  });

  it('refuses a list whose items together pass the bound (min_items 100 of 1,000 characters)', async () => {
    const answer = await call(served.origin, '/n1/p28');
    expect(answer.status).toBe(501);
    expect((answer.json as { detail: string }).detail).toContain('100 times over (min_items of the list it is in), 100000 characters in all');
  });

  it('makes a repetition within the bound, and the text it sends matches the pattern', async () => {
    const answer = await call(served.origin, '/n1/p3');
    expect(answer.status).toBe(200);
    const v = (answer.json as { v: string }).v;
    expect(v).toMatch(/^a{200}b$/);
    expect(served.log.filter((l) => /p3/.test(l) && /unchecked|not judged/.test(l))).toEqual([]);
  });
});

type Unreadable = { type: string; detail: string; errors: Array<{ file: string; line: number; column: number; code: string }> };
const located = (json: unknown) => (json as Unreadable).errors.map((e) => `${e.file}:${e.line}:${e.column} ${e.code}`);

describe('an endpoint whose files have an error `check` reports (t35s N3)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35s-broken'));
  });
  afterAll(() => served.close());

  it('answers a pattern JavaScript cannot read with a 503 naming its line, never a placeholder value', async () => {
    const answer = await call(served.origin, '/n1/p17');
    expect(answer.status).toBe(503);
    expect((answer.json as Unreadable).type).toMatch(/spec-unreadable$/);
    expect(located(answer.json)).toEqual(['endpoints/p17.yaml:8:83 bad-constraint']);
    expect(answer.text).not.toContain('<a string matching');
  });

  it('does not tell a client its request fits a rule that cannot be read (query and body patterns `[`)', async () => {
    const answer = await call(served.origin, '/n1/p27?q=zzz', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"v":"anything"}' });
    expect(answer.status).toBe(503);
    expect(located(answer.json)).toEqual(['endpoints/p27.yaml:6:33 bad-constraint', 'endpoints/p27.yaml:9:81 bad-constraint']);
  });

  it('names contradictory rules (a default its allowed values refuse, a minimum above the maximum) as the spec\'s errors, not the generator\'s', async () => {
    const answer = await call(served.origin, '/n1/ce2');
    expect(answer.status).toBe(503);
    expect(located(answer.json)).toEqual(['endpoints/ce2.yaml:8:97 default-value', 'endpoints/ce2.yaml:8:147 bad-constraint']);
  });

  it('does not pick one side of states that differ from the allowed values of the field they hold', async () => {
    const answer = await call(served.origin, '/n1/loan2');
    expect(answer.status).toBe(503);
    expect(located(answer.json)).toEqual(['states/loan2-status.yaml:4:1 state-values']);
  });

  it('still answers an endpoint that stands on no file with an error', async () => {
    const answer = await call(served.origin, '/n1/p29');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ ok: true });
  });
});

describe('a spec file saved broken (t35s N7, N13)', () => {
  const withFiles = async (files: Record<string, string>) => {
    const dir = await scratchCopy(fixture('mock/t35s-edits'));
    for (const [path, text] of Object.entries(files)) await writeFile(join(dir, path), text);
    return serve(dir);
  };

  it('answers a template\'s path (`/users/{id}` for `/users/me`) with a 503 while an endpoint file cannot be read', async () => {
    const whole = await serve(fixture('mock/t35s-edits'));
    try {
      const before = await call(whole.origin, '/n2/users/me');
      expect([before.status, before.json, before.headers.get('specbench-endpoint')]).toEqual([200, { who: 'me' }, 'get-me']);
    } finally {
      await whole.close();
    }
    // The file as the tester saved it: a `{` left unclosed on its last line.
    const served = await withFiles({ 'endpoints/get-me.yaml': readFileSync(join(fixture('mock/t35s-edits-saved'), 'get-me.broken.yaml.txt'), 'utf8') });
    try {
      const answer = await call(served.origin, '/n2/users/me');
      expect(answer.status).toBe(503);
      expect(answer.headers.get('specbench-endpoint')).toBeNull();
      expect((answer.json as Unreadable).errors.map((e) => e.file)).toEqual(['endpoints/get-me.yaml']);
      // A literal path no template answers is answered as stated.
      expect((await call(served.origin, '/n2/a/ckey', { headers: { cookie: 'sid=1' } })).status).toBe(200);
    } finally {
      await served.close();
    }
  });

  it.each([
    ['a value its schema does not take (`location: hedaer`)', { 'authentication/ckey.yaml': 'title: Cookie key\nscheme: api-key\ncredentials: [sid]\nheaders: [sid]\nlocation: hedaer\n' }, 'authentication/ckey.yaml:5:11'],
    ['YAML that does not parse', { 'authentication/ckey.yaml': 'title: Cookie key\nscheme: api-key\ncredentials: [sid]\nheaders: [sid]\nlocation: cookie\nscheme: [oops\n' }, 'authentication/ckey.yaml:'],
  ])('never lets a call through without a credential when its security scheme\'s file has %s', async (_what, files, at) => {
    const whole = await serve(fixture('mock/t35s-edits'));
    try {
      expect((await call(whole.origin, '/n2/a/ckey')).status).toBe(401);
    } finally {
      await whole.close();
    }
    const served = await withFiles(files);
    try {
      const answer = await call(served.origin, '/n2/a/ckey');
      expect(answer.status).toBe(503);
      expect(answer.headers.get('specbench-endpoint')).toBe('a-ckey');
      expect((answer.json as Unreadable).errors.map((e) => `${e.file}:${e.line}:${e.column}`).join(' ')).toContain(at);
    } finally {
      await served.close();
    }
  });
});

describe('a stated body in an active media type (t35s N11)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35s-edits'));
  });
  afterAll(() => served.close());

  it('sends a stated text/html body as stated, under a policy that runs none of it', async () => {
    const answer = await call(served.origin, '/n2/html');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('<script>fetch("/_specbench/hits").then(r=>r.text()).then(alert)</script>');
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each(['/n2/nothing-here', '/_specbench/hits'])('sends the same policy on every answer (%s)', async (path) => {
    const answer = await call(served.origin, path);
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });
});

describe('a client that hangs up in the middle of its body (t35s N12)', () => {
  it('is logged as closed unanswered, and not counted as answered in /_specbench/hits', async () => {
    const served = await serve(fixture('mock/t35s-patterns'));
    try {
      const { hostname, port } = new URL(served.origin);
      // 7 of the 500 bytes it declares, then the connection closed once the server has them.
      await new Promise<void>((done, fail) => {
        const socket = connect(Number(port), hostname, () => socket.write('POST /n1/fmt HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"e":"a', () => socket.destroy()));
        socket.on('close', () => done());
        socket.on('error', fail);
      });
      await vi.waitFor(() => expect(served.log.some((l) => l.startsWith('POST /n1/fmt '))).toBe(true), { timeout: 10_000 });
      expect(served.log.filter((l) => l.startsWith('POST /n1/fmt '))).toEqual([expect.stringMatching(/^POST \/n1\/fmt -> closed unanswered after [\d.]+ ms: the client closed the connection before its body's end$/)]);
      const hits = (await call(served.origin, '/_specbench/hits')).json as { requests: number; statuses: Record<string, number> };
      expect(hits.statuses).toEqual({});
      // A whole body is answered as before.
      expect((await call(served.origin, '/n1/fmt', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"e":"a@b.co"}' })).status).toBe(204);
    } finally {
      await served.close();
    }
  });
});

describe('stated rate-limit headers of an endpoint with no quota (t35s N10)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35s-edits'));
  });
  afterAll(() => served.close());

  it('leaves them out, with a note, rather than send counts made from their shapes', async () => {
    const answer = await call(served.origin, '/n2/rl');
    expect(answer.status).toBe(200);
    expect([answer.headers.get('ratelimit'), answer.headers.get('retry-after'), answer.headers.get('x-ratelimit-remaining')]).toEqual([null, null, null]);
    expect(served.log.join('\n')).toContain('note: the stated header X-RateLimit-Remaining is not made from its shape');
  });

  it('still sends the quota\'s own headers on an endpoint that has one', async () => {
    const answer = await call(served.origin, '/n2/q/glob');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('ratelimit-policy')).toBe('"glob";q=2;w=30');
  });
});

describe('a 501 for a field with more than one open facet (t35s N1)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35s-open'));
  });
  afterAll(() => served.close());
  const named = (json: unknown) => (json as { gaps: Array<{ id: string }> }).gaps.map((g) => g.id).sort();

  it('names every open facet that stops the mock making a field, not the first of each', async () => {
    const answer = await call(served.origin, '/n1/e12');
    expect(answer.status).toBe(501);
    const at = 'endpoints/e12/responses/200/schema/fields';
    expect(named(answer.json)).toEqual([`${at}/kind/pattern`, `${at}/kind/write_only`, `${at}/other/type`]);
  });

  it('names the open states of the machine that holds a field and the field\'s own open format', async () => {
    const answer = await call(served.origin, '/n1/e13');
    expect(answer.status).toBe(501);
    expect(named(answer.json)).toEqual(['resources/Loan/fields/status/format', 'states/loan-status/states']);
  });
});
