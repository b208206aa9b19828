// What is found where the cache keeps its files (issue 30): a pipe, a link to a device, a file or a
// link where its folder should be, a folder that cannot be written, a special file system. Each
// means that file (or the whole cache) is passed over: no hang, no internal error, one warning at
// most, and `check` says and exits as it does without a cache. The cache removes only files it
// wrote, and keeps a few whole answers only.
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSpec } from '../bench/generate.ts';
import { fixture, scratchCopy } from '../helpers.ts';
import { KEY_FILE } from '../../src/cli/cache-folder.ts';
import { cacheFiles, folderKey, keyDirOf, readCacheFile, rewriteCacheFile, run, specbench, type Run } from './cache-helpers.ts';

/** The complete fixture, failing (a status of 4044) or passing. */
async function specThat(outcome: 'fails' | 'passes'): Promise<string> {
  const spec = await scratchCopy(fixture('complete'));
  if (outcome === 'fails') {
    const file = join(spec, 'errors', 'order_not_found.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace('status: 404', 'status: 4044'));
  }
  return spec;
}

/** What `check` says of `spec` without a cache. */
const fresh = (spec: string) => run(['check', '--spec', spec, '--no-cache']);

/** A run that did what `check --no-cache` does (same output, same exit code), with exactly one warning line, which says why. */
function ranWithoutCache(result: Run, expected: Run, why: RegExp): void {
  expect({ code: result.code, out: result.out }).toEqual({ code: expected.code, out: expected.out });
  expect(result.err.split('\n').filter(Boolean)).toHaveLength(1);
  expect(result.err).toMatch(/^specbench: warning: .* Running without a cache\.\n$/);
  expect(result.err).toMatch(why);
}

/** A spec of more than a hundred files: its first run writes the cache's main file (and tidies the folder). */
async function largerSpec(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'specbench-larger-'));
  for (const file of generateSpec(150)) {
    await mkdir(dirname(join(dir, file.path)), { recursive: true });
    await writeFile(join(dir, file.path), file.text);
  }
  return dir;
}

const TWO_HOURS_AGO = new Date(Date.now() - 2 * 3_600_000);

describe("what is found in place of the cache's files is passed over, never waited on", () => {
  /** A cache of one run, then each of its files (and the main results file it has not written yet) replaced by `put`. */
  async function replaced(put: (path: string) => Promise<void>, which: 'entries' | 'key'): Promise<{ cacheDir: string; spec: string }> {
    const spec = await specThat('fails');
    const cacheDir = await mkdtemp(join(tmpdir(), 'specbench-special-'));
    expect((await specbench(cacheDir, ['check', '--spec', spec])).code).toBe(1);
    const folder = which === 'key' ? keyDirOf(cacheDir) : join(cacheDir, 'specbench');
    const [answers = ''] = await cacheFiles(cacheDir, 'answers');
    const tool = answers.replace(/^answers-|\.json$/g, '');
    const names = which === 'key' ? [KEY_FILE] : [answers, `results-${tool}.json`, `results-${tool}.recent.json`];
    for (const name of names) {
      await rm(join(folder, name), { force: true });
      await put(join(folder, name));
    }
    return { cacheDir, spec };
  }

  for (const which of ['entries', 'key'] as const) {
    it(`a pipe in place of the cache's ${which === 'key' ? 'key' : 'files'} (a reader would wait for a writer forever)`, async () => {
      const { cacheDir, spec } = await replaced(async (path) => void execFileSync('mkfifo', [path]), which);
      const result = await specbench(cacheDir, ['check', '--spec', spec]);
      expect(result).toEqual(await fresh(spec));
      // And the next run finds a cache that works again.
      expect(await specbench(cacheDir, ['check', '--spec', spec])).toEqual(await fresh(spec));
    }, 120_000);

    it(`a link to /dev/zero in place of the cache's ${which === 'key' ? 'key' : 'files'} (a reader would fill its memory)`, async () => {
      const { cacheDir, spec } = await replaced((path) => symlink('/dev/zero', path), which);
      const result = await specbench(cacheDir, ['check', '--spec', spec]);
      expect(result).toEqual(await fresh(spec));
    }, 120_000);
  }
});

