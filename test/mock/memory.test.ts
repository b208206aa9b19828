import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
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
      // At most 64 MB of bodies kept (and some slack for the sockets' buffers); every one of them was 120 MB.
      expect(held).toBeLessThan(80 * 1024 * 1024);
    } finally {
      await served.close();
    }
  });
});
