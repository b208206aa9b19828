import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockServer, type BodyBounds } from '../../src/cli/commands/mock.ts';
import { analyze, Mock, readSpecDir } from '../../src/lib/index.ts';
import { CHECK_THREAD } from '../../src/lib/mock/body-thread.ts';
import { writeSpec } from '../helpers.ts';
import { call, serve, type Served } from './harness.ts';

/**
 * Issue 35, t35n: the mock under load from one client.
 * D1: patterns that backtrack polynomially (`^(.*a){12}$`, with a lookahead, `.*a.*a…`) counted as
 * "flat" and were tested on the mock's thread with no time limit: one 34-character value held
 * every client 3 to 5 s (48 characters: 146 s), with no note. Those with lookaround now run under
 * the time limit, run out, and are said not judged; `^(.*a){12}$` is run by RE2 (spelt as
 * JavaScript reads `.`), in time linear in the text, and judged. The values take seconds unguarded on any machine, far past the
 * 50 ms limit, so the outcome does not hang on the machine's speed.
 * D2: one client's two slow 16 MB bodies held the whole 32 MB bound for a minute, and every other
 * client's bodies got 503. One client now holds half the bound at most; past it, its own body is
 * refused. The bounds are small, the addresses loopback, every wait on an event.
 * f35e's check thread kept the synthetic spec's compiled check (some 250 MB) for good, idle: it
 * took the process to 519-557 MB. It is now ended once idle (`idleMs`, 0 here), and started again
 * for the next heavy call.
 * Through the real loader, the command line's server and real HTTP.
 */
const purpose = 'name: Load\nbase_url: https://api.example.com/v1\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n';
const ok = 'responses:\n  "200": { content_type: application/json, schema: { type: string, allowed: [ok] }, example: ok }\n';
const query = (name: string, pattern: string) => [`endpoints/${name}.yaml`, `method: GET\npath: /${name}\nparameters: { query: { k: { type: string, required: true, pattern: '${pattern}' } } }\n${ok}`] as const;
const TWELVE = '^(.*a){12}$';
const LOOKAHEAD = '^(?=x)(.*a){12}$';
const CHAIN = `^(?=x)${'.*a'.repeat(12)}$`;
const spec = new Map<string, string>([
  ['purpose/_area.yaml', purpose],
  query('twelve', TWELVE),
  query('lookahead', LOOKAHEAD),
  query('chain', CHAIN),
  query('plain', '^.+@.+$'),
  ['endpoints/body.yaml', `method: POST\npath: /body\nparameters: { none: None. }\nrequest: { schema: { type: object, fields: { k: { type: string, required: true, pattern: '${LOOKAHEAD}' } } } }\n${ok}`],
]);
// x, 32 × a, b: fails every one of the patterns above, after seconds of backtracking.
const hostile = `x${'a'.repeat(32)}b`;
const tookTooLong = (pattern: string) => new RegExp(`the pattern ${JSON.stringify(pattern).replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')} took too long to test on a text of 34 characters and was not judged`);

describe('patterns that backtrack polynomially (issue 35, t35n D1)', () => {
  let served: Served;
  beforeAll(async () => {
    // A time limit of 1 s, not 50 ms: the plain pattern must be judged on a busy machine too (a 200 at load 20); the hostile texts run out of any.
    served = await serve(await writeSpec(spec), { patternTimeLimit: 1000 });
  });
  afterAll(() => served.close());

  it(`runs ${TWELVE} by RE2, spelt as JavaScript reads it: the value is judged, and refused, with no time limit to run out`, async () => {
    const from = served.log.length;
    const answer = await call(served.origin, `/v1/twelve?k=${hostile}`);
    expect(answer.status).toBe(400);
    expect(served.log.slice(from).join('\n')).not.toMatch(tookTooLong(TWELVE));
  });

  // Lookaround RE2 cannot run: JavaScript runs it, under the time limit.
  for (const [name, pattern] of [['lookahead', LOOKAHEAD], ['chain', CHAIN]] as const) {
    it(`tests ${pattern} under the time limit, and says the value was not judged`, async () => {
      const from = served.log.length;
      const answer = await call(served.origin, `/v1/${name}?k=${hostile}`);
      expect(answer.status).toBe(200);
      expect(served.log.slice(from).join('\n')).toMatch(tookTooLong(pattern));
    });
  }

  it('tests a JSON body field under the time limit too', async () => {
    const answer = await call(served.origin, '/v1/body', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ k: hostile }) });
    expect(answer.status).toBe(200);
  });

  it('still judges a plain pattern with `.` on the guarded path', async () => {
    expect((await call(served.origin, '/v1/plain?k=nope')).status).toBe(400);
    expect((await call(served.origin, '/v1/plain?k=a%40b')).status).toBe(200);
  });
});

