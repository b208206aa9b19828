import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiskCache } from '../../src/cli/cache.ts';
import { sealFile, sealLine } from '../../src/cli/cache-seal.ts';
import { checkBody } from '../../src/lib/mock/body-read.ts';
import { PatternBudget } from '../../src/lib/mock/patterns.ts';
import { Validators } from '../../src/lib/mock/validators.ts';
import { writeSpec } from '../helpers.ts';
import { call, serve } from './harness.ts';

/**
 * Issue 35, memory (f35f). The lines of a refusal come from the spec's files parsed for their
 * positions, some ten times their text in memory; every file a refusal named stayed parsed for
 * good (under load across GitHub's 1,223 endpoints, some 80 MB). They are kept within a bound of
 * their text now, the least recently used let go first, and the lines stay right once a file let
 * go is parsed again.
 */
const names = ['a', 'b', 'c', 'd', 'e'];
/** Each endpoint's file is padded to some 2,000 characters with a long description. */
const endpoint = (n: string) =>
  [
    `endpoints/${n}.yaml`,
    `title: Post ${n}\ndescription: ${'x'.repeat(1800)}\nmethod: POST\npath: /${n}\nparameters: { none: None. }\nrequest:\n  required: true\n  content:\n    application/json:\n      schema:\n        type: object\n        fields:\n          name: { type: string, required: true, max_length: 3 }\nresponses:\n  "204": { none: No body. }\n`,
  ] as const;
const spec = () => writeSpec(new Map([['purpose/_area.yaml', 'name: Kept\nbase_url: https://api.example.com/v1\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n'], ...names.map(endpoint)]));

