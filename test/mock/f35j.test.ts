import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers.ts';
import { call, serve, type Served } from './harness.ts';

/**
 * Issue 35, fixes of t35u (session 14): U1, U8, U2, U5. Each through the real loader and the
 * command line's node:http server on a free port, over real HTTP; the specs are the tester's repro
 * specs (test/fixtures/mock/t35u-*, each file headed with its origin).
 */

type Problem = { type: string; title: string; detail: string; errors?: Array<{ file: string; line: number; column: number; code: string }>; gaps?: Array<{ id: string }>; available?: string[] };

describe('a resource file that does not parse, reached other than as a body\'s `resource:` (T35u U1)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35u-unreadable-type'));
  });
  afterAll(() => served.close());

  const unreadable = (answer: { status: number; json: unknown }) => {
    expect(answer.status).toBe(503);
    const p = answer.json as Problem;
    expect(p.type).toMatch(/spec-unreadable$/);
    expect(p.errors?.map((e) => `${e.file}:${e.line}:${e.column} ${e.code}`)).toEqual(['resources/Dog.yaml:4:1 yaml-syntax']);
  };

  it('answers a direct `resource: Dog` with 503 spec-unreadable naming resources/Dog.yaml (as before)', async () => {
    unreadable(await call(served.origin, '/v2/e8'));
  });

  it('answers the same 503 for a required or optional field of that type, never a 501 cannot-make', async () => {
    for (const path of ['/v2/e9', '/v2/e10']) {
      const answer = await call(served.origin, path);
      unreadable(answer);
      expect(answer.text).not.toContain('cannot-make');
    }
  });

  it('answers the same 503 for a union with it as a variant and a map of its values', async () => {
    for (const path of ['/v2/e1', '/v2/e2', '/v2/e7']) unreadable(await call(served.origin, path));
  });

  it('takes no body for a request field of that type: the 503, never an unchecked 204', async () => {
    const answer = await call(served.origin, '/v2/e12', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"d":5}' });
    unreadable(answer);
  });

  it('still names the endpoint\'s own line for a type no file states', async () => {
    const answer = await call(served.origin, '/v2/e13', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"d":5}' });
    expect(answer.status).toBe(503);
    expect((answer.json as Problem).errors?.[0]?.file).toBe('endpoints/e13.yaml');
  });
});

describe('a request body whose `content` is open (T35u U8)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35u-open-content'));
  });
  afterAll(() => served.close());

  it('does not refuse a form, text or XML body on the strength of the open facet; the gap is named and the log says the body is not checked', async () => {
    for (const [type, body] of [['application/x-www-form-urlencoded', 'a=1'], ['text/plain', 'hello'], ['application/xml', '<a/>']] as const) {
      const answer = await call(served.origin, '/v2/ct3', { method: 'POST', headers: { 'content-type': type }, body });
      expect(answer.status, type).toBe(204);
      expect(answer.gaps).toContain('endpoints/ct3/request/content');
    }
    expect(served.log.some((line) => line.includes('the request body of ct3 (text/plain) is not checked') && line.includes('endpoints/ct3/request/content'))).toBe(true);
  });

  it('still refuses a body labelled JSON that is no JSON', async () => {
    const answer = await call(served.origin, '/v2/ct3', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(answer.status).toBe(400);
  });
});

describe('a 406 for a response that states no media type (T35u U2)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35u-no-media-type'));
  });
  afterAll(() => served.close());

  it('says the body comes as application/json and lists it as available', async () => {
    const answer = await call(served.origin, '/u4', { headers: { accept: 'text/html' } });
    expect(answer.status).toBe(406);
    const p = answer.json as Problem;
    expect(p.available).toEqual(['application/json']);
    expect(p.detail).toContain('comes as application/json');
    expect(p.detail).not.toContain('comes as ;');
    expect((await call(served.origin, '/u4')).status).toBe(200);
  });
});

describe('reference errors no answer stands on (T35u U5)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35u-answerless-refs'));
  });
  afterAll(() => served.close());

  it('answers a fully stated endpoint whose open description has a misspelt `blocked_by` as stated (204), naming the gap', async () => {
    const answer = await call(served.origin, '/v2/e5/3', { method: 'DELETE' });
    expect(answer.status).toBe(204);
    expect(answer.gaps).toContain('endpoints/e5/description');
  });

  it('answers a fully stated endpoint whose callback names an unknown event as stated (204)', async () => {
    expect((await call(served.origin, '/v2/e5b/3', { method: 'DELETE' })).status).toBe(204);
  });

  it('still answers what the endpoint does depend on: the 501 for the open body of its stated 410', async () => {
    const answer = await call(served.origin, '/v2/e5/3', { method: 'DELETE', headers: { prefer: 'code=410' } });
    expect(answer.status).toBe(501);
  });
});

describe('a form field\'s `null` where null is allowed (T35u U7)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35u-form-null'));
  });
  afterAll(() => served.close());

  it('takes `x=null` in a form body as null, as `?q=null` is in the query', async () => {
    expect((await call(served.origin, '/v2/r2?q=null', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'n=1&b=true&tags=a&tags=b' })).status).toBe(204);
    const answer = await call(served.origin, '/v2/r2', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'n=1&b=true&tags=a&tags=b&x=null' });
    expect(answer.text).toBe('');
    expect(answer.status).toBe(204);
  });

  it('takes it in a multipart body too, and still refuses a text that is no number', async () => {
    const form = (x: string) => ['n', '1', 'b', 'true', 'tags', 'a', 'tags', 'b', 'x', x].reduce((out, v, i, all) => (i % 2 === 0 ? `${out}--B\r\nContent-Disposition: form-data; name="${v}"\r\n\r\n${all[i + 1]}\r\n` : out), '') + '--B--\r\n';
    const headers = { 'content-type': 'multipart/form-data; boundary=B' };
    expect((await call(served.origin, '/v2/r2', { method: 'POST', headers, body: form('null') })).status).toBe(204);
    const refused = await call(served.origin, '/v2/r2', { method: 'POST', headers, body: form('abc') });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('`x`');
  });
});

describe('a multipart field of an object shape sent as a JSON part (T35u U6)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35u-json-part'));
  });
  afterAll(() => served.close());

  const send = (meta: string) => {
    const body = `--B\r\nContent-Disposition: form-data; name="meta"\r\nContent-Type: application/json\r\n\r\n${meta}\r\n--B\r\nContent-Disposition: form-data; name="file"; filename="h.txt"\r\nContent-Type: text/plain\r\n\r\nhost\r\n--B--\r\n`;
    return call(served.origin, '/v2/r1', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=B' }, body });
  };

  it('reads the part as JSON, as OpenAPI\'s default encoding of an object field says: taken when it fits', async () => {
    const answer = await send('{"n":1}');
    expect(answer.text).toBe('');
    expect(answer.status).toBe(204);
  });

  it('names a field of the JSON part that breaks the shape as `meta.n`', async () => {
    const answer = await send('{"n":"x"}');
    expect(answer.status).toBe(422);
    expect(answer.text).toContain('meta.n');
  });
});
