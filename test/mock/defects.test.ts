import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOpenApi } from '../../src/lib/index.ts';
import { fixture, specAt, writeSpec } from '../helpers.ts';
import { call, gapsJson, rawHead, serve, type Served } from './harness.ts';

type Obj = Record<string, unknown>;

/**
 * The cases an independent tester found, each through the real loader and the real server over
 * real HTTP: open facets nested inside a stated body, a body stated by its example alone, a request
 * body nested 5,000 deep, a resource that holds itself, `Prefer` as RFC 7240 writes it, a
 * generated error body's status, and a request line in absolute form.
 */
const files = new Map([
  ['purpose/_area.yaml', 'name: Defects\nbase_url: https://api.example.com/api\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n'],
  ['resources/_area.yaml', 'inventory: complete\n'],
  ['resources/Node.yaml', 'fields:\n  name: { type: string, required: true }\n  children: { type: array, required: true, items: Node }\n  tags: { type: map, required: true, values: Node }\n  parent: { type: Node, required: false }\n  sibling: { type: Node, required: true, nullable: true }\n'],
  ['resources/Chain.yaml', 'fields:\n  id: { type: integer, required: true }\n  next: { type: Chain, required: true }\n'],
  ['resources/Bag.yaml', 'fields: { open: What is in a bag?, owner: "@data" }\n'],
  ['resources/Problem.yaml', 'fields:\n  type: { type: string, required: true }\n  status: { type: integer, required: true }\n  detail: { type: string, required: false }\n'],
  ['endpoints/_area.yaml', 'inventory: complete\n'],
  ['endpoints/nested-object.yaml', 'method: GET\npath: /nested-object\nparameters: { none: None. }\nresponses:\n  "200":\n    content_type: application/json\n    schema:\n      type: object\n      fields:\n        id: { type: string, required: true }\n        meta: { type: object, required: true, fields: { open: Which metadata?, owner: "@api" } }\n'],
  ['endpoints/nested-list.yaml', 'method: GET\npath: /nested-list\nparameters: { none: None. }\nresponses:\n  "200": { content_type: application/json, schema: { type: array, items: { type: object, fields: { open: Which item fields? } } } }\n'],
  ['endpoints/open-items.yaml', 'method: GET\npath: /open-items\nparameters: { none: None. }\nresponses:\n  "200": { content_type: application/json, schema: { type: array, items: { open: A list of what? } } }\n'],
  ['endpoints/open-inside.yaml', 'method: GET\npath: /open-inside\nparameters: { none: None. }\nresponses:\n  "200": { content_type: application/json, schema: { type: object, fields: { bag: { type: Bag, required: true }, n: { type: { open: A number or a text? }, required: true }, ok: { type: boolean, required: true } } } }\n'],
  ['endpoints/example-only.yaml', 'method: GET\npath: /example-only\nparameters: { none: None. }\nresponses:\n  "200": { content_type: application/json, example: { hello: world, n: [1, 2] } }\n  "202": { example: accepted }\n'],
  ['endpoints/get-tree.yaml', 'method: GET\npath: /tree\nparameters: { none: None. }\nresponses:\n  "200": { resource: Node }\n  "404": { error: not_found }\n  default: { error: broken }\n'],
  ['endpoints/post-tree.yaml', 'method: POST\npath: /tree\nparameters: { none: None. }\nrequest: { resource: Node, content_type: application/json, required: true }\nresponses:\n  "201": { resource: Node }\n'],
  ['endpoints/get-chain.yaml', 'method: GET\npath: /chain\nparameters: { none: None. }\nresponses:\n  "200": { resource: Chain }\n'],
  [
    'endpoints/pick.yaml',
    [
      'method: GET',
      'path: /pick',
      'parameters: { none: None. }',
      'responses:',
      '  "200":',
      '    content_type: application/json',
      '    schema: { type: object, fields: { which: { type: string, required: true } } }',
      '    named_examples:',
      '      first: { value: { which: first } }',
      '      "a, b": { value: { which: "a, b" } }',
      '      "say \\"hi\\"": { value: { which: quoted } }',
      '  "404": { error: not_found }',
      '  "409": { error: conflict }',
    ].join('\n') + '\n',
  ],
  ['endpoints/filter.yaml', 'method: POST\npath: /filter\nparameters:\n  query:\n    filter: { type: map, required: false, values: integer, style: deepObject }\nrequest: { content_type: application/x-www-form-urlencoded, required: false, schema: { type: map, values: { type: integer } } }\nresponses:\n  "204": { none: Nothing. }\n'],
  ['resources/Limit.yaml', 'value: { type: integer, minimum: 1 }\n'],
  ['endpoints/coerce.yaml', 'method: GET\npath: /coerce\nparameters:\n  query:\n    limit: { type: integer, required: false, maximum: 50 }\n    ratio: { type: number, required: false }\n    flag: { type: boolean, required: false }\n    page: { type: Limit, required: false }\nresponses:\n  "204": { none: Nothing. }\n'],
  ['errors/_area.yaml', 'inventory: complete\nbody: { resource: Problem, content_type: application/problem+json }\n'],
  ['errors/not_found.yaml', 'status: 404\n'],
  ['errors/conflict.yaml', 'status: 409\n'],
  ['errors/broken.yaml', 'status: 503\n'],
]);

