import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { cli } from '../helpers.ts';

/** A git repository with one commit on `develop`, as the (repro-04) was. */
async function repository(): Promise<string> {
  const repo = await mkdtemp(join(tmpdir(), 'specbench-init-repo-'));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe' });
  git('init', '--quiet');
  git('symbolic-ref', 'HEAD', 'refs/heads/develop');
  git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '--quiet', '--allow-empty', '-m', 'start');
  return repo;
}

interface Step {
  run?: string;
  uses?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}
interface Workflow {
  name: string;
  on: { push?: { branches: string[] } };
  jobs: Record<string, { defaults?: { run?: { 'working-directory'?: string } }; steps: Step[] }>;
}
const workflow = async (path: string) => parse(await readFile(path, 'utf8')) as Workflow;

describe('specbench init in a folder of a git repository (issue 33, repro-04)', () => {
  it('writes the workflows at the repository root, where GitHub runs them, each step working in the folder', async () => {
    const repo = await repository();
    const made = await cli(['init', join(repo, 'api-spec')]);
    expect(made.code, made.err).toBe(0);
    expect(made.out).toContain("GitHub runs only the workflows at the repository's root, so they are there:");
    expect(made.out).toContain('.github/workflows/api-spec-spec.yml');
    expect(made.out).toContain('working in api-spec/');
    // Nothing GitHub would never read.
    expect(await readdir(join(repo, 'api-spec'))).not.toContain('.github');
    expect((await readdir(join(repo, '.github/workflows'))).sort()).toEqual(['api-spec-pages.yml', 'api-spec-spec.yml']);

    const scripts = (JSON.parse(await readFile(join(repo, 'api-spec/package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const check = await workflow(join(repo, '.github/workflows/api-spec-spec.yml'));
    expect(check.on.push?.branches).toEqual(['develop']);
    const job = Object.values(check.jobs)[0];
    expect(job?.defaults?.run?.['working-directory']).toBe('api-spec');
    // Every step runs in the folder: the project's own npm scripts, nothing that assumes the root.
    const runs = (job?.steps ?? []).flatMap((s) => (s.run ? [s.run] : []));
    expect(runs).toEqual(['npm install --no-audit --no-fund', 'npm run check', 'npm run gaps:check', 'npm run build']);
    for (const r of runs.slice(1)) expect(Object.keys(scripts)).toContain(r.replace('npm run ', ''));
    expect((job?.steps ?? []).every((s) => !s.uses?.startsWith('./'))).toBe(true);

    const pages = await workflow(join(repo, '.github/workflows/api-spec-pages.yml'));
    expect(pages.on.push?.branches).toEqual(['develop']);
    const build = pages.jobs.build;
    expect(build?.defaults?.run?.['working-directory']).toBe('api-spec');
    const steps = build?.steps ?? [];
    expect(steps.find((s) => s.uses?.startsWith('JamesIves/'))?.with?.folder).toBe('api-spec/dist');
    expect(steps.find((s) => s.env?.SPECBENCH_EDIT_URL)?.env?.SPECBENCH_EDIT_URL).toMatch(/\/edit\/\$\{\{ github\.ref_name \}\}\/api-spec\/content\/$/);
  });

  it('names the workflows after a nested folder, and refuses to overwrite one at the root', async () => {
    const repo = await repository();
    await mkdir(join(repo, '.github/workflows'), { recursive: true });
    await writeFile(join(repo, '.github/workflows/services-orders-spec.yml'), 'name: mine\n');
    const refused = await cli(['init', join(repo, 'services/orders')]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/\.github\/workflows\/services-orders-spec\.yml:1:1 error exists: specbench init never overwrites a file/);
    expect(await readFile(join(repo, '.github/workflows/services-orders-spec.yml'), 'utf8')).toBe('name: mine\n');
    expect(await readdir(repo)).not.toContain('services');
  });

  it('keeps the workflows in the project when it is the repository root', async () => {
    const repo = await repository();
    const made = await cli(['init', repo]);
    expect(made.code, made.err).toBe(0);
    expect(made.out).not.toContain("repository's root");
    expect((await readdir(join(repo, '.github/workflows'))).sort()).toEqual(['pages.yml', 'spec-preview.yml', 'spec.yml']);
  });
});
