// The cache can never make a failure pass (issue 30): an entry is used only when it is sealed with
// the key of its own cache folder, and has the exact shape of what it stands for; a cache that git
// tracks (one that came with a checkout) is never read.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, scratchCopy } from '../helpers.ts';
import { KEY_FILE } from '../../src/cli/cache-folder.ts';
import { cacheFiles, checkBothWays, folderKey, readCacheFile, rewriteCacheFile, run, specbench, TEST_KEY_DIR } from './cache-helpers.ts';

/** The complete fixture with one mistake: `only: 'result'` one its file's own reading finds (an unknown key), `only: 'checks'` one a check finds (a status of 4044). */
async function failingSpec(only: 'result' | 'checks' | 'both'): Promise<string> {
  const spec = await scratchCopy(fixture('complete'));
  if (only !== 'checks') {
    const file = join(spec, 'limits', 'default-rate.yaml');
    await writeFile(file, `${await readFile(file, 'utf8')}\nnot_a_facet: 1\n`);
  }
  if (only !== 'result') {
    const file = join(spec, 'errors', 'order_not_found.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace('status: 404', 'status: 4044'));
  }
  return spec;
}

/** A run whose cache was just written; the paths of its files. */
async function warmCache(spec: string): Promise<{ cacheDir: string; answers: string; results: string }> {
  const cacheDir = await mkdtemp(join(tmpdir(), 'specbench-trust-'));
  const first = await specbench(cacheDir, ['check', '--spec', spec, '--format', 'json']);
  expect(first.code).toBe(1);
  const [answers = ''] = await cacheFiles(cacheDir, 'answers');
  // A small spec's results are in the file of recent results until there are more.
  const [results = ''] = await cacheFiles(cacheDir, 'results');
  return { cacheDir, answers: join(cacheDir, 'specbench', answers), results: join(cacheDir, 'specbench', results) };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A passing answer for the same spec: its diagnostics gone, the rest as it was. */
const passingAnswer = (value: unknown) => (isObject(value) ? { ...value, diagnostics: [] } : value);

/** `check` with the cache against `check --no-cache`: the same output, the same exit code (1: the spec fails). */
async function stillFails(cacheDir: string, spec: string): Promise<void> {
  const { cached, fresh } = await checkBothWays(cacheDir, spec);
  expect(fresh.code).toBe(1);
  expect(cached).toEqual(fresh);
}

describe('a forged cache entry is never used: the entry must be sealed with the key of its own cache folder', () => {
  const forgerKey = randomBytes(32);

  it('a forged answer (a passing summary of the right outline, sealed with another key, or a true answer moved to this spec) is not used', async () => {
    const spec = await failingSpec('both');
    const { cacheDir, answers } = await warmCache(spec);
    const pristine = await readFile(answers, 'utf8');
    const kept = await readCacheFile(answers);
    const header = pristine.split('\n')[0];
    await rewriteCacheFile(answers, forgerKey, passingAnswer);
    await stillFails(cacheDir, spec);
    // Edited in place, the cache's own seals left as they were.
    const edited = kept.lines.map((line) => `${line.seal}\t${line.key}\t${line.run}\t${JSON.stringify(passingAnswer(JSON.parse(line.json)))}\n`);
    await writeFile(answers, `${header}\n${edited.join('')}`);
    await stillFails(cacheDir, spec);
    // A true answer, sealed by the cache: that of the spec without its mistakes, moved under the failing spec's key.
    const failingKey = kept.lines[0]?.key;
    expect((await specbench(cacheDir, ['check', '--spec', await scratchCopy(fixture('complete')), '--format', 'json'])).code).toBe(0);
    const passing = (await readCacheFile(answers)).lines.find((line) => line.key !== failingKey);
    expect(passing && failingKey).toBeTruthy();
    await writeFile(answers, `${(await readFile(answers, 'utf8')).split('\n')[0]}\n${passing?.seal}\t${failingKey}\t${passing?.run}\t${passing?.json}\n`);
    await stillFails(cacheDir, spec);
  }, 180_000);

  it('a forged file result (no diagnostics, the rest as it was, sealed with another key) is not used', async () => {
    const spec = await failingSpec('result');
    const { cacheDir, answers, results } = await warmCache(spec);
    await rm(answers);
    await rewriteCacheFile(results, forgerKey, (value) => (isObject(value) && isObject(value.result) ? { ...value, result: { ...value.result, diagnostics: [] } } : undefined));
    await stillFails(cacheDir, spec);
  }, 120_000);

  it("a forged check memo (the checks' diagnostics gone, the rest as it was, sealed with another key) is not used", async () => {
    const spec = await failingSpec('checks');
    const { cacheDir, answers, results } = await warmCache(spec);
    await rm(answers);
    await rewriteCacheFile(results, forgerKey, (value) => (isObject(value) && isObject(value.checks) ? { ...value, checks: { ...value.checks, diagnostics: [] } } : undefined));
    await stillFails(cacheDir, spec);
  }, 120_000);

  it('an entry sealed with the folder key and of the right shape is used as it is (so the tests above test the seal)', async () => {
    const spec = await failingSpec('both');
    const { cacheDir, answers, results } = await warmCache(spec);
    const key = await folderKey(cacheDir);
    const pristine = await readFile(answers);
    // What the cache says is what it holds: a message changed in a sealed answer is printed.
    await rewriteCacheFile(answers, key, (value) => (isObject(value) && Array.isArray(value.diagnostics) ? { ...value, diagnostics: value.diagnostics.map((d) => ({ ...d, message: 'from the cache' })) } : value));
    const fromAnswer = await specbench(cacheDir, ['check', '--spec', spec, '--format', 'json']);
    expect(new Set(JSON.parse(fromAnswer.out).diagnostics.map((d: { message: string }) => d.message))).toEqual(new Set(['from the cache']));
    // And in a sealed file result and a sealed check memo, once the answers are gone.
    await writeFile(answers, pristine);
    await rm(answers);
    await rewriteCacheFile(results, key, (value) => {
      if (!isObject(value) || !isObject(value.result) || !Array.isArray(value.result.diagnostics)) return undefined;
      const checks = isObject(value.checks) && Array.isArray(value.checks.diagnostics) ? { ...value.checks, diagnostics: value.checks.diagnostics.map((d) => ({ ...d, message: 'memo from the cache' })) } : value.checks;
      return { ...value, result: { ...value.result, diagnostics: value.result.diagnostics.map((d) => ({ ...d, message: 'result from the cache' })) }, ...(checks ? { checks } : {}) };
    });
    const fromResults = await specbench(cacheDir, ['check', '--spec', spec, '--format', 'json']);
    const messages = JSON.parse(fromResults.out).diagnostics.map((d: { code: string; message: string }) => `${d.code}: ${d.message}`);
    expect(messages).toContain('unknown-key: result from the cache');
    expect(messages).toContain('bad-status: memo from the cache');
  }, 120_000);
});

/**
 * Entries sealed with the folder's own key (a hand that has the key, or a bug) but of the wrong
 * inner shape, each with the outline of its kind: every one is made again, so `check` says what it
 * says without a cache, with the same exit code, never an internal error.
 */
const HAND_EDITS: Array<{ kind: 'answers' | 'result' | 'checks'; name: string; edit: (value: Record<string, unknown>) => Record<string, unknown> }> = [
  { kind: 'answers', name: 'diagnostics a string', edit: (v) => ({ ...v, diagnostics: 'none' }) },
  { kind: 'answers', name: 'a diagnostic without its place', edit: (v) => ({ ...v, diagnostics: [{ code: 'x' }] }) },
  { kind: 'answers', name: 'a line written as text', edit: (v) => ({ ...v, diagnostics: (v.diagnostics as Array<Record<string, unknown>>).map((d) => ({ ...d, line: '3' })) }) },
  { kind: 'answers', name: 'a gap that is a number', edit: (v) => ({ ...v, gaps: [42] }) },
  { kind: 'answers', name: 'an area missing from the coverage', edit: (v) => ({ ...v, byArea: { ...(v.byArea as object), versioning: undefined } }) },
  { kind: 'answers', name: 'levels of the wrong types', edit: (v) => ({ ...v, levels: [{ name: 1, close: 'x' }] }) },
  { kind: 'answers', name: 'a key too many', edit: (v) => ({ ...v, diagnostics: [], extra: true }) },
  { kind: 'result', name: 'diagnostics a mapping', edit: (r) => ({ ...r, diagnostics: {} }) },
  { kind: 'result', name: 'a gap without its fields', edit: (r) => ({ ...r, gaps: [{ id: 1 }] }) },
  { kind: 'result', name: 'no coverage', edit: (r) => ({ ...r, coverage: null }) },
  { kind: 'result', name: 'a reference that is a path only', edit: (r) => ({ ...r, references: [{ path: 'x' }] }) },
  { kind: 'result', name: 'prose findings of the wrong types', edit: (r) => ({ ...r, prose: [{ links: 5 }] }) },
  { kind: 'result', name: 'data a list', edit: (r) => ({ ...r, data: [] }) },
  { kind: 'result', name: 'a status that is no status', edit: (r) => ({ ...r, status: 'broken' }) },
  { kind: 'result', name: 'what blocks what as text', edit: (r) => ({ ...r, blocked: [{ id: 'x', blockedBy: 'y' }], heldUp: 'x', duplicates: [null] }) },
  { kind: 'checks', name: 'dependencies a string', edit: (c) => ({ ...c, deps: 'all' }) },
  { kind: 'checks', name: 'a dependency of no known kind', edit: (c) => ({ ...c, deps: [['bogus', 'x']] }) },
  { kind: 'checks', name: 'a severity that is none', edit: (c) => ({ ...c, diagnostics: [{ code: 'bad-status', severity: 'fatal', message: 'x', file: 'x', line: 1, column: 1 }] }) },
  { kind: 'checks', name: 'a key that is a number', edit: (c) => ({ ...c, key: 5 }) },
  { kind: 'checks', name: 'diagnostics a string', edit: (c) => ({ ...c, diagnostics: 'none' }) },
];

describe('a cache entry of the right outline but the wrong inner shape is made again', () => {
  it(`${HAND_EDITS.length} hand-edited entries, sealed with the folder's own key: each gives what --no-cache gives`, async () => {
    expect(HAND_EDITS).toHaveLength(20);
    const spec = await failingSpec('both');
    const { cacheDir, answers, results } = await warmCache(spec);
    const key = await folderKey(cacheDir);
    const pristine = { answers: await readFile(answers), results: await readFile(results) };
    const fresh = await specbench(cacheDir, ['check', '--spec', spec, '--format', 'json', '--no-cache']);
    expect(fresh.code).toBe(1);
    for (const { kind, name, edit } of HAND_EDITS) {
      await writeFile(answers, pristine.answers);
      await writeFile(results, pristine.results);
      if (kind === 'answers') await rewriteCacheFile(answers, key, (value) => (isObject(value) ? edit(value) : value));
      else {
        await rm(answers);
        await rewriteCacheFile(results, key, (value) => {
          if (!isObject(value)) return undefined;
          if (kind === 'result') return isObject(value.result) ? { ...value, result: edit(value.result) } : undefined;
          return isObject(value.checks) ? { ...value, checks: edit(value.checks) } : undefined;
        });
      }
      expect.soft(await specbench(cacheDir, ['check', '--spec', spec, '--format', 'json']), `${kind}: ${name}`).toEqual(fresh);
    }
  }, 300_000);
});

/** git in a repository of the test's own, as a user (or CI) runs it. */
const git = (cwd: string, args: string[]) => execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'init.defaultBranch=main', ...args], { cwd, encoding: 'utf8' });

