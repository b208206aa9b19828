import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiskCache, KEEP_SCOPES } from '../../src/cli/cache.ts';
import { sealFile, sealLine } from '../../src/cli/cache-seal.ts';
import { mockServer, type BodyBounds } from '../../src/cli/commands/mock.ts';
import { analyze, Mock, readSpecDir, Workspace, type ResultStore } from '../../src/lib/index.ts';
import { writeSpec } from '../helpers.ts';
import { call } from './harness.ts';

/**
 * Issue 35, t35m: the mock under load from one client.
 * D2: one client spread over 20 addresses (each under its own bound) kept 4,400 POSTs open, each
 * trickling a byte every 2 s of a 1,000-byte body: all 4,096 connections were busy, and every
 * other client's were refused while they lasted. Now, at the whole bound with none idle, the
 * connection whose body comes slowest is closed for the newcomer. The bounds are small, the
 * addresses loopback (127.0.0.2, 127.0.0.3 …), every wait on an event.
 */
const purpose = 'name: Load\nbase_url: https://api.example.com/v1\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n';
const spec = new Map([
  ['purpose/_area.yaml', purpose],
  ['endpoints/ping.yaml', 'method: GET\npath: /ping\nparameters: { none: None. }\nresponses:\n  "200": { content_type: application/json, schema: { type: string, allowed: [ok] }, example: ok }\n'],
]);

async function server(bounds: BodyBounds) {
  const mock = new Mock(analyze(await readSpecDir(await writeSpec(spec))));
  const log: string[] = [];
  const s = mockServer(mock, (line) => log.push(line), undefined, new Set(), bounds);
  await new Promise<void>((done) => s.listen(0, '127.0.0.1', done));
  /** The bytes of its body the server has read, by each request's client port, as they come; and who waits for how many. */
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
    tell();
  });
  /** Resolves once the server has begun the request from the client port `port` and read `bytes` of its body. */
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
  return { origin: `http://127.0.0.1:${port}`, port, log, hasRead, close };
}

/** A POST from `from` announcing a 1,000-byte body, of which `sent` bytes are sent; with a promise of its close. */
function slowPost(port: number, from: string, sent: number): Promise<{ socket: Socket; local: number; closed: Promise<void> }> {
  return new Promise((done, fail) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: from }, () => {
      socket.write(`POST /v1/ping HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n${'x'.repeat(sent)}`);
      done({ socket, local: socket.localPort ?? 0, closed });
    });
    const closed = new Promise<void>((ended) => socket.on('close', () => ended()));
    socket.on('error', fail);
  });
}

describe('one client holding every connection busy with slow bodies (issue 35, t35m D2)', () => {
  it('closes the connection whose body comes slowest for a newcomer, rather than refusing it', async () => {
    const s = await server({ maxConnections: 4, perClient: 4, slowGraceMs: 0, firstByteMs: 600_000 });
    try {
      // The slowest first (the oldest, with one byte), then three that sent half their body; from four addresses.
      const slow = await slowPost(s.port, '127.0.0.2', 1);
      await s.hasRead(slow.local, 1);
      const others = [];
      for (const from of ['127.0.0.3', '127.0.0.4', '127.0.0.5']) {
        const post = await slowPost(s.port, from, 500);
        await s.hasRead(post.local, 500);
        others.push(post);
      }
      for (const h of [slow, ...others]) h.socket.on('error', () => undefined);
      // Every connection is busy reading a body: the newcomer is answered, the slowest closed.
      const answer = await call(s.origin, '/v1/ping');
      expect(answer.status).toBe(200);
      await slow.closed;
      expect(others.every((o) => !o.socket.destroyed)).toBe(true);
      expect(s.log.join('\n')).toMatch(/closed a connection of 127\.0\.0\.2 for a new one: all 4 the mock keeps were busy, and its request's body came slowest \([\d.]+ bytes\/s\)/);
      for (const h of others) h.socket.destroy();
    } finally {
      s.close();
    }
  });
});

/** A connection from `from` that has sent nothing yet, open, with a promise of its close. */
function silent(port: number, from: string): Promise<{ socket: Socket; closed: Promise<void> }> {
  return new Promise((done, fail) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: from }, () => done({ socket, closed }));
    const closed = new Promise<void>((ended) => socket.on('close', () => ended()));
    socket.on('error', fail);
  });
}

/** What comes back on `socket` for a GET of `path`, until its first blank line (the status line and headers), or `closed` when the connection closes first. */
function get(socket: Socket, path: string): Promise<string> {
  return new Promise((done) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (text.includes('\r\n\r\n')) done(text.slice(0, text.indexOf('\r\n')));
    });
    socket.on('close', () => done('closed'));
    socket.on('error', () => done('closed'));
    socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
  });
}

