import { Buffer } from 'node:buffer';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, readSpecDir, Workspace } from '../../src/lib/index.ts';
import { fixture, scratchCopy, writeSpec } from '../helpers.ts';
import { call, serve, startMock } from './harness.ts';

/**
 * Issue 35, t35n's defects D3-D7 and a debug line (f35g), each as the tester's scripts found it:
 * D3 form fields of object or list shape sent with brackets, D4 a folder replaced at once by a
 * file, D5 a `Prefer` example name sent as UTF-8, D6 `min_items` past the mock's 100 items, D7
 * two files stating one method and path, and the debug line of a body sent to the check thread.
 */
const purpose = 'name: P\nbase_url: https://api.example.com/v1\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n';
const spec = (endpoints: Record<string, string>) => writeSpec(new Map([['purpose/_area.yaml', purpose], ['endpoints/_area.yaml', 'inventory: complete\n'], ...Object.entries(endpoints).map(([k, v]) => [`endpoints/${k}`, v] as [string, string])]));

const form = `title: Form
method: POST
path: /f
parameters: { none: None. }
request:
  content_type: application/x-www-form-urlencoded
  schema:
    type: object
    fields:
      obj: { type: object, required: false, fields: { a: { type: integer, required: true } } }
      list: { type: array, required: false, items: { type: object, fields: { kind: { type: string, required: true, allowed: [x, y] } } } }
      n: { type: integer, required: false }
responses:
  "204": { description: Done. }
`;