describe('a cache that git tracks is never read', () => {
  it('a branch that commits a cache (its key too) under node_modules/.cache/specbench with `git add -f`: a fresh clone still fails', async () => {
    const repo = await mkdtemp(join(tmpdir(), 'specbench-repo-'));
    git(repo, ['init', '-q']);
    await writeFile(join(repo, 'package.json'), '{ "name": "spec", "private": true }\n');
    await cp(await failingSpec('both'), join(repo, 'content'), { recursive: true });
    // The cache of the project itself, where a checkout keeps it (no CACHE_DIR).
    const inRepo = (args: string[], cwd = repo) => run(args, { cwd, env: { CACHE_DIR: undefined } });
    const first = await inRepo(['check', '--spec', 'content', '--format', 'json']);
    expect(first.code).toBe(1);
    const cache = join(repo, 'node_modules', '.cache', 'specbench');
    // Nothing of the cache shows to git (its folder ignores itself), and its key is the user's alone.
    expect(git(repo, ['status', '--porcelain', '--untracked-files=all'])).not.toContain('node_modules');
    // The key is the user's, outside the cache folder, readable by no one else.
    const keyFile = join(TEST_KEY_DIR, KEY_FILE);
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    // The worst case: the forger seals every entry with this very key (and commits a copy of it beside the cache).
    const key = await readFile(keyFile);
    await writeFile(join(cache, KEY_FILE), key, { mode: 0o600 });
    for (const name of await cacheFiles(join(repo, 'node_modules', '.cache'), 'answers')) await rewriteCacheFile(join(cache, name), key, passingAnswer);
    for (const name of await cacheFiles(join(repo, 'node_modules', '.cache'), 'results')) {
      await rewriteCacheFile(join(cache, name), key, (value) =>
        isObject(value) && isObject(value.result) ? { ...value, result: { ...value.result, diagnostics: [] }, ...(isObject(value.checks) ? { checks: { ...value.checks, diagnostics: [] } } : {}) } : undefined,
      );
    }
    git(repo, ['add', '-A']);
    git(repo, ['add', '-f', 'node_modules/.cache/specbench']);
    git(repo, ['commit', '-q', '-m', 'a spec, and a cache that says it passes']);
    const clone = join(await mkdtemp(join(tmpdir(), 'specbench-clone-')), 'repo');
    git(tmpdir(), ['clone', '-q', repo, clone]);
    // As a checkout made under `umask 077` has it: the key looks like one the cache made.
    await chmod(join(clone, 'node_modules', '.cache', 'specbench', KEY_FILE), 0o600);
    const cached = await inRepo(['check', '--spec', 'content', '--format', 'json'], clone);
    const fresh = await inRepo(['check', '--spec', 'content', '--format', 'json', '--no-cache'], clone);
    expect(fresh.code).toBe(1);
    expect({ code: cached.code, out: cached.out }).toEqual({ code: 1, out: fresh.out });
    expect(cached.err).toMatch(/^specbench: warning: the cache folder `[^\n]*node_modules\/\.cache\/specbench` holds files tracked by git; a cache that came with the checkout is never read\. Running without a cache\.\n$/);
    // The committed files are left as they were: the cache neither read nor wrote them.
    expect(git(clone, ['status', '--porcelain'])).toBe('');
  }, 180_000);
});

