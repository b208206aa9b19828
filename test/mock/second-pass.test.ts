import { mkdtemp, readFile, rename, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOpenApi } from '../../src/lib/index.ts';
import { cli, specAt, writeSpec } from '../helpers.ts';
import { call, gapsJson, serve, startMock, type Served } from './harness.ts';

type Obj = Record<string, unknown>;

/**
 * The second tester's cases (issue 35), each through the real loader and the real server over real
 * HTTP: decimal steps, JSON query parameters, fields named like Object.prototype's members, values
 * of facets marked open, an API key whose header is open, generated bodies that break their own
 * shape, a template shadowed by another, named examples under another media type or kept
 * elsewhere, `Prefer: code=` that is no status, CSV, a body past the server's bound, CONNECT, spec
 * files that cannot be read, a folder moved away, and the first answer after a save.
 */
const files = new Map([
  ['purpose/_area.yaml', 'name: Second pass\nbase_url: https://api.example.com\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n'],
  ['resources/_area.yaml', 'inventory: complete\n'],
  ['resources/Problem.yaml', 'fields:\n  type: { type: string, required: true }\n  title: { type: string, required: true }\n'],
  ['endpoints/_area.yaml', 'inventory: complete\n'],
  ['endpoints/pay.yaml', 'method: POST\npath: /pay\nparameters: { none: None. }\nrequest: { required: true, content_type: application/json, schema: { type: object, fields: { amount: { type: number, required: true, multiple_of: 0.01 } } } }\nresponses:\n  "204": { none: Nothing. }\n'],
  ['endpoints/search.yaml', 'method: GET\npath: /search\nparameters:\n  query:\n    filter: { type: object, content_type: application/json, required: true, fields: { limit: { type: integer, required: true, minimum: 1 } } }\nresponses:\n  "204": { none: Nothing. }\n'],
  ['endpoints/search-optional.yaml', 'method: GET\npath: /search-optional\nparameters:\n  query:\n    filter: { type: object, content_type: application/json, fields: { limit: { type: integer, required: true, minimum: 1 } } }\nresponses:\n  "204": { none: Nothing. }\n'],
  [
    'endpoints/create-thing.yaml',
    'method: POST\npath: /things\nparameters: { none: None. }\nrequest:\n  required: true\n  content_type: application/json\n  schema: { type: object, fields: { name: { type: string, required: true }, constructor: { type: string, required: false }, toString: { type: string, required: false } } }\nresponses:\n  "201": { content_type: application/json, schema: { type: object, fields: { constructor: { type: string, required: true }, hasOwnProperty: { type: integer, required: true, minimum: 3 } } } }\n',
  ],
  ['endpoints/create-other.yaml', 'method: POST\npath: /others\nparameters: { none: None. }\nrequest: { required: true, content_type: application/json, schema: { type: object, fields: { constructor: { type: object, required: true, fields: { a: { type: integer, required: true } } } } } }\nresponses:\n  "204": { none: Nothing. }\n'],
  ['endpoints/get-kind.yaml', 'method: GET\npath: /kind\nparameters: { none: None. }\nresponses:\n  "200": { content_type: application/json, schema: { type: object, fields: { kind: { type: string, required: true, allowed: { open: Which kinds are there? } } } } }\n'],
  ['endpoints/get-size.yaml', 'method: GET\npath: /size\nparameters: { none: None. }\nresponses:\n  "200": { content_type: application/json, schema: { type: object, fields: { size: { type: integer, required: true, minimum: 1, maximum: { open: How large may it be? } } } } }\n'],
  ['endpoints/get-tier.yaml', 'method: GET\npath: /tier\nparameters: { none: None. }\nresponses:\n  "200":\n    content_type: application/json\n    schema: { type: object, fields: { ok: { type: boolean, required: true } } }\n    headers:\n      X-Tier: { type: string, required: true, allowed: { open: Which tiers? } }\n'],
  ['endpoints/get-vague.yaml', 'method: GET\npath: /vague\nparameters: { none: None. }\nresponses:\n  "400": { error: vague }\n'],
  ['endpoints/get-report.yaml', 'method: GET\npath: /report\nparameters: { none: None. }\nresponses:\n  "200": { content_type: application/json, example: { report: ok } }\nsecurity: [{ scheme: partner-key }]\n'],
  ['endpoints/get-guarded.yaml', 'method: GET\npath: /guarded\nparameters: { none: None. }\nresponses:\n  "200": { content_type: application/json, example: { ok: true } }\nsecurity: [{ scheme: vague-scheme }]\nlimits: [burst]\n'],
  [
    'endpoints/gen.yaml',
    'method: GET\npath: /gen\nparameters: { none: None. }\nresponses:\n  "200":\n    content_type: application/json\n    schema:\n      type: object\n      fields:\n        three: { type: array, required: true, min_items: 3, items: string }\n        two_unique: { type: array, required: true, min_items: 2, unique_items: true, items: { type: integer, minimum: 1, maximum: 5 } }\n        below: { type: number, required: true, exclusive_maximum: -5 }\n        either: { type: one_of, required: true, of: [ { type: string, allowed: [x] }, { type: string } ] }\n',
  ],
  ['endpoints/gen-mail.yaml', 'method: GET\npath: /gen-mail\nparameters: { none: None. }\nresponses:\n  "200": { content_type: application/json, schema: { type: object, fields: { short_mail: { type: string, required: true, format: email, max_length: 5 } } } }\n'],
  ['endpoints/get-item.yaml', 'method: GET\npath: /items/{id}\nparameters: { path: { id: { type: string, required: true } } }\nresponses: { "200": { content_type: application/json, example: get-item } }\n'],
  ['endpoints/get-item-json.yaml', 'method: GET\npath: /items/{id}.json\nparameters: { path: { id: { type: string, required: true } } }\nresponses: { "200": { content_type: application/json, example: get-item-json } }\n'],
  ['endpoints/a-code.yaml', 'method: GET\npath: /codes/{id}\nparameters: { path: { id: { type: string, required: true } } }\nresponses: { "200": { content_type: application/json, example: a-code } }\n'],
  ['endpoints/b-code.yaml', 'method: GET\npath: /codes/{id}{ext}\nparameters: { path: { id: { type: string, required: true }, ext: { type: string, required: true } } }\nresponses: { "200": { content_type: application/json, example: b-code } }\n'],
  [
    'endpoints/get-thing.yaml',
    'method: GET\npath: /thing\nparameters: { none: None. }\nresponses:\n  "200":\n    named_examples:\n      remote: { summary: Kept elsewhere, external_value: "https://example.com/thing.json" }\n    content:\n      application/json:\n        schema: { type: object, fields: { v: { type: string, required: true } } }\n        named_examples:\n          json_one: { value: { v: from-json } }\n      application/xml:\n        schema: { type: object, fields: { v: { type: string, required: true } } }\n        named_examples:\n          xml_one: { value: { v: from-xml } }\n  "404": { error: vague }\n',
  ],
  ['endpoints/list-rows.yaml', 'method: GET\npath: /rows\nparameters: { none: None. }\nresponses:\n  "200": { content_type: [application/json, text/csv], schema: { type: array, items: { type: object, fields: { id: { type: integer, required: true }, note: { type: string, required: false } } } }, example: [{ id: 1, note: "a, \\"b\\"" }, { id: 2 }] }\n'],
  ['endpoints/get-note.yaml', 'method: GET\npath: /note\nparameters: { none: None. }\nresponses:\n  "200": { content_type: [application/json, text/plain], schema: { type: object, fields: { text: { type: string, required: true } } } }\n'],
  ['endpoints/upload.yaml', 'method: POST\npath: /upload\nparameters: { none: None. }\nrequest: { open: What does an upload carry? }\nresponses:\n  "204": { none: Nothing. }\n'],
  ['authentication/_area.yaml', 'inventory: complete\n'],
  ['authentication/partner-key.yaml', 'scheme: api-key\ncredentials: [partner_key]\nlocation: header\nheaders: { open: Which header carries the key? }\n'],
  ['authentication/vague-scheme.yaml', 'scheme: { open: Which scheme? }\n'],
  ['limits/_area.yaml', 'quotas: complete\nsize_bounds: { none: None. }\ntimeouts: { none: None. }\n'],
  ['limits/burst.yaml', 'kind: quota\nquota: { open: How many calls? }\nwindow: PT1M\n'],
  ['errors/_area.yaml', 'inventory: complete\nbody: { resource: Problem, content_type: application/problem+json }\n'],
  ['errors/vague.yaml', 'status: 400\nbody: { open: What does this error carry? }\n'],
]);

