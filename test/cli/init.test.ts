import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers.ts';

const fresh = () => mkdtemp(join(tmpdir(), 'specbench-init-'));
const modelineless = (text: string) => text.split('\n').slice(1).join('\n');

describe('specbench init', () => {
  it('writes the spec with its nine areas open exactly as this repository states them, and the SPEC_GAPS.md of that spec', async () => {
    const dir = await fresh();
    const made = await cli(['init', dir]);
    expect(made.code, made.err).toBe(0);
    for (const area of await readdir('content')) {
      const ours = await readFile(join('content', area, '_area.yaml'), 'utf8');
      const theirs = await readFile(join(dir, 'content', area, '_area.yaml'), 'utf8');
      expect(modelineless(theirs), area).toBe(modelineless(ours));
      expect(theirs.split('\n')[0]).toBe(`# yaml-language-server: $schema=../../node_modules/specbench/src/schemas/${area}.area.schema.json`);
    }
    expect(await readFile(join(dir, 'SPEC_GAPS.md'), 'utf8')).toBe(await readFile('SPEC_GAPS.md', 'utf8'));
    // The new repository's own spec passes its own check.
    const checked = await cli(['check', '--spec', join(dir, 'content')]);
    expect(checked.code, checked.out).toBe(0);
    const files = (await readdir(dir, { recursive: true })).map(String).filter((f) => !f.startsWith('.git/') && f !== '.git');
    for (const f of ['package.json', 'astro.config.mjs', 'README.md', '.gitignore', '.vscode/settings.json', '.github/workflows/spec.yml', '.github/workflows/pages.yml', 'src/content.config.ts']) expect(files, f).toContain(f);
    const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@astrojs/starlight', 'astro', 'specbench']);
    expect(pkg.scripts.test).toContain('specbench check');
    expect(await readFile(join(dir, '.github/workflows/spec.yml'), 'utf8')).toContain('uses: ./node_modules/specbench/.github/actions/specbench');
  });

  it('never overwrites a file: each one in the way is named, and --force replaces them (with --yes, one that no commit keeps)', async () => {
    const dir = await fresh();
    await writeFile(join(dir, 'README.md'), 'Our own README.\n');
    const refused = await cli(['init', dir]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/README\.md:1:1 error exists: specbench init never overwrites a file; .*--force/);
    expect(refused.err.split('\n').filter(Boolean)).toHaveLength(1);
    expect(await readFile(join(dir, 'README.md'), 'utf8')).toBe('Our own README.\n');
    expect(await readdir(dir)).toEqual(['README.md']);
    // Outside a git repository no commit keeps the file: --force alone names it and writes nothing.
    const forced = await cli(['init', dir, '--force']);
    expect(forced.code).toBe(1);
    expect(forced.err).toMatch(/README\.md:1:1 error uncommitted: it has no copy in any commit .*--yes/);
    expect(await readdir(dir)).toEqual(['README.md']);
    const replaced = await cli(['init', dir, '--force', '--yes']);
    expect(replaced.code, replaced.err).toBe(0);
    expect(replaced.out).toMatch(/^Replaced .*README\.md: it has no copy in any commit/m);
    expect(await readFile(join(dir, 'README.md'), 'utf8')).not.toBe('Our own README.\n');
  });

  it('puts the spec where --spec says, and keeps a git repository it is in', async () => {
    const repo = await fresh();
    execFileSync('git', ['init', '--quiet'], { cwd: repo });
    const dir = join(repo, 'api');
    const made = await cli(['init', dir, '--spec', 'spec']);
    expect(made.code, made.err).toBe(0);
    expect(made.out).toContain('It is part of the git repository around it.');
    expect(await readdir(join(dir, 'spec'))).toHaveLength(9);
    expect(await readFile(join(dir, 'astro.config.mjs'), 'utf8')).toContain("specbench({ spec: \"spec\" })");
    expect(JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')).scripts.check).toBe('specbench check --spec "spec"');
    // Its SPEC_GAPS.md is current by its own gaps:check (run where the project's scripts are), and names the project's scripts.
    const gapsCheck = execFileSync(process.execPath, [resolve('src/cli/launch.mjs'), 'gaps', '--spec', 'spec', '--check', 'SPEC_GAPS.md'], { cwd: dir, encoding: 'utf8' });
    expect(gapsCheck).toContain('SPEC_GAPS.md is current');
    expect(await readFile(join(dir, 'SPEC_GAPS.md'), 'utf8')).toContain('by `npm run gaps`; do not edit by hand. `npm run gaps:check` fails when it is stale.');
    expect(await readdir(dir)).not.toContain('.git');
    const alone = await fresh();
    expect((await cli(['init', alone])).out).toContain('Started a git repository.');
    expect(await readdir(alone)).toContain('.git');
  });

  it('refuses a spec folder outside the repository', async () => {
    const made = await cli(['init', await fresh(), '--spec', '../elsewhere']);
    expect(made.code).toBe(2);
    expect(made.err).toContain('--spec `../elsewhere` is not a folder inside the project');
  });
});
