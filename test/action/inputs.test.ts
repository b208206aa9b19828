// The Action's inputs reach Specbench as they are (one argument each, nothing run by the shell),
// the posting token never reaches Specbench, and the check cache is the Action's own: restored by
// actions/cache into the runner's temporary folder and named by CACHE_DIR, never a cache that came
// with the branch.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { copyContent, makeRepo } from '../git/repo.ts';
import { run } from './run.ts';

const ACTION = resolve('.github/actions/specbench');

describe("the Action's inputs", () => {
  it('reach Specbench as one argument each, whatever shell metacharacters they hold; the token stays with the posting script', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'specbench-inputs-'));
    const record = join(dir, 'calls.jsonl');
    const pwned = (n: number) => join(dir, `PWNED${n}`);
    const inputs = {
      SPECBENCH_SPEC: `sp ec; $(touch ${pwned(1)}) \`touch ${pwned(2)}\``,
      SPECBENCH_GAPS_FILE: `g'a"ps $HOME *.md`,
      SPECBENCH_TARGET_LEVEL: `$(touch ${pwned(3)})`,
      SPECBENCH_BASE: `origin/main; touch ${pwned(4)} #`,
    };
    const ran = await run(dir, 'bash', [join(ACTION, 'run.sh')], {
      ...inputs,
      SPECBENCH_COMMAND: `${process.execPath} ${resolve('test/action/record-args.mjs')}`,
      SPECBENCH_TOKEN: 'secret-token',
      GH_TOKEN: 'secret-token',
      RECORD_FILE: record,
    });
    expect(ran.code, ran.err).toBe(0);
    const calls = (await readFile(record, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as { args: string[]; token: string | null });
    const spec = inputs.SPECBENCH_SPEC;
    expect(calls.map((c) => c.args)).toEqual([
      ['check', '--spec', spec, '--format', 'github'],
      ['check', '--spec', spec, '--format', 'json', '--target-level', inputs.SPECBENCH_TARGET_LEVEL],
      ['gaps', '--spec', spec, '--check', inputs.SPECBENCH_GAPS_FILE],
      ['diff', '--spec', spec, '--base', inputs.SPECBENCH_BASE, '--budget', '1000000'],
    ]);
    expect(calls.map((c) => c.token)).toEqual([null, null, null, null]);
    for (const n of [1, 2, 3, 4]) expect(existsSync(pwned(n))).toBe(false);
    expect(ran.out).toContain('<!-- specbench-diff -->');
  });
});

describe("the Action's token", () => {
  it('is given only to the step that posts, which runs nothing of the branch (any process of a step can read the environment the step began with)', async () => {
    const all = (parse(await readFile(join(ACTION, 'action.yml'), 'utf8')) as { runs: { steps: Array<{ run?: string; env?: Record<string, string> }> } }).runs.steps;
    const holding = all.filter((s) => Object.values(s.env ?? {}).some((v) => v.includes('inputs.token')));
    expect(holding.map((s) => s.run)).toEqual(['bash "$GITHUB_ACTION_PATH/post.sh"']);
    expect(holding[0]?.env).not.toHaveProperty('SPECBENCH_COMMAND');
    const post = await readFile(join(ACTION, 'post.sh'), 'utf8');
    expect(post).not.toContain("SPECBENCH_COMMAND");
  });
});