describe('the mock, second pass of an independent tester (issue 35)', () => {
  let dir: string;
  let served: Served;
  let gaps: Map<string, Record<string, unknown>>;
  let valid: (path: string, method: string, status: string, type: string, value: unknown) => Obj[];
  beforeAll(async () => {
    dir = await writeSpec(files);
    served = await serve(dir);
    gaps = await gapsJson(dir);
    // Bodies are held to the schemas `specbench export openapi` writes, by Ajv as a client's tests would.
    const doc = exportOpenApi(await specAt(dir)) as Obj;
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    ajv.addSchema({ ...doc, $id: 'openapi' });
    const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
    valid = (path, method, status, type, value) => {
      const validate = ajv.compile({ $ref: `openapi#/paths/${esc(path)}/${method}/responses/${status}/content/${esc(type)}/schema` });
      validate(value);
      return (validate.errors ?? []) as unknown as Obj[];
    };
  });
  afterAll(() => served.close());

  const json = { 'content-type': 'application/json' };

  it('takes a decimal multiple of a decimal step (0.07 of 0.01), by the rule check holds examples to, and refuses one that is not', async () => {
    for (const amount of ['0.07', '0.29', '0.57', '1.1', '19.99', '-0.03']) {
      const answer = await call(served.origin, '/pay', { method: 'POST', headers: json, body: `{"amount":${amount}}` });
      expect(answer.status, amount).toBe(204);
    }
    const off = await call(served.origin, '/pay', { method: 'POST', headers: json, body: '{"amount":0.075}' });
    expect(off.status).toBe(422);
    expect((off.json as { errors: Obj[] }).errors[0]).toMatchObject({ name: 'amount', expected: 'expected a multiple of 0.01', got: '0.075', file: 'endpoints/pay.yaml' });
  });

  it('reads a query parameter serialized as JSON (content_type): a required one found, each judged as its JSON says, the 256-level limit kept', async () => {
    const q = (value: string) => encodeURIComponent(value);
    expect((await call(served.origin, `/search?filter=${q('{"limit":5}')}`)).status).toBe(204);
    for (const [value, expected] of [
      ['{"limit":0}', 'expected at least 1'],
      ['{"limit":"5"}', 'expected an integer'],
      ['{}', 'required, but missing'],
      ['notjson', 'expected application/json'],
      [`${'['.repeat(300)}${']'.repeat(300)}`, 'expected JSON nested at most 256 levels deep'],
    ] as const) {
      for (const path of ['/search', '/search-optional']) {
        const answer = await call(served.origin, `${path}?filter=${q(value)}`);
        expect(answer.status, `${path} ${value.slice(0, 20)}`).toBe(400);
        const error = (answer.json as { errors: Obj[] }).errors[0];
        expect(error?.in).toBe('query');
        expect(String(error?.name)).toMatch(/^filter/);
        expect(error?.expected).toBe(expected);
      }
    }
    expect((await call(served.origin, '/search')).status).toBe(400);
    expect((await call(served.origin, '/search-optional')).status).toBe(204);
  });

  it('counts only the fields a client sent: a body without `constructor` or `toString` lacks them, and a made body has them as stated', async () => {
    const thing = await call(served.origin, '/things', { method: 'POST', headers: json, body: '{"name":"x"}' });
    expect(thing.status).toBe(201);
    // The generator's body holds the fields named like Object.prototype's members, as their shape says.
    expect(thing.json).toEqual({ constructor: 'string', hasOwnProperty: 3 });
    expect(valid('/things', 'post', '201', 'application/json', thing.json)).toEqual([]);
    const wrong = await call(served.origin, '/things', { method: 'POST', headers: json, body: '{"name":"x","constructor":5}' });
    expect(wrong.status).toBe(422);
    expect((wrong.json as { errors: Obj[] }).errors[0]).toMatchObject({ name: 'constructor', expected: 'expected a string' });
    const other = await call(served.origin, '/others', { method: 'POST', headers: json, body: '{}' });
    expect(other.status).toBe(422);
    expect((other.json as { errors: Obj[] }).errors).toEqual([expect.objectContaining({ name: 'constructor', expected: 'required, but missing' })]);
    expect((await call(served.origin, '/others', { method: 'POST', headers: json, body: '{"constructor":{"a":1}}' })).status).toBe(204);
  });

  it.each([
    ['a field whose allowed values are open', '/kind', ['endpoints/get-kind/responses/200/schema/fields/kind/allowed']],
    ['a field whose bound is open', '/size', ['endpoints/get-size/responses/200/schema/fields/size/maximum']],
    ['a header whose allowed values are open', '/tier', ['endpoints/get-tier/responses/200/headers/X-Tier/allowed']],
    ['an error whose own body is marked open (the errors area states one)', '/vague', ['errors/vague/body']],
  ])('answers 501 naming the gap, never a made-up value, for %s', async (_, path, ids) => {
    const answer = await call(served.origin, path);
    expect(answer.status).toBe(501);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    expect(answer.headers.get('x-tier')).toBeNull();
    const named = (answer.json as { gaps: Array<{ id: string; question: string }> }).gaps;
    expect(named.map((g) => g.id)).toEqual(ids);
    for (const g of named) expect(gaps.get(g.id)?.question).toBe(g.question);
    expect(answer.gaps).toEqual(expect.arrayContaining(ids));
  });

  it('lets a call through where the header of an API key is open, naming that gap; names the open gaps of the scheme and quota an endpoint goes through', async () => {
    const report = await call(served.origin, '/report');
    expect(report.status).toBe(200);
    expect(report.gaps).toContain('authentication/partner-key/headers');
    // The credential's name is no header's: sent as one, it changes nothing.
    const named = await call(served.origin, '/report', { headers: { partner_key: 'k' } });
    expect(named.status).toBe(200);
    expect(named.gaps).toContain('authentication/partner-key/headers');
    const guarded = await call(served.origin, '/guarded');
    expect(guarded.status).toBe(200);
    expect(guarded.gaps).toEqual(expect.arrayContaining(['authentication/vague-scheme/scheme', 'limits/burst/quota']));
    for (const id of [...report.gaps, ...guarded.gaps]) expect(gaps.has(id), id).toBe(true);
  });

  it('makes bodies that fit their own shape (min_items, unique items, an exclusive bound, a one_of value of one variant only), and answers 501 saying why where none can be made', async () => {
    const gen = await call(served.origin, '/gen');
    expect(gen.status).toBe(200);
    expect(gen.json).toEqual({ three: ['string', 'string', 'string'], two_unique: [1, 2], below: -6, either: 'string' });
    expect(valid('/gen', 'get', '200', 'application/json', gen.json)).toEqual([]);
    const mail = await call(served.origin, '/gen-mail');
    expect(mail.status).toBe(501);
    expect((mail.json as { detail: string; gaps: unknown[] }).detail).toContain('the mock cannot make a body that fits its shape (`short_mail`: expected an email (format `email`))');
    // No gap: the spec states the shape whole, so the answer is not said to be open (third pass, repro-06).
    expect((mail.json as { type: string }).type).toBe('urn:specbench:mock:cannot-make');
    expect(mail.gaps).toEqual([]);
  });

  it('routes a template with more written characters first (/items/{id}.json before /items/{id}), and tells an endpoint no request reaches', async () => {
    const json = await call(served.origin, '/items/7.json');
    expect(json.headers.get('specbench-endpoint')).toBe('get-item-json');
    expect(json.json).toBe('get-item-json');
    expect((await call(served.origin, '/items/7')).headers.get('specbench-endpoint')).toBe('get-item');
    expect((await call(served.origin, '/items/a.b')).headers.get('specbench-endpoint')).toBe('get-item');
    // `{id}` takes every segment `{id}{ext}` would: stated first, it leaves the other unreached.
    expect(served.mock.unreachable()).toEqual(['GET /codes/{id}{ext} (b-code, endpoints/b-code.yaml) is never reached: another stated path takes every request it would answer']);
  });

  it('answers a named example in the media type that states it, says which to accept otherwise, and says an external example is not fetched', async () => {
    const xml = await call(served.origin, '/thing', { headers: { prefer: 'example=xml_one' } });
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toBe('application/xml');
    expect(xml.text).toContain('from-xml');
    const refused = await call(served.origin, '/thing', { headers: { prefer: 'example=xml_one', accept: 'application/json' } });
    expect(refused.status).toBe(406);
    expect((refused.json as { detail: string }).detail).toContain('states the named example `xml_one` as application/xml; the request accepts none of them (send `Accept: application/xml`)');
    const remote = await call(served.origin, '/thing', { headers: { prefer: 'example=remote' } });
    expect(remote.status).toBe(501);
    expect(remote.json).toMatchObject({ type: 'urn:specbench:mock:external-example', external_value: 'https://example.com/thing.json', examples: ['json_one', 'remote', 'xml_one'] });
    const unknown = await call(served.origin, '/thing', { headers: { prefer: 'example=nope' } });
    expect(unknown.status).toBe(400);
    expect((unknown.json as { examples: string[] }).examples).toEqual(['json_one', 'remote', 'xml_one']);
  });

  it.each(['999', 'abc', '2XX', '0404'])('answers Prefer: code=%s, which is no HTTP status, with a 400 listing the stated ones', async (code) => {
    const answer = await call(served.origin, '/thing', { headers: { prefer: `code=${code}` } });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ type: 'urn:specbench:mock:unstated-status', responses: ['200', '404'] });
  });

  it('answers a stated text/csv response with its records as CSV', async () => {
    const csv = await call(served.origin, '/rows', { headers: { accept: 'text/csv' } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv');
    expect(csv.text).toBe('"id","note"\r\n"1","a, ""b"""\r\n"2",""\r\n');
    // An object as plain text: the mock cannot write it, which is no gap of the spec's.
    const text = await call(served.origin, '/note', { headers: { accept: 'text/plain' } });
    expect(text.status).toBe(501);
    expect(text.json).toMatchObject({ type: 'urn:specbench:mock:cannot-write', available: ['application/json', 'text/plain'] });
    expect(text.gaps).toEqual([]);
  });

  it('answers a body past the 16 MB the server reads with its own 413 problem, the endpoint and its gaps named, and closes the connection', async () => {
    const answer = await call(served.origin, '/upload', { method: 'POST', headers: json, body: 'x'.repeat(16 * 1024 * 1024 + 1) });
    expect(answer.status).toBe(413);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    expect(answer.headers.get('specbench-endpoint')).toBe('upload');
    expect(answer.gaps).toEqual(['endpoints/upload/request']);
    expect(answer.headers.get('connection')).toBe('close');
    expect(answer.json).toMatchObject({ type: 'urn:specbench:mock:too-large', limit: 16 * 1024 * 1024 });
  });

  it('answers CONNECT (an authority, no path) with a 400, never a dropped connection', async () => {
    const { hostname, port } = new URL(served.origin);
    const text = await new Promise<string>((done, fail) => {
      const socket = connect(Number(port), hostname, () => socket.write(`CONNECT ${hostname}:${port} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`));
      let data = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (data += chunk));
      socket.on('end', () => done(data));
      socket.on('error', fail);
    });
    expect(text).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(text).toContain('Content-Type: application/problem+json');
    expect(text).toContain('urn:specbench:mock:bad-path');
  });
});

