import { mkdtemp, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeSpec } from '../helpers.ts';
import { call, startMock } from './harness.ts';

/**
 * Issue 35, t35j minor: a quota's windows were kept by its numbers, so an edit of `quota: 2` to `5`
 * while serving started the count again (`r=4`), and undoing the edit brought the old window back,
 * with nothing said. A window is now the limit's: the calls counted in it stay, against the edited
 * numbers, and the log names the quota whose numbers changed. Through the real command line, a
 * real edit of the spec folder and real HTTP.
 */
const spec = () =>
  writeSpec(
    new Map([
      ['purpose/_area.yaml', 'name: Quotas\nbase_url: https://api.example.com/v1\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n'],
      ['limits/_area.yaml', 'quotas: complete\nsize_bounds: complete\ntimeouts: { none: None. }\nheaders: [RateLimit, RateLimit-Policy]\n'],
      ['limits/q.yaml', 'kind: quota\nquota: 2\nwindow: PT1H\n'],
      [
        'endpoints/ping.yaml',
        'method: GET\npath: /ping\nlimits: [q]\nparameters: { none: None. }\nresponses:\n  "200": { content_type: application/json, schema: { type: object, fields: { ok: { type: boolean, required: true } } }, example: { ok: true } }\n',
      ],
      ['endpoints/other.yaml', 'method: GET\npath: /other\nparameters: { none: None. }\nresponses:\n  "204": { none: No body. }\n'],
    ]),
  );

/** Writes a file whole at once (beside, then renamed into place): the server never reads half of it. */
async function replaceFile(path: string, text: string): Promise<void> {
  const aside = join(await mkdtemp(join(tmpdir(), 'specbench-edit-')), 'file.yaml');
  await writeFile(aside, text);
  await rename(aside, path);
}

describe('the mock (issue 35, t35l): a quota edited while serving', () => {
  it('keeps the calls counted for a quota whatever edit comes, counts them against its new numbers, and says so in the log', async () => {
    const dir = await spec();
    const server = await startMock(['--spec', dir, '--no-cache']);
    try {
      const ping = () => call(server.origin, '/v1/ping');
      expect((await ping()).headers.get('ratelimit')).toBe('"q";r=1;t=3600');
      expect((await ping()).status).toBe(200);
      expect((await ping()).status).toBe(429);

      // An edit elsewhere: the quota is unchanged, and so is its count.
      let from = server.stdout().length;
      await replaceFile(join(dir, 'endpoints', 'other.yaml'), 'method: GET\npath: /other2\nparameters: { none: None. }\nresponses:\n  "204": { none: No body. }\n');
      await server.line(/^specbench mock: reloaded after a change to endpoints\/other\.yaml/, from);
      expect((await ping()).status).toBe(429);
      expect(server.stdout().slice(from)).not.toContain('the quota');

      // Its count edited from 2 to 5: the two calls counted stay, three are left (the count started again: `r=4`).
      from = server.stdout().length;
      await replaceFile(join(dir, 'limits', 'q.yaml'), 'kind: quota\nquota: 5\nwindow: PT1H\n');
      await server.line(/^specbench mock: reloaded after a change to limits\/q\.yaml/, from);
      const note = await server.line(/^ {2}note: the quota `q` now allows 5 calls per 3600 s/, from);
      expect(note).toContain('(it allowed 2 per 3600 s): the calls its callers made in windows already begun still count, against the new numbers');
      const after = await ping();
      expect(after.status).toBe(200);
      expect(after.headers.get('ratelimit')).toMatch(/^"q";r=2;t=\d+$/);
      expect(after.headers.get('ratelimit-policy')).toBe('"q";q=5;w=3600');

      // Undone: three calls counted, two allowed; never the old window's count brought back.
      from = server.stdout().length;
      await replaceFile(join(dir, 'limits', 'q.yaml'), 'kind: quota\nquota: 4\nwindow: PT1H\n');
      await server.line(/^ {2}note: the quota `q` now allows 4 calls per 3600 s \(it allowed 5 per 3600 s\)/, from);
      const fourth = await ping();
      expect(fourth.status).toBe(200);
      expect(fourth.headers.get('ratelimit')).toMatch(/^"q";r=0;t=\d+$/);
      expect((await ping()).status).toBe(429);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 120_000);
});
