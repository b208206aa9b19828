// The package as a new user gets it (`npm run test:package`; CI runs it; it installs from the npm
// registry): `npm pack`, then, in a folder outside this repository, `specbench init`, install, check,
// build, and the GitHub Action's script on a repository of two commits.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'node-html-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { AREAS, DIFF_MARKER } from '../../src/lib/index.ts';
import { userEnv } from '../site/build.ts';

type Ran = { code: number; out: string };

/** A command in a folder, with this run's Node first on the PATH (the machine's own may be older). */
async function sh(cwd: string, command: string, args: string[], env: Record<string, string> = {}): Promise<Ran> {
  const PATH = `${resolve('node_modules', '.bin')}:${process.env.PATH ?? ''}`;
  // Not the test runner's environment: Vite reads VITEST and NODE_ENV=test as running under Vitest.
  const base = Object.fromEntries(Object.entries(userEnv()).filter(([k]) => !k.startsWith('npm_')));
  return promisify(execFile)(command, args, { cwd, env: { ...base, PATH, NO_COLOR: '1', ASTRO_TELEMETRY_DISABLED: '1', ...env }, maxBuffer: 64 * 1024 * 1024 }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: `${e.stdout}${e.stderr}` }),
  );
}

const ok = (ran: Ran) => expect(ran.code, ran.out.slice(-4000)).toBe(0);

describe('the package, installed as a user installs it', () => {
  let tarball: string;
  let repo: string;
  beforeAll(async () => {
    const packed = await mkdtemp(join(tmpdir(), 'specbench-pack-'));
    const pack = await sh('.', 'npm', ['pack', '--pack-destination', packed, '--silent']);
    ok(pack);
    tarball = join(packed, (await readdir(packed)).find((f) => f.endsWith('.tgz')) ?? '');
    repo = join(await mkdtemp(join(tmpdir(), 'specbench-user-')), 'orders-spec');
    // `npx specbench init`, from the tarball: nothing of this repository is used.
    ok(await sh(tmpdir(), 'npm', ['exec', '--yes', '--prefer-offline', `--package=${tarball}`, '--', 'specbench', 'init', repo]));
    // The new repository depends on the version being published; here, on the tarball.
    ok(await sh(repo, 'npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball]));
  }, 900_000);

  it('packs only what users need, with a bundle made at pack time and nothing of this repository', async () => {
    const listed = (await sh('.', 'tar', ['-tzf', tarball])).out.split('\n').filter(Boolean);
    expect(listed).toContain('package/src/bundle/cli.mjs');
    expect(listed).toContain('package/.github/actions/specbench/action.yml');
    expect(listed.filter((f) => /^package\/(test|content|\.ci|\.scratch)\//.test(f) || f.endsWith('.test.ts'))).toEqual([]);
    expect(JSON.parse(await readFile(join(repo, 'node_modules', 'specbench', 'package.json'), 'utf8')).engines.node).toBe('>=22.12.0');
  });

  it('makes a spec repository whose spec checks, whose test passes and whose site builds: the dashboard, the nine areas, all gaps', async () => {
    ok(await sh(repo, 'npx', ['--no-install', 'specbench', 'check']));
    ok(await sh(repo, 'npm', ['test']));
    const site = await readdir(join(repo, 'dist'), { recursive: true });
    for (const page of ['index.html', 'gaps/index.html', 'changelog/index.html', ...AREAS.map((a) => `${a.key}/index.html`)]) expect(site, page).toContain(page);
  }, 600_000);

  it("runs the GitHub Action's script on two commits: checks pass and the comment says what the second closed", async () => {
    const git = (...args: string[]) => sh(repo, 'git', ['-c', 'user.name=Ada', '-c', 'user.email=ada@example.com', ...args]);
    ok(await git('add', '-A'));
    ok(await git('commit', '--quiet', '-m', 'Start the spec'));
    const purpose = join(repo, 'content', 'purpose', '_area.yaml');
    await writeFile(purpose, (await readFile(purpose, 'utf8')).replace('name: { open: true }', 'name: Orders'));
    ok(await sh(repo, 'npm', ['run', 'gaps']));
    ok(await git('commit', '--quiet', '-am', 'Name the service'));
    const action = await sh(repo, 'bash', ['node_modules/specbench/.github/actions/specbench/run.sh'], { SPECBENCH_BASE: 'HEAD~1' });
    ok(action);
    expect(action.out).toContain(DIFF_MARKER);
    expect(action.out).toMatch(/Gaps closed \(1\)[\s\S]*`purpose\/name`/);
    // The changelog is the spec's own: its two commits, and nothing of Specbench's.
    ok(await sh(repo, 'npm', ['run', 'build']));
    const changelog = parse(await readFile(join(repo, 'dist', 'changelog', 'index.html'), 'utf8'));
    expect(changelog.querySelectorAll('section.commit h2').map((h) => h.text.trim())).toEqual(['Name the service', 'Start the spec']);
  }, 600_000);
});
