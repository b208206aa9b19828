import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSpec } from '../helpers.ts';
import { call, gapsJson, serve, startMock, type Served } from './harness.ts';

/**
 * Issue 35, t35m: facets nobody decided, and what the mock claimed of them. An open `read_only`
 * made a request without the field a 422 (required, though decided true it is never sent); an
 * open `write_only` put the field in a made response (`"secret": "string"`), as if it came back;
 * an open `pattern` or `format` was answered with `"string"`, a value that breaks most forms
 * decided later. And three minor ones: a spec's own endpoint under `/_specbench/` was shadowed
 * without a word, the refusal of JSON nested past the mock's 256 levels cited a spec line, and
 * SIGTERM closed requests whose bodies were still coming without a log line. Through the real
 * loader, the command line's server (or a real `specbench mock` process) and real HTTP.
 */
const purpose = (base: string) => `name: Facets\nbase_url: ${base}\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n`;
const get = (path: string, response: string) => `method: GET\npath: ${path}\nparameters: { none: None. }\nresponses:\n  "200": ${response}\n`;

const travel = new Map<string, string>([
  ['purpose/_area.yaml', purpose('https://api.example.com/v1')],
  ['endpoints/_area.yaml', 'inventory: complete\n'],
  ['resources/_area.yaml', 'inventory: complete\n'],
  [
    'resources/Account.yaml',
    'fields:\n  id: { type: string, required: true }\n  secret: { type: string, required: true, write_only: { open: Is the secret ever sent back? } }\n  token: { type: string, required: true, write_only: true }\n  created: { type: string, required: true, read_only: { open: Can a client set it? } }\n',
  ],
  ['resources/Hinted.yaml', 'fields:\n  id: { type: string, required: true }\n  hint: { type: string, required: false, write_only: { open: Is the hint sent back? } }\n'],
  ['endpoints/get.yaml', get('/account', '{ resource: Account }')],
  ['endpoints/put.yaml', 'method: PUT\npath: /account\nparameters: { none: None. }\nrequest: { required: true, resource: Account }\nresponses:\n  "204": { description: Done. }\n'],
  ['endpoints/hinted.yaml', get('/hinted', '{ resource: Hinted }')],
  ['endpoints/stated.yaml', get('/stated', '{ resource: Account, example: { id: a1, created: "2026-01-01" } }')],
]);

const forms = new Map<string, string>([
  ['purpose/_area.yaml', purpose('https://api.example.com/v1')],
  ['endpoints/_area.yaml', 'inventory: complete\n'],
  ['endpoints/pattern.yaml', get('/pattern', '{ schema: { type: object, fields: { code: { type: string, required: true, pattern: { open: Which ISBN form? } } } } }')],
  ['endpoints/format.yaml', get('/format', '{ schema: { type: object, fields: { code: { type: string, required: true, format: { open: Which form? } } } } }')],
  ['endpoints/items.yaml', get('/items', '{ schema: { type: array, items: { type: string, pattern: { open: Which form? } } } }')],
  ['endpoints/optional.yaml', get('/optional', '{ schema: { type: object, fields: { id: { type: integer, required: true, minimum: 1 }, code: { type: string, required: false, pattern: { open: Which form? } }, at: { type: string, required: false, format: { open: Which form? } } } } }')],
  // Whether it is always there is not decided either: left out, it might be required.
  ['endpoints/undecided.yaml', get('/undecided', '{ schema: { type: object, fields: { code: { type: string, pattern: { open: Which form? } } } } }')],
  ['endpoints/example.yaml', get('/example', '{ schema: { type: object, fields: { code: { type: string, required: true, pattern: { open: Which form? } } } }, example: { code: X-1 } }')],
]);