const sinkSpec = new Map([
  ['purpose/_area.yaml', purpose],
  ['endpoints/sink.yaml', 'method: POST\npath: /sink\nparameters: { none: None. }\nrequest: { schema: { type: string } }\nresponses:\n  "204": { description: Taken. }\n'],
]);

/** The command line's server with `bounds`, on a free port; `hasRead(port, bytes)` resolves once the request from that client port has had `bytes` of its body read. */
async function bounded(bounds: BodyBounds) {
  const mock = new Mock(analyze(await readSpecDir(await writeSpec(sinkSpec))));
  const s = mockServer(mock, () => undefined, undefined, new Set(), bounds);
  await new Promise<void>((done) => s.listen(0, '127.0.0.1', done));
  const read = new Map<number, number>();
  const waiters: { port: number; bytes: number; done: () => void }[] = [];
  const tell = () => {
    for (const w of waiters.splice(0)) {
      if ((read.get(w.port) ?? -1) >= w.bytes) w.done();
      else waiters.push(w);
    }
  };
  s.on('request', (req: IncomingMessage) => {
    const port = req.socket.remotePort ?? 0;
    read.set(port, 0);
    req.on('data', (chunk: Buffer) => {
      read.set(port, (read.get(port) ?? 0) + chunk.length);
      tell();
    });
  });
  const hasRead = (port: number, bytes: number) =>
    new Promise<void>((done) => {
      waiters.push({ port, bytes, done });
      tell();
    });
  const port = (s.address() as AddressInfo).port;
  const close = () => {
    s.closeAllConnections();
    s.close();
  };
  return { origin: `http://127.0.0.1:${port}`, port, hasRead, close };
}

/** A POST of a JSON text from `from` announcing `length` bytes, of which `sent` are sent; with what comes back. */
function heldPost(port: number, from: string, length: number, sent: number): Promise<{ socket: Socket; local: number; answer: Promise<string> }> {
  return new Promise((done, fail) => {
    let text = '';
    const socket = connect({ port, host: '127.0.0.1', localAddress: from }, () => {
      socket.write(`POST /v1/sink HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n"${'x'.repeat(sent - 1)}`);
      done({ socket, local: socket.localPort ?? 0, answer });
    });
    const answer = new Promise<string>((told) => {
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
        if (/\r\n\r\n[\s\S]*\}/.test(text)) told(text);
      });
      socket.on('close', () => told(text));
    });
    socket.on('error', fail);
  });
}

describe('one client holding the bodies\' bound (issue 35, t35n D2)', () => {
  it('refuses that client\'s body past half the bound, and serves another client\'s', async () => {
    const s = await bounded({ held: 2000, idleMs: 600_000, deadlineMs: 600_000, firstByteMs: 600_000 });
    try {
      // The hog: two bodies of 1,000 bytes, 900 of each sent, from one address.
      const first = await heldPost(s.port, '127.0.0.2', 1000, 900);
      await s.hasRead(first.local, 900);
      const second = await heldPost(s.port, '127.0.0.2', 1000, 900);
      await s.hasRead(second.local, 900);
      for (const h of [first, second]) h.socket.on('error', () => undefined);
      // Another client's 900-byte body is served meanwhile.
      const other = await call(s.origin, '/v1/sink', { method: 'POST', headers: { 'content-type': 'application/json' }, body: `"${'y'.repeat(898)}"` });
      expect(other.status).toBe(204);
      // The hog's second body would pass its half (1,000 bytes): refused, with the share named.
      const refused = await second.answer;
      expect(refused).toMatch(/^HTTP\/1\.1 503 /);
      expect(refused).toContain('at most at once from one client');
      first.socket.destroy();
      second.socket.destroy();
    } finally {
      s.close();
    }
  });
});