describe('a spec file that cannot be read', () => {
  const base = new Map([
    ['purpose/_area.yaml', 'name: Broken\nbase_url: https://api.example.com\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n'],
    ['resources/_area.yaml', 'inventory: complete\n'],
    ['resources/Loan.yaml', 'fields:\n  id: { type: integer, required: true }\n'],
    ['endpoints/_area.yaml', 'inventory: { open: Are there more? }\n'],
    ['endpoints/get-loan.yaml', 'method: GET\npath: /loans/{id}\nparameters: { path: { id: { type: integer, required: true } } }\nresponses:\n  "200": { resource: Loan }\n'],
    ['endpoints/list-books.yaml', 'method: GET\npath: /books\nparameters: { none: None. }\nresponses:\n  "200": { content_type: application/json, example: { books: 0 } }\n'],
  ]);

  it.each([
    ['an endpoint file: no 404 as if the spec had no such endpoint', 'endpoints/get-loan.yaml', 'method: GET\npath: [unclosed\n'],
    ['the file of the resource a body carries: no 501 as if it were not in the spec', 'resources/Loan.yaml', 'fields:\n  id: { type: integer, required: true\n'],
  ])('answers 503 naming the file and its errors (file, line, column): %s', async (_, file, text) => {
    const dir = await writeSpec(new Map([...base, [file, text]]));
    const served = await serve(dir);
    try {
      const answer = await call(served.origin, '/loans/1');
      expect(answer.status).toBe(503);
      const body = answer.json as { type: string; detail: string; errors: Array<{ file: string; line: number; column: number; code: string }> };
      expect(body.type).toBe('urn:specbench:mock:spec-unreadable');
      expect(body.errors.length).toBeGreaterThan(0);
      for (const e of body.errors) expect(e).toMatchObject({ file, line: expect.any(Number), column: expect.any(Number), code: expect.any(String) });
      expect(body.detail).toContain(`${file}:${body.errors[0]?.line}:${body.errors[0]?.column}`);
      expect(answer.headers.get('specbench-unreadable')).toBe(file);
      // What does not depend on it is answered as usual, and says what could not be read.
      const books = await call(served.origin, '/books');
      expect(books.status).toBe(200);
      expect(books.headers.get('specbench-unreadable')).toBe(file);
    } finally {
      await served.close();
    }
  });
});

