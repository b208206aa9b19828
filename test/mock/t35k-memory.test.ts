import { appendFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { mockServer } from '../../src/cli/commands/mock.ts';
import { analyze, Mock, readSpecDir } from '../../src/lib/index.ts';
import { BODY_THREAD } from '../../src/lib/mock/body-thread.ts';
import { writeSpec } from '../helpers.ts';
import { call, serve } from './harness.ts';

/**
 * Issue 35, t35k D2: every edit of the spec compiled every check anew while the old ones waited
 * for the garbage collector (about 66 MB more per edit of an unrelated file, past 1.2 GB), and one
 * call to each of DigitalOcean's 290 operations kept every check compiled for good (621 MB). The
 * compiled checks are now bounded by the bytes of their code, the least recently used dropped, and
 * an edit that leaves a check's schemas as they were keeps it; one that changes them drops what the
 * old spec compiled. Through the real loader and real HTTP; the bound made small.
 */
const purpose = 'name: Mem\nbase_url: https://api.example.com/v1\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n';
const ok = 'responses:\n  "200": { content_type: application/json, schema: { type: string, allowed: [ok] }, example: ok }\n';
const fields = (n: number, extra = '') => Array.from({ length: n }, (_, i) => `f${i}: { type: string, required: false, max_length: ${i + 1} }`).join(', ') + extra;
const post = (name: string, shape: string) => [`endpoints/${name}.yaml`, `method: POST\npath: /${name}\nparameters: { none: None. }\nrequest:\n  required: true\n  content:\n    application/json:\n      schema: ${shape}\n${ok}`] as const;
const json = { 'content-type': 'application/json' };

describe('the compiled checks (issue 35, t35k D2)', () => {
  it('are bounded by the bytes of their code, the least recently used dropped first', async () => {
    const names = ['a', 'b', 'c', 'd'];
    const dir = await writeSpec(new Map([['purpose/_area.yaml', purpose], ...names.map((n) => post(n, `{ type: object, fields: { ${fields(40)} } }`))]));
    // One check's bytes, measured: the bound holds two of them and a half.
    const probe = await serve(dir);
    expect((await call(probe.origin, '/v1/a', { method: 'POST', headers: json, body: '{"f0":1}' })).status).toBe(422);
    const one = probe.mock.keptChecks().bytes;
    await probe.close();
    expect(one).toBeGreaterThan(1000);
    const served = await serve(dir, { checkBytes: Math.floor(one * 2.5) });
    try {
      for (const n of names) {
        const answer = await call(served.origin, `/v1/${n}`, { method: 'POST', headers: json, body: '{"f0":1}' });
        expect(answer.status).toBe(422);
        expect(served.mock.keptChecks().bytes).toBeLessThanOrEqual(Math.floor(one * 2.5));
      }
      const kept = served.mock.keptChecks();
      expect(kept.compiled).toBe(4);
      expect(kept.kept).toBe(2);
      // The first, dropped, is compiled again when called again: still refused as the spec says.
      expect((await call(served.origin, '/v1/a', { method: 'POST', headers: json, body: '{"f1":"toolong"}' })).status).toBe(422);
      expect(served.mock.keptChecks().compiled).toBe(5);
    } finally {
      await served.close();
    }
  });

  it('let go of the code of the checks they drop: the functions Ajv holds stay bounded however often clients cycle through more endpoints than the bound keeps (s10 D4)', async () => {
    // Ajv keeps every function it compiles for as long as it lives (`removeSchema` or not): with one
    // Ajv for good, each check dropped and compiled again added its code for good (GitHub's spec
    // called in turn took the mock past 500 MB). Counted in the Ajvs themselves, not in the bookkeeping.
    const names = ['a', 'b', 'c', 'd', 'e', 'f'];
    const dir = await writeSpec(new Map([['purpose/_area.yaml', purpose], ['resources/Item.yaml', 'description: I\nfields:\n  n: { type: integer, required: true }\n'], ...names.map((n) => post(n, `{ type: object, fields: { ${fields(40, ', item: { type: Item, required: false }')} } }`))]));
    const probe = await serve(dir);
    expect((await call(probe.origin, '/v1/a', { method: 'POST', headers: json, body: '{"f0":1}' })).status).toBe(422);
    const one = probe.mock.keptChecks();
    await probe.close();
    expect(one.functions).toBeGreaterThan(0);
    const bound = Math.floor(one.bytes * 2.5);
    const served = await serve(dir, { checkBytes: bound });
    try {
      for (let round = 0; round < 4; round++) {
        for (const n of names) {
          const answer = await call(served.origin, `/v1/${n}`, { method: 'POST', headers: json, body: '{"f0":1,"item":{"n":"x"}}' });
          expect(answer.status).toBe(422);
          expect(answer.text).toContain('item');
          const kept = served.mock.keptChecks();
          // The bound, with room for the one check just compiled.
          expect(kept.bytes).toBeLessThanOrEqual(bound + one.bytes);
          // What the Ajvs hold: no more than the checks the bound keeps (each with the resource's check it reaches).
          expect(kept.functions).toBeLessThanOrEqual(3 * one.functions);
        }
      }
      // Every call compiled its check again (six endpoints, a bound of two and a half): 24 compiled, a handful held.
      expect(served.mock.keptChecks().compiled).toBe(24);
    } finally {
      await served.close();
    }
  });

  it('are kept across an edit that leaves their schemas as they were, and dropped where an edit changes them', async () => {
    const dir = await writeSpec(new Map([
      ['purpose/_area.yaml', purpose],
      ['endpoints/ping.yaml', `method: GET\npath: /ping\nparameters: { none: None. }\n${ok}`],
      post('big', `{ type: object, fields: { ${fields(60)}, item: { type: Item, required: true } } }`),
      ['resources/Item.yaml', 'description: I\nfields:\n  n: { type: integer, required: true }\n'],
    ]));
    const served = await serve(dir);
    const reload = async () => served.mock.load(analyze(await readSpecDir(dir)));
    const wrong = { method: 'POST', headers: json, body: '{"item":{"n":"x"}}' };
    try {
      expect((await call(served.origin, '/v1/big', wrong)).status).toBe(422);
      const first = served.mock.keptChecks();
      expect(first.compiled).toBe(1);
      // An edit of another file: nothing compiled again.
      await appendFile(join(dir, 'endpoints/ping.yaml'), '# edited\n');
      await reload();
      expect((await call(served.origin, '/v1/big', wrong)).status).toBe(422);
      expect(served.mock.keptChecks()).toEqual(first);
      // An edit of the endpoint's shape: its old check dropped, the new one compiled and used.
      await writeFile(join(dir, 'endpoints/big.yaml'), post('big', `{ type: object, fields: { ${fields(60)}, item: { type: Item, required: true }, more: { type: string, required: true } } }`)[1]);
      await reload();
      const after = await call(served.origin, '/v1/big', { method: 'POST', headers: json, body: '{"item":{"n":1}}' });
      expect(after.status).toBe(422);
      expect(after.text).toContain('more');
      expect(served.mock.keptChecks()).toMatchObject({ kept: 1, compiled: 2 });
      // An edit of a resource its schema reaches: new checks altogether, of the resource as edited.
      await writeFile(join(dir, 'resources/Item.yaml'), 'description: I\nfields:\n  n: { type: string, required: true }\n');
      await reload();
      expect(served.mock.keptChecks()).toEqual({ kept: 0, bytes: 0, compiled: 0, functions: 0 });
      expect((await call(served.origin, '/v1/big', { method: 'POST', headers: json, body: '{"item":{"n":"x"},"more":"m"}' })).status).toBe(200);
    } finally {
      await served.close();
    }
  });
});

describe('the body thread, idle (s10 D4)', () => {
  it('is ended once idle, its memory given back, and started again for the next large body', async () => {
    // Kept for good, it held the core it loads and the heap the last large body grew it to (some
    // 120 MB: GitHub's spec served at 445 MB idle after one 6 MB body). Ended by default too.
    expect(BODY_THREAD.idleMs).toBeGreaterThan(0);
    let idle = () => undefined as void;
    let ended = new Promise<void>((done) => (idle = done));
    const sent: number[] = [];
    const dir = await writeSpec(new Map([['purpose/_area.yaml', purpose], post('big', '{ type: object, fields: { title: { type: string, required: true } } }')]));
    const mock = new Mock(analyze(await readSpecDir(dir)), {
      bodyThread: new URL('../../src/lib/index.ts', import.meta.url),
      bodyThreadBounds: { ...BODY_THREAD, idleMs: 0 },
      onBodyThreadIdle: () => idle(),
      onBodyThread: (bytes, thread) => void (thread === 'body' && sent.push(bytes)),
    });
    const s = mockServer(mock, () => undefined);
    await new Promise<void>((done) => s.listen(0, '127.0.0.1', done));
    const origin = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
    // Past the 1 MB a body is checked on the body thread from.
    const body = (title: unknown) => JSON.stringify({ title, pad: 'x'.repeat(1_200_000) });
    try {
      expect((await call(origin, '/v1/big', { method: 'POST', headers: json, body: body('t') })).status).toBe(200);
      await ended;
      ended = new Promise<void>((done) => (idle = done));
      // A thread started again checks as the first did.
      const wrong = await call(origin, '/v1/big', { method: 'POST', headers: json, body: body(1) });
      expect(wrong.status).toBe(422);
      expect(wrong.text).toContain('title');
      await ended;
      expect(sent).toHaveLength(2);
    } finally {
      mock.close();
      s.closeAllConnections();
      s.close();
    }
  }, 120_000);
});
