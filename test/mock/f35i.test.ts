import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze, readSpecDir } from '../../src/lib/index.ts';
import { fixture, scratchCopy } from '../helpers.ts';
import { call, gapsJson, rawHead, serve, type Served } from './harness.ts';

/**
 * Issue 35, fixes of t35t (session 13): D4, D5, D7, D9, D12 and after. Each through the real loader
 * and the command line's node:http server on a free port, over real HTTP; the specs are the
 * tester's repro specs (test/fixtures/mock/t35t-*, each file headed with its origin).
 */

type Problem = { type: string; title: string; detail: string; errors?: Array<{ file: string; line: number; column: number; code: string }>; gaps?: Array<{ id: string }> };

describe('a typo in specbench.yaml\'s `require:` (t35t D4)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35t-settings-typo'));
  });
  afterAll(() => served.close());

  it('answers 503 spec-unreadable naming specbench.yaml at its line and column, never a made body', async () => {
    const answer = await call(served.origin, '/q/str');
    expect(answer.status).toBe(503);
    const p = answer.json as Problem;
    expect(p.type).toMatch(/spec-unreadable$/);
    expect(p.errors?.map((e) => `${e.file}:${e.line}:${e.column} ${e.code}`)).toEqual(['specbench.yaml:2:20 bad-value']);
    expect(answer.text).not.toContain('"s"');
  });

  it('says so at start, with the line', () => {
    expect(served.mock.unreachable().some((n) => n.includes('specbench.yaml:2:20 bad-value') && n.includes('503'))).toBe(true);
  });

  it('an edit that mends the list gives the 501 the settings make; one that breaks it again gives the 503', async () => {
    const dir = await scratchCopy(fixture('mock/t35t-settings-typo'));
    const live = await serve(dir);
    try {
      await writeFile(join(dir, 'specbench.yaml'), 'require: [pattern]\n');
      live.mock.load(analyze(await readSpecDir(dir)));
      const mended = await call(live.origin, '/q/str');
      expect(mended.status).toBe(501);
      expect(mended.gaps).toContain('endpoints/str/responses/200/schema/fields/s/pattern');
      await writeFile(join(dir, 'specbench.yaml'), 'requir: [pattern]\n');
      live.mock.load(analyze(await readSpecDir(dir)));
      const broken = await call(live.origin, '/q/str');
      expect(broken.status).toBe(503);
      expect((broken.json as Problem).errors?.map((e) => `${e.file}:${e.line}:${e.column} ${e.code}`)).toEqual(['specbench.yaml:1:1 unknown-key']);
    } finally {
      await live.close();
    }
  });
});

