import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, fixture, writeSpec } from '../helpers.ts';
import { call, rawHead, serve, type Served } from './harness.ts';

/**
 * Issue 35, t35h D6b-e: what a hostile tester found after the sixth pass. A number past a double's
 * range shown as `got null`; `Expect: 100-continue` told to send a body whose answer was already
 * known (413, 404, 405); a form of invalid UTF-8 taken; a 405 that did not name the open list of
 * endpoints; endpoints with a control character in their path served; invisible characters in the
 * log; marks in a path `check` said nothing of. Through the real loader, the command line's server
 * and real HTTP.
 */
type Obj = Record<string, unknown>;
const purpose = 'name: Answers\nbase_url: https://api.example.com/v1\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n';
const ok = 'responses:\n  "200": { content_type: application/json, schema: { type: string, allowed: [ok] }, example: ok }\n';
const spec = new Map([
  ['purpose/_area.yaml', purpose],
  ['endpoints/_area.yaml', 'inventory: complete\n'],
  ['endpoints/bound.yaml', `method: POST\npath: /bound\nparameters: { none: None. }\nrequest:\n  required: true\n  content:\n    application/json:\n      schema: { type: object, fields: { n: { type: number, required: true, maximum: 10 } } }\n${ok}`],
  ['endpoints/form.yaml', `method: POST\npath: /form\nparameters: { none: None. }\nrequest:\n  required: true\n  content_type: application/x-www-form-urlencoded\n  schema: { type: object, fields: { a: { type: string, required: true } } }\n${ok}`],
  ['endpoints/esc.yaml', `method: GET\npath: "/esc\\eb"\nparameters: { none: None. }\n${ok}`],
  // Field names with invisible characters, each open: the gap ids that name them reach the log (the marks, U+200E and its kin, the loader refuses in a name).
  ['endpoints/hidden.yaml', 'method: GET\npath: /hidden\nparameters: { none: None. }\nresponses:\n  "200":\n    content_type: application/json\n    schema:\n      type: object\n      fields:\n        "a\\u2028b": { type: { open: Which? } }\n        "c\\u200Bd": { type: { open: Which? } }\n        "e\\uFEFFf": { type: { open: Which? } }\n        "i\\u2029j": { type: { open: Which? } }\n'],
]);
const json = { 'content-type': 'application/json' };

describe('the mock (issue 35, t35h D6b-e)', () => {
  let served: Served;
  let dir: string;
  beforeAll(async () => {
    dir = await writeSpec(spec);
    served = await serve(dir);
  });
  afterAll(() => served.close());

  it('says a number past the range of numbers is one, never `got null` (D6b)', async () => {
    const answer = await call(served.origin, '/v1/bound', { method: 'POST', headers: json, body: '{"n":1e400}' });
    expect(answer.status).toBe(422);
    const [error] = (answer.json as { errors: Obj[] }).errors;
    expect(error).toMatchObject({ name: 'n', expected: 'expected at most 10', got: 'a number out of the range of numbers (beyond 1.8e308)' });
    expect(answer.text).not.toContain('got null');
  });

  it('answers `Expect: 100-continue` at once where the answer does not depend on the body: no `100 Continue` first (D6d)', async () => {
    const head = (target: string, length: number) => rawHead(served.origin, `POST ${target} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nExpect: 100-continue\r\n\r\n`);
    expect((await head('/v1/bound', 17_000_000))[0]).toBe('HTTP/1.1 413 Payload Too Large');
    expect((await head('/v1/nowhere', 10))[0]).toBe('HTTP/1.1 404 Not Found');
    expect((await head('/v1/esc%1Bb', 10))[0]).toBe('HTTP/1.1 404 Not Found');
    expect((await head('/_specbench/hits', 10))[0]).toBe('HTTP/1.1 405 Method Not Allowed');
    // Where the body counts, the client is told to send it.
    expect((await head('/v1/bound', 10))[0]).toBe('HTTP/1.1 100 Continue');
  });

  it('refuses a form whose percent-encoded bytes are no UTF-8, as a path or a query does (D6e)', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const bad = await call(served.origin, '/v1/form', { method: 'POST', headers: form, body: 'a=%FF%FE' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('expected a form whose percent-encoded bytes are UTF-8');
    expect((await call(served.origin, '/v1/form', { method: 'POST', headers: form, body: 'a=%C3%A9' })).status).toBe(200);
  });

  it('does not serve an endpoint whose path holds a control character, and says so at start (D6e)', async () => {
    expect((await call(served.origin, '/v1/esc%1Bb')).status).toBe(404);
    expect(served.mock.unreachable()).toContainEqual(expect.stringContaining('(esc, endpoints/esc.yaml) is not served: its path holds a control character'));
  });

  it('names the open list of endpoints on a 405 as on a 404 (D6e)', async () => {
    const half = await serve(fixture('half-written'));
    try {
      const answer = await call(half.origin, '/loans/1', { method: 'DELETE' });
      expect(answer.status).toBe(405);
      expect(answer.gaps).toEqual(['endpoints/inventory']);
      expect(String((answer.json as Obj).detail)).toContain('The list of endpoints is not complete yet');
    } finally {
      await half.close();
    }
  });

  it('writes invisible characters of field names and gap ids as symbols in the log (D6c)', async () => {
    const before = served.log.length;
    const answer = await call(served.origin, '/v1/hidden');
    expect(answer.status).toBe(501);
    const logged = served.log.slice(before).join('\n');
    expect(logged).toContain('<U+2028>');
    expect(logged).toContain('<U+200B>');
    expect(logged).toContain('<U+FEFF>');
    expect(logged).toContain('<U+2029>');
    expect(logged).not.toMatch(/[\u061c\u200b\u200e\u200f\u2028\u2029\ufeff]/);
  });

  it('warns in `check` of marks and line separators in an endpoint\'s path, as of the bidirectional controls (D6c)', async () => {
    for (const [char, code] of [['\\u200E', 'U+200E'], ['\\u200F', 'U+200F'], ['\\u061C', 'U+061C'], ['\\u2028', 'U+2028'], ['\\u2029', 'U+2029']]) {
      const marked = await writeSpec(new Map([...spec].filter(([path]) => path !== 'endpoints/esc.yaml' && path !== 'endpoints/hidden.yaml').concat([['endpoints/marked.yaml', `method: GET\npath: "/ma${char}rked"\nparameters: { none: None. }\n${ok}`]])));
      const { out } = await cli(['check', '--spec', marked, '--no-cache']);
      expect(out, code).toMatch(/endpoints\/marked\.yaml:2:\d+ warning bidi-control /);
      expect(out, code).toContain(`The path holds ${code}, which no one sees`);
    }
  });
});