describe('a client holding few connections at the whole bound (issue 35, t35m D2)', () => {
  it('keeps its connection just opened when a client holding more opens one past the bound', async () => {
    const s = await server({ maxConnections: 4, perClient: 10, slowGraceMs: 600_000, firstByteMs: 600_000 });
    try {
      const other = await silent(s.port, '127.0.0.6');
      const posts = [];
      for (let i = 0; i < 3; i++) {
        const post = await slowPost(s.port, '127.0.0.2', 1);
        await s.hasRead(post.local, 1);
        post.socket.on('error', () => undefined);
        posts.push(post);
      }
      // The fifth, of the client holding three busy ones: none of its own idle, no body past the
      // grace: it is the one closed, not the other client's idle connection.
      const fifth = await silent(s.port, '127.0.0.2');
      fifth.socket.on('error', () => undefined);
      expect(await Promise.race([fifth.closed.then(() => 'the fifth'), other.closed.then(() => 'the other client\'s')])).toBe('the fifth');
      expect(await get(other.socket, '/v1/ping')).toBe('HTTP/1.1 200 OK');
      for (const h of [other, ...posts]) h.socket.destroy();
    } finally {
      s.close();
    }
  });
});

/**
 * D3: a spec folder's first start read the whole results file every `check` of the checkout
 * shares (70 MB: a one-endpoint spec started at 317 MB) to fill its own; and the folders' own
 * files were never pruned. Now only the entries of the files the run reads are kept, the file read
 * a chunk at a time, and the folders' files are bounded in number, the least recently used gone.
 */
describe('a spec folder\'s own cache file (issue 35, t35m D3)', () => {
  const names = { tool: 'cli-test', kind: 'results' as const };
  const place = async () => ({ dir: await mkdtemp(join(tmpdir(), 'specbench-t35m-cache-')), key: randomBytes(32) });
  const scope = (i: number) => i.toString(16).padStart(16, '0');

  it('takes from the shared file only the entries its files want, read a chunk at a time', async () => {
    const p = await place();
    // 500 entries, one of them past the size of a chunk read (so it spans chunks).
    const big = JSON.stringify({ text: 'y'.repeat(2_500_000) });
    const lines = Array.from({ length: 500 }, (_, i) => sealLine(p.key, names, `k${i}`, 5, i === 250 ? big : JSON.stringify({ n: i })));
    await writeFile(join(p.dir, `results-${names.tool}.json`), sealFile(p.key, names, 5, lines));
    const cache = DiskCache.open(names.tool, p, scope(1));
    expect(cache.size).toBe(0);
    cache.want(['k3', 'k250', 'k499', 'missing']);
    expect(cache.size).toBe(3);
    expect(cache.get('k3')).toEqual({ n: 3 });
    expect(cache.get('k250')).toEqual(JSON.parse(big));
    expect(cache.get('k4')).toBeUndefined();
    // Once: an edit's lookups later read nothing more of the shared file.
    cache.want(['k5']);
    expect(cache.size).toBe(3);
    cache.save();
    // Its own file: the entries it used, not k499 (wanted, never used).
    const own = (await readFile(join(p.dir, `results-${names.tool}.${scope(1)}.json`), 'utf8')).split('\n').slice(1).filter(Boolean).map((l) => l.split('\t')[1]);
    expect(own.sort()).toEqual(['k250', 'k3']);
  });

  it('is told, by the workspace a mock serves, every key it will look up before the lookups', async () => {
    const calls: string[] = [];
    const wanted = new Set<string>();
    const store: ResultStore = {
      want: (keys) => {
        calls.push('want');
        for (const k of keys) wanted.add(k);
      },
      get: (key) => {
        calls.push(wanted.has(key) ? 'get (wanted)' : 'get (not told)');
        return undefined;
      },
      set: () => undefined,
    };
    const dir = await writeSpec(new Map([...spec, ['endpoints/other.yaml', 'method: GET\npath: /other\nparameters: { none: None. }\nresponses:\n  "204": { description: Done. }\n']]));
    const workspace = await Workspace.open(dir, { store });
    expect(workspace.analysis.spec).toBeDefined();
    expect(calls[0]).toBe('want');
    expect(calls.filter((c) => c.startsWith('get'))).toEqual(['get (wanted)', 'get (wanted)', 'get (wanted)']);
  });

  it(`keeps the ${KEEP_SCOPES} most recently used folders' files, and none another hand wrote`, async () => {
    const p = await place();
    const file = (i: number) => join(p.dir, `results-${names.tool}.${scope(i)}.json`);
    const sealed = sealFile(p.key, names, 1, [sealLine(p.key, names, 'k', 1, '{}')]);
    for (let i = 0; i < KEEP_SCOPES + 4; i++) {
      await writeFile(file(i), sealed);
      // Older as i is smaller.
      await utimes(file(i), 1_000_000 + i, 1_000_000 + i);
    }
    await writeFile(file(100).replace(/\.json$/, '.recent.json'), sealed);
    await utimes(file(100).replace(/\.json$/, '.recent.json'), 1, 1);
    // Not this cache's: never removed, however old.
    await writeFile(file(101), 'not sealed\n');
    await utimes(file(101), 1, 1);
    DiskCache.open(names.tool, p, scope(200));
    const left = (await readdir(p.dir)).sort();
    const kept = Array.from({ length: KEEP_SCOPES - 1 }, (_, j) => `results-${names.tool}.${scope(KEEP_SCOPES + 4 - 1 - j)}.json`);
    expect(left).toEqual([...kept, `results-${names.tool}.${scope(101)}.json`].sort());
  });
});
