import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, writeSpec } from '../helpers.ts';
import { call, gapsJson, serve, startMock, type Served } from './harness.ts';

type Obj = Record<string, unknown>;

/**
 * The fifth pass over the mock (issue 35): what the fourth left open. An `any_of` with an open
 * variant; a body past the limit refused as soon as that is known; a huge body checked off the
 * thread that answers everyone; the summary's methods; the log's long lines; a path holding a
 * control character. Through the real loader and real HTTP; the cases about the server's thread
 * run a real `specbench mock` process and wait on answers, never on time.
 */
const purpose = 'name: Fifth pass\nbase_url: https://api.example.com/v1\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n';
const ok = '"200": { content_type: application/json, schema: { type: string, allowed: [ok] }, example: ok }';

describe('the mock, fifth pass (issue 35): an any_of with an open variant', () => {
  const spec = new Map([
    ['purpose/_area.yaml', purpose],
    ['endpoints/_area.yaml', 'inventory: complete\n'],
    ['resources/_area.yaml', 'inventory: complete\n'],
    ['resources/Vague.yaml', 'fields: { open: Which fields does it have? }\n'],
    ['endpoints/later-open.yaml', 'method: GET\npath: /later-open\nparameters: { none: None. }\nresponses:\n  "200":\n    content_type: application/json\n    schema:\n      type: any_of\n      of:\n        - { type: string, allowed: [first] }\n        - { type: { open: What else can it be? } }\n'],
    ['endpoints/first-open.yaml', 'method: GET\npath: /first-open\nparameters: { none: None. }\nresponses:\n  "200":\n    content_type: application/json\n    schema:\n      type: any_of\n      of:\n        - { type: { open: What is it first? } }\n        - { type: string, allowed: [second] }\n'],
    ['endpoints/first-vague.yaml', 'method: GET\npath: /first-vague\nparameters: { none: None. }\nresponses:\n  "200":\n    content_type: application/json\n    schema:\n      type: object\n      fields:\n        v:\n          type: any_of\n          required: true\n          of: [Vague, { type: integer }]\n'],
  ]);
  let served: Served;
  beforeAll(async () => {
    served = await serve(await writeSpec(spec));
  });
  afterAll(() => served.close());

  it('answers from a stated first variant, a valid answer whatever the open one becomes, and names the open variant in Specbench-Gaps', async () => {
    const answer = await call(served.origin, '/v1/later-open');
    expect(answer.status).toBe(200);
    expect(answer.json).toBe('first');
    expect(answer.gaps).toContain('endpoints/later-open/responses/200/schema/of/1/type');
  });

  it('answers a 501 naming the variant the body would be made from when that variant is open, never a body from another', async () => {
    for (const [path, gap] of [
      ['/first-open', 'endpoints/first-open/responses/200/schema/of/0/type'],
      ['/first-vague', 'resources/Vague/fields'],
    ] as const) {
      const answer = await call(served.origin, `/v1${path}`);
      expect(answer.status, path).toBe(501);
      const body = answer.json as Obj;
      expect(body.type, path).toContain('open-gap');
      expect((body.gaps as Obj[]).map((g) => g.id), path).toEqual([gap]);
      expect(answer.gaps, path).toContain(gap);
    }
  });
});

/** The first line the server answers a raw request with (its status line), read from a plain socket; `body` keeps writing after the head. */
function statusLine(origin: string, head: string, body?: Buffer): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((done, fail) => {
    let data = '';
    const socket = connect(Number(port), hostname, () => {
      socket.write(head);
      if (!body) return;
      // Written without end until the server answers (a chunked body never finished).
      const pump = () => {
        while (!socket.destroyed && data === '' && socket.write(body));
      };
      socket.on('drain', pump);
      pump();
    });
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      data += chunk;
      const end = data.indexOf('\r\n');
      if (end >= 0) {
        socket.destroy();
        done(data.slice(0, end));
      }
    });
    socket.on('error', (error) => (data === '' ? fail(error) : undefined));
  });
}