describe("the Action's check cache", () => {
  const steps = async () => (parse(await readFile(join(ACTION, 'action.yml'), 'utf8')) as { runs: { steps: Array<{ id?: string; uses?: string; run?: string; with?: Record<string, string>; env?: Record<string, string> }> } }).runs.steps;

  it('is restored by actions/cache (a pinned major) into the runner\'s temporary folder, keyed by OS, version and settings, and named by CACHE_DIR', async () => {
    const all = await steps();
    const cache = all.find((s) => s.uses?.startsWith('actions/cache'));
    const main = all.find((s) => s.run?.includes('run.sh'));
    expect(cache?.uses).toMatch(/^actions\/cache@v\d+$/);
    expect(cache?.with?.path).toBe('${{ runner.temp }}/specbench-cache\n${{ runner.temp }}/specbench-key\n');
    expect(cache?.with?.key).toBe('${{ steps.cache-key.outputs.prefix }}${{ github.run_id }}-${{ github.run_attempt }}');
    expect(cache?.with?.['restore-keys']).toBe('${{ steps.cache-key.outputs.prefix }}');
    expect(main?.env?.CACHE_DIR).toBe('${{ runner.temp }}/specbench-cache');
    // The key its entries are sealed with is restored with it, outside the checkout.
    expect(main?.env?.SPECBENCH_KEY_DIR).toBe('${{ runner.temp }}/specbench-key');
    // The key's step comes before the cache's, which comes before the work.
    expect(all.findIndex((s) => s.id === 'cache-key')).toBeLessThan(all.indexOf(cache ?? {}));
    expect(all.indexOf(cache ?? {})).toBeLessThan(all.indexOf(main ?? {}));
  });

  it("has a key of the runner's OS, the tool's version and a digest of the spec folder's settings, and nothing else a value could put there", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'specbench-key-'));
    const key = async (env: Record<string, string>) => (await run(dir, process.execPath, [join(ACTION, 'cache-key.mjs')], env)).out;
    const { version } = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
    expect(await key({ SPECBENCH_SPEC: 'spec', SPECBENCH_RUNNER_OS: 'Linux' })).toBe(`prefix=specbench-check-Linux-${version}-none-\n`);
    await mkdir(join(dir, 'spec'));
    await writeFile(join(dir, 'spec', 'specbench.yaml'), 'levels: []\n');
    const one = await key({ SPECBENCH_SPEC: 'spec', SPECBENCH_RUNNER_OS: 'Linux' });
    expect(one).toMatch(new RegExp(`^prefix=specbench-check-Linux-${version.replace(/\./g, '\\.')}-[0-9a-f]{16}-\\n$`));
    await writeFile(join(dir, 'spec', 'specbench.yaml'), 'levels: [{ name: build }]\n');
    expect(await key({ SPECBENCH_SPEC: 'spec', SPECBENCH_RUNNER_OS: 'Linux' })).not.toBe(one);
    expect(await key({ SPECBENCH_SPEC: 'spec', SPECBENCH_RUNNER_OS: 'Lin\nux=x $(y)' })).toMatch(/^prefix=specbench-check-Lin_ux_x___y_-/);
  });

  it('is the one CACHE_DIR names: a cache inside the checkout is neither read nor written', async () => {
    const repo = await makeRepo();
    await copyContent(repo.root);
    // A project whose own cache folder would be node_modules/.cache/specbench/, as a branch could commit it.
    await writeFile(join(repo.root, 'package.json'), '{ "name": "orders-spec", "private": true }\n');
    await mkdir(join(repo.root, 'node_modules', '.cache', 'specbench'), { recursive: true });
    await repo.commit('The spec', {});
    const cacheDir = await mkdtemp(join(tmpdir(), 'specbench-runner-temp-'));
    const ran = await run(repo.root, 'bash', [join(ACTION, 'run.sh')], {
      SPECBENCH_SPEC: 'spec',
      SPECBENCH_BASE: 'HEAD',
      SPECBENCH_GAPS_FILE: 'none.md',
      SPECBENCH_COMMAND: `${process.execPath} ${resolve('src/cli/launch.mjs')}`,
      CACHE_DIR: cacheDir,
    });
    expect(ran.out).toContain('<!-- specbench-diff -->');
    expect((await readdir(join(cacheDir, 'specbench'))).some((f) => f.startsWith('results-'))).toBe(true);
    expect(await readdir(join(repo.root, 'node_modules', '.cache', 'specbench'))).toEqual([]);
  });
});