describe('the files parsed for the lines of refusals (issue 35, f35f)', () => {
  it('are kept within their bound of text, the least recently used let go, and the lines stay right', async () => {
    const dir = await spec();
    // Each file is some 2,100 characters: the bound holds two of them.
    const bound = 5000;
    const served = await serve(dir, { locatorText: bound });
    try {
      const refuse = async (n: string) => {
        const answer = await call(served.origin, `/v1/${n}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'toolong' }) });
        expect(answer.status).toBe(422);
        return JSON.stringify(answer.json);
      };
      const first = new Map<string, string>();
      for (const n of names) {
        const problem = await refuse(n);
        // The line of `max_length` in that endpoint's file.
        expect(problem).toContain(`"file":"endpoints/${n}.yaml","line":13,"column":61`);
        first.set(n, problem);
        expect(served.mock.locatedFiles().text).toBeLessThanOrEqual(bound);
      }
      expect(served.mock.locatedFiles().files).toEqual(['endpoints/d.yaml', 'endpoints/e.yaml']);
      // `d` used again is kept over `e`: the next file parsed lets `e` go.
      expect(await refuse('d')).toBe(first.get('d'));
      expect(await refuse('a')).toBe(first.get('a'));
      expect(served.mock.locatedFiles().files).toEqual(['endpoints/d.yaml', 'endpoints/a.yaml']);
      // Every refusal names the same line once its file is parsed again.
      for (const n of names) expect(await refuse(n)).toBe(first.get(n));
    } finally {
      await served.close();
    }
  });

  it('keeps the file just parsed even when it alone is larger than the bound (it is not parsed again at each refusal)', async () => {
    const served = await serve(await spec(), { locatorText: 100 });
    try {
      for (let i = 0; i < 3; i++) {
        const answer = await call(served.origin, '/v1/a', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'toolong' }) });
        expect(answer.status).toBe(422);
      }
      expect(served.mock.locatedFiles().files).toEqual(['endpoints/a.yaml']);
      expect(served.mock.parsedFiles()).toBe(1);
    } finally {
      await served.close();
    }
  });
});

/**
 * The results a served spec folder's cache file holds were kept as text for the whole run (GitHub's
 * spec: a 12 MB file, some 23 MB in memory), beside the engine's results made from them. Once
 * written, the text is let go (`release`, after each `save` of the mock's and the language server's
 * workspace), and read from the file again only when an entry is used or written.
 */
describe("a served spec folder's cache (issue 35, f35f)", () => {
  const names = { tool: 'cli-test', kind: 'results' as const };
  const scope = '00000000000000f5';
  const value = (i: number) => ({ n: i, text: `entry ${i} ${'z'.repeat(i % 50)}` });

  it('lets go of the text of what its files hold, and reads it back whole when used or written again', async () => {
    const p = { dir: await mkdtemp(join(tmpdir(), 'specbench-t35q-cache-')), key: randomBytes(32) };
    const own = join(p.dir, `results-${names.tool}.${scope}.json`);
    const lines = Array.from({ length: 200 }, (_, i) => sealLine(p.key, names, `k${i}`, 3, JSON.stringify(value(i))));
    await writeFile(own, sealFile(p.key, names, 3, lines));
    const cache = DiskCache.open(names.tool, p, scope);
    for (let i = 0; i < 200; i++) expect(cache.get(`k${i}`)).toEqual(value(i));
    cache.save();
    cache.release();
    expect(cache.released).toBe(200);
    // Used again: read back from the file.
    expect(cache.get('k7')).toEqual(value(7));
    expect(cache.released).toBe(199);
    // New results, not yet written, are kept until a save writes them (`k7` is let go again).
    cache.set('new', { v: 1 } as never);
    cache.release();
    expect(cache.released).toBe(200);
    cache.save();
    cache.release();
    expect(cache.released).toBe(201);
    // Enough new results that the main file is written again, whole: every entry let go is in it, as it was.
    for (let i = 0; i < 150; i++) cache.set(`more${i}`, { v: i } as never);
    cache.save();
    const written = new Map((await readFile(own, 'utf8')).split('\n').slice(1).filter(Boolean).map((l) => { const [seal = '', key = '', , json = ''] = l.split('\t'); return [key, { seal, json }] as const; }));
    for (const line of lines) expect(written.get(line.key)).toEqual({ seal: line.seal, json: line.json });
    expect(written.get('new')?.json).toBe('{"v":1}');
    expect(written.get('more149')?.json).toBe('{"v":149}');
    // And a new run reads every one of them.
    const again = DiskCache.open(names.tool, p, scope);
    for (let i = 0; i < 200; i++) expect(again.get(`k${i}`)).toEqual(value(i));
  });
});

/**
 * A large body on the body thread was held three times over while it was parsed: its bytes, its
 * text and its value (16 MB of bytes kept to the end of the check). The thread owns the bytes it is
 * sent: they are given back (their buffer detached) as soon as they are read into a text; the
 * thread that answers keeps the bytes it reads with (it may send them on).
 */
describe('a body checked on the body thread (issue 35, f35f)', () => {
  const schema = { type: 'object', properties: { title: { type: 'string', maxLength: 3 } }, required: ['title'] };
  const validators = new Validators(() => undefined, () => undefined);
  const check = (coerce: boolean, firstOnly: boolean) => validators.check('body', schema, coerce, firstOnly);

  it('gives its bytes back once they are read, with the same answer', async () => {
    for (const [type, text, expected] of [
      ['application/json', '{"title":"abcd"}', ['/title maxLength']],
      ['application/json', '{"title":"abc"}', []],
    ] as const) {
      const kept = new TextEncoder().encode(text);
      const given = new TextEncoder().encode(text);
      const here = await checkBody(kept, type, schema, check, new PatternBudget(100));
      const there = await checkBody(given, type, schema, check, new PatternBudget(100), true);
      const shown = (c: typeof here) => ('errors' in c ? c.errors.map((e) => `${e.instancePath} ${e.keyword}`) : c);
      expect(shown(there)).toEqual(expected);
      expect(shown(here)).toEqual(expected);
      // The thread's bytes are gone (the buffer detached); the answering thread's are kept.
      expect(given.buffer.byteLength).toBe(0);
      expect(kept.byteLength).toBe(text.length);
    }
    // Bytes that are not JSON still say so.
    const bad = new TextEncoder().encode('{"title":');
    expect(await checkBody(bad, 'application/json', schema, check, new PatternBudget(100), true)).toEqual({ unreadable: 'expected JSON' });
  });
});
