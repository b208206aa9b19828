import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSpec } from '../helpers.ts';
import { call, serve, type Served } from './harness.ts';

/**
 * Issue 35, t35j D3: once one text ran out of time on a guarded pattern, texts at least as long
 * went unchecked against it for every client for the life of the server (`!` × 41, refused in a
 * microsecond, was let through after one slow `a` × 40 + `b`), and the log said so once only. The
 * skip now expires (`SKIP_MS` on the mock's clock, which the test moves: no waiting), and each
 * call let through is said, at most once per pattern per `SLOW_NOTE_MS` with a count of the rest.
 * Through the real loader, the command line's server and real HTTP.
 */
const purpose = 'name: Patterns\nbase_url: https://api.example.com/v1\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n';
// A lookahead RE2 cannot run, and an alternative under a star: tested under the time limit.
const spec = new Map<string, string>([
  ['purpose/_area.yaml', purpose],
  ['endpoints/u.yaml', 'title: U\nmethod: GET\npath: /u\nparameters:\n  query:\n    s: { type: string, pattern: "^(?=a)(a|a)*$" }\nresponses:\n  "200": { content_type: application/json, schema: { type: object, fields: { ok: { type: boolean, required: true } } }, example: { ok: true } }\n'],
]);
const bangs = `/v1/u?s=${'!'.repeat(41)}`;
// Backtracks 2^40 ways before failing: runs out of any time limit.
const slow = `/v1/u?s=${'a'.repeat(40)}b`;
const LET_THROUGH = /a text of 41 characters was let through unchecked against the pattern "\^\(\?=a\)\(a\|a\)\*\$"/;

describe('the mock (issue 35, t35j D3): a slow pattern\'s skip expires, and each call let through is said', () => {
  let served: Served;
  let clock = 1_000_000;
  beforeAll(async () => {
    // A time limit of 1 s, not 50 ms: the texts that must be judged (`!` × 41, refused in a microsecond) are judged on a busy machine too.
    served = await serve(await writeSpec(spec), { now: () => clock, patternTimeLimit: 1000 });
  });
  afterAll(() => served.close());
  const since = (from: number) => served.log.slice(from).join('\n');

  it('refuses, lets through while the skip lasts (saying so, bounded), then refuses again once it expired', async () => {
    expect((await call(served.origin, bangs)).status).toBe(400);
    let from = served.log.length;
    expect((await call(served.origin, slow)).status).toBe(200);
    expect(since(from)).toMatch(/took too long to test on a text of 41 characters and was not judged; for 10 s, texts at least as long are let through unchecked/);

    // Let through while the skip lasts: the call is said.
    from = served.log.length;
    expect((await call(served.origin, bangs)).status).toBe(200);
    expect(since(from)).toMatch(LET_THROUGH);
    // The next in the same 10 s is only counted.
    from = served.log.length;
    expect((await call(served.origin, bangs)).status).toBe(200);
    expect(since(from)).not.toMatch(/let through unchecked/);

    // The skip expired: judged again, and refused.
    clock += 10_001;
    expect((await call(served.origin, bangs)).status).toBe(400);

    // Another slow text starts another skip; the call let through then says the one counted before.
    expect((await call(served.origin, slow)).status).toBe(200);
    from = served.log.length;
    expect((await call(served.origin, bangs)).status).toBe(200);
    expect(since(from)).toMatch(/let through unchecked against the pattern "\^\(\?=a\)\(a\|a\)\*\$" \(and 1 more since this was last said\)/);
  });
});
