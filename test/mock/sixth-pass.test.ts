import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, writeSpec } from '../helpers.ts';
import { call, gapsJson, serve, type Served } from './harness.ts';

/**
 * The sixth pass over the mock (issue 35): what a hostile tester found after the fifth. A request's
 * `one_of` with an open variant (it refused what fitted the stated variant and took what fitted
 * none); a request that uses a resource with open fields naming no gap. Through the real loader,
 * the command line's server and real HTTP.
 */
const purpose = 'name: Sixth pass\nbase_url: https://api.example.com/v1\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n';
const ok = 'responses:\n  "200": { content_type: application/json, schema: { type: string, allowed: [ok] }, example: ok }\n';
/** An endpoint `POST /NAME` whose JSON body is an object with one required field `v` of this shape. */
const bodyField = (name: string, shape: string) => `method: POST\npath: /${name}\nparameters: { none: None. }\nrequest:\n  required: true\n  content:\n    application/json:\n      schema: { type: object, fields: { v: ${shape} } }\n${ok}`;
/** The gap id of the field `v`'s variant `i` of the endpoint `name` (its type, or another facet). */
const variant = (name: string, i: number, facet = 'type') => `endpoints/${name}/request/content/application~1json/schema/fields/v/of/${i}/${facet}`;

describe('the mock, sixth pass (issue 35): a request one_of with an open variant', () => {
  const spec = new Map([
    ['purpose/_area.yaml', purpose],
    ['endpoints/_area.yaml', 'inventory: complete\n'],
    ['resources/_area.yaml', 'inventory: complete\n'],
    ['resources/Vague.yaml', 'fields: { open: Which fields does it have? }\n'],
    ['resources/Pick.yaml', 'fields:\n  v: { type: one_of, required: true, of: [ { type: string }, { type: { open: What else? } } ] }\n'],
    ['endpoints/oneof-open.yaml', bodyField('oneof-open', '{ type: one_of, required: true, of: [ { type: string }, { type: { open: What else? } } ] }')],
    ['endpoints/open-first.yaml', bodyField('open-first', '{ type: one_of, required: true, of: [ { type: { open: What first? } }, { type: integer } ] }')],
    ['endpoints/oneof-vague.yaml', bodyField('oneof-vague', '{ type: one_of, required: true, of: [ { type: string }, { type: Vague } ] }')],
    ['endpoints/oneof-bound.yaml', bodyField('oneof-bound', '{ type: one_of, required: true, of: [ { type: string, max_length: 3 }, { type: string, min_length: { open: How short? } } ] }')],
    ['endpoints/oneof-stated.yaml', bodyField('oneof-stated', '{ type: one_of, required: true, of: [ { type: string }, { type: string, max_length: 3 } ] }')],
    ['endpoints/pick.yaml', `method: POST\npath: /pick\nparameters: { none: None. }\nrequest:\n  required: true\n  content:\n    application/json: { resource: Pick }\n${ok}`],
    ['endpoints/query.yaml', `method: GET\npath: /query\nparameters:\n  query:\n    v: { type: one_of, required: true, of: [ { type: integer }, { type: { open: What else? } } ] }\n${ok}`],
  ]);
  let served: Served;
  let dir: string;
  beforeAll(async () => {
    dir = await writeSpec(spec);
    served = await serve(dir);
  });
  afterAll(() => served.close());

  const post = (path: string, body: string) => call(served.origin, `/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('takes a value that fits the stated variant, and one that fits none (the open one may take it), naming the open variant', async () => {
    // The gaps named in this block are the ones `specbench gaps` lists.
    const gaps = await gapsJson(dir);
    for (const id of [variant('oneof-open', 1), variant('open-first', 0), variant('oneof-bound', 1, 'min_length'), 'resources/Vague/fields', 'resources/Pick/fields/v/of/1/type', 'endpoints/query/parameters/query/v/of/1/type']) expect(gaps.has(id), id).toBe(true);
    for (const v of ['"a"', '5', '{"x":1}']) {
      const answer = await post('/oneof-open', `{"v":${v}}`);
      expect(answer.status, v).toBe(200);
      expect(answer.gaps, v).toContain(variant('oneof-open', 1));
    }
  });

  it('does the same with the open variant first', async () => {
    for (const v of ['5', '"abc"']) {
      const answer = await post('/open-first', `{"v":${v}}`);
      expect(answer.status, v).toBe(200);
      expect(answer.gaps, v).toContain(variant('open-first', 0));
    }
  });

  it('takes a string for one_of [string, a resource with open fields], naming the resource', async () => {
    const answer = await post('/oneof-vague', '{"v":"a"}');
    expect(answer.status).toBe(200);
    expect(answer.gaps).toContain('resources/Vague/fields');
  });

  it('with an open bound: takes what fits either string variant, still refuses what fits no variant by what is stated (a number is no string)', async () => {
    for (const v of ['"a"', '"zzzz"']) {
      const answer = await post('/oneof-bound', `{"v":${v}}`);
      expect(answer.status, v).toBe(200);
      expect(answer.gaps, v).toContain(variant('oneof-bound', 1, 'min_length'));
    }
    const number = await post('/oneof-bound', '{"v":5}');
    expect(number.status).toBe(422);
  });

  it('a one_of whose variants are all stated still takes a value that fits exactly one, and refuses one that fits two', async () => {
    expect((await post('/oneof-stated', '{"v":"abcd"}')).status).toBe(200);
    const both = await post('/oneof-stated', '{"v":"a"}');
    expect(both.status).toBe(422);
    expect(JSON.stringify(both.json)).toContain('expected one of its variants');
  });

  it("the same in a resource's field the body carries", async () => {
    for (const v of ['"a"', '5']) {
      const answer = await post('/pick', `{"v":${v}}`);
      expect(answer.status, v).toBe(200);
      expect(answer.gaps, v).toContain('resources/Pick/fields/v/of/1/type');
    }
  });

  it('the same in a query parameter', async () => {
    for (const v of ['5', 'abc']) {
      const answer = await call(served.origin, `/v1/query?v=${v}`);
      expect(answer.status, v).toBe(200);
      expect(answer.gaps, v).toContain('endpoints/query/parameters/query/v/of/1/type');
    }
  });
});

describe('the mock, sixth pass (issue 35): a request that uses a resource with open fields names its gaps', () => {
  const spec = new Map([
    ['purpose/_area.yaml', purpose],
    ['endpoints/_area.yaml', 'inventory: complete\n'],
    ['resources/_area.yaml', 'inventory: complete\n'],
    ['resources/Vague.yaml', 'fields: { open: Which fields does it have? }\n'],
    ['resources/Holder.yaml', 'fields:\n  inner: { type: Vague }\n'],
    ['endpoints/post-vague.yaml', `method: POST\npath: /vague\nparameters: { none: None. }\nrequest:\n  required: true\n  content:\n    application/json: { resource: Vague }\n${ok}`],
    ['endpoints/post-holder.yaml', `method: POST\npath: /holder\nparameters: { none: None. }\nrequest:\n  required: true\n  content:\n    application/json: { resource: Holder }\n${ok}`],
    ['endpoints/post-any.yaml', bodyField('any', '{ type: any_of, required: true, of: [ { type: integer }, { type: Vague } ] }')],
  ]);
  let served: Served;
  beforeAll(async () => {
    served = await serve(await writeSpec(spec));
  });
  afterAll(() => served.close());

  const post = (path: string, body: string) => call(served.origin, `/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('a body that is the resource, one whose resource names it, and a field whose variant is it', async () => {
    for (const [path, body] of [
      ['/vague', '{"x":1}'],
      ['/vague', '"str"'],
      ['/holder', '{"inner":{"x":1}}'],
      ['/any', '{"v":{"x":1}}'],
      ['/any', '{"v":5}'],
    ] as const) {
      const answer = await post(path, body);
      expect(answer.status, `${path} ${body}`).toBe(200);
      expect(answer.gaps, `${path} ${body}`).toContain('resources/Vague/fields');
    }
  });

  it('a request refused names them too', async () => {
    const answer = await post('/holder', '{"inner":');
    expect(answer.status).toBe(400);
    expect(answer.gaps).toContain('resources/Vague/fields');
  });

  it("half-written: POST /loans (a Book, whose fields are open) names the Book's gaps beside its own", async () => {
    const dir = fixture('half-written');
    const gaps = await gapsJson(dir);
    const ofItem = (area: string, item: string) => [...gaps.values()].filter((g) => g.area === area && g.item === item).map((g) => String(g.id));
    const half = await serve(dir);
    try {
      const created = await call(half.origin, '/loans', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(ofItem('resources', 'Book')).toContain('resources/Book/fields');
      expect(created.gaps.sort()).toEqual([...ofItem('endpoints', 'create-loan'), ...ofItem('resources', 'Book')].sort());
    } finally {
      await half.close();
    }
  });
});