describe('the mock, fifth pass (issue 35): large bodies, in a real `specbench mock` process', () => {
  const spec = new Map([
    ['purpose/_area.yaml', purpose],
    ['endpoints/_area.yaml', 'inventory: complete\n'],
    ['endpoints/ping.yaml', `method: GET\npath: /ping\nparameters: { none: None. }\nresponses:\n  ${ok}\n`],
    // A lookahead RE2 cannot run: tested under the time limit, which the test sets to a minute.
    ['endpoints/post-slow.yaml', `method: POST\npath: /slow\nparameters: { none: None. }\nrequest:\n  required: true\n  content_type: application/json\n  schema:\n    type: array\n    items: { type: object, fields: { s: { type: string, required: true, pattern: "^(?=(a+)+$)" } } }\nresponses:\n  ${ok}\n`],
    ['endpoints/post-form.yaml', `method: POST\npath: /form\nparameters: { none: None. }\nrequest:\n  required: true\n  content_type: application/x-www-form-urlencoded\n  schema:\n    type: object\n    fields:\n      a: { type: array, items: integer, required: true }\nresponses:\n  ${ok}\n`],
    ['endpoints/post-list.yaml', `method: POST\npath: /list\nparameters: { none: None. }\nrequest:\n  required: true\n  content_type: application/json\n  schema:\n    type: array\n    items: { type: object, fields: { a: { type: integer, required: true }, s: { type: string, required: true, pattern: "^[a-z]+$" } } }\nresponses:\n  ${ok}\n`],
  ]);

  it('refuses a body past 16 MB with a 413 as soon as that is known: announced by Content-Length (nothing read), or streamed without end', async () => {
    const server = await startMock(['--spec', await writeSpec(spec), '--no-cache']);
    try {
      // Before: the server read a body to its end before refusing it, so neither was ever answered.
      const announced = await statusLine(server.origin, 'POST /v1/list HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000000000\r\n\r\n');
      expect(announced).toBe('HTTP/1.1 413 Payload Too Large');
      const chunk = Buffer.alloc(1 << 20, 0x20);
      const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
      const streamed = await statusLine(server.origin, 'POST /v1/list HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n', frame);
      expect(streamed).toBe('HTTP/1.1 413 Payload Too Large');
      // The answer is the mock's problem, naming the endpoint.
      const answer = await fetch(`${server.url}/list`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.alloc(17 * 1024 * 1024, 32) });
      expect(answer.status).toBe(413);
      expect(answer.headers.get('content-type')).toContain('application/problem+json');
      expect(((await answer.json()) as Obj).type).toContain('too-large');
    } finally {
      await server.stop();
    }
  });

  it('checks a body past 1 MB on a thread of its own: other clients are answered while its check runs, and its problems are located as on this thread', async () => {
    const dir = await writeSpec(spec);
    const server = await startMock(['--spec', dir, '--no-cache'], { SPECBENCH_PATTERN_TIME_LIMIT_MS: '60000' });
    // The same spec checked on the thread that answers (the core without a body thread): the same answers, byte for byte.
    const here = await serve(dir);
    try {
      // What the thread finds is said as on this thread: the field, what was expected, what came, the line.
      const items = Array.from({ length: 60_000 }, (_, a) => ({ a, s: 'abcdefghij' }));
      items[50_000] = { a: 50_000, s: 'NOPE' };
      const refused = await call(server.url, '/list', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(items) });
      expect(refused.status).toBe(422);
      const body = refused.json as Obj;
      expect(body.first_only).toBe(true);
      expect(body.errors).toEqual([expect.objectContaining({ name: '[50000].s', got: '"NOPE"', expected: 'expected text matching `^[a-z]+$`', file: 'endpoints/post-list.yaml', line: 9 })]);
      expect(refused.text).toBe((await call(here.origin, '/v1/list', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(items) })).text);
      // A form read as text: every problem counted, the first 20 listed, as on this thread.
      const form = `${Array.from({ length: 300_000 }, (_, a) => `a=${a % 2 === 0 ? 'x' : '1'}`).join('&')}`;
      const fields = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form };
      const threaded = await call(server.url, '/form', fields);
      expect(threaded.status).toBe(422);
      expect(form.length).toBeGreaterThan(1024 * 1024);
      expect(String((threaded.json as Obj).detail)).toContain('and 149980 more');
      expect(threaded.text).toBe((await call(here.origin, '/v1/form', fields)).text);
      expect((await call(server.url, '/list', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(items).slice(0, -2) })).status).toBe(400);
      items[50_000] = { a: 50_000, s: 'fine' };
      expect((await call(server.url, '/list', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(items) })).status).toBe(200);
      // The thread checks one body at a time: this one, the last, holds it for a minute.
      // Its first value takes the pattern's test to its time limit (a minute); the rest make it 1.2 MB.
      const slow = JSON.stringify([{ s: `${'a'.repeat(40)}!` }, ...Array.from({ length: 100_000 }, () => ({ s: 'aaa' }))]);
      let settled = false;
      const pending = fetch(`${server.url}/slow`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: slow }).finally(() => (settled = true));
      // Never read: the server is stopped while it is still checked.
      pending.catch(() => undefined);
      // On the one thread, the first call after the check began waited for all of it (a minute), and the test's time-out ended it.
      for (let i = 0; i < 200; i++) expect((await call(server.url, '/ping')).status).toBe(200);
      expect(settled).toBe(false);
      // Stopped while the thread is still at it: the server ends, without checking the body again on
      // its own thread (it did, and so ended only a minute later, logging the body as answered).
      expect(await server.stop()).toBe(0);
      expect(server.stdout()).not.toContain('POST /v1/slow -> 200');
    } finally {
      await server.stop();
      await here.close();
    }
  });
});