describe('the mock (issue 35, t35m D1): an open read_only or write_only decides nothing', () => {
  let served: Served;
  let dir: string;
  beforeAll(async () => {
    dir = await writeSpec(travel);
    served = await serve(dir);
  });
  afterAll(() => served.close());
  const put = (body: unknown) => call(served.origin, '/v1/account', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('takes a request without a required field whose read_only is open, and names the gap; a stated required field is still required', async () => {
    const without = await put({ id: 'a', secret: 's', token: 't' });
    expect(without.text).toBe('');
    expect(without.status).toBe(204);
    expect(without.gaps).toContain('resources/Account/fields/created/read_only');
    expect((await put({ id: 'a', secret: 's', token: 't', created: 'c' })).status).toBe(204);
    const noId = await put({ secret: 's', token: 't' });
    expect(noId.status).toBe(422);
    expect(noId.json).toMatchObject({ errors: [{ in: 'body', name: 'id', expected: 'required, but missing', file: 'resources/Account.yaml', line: 2 }] });
  });

  it('answers 501 naming the open write_only of a required field, never a body that claims the field comes back', async () => {
    const gaps = await gapsJson(dir);
    const answer = await call(served.origin, '/v1/account');
    expect(answer.status).toBe(501);
    expect(answer.text).not.toContain('"secret": "string"');
    const named = (answer.json as { type: string; gaps: Array<Record<string, unknown>> }).gaps;
    expect((answer.json as { type: string }).type).toBe('urn:specbench:mock:open-gap');
    expect(named.map((g) => g.id)).toEqual(['resources/Account/fields/secret/write_only']);
    expect(named[0]).toMatchObject({ state: 'open', question: gaps.get('resources/Account/fields/secret/write_only')?.question, file: 'resources/Account.yaml', line: 3 });
    expect(answer.gaps).toEqual(expect.arrayContaining(['resources/Account/fields/secret/write_only', 'resources/Account/fields/created/read_only']));
  });

  it('leaves an optional field whose write_only is open out of a made body, and names the gap', async () => {
    const answer = await call(served.origin, '/v1/hinted');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ id: 'string' });
    expect(answer.gaps).toEqual(['resources/Hinted/fields/hint/write_only']);
  });

  it('does not say a stated example breaks its shape for lacking a field whose write_only is open', async () => {
    const from = served.log.length;
    const answer = await call(served.origin, '/v1/stated');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ id: 'a1', created: '2026-01-01' });
    // The line is logged as the answer is sent, before the client reads it.
    const logged = served.log.slice(from).join('\n');
    expect(logged).toMatch(/^GET \/v1\/stated -> 200 /);
    expect(logged).not.toContain('breaks its own shape');
  });
});

describe('the mock (issue 35, t35m D4): an open pattern or format is no value the mock makes up', () => {
  let served: Served;
  let dir: string;
  beforeAll(async () => {
    dir = await writeSpec(forms);
    served = await serve(dir);
  });
  afterAll(() => served.close());

  it.each([
    ['/pattern', 'endpoints/pattern/responses/200/schema/fields/code/pattern'],
    ['/format', 'endpoints/format/responses/200/schema/fields/code/format'],
    ['/items', 'endpoints/items/responses/200/schema/items/pattern'],
    ['/undecided', 'endpoints/undecided/responses/200/schema/fields/code/pattern'],
  ])('answers %s with a 501 naming exactly the gap `gaps --format json` lists for it', async (path, id) => {
    const gaps = await gapsJson(dir);
    const answer = await call(served.origin, `/v1${path}`);
    expect(answer.status).toBe(501);
    const named = (answer.json as { gaps: Array<Record<string, unknown>> }).gaps;
    expect(named.map((g) => g.id)).toEqual([id]);
    expect(named[0]).toMatchObject({ state: 'open', question: gaps.get(id)?.question, file: gaps.get(id)?.file });
    // The header: the endpoint's open gaps (`/undecided`'s `required` too), as `gaps` lists them.
    expect(answer.gaps.sort()).toEqual([...gaps.keys()].filter((g) => g.startsWith(`endpoints${path}/`)).sort());
  });

  it('leaves optional fields whose pattern or format is open out of a made body, and names their gaps', async () => {
    const answer = await call(served.origin, '/v1/optional');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ id: 1 });
    expect(answer.gaps.sort()).toEqual(['endpoints/optional/responses/200/schema/fields/at/format', 'endpoints/optional/responses/200/schema/fields/code/pattern']);
  });

  it('answers a stated example as stated, whatever is open in its shape', async () => {
    const answer = await call(served.origin, '/v1/example');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ code: 'X-1' });
  });
});

