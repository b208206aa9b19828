import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { mockServer } from '../../src/cli/commands/mock.ts';
import { analyze, Mock, readSpecDir } from '../../src/lib/index.ts';
import { writeSpec } from '../helpers.ts';

/**
 * Issue 35, t35n: one client address holds at most half the bytes of request bodies held at once.
 * Its count was forgotten as soon as it held no byte, even while another request of the client was
 * begun and still to send its body: that body then counted into a count no longer kept, and the
 * client's next bodies into a new one, so the client held its half twice. Through the real loader,
 * the command line's server and real sockets from loopback addresses; every wait on an event.
 */
const purpose = 'name: Share\nbase_url: https://api.example.com/v1\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n';
const ok = 'responses:\n  "200": { content_type: application/json, schema: { type: string, allowed: [ok] }, example: ok }\n';
const spec = new Map([
  ['purpose/_area.yaml', purpose],
  ['endpoints/ping.yaml', `method: GET\npath: /ping\nparameters: { none: None. }\n${ok}`],
  ['endpoints/ingest.yaml', `method: POST\npath: /ingest\nparameters: { none: None. }\nrequest:\n  required: true\n  content:\n    application/json:\n      schema: { type: object, fields: { items: { type: array, required: true, items: integer } } }\n${ok}`],
]);

/** The status of a request sent from the loopback address `from`. */
function send(port: number, from: string, method: string, path: string, body?: string): Promise<number> {
  return new Promise((done, fail) => {
    const headers = body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    const req = request({ host: '127.0.0.1', port, path, method, localAddress: from, agent: false, headers }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('error', fail);
    req.end(body);
  });
}

describe('a client\'s share of the bodies held (issue 35, t35n D2)', () => {
  it('still counts a body begun before the client\'s other answers, so the client never holds its half twice', async () => {
    const mock = new Mock(analyze(await readSpecDir(await writeSpec(spec))));
    const server = mockServer(mock, () => undefined, undefined, new Set(), { held: 1000, idleMs: 600_000, deadlineMs: 600_000, firstByteMs: 600_000 });
    // The server's own event: a request begun.
    const begun: ((req: IncomingMessage) => void)[] = [];
    server.on('request', (req: IncomingMessage) => {
      for (const tell of begun.splice(0)) tell(req);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const port = (server.address() as AddressInfo).port;
    let slow: Socket | undefined;
    try {
      // A body of 450 announced by 127.0.0.2; its head only, for now.
      const started = new Promise<IncomingMessage>((done) => begun.push(done));
      slow = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.2' });
      slow.on('error', () => undefined);
      slow.write('POST /v1/ingest HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 450\r\n\r\n');
      const req = await started;
      // Another call of that client, answered meanwhile (its answer done on the server's side too).
      const pinged = new Promise<IncomingMessage>((done) => begun.push(done));
      const ping = send(port, '127.0.0.2', 'GET', '/v1/ping');
      const pingReq = await pinged;
      const pingDone = new Promise<void>((done) => pingReq.socket.once('close', () => done()));
      expect(await ping).toBe(200);
      await pingDone;
      // Now 400 bytes of the first body come, and are held.
      const read = new Promise<void>((done) => {
        let n = 0;
        req.on('data', (chunk: Buffer) => {
          n += chunk.length;
          if (n >= 400) done();
        });
      });
      slow.write(`{"items":[${'1,'.repeat(195)}`.padEnd(400));
      await read;
      // The client's next body of 300 would pass its half (500): refused, the first body's 400 counted.
      const body = JSON.stringify({ items: [1] }).padEnd(300);
      expect(await send(port, '127.0.0.2', 'POST', '/v1/ingest', body)).toBe(503);
      // Another client's is read.
      expect(await send(port, '127.0.0.3', 'POST', '/v1/ingest', body)).toBe(200);
    } finally {
      slow?.destroy();
      server.closeAllConnections();
      server.close();
    }
  });
});
