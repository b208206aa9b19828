import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { writeSpec } from '../helpers.ts';
import { startMock } from './harness.ts';

/**
 * Issue 35, t35h D4: SIGTERM while a large body is checked on the body thread. The client's
 * connection was reset with no answer, the exit waited for the check, and the log said
 * `-> 500` after `stopped`. Now the client gets a 503 of type `stopping` and nothing is logged
 * after `stopped`. What proves the body reached the thread is the mock's own debug line
 * (`SPECBENCH_MOCK_DEBUG=1`), printed as the body is sent there: an event, never a wait.
 */
const purpose = 'name: Shutdown\nbase_url: https://api.example.com/v1\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n';
const ok = 'responses:\n  "200": { content_type: application/json, schema: { type: string, allowed: [ok] }, example: ok }\n';
const spec = new Map([
  ['purpose/_area.yaml', purpose],
  ['endpoints/_area.yaml', 'inventory: complete\n'],
  // A lookahead RE2 cannot run, tested under the time limit (a minute here): the first value holds the thread that long.
  ['endpoints/slow.yaml', `method: POST\npath: /slow\nparameters: { none: None. }\nrequest:\n  required: true\n  content_type: application/json\n  schema:\n    type: array\n    items: { type: object, fields: { s: { type: string, required: true, pattern: "^(?=(a+)+$)" } } }\n${ok}`],
]);

/** A POST of `body`, answered whole: its status and body, or the error that ended it. */
function post(url: string, body: string): Promise<{ status: number; text: string } | { error: string }> {
  return new Promise((done) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, text }));
      res.on('error', (error) => done({ error: error.message }));
    });
    req.on('error', (error) => done({ error: error.message }));
    req.end(body);
  });
}

describe('the mock (issue 35, t35h D4): stopped while a large body is checked', () => {
  it('answers the body being checked with a 503 `stopping`, and logs nothing after `stopped`', async () => {
    const server = await startMock(['--spec', await writeSpec(spec), '--no-cache'], { SPECBENCH_PATTERN_TIME_LIMIT_MS: '60000', SPECBENCH_PATTERN_BUDGET_MS: '600000', SPECBENCH_MOCK_DEBUG: '1' });
    const slow = JSON.stringify([{ s: `${'a'.repeat(40)}!` }, ...Array.from({ length: 100_000 }, () => ({ s: 'aaa' }))]);
    const from = server.stdout().length;
    const answer = post(`${server.url}/slow`, slow);
    await server.line(/^specbench mock: debug: a body of \d+ bytes is being checked on the body thread$/, from);
    expect(await server.stop('SIGTERM')).toBe(0);
    const got = await answer;
    expect(got).toMatchObject({ status: 503 });
    expect('text' in got ? got.text : '').toContain('urn:specbench:mock:stopping');
    const out = server.stdout();
    const stopped = out.indexOf('specbench mock: stopped (SIGTERM)');
    expect(stopped).toBeGreaterThan(0);
    expect(out.slice(from, stopped)).toMatch(/^POST \/v1\/slow -> 503 /m);
    expect(out.slice(stopped)).toBe('specbench mock: stopped (SIGTERM)\n');
  }, 120_000);
});