describe('the mock (issue 35, t35m minor)', () => {
  it("names an endpoint under the mock's own /_specbench/ in the start log, and how it is reached", async () => {
    const dir = await writeSpec(
      new Map([
        ['purpose/_area.yaml', purpose('https://api.example.com')],
        ['endpoints/_area.yaml', 'inventory: complete\n'],
        ['endpoints/hits.yaml', get('/_specbench/hits', '{ content_type: application/json, schema: { type: string }, example: theirs }')],
        ['endpoints/near.yaml', get('/_specbench', '{ content_type: application/json, schema: { type: string }, example: near }')],
      ]),
    );
    const server = await startMock(['--spec', dir, '--no-cache']);
    try {
      const start = server.stdout().split('\n');
      const serving = start.findIndex((l) => l.startsWith('specbench mock: serving '));
      const notes = start.slice(0, serving).filter((l) => l.startsWith('specbench mock: note: '));
      expect(notes).toEqual([
        "specbench mock: note: GET /_specbench/hits (hits, endpoints/hits.yaml) is never reached as written: the mock's own pages take every path under /_specbench/; it is reached only with the `_` percent-encoded (/%5Fspecbench/hits)",
      ]);
      // What the note says: as written, the mock's summary; percent-encoded, the spec's endpoint.
      expect((await call(server.origin, '/_specbench/hits')).json).toMatchObject({ requests: 0 });
      expect((await call(server.origin, '/%5Fspecbench/hits')).json).toBe('theirs');
      expect((await call(server.origin, '/_specbench')).json).toBe('near');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 60_000);

  it("refuses JSON nested past 256 levels as the mock's own bound, citing no line of the spec", async () => {
    const served = await serve(
      await writeSpec(
        new Map([
          ['purpose/_area.yaml', purpose('https://api.example.com/v1')],
          [
            'endpoints/create.yaml',
            'method: POST\npath: /orders\nparameters:\n  query:\n    filter: { type: object, content_type: application/json }\nrequest:\n  required: true\n  content_type: application/json\n  schema: { type: array }\nresponses:\n  "204": { description: Done. }\n',
          ],
        ]),
      ),
    );
    try {
      const deep = `${'['.repeat(300)}${']'.repeat(300)}`;
      const body = await call(served.origin, '/v1/orders', { method: 'POST', headers: { 'content-type': 'application/json' }, body: deep });
      const query = await call(served.origin, `/v1/orders?filter=${encodeURIComponent(deep)}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[]' });
      for (const [answer, where] of [
        [body, 'the request body'],
        [query, 'query parameter `filter`'],
      ] as const) {
        expect(answer.status).toBe(400);
        const json = answer.json as { title: string; detail: string; errors: Array<Record<string, unknown>> };
        expect(json.title).toBe("The request is past a bound of the mock's own");
        expect(json.detail).toBe(`${where}: expected JSON nested at most 256 levels deep (the mock's own bound, not the spec's: it reads no deeper JSON)`);
        expect(json.detail).not.toMatch(/\.yaml/);
        expect(json.errors).toHaveLength(1);
        expect(json.errors[0]).toMatchObject({ expected: 'expected JSON nested at most 256 levels deep', bound: 'mock' });
        expect(json.errors[0]).not.toHaveProperty('file');
        expect(json.errors[0]).not.toHaveProperty('line');
      }
      // A problem of the spec's own still cites its line.
      const shallow = await call(served.origin, '/v1/orders', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(shallow.status).toBe(422);
      expect((shallow.json as { detail: string }).detail).toMatch(/\(endpoints\/create\.yaml:\d+\)$/);
    } finally {
      await served.close();
    }
  });

  it('says in the log how many requests SIGTERM closed while their bodies were still coming', async () => {
    const dir = await writeSpec(
      new Map([
        ['purpose/_area.yaml', purpose('https://api.example.com/v1')],
        ['endpoints/upload.yaml', 'method: POST\npath: /upload\nparameters: { none: None. }\nrequest:\n  required: true\n  content_type: application/json\n  schema: { type: string }\nresponses:\n  "204": { description: Done. }\n'],
      ]),
    );
    const server = await startMock(['--spec', dir, '--no-cache']);
    const { hostname, port } = new URL(server.origin);
    // Each asks to send its body (`Expect: 100-continue`): the mock's `100 Continue` says it is reading it.
    const open = (): Promise<{ socket: Socket; closed: Promise<string> }> =>
      new Promise((done, fail) => {
        const socket = connect(Number(port), hostname, () => socket.write('POST /v1/upload HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nExpect: 100-continue\r\n\r\n'));
        let data = '';
        const closed = new Promise<string>((ended) => socket.on('close', () => ended(data)));
        socket.setEncoding('latin1');
        socket.on('data', (chunk: string) => {
          data += chunk;
          if (/^HTTP\/1\.1 100 /.test(data) && data.includes('\r\n\r\n')) {
            socket.write('"abc');
            done({ socket, closed });
          }
        });
        socket.on('error', fail);
      });
    const sockets = [await open(), await open(), await open()];
    expect(await server.stop('SIGTERM')).toBe(0);
    // Closed with no answer but the `100 Continue`.
    for (const s of sockets) expect((await s.closed).replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '')).toBe('');
    const out = server.stdout();
    const stopped = out.indexOf('specbench mock: stopped (SIGTERM)');
    expect(stopped).toBeGreaterThan(0);
    expect(out.slice(0, stopped)).toContain('specbench mock: closed 3 requests unanswered: their bodies were still coming when it stopped\n');
    expect(out.slice(stopped)).toBe('specbench mock: stopped (SIGTERM)\n');
  }, 60_000);
});