const field = (i: number) => `f${i}: { type: string, required: false, max_length: ${i + 1}, pattern: "^[a-z]*$" }`;
const object = `{ type: object, required: true, fields: { ${Array.from({ length: 150 }, (_, i) => field(i)).join(', ')} } }`;
// Ten objects of 150 fields: past the weight whose checks go to the check thread, and quick to compile.
const heavy = `{ type: object, fields: { ${Array.from({ length: 10 }, (_, j) => `o${j}: ${object}`).join(', ')} } }`;
const heavySpec = new Map([
  ['purpose/_area.yaml', purpose],
  ['endpoints/heavy.yaml', `method: POST\npath: /heavy\nparameters: { none: None. }\nrequest: { schema: ${heavy} }\nresponses:\n  "204": { description: Taken. }\n`],
]);

describe('the check thread, idle (issue 35, f35e; t35n)', () => {
  it('is ended once idle, its memory given back, and started again for the next heavy call', async () => {
    let idle = () => undefined as void;
    let ended = new Promise<void>((done) => (idle = done));
    const mock = new Mock(analyze(await readSpecDir(await writeSpec(heavySpec))), {
      bodyThread: new URL('../../src/lib/index.ts', import.meta.url),
      checkThread: { ...CHECK_THREAD, idleMs: 0 },
      onCheckThreadIdle: () => idle(),
    });
    const s = mockServer(mock, () => undefined);
    await new Promise<void>((done) => s.listen(0, '127.0.0.1', done));
    const origin = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
    const post = () => call(origin, '/v1/heavy', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    try {
      // Answered on its merits by the check thread: the ten objects are required.
      const first = await post();
      expect(first.status).toBe(422);
      expect((first.json as { detail: string }).detail).toContain('field `o0` of the request body: required, but missing');
      await ended;
      ended = new Promise<void>((done) => (idle = done));
      // A thread started again answers the same.
      expect(await post()).toMatchObject({ status: 422, json: first.json });
      await ended;
    } finally {
      mock.close();
      s.closeAllConnections();
      s.close();
    }
  }, 120_000);
});

// Twelve objects of 150 required fields: 1,800 values, past the 1,500 the mock makes of a body (of optional
// fields, the body of the required objects alone fits, and is answered: t35s N4).
const requiredObject = object.replaceAll('required: false', 'required: true');
const large = `{ type: object, fields: { ${Array.from({ length: 12 }, (_, j) => `o${j}: ${requiredObject}`).join(', ')} } }`;
const madeSpec = new Map([
  ['purpose/_area.yaml', purpose],
  ['endpoints/large.yaml', `method: GET\npath: /large\nparameters: { none: None. }\nresponses:\n  "200": { schema: ${large} }\n`],
  ['endpoints/chain.yaml', 'method: GET\npath: /chain\nparameters: { none: None. }\nresponses:\n  "200": { resource: A }\n'],
  ['resources/A.yaml', 'description: An A.\nfields:\n  id: { type: string, required: true, examples: [a] }\n  b: { type: B, required: true }\n'],
  ['resources/B.yaml', 'description: A B.\nfields:\n  a: { type: A, required: true }\n'],
]);

describe('a body larger than the mock makes (issue 35, t35n)', () => {
  it('is refused naming the mock\'s own bound, not a shape no finite body fits', async () => {
    const served = await serve(await writeSpec(madeSpec));
    try {
      const answer = await call(served.origin, '/v1/large');
      expect(answer.status).toBe(501);
      const { type, detail } = answer.json as { type: string; detail: string };
      expect(type).toBe('urn:specbench:mock:cannot-make');
      expect(detail).not.toContain('finite');
      expect(detail).toMatch(/a body that fits its shape is larger than the mock makes, a bound of its own \(1500 values, 32000 bytes, 40 levels at most; `the body\.f139`, `the body\.f140`, `the body\.f141` and 10 more required fields were left out\)/);
      // Resources that require each other: still no finite body, said so.
      const chain = await call(served.origin, '/v1/chain');
      expect(chain.status).toBe(501);
      expect((chain.json as { detail: string }).detail).toContain('no body of finite size fits its shape');
    } finally {
      await served.close();
    }
  });
});
