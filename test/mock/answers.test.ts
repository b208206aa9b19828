import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOpenApi, type Analysis } from '../../src/lib/index.ts';
import { fixture, specAt } from '../helpers.ts';
import { call, gapsJson, serve, type Served } from './harness.ts';
import { guardedSpec, openSpec, routesSpec } from './specs.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The line (1-based) of the first line of a spec file that holds `marker`: where the spec states something, found without the mock. */
function lineOf(dir: string, file: string, marker: string): number {
  const index = readFileSync(join(dir, file), 'utf8').split('\n').findIndex((l) => l.includes(marker));
  if (index < 0) throw new Error(`${marker} is not in ${file}`);
  return index + 1;
}

/** Every value a response of the spec states as an example (its own, its media types', its error's body's), wherever it is written. */
function statedExampleValues(value: unknown, out: unknown[] = []): unknown[] {
  if (Array.isArray(value)) value.forEach((v) => statedExampleValues(v, out));
  if (!isObj(value)) return out;
  if ('example' in value) out.push(value.example);
  if (isObj(value.named_examples)) for (const e of Object.values(value.named_examples)) if (isObj(e) && 'value' in e) out.push(e.value);
  for (const [k, v] of Object.entries(value)) if (k !== 'example' && k !== 'named_examples') statedExampleValues(v, out);
  return out;
}

/** Ajv over the OpenAPI export of the same spec: the schema of a response's content in a media type, as the export writes it. */
function exportValidator(analysis: Analysis) {
  const doc = exportOpenApi(analysis) as Obj;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: 'openapi' });
  const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
  return (path: string, method: string, status: string, type: string) => {
    const paths = doc.paths as Record<string, Record<string, Obj>>;
    let response = (paths[path]?.[method.toLowerCase()]?.responses as Record<string, Obj>)[status] ?? {};
    let pointer = `/paths/${esc(path)}/${method.toLowerCase()}/responses/${esc(status)}`;
    const ref = typeof response.$ref === 'string' ? response.$ref : undefined;
    if (ref !== undefined) {
      pointer = ref.slice(1);
      response = ((doc.components as Obj).responses as Record<string, Obj>)[ref.split('/').pop() ?? ''] ?? {};
    }
    const content = isObj(response.content) ? response.content : {};
    // A body that states no media type is exported under `*/*`; the mock sends it as JSON.
    const key = type in content ? type : '*/*' in content && type === 'application/json' ? '*/*' : undefined;
    if (key === undefined) return undefined;
    return ajv.compile({ $ref: `openapi#${pointer}/content/${esc(key)}/schema` });
  };
}

