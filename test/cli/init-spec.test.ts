import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { initFiles } from '../../src/lib/index.ts';
import { yamlString } from '../../src/lib/scaffold/spec-folder.ts';
import { cli } from '../helpers.ts';

const run = promisify(execFile);
const fresh = () => mkdtemp(join(tmpdir(), 'specbench-init-spec-'));

/** `--spec` values that are not a plain folder inside the project, each of which `init` once wrote into its scripts and workflows (issue 30). */
const REFUSED = [
  '$(touch PWNED_spec)',
  '`touch PWNED_tick`',
  'a: b',
  '#x',
  'a b',
  "'q'",
  '"q"',
  'x;y',
  'x&&y',
  '.',
  '..',
  '../x',
  'docs/../x',
  'docs/./spec',
  './content',
  'content/',
  'docs//spec',
  '/abs',
  '-x',
  '',
];

/** A `specbench` on PATH that runs this checkout's command line, as the package's bin would in the new project. */
async function specbenchOnPath(): Promise<string> {
  const bin = await fresh();
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  await writeFile(join(bin, 'specbench'), `#!/bin/sh\nexec ${quote(process.execPath)} ${quote(resolve('src/cli/launch.mjs'))} "$@"\n`);
  await chmod(join(bin, 'specbench'), 0o755);
  return bin;
}

describe('specbench init --spec', () => {
  it.each(REFUSED)('refuses %j in one line naming --spec and the rule, exit 2, and writes nothing', async (value) => {
    const parent = await fresh();
    // `--spec=VALUE`: the parser itself refuses a value that starts with `-` when it is the next argument.
    const made = await cli(['init', join(parent, 'repo'), `--spec=${value}`]);
    expect(made.code).toBe(2);
    expect(made.err.split('\n').filter(Boolean)).toEqual([expect.stringMatching(/^specbench: --spec `.*` is not a folder inside the project, written as names of letters, digits, `-`, `_` and `\.` joined by `\/`/)]);
    expect(made.out).toBe('');
    expect(await readdir(parent)).toEqual([]);
    expect(await readdir('.')).not.toContain('PWNED_spec');
  });

  it('refuses to make the files of a hostile folder even when asked through the core', () => {
    for (const value of REFUSED) expect(() => initFiles({ name: 'x', spec: value, version: '1.0.0' }), value).toThrow(/is not a folder inside the project/);
  });

  it('writes a YAML value that reads back as itself, whatever it holds', () => {
    for (const value of [...REFUSED, 'docs/spec', 'a\nb: c', '${{ secrets.X }}', 'x'.repeat(300)]) expect(parse(`with:\n  spec: ${yamlString(value)}\n`), value).toEqual({ with: { spec: value } });
  });

  it('takes a nested folder: the workflows check and publish exactly it, quoted, and the npm scripts run on it', async () => {
    const dir = join(await fresh(), 'orders');
    const made = await cli(['init', dir, '--spec', 'docs/spec']);
    expect(made.code, made.err).toBe(0);
    expect(await readdir(join(dir, 'docs', 'spec'))).toHaveLength(9);

    const specYml = await readFile(join(dir, '.github/workflows/spec.yml'), 'utf8');
    expect(specYml).toContain('spec: "docs/spec"\n');
    const workflow = parse(specYml) as { jobs: { check: { steps: Array<{ uses?: string; with?: Record<string, unknown> }> } } };
    const action = workflow.jobs.check.steps.filter((s) => s.uses === './node_modules/specbench/.github/actions/specbench');
    expect(action).toEqual([{ uses: './node_modules/specbench/.github/actions/specbench', with: { spec: 'docs/spec', comment: 'false', preview: 'true', 'pages-url': '${{ vars.SPECBENCH_PAGES_URL }}' } }]);
    const pages = parse(await readFile(join(dir, '.github/workflows/pages.yml'), 'utf8')) as { jobs: { build: { steps: Array<{ name?: string; env?: Record<string, string> }> } } };
    const build = pages.jobs.build.steps.find((s) => s.name === 'Build');
    expect(build?.env?.SPECBENCH_EDIT_URL).toBe('${{ github.server_url }}/${{ github.repository }}/edit/${{ github.ref_name }}/docs/spec/');

    const scripts = (JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.check).toBe('specbench check --spec "docs/spec"');
    expect(scripts['gaps:check']).toBe('specbench gaps --spec "docs/spec" --check SPEC_GAPS.md');
    expect(await readFile(join(dir, 'astro.config.mjs'), 'utf8')).toContain('specbench({ spec: "docs/spec" })');

    // The scripts as npm runs them, through a shell: the check passes, the report is current, and
    // rewriting it changes nothing (its header names the project's own scripts).
    const env = { ...process.env, PATH: `${await specbenchOnPath()}${delimiter}${process.env.PATH ?? ''}` };
    const npm = (script: string) => run('npm', ['run', '--silent', script], { cwd: dir, env });
    expect((await npm('check')).stdout).toMatch(/^no problems/i);
    expect((await npm('gaps:check')).stdout).toContain('SPEC_GAPS.md is current');
    const report = await readFile(join(dir, 'SPEC_GAPS.md'), 'utf8');
    expect(report).toContain('from `docs/spec/` by `npm run gaps`');
    await npm('gaps');
    expect(await readFile(join(dir, 'SPEC_GAPS.md'), 'utf8')).toBe(report);
    expect((await npm('gaps:check')).stdout).toContain('SPEC_GAPS.md is current');
  }, 120_000);
});