describe('the mock, fifth pass (issue 35): the summary, the log, the path', () => {
  const spec = new Map([
    ['purpose/_area.yaml', purpose],
    ['endpoints/_area.yaml', 'inventory: complete\n'],
    ['endpoints/ping.yaml', `method: GET\npath: /ping\nparameters: { none: None. }\nresponses:\n  ${ok}\n`],
  ]);
  let served: Served;
  beforeAll(async () => {
    served = await serve(await writeSpec(spec));
  });
  afterAll(() => served.close());

  it('answers /_specbench/hits to GET and HEAD only: any other method is a 405 with Allow', async () => {
    expect((await call(served.origin, '/_specbench/hits')).status).toBe(200);
    expect((await call(served.origin, '/_specbench/hits', { method: 'HEAD' })).status).toBe(200);
    for (const method of ['POST', 'DELETE', 'PUT']) {
      const answer = await call(served.origin, '/_specbench/hits', { method });
      expect(answer.status, method).toBe(405);
      expect(answer.headers.get('allow'), method).toBe('GET, HEAD');
      expect(answer.headers.get('content-type'), method).toContain('application/problem+json');
    }
  });

  it('cuts a long request target in the log and says so', async () => {
    // 11 + 12,000 + 3 characters (Node reads a request's head up to 16 KB): the first 256 are shown.
    await call(served.origin, `/v1/ping?q=${'x'.repeat(12_000)}%1B`);
    const line = served.log.find((l) => l.includes('?q=xxx')) ?? '';
    expect(line).toMatch(/^GET \/v1\/ping\?q=x{245}… \(cut: 11758 more characters\) -> 200 in /);
  });

  it('`check` refuses a path holding a control character, at its line', async () => {
    const dir = await writeSpec(new Map([...spec, ['endpoints/bell.yaml', `method: GET\npath: "/a/\\e]0;PWNED\\a/{id}"\nparameters:\n  path:\n    id: { type: string, required: true }\nresponses:\n  ${ok}\n`]]));
    const { code, out, err } = await cli(['check', '--spec', dir, '--no-cache']);
    expect(code).not.toBe(0);
    const text = `${out}${err}`;
    expect(text).toContain('endpoints/bell.yaml:2');
    expect(text).toContain('control character U+001B');
    expect(text).not.toContain('\u001b');
  });
});