const post = (origin: string, body: string) => call(origin, '/v1/f', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
const detail = (json: unknown) => String((json as { detail?: unknown }).detail);

describe('form fields of object or list shape (issue 35, t35n D3)', () => {
  it('reads bracketed names into the object or list the shape states, and checks them, naming the field', async () => {
    const s = await serve(await spec({ 'f.yaml': form }));
    try {
      const obj = await post(s.origin, 'obj[a]=notint');
      expect(obj.status).toBe(422);
      expect(detail(obj.json)).toContain('field `obj.a` of the request body: expected an integer, got "notint"');
      const list = await post(s.origin, 'list[0][kind]=bogus');
      expect(list.status).toBe(422);
      expect(detail(list.json)).toContain('field `list[0].kind` of the request body: expected one of "x", "y", got "bogus"');
      // A field the object requires, missing from the fields in brackets.
      const missing = await post(s.origin, 'obj[b]=1');
      expect(missing.status).toBe(422);
      expect(detail(missing.json)).toContain('field `obj.a` of the request body: required, but missing');
      // What fits is taken, read as its types (`1` an integer).
      expect((await post(s.origin, 'obj[a]=1&list[0][kind]=x&list[1][kind]=y&n=2')).status).toBe(204);
    } finally {
      await s.close();
    }
  });

  it('refuses a name sent both as a value and with brackets, and brackets past its bound, without a stack trace', async () => {
    const s = await serve(await spec({ 'f.yaml': form }));
    try {
      const both = await post(s.origin, 'obj=x&obj[a]=1');
      expect(both.status).toBe(400);
      expect(detail(both.json)).toContain('expected form field `obj` as a value or as fields in brackets, not both');
      const deep = await post(s.origin, `obj${'[a]'.repeat(33)}=1`);
      expect(deep.status).toBe(400);
      expect(detail(deep.json)).toContain('expected form fields at most 32 levels of brackets deep');
      // Indexes that are no list's 0 to n - 1 are an object, which the list's shape refuses by its type.
      const sparse = await post(s.origin, 'list[5][kind]=x');
      expect(sparse.status).toBe(422);
      expect(detail(sparse.json)).toContain('field `list` of the request body: expected an array, got {"5":{"kind":"x"}}');
      // Prototype names are own fields of the value, never its prototype.
      expect((await post(s.origin, 'obj[a]=1&obj[__proto__][polluted]=1&constructor[prototype][polluted]=1')).status).toBe(204);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    } finally {
      await s.close();
    }
  });
});

const examples = `title: E
method: GET
path: /e
parameters: { none: None. }
responses:
  "200":
    schema: { type: string }
    named_examples:
      plain: { summary: Plain, value: plain }
      café: { summary: Accented, value: accented }
`;

describe('a named example whose name is not ASCII (issue 35, t35n D5)', () => {
  it('reads a Prefer header sent as UTF-8 bytes as UTF-8, takes RFC 8187\'s `example*`, and says how to ask', async () => {
    const s = await serve(await spec({ 'e.yaml': examples }));
    try {
      // fetch sends each character of a header value as one byte: these are café's UTF-8 bytes, as curl sends them.
      const utf8 = Buffer.from('example=café').toString('latin1');
      const raw = await call(s.origin, '/v1/e', { headers: { prefer: utf8 } });
      expect(raw.status).toBe(200);
      expect(raw.json).toBe('accented');
      const quoted = await call(s.origin, '/v1/e', { headers: { prefer: Buffer.from('example="café"').toString('latin1') } });
      expect(quoted.json).toBe('accented');
      const extended = await call(s.origin, '/v1/e', { headers: { prefer: "example*=UTF-8''caf%C3%A9" } });
      expect(extended.status).toBe(200);
      expect(extended.json).toBe('accented');
      const unknown = await call(s.origin, '/v1/e', { headers: { prefer: 'example=cafe' } });
      expect(unknown.status).toBe(400);
      expect(detail(unknown.json)).toContain("`Prefer: example*=UTF-8''caf%C3%A9`");
    } finally {
      await s.close();
    }
  });
});

const list = (n: number) => `title: L${n}
method: GET
path: /l${n}
parameters: { none: None. }
responses:
  "200": { content_type: application/json, schema: { type: array, min_items: ${n}, items: { type: integer } } }
`;

describe('a list whose min_items passes the items the mock makes (issue 35, t35n D6)', () => {
  it('answers 501 naming the mock\'s own bound of 100 items, and makes 100', async () => {
    const s = await serve(await spec({ 'l100.yaml': list(100), 'l101.yaml': list(101) }));
    try {
      const made = await call(s.origin, '/v1/l100');
      expect(made.status).toBe(200);
      expect((made.json as unknown[]).length).toBe(100);
      const past = await call(s.origin, '/v1/l101');
      expect(past.status).toBe(501);
      expect(detail(past.json)).toContain('asks for a list of at least 101 items (min_items), more than the 100 the mock makes (a bound of the mock\'s own, not the spec\'s)');
    } finally {
      await s.close();
    }
  });
});

describe('the spec folder edited while served (issue 35, t35n D4)', () => {
  it('reads a folder replaced by a file as the watch tells it (the name alone) as a fresh reading does', async () => {
    const dir = await scratchCopy(fixture('complete'));
    const ws = await Workspace.open(dir);
    expect(ws.files.some((f) => f.path === 'resources/Order.yaml')).toBe(true);
    await rename(join(dir, 'resources'), `${dir}-resources-away`);
    await writeFile(join(dir, 'resources'), 'x: 1\n');
    await ws.refresh(['resources']);
    const fresh = analyze(await readSpecDir(dir));
    expect(ws.files.map((f) => f.path)).toEqual((await readSpecDir(dir)).map((f) => f.path).sort());
    expect(ws.files.some((f) => f.path.startsWith('resources/'))).toBe(false);
    const lines = (a: typeof fresh) => a.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`).sort();
    expect(lines(ws.analysis)).toEqual(lines(fresh));
    expect(lines(fresh)).toContain('endpoints/get-order.yaml:9:22 unresolved-reference');
  });

  it('follows a folder moved away and replaced at once by a file, answering as a fresh start does', async () => {
    const dir = await scratchCopy(fixture('complete'));
    const auth = { authorization: 'Bearer t' };
    const server = await startMock(['--spec', dir, '--no-cache']);
    try {
      expect((await call(server.origin, '/v1/orders/1', { headers: auth })).status).toBe(200);
      const from = server.stdout().length;
      await rename(join(dir, 'resources'), `${dir}-resources-away`);
      await writeFile(join(dir, 'resources'), 'x: 1\n');
      await server.line(/^specbench mock: reloaded after a change to resources[,:] /, from);
      const after = await call(server.origin, '/v1/orders/1', { headers: auth });
      // Its resource is no longer in the spec: \`check\`'s unresolved-reference, named (t35 s10 D3).
      expect(after.status).toBe(503);
      expect(after.text).toContain('endpoints/get-order.yaml:9:22 unresolved-reference');
    } finally {
      await server.stop();
    }
    const fresh = await startMock(['--spec', dir, '--no-cache']);
    try {
      expect((await call(fresh.origin, '/v1/orders/1', { headers: auth })).status).toBe(503);
    } finally {
      await fresh.stop();
    }
  }, 120_000);
});

const order = (body: string) => `title: Get order
method: GET
path: /orders/{order_id}
parameters:
  path:
    order_id: { type: string }
responses:
  "200": { content_type: application/json, schema: { type: string }, example: ${body} }
`;

describe('two files stating one method and path (issue 35, t35n D7)', () => {
  it('names the conflict in the start log: both files and check\'s code', async () => {
    const server = await startMock(['--spec', await spec({ 'aaa-order.yaml': order('from-aaa'), 'get-order.yaml': order('from-get') }), '--no-cache']);
    try {
      const line = await server.line(/get-order\.yaml\) is never reached/);
      expect(line).toContain('GET /v1/orders/{order_id} (get-order, endpoints/get-order.yaml) is never reached: endpoints/aaa-order.yaml (aaa-order) states the same method and path, an error `specbench check` reports (duplicate-endpoint)');
      expect(line).not.toContain('another stated path takes every request');
    } finally {
      await server.stop();
    }
  }, 120_000);
});

/** A shape heavy enough (`HEAVY_SCHEMA`) that its body is checked on the check thread, whatever its size. */
const heavy = `title: Heavy
method: POST
path: /heavy
parameters: { none: None. }
request:
  content_type: application/json
  schema: { type: object, fields: { ${Array.from({ length: 2000 }, (_, i) => `field${i}: { type: string, required: false, max_length: ${i + 1} }`).join(', ')} } }
responses:
  "204": { description: Done. }
`;

describe('the debug line of a body checked off the answering thread (issue 35, f35g)', () => {
  it('says the check thread for a body sent there, not the body thread', async () => {
    const server = await startMock(['--spec', await spec({ 'heavy.yaml': heavy }), '--no-cache'], { SPECBENCH_MOCK_DEBUG: '1' });
    try {
      const from = server.stdout().length;
      const answer = call(server.origin, '/v1/heavy', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"field0":"a"}' });
      const line = await server.line(/^specbench mock: debug: a body of \d+ bytes is being checked on the \w+ thread$/, from);
      expect(line).toBe('specbench mock: debug: a body of 14 bytes is being checked on the check thread');
      expect((await answer).status).toBe(204);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
