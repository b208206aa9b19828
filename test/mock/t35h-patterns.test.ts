import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, writeSpec } from '../helpers.ts';
import { call, serve, startMock, type Served } from './harness.ts';

/**
 * Issue 35, t35h D2: the pattern time limit guarded each value, not the request: a body of many
 * values, each just under the limit, held every other client for the sum (20,000 values held
 * `GET /v1/ping` for 10 s; on the body thread, an unrelated body waited 8.75 s behind one). Each
 * request now has one budget for all its guarded pattern tests; once spent, the rest of its values
 * are not judged and the log says so. The tests set the per-value limit to a minute, so that no
 * value runs out of it, and the request's budget to a millisecond, so that the budget is what stops
 * the tests: the last value, which breaks the pattern, is then not judged (200), where every value
 * was judged before (422).
 */
const purpose = 'name: Patterns\nbase_url: https://api.example.com/v1\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n';
const ok = 'responses:\n  "200": { content_type: application/json, schema: { type: string, allowed: [ok] }, example: ok }\n';
// A lookahead RE2 cannot run: tested under the time limit.
const names = (name: string, where: string) => `method: POST\npath: /${name}\n${where}request:\n  required: true\n  content:\n    application/json:\n      schema:\n        type: object\n        fields:\n          names: { type: array, required: true, items: { type: string, pattern: "^(?=a)(?:(a|a)*c|a*)$" } }\n${ok}`;
const spec = new Map([
  ['purpose/_area.yaml', purpose],
  ['endpoints/_area.yaml', 'inventory: complete\n'],
  ['endpoints/pat.yaml', names('pat', 'parameters: { none: None. }\n')],
  ['endpoints/both.yaml', names('both', 'parameters:\n  query:\n    q: { type: array, items: { type: string, pattern: "^(?=a)(?:(a|a)*c|a*)$" } }\n')],
]);
/** Many values that each pass the pattern, then one that breaks it. */
const values = (count: number) => [...Array.from({ length: count }, () => 'a'.repeat(12)), 'zzz'];
const json = { 'content-type': 'application/json' };
const NOTE = /note: the request's 1 ms for testing its values against patterns ran out: the rest were not judged against "\^\(\?=a\)\(\?:\(a\|a\)\*c\|a\*\)\$"/;

describe('the mock (issue 35, t35h D2): one budget for the pattern tests of a request', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(await writeSpec(spec), { patternTimeLimit: 60_000, patternBudget: 1 });
  });
  afterAll(() => served.close());

  it('stops judging a body\'s values once the request\'s budget is spent, and the log says so', async () => {
    const answer = await call(served.origin, '/v1/pat', { method: 'POST', headers: json, body: JSON.stringify({ names: values(3000) }) });
    expect(answer.status).toBe(200);
    expect(served.log.join('\n')).toMatch(NOTE);
  });

  it('spends one budget across the parameters and the body of one request', async () => {
    const query = values(600).map((v) => `q=${v}`).join('&');
    const before = served.log.length;
    // The query's values spend the budget: the body's breaking value is not judged either.
    const answer = await call(served.origin, `/v1/both?${query}`, { method: 'POST', headers: json, body: JSON.stringify({ names: ['zzz'] }) });
    expect(answer.status).toBe(200);
    expect(served.log.slice(before).join('\n')).toMatch(NOTE);
  });

  it('judges every value when the budget is enough (a breaking value is refused)', async () => {
    const roomy = await serve(await writeSpec(spec), { patternTimeLimit: 60_000, patternBudget: 600_000 });
    try {
      const answer = await call(roomy.origin, '/v1/pat', { method: 'POST', headers: json, body: JSON.stringify({ names: values(50) }) });
      expect(answer.status).toBe(422);
      expect(roomy.log.join('\n')).not.toMatch(/ran out/);
    } finally {
      await roomy.close();
    }
  });

  it('gives a body checked on the body thread (past 1 MB) the same budget: its rest not judged, said in the log', async () => {
    const server = await startMock(['--spec', await writeSpec(spec), '--no-cache'], { SPECBENCH_PATTERN_TIME_LIMIT_MS: '60000', SPECBENCH_PATTERN_BUDGET_MS: '1' });
    try {
      const body = `${JSON.stringify({ names: values(5000) })}${' '.repeat(1024 * 1024)}`;
      const noted = server.line(NOTE);
      const answer = await call(server.url, '/pat', { method: 'POST', headers: json, body });
      expect(answer.status).toBe(200);
      await noted;
    } finally {
      await server.stop();
    }
  });

  it('refuses a budget that is no whole number of milliseconds from 1 to 600000', async () => {
    const { code, err } = await cli(['mock', '--spec', await writeSpec(spec), '--port', '0', '--no-cache'], { SPECBENCH_PATTERN_BUDGET_MS: '0' });
    expect(code).toBe(2);
    expect(err).toContain('SPECBENCH_PATTERN_BUDGET_MS takes whole milliseconds from 1 to 600000');
  });
});
