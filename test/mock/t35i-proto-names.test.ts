import { beforeAll, describe, expect, it } from 'vitest';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cli, specFrom, writeSpec } from '../helpers.ts';
import { call, serve, startMock } from './harness.ts';

/**
 * Issue 35, t35i D1: a name that is also a member of `Object.prototype` (`constructor`, `toString`,
 * `valueOf`...) written in a spec beside an unknown key (`minimun: 1`) crashed the loader's
 * "unknown key" diagnostic (it looked the name up in a zod shape, found Object.prototype's member),
 * so `check` and `mock` died with "internal error", and a running mock kept the old spec. Every
 * Object.prototype name, in every place a name is written, through the real loader; then the real
 * command line and a running mock.
 */
const NAMES = Object.getOwnPropertyNames(Object.prototype).filter((n) => n !== '__proto__');
const purpose = 'name: P\nbase_url: https://api.example.com/v1\npurpose: Tests names.\ndomain: Testing\nusers: [Tests]\n';
const ok = 'responses:\n  "200": { content_type: application/json, schema: { type: object, fields: { ok: { type: boolean } } } }\n';
const endpoint = (body: string) => `title: P\nmethod: GET\npath: /p\n${body}`;

/** Each place a name is written, holding `name` beside the unknown key `minimun`, as the file it is in. */
const PLACES: Record<string, (name: string) => Record<string, string>> = {
  'a response field': (n) => ({ 'endpoints/p.yaml': endpoint(`parameters: { none: None. }\nresponses:\n  "200": { schema: { type: object, fields: { ${n}: { type: integer, minimun: 1 } } } }\n`) }),
  'a resource field': (n) => ({ 'resources/R.yaml': `title: R\nfields:\n  ${n}: { type: string, exampel: x }\n` }),
  'a query parameter': (n) => ({ 'endpoints/p.yaml': endpoint(`parameters:\n  query:\n    ${n}: { type: integer, minimun: 1 }\n${ok}`) }),
  'a header parameter': (n) => ({ 'endpoints/p.yaml': endpoint(`parameters:\n  header:\n    ${n}: { type: string, minimun: 1 }\n${ok}`) }),
  'a path parameter': (n) => ({ 'endpoints/p.yaml': `title: P\nmethod: GET\npath: /p/{${n}}\nparameters:\n  path:\n    ${n}: { type: string, minimun: 1 }\n${ok}` }),
  'a request field': (n) => ({ 'endpoints/p.yaml': `title: P\nmethod: POST\npath: /p\nparameters: { none: None. }\nrequest:\n  content_type: application/json\n  schema: { type: object, fields: { ${n}: { type: integer, minimun: 1 } } }\n${ok}` }),
  'a response header': (n) => ({ 'endpoints/p.yaml': endpoint(`parameters: { none: None. }\nresponses:\n  "200": { content_type: application/json, headers: { ${n}: { type: string, minimun: 1 } } }\n`) }),
  'a named example': (n) => ({ 'endpoints/p.yaml': endpoint(`parameters:\n  query:\n    q: { type: string, named_examples: { ${n}: { value: a, sumary: typo } } }\n${ok}`) }),
  'an unknown key itself': (n) => ({ 'endpoints/p.yaml': endpoint(`parameters:\n  query:\n    q: { type: integer, ${n}: 1 }\n${ok}`) }),
  'an unknown key of a response': (n) => ({ 'endpoints/p.yaml': endpoint(`parameters: { none: None. }\nresponses:\n  "200": { content_type: application/json, ${n}: { type: integer } }\n`) }),
  'an unknown key of a file': (n) => ({ 'endpoints/p.yaml': endpoint(`parameters: { none: None. }\n${ok}${n}: { a: 1 }\n`) }),
  'an item id': (n) => ({ [`resources/${n}.yaml`]: 'title: R\nfields:\n  a: { type: string, exampel: x }\n' }),
};

