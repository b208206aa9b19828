import { describe, expect, it } from 'vitest';
import { analyze, Mock, readSpecDir } from '../../src/lib/index.ts';
import { MAX_WINDOWS, QuotaCounter } from '../../src/lib/mock/guards.ts';
import { fixture } from '../helpers.ts';

/**
 * Issue 35, t35i D2: the quota counters were keyed by the whole credential and kept every caller
 * for its window (an hour): 40,000 new 15 KB tokens took the mock to 747 MB. A caller is now kept
 * by a digest of its credential, and the callers kept are bounded: windows that have ended go,
 * then the oldest. Through the real loader and the mock's core on the complete fixture's quota
 * (1000 calls an hour per client on `GET /v1/orders/{id}`).
 */
describe('quota counters (issue 35, t35i D2)', () => {
  it('keep a fixed-size key per caller, and no more callers than the bound, however many new tokens come', async () => {
    const mock = new Mock(analyze(await readSpecDir(fixture('complete'))));
    const pad = 'a'.repeat(15_000);
    const callers = MAX_WINDOWS + 2_000;
    for (let i = 0; i < callers; i++) {
      const outcome = await mock.handle({ method: 'GET', url: '/v1/orders/6f1c2b1e-8d3a-4f7e-9a51-2b7f0d3c9e11', headers: { authorization: `Bearer ${i}-${pad}` }, body: new Uint8Array() });
      expect(outcome.response.status).toBe(200);
    }
    const keys = mock.quotaKeys();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.length).toBeLessThanOrEqual(MAX_WINDOWS);
    // No credential is kept: each key is the limit's and a digest's, whatever the token's size.
    expect(Math.max(...keys.map((k) => k.length))).toBeLessThan(200);
  });

  it('still count each caller on its own, and the same caller together', () => {
    const counter = new QuotaCounter(4);
    const quota = { id: 'q', quota: 2, windowSeconds: 60 };
    expect(counter.take(quota, 'a', 0).remaining).toBe(1);
    expect(counter.take(quota, 'b', 0).remaining).toBe(1);
    expect(counter.take(quota, 'a', 1).remaining).toBe(0);
    expect(counter.take(quota, 'a', 2).exceeded).toBe(true);
    // Past the bound, the windows that ended go first, then the oldest begun ('a', 'b'); the newest stay.
    for (const c of ['c', 'd', 'e', 'f']) counter.take(quota, c, 3);
    expect(counter.keys().length).toBeLessThanOrEqual(4);
    expect(counter.take(quota, 'f', 4).remaining).toBe(0);
    // An ended window is dropped before a live one.
    const ended = new QuotaCounter(2);
    ended.take({ id: 'short', quota: 1, windowSeconds: 1 }, 'x', 0);
    ended.take(quota, 'y', 0);
    ended.take(quota, 'z', 5_000);
    expect(ended.take(quota, 'y', 5_001).exceeded).toBe(false);
    expect(ended.take(quota, 'y', 5_002).exceeded).toBe(true);
  });
});