describe('defects found by testing the mock', () => {
  let dir: string;
  let served: Served;
  let gaps: Map<string, Record<string, unknown>>;
  let valid: (path: string, method: string, status: string, type: string, value: unknown) => boolean;
  beforeAll(async () => {
    dir = await writeSpec(files);
    served = await serve(dir);
    gaps = await gapsJson(dir);
    const doc = exportOpenApi(await specAt(dir)) as Obj;
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    ajv.addSchema({ ...doc, $id: 'openapi' });
    const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
    valid = (path, method, status, type, value) => {
      const response = ((doc.paths as Record<string, Record<string, Obj>>)[path]?.[method]?.responses as Record<string, Obj>)[status] ?? {};
      const pointer = typeof response.$ref === 'string' ? response.$ref.slice(1) : `/paths/${esc(path)}/${method}/responses/${status}`;
      const validate = ajv.compile({ $ref: `openapi#${pointer}/content/${esc(type)}/schema` });
      const ok = validate(value);
      if (!ok) throw new Error(JSON.stringify(validate.errors));
      return ok;
    };
  });
  afterAll(() => served.close());

  it.each([
    ['an object whose fields are open', '/api/nested-object', ['endpoints/nested-object/responses/200/schema/fields/meta/fields']],
    ['a list of objects whose fields are open', '/api/nested-list', ['endpoints/nested-list/responses/200/schema/items/fields']],
    ['a list whose items are open', '/api/open-items', ['endpoints/open-items/responses/200/schema/items']],
    ['a resource with open fields and a field of open type inside a stated object', '/api/open-inside', ['endpoints/open-inside/responses/200/schema/fields/n/type', 'resources/Bag/fields']],
  ])('answers 501 naming the gaps, never a hollow body, for open facets nested in a stated body: %s', async (_, path, ids) => {
    const answer = await call(served.origin, path);
    expect(answer.status).toBe(501);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    const named = (answer.json as { gaps: Array<{ id: string; question: string }> }).gaps;
    expect(named.map((g) => g.id).sort()).toEqual([...ids].sort());
    // Each is a gap `gaps --format json` lists, with its question.
    for (const g of named) expect(gaps.get(g.id)?.question).toBe(g.question);
    expect(answer.gaps).toEqual(expect.arrayContaining(ids));
  });

  it('answers a response stated only by its example with that example', async () => {
    const answer = await call(served.origin, '/api/example-only');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(answer.json).toEqual({ hello: 'world', n: [1, 2] });
    const accepted = await call(served.origin, '/api/example-only', { headers: { prefer: 'code=202' } });
    expect(accepted.status).toBe(202);
    expect(accepted.json).toBe('accepted');
  });

  it('refuses a request body nested 5,000 deep with a 400 that says it is too deep, never a 500; one within the limit is judged as usual', async () => {
    let deep = '{"name":"x","children":[],"tags":{},"sibling":null}';
    for (let i = 0; i < 5000; i++) deep = `{"name":"x","children":[${deep}],"tags":{},"sibling":null}`;
    for (const body of [deep, '['.repeat(5000) + ']'.repeat(5000), `{"name":"x","children":[],"tags":{},"sibling":null,"extra":${'['.repeat(100_000)}${']'.repeat(100_000)}}`]) {
      const answer = await call(served.origin, '/api/tree', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(answer.status).toBe(400);
      expect(answer.headers.get('content-type')).toBe('application/problem+json');
      expect((answer.json as { detail: string }).detail).toMatch(/nested at most 256 levels deep/);
    }
    let within = '{"name":5,"children":[],"tags":{},"sibling":null}';
    for (let i = 0; i < 100; i++) within = `{"name":"x","children":[${within}],"tags":{},"sibling":null}`;
    const judged = await call(served.origin, '/api/tree', { method: 'POST', headers: { 'content-type': 'application/json' }, body: within });
    expect(judged.status).toBe(422);
    expect((judged.json as { errors: Array<{ name: string }> }).errors[0]?.name).toBe(`${'children[0].'.repeat(100)}name`);
  });

  it('answers a resource that holds itself with a finite body valid against its shape, and names a shape no finite body fits', async () => {
    const tree = await call(served.origin, '/api/tree');
    expect(tree.status).toBe(200);
    expect(tree.json).toEqual({ name: 'string', children: [], tags: {}, sibling: null });
    expect(valid('/tree', 'get', '200', '*/*', tree.json)).toBe(true);
    const created = await call(served.origin, '/api/tree', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(tree.json) });
    expect(created.status).toBe(201);
    const chain = await call(served.origin, '/api/chain');
    expect(chain.status).toBe(501);
    expect((chain.json as { detail: string }).detail).toContain('`Chain.next` is required at every level');
  });

  it.each([
    ['two preferences, RFC 7240', 'code=200, example="a, b"', 200, { which: 'a, b' }],
    ['a status and an example its response does not state', 'code=404, example=first', 400],
    ['blanks around = and the names in capitals', 'Code = 409', 409],
    ['a quoted value', 'code="404"', 404],
    ['an unknown preference before it, ignored', 'respond-async, wait=10, handling=lenient, code=409', 409],
    ['a preference given twice counts by its first instance', 'code=404, code=409', 404],
    ['a code that is no HTTP status is a 400, as a status not stated', 'code=999', 400],
    ['parameters after ; read too, as Prism is used', 'respond-async; code=409', 409],
    ['a preference before a parameter of the same name', 'example=first, wait=1; example="a, b"', 200, { which: 'first' }],
  ])('reads Prefer: %s', async (_, prefer, status, body?: unknown) => {
    const answer = await call(served.origin, '/api/pick', { headers: { prefer } });
    expect(answer.status).toBe(status);
    if (body !== undefined) expect(answer.json).toEqual(body);
  });

  it('reads named examples from Prefer with quotes, commas and escapes inside, and several Prefer headers as one list (the first instance counts)', async () => {
    expect((await call(served.origin, '/api/pick', { headers: { prefer: 'example="a, b"' } })).json).toEqual({ which: 'a, b' });
    expect((await call(served.origin, '/api/pick', { headers: { prefer: 'EXAMPLE = "say \\"hi\\""' } })).json).toEqual({ which: 'quoted' });
    const head = await rawHead(served.origin, 'GET /api/pick HTTP/1.1\r\nHost: x\r\nPrefer: code=409\r\nPrefer: code=404\r\nConnection: close\r\n\r\n');
    expect(head[0]).toBe('HTTP/1.1 409 Conflict');
  });

  it('gives a generated error body the status it is sent with, never 0, and answers a default response naming an error with its status', async () => {
    const missing = await call(served.origin, '/api/pick', { headers: { prefer: 'code=404' } });
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ status: 404 });
    const conflict = await call(served.origin, '/api/pick', { headers: { prefer: 'code=409' } });
    expect(conflict.json).toMatchObject({ status: 409 });
    const broken = await call(served.origin, '/api/tree', { headers: { prefer: 'code=503' } });
    expect(broken.status).toBe(503);
    expect(broken.json).toMatchObject({ status: 503 });
    const complete = await serve(fixture('complete'));
    try {
      const notFound = await call(complete.origin, '/v1/orders/6f1c2b1e-8d3a-4f7e-9a51-2b7f0d3c9e11', { headers: { prefer: 'code=404', authorization: 'Bearer t' } });
      expect(notFound.status).toBe(404);
      expect(notFound.json).toMatchObject({ status: 404 });
    } finally {
      await complete.close();
    }
  });

  it('routes a request line in absolute form (as proxies send it) by its path and query', async () => {
    const head = await rawHead(served.origin, 'GET http://api.example.com/api/example-only?x=1 HTTP/1.1\r\nHost: api.example.com\r\nConnection: close\r\n\r\n');
    expect(head[0]).toBe('HTTP/1.1 200 OK');
    expect(head).toContain('Specbench-Endpoint: example-only');
    const missing = await rawHead(served.origin, 'GET https://api.example.com/api/nowhere HTTP/1.1\r\nHost: api.example.com\r\nConnection: close\r\n\r\n');
    expect(missing[0]).toBe('HTTP/1.1 404 Not Found');
  });

  it('reads a key a client names `__proto__` (a deepObject query, a form field) as the key it is, and judges its value', async () => {
    expect((await call(served.origin, '/api/filter?filter[a]=1', { method: 'POST' })).status).toBe(204);
    const query = await call(served.origin, '/api/filter?filter[__proto__]=many', { method: 'POST' });
    expect(query.status).toBe(400);
    expect((query.json as { errors: Array<{ name: string }> }).errors[0]?.name).toBe('filter.__proto__');
    const form = await call(served.origin, '/api/filter', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '__proto__=many' });
    expect(form.status).toBe(422);
  });

  it.each([
    ['limit=10', 204, undefined],
    ['limit=10&ratio=0.5&flag=false&page=3', 204, undefined],
    ['limit=abc', 400, 'limit'],
    ['limit=10.5', 400, 'limit'],
    ['limit=51', 400, 'limit'],
    ['ratio=x', 400, 'ratio'],
    ['flag=yes', 400, 'flag'],
    ['page=0', 400, 'page'],
  ])('reads query values as their stated type (number, integer, boolean, a resource that is one): %s', async (query, status, name) => {
    const answer = await call(served.origin, `/api/coerce?${query}`);
    expect(answer.status).toBe(status);
    if (name !== undefined) {
      const [error] = (answer.json as { errors: Array<{ name: string; file: string; line: number }> }).errors;
      expect(error).toMatchObject({ in: 'query', name, file: name === 'page' ? 'resources/Limit.yaml' : 'endpoints/coerce.yaml' });
      expect(error?.line).toBeGreaterThan(0);
    }
  });
});
