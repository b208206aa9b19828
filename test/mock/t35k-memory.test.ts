import { appendFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, readSpecDir } from '../../src/lib/index.ts';
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
      expect(served.mock.keptChecks()).toEqual({ kept: 0, bytes: 0, compiled: 0 });
      expect((await call(served.origin, '/v1/big', { method: 'POST', headers: json, body: '{"item":{"n":"x"},"more":"m"}' })).status).toBe(200);
    } finally {
      await served.close();
    }
  });
});