describe('a key that comes with the files is never the key', () => {
  it('a project unpacked from an archive (no git) with a forged cache and the key it was sealed with: check still fails', async () => {
    const project = await mkdtemp(join(tmpdir(), 'specbench-archive-'));
    await writeFile(join(project, 'package.json'), '{ "name": "spec", "private": true }\n');
    await cp(await failingSpec('both'), join(project, 'content'), { recursive: true });
    const inProject = (args: string[]) => run(args, { cwd: project, env: { CACHE_DIR: undefined } });
    const fresh = await inProject(['check', '--spec', 'content', '--format', 'json', '--no-cache']);
    expect(fresh.code).toBe(1);
    expect((await inProject(['check', '--spec', 'content', '--format', 'json'])).code).toBe(1);
    // The archive's author seals a passing answer and clean results with a key of their own, and ships that key
    // where a key beside the cache would be read, mode 0600 as an unpacking under `umask 077` leaves it.
    const cache = join(project, 'node_modules', '.cache', 'specbench');
    const forgerKey = randomBytes(32);
    for (const name of await cacheFiles(join(project, 'node_modules', '.cache'), 'answers')) await rewriteCacheFile(join(cache, name), forgerKey, passingAnswer);
    for (const name of await cacheFiles(join(project, 'node_modules', '.cache'), 'results')) {
      await rewriteCacheFile(join(cache, name), forgerKey, (value) =>
        isObject(value) && isObject(value.result) ? { ...value, result: { ...value.result, diagnostics: [] }, ...(isObject(value.checks) ? { checks: { ...value.checks, diagnostics: [] } } : {}) } : undefined,
      );
    }
    for (const name of [KEY_FILE, 'specbench.key']) await writeFile(join(cache, name), forgerKey, { mode: 0o600 });
    const cached = await inProject(['check', '--spec', 'content', '--format', 'json']);
    expect({ code: cached.code, out: cached.out }).toEqual({ code: 1, out: fresh.out });
  }, 180_000);
});
