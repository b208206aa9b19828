import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { PREPARED_BYTES } from '../../src/lib/mock/mock.ts';
import { writeSpec } from '../helpers.ts';
import { call, serve } from './harness.ts';
import { hostileSpec } from './specs.ts';

// The collector, to count what the mock holds rather than what is not collected yet.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

describe('what the mock keeps of the answers it made', () => {
  it('holds a bounded amount of bodies whatever the Accept values clients send (a 1 MB example asked for 120 ways)', async () => {
    const served = await serve(await hostileSpec());
    try {
      gc();
      const before = process.memoryUsage().arrayBuffers;
      for (let i = 0; i < 120; i++) {
        const answer = await call(served.origin, '/weird', { headers: { accept: `application/json, x-made-up/${i}` } });
        expect(answer.status).toBe(200);
        expect(answer.text.length).toBeGreaterThan(1_000_000);
      }
      gc();
      const held = process.memoryUsage().arrayBuffers - before;
      // At most `PREPARED_BYTES` (16 MB) of bodies kept, and slack for the sockets' and the collector's
      // buffers (35 MB held was seen at load 27, with the bound kept); keeping every answer held 120 MB.
      expect(held).toBeLessThan(PREPARED_BYTES + 40 * 1024 * 1024);
      expect(served.mock.preparedAnswers().bytes).toBeLessThanOrEqual(PREPARED_BYTES);
    } finally {
      await served.close();
    }
  });

  it('keeps the answers most recently used within its bound of bytes, letting the least recently used go (issue 35, s10 D4)', async () => {
    // Kept until the bound was met and then never let go, the first answers made stayed for good
    // (64 MB of copies of one example); now the bound is smaller and the oldest answer goes for a new one.
    const purpose = 'name: Kept\nbase_url: https://api.example.com/v1\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n';
    const names = ['a', 'b', 'c', 'd', 'e'];
    const endpoint = (n: string) => [`endpoints/${n}.yaml`, `method: GET\npath: /${n}\nparameters: { none: None. }\nresponses:\n  "200": { content_type: application/json, schema: { type: string }, example: "${n.repeat(10_000)}" }\n`] as const;
    const dir = await writeSpec(new Map([['purpose/_area.yaml', purpose], ...names.map(endpoint)]));
    // One body is 10,002 bytes (its JSON): the bound holds two and a half.
    const bound = 25_000;
    const served = await serve(dir, { preparedBytes: bound });
    try {
      for (const n of names) {
        const answer = await call(served.origin, `/v1/${n}`);
        expect(answer.status).toBe(200);
        expect(JSON.parse(answer.text)).toBe(n.repeat(10_000));
        expect(served.mock.preparedAnswers().bytes).toBeLessThanOrEqual(bound);
      }
      expect(served.mock.preparedAnswers()).toEqual({ endpoints: ['d', 'e'], bytes: 20_004 });
      // `d` used again is kept over `e`: the next new answer lets `e` go, and `d` stays.
      expect(JSON.parse((await call(served.origin, '/v1/d')).text)).toBe('d'.repeat(10_000));
      expect(JSON.parse((await call(served.origin, '/v1/a')).text)).toBe('a'.repeat(10_000));
      expect(served.mock.preparedAnswers()).toEqual({ endpoints: ['d', 'a'], bytes: 20_004 });
      // Every answer is still right once let go and made again.
      for (const n of names) expect(JSON.parse((await call(served.origin, `/v1/${n}`)).text)).toBe(n.repeat(10_000));
    } finally {
      await served.close();
    }
  });
});