describe('a name that is an Object.prototype member (issue 35, t35i D1)', () => {
  for (const [place, files] of Object.entries(PLACES)) {
    it(`is read like any other name as ${place}: the unknown key beside it is reported, no crash`, () => {
      for (const name of NAMES) {
        const analysis = specFrom({ 'purpose/_area.yaml': purpose, ...files(name) });
        const unknown = analysis.diagnostics.filter((d) => d.code === 'unknown-key');
        // A name that is no item id (`__defineGetter__`) is said so, and the file read no further.
        if (place === 'an item id' && name.startsWith('_')) {
          expect(analysis.diagnostics.map((d) => d.message).join('\n'), name).toContain('is not a valid item id');
          continue;
        }
        expect(unknown.length, `${place} ${name}: ${JSON.stringify(analysis.diagnostics.map((d) => d.message))}`).toBeGreaterThan(0);
        expect(unknown.every((d) => d.line !== undefined && d.file.length > 0), `${place} ${name}`).toBe(true);
      }
    });
  }
});

describe('check and a running mock on such a name (issue 35, t35i D1)', () => {
  const bad = endpoint('parameters: { none: None. }\nresponses:\n  "200": { schema: { type: object, fields: { constructor: { type: integer, minimun: 1 } } } }\n');
  let dir: string;
  beforeAll(async () => {
    dir = await writeSpec(new Map([['purpose/_area.yaml', purpose], ['endpoints/ping.yaml', `title: Ping\nmethod: GET\npath: /ping\nparameters: { none: None. }\n${ok}`]]));
  });

  it('check reports unknown-key at its line, not an internal error', async () => {
    const bad2 = await writeSpec(new Map([['purpose/_area.yaml', purpose], ['endpoints/p.yaml', bad]]));
    const result = await cli(['check', '--spec', bad2]);
    expect(result.err + result.out).not.toContain('internal error');
    expect(result.out + result.err).toMatch(/endpoints\/p\.yaml:6:76 error unknown-key Unknown key `minimun` in `responses\.200\.schema\.fields\.constructor`/);
    expect(result.code).toBe(1);
  });

  it('a running mock answers 503 spec-unreadable for the edit, not the spec before it', async () => {
    const mock = await startMock(['--spec', dir]);
    expect((await call(mock.origin, '/v1/ping')).status).toBe(200);
    await writeFile(join(dir, 'endpoints', 'p.yaml'), bad);
    const answer = await call(mock.origin, '/v1/p');
    expect(answer.status).toBe(503);
    expect(answer.json).toMatchObject({ type: expect.stringContaining('spec-unreadable') });
    expect(mock.stdout() + mock.stderr()).not.toContain("reading 'def'");
    await mock.stop();
  });
});

describe('an edit the spec cannot be read with at all (issue 35, t35i D1)', () => {
  it('is a 503 spec-unreadable naming the files until a reading succeeds, never the spec before the edit', async () => {
    const dir = await writeSpec(new Map([['purpose/_area.yaml', purpose], ['endpoints/ping.yaml', `title: Ping\nmethod: GET\npath: /ping\nparameters: { none: None. }\n${ok}`]]));
    const served = await serve(dir);
    expect((await call(served.origin, '/v1/ping')).status).toBe(200);
    // What the command line does when the workspace's reading of an edit throws.
    served.mock.unreadEdit(['endpoints/p.yaml'], 'the reading failed');
    const refused = await call(served.origin, '/v1/ping');
    expect(refused.status).toBe(503);
    expect(refused.json).toMatchObject({ type: expect.stringContaining('spec-unreadable'), errors: [{ file: 'endpoints/p.yaml', code: 'internal-error' }] });
    served.mock.load(specFrom({ 'purpose/_area.yaml': purpose, 'endpoints/ping.yaml': `title: Ping\nmethod: GET\npath: /ping\nparameters: { none: None. }\n${ok}` }));
    expect((await call(served.origin, '/v1/ping')).status).toBe(200);
    await served.close();
  });
});
