import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSpec } from '../helpers.ts';
import { rawHead, serve, type Served } from './harness.ts';

/**
 * Issue 35, t35k's minor defects: a `Prefer` whose `code` or `example` is malformed (a byte that
 * is no token's, an unterminated quote, a bare `code`, `example=`) was silently ignored and the
 * default 200 sent, where `code=abc` is a 400; and a 503 `spec-unreadable` for an endpoint whose
 * own file has errors was given only after the request's checks had run (a pattern tested, its
 * body said unchecked in the log). Through the real loader, the command line's server and raw HTTP.
 */
const purpose = 'name: Minor\nbase_url: https://api.example.com/v1\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n';
const spec = new Map<string, string>([
  ['purpose/_area.yaml', purpose],
  ['endpoints/pick.yaml', 'method: GET\npath: /pick\nparameters: { none: None. }\nresponses:\n  "200":\n    content_type: application/json\n    schema: { type: object, fields: { which: { type: string, required: true } } }\n    named_examples:\n      one: { value: { which: one } }\n  "404": { content_type: application/json, schema: { type: string }, example: gone }\n'],
  // Read with an error (`maximum: ten`): every call is a 503, its XML body never looked at.
  ['endpoints/m.yaml', 'method: POST\npath: /m\nparameters: { none: None. }\nrequest:\n  required: true\n  content:\n    application/xml: { schema: { type: object, fields: { a: { type: string, required: true } } } }\nresponses:\n  "200": { content_type: application/json, schema: { type: integer, maximum: ten }, example: 1 }\n'],
]);

describe('the mock (issue 35, t35k minor)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(await writeSpec(spec));
  });
  afterAll(() => served.close());

  const asked = async (prefer: string) => (await rawHead(served.origin, `GET /v1/pick HTTP/1.1\r\nHost: x\r\nPrefer: ${prefer}\r\nConnection: close\r\n\r\n`))[0];

  it.each([
    ['a code with a byte no token has', 'code=404\x9b'],
    ['a code in an unterminated quote', 'code="404'],
    ['a bare code', 'code'],
    ['an example without a name', 'example='],
    ['an example in an unterminated quote', 'example="one'],
  ])('answers %s with a 400, never the default 200', async (_, prefer) => {
    expect(await asked(prefer)).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('still answers well-formed preferences as asked, and ignores one it does not know', async () => {
    expect(await asked('code=404')).toMatch(/^HTTP\/1\.1 404 /);
    expect(await asked('example="one"')).toMatch(/^HTTP\/1\.1 200 /);
    // After `example=` (a 400), a call asking for no example is not answered from what that one made.
    expect(await asked('wait=1\x9b')).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('answers 503 for an endpoint whose own file has errors before anything of the request is checked', async () => {
    const outcome = await served.mock.handle({ method: 'POST', url: '/v1/m', headers: { 'content-type': 'application/xml' }, body: new TextEncoder().encode('<a/>') });
    expect(outcome.response.status).toBe(503);
    expect(new TextDecoder().decode(outcome.response.body)).toContain('spec-unreadable');
    expect(outcome.notes).toEqual([]);
  });
});
