import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, writeSpec } from '../helpers.ts';
import { call, gapsJson, serve, type Served } from './harness.ts';

/**
 * Issue 35, session 10 (t35 D2, D3, D5, D6, D1/D12, D8, D11): answers that passed for what the spec
 * does not say. A body of a resource that names nothing was taken as fitting (204); a facet the
 * spec's `require:` asks for and nobody wrote was answered with a made value while the same gap
 * written `open` was a 501; a field a state machine holds was answered `"string"`; an optional
 * header or field with an open facet made the whole answer a 501; `Prefer: code=404` inside a
 * `4XX` rewrote its error's stated status. Through the real loader, the command line's server and
 * real HTTP.
 */
const purpose = 'name: S10\nbase_url: https://api.example.com/v2\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n';
const get = (path: string, response: string) => `method: GET\npath: ${path}\nparameters: { none: None. }\nresponses:\n  "200": ${response}\n`;

const unresolved = new Map<string, string>([
  ['purpose/_area.yaml', purpose],
  ['resources/Prob.yaml', 'fields:\n  type: { type: string, required: true }\n  title: { type: string, required: true }\n  status: { type: Integr, required: true }\n'],
  ['resources/Fine.yaml', 'fields:\n  id: { type: string, required: true }\n'],
  ['endpoints/post-nope.yaml', 'method: POST\npath: /post-nope\nparameters: { none: n }\nrequest: { resource: Nope }\nresponses: { "204": { description: ok } }\n'],
  ['endpoints/post-prob.yaml', 'method: POST\npath: /post-prob\nparameters: { none: n }\nrequest: { resource: Prob }\nresponses: { "204": { description: ok } }\n'],
  ['endpoints/get-prob.yaml', get('/get-prob', '{ resource: Prob }')],
  ['endpoints/get-nope.yaml', get('/get-nope', '{ resource: Nope }')],
  ['endpoints/pp.yaml', 'method: GET\npath: /pp/{id}\nparameters: { none: n }\nresponses: { "200": { resource: Fine } }\n'],
  ['endpoints/fine.yaml', get('/fine', '{ resource: Fine }')],
]);

describe('the mock (t35 s10 D2, D3): a reference that names nothing is an error of the spec, never an answer', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(await writeSpec(unresolved));
  });
  afterAll(() => served.close());
  const post = (path: string, body: unknown) => call(served.origin, path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('refuses to take a body of a resource the spec does not have, naming the file and line of the reference', async () => {
    const a = await post('/v2/post-nope', [1, 2, 3]);
    expect(a.status).toBe(503);
    const p = a.json as { type: string; errors: Array<{ file: string; line: number; code: string }> };
    expect(p.type).toContain('spec-unreadable');
    expect(p.errors).toEqual([expect.objectContaining({ file: 'endpoints/post-nope.yaml', line: 4, code: 'unresolved-reference' })]);
    expect(a.headers.get('specbench-unreadable')).toContain('endpoints/post-nope.yaml');
    expect(served.log.join('\n')).not.toMatch(/resolve reference|specbench:resources/);
  });

  it('refuses a body whose resource has a field of a type that does not resolve', async () => {
    const a = await post('/v2/post-prob', { type: 'x', title: 'y', status: { any: 'thing' } });
    expect(a.status).toBe(503);
    expect((a.json as { errors: unknown[] }).errors).toEqual([expect.objectContaining({ file: 'resources/Prob.yaml', line: 4, code: 'unresolved-reference' })]);
  });

  it('answers no body made from such a shape (no false "larger than the mock makes"), and no empty open-gap', async () => {
    const a = await call(served.origin, '/v2/get-prob');
    expect(a.status).toBe(503);
    expect(a.text).not.toContain('larger than the mock makes');
    expect(a.text).toContain('resources/Prob.yaml:4:');
    const b = await call(served.origin, '/v2/get-nope');
    expect(b.status).toBe(503);
    expect(b.text).not.toContain('open-gap');
    expect(b.text).toContain('endpoints/get-nope.yaml:');
  });

  it('refuses a path whose stated parameters disagree with its template, and answers the endpoints that stand on nothing broken', async () => {
    const a = await call(served.origin, '/v2/pp/1');
    expect(a.status).toBe(503);
    expect((a.json as { errors: Array<{ code: string }> }).errors.map((e) => e.code)).toEqual(['path-parameters']);
    const b = await call(served.origin, '/v2/fine');
    expect(b.status).toBe(200);
    expect(b.json).toEqual({ id: 'string' });
  });
});

