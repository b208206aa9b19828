import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, fixture, scratchCopy } from '../helpers.ts';
import { call, startMock } from './harness.ts';
import { guardedSpec } from './specs.ts';

/** Writes a file whole at once (written beside, then renamed into place), so that the server never reads half of it. */
async function replaceFile(path: string, text: string): Promise<void> {
  const aside = join(await mkdtemp(join(tmpdir(), 'specbench-edit-')), 'file.yaml');
  await writeFile(aside, text);
  await rename(aside, path);
}

describe('specbench mock (the command line, as users run it)', () => {
  it('starts on a free port under the base path, logs each request with the gaps it hit, and stops cleanly on SIGTERM and SIGINT', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const server = await startMock(['--spec', fixture('half-written'), '--no-cache']);
      try {
        expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        const from = server.stdout().length;
        const answer = await call(server.origin, '/loans/1');
        // A loan's book is open (its fields): 501 naming it.
        expect(answer.status).toBe(501);
        const logged = await server.line(/^GET \/loans\/1 -> 501/, from);
        expect(logged).toContain('[get-loan]');
        expect(logged).toContain('gaps: endpoints/get-loan/parameters, endpoints/get-loan/responses/404');
        expect(logged).toContain('resources/Book/fields');
      } finally {
        expect(await server.stop(signal)).toBe(0);
      }
      expect(server.stdout()).toContain(`specbench mock: stopped (${signal})`);
      expect(server.stderr()).toBe('');
    }
  }, 120_000);

  it('follows an edit of the spec folder: the next answer changes, with no restart', async () => {
    const dir = await scratchCopy(fixture('complete'));
    const server = await startMock(['--spec', dir]);
    try {
      const auth = { authorization: 'Bearer t' };
      const before = await call(server.origin, '/v1/orders/abc', { headers: auth });
      expect(before.status).toBe(200);
      expect(before.gaps).toEqual([]);
      const file = join(dir, 'endpoints', 'get-order.yaml');
      const text = await readFile(file, 'utf8');
      let from = server.stdout().length;
      const edited = text.replace('"200": { resource: Order, content_type: [application/json, application/xml] }', '"200": { open: "Which body, now?", owner: "@api" }');
      expect(edited).not.toBe(text);
      await replaceFile(file, edited);
      await server.line(/^specbench mock: reloaded after a change to endpoints\/get-order\.yaml/, from);
      const after = await call(server.origin, '/v1/orders/abc', { headers: auth });
      expect(after.status).toBe(501);
      expect(after.gaps).toEqual(['endpoints/get-order/responses/200']);
      expect((after.json as { gaps: Array<{ question: string }> }).gaps[0]?.question).toBe('Which body, now?');
      // A new endpoint file is a new endpoint.
      from = server.stdout().length;
      expect((await call(server.origin, '/v1/ping')).status).toBe(404);
      await replaceFile(join(dir, 'endpoints', 'ping.yaml'), 'method: GET\npath: /ping\nparameters: { none: None. }\nresponses:\n  "200": { schema: { type: object, fields: { ok: { type: boolean, required: true } } }, content_type: application/json }\n');
      await server.line(/^specbench mock: reloaded after a change to endpoints\/ping\.yaml: 7 endpoints/, from);
      const ping = await call(server.origin, '/v1/ping');
      expect(ping.status).toBe(200);
      expect(ping.json).toEqual({ ok: true });
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 120_000);

  it('follows saves made as editors make them: a file renamed over the spec file again and again, removed and written again', async () => {
    const dir = await scratchCopy(fixture('complete'));
    const server = await startMock(['--spec', dir, '--no-cache']);
    try {
      const auth = { authorization: 'Bearer t' };
      const file = join(dir, 'endpoints', 'get-order.yaml');
      const text = await readFile(file, 'utf8');
      const stated = '"200": { resource: Order, content_type: [application/json, application/xml] }';
      expect(text).toContain(stated);
      /** Waits on the server's own reload lines until the answer says what the last save wrote. */
      const answers = async (question: string | number) => {
        for (;;) {
          const from = server.stdout().length;
          const answer = await call(server.origin, '/v1/orders/abc', { headers: auth });
          const asked = answer.status === 501 ? (answer.json as { gaps: Array<{ question: string }> }).gaps[0]?.question : undefined;
          if (typeof question === 'number' ? answer.status === question : asked === question) return;
          await server.line(/^specbench mock: reloaded after a change to /, from);
        }
      };
      for (let i = 1; i <= 3; i++) {
        // As vim, VS Code and `sed -i` save: a new file beside it, renamed over it.
        const temp = join(dir, 'endpoints', `.get-order.yaml.${i}.tmp`);
        await writeFile(temp, text.replace(stated, `"200": { open: "Which body, take ${i}?", owner: "@api" }`));
        await rename(temp, file);
        await answers(`Which body, take ${i}?`);
      }
      // Removed: no endpoint at the path any more; written again: there again.
      await rm(file);
      await answers(404);
      await writeFile(file, text.replace(stated, '"200": { open: "Which body, once more?", owner: "@api" }'));
      await answers('Which body, once more?');
      await writeFile(file, text);
      await answers(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 120_000);

  it('tests a pattern that backtracks without end: by RE2 where RE2 reads it as JavaScript does (judged, in linear time), else under a time limit (not judged, and the log says so)', async () => {
    // In a process of its own: a server that tested such a pattern as it is would never answer (and is killed when the test ends).
    // Its time limit is 2 s, not 50 ms: a busy machine can stall any test for 50 ms (`look=b` was once not judged at load 11),
    // never one that backtracks 2^48 ways for 2 s.
    const server = await startMock(['--spec', await guardedSpec(), '--no-limits', '--no-cache'], { SPECBENCH_PATTERN_TIME_LIMIT_MS: '2000' });
    const key = { 'x-key': 'secret', 'x-trace': 't' };
    // `^(a+)+$` runs on RE2, as `check` runs it: 48 a's and a `!` are judged (a 400), not let through.
    const judged = await call(server.origin, `/api/things/abc?q=${'a'.repeat(48)}!`, { headers: key });
    expect(judged.status).toBe(400);
    expect(judged.text).toContain('query parameter `q`: expected text matching `^(a+)+$`');
    // A lookahead RE2 does not read: under the time limit, not judged.
    const from = server.stdout().length;
    const answer = await call(server.origin, `/api/things/abc?look=${'a'.repeat(48)}!`, { headers: key });
    expect(answer.status).toBe(200);
    await server.line(/^ {2}note: the pattern "\^\(\?=a\)\(a\+\)\+\$" took too long to test on a text of 49 characters and was not judged; for 10 s, texts at least as long are let through unchecked against it$/, from);
    // A value it can tell is judged as usual.
    expect((await call(server.origin, '/api/things/abc?look=b', { headers: key })).status).toBe(400);
    expect(await server.stop()).toBe(0);
  }, 120_000);

  it('ends cleanly on a signal sent the moment it says it is ready, its cache saved', async () => {
    const server = await startMock(['--spec', fixture('complete')]);
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(server.stdout()).toContain('specbench mock: stopped (SIGTERM)');
  }, 120_000);

  it('refuses a bad port and a port in use, plainly, with exit 2', async () => {
    const bad = await cli(['mock', '--spec', fixture('complete'), '--port', '99999']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--port takes a number from 0 to 65535');
    const taken = createServer();
    await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
    try {
      const port = (taken.address() as { port: number }).port;
      const busy = await cli(['mock', '--spec', fixture('complete'), '--port', String(port), '--no-cache']);
      expect(busy.code).toBe(2);
      expect(busy.err).toMatch(new RegExp(`^specbench mock: cannot listen on 127\\.0\\.0\\.1:${port}: .*EADDRINUSE`, 'm'));
    } finally {
      taken.close();
    }
  });
});