describe('the mock, fifth pass (issue 35): each kind of open facet inside a shape', () => {
  const body = (schema: string) => `    content_type: application/json\n    schema: ${schema}\n`;
  const endpoint = (name: string, response: string) => [`endpoints/${name}.yaml`, `method: GET\npath: /${name}\nparameters: { none: None. }\nresponses:\n  "200":\n${response}`] as const;
  const spec = new Map<string, string>([
    ['purpose/_area.yaml', purpose],
    ['endpoints/_area.yaml', 'inventory: complete\n'],
    ['errors/_area.yaml', 'inventory: complete\n'],
    ['errors/vague.yaml', 'title: Vague\nstatus: { open: Which status? }\nbody: { content_type: application/json, schema: { type: object, fields: { msg: { type: string, required: true } } } }\n'],
    endpoint('nested-open', body('{ type: object, fields: { inner: { type: object, required: true, fields: { open: Which fields? } } } }')),
    endpoint('items-open', body('{ type: array, items: { open: A list of what? } }')),
    endpoint('values-open', body('{ type: map, values: { open: A map of what? } }')),
    endpoint('field-type-open', body('{ type: object, fields: { a: { type: { open: Which type? }, required: true } } }')),
    endpoint('allowed-open', body('{ type: string, allowed: { open: Which values? } }')),
    endpoint('maximum-open', body('{ type: integer, maximum: { open: How many at most? } }')),
    endpoint('one-of-open', body('{ type: one_of, of: [{ type: string }, { type: { open: What else? } }] }')),
    endpoint('any-of-first-open', body('{ type: any_of, of: [{ type: { open: What first? } }, { type: string }] }')),
    endpoint('header-open', '    example: { ok: true }\n    headers:\n      X-Rate: { type: { open: Which type? }, required: true }\n'),
    ['endpoints/default-open.yaml', 'method: GET\npath: /default-open\nparameters: { none: None. }\nresponses:\n  default: { error: vague }\n'],
  ]);
  let dir: string;
  let served: Served;
  let gaps: Map<string, Record<string, unknown>>;
  beforeAll(async () => {
    dir = await writeSpec(spec);
    served = await serve(dir);
    gaps = await gapsJson(dir);
  });
  afterAll(() => served.close());

  it.each([
    ['nested-open', 'endpoints/nested-open/responses/200/schema/fields/inner/fields'],
    ['items-open', 'endpoints/items-open/responses/200/schema/items'],
    ['values-open', 'endpoints/values-open/responses/200/schema/values'],
    ['field-type-open', 'endpoints/field-type-open/responses/200/schema/fields/a/type'],
    ['allowed-open', 'endpoints/allowed-open/responses/200/schema/allowed'],
    ['maximum-open', 'endpoints/maximum-open/responses/200/schema/maximum'],
    ['one-of-open', 'endpoints/one-of-open/responses/200/schema/of/1/type'],
    ['any-of-first-open', 'endpoints/any-of-first-open/responses/200/schema/of/0/type'],
    ['header-open', 'endpoints/header-open/responses/200/headers/X-Rate/type'],
    ['default-open', 'errors/vague/status'],
  ])('answers %s with a 501 naming exactly the gap `gaps --format json` lists for it', async (path, id) => {
    const answer = await call(served.origin, `/v1/${path}`);
    expect(answer.status).toBe(501);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    const listed = gaps.get(id);
    expect(listed, `gaps --format json lists ${id}`).toBeDefined();
    const named = (answer.json as { gaps: Obj[] }).gaps;
    const pick = (g: Obj) => ({ id: g.id, state: g.state, question: g.question, owner: g.owner, file: g.file, line: g.line });
    expect(named.map(pick)).toEqual([pick(listed ?? {})]);
    expect(answer.gaps).toContain(id);
  });
});