const required = new Map<string, string>([
  ['specbench.yaml', 'require: [format, pattern]\n'],
  ['purpose/_area.yaml', purpose],
  ['resources/Thing.yaml', 'fields:\n  kind: { type: string, required: true }\n  id: { type: string, required: true, format: uuid, pattern: "^[0-9a-f-]+$" }\n'],
  ['resources/Opened.yaml', 'fields:\n  kind: { type: string, required: true, format: { open: Which form? }, pattern: "^[a-z]+$" }\n'],
  ['resources/Opt.yaml', 'fields:\n  id: { type: string, required: true, format: uuid, pattern: "^[0-9a-f-]+$" }\n  note: { type: string, required: false }\n'],
  ['endpoints/thing.yaml', get('/thing', '{ resource: Thing }')],
  ['endpoints/opened.yaml', get('/opened', '{ resource: Opened }')],
  ['endpoints/opt.yaml', get('/opt', '{ resource: Opt }')],
]);

describe('the mock (t35 s10 D5): a facet specbench.yaml requires and nobody wrote is the gap it is, answered as the open one', () => {
  let served: Served;
  let gaps: Map<string, Record<string, unknown>>;
  beforeAll(async () => {
    const dir = await writeSpec(required);
    gaps = await gapsJson(dir);
    served = await serve(dir);
  });
  afterAll(() => served.close());

  it('answers 501 naming the missing format and pattern of a required field, as it does the same facet written open', async () => {
    expect(gaps.get('resources/Thing/fields/kind/format')?.state).toBe('missing');
    const a = await call(served.origin, '/v2/thing');
    expect(a.status).toBe(501);
    expect(a.text).not.toContain('"kind":"string"');
    const named = (a.json as { gaps: Array<{ id: string; state: string }> }).gaps;
    expect(named.map((g) => g.id).sort()).toEqual(['resources/Thing/fields/kind/format', 'resources/Thing/fields/kind/pattern']);
    expect(named.every((g) => g.state === 'missing')).toBe(true);
    const b = await call(served.origin, '/v2/opened');
    expect(b.status).toBe(501);
    expect((b.json as { gaps: Array<{ id: string }> }).gaps.map((g) => g.id)).toEqual(['resources/Opened/fields/kind/format']);
  });

  it('leaves an optional field whose required facets are not written out of the body, its gaps named', async () => {
    const a = await call(served.origin, '/v2/opt');
    expect(a.status).toBe(200);
    expect(Object.keys(a.json as object)).toEqual(['id']);
    expect(a.gaps).toEqual(expect.arrayContaining(['resources/Opt/fields/note/format', 'resources/Opt/fields/note/pattern']));
  });
});

const machines = new Map<string, string>([
  ['purpose/_area.yaml', purpose],
  ['resources/Loan.yaml', 'fields:\n  id: { type: string, required: true, format: uuid }\n  status: { type: string, required: true }\n'],
  ['resources/Hold.yaml', 'fields:\n  id: { type: string, required: true, format: uuid }\n  status: { type: string, required: false }\n'],
  ['resources/Ticket.yaml', 'fields:\n  id: { type: string, required: true, format: uuid }\n  status: { type: string, required: true }\n'],
  ['states/loan-status.yaml', 'resource: Loan\nfield: status\nstates: { open: Which states does a loan go through? }\n'],
  ['states/hold-status.yaml', 'resource: Hold\nfield: status\nstates: { open: Which states does a hold go through? }\n'],
  ['states/ticket-status.yaml', 'resource: Ticket\nfield: status\nstates:\n  closed: { final: true }\n  opened: { initial: true }\ntransitions: { open: Which moves? }\n'],
  ['endpoints/loan.yaml', get('/loan', '{ resource: Loan }')],
  ['endpoints/hold.yaml', get('/hold', '{ resource: Hold }')],
  ['endpoints/ticket.yaml', get('/ticket', '{ resource: Ticket }')],
  ['endpoints/post-ticket.yaml', 'method: POST\npath: /ticket\nparameters: { none: n }\nrequest: { resource: Ticket }\nresponses: { "204": { description: ok } }\n'],
]);

describe('the mock (t35 s10 D6): a field a state machine holds takes one of its states', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(await writeSpec(machines));
  });
  afterAll(() => served.close());

  it('answers 501 naming the machine\'s open states for a required field, and leaves an optional one out, naming them', async () => {
    const a = await call(served.origin, '/v2/loan');
    expect(a.status).toBe(501);
    expect((a.json as { gaps: Array<{ id: string; file: string }> }).gaps).toEqual([expect.objectContaining({ id: 'states/loan-status/states', file: 'states/loan-status.yaml' })]);
    const b = await call(served.origin, '/v2/hold');
    expect(b.status).toBe(200);
    expect(Object.keys(b.json as object)).toEqual(['id']);
    expect(b.gaps).toContain('states/hold-status/states');
  });

  it('answers a stated state, the initial one, never "string"; the machine\'s gaps are named', async () => {
    const a = await call(served.origin, '/v2/ticket');
    expect(a.status).toBe(200);
    expect((a.json as { status: string }).status).toBe('opened');
    expect(a.gaps).toContain('states/ticket-status/transitions');
  });

  it('refuses a sent value that is none of the stated states with a 422 naming the machine\'s file, and takes a stated one', async () => {
    const post = (status: string) => call(served.origin, '/v2/ticket', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: '6f1c2b1e-8d3a-4f7e-9a51-2b7f0d3c9e11', status }) });
    const a = await post('lost');
    expect(a.status).toBe(422);
    expect((a.json as { errors: Array<{ name: string; file: string; line: number }> }).errors).toEqual([expect.objectContaining({ name: 'status', file: 'states/ticket-status.yaml', line: 4 })]);
    expect(a.text).toContain('closed');
    expect((await post('closed')).status).toBe(204);
  });
});

