import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, fixture } from '../helpers.ts';
import { call, serve, type Served } from './harness.ts';

/**
 * Issue 35, fixes of t35s (session 12) N4, N8, N9, N5, N6: the mock's made bodies. Each through the
 * real loader and the command line's node:http server on a free port, over real HTTP; the specs are
 * the tester's repro specs (test/fixtures/mock/t35s-*, each file headed with its origin).
 */

describe('optional fields do not spend the budget a required one needs (t35s N4)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35s-budget'));
  });
  afterAll(() => served.close());

  it('answers 700 optional fields before a required `id` with a body that has `id`', async () => {
    const answer = await call(served.origin, '/n1/wide5');
    expect(answer.status).toBe(200);
    const body = answer.json as Record<string, unknown>;
    expect(body.id).toBe('string');
    // Every member is one the shape states.
    expect(Object.keys(body).every((k) => k === 'id' || /^field_with_a_long_name_number_\d{4}$/.test(k))).toBe(true);
    expect(answer.text.length).toBeLessThanOrEqual(32000);
  });

  it('answers the same fields with open patterns (left out, named) with `id` alone', async () => {
    const answer = await call(served.origin, '/n1/wide');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ id: 'string' });
    expect(answer.gaps).toContain('resources/Wide/fields/field_with_a_long_name_number_0000/pattern');
  });

  it('makes the required sibling of a required object whose optional fields fill the budget, leaving the optional ones out', async () => {
    const answer = await call(served.origin, '/n1/nested');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ inner: { id: 'string' }, after: 3 });
    expect(served.log.some((l) => /leaves its optional fields out/.test(l))).toBe(true);
  });
});

describe('a stated discriminator picks the variant (t35s N8)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35s-discriminator'));
  });
  afterAll(() => served.close());
  const post = (path: string, body: string) => call(served.origin, `/n1${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('takes a request whose discriminator maps to a variant that takes it', async () => {
    expect((await post('/pay', '{"kind":"card"}')).status).toBe(204);
    expect((await post('/pay', '{"kind":"bank","iban":"DE00"}')).status).toBe(204);
  });

  it('refuses a value the discriminator does not map, and a value that lacks what its picked variant requires, naming the field', async () => {
    expect((await post('/pay', '{"kind":"cash"}')).status).toBe(422);
    expect((await post('/payr', '{"kind":"CardR","last4":"1234"}')).status).toBe(204);
    const wrong = await post('/payr', '{"kind":"BankR","last4":"1234"}');
    expect(wrong.status).toBe(422);
    expect(wrong.text).toContain('iban');
    expect(wrong.text).toContain('resources/BankR.yaml');
  });

  it('answers the union with a body of the variant its discriminator names', async () => {
    const answer = await call(served.origin, '/n1/pay');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ kind: 'card', last4: 'string' });
  });

  it('`check` says the variants are not told apart by their shapes, at the discriminator\'s field', async () => {
    const { out } = await cli(['check', '--spec', fixture('mock/t35s-discriminator'), '--format', 'json']);
    const found = (JSON.parse(out) as { diagnostics: Array<{ file: string; line: number; column: number; code: string; message: string }> }).diagnostics.filter((d) => d.file === 'resources/Pay.yaml');
    expect(found.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`)).toEqual(['resources/Pay.yaml:5:27 discriminator-overlap']);
    expect(found[0]?.message).toContain('`CardP` (`allowed: [card]`), `BankP` (`allowed: [bank]`)');
  });
});

describe('a quota of `window: PT0S` (t35s N9)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35s-window'));
  });
  afterAll(() => served.close());

  it('`check` refuses the zero window where it is written', async () => {
    const { out } = await cli(['check', '--spec', fixture('mock/t35s-window'), '--format', 'json']);
    const found = (JSON.parse(out) as { diagnostics: Array<{ file: string; line: number; column: number; severity: string; message: string }> }).diagnostics;
    expect(found.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity}`)).toEqual(['limits/glob.yaml:5:9 error']);
    expect(found[0]?.message).toContain('expected a window longer than zero');
  });

  it('the mock lets no call through as if the quota counted it: 503 naming the line', async () => {
    const answer = await call(served.origin, '/n2/q/glob');
    expect(answer.status).toBe(503);
    expect(answer.text).toContain('limits/glob.yaml');
    expect((answer.json as { errors: Array<{ line: number; column: number }> }).errors.map((e) => `${e.line}:${e.column}`)).toEqual(['5:9']);
  });
});

describe('a stated example of a body\'s shape that breaks its format (t35s N5)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35s-shapes'));
  });
  afterAll(() => served.close());

  it.each([
    ['/t9', '2024-02-30'],
    ['/t23', '2024-01-01T25:00:00Z'],
  ])('answers %s with its stated example as stated, and the log says it breaks its shape', async (path, stated) => {
    const answer = await call(served.origin, `/n1${path}`);
    expect(answer.status).toBe(200);
    expect(answer.json).toBe(stated);
    expect(served.log.some((l) => l.includes(`the stated example of the shape of`) && l.includes('breaks its own shape'))).toBe(true);
  });
});

describe('shapes an easy body fits, which the generator gave up on (t35s N6)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(fixture('mock/t35s-shapes'));
  });
  afterAll(() => served.close());

  it('makes two booleans that differ for a unique list of at least two', async () => {
    const answer = await call(served.origin, '/n1/t6');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual([true, false]);
  });

  it('picks the allowed value the pattern takes', async () => {
    const answer = await call(served.origin, '/n1/t24');
    expect(answer.status).toBe(200);
    expect(answer.json).toBe('b');
  });

  it.each([
    ['/t25', /^[^@]+@[a-z.]+$/, 40, Infinity],
    ['/t19', /^[a-z]+(\.[a-z]+)+$/, 70, Infinity],
    ['/t18', /^P/, 0, 3],
  ])('makes a text of the format within its lengths (%s)', async (path, form, least, most) => {
    const answer = await call(served.origin, `/n1${path}`);
    expect(answer.status).toBe(200);
    const text = answer.json as string;
    expect(text).toMatch(form);
    expect(text.length).toBeGreaterThanOrEqual(least);
    expect(text.length).toBeLessThanOrEqual(most);
  });
});
