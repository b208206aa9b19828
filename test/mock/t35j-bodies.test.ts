import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSpec } from '../helpers.ts';
import { call, serve, type Served } from './harness.ts';

/**
 * Issue 35, t35j D2 and the body without a Content-Type: request bodies in XML, plain text and CSV
 * were let through unchecked, with nothing said, where the guide promises a 422 for a body that
 * breaks its shape. A text/plain body is now read as a text and checked against its string shape
 * (lengths, pattern, allowed values); XML and CSV, which the mock has no parser for, are said in
 * the log on every call as not checked. A body with no Content-Type was read as JSON where the spec
 * states media types; it is a 415 now. Through the real loader, the command line's server and real
 * HTTP.
 */
const purpose = 'name: Bodies\nbase_url: https://api.example.com/v1\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n';
const ok = 'responses:\n  "200": { content_type: application/json, schema: { type: object, fields: { ok: { type: boolean, required: true } } }, example: { ok: true } }\n';
const post = (name: string, content: string) => [`endpoints/${name}.yaml`, `title: ${name}\nmethod: POST\npath: /${name}\nparameters: { none: None. }\nrequest:\n  required: true\n  content:\n${content}${ok}`] as const;
const spec = new Map<string, string>([
  ['purpose/_area.yaml', purpose],
  post('xml', [
    '    application/xml: { schema: { type: object, fields: { name: { type: string, required: true, max_length: 10 } } } }',
    '    text/csv: { schema: { type: array, items: { type: object, fields: { a: { type: integer, required: true } } } } }',
    '    text/plain: { schema: { type: string, max_length: 5, pattern: "^[a-z]+$" } }',
    '',
  ].join('\n')),
  post('word', '    text/plain: { schema: { type: string, allowed: [yes, no] } }\n'),
  post('rec', '    text/plain: { schema: { type: object, fields: { a: { type: string } } } }\n'),
  post('json', '    application/json: { schema: { type: object, fields: { a: { type: integer, required: true } } } }\n'),
]);

/** A POST with exactly the headers given (fetch adds a Content-Type to a text body). */
function rawPost(origin: string, path: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  return new Promise((done, fail) => {
    const req = httpRequest(`${origin}${path}`, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', fail);
    req.end(body);
  });
}

describe('the mock (issue 35, t35j D2): bodies in text, XML and CSV', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(await writeSpec(spec));
  });
  afterAll(() => served.close());
  const since = (from: number) => served.log.slice(from).join('\n');
  const send = (path: string, type: string, body: string) => call(served.origin, path, { method: 'POST', headers: { 'content-type': type }, body });

  it('checks a text/plain body against its string shape: length, pattern, allowed values', async () => {
    const long = await send('/v1/xml', 'text/plain', 'toolongtext');
    expect(long.status).toBe(422);
    expect(long.text).toContain('expected at most 5 characters');
    expect((long.json as { errors: Array<{ in: string; file: string }> }).errors[0]).toMatchObject({ in: 'body', file: 'endpoints/xml.yaml' });
    expect((await send('/v1/xml', 'text/plain', 'AB1')).status).toBe(422);
    expect((await send('/v1/xml', 'text/plain; charset=utf-8', 'abc')).status).toBe(200);
    expect((await send('/v1/word', 'text/plain', 'maybe')).status).toBe(422);
    expect((await send('/v1/word', 'text/plain', 'yes')).status).toBe(200);
  });

  it('refuses a text/plain body that is no text in its charset', async () => {
    const bad = await new Promise<number>((done, fail) => {
      const req = httpRequest(`${served.origin}/v1/word`, { method: 'POST', headers: { 'content-type': 'text/plain', 'content-length': '2' } }, (res) => {
        res.resume();
        done(res.statusCode ?? 0);
      });
      req.on('error', fail);
      req.end(Buffer.from([0xff, 0xfe]));
    });
    expect(bad).toBe(400);
  });

  it('says on every call that an XML or CSV body is not checked, and a text body whose shape is no text', async () => {
    for (const [type, body] of [['application/xml', '<r><name>abcdefghijklmnop</name></r>'], ['text/csv', 'a\nx\n']] as const) {
      for (let i = 0; i < 2; i++) {
        const from = served.log.length;
        expect((await send('/v1/xml', type, body)).status).toBe(200);
        expect(since(from)).toContain(`the request body of xml (${type}) is not checked: the mock reads JSON, forms, multipart and text/plain`);
      }
    }
    const from = served.log.length;
    expect((await send('/v1/rec', 'text/plain', 'anything')).status).toBe(200);
    expect(since(from)).toContain('the request body of rec (text/plain) is not checked: a text/plain body is read as a text, and its shape is not one');
  });

  it('refuses a body sent with no Content-Type where the spec states media types (415), naming them', async () => {
    const answer = await rawPost(served.origin, '/v1/json', {}, '{"a":1}');
    expect(answer.status).toBe(415);
    expect(answer.text).toContain('expected application/json, got a body with no Content-Type');
    expect((await rawPost(served.origin, '/v1/json', { 'content-type': 'application/json' }, '{"a":1}')).status).toBe(200);
  });
});