describe('specbench mock, following the folder', () => {
  it('answers the first call after a save from the saved file; says, on each answer and in the log, when the folder is gone and when it is back; names an unreached endpoint at start', async () => {
    const dir = await writeSpec(
      new Map([
        ['purpose/_area.yaml', 'name: Live\nbase_url: https://api.example.com\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n'],
        ['endpoints/_area.yaml', 'inventory: complete\n'],
        ['endpoints/get-v.yaml', 'method: GET\npath: /v\nparameters: { none: None. }\nresponses:\n  "200": { content_type: application/json, example: v0 }\n'],
        ['endpoints/a-code.yaml', 'method: GET\npath: /codes/{id}\nparameters: { path: { id: { type: string, required: true } } }\nresponses: { "200": { content_type: application/json, example: a } }\n'],
        ['endpoints/b-code.yaml', 'method: GET\npath: /codes/{id}{ext}\nparameters: { path: { id: { type: string, required: true }, ext: { type: string, required: true } } }\nresponses: { "200": { content_type: application/json, example: b } }\n'],
      ]),
    );
    const server = await startMock(['--spec', dir, '--no-cache']);
    try {
      expect(server.stdout()).toContain('specbench mock: note: GET /codes/{id}{ext} (b-code, endpoints/b-code.yaml) is never reached: another stated path takes every request it would answer\n');
      const file = join(dir, 'endpoints', 'get-v.yaml');
      const text = await readFile(file, 'utf8');
      for (let i = 1; i <= 5; i++) {
        // Saved as editors save (beside, then renamed over it), then called at once: no wait on the reload's log line.
        const aside = join(await mkdtemp(join(tmpdir(), 'specbench-save-')), 'get-v.yaml');
        await writeFile(aside, text.replace('example: v0', `example: v${i}`));
        await rename(aside, file);
        expect((await call(server.origin, '/v')).json, `save ${i}`).toBe(`v${i}`);
      }
      const moved = `${dir}-moved`;
      const from = server.stdout().length;
      await rename(dir, moved);
      // Told by the answer itself, the first one after the move.
      const stale = await call(server.origin, '/v');
      expect(stale.status).toBe(200);
      expect(stale.headers.get('specbench-stale')).toContain('is gone (moved or removed); the answers are of the spec as last read, until it is back');
      expect(server.stderr()).toContain('is gone (moved or removed)');
      await rename(moved, dir);
      const back = await call(server.origin, '/v');
      expect(back.headers.get('specbench-stale')).toBeNull();
      await server.line(/^specbench mock: the spec folder .* is back$/, from);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 120_000);

  it('shows its own options and where to read on with --help', async () => {
    const help = await cli(['mock', '--help']);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^Usage: specbench mock \[options\]/);
    for (const words of ['--port N, --host H', '--no-auth, --no-limits', 'Prefer: code=409, example=name', '501 application/problem+json', 'Specbench-Gaps', '/_specbench/hits', 'Try it: the mock']) expect(help.out).toContain(words);
    expect(help.out).not.toContain('--fail-on-breaking');
  });
});
