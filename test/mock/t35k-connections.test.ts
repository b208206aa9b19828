import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { mockServer, type BodyBounds } from '../../src/cli/commands/mock.ts';
import { analyze, Mock, readSpecDir } from '../../src/lib/index.ts';
import { writeSpec } from '../helpers.ts';
import { call } from './harness.ts';

/**
 * Issue 35, t35k D1: the bound on connections was the whole server's, so one client holding
 * 4,200 silent connections (reopening each as it was closed) had every other client's refused
 * for as long as it kept on. Now one client keeps at most its own bound, and at the whole bound
 * an idle connection of the client holding the most is closed for the newcomer. The clients are
 * told apart by their address (127.0.0.2, 127.0.0.3 … are loopback too); the bounds are small,
 * every wait on an event.
 */
const purpose = 'name: Conn\nbase_url: https://api.example.com/v1\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n';
const spec = new Map([
  ['purpose/_area.yaml', purpose],
  ['endpoints/ping.yaml', 'method: GET\npath: /ping\nparameters: { none: None. }\nresponses:\n  "200": { content_type: application/json, schema: { type: string, allowed: [ok] }, example: ok }\n'],
]);

async function server(bounds: BodyBounds) {
  const mock = new Mock(analyze(await readSpecDir(await writeSpec(spec))));
  const log: string[] = [];
  const s = mockServer(mock, (line) => log.push(line), undefined, new Set(), bounds);
  await new Promise<void>((done) => s.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  const close = () => {
    s.closeAllConnections();
    s.close();
  };
  return { origin, port: (s.address() as AddressInfo).port, log, close };
}

/** A silent connection from `from`, open, with a promise of its close. */
function open(port: number, from: string): Promise<{ socket: Socket; closed: Promise<void> }> {
  return new Promise((done, fail) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: from }, () => done({ socket, closed }));
    const closed = new Promise<void>((ended) => socket.on('close', () => ended()));
    socket.on('error', fail);
  });
}

/** `n` silent connections from `from`, opened one after the other (the server takes them in that order). */
async function hog(port: number, from: string, n: number) {
  const held: { socket: Socket; closed: Promise<void> }[] = [];
  for (let i = 0; i < n; i++) held.push(await open(port, from));
  for (const h of held) h.socket.on('error', () => undefined);
  return held;
}

describe('connections of one client (issue 35, t35k D1)', () => {
  it('keeps at most its own bound for one client: its oldest idle ones are closed, and another client is answered', async () => {
    const s = await server({ firstByteMs: 600_000, maxConnections: 6, perClient: 3 });
    try {
      const held = await hog(s.port, '127.0.0.2', 8);
      expect((await call(s.origin, '/v1/ping')).status).toBe(200);
      // The five oldest were closed, one for each past the three it keeps.
      await Promise.all(held.slice(0, 5).map((h) => h.closed));
      expect(s.log.join('\n')).toContain('closed an idle connection of 127.0.0.2 for a new one: it held 4, past the 3 one client keeps');
      // Said once, the rest counted for a later note: never a line per connection.
      expect(s.log.filter((l) => l.startsWith('closed an idle connection'))).toHaveLength(1);
      for (const h of held) h.socket.destroy();
    } finally {
      s.close();
    }
  });

  it('at the whole bound, closes an idle connection of the client holding the most rather than refusing a newcomer', async () => {
    const s = await server({ firstByteMs: 600_000, maxConnections: 6, perClient: 4 });
    try {
      const big = await hog(s.port, '127.0.0.2', 4);
      const small = await hog(s.port, '127.0.0.3', 2);
      const answer = await call(s.origin, '/v1/ping');
      expect(answer.status).toBe(200);
      await big[0]?.closed;
      expect(s.log.join('\n')).toContain('closed an idle connection of 127.0.0.2 for a new one: it held 4, the most of the 6 the mock keeps');
      for (const h of [...big, ...small]) h.socket.destroy();
    } finally {
      s.close();
    }
  });
});