describe('the mock answers what the spec states', () => {
  const dir = fixture('complete');
  let served: Served;
  let analysis: Analysis;
  beforeAll(async () => {
    analysis = await specAt(dir);
    served = await serve(dir);
  });
  afterAll(() => served.close());

  it('answers every stated status of every stated endpoint, with a body that validates against its stated shape (or is its stated example)', async () => {
    const validator = exportValidator(analysis);
    const endpoints = analysis.spec.areas.find((a) => a.key === 'endpoints')?.items ?? [];
    let checked = 0;
    for (const e of endpoints) {
      const data = e.data as Obj;
      const path = String(data.path);
      const method = String(data.method);
      const pathParams = isObj(data.parameters) && isObj(data.parameters.path) ? data.parameters.path : {};
      const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
        const p = pathParams[name];
        return isObj(p) && p.format === 'uuid' ? '6f1c2b1e-8d3a-4f7e-9a51-2b7f0d3c9e11' : 'abc';
      });
      const request = isObj(data.request) && isObj(data.request.content) ? (data.request.content['application/json'] as Obj | undefined) : undefined;
      for (const [key, entry] of Object.entries(data.responses as Obj)) {
        const status = /^\dXX$/.test(key) ? Number(key[0]) * 100 : Number(key);
        const answer = await call(served.origin, `/v1${filled}`, {
          method,
          headers: { authorization: 'Bearer token', 'x-api-key': 'key', prefer: `code=${status}`, ...(request ? { 'content-type': 'application/json' } : {}) },
          ...(request ? { body: JSON.stringify(request.example) } : {}),
        });
        expect(answer.status, `${method} ${path} ${key}`).toBe(status);
        expect(answer.headers.get('specbench-endpoint')).toBe(e.id);
        const type = (answer.headers.get('content-type') ?? '').split(';')[0] ?? '';
        const validate = validator(path, method, key, type);
        if (status === 304) {
          expect(answer.text).toBe('');
          continue;
        }
        expect(validate, `${method} ${path} ${key}: the export states content of ${type}`).toBeDefined();
        const errorId = isObj(entry) && typeof entry.error === 'string' ? entry.error : undefined;
        const errorFile = errorId !== undefined ? analysis.spec.areas.find((a) => a.key === 'errors')?.items.find((i) => i.id === errorId)?.data : undefined;
        const examples = statedExampleValues([entry, errorFile]);
        if (examples.some((x) => isDeepStrictEqual(x, answer.json))) continue;
        expect(validate?.(answer.json), `${method} ${path} ${key}: ${JSON.stringify(validate?.errors)}`).toBe(true);
        checked++;
      }
    }
    // Bodies made from shapes, not only stated examples, were checked.
    expect(checked).toBeGreaterThanOrEqual(8);
  });

  it('reads form bodies: multipart parts checked against their stated shape', async () => {
    const form = new FormData();
    form.set('order', '{"status":"draft"}');
    form.set('attachment', new Blob(['bytes']), 'a.bin');
    const sent = await fetch(`${served.origin}/v1/orders`, { method: 'POST', headers: { authorization: 'Bearer t' }, body: form });
    expect(sent.status).toBe(201);
    const partial = new FormData();
    partial.set('attachment', new Blob(['bytes']), 'a.bin');
    const refused = await fetch(`${served.origin}/v1/orders`, { method: 'POST', headers: { authorization: 'Bearer t' }, body: partial });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { errors: Obj[] }).errors).toEqual([expect.objectContaining({ in: 'body', name: 'order', expected: 'required, but missing', file: 'endpoints/create-order.yaml', line: lineOf(dir, 'endpoints/create-order.yaml', 'order: {') })]);
  });

  it('makes bodies that honour formats, allowed values, constraints and read-only and write-only fields', async () => {
    const answer = await call(served.origin, '/v1/orders/abc', { headers: { authorization: 'Bearer t' } });
    const order = answer.json as Obj;
    expect(order.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(['draft', 'placed', 'cancelled', 'shipped']).toContain(order.status);
    expect(order.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    // `notes` is write-only: never in a response.
    expect(order).not.toHaveProperty('notes');
    expect(((order.lines as Obj[])[0] as Obj).quantity).toBeGreaterThanOrEqual(1);
    // In the other stated media type, on request.
    const xml = await call(served.origin, '/v1/orders/abc', { headers: { authorization: 'Bearer t', accept: 'application/xml' } });
    expect(xml.headers.get('content-type')).toBe('application/xml');
    expect(xml.text).toMatch(/^<Order>/);
    const refused = await call(served.origin, '/v1/orders/abc', { headers: { authorization: 'Bearer t', accept: 'image/png' } });
    expect(refused.status).toBe(406);
  });

  it('sends the stated response headers, rate-limit headers included', async () => {
    const answer = await call(served.origin, '/v1/orders', { method: 'POST', headers: { authorization: 'Bearer t', 'content-type': 'application/json' }, body: JSON.stringify({ status: 'draft', total: 1, paid: false, lines: [{ sku: 'A', quantity: 1 }] }) });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('location')).toBe('https://example.com');
    expect(answer.headers.get('ratelimit-policy')).toBe('"default-rate";q=1000;w=3600');
    expect(answer.headers.get('ratelimit')).toMatch(/^"default-rate";r=\d+;t=\d+$/);
  });

  it('answers an unknown path with 404 and an unstated method with 405, listing the closest stated endpoints', async () => {
    const missing = await call(served.origin, '/v1/order/abc');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('application/problem+json');
    const closest = (missing.json as { closest: Array<{ method: string; path: string; file: string }> }).closest;
    expect(closest[0]).toEqual({ endpoint: 'get-order', method: 'GET', path: '/v1/orders/{order_id}', file: 'endpoints/get-order.yaml' });
    const wrong = await call(served.origin, '/v1/orders/abc', { method: 'PATCH' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
    expect((wrong.json as { closest: Array<{ endpoint: string }> }).closest.map((c) => c.endpoint)).toEqual(['get-order']);
  });
});

describe('routing by method and path template', () => {
  it('takes a written segment before a parameter, each path parameter by its own name, and a parameter inside a segment', async () => {
    const dir = await routesSpec();
    const served = await serve(dir);
    try {
      const which = async (method: string, path: string) => {
        const a = await call(served.origin, path, { method });
        return a.status === 200 ? (a.json as { which: string }).which : a.status;
      };
      expect(await which('GET', '/v2/items/mine')).toBe('mine');
      expect(await which('GET', '/v2/items/7')).toBe('get-item');
      expect(await which('DELETE', '/v2/items/7')).toBe('delete-item');
      const head = await call(served.origin, '/v2/items/7', { method: 'HEAD' });
      expect([head.status, head.headers.get('specbench-endpoint'), head.text]).toEqual([200, 'get-item', '']);
      expect(await which('GET', '/v2/items/7/parts/bolt.json')).toBe('part');
      // Another endpoint's name for the same segment is not this one's: `id` is read as its own.
      const part = await call(served.origin, '/v2/items/seven/parts/bolt.json');
      expect(part.status).toBe(400);
      expect((part.json as { errors: Obj[] }).errors).toEqual([expect.objectContaining({ in: 'path', name: 'id', got: '"seven"', line: lineOf(dir, 'endpoints/part.yaml', 'id:') })]);
      const badPart = await call(served.origin, '/v2/items/7/parts/Bolt.json');
      expect((badPart.json as { errors: Obj[] }).errors).toEqual([expect.objectContaining({ in: 'path', name: 'part', got: '"Bolt"' })]);
      // Outside the base path, or past a trailing slash: nothing stated.
      expect(await which('GET', '/items/7')).toBe(404);
      expect(await which('GET', '/v2/items/7/')).toBe(404);
      // No DELETE on `/items/mine`: the template's DELETE takes the call, and `mine` is no integer.
      const del = await call(served.origin, '/v2/items/mine', { method: 'DELETE' });
      expect([del.status, del.headers.get('specbench-endpoint'), (del.json as { errors: Obj[] }).errors[0]?.name]).toEqual([400, 'delete-item', 'item_id']);
      const put = await call(served.origin, '/v2/items/mine', { method: 'PUT' });
      expect(put.status).toBe(405);
      expect(put.headers.get('allow')).toBe('DELETE, GET');
    } finally {
      await served.close();
    }
  });
});

describe('gaps named, never papered over', () => {
  let dir: string;
  let served: Served;
  let gaps: Map<string, Record<string, unknown>>;
  beforeAll(async () => {
    dir = await openSpec();
    served = await serve(dir, { editUrl: 'https://github.com/acme/spec/edit/main/spec/' });
    gaps = await gapsJson(dir);
  });
  afterAll(() => served.close());

  /** A gap of `gaps --format json` as a 501 names it. */
  const asNamed = (id: string) => {
    const g = gaps.get(id);
    if (!g) throw new Error(`gaps --format json lists no ${id}`);
    return { id: g.id, state: g.state, question: g.question, ...(g.owner !== undefined ? { owner: g.owner } : {}), file: g.file, line: g.line };
  };

  it.each([
    ['an open method', 'GET', '/api/method-open', {}, ['endpoints/method-open/method']],
    ['missing responses', 'GET', '/api/responses-missing', {}, ['endpoints/responses-missing/responses']],
    ['open responses', 'GET', '/api/responses-open', {}, ['endpoints/responses-open/responses']],
    ['an open chosen response', 'GET', '/api/response-open', { prefer: 'code=404' }, ['endpoints/response-open/responses/404']],
    ['an open body shape', 'GET', '/api/schema-open', {}, ['endpoints/schema-open/responses/200/schema']],
    ['a body shape without a type', 'GET', '/api/schema-untyped', {}, ['endpoints/schema-untyped/responses/200/schema/type']],
    ["a body's resource with open fields", 'GET', '/api/resource-open', {}, ['resources/Draft/fields']],
    ["an error's open body", 'GET', '/api/error-body-open', { prefer: 'code=409' }, ['errors/body']],
  ])('answers %s with 501 naming exactly the gaps `gaps --format json` lists for it', async (_, method, path, headers, ids) => {
    const answer = await call(served.origin, path, { method, headers });
    expect(answer.status).toBe(501);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    const named = (answer.json as { gaps: Array<Record<string, unknown>> }).gaps;
    expect(named.map(({ edit: _, ...g }) => g)).toEqual(ids.map(asNamed));
    // Each names the file that would state it, in the repository's editor.
    for (const g of named) expect(g.edit).toMatch(new RegExp(`^https://github\\.com/acme/spec/blob/main/spec/${String(g.file).replace(/\./g, '\\.')}#L\\d+$`));
    // The answer is the mock's problem, never a body made up for the open facet.
    expect(Object.keys(answer.json as Obj).sort()).toEqual(['detail', 'gaps', 'status', 'title', 'type']);
    for (const id of ids) expect(answer.gaps).toContain(id);
  });

  it('answers a facet stated as none as stated: no body, no request body', async () => {
    const deleted = await call(served.origin, '/api/things/1', { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    const accepted = await call(served.origin, '/api/no-body', { method: 'POST' });
    expect(accepted.status).toBe(202);
    expect(accepted.text).toBe('');
    const refused = await call(served.origin, '/api/no-body', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(refused.status).toBe(400);
    expect((refused.json as { errors: Array<Obj> }).errors[0]).toMatchObject({ in: 'body', expected: 'no body', file: 'endpoints/no-body.yaml', line: lineOf(dir, 'endpoints/no-body.yaml', 'request:') });
  });

  it("lists in Specbench-Gaps exactly the endpoint's open gaps and those of what its answer used", async () => {
    const ofItem = (area: string, item: string) => [...gaps.values()].filter((g) => g.area === area && g.item === item).map((g) => String(g.id));
    const cases: Array<[string, string, Record<string, string>, string, string[]]> = [
      ['GET', '/api/response-open', {}, 'response-open', ['resources/Thing']],
      ['GET', '/api/resource-open', {}, 'resource-open', ['resources/Draft']],
      ['GET', '/api/error-body-open', {}, 'error-body-open', ['resources/Thing']],
      ['GET', '/api/responses-missing', {}, 'responses-missing', []],
      ['DELETE', '/api/things/1', {}, 'delete-thing', []],
    ];
    for (const [method, path, headers, endpoint, used] of cases) {
      const answer = await call(served.origin, path, { method, headers });
      const expected = [...ofItem('endpoints', endpoint), ...used.flatMap((u) => ofItem(u.split('/')[0] ?? '', u.split('/')[1] ?? ''))];
      expect(answer.gaps.sort(), `${method} ${path}`).toEqual(expected.sort());
      expect(answer.headers.get('specbench-gaps-count')).toBe(String(expected.length));
    }
    // An error whose body is the errors area's: that body's gaps too.
    const conflict = await call(served.origin, '/api/error-body-open', { headers: { prefer: 'code=409' } });
    expect(conflict.gaps.sort()).toEqual(['errors/body']);
  });

  it('answers an unknown path with 404 naming the open inventory of endpoints', async () => {
    const answer = await call(served.origin, '/api/unknown');
    expect(answer.status).toBe(404);
    expect(answer.gaps).toEqual(['endpoints/inventory']);
    expect((answer.json as { gaps: Obj[] }).gaps.map(({ edit: _, ...g }) => g)).toEqual([asNamed('endpoints/inventory')]);
  });

  it('sums up the gaps clients hit at /_specbench/hits', async () => {
    const own = await serve(dir);
    try {
      for (let i = 0; i < 3; i++) await call(own.origin, '/api/resource-open');
      await call(own.origin, '/api/response-open');
      const hits = (await call(own.origin, '/_specbench/hits')).json as { requests: number; statuses: Obj; gaps: Array<Obj> };
      expect(hits.requests).toBe(4);
      // `response-open`'s 200 is a Thing, whose required `name` has an open format: a 501 too (t35m D4).
      expect(hits.statuses).toEqual({ '501': 4 });
      expect(hits.gaps[0]).toEqual({ id: 'resources/Draft/fields', hits: 3, unanswered: 3, endpoints: ['resource-open'], question: 'Which fields does a draft keep?', owner: '@product' });
      expect(hits.gaps.map((g) => g.id).sort()).toEqual(['endpoints/response-open/responses/404', 'resources/Draft/fields', 'resources/Thing/fields/name/format']);
      expect(own.log.filter((l) => l.includes('gaps: resources/Draft/fields'))).toHaveLength(3);
    } finally {
      await own.close();
    }
  });
});

describe('fixtures with gaps and hostile values', () => {
  it("half-written: each endpoint's Specbench-Gaps is its open gaps and those of the resources its answer carries", async () => {
    const dir = fixture('half-written');
    const gaps = await gapsJson(dir);
    const served = await serve(dir);
    try {
      const ofItem = (area: string, item: string) => [...gaps.values()].filter((g) => g.area === area && g.item === item).map((g) => String(g.id));
      const loan = await call(served.origin, '/loans/1', { headers: { 'x-api-key': 'k', authorization: 'Bearer k' } });
      // A loan names its book, whose fields are open: the answer is no loan with a made-up `book: {}`, but a 501 naming that gap.
      expect(loan.status).toBe(501);
      // So do the format its `specbench.yaml` requires of `renewals` and nobody wrote, and the states of the machine that holds `status` (t35 s10 D5, D6),
      // with the format required of `status` itself: every question the answer waits on at once (t35s N1).
      expect((loan.json as { gaps: Array<{ id: string }> }).gaps.map((g) => g.id).sort()).toEqual(['resources/Book/fields', 'resources/Loan/fields/renewals/format', 'resources/Loan/fields/status/format', 'states/loan-status/states']);
      // It carries both resources: their gaps are in the header, and those of the machine that holds a field of one.
      expect(loan.gaps.sort()).toEqual([...ofItem('endpoints', 'get-loan'), ...ofItem('resources', 'Loan'), ...ofItem('resources', 'Book'), ...ofItem('states', 'loan-status')].sort());
      const created = await call(served.origin, '/loans', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(created.status).toBe(501);
      // Its request is a Book: the Book's gaps too (issue 35, sixth pass).
      expect(created.gaps.sort()).toEqual([...ofItem('endpoints', 'create-loan'), ...ofItem('resources', 'Book')].sort());
    } finally {
      await served.close();
    }
  });

  it('hostile: answers under the placeholder base address, with the gaps of its resource', async () => {
    const dir = fixture('hostile');
    const served = await serve(dir);
    try {
      const answer = await call(served.origin, `/orders/${encodeURIComponent('<script>')}/1`, { headers: { authorization: 'Bearer t' } });
      expect(answer.status).toBe(200);
      expect(answer.gaps).toEqual(['resources/Order/fields/x/required']);
      expect(Object.keys(answer.json as Obj)).toContain('<img src=x onerror="window.__pwned=\'field\'">');
    } finally {
      await served.close();
    }
  });

  it('the empty spec: every path is a 404 naming the missing list of endpoints', async () => {
    const served = await serve(fixture('empty'));
    try {
      const answer = await call(served.origin, '/anything');
      expect(answer.status).toBe(404);
      expect(answer.gaps).toEqual(['endpoints/inventory']);
    } finally {
      await served.close();
    }
  });
});

describe('requests the spec forbids, Prefer, credentials and limits', () => {
  let dir: string;
  let served: Served;
  const key = { 'x-key': 'secret', 'x-trace': 't' };
  beforeAll(async () => {
    dir = await guardedSpec();
    served = await serve(dir, { limits: false });
  });
  afterAll(() => served.close());
  const file = 'endpoints/get-thing.yaml';

  it.each([
    ['a missing required header', '/api/things/abc', { 'x-key': 'secret' }, { in: 'header', name: 'X-Trace', expected: 'required, but missing', line: ['X-Trace:'] }],
    ['a query value below its minimum', '/api/things/abc?limit=0', key, { in: 'query', name: 'limit', expected: 'expected at least 1', got: '0', line: ['limit:'] }],
    ['a query value of the wrong type', '/api/things/abc?limit=many', key, { in: 'query', name: 'limit', expected: 'expected an integer', got: '"many"', line: ['limit:'] }],
    ['a list item not among its allowed values', '/api/things/abc?tags=red,green', key, { in: 'query', name: 'tags[1]', expected: 'expected one of "red", "blue"', got: '"green"', line: ['tags:'] }],
    ['a path value that breaks its pattern', '/api/things/A1', key, { in: 'path', name: 'id', expected: 'expected text matching `^[a-z]+$`', got: '"A1"', line: ['pattern:'] }],
  ])('names the parameter, what was expected, and its file and line: %s', async (_, path, headers, want) => {
    const answer = await call(served.origin, path, { headers: headers as Record<string, string> });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    const [error] = (answer.json as { errors: Obj[] }).errors;
    const { line, ...rest } = want;
    expect(error).toMatchObject({ ...rest, file, line: lineOf(dir, file, line[0] ?? '') });
    expect((answer.json as { detail: string }).detail).toContain(`${file}:${lineOf(dir, file, line[0] ?? '')}`);
  });

  it('names the field of a body that breaks its shape (422), a body that is no JSON (400) and a media type not stated (415)', async () => {
    const put = 'endpoints/put-thing.yaml';
    const short = await call(served.origin, '/api/things/abc', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"name":"x","size":0}' });
    expect(short.status).toBe(422);
    expect((short.json as { errors: Obj[] }).errors).toEqual([
      expect.objectContaining({ in: 'body', name: 'name', expected: 'expected at least 2 characters', got: '"x"', file: put, line: lineOf(dir, put, 'name:') }),
      expect.objectContaining({ in: 'body', name: 'size', expected: 'expected at least 1', got: '0', file: put, line: lineOf(dir, put, 'size:') }),
    ]);
    const missing = await call(served.origin, '/api/things/abc', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect((missing.json as { errors: Obj[] }).errors).toEqual([expect.objectContaining({ name: 'name', expected: 'required, but missing', line: lineOf(dir, put, 'name:') })]);
    const broken = await call(served.origin, '/api/things/abc', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"name":' });
    expect(broken.status).toBe(400);
    const text = await call(served.origin, '/api/things/abc', { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'name' });
    expect(text.status).toBe(415);
    expect((text.json as { errors: Obj[] }).errors[0]).toMatchObject({ expected: 'expected application/json', file: put, line: lineOf(dir, put, 'content_type:') });
    const none = await call(served.origin, '/api/things/abc', { method: 'PUT' });
    expect(none.status).toBe(400);
    expect((none.json as { errors: Obj[] }).errors[0]).toMatchObject({ expected: 'a body', line: lineOf(dir, put, '  required: true') });
  });

  it('answers the stated success response with its first named example, and Prefer selects named examples and statuses', async () => {
    const first = await call(served.origin, '/api/things/abc', { headers: key });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ id: '00000000-0000-0000-0000-000000000001', name: 'small' });
    expect(first.headers.get('etag')).toBe('"v1"');
    const large = await call(served.origin, '/api/things/abc', { headers: { ...key, prefer: 'example=large' } });
    expect(large.json).toEqual({ id: '00000000-0000-0000-0000-000000000002', name: 'large' });
    const notFound = await call(served.origin, '/api/things/abc', { headers: { ...key, prefer: 'code=404' } });
    expect(notFound.status).toBe(404);
    // The error states no body of its own: the errors area's, made from its shape.
    expect(notFound.json).toEqual({ code: 'string' });
    const unknown = await call(served.origin, '/api/things/abc', { headers: { ...key, prefer: 'example=huge' } });
    expect(unknown.status).toBe(400);
    expect((unknown.json as { examples: string[] }).examples).toEqual(['small', 'large']);
    const unstated = await call(served.origin, '/api/things/abc', { headers: { ...key, prefer: 'code=418' } });
    expect(unstated.status).toBe(400);
    expect((unstated.json as { responses: string[] }).responses).toEqual(['200', '404']);
  });

  it('answers a call without its credentials with 401 and the stated error body, unless told not to check', async () => {
    const refused = await call(served.origin, '/api/things/abc', { headers: { 'x-trace': 't' } });
    expect(refused.status).toBe(401);
    expect(refused.json).toEqual({ code: 'no-key' });
    const open = await serve(dir, { auth: false, limits: false });
    try {
      expect((await call(open.origin, '/api/things/abc', { headers: { 'x-trace': 't' } })).status).toBe(200);
    } finally {
      await open.close();
    }
  });

  it('answers 429 with the stated error and headers once the quota is used, and 413 past the size bound; neither without limits', async () => {
    const limited = await serve(dir);
    try {
      for (let i = 1; i <= 3; i++) {
        const ok = await call(limited.origin, '/api/things/abc', { headers: key });
        expect(ok.status).toBe(200);
        expect(ok.headers.get('ratelimit')).toMatch(new RegExp(`^"hourly";r=${3 - i};t=\\d+$`));
        expect(ok.headers.get('retry-after')).toBeNull();
      }
      const over = await call(limited.origin, '/api/things/abc', { headers: key });
      expect(over.status).toBe(429);
      expect(over.json).toEqual({ code: 'slow-down' });
      expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(over.headers.get('ratelimit-policy')).toBe('"hourly";q=3;w=3600');
      // Another caller has its own window.
      expect((await call(limited.origin, '/api/things/abc', { headers: { ...key, 'x-key': 'other' } })).status).toBe(200);
      const big = await call(limited.origin, '/api/things/abc', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'x'.repeat(100) }) });
      expect(big.status).toBe(413);
      expect(big.json).toEqual({ code: 'string' });
    } finally {
      await limited.close();
    }
    // `served` counts no quota: a fifth call passes.
    for (let i = 0; i < 5; i++) expect((await call(served.origin, '/api/things/abc', { headers: key })).status).toBe(200);
  });
});