describe('a cache folder that cannot be used is one warning, and the spec keeps its own exit status', () => {
  it('CACHE_DIR set to a regular file (ENOTDIR)', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'specbench-notdir-')), 'cache');
    await writeFile(file, 'a file\n');
    for (const outcome of ['fails', 'passes'] as const) {
      const spec = await specThat(outcome);
      ranWithoutCache(await specbench(file, ['check', '--spec', spec]), await fresh(spec), /cannot create the cache folder `.*cache\/specbench`: a part of its path is a file, not a folder \(ENOTDIR\)\./);
    }
  }, 120_000);

  it('node_modules/.cache/specbench that is a regular file, in a project without CACHE_DIR', async () => {
    const project = await mkdtemp(join(tmpdir(), 'specbench-project-'));
    await writeFile(join(project, 'package.json'), '{ "name": "spec", "private": true }\n');
    await mkdir(join(project, 'node_modules', '.cache'), { recursive: true });
    await writeFile(join(project, 'node_modules', '.cache', 'specbench'), '');
    for (const outcome of ['fails', 'passes'] as const) {
      const spec = await specThat(outcome);
      const result = await run(['check', '--spec', spec], { cwd: project, env: { CACHE_DIR: undefined } });
      ranWithoutCache(result, await run(['check', '--spec', spec, '--no-cache'], { cwd: project }), /the cache folder `.*node_modules\/\.cache\/specbench` is not a folder\./);
    }
  }, 120_000);

  it('a cache folder its user cannot write (a cache of another user, read as `nobody`)', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'specbench-readonly-'));
    const spec = await specThat('fails');
    // Another user's cache, whole and readable: still not used by one who cannot write it.
    expect((await specbench(cacheDir, ['check', '--spec', spec])).code).toBe(1);
    const asNobody = process.getuid?.() === 0;
    for (const path of [cacheDir, join(cacheDir, 'specbench'), spec, ...(await readdir(spec)).map((d) => join(spec, d))]) await chmod(path, 0o755);
    if (!asNobody) await chmod(join(cacheDir, 'specbench'), 0o555);
    const result = await run(['check', '--spec', spec], { env: { CACHE_DIR: cacheDir }, as: 'nobody' });
    ranWithoutCache(result, await run(['check', '--spec', spec, '--no-cache'], { as: 'nobody' }), /cannot write to the cache folder `.*specbench`: permission denied \(EACCES\)\./);
  }, 120_000);

  it('CACHE_DIR on a special file system (/proc/1), where making a folder never returns', async () => {
    for (const outcome of ['fails', 'passes'] as const) {
      const spec = await specThat(outcome);
      ranWithoutCache(await specbench('/proc/1', ['check', '--spec', spec]), await fresh(spec), /the cache folder `\/proc\/1\/specbench` would be on a special file system \(proc\)/);
    }
  }, 120_000);

  it('a cache folder that is a symbolic link (to a folder of the user)', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'specbench-linked-'));
    const users = await mkdtemp(join(tmpdir(), 'specbench-users-'));
    await symlink(users, join(cacheDir, 'specbench'));
    const spec = await specThat('fails');
    ranWithoutCache(await specbench(cacheDir, ['check', '--spec', spec]), await fresh(spec), /the cache folder `.*specbench` is a symbolic link/);
    expect(await readdir(users)).toEqual([]);
  }, 120_000);
});

describe('the cache removes only files it wrote', () => {
  it("a cache folder linked to a user's folder: the user's results-*.json and answers-*.json files stay", async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'specbench-linked-'));
    const users = await mkdtemp(join(tmpdir(), 'specbench-users-'));
    const theirs = ['results-2024.json', 'answers-survey.json', 'results-draft.recent.json'];
    for (const name of theirs) {
      await writeFile(join(users, name), '{"mine": true}\n');
      await utimes(join(users, name), TWO_HOURS_AGO, TWO_HOURS_AGO);
    }
    await symlink(users, join(cacheDir, 'specbench'));
    const spec = await largerSpec();
    const result = await specbench(cacheDir, ['check', '--spec', spec]);
    expect(result.code).toBe((await fresh(spec)).code);
    expect((await readdir(users)).sort()).toEqual([...theirs].sort());
  }, 120_000);

  it("in its own folder, an old file of another build goes once it has not been used for an hour; a file it did not write stays", async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'specbench-tidy-'));
    const spec = await largerSpec();
    expect((await specbench(cacheDir, ['check', '--spec', spec])).code).toBe(0);
    const folder = join(cacheDir, 'specbench');
    const [results = ''] = await cacheFiles(cacheDir, 'results');
    // A file of an older build, sealed by this cache; and a user's file of the same name pattern.
    const older = join(folder, 'results-cli-0000000000000000.json');
    await writeFile(older, await readFile(join(folder, results)));
    await rewriteCacheFile(older, await folderKey(cacheDir), () => undefined, { tool: 'cli-0000000000000000' });
    const foreign = join(folder, 'results-mine.json');
    await writeFile(foreign, '{"format":"specbench-cache","version":1,"tool":"mine","entries":{}}');
    for (const path of [older, foreign]) await utimes(path, TWO_HOURS_AGO, TWO_HOURS_AGO);
    // This build's files gone, the next run writes the whole results file again, and tidies the folder as it does.
    await rm(join(folder, results));
    for (const name of await cacheFiles(cacheDir, 'answers')) await rm(join(folder, name));
    expect((await specbench(cacheDir, ['check', '--spec', spec])).code).toBe(0);
    const left = await readdir(folder);
    expect(left).toContain('results-mine.json');
    expect(left).not.toContain('results-cli-0000000000000000.json');
    expect(left).toContain(results);
  }, 120_000);
});

describe('the answers file', () => {
  it('keeps the four most recent whole answers, and answers the newest from it', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'specbench-answers-'));
    const spec = await specThat('passes');
    const file = join(spec, 'errors', 'order_not_found.yaml');
    const text = await readFile(file, 'utf8');
    for (let i = 1; i <= 6; i++) {
      await writeFile(file, `${text}# edit ${i}\n`);
      expect((await specbench(cacheDir, ['check', '--spec', spec])).code).toBe(0);
    }
    const [answers = ''] = await cacheFiles(cacheDir, 'answers');
    const kept = await readCacheFile(join(cacheDir, 'specbench', answers));
    expect(kept.lines).toHaveLength(4);
    // The newest is the one kept first, and it is what the next run says (the results are gone).
    for (const name of await cacheFiles(cacheDir)) await rm(join(cacheDir, 'specbench', name));
    const again = await specbench(cacheDir, ['check', '--spec', spec, '--format', 'json']);
    expect(again).toEqual(await run(['check', '--spec', spec, '--format', 'json', '--no-cache']));
    expect(await cacheFiles(cacheDir)).toEqual([]);
  }, 180_000);
});