const optional = new Map<string, string>([
  ['purpose/_area.yaml', purpose],
  ['resources/Code.yaml', 'value: { type: string, allowed: { open: Which codes? } }\n'],
  ['endpoints/hdr.yaml', 'method: GET\npath: /hdr\nparameters: { none: n }\nresponses:\n  "200":\n    content_type: application/json\n    schema: { type: object, fields: { ok: { type: boolean, required: true } } }\n    headers:\n      X-Opt: { type: integer, maximum: { open: How high? } }\n      X-Must: { type: integer, required: true, minimum: 1, maximum: 9 }\n'],
  ['endpoints/hdr-must.yaml', 'method: GET\npath: /hdr-must\nparameters: { none: n }\nresponses:\n  "200":\n    content_type: application/json\n    schema: { type: object, fields: { ok: { type: boolean, required: true } } }\n    headers:\n      X-Must: { type: integer, required: true, maximum: { open: How high? } }\n'],
  ['endpoints/top.yaml', get('/top', '{ content_type: application/json, schema: { type: object, fields: { id: { type: string, required: true }, p: { type: Code, required: false }, q: { type: array, required: false, items: { open: What? } }, r: { type: string, required: false, allowed: { open: Which? } } } } }')],
]);

describe('the mock (t35 s10 D1, D12): an optional header or field with an open facet is left out, its gap named', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(await writeSpec(optional));
  });
  afterAll(() => served.close());

  it('sends the answer without an optional header whose value is open, and 501s for a required one', async () => {
    const a = await call(served.origin, '/v2/hdr');
    expect(a.status).toBe(200);
    expect(a.headers.get('x-opt')).toBeNull();
    expect(a.headers.get('x-must')).toBe('1');
    expect(a.gaps).toContain('endpoints/hdr/responses/200/headers/X-Opt/maximum');
    const b = await call(served.origin, '/v2/hdr-must');
    expect(b.status).toBe(501);
    expect((b.json as { gaps: Array<{ id: string }> }).gaps.map((g) => g.id)).toEqual(['endpoints/hdr-must/responses/200/headers/X-Must/maximum']);
  });

  it('leaves out an optional field whose open facet comes through a resource as it does an inline one', async () => {
    const a = await call(served.origin, '/v2/top');
    expect(a.status).toBe(200);
    expect(a.json).toEqual({ id: 'string' });
    expect(a.gaps).toEqual(expect.arrayContaining(['resources/Code/value/allowed', 'endpoints/top/responses/200/schema/fields/q/items', 'endpoints/top/responses/200/schema/fields/r/allowed']));
  });
});

describe('the mock (t35 s10 D8): a status asked for inside a range never rewrites the stated status of the error that answers it', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('complete'), { limits: false });
  });
  afterAll(() => served.close());

  it('answers a 400 listing the statuses that can be asked for, not invalid_order as a 404', async () => {
    const a = await call(served.origin, '/v1/orders', { headers: { prefer: 'code=404' } });
    expect(a.status).toBe(400);
    const p = a.json as { type: string; detail: string; responses: string[] };
    expect(p.type).toContain('unstated-status');
    expect(p.responses).toEqual(['200', '304', '400']);
    expect(p.detail).toContain('invalid_order');
    const b = await call(served.origin, '/v1/orders', { headers: { prefer: 'code=400' } });
    expect(b.status).toBe(400);
    expect((b.json as { status: number; title: string })).toMatchObject({ status: 400, title: 'Invalid order' });
  });
});

describe('the mock (t35 s10 D11): small texts', () => {
  it('says "1 request" of a quota of one', async () => {
    const served = await serve(
      await writeSpec(
        new Map([
          ['purpose/_area.yaml', purpose],
          ['limits/_area.yaml', 'quotas: complete\nsize_bounds: complete\ntimeouts: { none: n }\nheaders: [Retry-After]\n'],
          ['limits/one.yaml', 'kind: quota\nquota: 1\nwindow: PT1M\nper: client\n'],
          ['endpoints/one.yaml', 'method: GET\npath: /one\nparameters: { none: n }\nresponses:\n  "204": { description: ok }\nlimits: [one]\n'],
        ]),
      ),
    );
    try {
      expect((await call(served.origin, '/v2/one')).status).toBe(204);
      const a = await call(served.origin, '/v2/one');
      expect(a.status).toBe(429);
      expect(a.text).toContain('allows 1 request per 60 s');
      expect(a.headers.get('retry-after')).toBe('60');
    } finally {
      await served.close();
    }
  });
});