describe('write_only, read_only and nullable that `require:` makes gaps (t35t D5)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35t-require-rw'));
  });
  afterAll(() => served.close());
  const post = (path: string, body: string) => call(served.origin, `/o${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('answers a required field whose write_only is a gap by settings with the 501 an open one gets, naming the gap `gaps` lists', async () => {
    const listed = await gapsJson(fixture('mock/t35t-require-rw'));
    expect(listed.has('endpoints/wo2/responses/200/schema/fields/a/write_only')).toBe(true);
    const answer = await call(served.origin, '/o/wo2');
    expect(answer.status).toBe(501);
    expect((answer.json as Problem).gaps?.map((g) => g.id)).toContain('endpoints/wo2/responses/200/schema/fields/a/write_only');
    expect((await call(served.origin, '/o/wo')).status).toBe(501);
  });

  it('does not require a field whose read_only is a gap by settings in a request, as for an open one', async () => {
    expect((await post('/ro2', '{}')).status).toBe(204);
    const answer = await post('/ro', '{}');
    expect(answer.status).toBe(204);
    expect(answer.gaps).toContain('endpoints/ro/request/schema/fields/a/read_only');
  });

  it('takes null where nullable is a gap by settings, in the query and the body, as for an open one', async () => {
    expect((await post('/nl2?q=null', '{"a":null}')).status).toBe(204);
    const answer = await post('/nl?q=null', '{"a":null}');
    expect(answer.status).toBe(204);
    expect(answer.gaps).toEqual(expect.arrayContaining(['endpoints/nl/parameters/query/q/nullable', 'endpoints/nl/request/schema/fields/a/nullable']));
    // A value of neither kind is still refused.
    expect((await post('/nl?q=x', '{"a":null}')).status).toBe(400);
  });
});

describe('a path whose endpoint\'s method is open, beside a template (t35t D7)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35t-open-method'));
  });
  afterAll(() => served.close());

  it.each(['GET', 'HEAD', 'POST'])('answers %s /users/me with the 501 naming the open method, never from /users/{id}', async (method) => {
    const answer = await call(served.origin, '/o/users/me', { method });
    expect(answer.status).toBe(501);
    expect(answer.headers.get('specbench-endpoint')).toBe('get-me');
    expect(answer.gaps).toContain('endpoints/get-me/method');
  });

  it('still answers a method stated at that path, and other paths from the template', async () => {
    const del = await call(served.origin, '/o/users/me', { method: 'DELETE' });
    expect(del.status).toBe(204);
    expect(del.headers.get('specbench-endpoint')).toBe('del-me');
    const other = await call(served.origin, '/o/users/7');
    expect(other.status).toBe(200);
    expect(other.json).toEqual({ who: 'someone' });
  });
});

describe('a stated example or error title written as `"{word}"` (t35t D9)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35t-braced'));
  });
  afterAll(() => served.close());

  it('answers a response\'s `example: "{body}"` as stated', async () => {
    const answer = await call(served.origin, '/o/ph9');
    expect(answer.status).toBe(200);
    expect(answer.json).toBe('{body}');
    expect(answer.headers.get('x-t')).toBe('{token}');
  });

  it('sends an error\'s `title: "{title}"` as stated', async () => {
    const answer = await call(served.origin, '/o/ph10', { headers: { prefer: 'code=409' } });
    expect(answer.status).toBe(409);
    expect(answer.json).toEqual({ title: '{title}', status: 409 });
  });
});

describe('stated informational (1XX) statuses (t35t D12) and bodies HTTP does not send (t35t D13)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35t-informational'));
  });
  afterAll(() => served.close());

  it('answers the stated final status by default, never a 1XX', async () => {
    const answer = await call(served.origin, '/o/ws');
    expect(answer.status).toBe(200);
    expect(answer.json).toBe('ok');
  });

  /** The status line, read from a plain socket: a 1XX sent as the answer leaves a client's fetch waiting for the final one. */
  const statusLine = async (path: string, prefer?: string) => (await rawHead(served.origin, `GET ${path} HTTP/1.1\r\nHost: x\r\n${prefer !== undefined ? `Prefer: ${prefer}\r\n` : ''}\r\n`))[0];

  it.each(['100', '101', '103'])('answers `Prefer: code=%s` with a 501 that says a 1XX is no answer and lists the final statuses', async (code) => {
    expect(await statusLine('/o/ws', `code=${code}`)).toBe('HTTP/1.1 501 Not Implemented');
    const answer = await call(served.origin, '/o/ws', { headers: { prefer: `code=${code}` } });
    expect(answer.status).toBe(501);
    const p = answer.json as Problem & { responses: string[] };
    expect(p.type).toMatch(/informational-status$/);
    expect(p.detail).toContain(`the ${code} response`);
    expect(p.responses).toEqual(['200']);
  });

  it('answers an endpoint that states only a 101 with a 501 that says so', async () => {
    expect(await statusLine('/o/ws2')).toBe('HTTP/1.1 501 Not Implemented');
    const answer = await call(served.origin, '/o/ws2');
    expect(answer.status).toBe(501);
    expect((answer.json as Problem).detail).toContain('only informational responses (101)');
  });

  it.each([
    ['204', '§15.3.5'],
    ['205', '§15.3.6'],
    ['304', '§15.4.5'],
  ])('sends no body for a stated %s, and the log says the stated body is not sent', async (code, section) => {
    const answer = await call(served.origin, '/o/nb', { headers: { prefer: `code=${code}` } });
    expect(answer.status).toBe(Number(code));
    expect(answer.text).toBe('');
    expect(answer.headers.get('content-type')).toBeNull();
    expect(served.log.some((l) => l.includes(`its ${code} response states a body, which is not sent`) && l.includes(section))).toBe(true);
  });
});

describe('a response that states a media type but no shape (t35t D18)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35t-media-no-shape'));
  });
  afterAll(() => served.close());

  it('answers 501 cannot-make saying what the body holds is not stated, never an empty 200', async () => {
    const answer = await call(served.origin, '/o/nobody2');
    expect(answer.status).toBe(501);
    const p = answer.json as Problem;
    expect(p.type).toMatch(/cannot-make$/);
    expect(p.detail).toContain('a body of application/json but not what the body holds');
  });

  it('answers a response that states no body at all with none, as before', async () => {
    const answer = await call(served.origin, '/o/nobody');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('');
  });
});

describe('an error answered from its stated example names its body\'s gaps (t35t D6)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35t-error-example-gaps'));
  });
  afterAll(() => served.close());

  it.each([
    ['/o/xex', 'code=404', 'resources/Prob/fields/hint/max_length'],
    ['/o/xex2', 'example=nf', 'resources/Prob/fields/hint/max_length'],
    ['/o/eb', 'code=400', 'resources/OwnBody/fields/more/pattern'],
  ])('%s with `Prefer: %s` lists %s, as the same error made from its shape does', async (path, prefer, gap) => {
    const answer = await call(served.origin, path, { headers: { prefer } });
    expect(answer.status).toBe(prefer === 'code=400' ? 400 : 404);
    expect(answer.gaps).toContain(gap);
    const made = await call(served.origin, path === '/o/eb' ? '/o/eb' : '/o/xex2', { headers: { prefer: path === '/o/eb' ? 'code=422' : 'code=404' } });
    expect(made.gaps).toContain(gap);
  });
});

describe('a discriminated union with an open variant, sent a value that is no object (t35t D8)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35t-discriminator'));
  });
  afterAll(() => served.close());
  const post = (body: string) => call(served.origin, '/o/disc', { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it.each(['5', '"str"', 'null', 'true', '[]', '[1,2]', '{}'])('refuses %s: no discriminator picks a variant', async (body) => {
    const answer = await post(body);
    expect(answer.status).toBe(422);
    expect(answer.text).toContain('endpoints/disc.yaml');
  });

  it('takes what the discriminator picks, the open variant\'s too', async () => {
    expect((await post('{"kind":"cat","lives":1}')).status).toBe(204);
    const open = await post('{"kind":"y","any":1}');
    expect(open.status).toBe(204);
    expect(open.gaps).toContain('resources/Y/fields');
  });
});

describe('path parameters of `style: matrix` and `style: label` (t35t D11)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35t-path-styles'));
  });
  afterAll(() => served.close());

  it.each(['/o/mx/;ids=1,2', '/o/lb/.1,2'])('takes %s, the form its style writes', async (path) => {
    expect((await call(served.origin, path)).status).toBe(200);
  });

  it.each([
    ['/o/mx/1,2', 'expected the matrix style, `;ids=1,2`'],
    ['/o/lb/1,2', 'expected the label style'],
  ])('refuses %s, the simple form, saying which form is expected', async (path, words) => {
    const answer = await call(served.origin, path);
    expect(answer.status).toBe(400);
    expect((answer.json as Problem).detail).toContain(words);
  });

  it('still refuses an item that is no integer, named as the item', async () => {
    const answer = await call(served.origin, '/o/mx/;ids=1,x');
    expect(answer.status).toBe(400);
    expect((answer.json as Problem).detail).toContain('path parameter `ids[1]`: expected an integer');
  });
});

describe('an API key whose stated header name no client can send (t35t D10)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35t-unsendable-key'));
  });
  afterAll(() => served.close());

  it.each([
    ['/o/phk3', 'X Api Key'],
    ['/o/phk', '{hdr}'],
  ])('lets a call of %s through, and says at start that the header %s is not looked for', async (path, name) => {
    const answer = await call(served.origin, path);
    expect(answer.status).toBe(200);
    expect(served.mock.unreachable().some((n) => n.includes(JSON.stringify(name)) && n.includes('lets calls of the endpoints it guards through'))).toBe(true);
  });
});

describe('JSON Schema formats ajv-formats has no check for (t35t D1)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35t-formats'));
  });
  afterAll(() => served.close());

  it.each([
    ['/a/idn-email', 'user@example.com'],
    ['/a/iri', 'https://example.com'],
  ])('makes %s a value of its format', async (path, value) => {
    const answer = await call(served.origin, path);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ v: value });
  });

  it.each([
    ['e=notanemail', 400],
    ['e=a@b.co', 200],
    ['e=j%C3%BCrgen@b%C3%BCcher.de', 200],
    ['f=1e39', 400],
    ['f=1.5', 200],
    ['h=a%20b', 400],
    ['h=b%C3%BCcher.de', 200],
  ])('checks a query value of the format (%s: %i)', async (query, status) => {
    expect((await call(served.origin, `/a/q?${query}`)).status).toBe(status);
  });

  it('says at start which stated formats it does not check', () => {
    const notes = served.mock.unreachable();
    expect(notes.filter((n) => n.includes('not checked by the mock'))).toEqual([expect.stringContaining('`phone` (endpoints/q.yaml)')]);
    expect(notes.some((n) => /idn-email|idn-hostname|`float`/.test(n))).toBe(false);
  });
});

describe('a stated list of Set-Cookie values (t35t D15)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35t-set-cookie'));
  });
  afterAll(() => served.close());

  it('sends one Set-Cookie line per cookie, never joined by commas', async () => {
    const answer = await call(served.origin, '/o/sc');
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Expires=Wed, 21 Oct 2026 07:28:00 GMT']);
  });
});

describe('the mock\'s own 401 (t35t D16)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35t-www-authenticate'));
  });
  afterAll(() => served.close());

  it('carries the challenge of the stated scheme', async () => {
    const answer = await call(served.origin, '/o/basic');
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe('Basic realm="basic"');
    expect((await call(served.origin, '/o/basic', { headers: { authorization: 'Basic YTpi' } })).status).toBe(200);
  });

  it('carries one challenge for each scheme that would let the call through', async () => {
    const answer = await call(served.origin, '/o/either');
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe('Basic realm="basic", Bearer');
  });
});

describe('a value outside a long list of allowed values (t35t D17)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35t-big-allowed'));
  });
  afterAll(() => served.close());

  it('is refused naming the first allowed values and how many more, not all 500 three times', async () => {
    const answer = await call(served.origin, '/o/bigenum?q=zzz');
    expect(answer.status).toBe(400);
    const p = answer.json as Problem & { errors: Array<{ expected: string }> };
    expect(p.errors[0]?.expected).toContain('"v00019", and 480 more, which the spec lists');
    expect(answer.text).not.toContain('v00020');
    expect(answer.text.length).toBeLessThan(3000);
    expect((await call(served.origin, '/o/bigenum?q=v00499')).status).toBe(200);
  });
});

describe('a per-token quota and the spelling of the Authorization header (t35t D3)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35t-quota-token'));
  });
  afterAll(() => served.close());

  it('counts one bearer token once, however its scheme word is cased or spaced', async () => {
    const statuses: number[] = [];
    for (const authorization of ['Bearer A', 'bearer A', 'BEARER  A ']) statuses.push((await call(served.origin, '/q/l-tok', { headers: { authorization } })).status);
    expect(statuses).toEqual([200, 200, 429]);
    // Another token has its own count.
    expect((await call(served.origin, '/q/l-tok', { headers: { authorization: 'Bearer B' } })).status).toBe(200);
  });
});

describe('a text/plain body in a charset (t35t D14)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35t-charset'));
  });
  afterAll(() => served.close());
  const post = (charset: string, body: Uint8Array<ArrayBuffer>) =>
    fetch(`${served.origin}/o/tp`, { method: 'POST', headers: { 'content-type': `text/plain; charset=${charset}` }, body }).then(async (r) => ({ status: r.status, text: await r.text() }));

  it('reads UTF-16 text', async () => {
    expect((await post('utf-16le', Uint8Array.from([0x61, 0, 0x62, 0]))).status).toBe(204);
    expect((await post('utf-16', Uint8Array.from([0xff, 0xfe, 0x61, 0, 0x62, 0]))).status).toBe(204);
  });

  it('answers a charset it has no decoder for with a 415 naming it, citing no line of the spec', async () => {
    const answer = await post('foo', Uint8Array.from([0x61]));
    expect(answer.status).toBe(415);
    expect(answer.text).toContain('the request body\'s charset');
    expect(answer.text).toContain('\\"foo\\"');
    expect(answer.text).not.toContain('endpoints/tp.yaml');
  });
});

describe('an endpoint whose path is not stated yet (t35t D7b)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35t-pathless'));
  });
  afterAll(() => served.close());

  it('is named by a 404, with its gap, as `gaps` lists it', async () => {
    const listed = await gapsJson(fixture('mock/t35t-pathless'));
    expect(listed.has('endpoints/get-me/path')).toBe(true);
    const answer = await call(served.origin, '/o/nothing');
    expect(answer.status).toBe(404);
    expect(answer.gaps).toEqual(['endpoints/inventory', 'endpoints/get-me/path']);
    expect((answer.json as Problem).gaps?.map((g) => g.id)).toEqual(['endpoints/inventory', 'endpoints/get-me/path']);
    expect((answer.json as Problem).detail).toContain('whose path is not stated yet may be this one: get-me');
  });
});
