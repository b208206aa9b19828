import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSpec } from '../helpers.ts';
import { call, serve, type Served } from './harness.ts';

/**
 * Issue 35, t35j D1 and the recursion wording: a 3-line shape with `min_length: 40000000` made a
 * 40 MB body per call (1.5 s each, other clients waiting; four clients took the process to 1 GB).
 * A text longer than the mock makes is now refused before anything is made, as a list's
 * `min_items` past what the generator makes is: a 501 `cannot-make` naming the rule. Bodies of
 * mutually required resources (`A.b: B`, `B.a: A`) were said to have a shape that "states nothing
 * a body could be made from"; no finite body fits it, and the 501 says so. Through the real
 * loader, the command line's server and real HTTP.
 */
const purpose = 'name: Made\nbase_url: https://api.example.com/v1\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n';
const get = (name: string, response: string) => [`endpoints/${name}.yaml`, `title: ${name}\nmethod: GET\npath: /${name}\nparameters: { none: None. }\nresponses:\n  "200": ${response}\n`] as const;
const spec = new Map<string, string>([
  ['purpose/_area.yaml', purpose],
  // Past the bound, yet quick to make were it made: without the bound, a 200 with a 100 KB text.
  get('long', '{ content_type: application/json, schema: { type: object, fields: { s: { type: string, required: true, min_length: 100000 } } } }'),
  get('long-list', '{ content_type: application/json, schema: { type: array, min_items: 100, items: { type: string, min_length: 50000 } } }'),
  get('fits', '{ content_type: application/json, schema: { type: object, fields: { s: { type: string, required: true, min_length: 300 } } } }'),
  get('long-example', '{ content_type: application/json, schema: { type: object, fields: { s: { type: string, required: true, min_length: 100000 } } }, example: { s: short } }'),
  ['endpoints/head.yaml', 'title: Head\nmethod: GET\npath: /head\nparameters: { none: None. }\nresponses:\n  "200":\n    content_type: application/json\n    schema: { type: object, fields: { ok: { type: boolean, required: true } } }\n    example: { ok: true }\n    headers:\n      X-Long: { type: string, required: true, min_length: 100000 }\n      X-Kept: { type: string, required: true, examples: [yes] }\n'],
  ['resources/A.yaml', 'title: A\nfields:\n  b: { type: B, required: true }\n'],
  ['resources/B.yaml', 'title: B\nfields:\n  a: { type: A, required: true }\n'],
  get('a', '{ resource: A }'),
]);

describe('the mock (issue 35, t35j D1): texts longer than it makes, refused before they are made', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(await writeSpec(spec));
  });
  afterAll(() => served.close());

  it('answers a shape whose text must be longer than the mock makes with a 501 cannot-make naming the rule', async () => {
    const answer = await call(served.origin, '/v1/long');
    expect(answer.status).toBe(501);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    const p = answer.json as { type: string; detail: string; gaps?: unknown };
    expect(p.type).toMatch(/cannot-make$/);
    expect(p.gaps).toBeUndefined();
    expect(p.detail).toContain('`endpoints/long/responses/200/schema/fields/s` asks for a text of at least 100000 characters (min_length), longer than the 32000 the mock makes');
    expect(answer.text.length).toBeLessThan(2000);
  });

  it('refuses a list of such texts too, and still makes a text within the bound', async () => {
    const list = await call(served.origin, '/v1/long-list');
    expect(list.status).toBe(501);
    expect((list.json as { detail: string }).detail).toContain('at least 50000 characters (min_length)');
    const fits = await call(served.origin, '/v1/fits');
    expect(fits.status).toBe(200);
    expect((fits.json as { s: string }).s.length).toBe(300);
  });

  it('answers a stated example as stated, whatever its length asks', async () => {
    const answer = await call(served.origin, '/v1/long-example');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ s: 'short' });
  });

  it('leaves out a stated header whose text would be longer than the mock makes, and says so', async () => {
    const answer = await call(served.origin, '/v1/head');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-long')).toBeNull();
    expect(answer.headers.get('x-kept')).toBe('yes');
    expect(served.log.join('\n')).toContain('the header X-Long is not sent: `endpoints/head/responses/200/headers/X-Long` asks for a text of at least 100000 characters (min_length)');
  });

  it('says no finite body fits mutually required resources, naming the fields', async () => {
    const answer = await call(served.origin, '/v1/a');
    expect(answer.status).toBe(501);
    const detail = (answer.json as { detail: string }).detail;
    expect(detail).not.toContain('states nothing');
    expect(detail).toContain('no body of finite size fits its shape');
    expect(detail).toMatch(/`A\.b`|`B\.a`/);
  });
});
