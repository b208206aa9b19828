import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheFiles, keyDirOf, readCacheFile, specbench } from '../cli/cache-helpers.ts';
import { writeSpec } from '../helpers.ts';
import { call, startMock } from './harness.ts';

/**
 * Issue 35, t35k D5: every mock read the whole results file every `check` of the checkout shares
 * (90 MB of every spec read from it: a one-endpoint spec started at 380 MB) and kept it while
 * serving. A mock now keeps a file of its spec folder's own, filled from the shared one on its
 * first start with only what that folder uses; `check`'s file is left as it was. Through the real
 * command line, its cache in a folder of the test's own.
 */
const purpose = 'name: Cache\nbase_url: https://api.example.com/v1\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n';
const ping = 'method: GET\npath: /ping\nparameters: { none: None. }\nresponses:\n  "200": { content_type: application/json, schema: { type: string, allowed: [ok] }, example: ok }\n';

describe('the mock\'s cached results (issue 35, t35k D5)', () => {
  it('reads and keeps only its own spec folder\'s, leaving the shared file as check wrote it', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'specbench-t35k-cache-'));
    const small = await writeSpec(new Map([['purpose/_area.yaml', purpose], ['endpoints/ping.yaml', ping]]));
    const other = await writeSpec(new Map([['purpose/_area.yaml', purpose], ...Array.from({ length: 30 }, (_, i) => [`endpoints/e${i}.yaml`, ping.replace('/ping', `/e${i}`)] as const)]));
    expect((await specbench(cacheDir, ['check', '--spec', other])).code).toBe(0);
    expect((await specbench(cacheDir, ['check', '--spec', small])).code).toBe(0);
    const [shared] = await cacheFiles(cacheDir);
    const sharedPath = join(cacheDir, 'specbench', shared ?? '');
    const before = await readCacheFile(sharedPath);
    expect(before.lines.length).toBeGreaterThanOrEqual(32);

    const env = { CACHE_DIR: cacheDir, SPECBENCH_KEY_DIR: keyDirOf(cacheDir) };
    const first = await startMock(['--spec', small], env);
    expect((await call(first.origin, '/v1/ping')).status).toBe(200);
    expect(await first.stop()).toBe(0);
    // The folder's own file: the small spec's results only, every one of them check's.
    const own = (await readdir(join(cacheDir, 'specbench'))).filter((f) => f.startsWith('results-') && f !== shared && !f.endsWith('.recent.json'));
    expect(own).toHaveLength(1);
    const kept = await readCacheFile(join(cacheDir, 'specbench', own[0] ?? ''));
    const sharedKeys = new Set(before.lines.map((l) => l.key));
    expect(kept.lines.length).toBeGreaterThan(0);
    expect(kept.lines.length).toBeLessThanOrEqual(3);
    for (const line of kept.lines) expect(sharedKeys.has(line.key)).toBe(true);
    // check's file as it was.
    expect((await readCacheFile(sharedPath)).lines.map((l) => l.key).sort()).toEqual([...sharedKeys].sort());

    // A second start reads its own file and answers as the first did.
    const second = await startMock(['--spec', small], env);
    expect((await call(second.origin, '/v1/ping')).status).toBe(200);
    expect(await second.stop()).toBe(0);
    expect((await readCacheFile(join(cacheDir, 'specbench', own[0] ?? ''))).lines.map((l) => l.key).sort()).toEqual(kept.lines.map((l) => l.key).sort());
  });
});
