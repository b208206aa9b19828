import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockServer } from '../../src/cli/commands/mock.ts';
import { analyze, Mock, readSpecDir } from '../../src/lib/index.ts';
import { writeSpec } from '../helpers.ts';
import { call, serve, type Served } from './harness.ts';

/**
 * Issue 35, t35h D3 and D6a: what request bodies cost the mock's memory, and the 413s of its own
 * bounds. 16 MB bodies of 5.3 million `{}` took the process to 2.4 GB, never given back; bodies
 * that stopped coming were held for Node's 300 s; a gzip bomb's 413 cited a line of the spec as if
 * the spec stated the mock's 16 MB bound. Through the real loader, the command line's server and
 * real HTTP (raw sockets where a body must stop half way).
 */
type Obj = Record<string, unknown>;
const purpose = 'name: Bodies\nbase_url: https://api.example.com/v1\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n';
const ok = 'responses:\n  "200": { content_type: application/json, schema: { type: string, allowed: [ok] }, example: ok }\n';
const spec = new Map([
  ['purpose/_area.yaml', purpose],
  ['endpoints/_area.yaml', 'inventory: complete\n'],
  ['endpoints/ingest.yaml', `method: POST\npath: /ingest\nparameters: { none: None. }\nrequest:\n  required: true\n  content:\n    application/json:\n      schema: { type: object, fields: { items: { type: array, required: true, items: integer } } }\n${ok}`],
]);
const json = { 'content-type': 'application/json' };

/** The status of a JSON POST to `/v1/ingest` sent from the loopback address `from`. */
function post(origin: string, from: string, body: string): Promise<number> {
  const { hostname, port } = new URL(origin);
  return new Promise((done, fail) => {
    const req = request({ host: hostname, port: Number(port), path: '/v1/ingest', method: 'POST', localAddress: from, agent: false, headers: { ...json, 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('error', fail);
    req.end(body);
  });
}

/** The raw answer to bytes written on a plain socket, read to the connection's end. */
function raw(origin: string, ...parts: Buffer[]): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((done, fail) => {
    const socket = connect(Number(port), hostname, () => {
      for (const part of parts) socket.write(part);
    });
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('close', () => done(data));
    socket.on('error', fail);
  });
}

describe('the mock (issue 35, t35h D3, D6a): the bounds of its own on request bodies', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(await writeSpec(spec));
  });
  afterAll(() => served.close());

  // t35l: the bound is on values now (objects and arrays among them, and member names), which a body of objects passes first.
  it('refuses a JSON body of more than a million objects and arrays with the 413 of its own bounds, before parsing it', async () => {
    const many = `{"items":[],"z":[${'{},'.repeat(1_000_000)}{}]}`;
    const answer = await call(served.origin, '/v1/ingest', { method: 'POST', headers: json, body: many });
    expect(answer.status).toBe(413);
    const body = answer.json as Obj;
    expect(body).toMatchObject({ type: 'urn:specbench:mock:too-large', endpoint: 'ingest', limit: 1_000_000, unit: 'values' });
    expect(body.errors).toBeUndefined();
    expect(String(body.detail)).not.toContain('.yaml');
    // A million values exactly (the body, the names `items` and `z`, their arrays and 999,995 in `z`) is read and checked.
    const fewer = `{"items":[],"z":[${'{},'.repeat(999_994)}{}]}`;
    expect((await call(served.origin, '/v1/ingest', { method: 'POST', headers: json, body: fewer })).status).toBe(200);
  });

  it('answers a gzip bomb with the same 413 as a body past the bytes it reads: no line of the spec, a `limit`, no errors[]', async () => {
    const bomb = await call(served.origin, '/v1/ingest', { method: 'POST', headers: { ...json, 'content-encoding': 'gzip' }, body: gzipSync(Buffer.alloc(17 * 1024 * 1024, 32)) as unknown as string });
    const sent = await fetch(`${served.origin}/v1/ingest`, { method: 'POST', headers: json, body: Buffer.alloc(17 * 1024 * 1024, 32) });
    const raw413 = (await sent.json()) as Obj;
    expect(bomb.status).toBe(413);
    const body = bomb.json as Obj;
    expect(body).toMatchObject({ type: 'urn:specbench:mock:too-large', title: raw413.title, endpoint: 'ingest', limit: 16 * 1024 * 1024, unit: 'bytes once decoded' });
    expect(raw413).toMatchObject({ limit: 16 * 1024 * 1024, unit: 'bytes' });
    expect(Object.keys(body).sort()).toEqual(Object.keys(raw413).sort());
    expect(body.errors).toBeUndefined();
    expect(bomb.text).not.toContain('ingest.yaml');
  });

  // t35n: one client address holds at most half the bound, so the bound across connections is
  // reached by the bodies of two clients, each within its half, and a third client's is refused.
  it('answers 503 with Retry-After to a body that would pass the bytes held at once across connections', async () => {
    const mock = new Mock(analyze(await readSpecDir(await writeSpec(spec))));
    // The first two answers wait (the server waits for them as for a change of the spec): their bodies are held meanwhile.
    let reached = () => {};
    const first = new Promise<void>((resolve) => (reached = resolve));
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const server = mockServer(mock, () => undefined, () => {
      if (++calls > 2) return undefined;
      if (calls === 2) reached();
      return gate;
    }, new Set(), { held: 1000 });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      // Two clients (127.0.0.2 and 127.0.0.3 are loopback too), each holding 450 bytes: within its half (500), 900 in all.
      const body = JSON.stringify({ items: Array.from({ length: 100 }, () => 1) }).padEnd(450);
      const held = [post(origin, '127.0.0.2', body), post(origin, '127.0.0.3', body)];
      await first;
      // A third client's 300 bytes are within its own half, but not within the 1000 held at once.
      const busy = await call(origin, '/v1/ingest', { method: 'POST', headers: json, body: JSON.stringify({ items: [1] }).padEnd(300) });
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toBe('1');
      expect(busy.json).toMatchObject({ type: 'urn:specbench:mock:busy', endpoint: 'ingest', limit: 1000, unit: 'bytes' });
      release();
      expect(await Promise.all(held)).toEqual([200, 200]);
      // Their bytes given back once answered: the same body now read.
      expect((await call(origin, '/v1/ingest', { method: 'POST', headers: json, body: JSON.stringify({ items: [1] }).padEnd(300) })).status).toBe(200);
    } finally {
      release();
      server.closeAllConnections();
      server.close();
    }
  });

  it('answers 408 and closes the connection when a body stops coming, rather than holding it for Node\'s 300 s', async () => {
    const mock = new Mock(analyze(await readSpecDir(await writeSpec(spec))));
    const server = mockServer(mock, () => undefined, undefined, new Set(), { idleMs: 100 });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const text = await raw(origin, Buffer.from('POST /v1/ingest HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"items":'));
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(text).toContain('urn:specbench:mock:body-stalled');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
