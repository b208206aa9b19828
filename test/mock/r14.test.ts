import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockOf as block, fixture, itemOf as item, scratchCopy, siteViews, specAt } from '../helpers.ts';
import { call, serve, type Served } from './harness.ts';

/**
 * The r14 review (session 14) of the example generator's patterns: a pattern the made text is
 * tested against (H1: a lookahead, and a length that makes a near miss V8 backtracks on without
 * end) or that randexp walks (H2: nested counted repetitions, a thousand million steps) held the
 * mock and the pages. Through the real loader, the site's views and the real mock over HTTP
 * (test/fixtures/mock/r14-hostile-patterns, each file headed with its origin); a hang fails by the
 * suite's time limit.
 */
const DIR = fixture('mock/r14-hostile-patterns');

describe('patterns that held the example generator without end (r14 H1, H2)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(DIR);
  });
  afterAll(() => served.close());

  it('the mock answers them, 501 naming the field no text was made for, and answers the next call as well', async () => {
    for (const path of ['/v1/code', '/v1/walk']) {
      const answer = await call(served.origin, path);
      expect(answer.status, path).toBe(501);
      expect(answer.text, path).toContain('code');
    }
    // The contrast: a pattern with `.` (RE2 runs it spelt as JavaScript reads it, so no time limit can leave it unjudged on a busy machine) gets its text.
    const dotted = await call(served.origin, '/v1/dotted');
    expect(dotted.status).toBe(200);
    expect((dotted.json as { code: string }).code).toMatch(/^ab.c$/u);
  });

  it('the pages leave the field out of the example and say why, and give the contrast its text', async () => {
    const views = siteViews(await specAt(DIR));
    for (const id of ['get-code', 'get-walk']) {
      const body = block(item(views, 'endpoints', id), 'responses')?.responses[0]?.body;
      expect(body?.examples ?? [], id).toEqual([]);
      expect(JSON.stringify(body), id).toContain('pattern');
    }
    const dotted = block(item(views, 'endpoints', 'get-dotted'), 'responses')?.responses[0]?.body.examples[0]?.text ?? '';
    expect((JSON.parse(dotted) as { code: string }).code).toMatch(/^ab.c$/u);
  });
});

describe('an endpoint on its own server at the path of a service endpoint (r14 H3)', () => {
  let served: Served;
  beforeAll(async () => {
    // The complete fixture states `GET /orders` (list-orders) under its base `/v1`; purge-orders states `DELETE /orders` on `https://admin.example.com/v1`.
    const dir = await scratchCopy(fixture('complete'));
    await writeFile(
      join(dir, 'endpoints', 'purge-orders.yaml'),
      '# From the r14 review H3 (session 14).\ntitle: Purge orders on the admin host\nmethod: DELETE\npath: /orders\nparameters: { none: Takes no parameters. }\nresponses:\n  "204": { description: Purged. }\nsecurity: { none: Open. }\nservers:\n  - url: https://admin.example.com/v1\n',
    );
    served = await serve(dir, { auth: false });
  });
  afterAll(() => served.close());

  it('answers the service\'s GET as stated, and the own DELETE on its own server\'s path', async () => {
    const list = await call(served.origin, '/v1/orders');
    expect(list.status, list.text).toBe(200);
    const purge = await call(served.origin, '/v1/orders', { method: 'DELETE' });
    expect(purge.status, purge.text).toBe(204);
  });
});
