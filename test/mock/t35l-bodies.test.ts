import { describe, expect, it } from 'vitest';
import { MAX_FORM_FIELDS, MAX_PARTS } from '../../src/lib/mock/cost.ts';
import { MAX_JSON_VALUES } from '../../src/lib/mock/validate.ts';
import { writeSpec } from '../helpers.ts';
import { call, startMock, type MockProcess } from './harness.ts';

/**
 * Issue 35, t35l: the worst request bodies the mock accepted under its 16 MB bound still took the
 * process to 555-930 MB, one parsed at a time (eight million numbers, two million members of new
 * names, a form of eight million fields, a multipart body of 370,000 parts: each value costs 40 to
 * 400 bytes once read). What a body would cost is now told from its bytes before it is read: more
 * than a million JSON values, 400,000 form fields or 200,000 multipart parts is a 413 of the mock's own
 * (`limit`, `unit`), and what is under it is read. Through a real `specbench mock` process (its body
 * thread reads the bodies over 1 MB) and real HTTP.
 */
const ok = 'responses:\n  "200": { content_type: application/json, schema: { type: object, fields: { ok: { type: boolean, required: true } } }, example: { ok: true } }\n';
const post = (name: string, content: string) =>
  [`endpoints/${name}.yaml`, `method: POST\npath: /${name}\nparameters: { none: None. }\nrequest:\n  required: true\n  content:\n    ${content}\n${ok}`] as const;
const spec = () =>
  writeSpec(
    new Map([
      ['purpose/_area.yaml', 'name: Bodies\nbase_url: https://api.example.com/v1\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n'],
      post('numbers', 'application/json: { schema: { type: array, items: { type: integer } } }'),
      post('members', 'application/json: { schema: { type: object } }'),
      post('form', 'application/x-www-form-urlencoded: { schema: { type: object } }'),
      post('parts', 'multipart/form-data: { schema: { type: object } }'),
    ]),
  );

/** `[0,0,…]` of `n` values in all (the array is one). */
const numbers = (n: number) => `[${Array(n - 1).fill('0').join(',')}]`;
/** `{"k0":0,…}`: each member a name and a value, the object one more. */
const members = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":0`).join(', ')}}`;
/** A form of `n` fields of one name. */
const form = (n: number) => Array(n).fill('a=1').join('&');
/** A multipart body of `n` parts. */
const parts = (n: number) => `${Array.from({ length: n }, (_, i) => `--b\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('')}--b--\r\n`;

/** A `specbench mock` process on the spec, stopped (and its exit checked) when `run` is done. */
async function withMock(run: (send: (path: string, type: string, body: string) => ReturnType<typeof call>, server: MockProcess) => Promise<void>): Promise<void> {
  const server = await startMock(['--spec', await spec(), '--no-cache']);
  try {
    await run((path, type, body) => call(server.url, path, { method: 'POST', headers: { 'content-type': type }, body }), server);
  } finally {
    expect(await server.stop()).toBe(0);
  }
}

describe('the mock (issue 35, t35l): what a body would cost to read, bounded before it is read', () => {
  it('refuses a JSON body of more than a million values (items, member names and values) with its own 413, and reads one of a million', () =>
    withMock(async (send) => {
      expect(MAX_JSON_VALUES).toBe(1_000_000);
      // 2 MB: read on the body thread.
      const over = await send('/numbers', 'application/json', numbers(1_000_001));
      expect(over.status).toBe(413);
      expect(over.json).toMatchObject({ type: 'urn:specbench:mock:too-large', endpoint: 'numbers', limit: 1_000_000, unit: 'values' });
      expect((over.json as { detail: string }).detail).toContain('The mock reads JSON bodies of 1000000 values at most (each item, member name and member value counts');
      expect((await send('/numbers', 'application/json', numbers(1_000_000))).status).toBe(200);
      // A member is its name and its value: 500,000 of them and the object pass the million.
      expect((await send('/members', 'application/json', members(500_000))).json).toMatchObject({ status: 413, unit: 'values' });
      expect((await send('/members', 'application/json', members(499_999))).status).toBe(200);
      // Strings and brackets inside strings are one value each, whatever they hold.
      expect((await send('/numbers', 'application/json', `["${'[0,'.repeat(400_000)}"]`)).status).toBe(422);
    }), 60_000);

  it('refuses a form of more than 400,000 fields, and a multipart body of more than 200,000 parts, with its own 413', () =>
    withMock(async (send, server) => {
      expect(MAX_FORM_FIELDS).toBe(400_000);
      expect(MAX_PARTS).toBe(200_000);
      const fields = await send('/form', 'application/x-www-form-urlencoded', form(400_001));
      expect(fields.status).toBe(413);
      expect(fields.json).toMatchObject({ endpoint: 'form', limit: 400_000, unit: 'fields' });
      expect((fields.json as { detail: string }).detail).toContain('The mock reads form bodies of 400000 fields at most');
      expect((await send('/form', 'application/x-www-form-urlencoded', form(400_000))).status).toBe(200);
      const many = await send('/parts', 'multipart/form-data; boundary=b', parts(200_001));
      expect(many.status).toBe(413);
      expect(many.json).toMatchObject({ endpoint: 'parts', limit: 200_000, unit: 'parts' });
      expect((await send('/parts', 'multipart/form-data; boundary="b"', parts(200_000))).status).toBe(200);
      // The log says each, as any answer.
      await server.line(/^POST \/v1\/parts -> 413 /);
    }), 60_000);

  it('refuses a body that would take its thread more than 96 MB to check (a form of 399,990 new names, 16 MB) with its own 413, and goes on reading the next', () =>
    withMock(async (send) => {
      // Under the bound on fields; each new name costs some 400 bytes read (a key of the object checked, a list).
      const names = Array.from({ length: 399_990 }, (_, n) => `${n.toString(36).padStart(12, 'f')}=${'v'.repeat(26)}`).join('&');
      const costly = await send('/form', 'application/x-www-form-urlencoded', names);
      expect(costly.status).toBe(413);
      expect(costly.json).toMatchObject({ endpoint: 'form', limit: 96, unit: 'MB of memory' });
      expect((costly.json as { detail: string }).detail).toContain('The mock reads request bodies that take 96 MB of memory at most to check');
      // A new thread reads the next body.
      expect((await send('/form', 'application/x-www-form-urlencoded', form(400_000))).status).toBe(200);
    }), 60_000);
});
