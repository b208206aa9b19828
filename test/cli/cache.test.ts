import { mkdir, mkdtemp, readdir, readFile, rename, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isSealed, readSealed } from '../../src/cli/cache-seal.ts';
import { fixture, scratchCopy } from '../helpers.ts';
import { cacheFiles, folderKey, readCacheFile, rewriteCacheFile, specbench } from './cache-helpers.ts';

/** What each cached command says, beside what it says with `--no-cache`: they must be the same. */
async function sameAsFresh(cacheDir: string, spec: string): Promise<void> {
  for (const args of [
    ['check', '--spec', spec, '--format', 'json'],
    ['check', '--spec', spec],
    ['gaps', '--spec', spec, '--format', 'json'],
  ]) {
    const cached = await specbench(cacheDir, args);
    const fresh = await specbench(cacheDir, [...args, '--no-cache']);
    expect(cached, args.join(' ')).toEqual(fresh);
  }
}

describe('the cache of the command line', () => {
  let cacheDir: string;
  let spec: string;
  beforeAll(async () => {
    cacheDir = await mkdtemp(join(tmpdir(), 'specbench-cache-'));
    spec = await scratchCopy(fixture('complete'));
  });

  it('is written by a run and gives every later run exactly the fresh answer', async () => {
    const first = await specbench(cacheDir, ['check', '--spec', spec]);
    expect(first.code).toBe(0);
    expect(await cacheFiles(cacheDir)).toHaveLength(1);
    await sameAsFresh(cacheDir, spec);
  }, 120_000);

  it('follows a file edited between runs, located where the edit is', async () => {
    await specbench(cacheDir, ['check', '--spec', spec]);
    const file = join(spec, 'errors', 'order_not_found.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace('status: 404', 'status: 4044'));
    const after = await specbench(cacheDir, ['check', '--spec', spec, '--format', 'json']);
    expect(after.code).toBe(1);
    expect(JSON.parse(after.out).diagnostics.map((d: { file: string; code: string }) => `${d.file} ${d.code}`)).toContain('errors/order_not_found.yaml bad-status');
    await sameAsFresh(cacheDir, spec);
  }, 120_000);

  it('follows a file replaced by a folder, and a spec folder moved elsewhere', async () => {
    const file = join(spec, 'events', 'order.placed.yaml');
    await rm(file);
    await mkdir(file);
    await sameAsFresh(cacheDir, spec);
    const moved = join(await mkdtemp(join(tmpdir(), 'specbench-moved-')), 'spec');
    await rename(spec, moved);
    spec = moved;
    await sameAsFresh(cacheDir, spec);
  }, 180_000);

  it('sets aside a cache file cut short or written by another build, and mends it', async () => {
    const [name] = await cacheFiles(cacheDir);
    const path = join(cacheDir, 'specbench', name ?? '');
    // Without the kept answers, so that the results are what is read.
    for (const answers of await cacheFiles(cacheDir, 'answers')) await rm(join(cacheDir, 'specbench', answers));
    await truncate(path, 1000);
    await sameAsFresh(cacheDir, spec);
    expect((await readCacheFile(path)).header.format).toBe('specbench-cache');
    const key = await folderKey(cacheDir);
    // Sealed with the folder's own key, so that only what the test changed sets them aside.
    await rewriteCacheFile(path, key, () => undefined, { tool: 'another-build' });
    await sameAsFresh(cacheDir, spec);
    // Entries that are not results are never used.
    await rewriteCacheFile(path, key, () => ({ result: { path: 'x', key: 'y' } }));
    await sameAsFresh(cacheDir, spec);
  }, 180_000);

  it('is neither read nor written with --no-cache', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'specbench-nocache-'));
    expect((await specbench(empty, ['check', '--spec', spec, '--no-cache'])).code).toBeGreaterThanOrEqual(0);
    expect(await cacheFiles(empty)).toEqual([]);
  });

  it('stays whole when runs write it at the same time', async () => {
    const shared = await mkdtemp(join(tmpdir(), 'specbench-race-'));
    const specs = await Promise.all(['complete', 'half-written', 'hostile', 'complete'].map((f) => scratchCopy(fixture(f))));
    const runs = await Promise.all(specs.map((s) => specbench(shared, ['check', '--spec', s, '--format', 'json'])));
    for (const [i, s] of specs.entries()) expect(runs[i]).toEqual(await specbench(shared, ['check', '--spec', s, '--format', 'json', '--no-cache']));
    // Whatever files the runs left are whole (every entry sealed), and nothing half-written is left beside them.
    const left = await readdir(join(shared, 'specbench'));
    expect(left.filter((name) => !/^(results|answers)-/.test(name)).sort()).toEqual(['.gitignore']);
    const key = await folderKey(shared);
    for (const name of left.filter((n) => /^(results|answers)-/.test(n))) {
      const { header } = await readCacheFile(join(shared, 'specbench', name));
      const names = { tool: header.tool, kind: header.kind };
      const file = readSealed(join(shared, 'specbench', name), key, names);
      expect(file, name).toBeDefined();
      for (const line of file?.lines.values() ?? []) expect(isSealed(key, names, line), name).toBe(true);
    }
  }, 180_000);

  it('answers an unchanged spec from the answer it kept, and never answers a changed one from it', async () => {
    const own = await mkdtemp(join(tmpdir(), 'specbench-answers-'));
    const copy = await scratchCopy(fixture('half-written'));
    const first = await specbench(own, ['check', '--spec', copy, '--format', 'json']);
    const [answers] = await cacheFiles(own, 'answers');
    expect(answers).toBeDefined();
    const path = join(own, 'specbench', answers ?? '');
    // The results are gone: an answer that still comes is the kept one, and it is the fresh one.
    for (const name of await cacheFiles(own)) await rm(join(own, 'specbench', name));
    expect(await specbench(own, ['check', '--spec', copy, '--format', 'json'])).toEqual(first);
    expect(await cacheFiles(own)).toEqual([]);
    // A file changed: the kept answer is not this spec's, and the new one says so.
    const file = join(copy, 'limits', 'gateway-timeout.yaml');
    await writeFile(file, `${await readFile(file, 'utf8')}\nnot_a_facet: 1\n`);
    const changed = await specbench(own, ['check', '--spec', copy, '--format', 'json']);
    expect(changed).not.toEqual(first);
    expect(changed.out).toContain('limits/gateway-timeout.yaml');
    await sameAsFresh(own, copy);
    // A kept answer cut short, or claimed by another build, is never used.
    await truncate(path, 200);
    await sameAsFresh(own, copy);
    await rewriteCacheFile(path, await folderKey(own), () => ({ diagnostics: [], gaps: [], byArea: {}, levels: [] }), { tool: 'another-build' });
    await sameAsFresh(own, copy);
  }, 180_000);
});
