import { existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { analyze, Mock, readSpecDir } from '../../src/lib/index.ts';
import { writeSpec } from '../helpers.ts';
import { call, serve } from './harness.ts';

/**
 * Issue 35 (s10 t35 D4, memory): GitHub's imported spec under the tester's load peaked past 500 MB
 * as the body thread checked a large body; the body and check threads each loaded the whole core
 * (`src/lib/index.ts`: the areas' schemas, the checks, the renderers, the importers), some 46 MB
 * at a thread's start where checking a body needs some 16. The threads now load `thread.ts`, whose
 * imports are only what reading and checking a body needs. Held by its import graph, not by a
 * memory budget: a module of the core pulled in again fails here.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The source files `entry` loads, all the way down (packages by name), as esbuild resolves them. */
async function importGraph(entry: string): Promise<string[]> {
  const result = await build({ entryPoints: [join(ROOT, entry)], bundle: true, write: false, metafile: true, format: 'esm', platform: 'node', outdir: join(ROOT, 'node_modules', '.cache', 'graph'), logLevel: 'silent' });
  return Object.keys(result.metafile.inputs).map((p) => {
    const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(p);
    return inPackage ? `package:${inPackage[1] ?? ''}` : relative(ROOT, join(ROOT, p));
  });
}

const purpose = 'name: Thread\nbase_url: https://api.example.com/v1\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n';
const ok = 'responses:\n  "201": { content_type: application/json, schema: { type: string, allowed: [ok] }, example: ok }\n';

describe('the body thread (issue 35, memory): loads what checking a body needs, not the core', () => {
  it('imports no module of the core beyond reading and checking a body', async () => {
    const graph = await importGraph('src/lib/mock/thread.ts');
    // What it needs is there (the check of a body, Ajv's keywords, the pattern guard)...
    expect(graph).toEqual(expect.arrayContaining(['src/lib/mock/thread.ts', 'src/lib/mock/body-read.ts', 'src/lib/mock/validators.ts', 'src/lib/mock/patterns.ts']));
    // ...and nothing of the rest: the public entry, the analysis, the areas' schemas (zod), the
    // checks, the loader (yaml), the request's other checks and the answers.
    const core = graph.filter((p) => p === 'src/lib/index.ts' || p === 'src/lib/analyze.ts' || /^src\/lib\/(areas\/(?!json-values\.ts$)|checks\/(?!linear-pattern\.ts$)|load\/|engine\/|gaps\/|link\/|interchange\/|model\/)/.test(p) || /^src\/lib\/mock\/(validate|answer|made|mock|body|schemas|located)\.ts$/.test(p) || p === 'package:zod' || p === 'package:yaml');
    expect(core).toEqual([]);
    // The sources of the whole core, for scale: what the threads loaded before.
    expect((await importGraph('src/lib/index.ts')).length).toBeGreaterThan(graph.length * 10);
  }, 60_000);

  it('is a whole entry of the command line\'s bundle, beside the one the mock\'s command runs from', async () => {
    const { checkoutBundle } = (await import('../../src/cli/bundle.mjs')) as { checkoutBundle: () => Promise<string | undefined> };
    const cli = await checkoutBundle();
    expect(cli).toBeDefined();
    expect(existsSync(join(dirname(cli ?? ''), 'mock-thread.mjs'))).toBe(true);
  }, 120_000);

  it('checks a large body on a thread started from it, as the thread that answers would', async () => {
    const dir = await writeSpec(new Map([['purpose/_area.yaml', purpose], ['endpoints/big.yaml', `method: POST\npath: /big\nparameters: { none: None. }\nrequest:\n  required: true\n  content_type: application/json\n  schema:\n    type: array\n    items: { type: object, fields: { n: { type: integer, required: true, maximum: 5 } } }\n${ok}`]]));
    const sent: number[] = [];
    const served = await serve(dir, { bodyThread: new URL('../../src/lib/mock/thread.ts', import.meta.url), onBodyThread: (n) => sent.push(n) });
    try {
      const items = Array.from({ length: 150_000 }, (_, i) => ({ n: i === 99_999 ? 6 : 1 }));
      const body = JSON.stringify(items);
      expect(body.length).toBeGreaterThan(1024 * 1024);
      const refused = await call(served.origin, '/v1/big', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(refused.status).toBe(422);
      expect(refused.text).toContain('[99999].n');
      expect(sent).toEqual([Buffer.byteLength(body)]);
      const fits = JSON.stringify(items.map(() => ({ n: 1 })));
      expect((await call(served.origin, '/v1/big', { method: 'POST', headers: { 'content-type': 'application/json' }, body: fits })).status).toBe(201);
      expect(sent).toHaveLength(2);
    } finally {
      await served.close();
    }
    // The same spec without a thread answers the same.
    expect(new Mock(analyze(await readSpecDir(dir))).endpoints).toBe(1);
  }, 120_000);
});
