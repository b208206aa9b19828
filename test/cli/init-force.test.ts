import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers.ts';

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd, encoding: 'utf8' });

/** A real git repository with `files` committed. */
async function repository(files: Record<string, string>): Promise<string> {
  const repo = await mkdtemp(join(tmpdir(), 'specbench-init-force-'));
  git(repo, 'init', '--quiet', '-b', 'main');
  await put(repo, files);
  git(repo, 'add', '-A');
  git(repo, 'commit', '--quiet', '-m', 'Start');
  return repo;
}

async function put(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
}

describe('specbench init --force in a git repository (issue 30)', () => {
  it('names each file in the way that no commit keeps and replaces none without --yes; with it, replaces them and names them', async () => {
    // The project is a folder of a larger repository: git names paths from the repository's root.
    const repo = await repository({ '.gitignore': 'site/.vscode/\n', 'site/README.md': 'Our README.\n', 'site/astro.config.mjs': 'export default {};\n' });
    const site = join(repo, 'site');
    await put(site, {
      'README.md': 'Our README, edited.\n', // changed since the commit
      'package.json': '{ "name": "ours" }\n', // never committed
      'src/content.config.ts': '// staged only\n',
      '.vscode/settings.json': '{ "ours": true }\n', // ignored
    });
    git(repo, 'add', 'site/src/content.config.ts');
    const before = git(repo, 'status', '--porcelain', '--ignored');

    const refused = await cli(['init', site, '--force']);
    expect(refused.code).toBe(1);
    const lines = refused.err.split('\n').filter(Boolean);
    const named = (file: string, why: string) => expect.stringMatching(new RegExp(`site/${file.replace(/\./g, '\\.')}:1:1 error uncommitted: it has changes no commit keeps \\(${why}\\); --force replaces it only with --yes as well`));
    expect(lines).toEqual(
      expect.arrayContaining([
        named('.vscode/settings.json', 'ignored by git'),
        named('README.md', 'changed since the last commit'),
        named('package.json', 'untracked'),
        named('src/content.config.ts', 'changed since the last commit'),
      ]),
    );
    // astro.config.mjs is in the way too, but a commit keeps it as it is: not named.
    expect(lines).toHaveLength(4);
    // Nothing written.
    expect(await readFile(join(site, 'README.md'), 'utf8')).toBe('Our README, edited.\n');
    expect(await readFile(join(site, 'astro.config.mjs'), 'utf8')).toBe('export default {};\n');
    expect((await readdir(site)).sort()).toEqual(['.vscode', 'README.md', 'astro.config.mjs', 'package.json', 'src']);
    expect(git(repo, 'status', '--porcelain', '--ignored')).toBe(before);

    const replaced = await cli(['init', site, '--force', '--yes']);
    expect(replaced.code, replaced.err).toBe(0);
    const said = replaced.out.split('\n').filter((l) => l.startsWith('Replaced '));
    expect(said).toHaveLength(4);
    expect(said.join('\n')).toMatch(/^Replaced .*site\/README\.md: it has changes no commit keeps \(changed since the last commit\)\.$/m);
    expect(said.join('\n')).toMatch(/^Replaced .*site\/package\.json: it has changes no commit keeps \(untracked\)\.$/m);
    expect(said.join('\n')).not.toContain('astro.config.mjs');
    expect(await readFile(join(site, 'README.md'), 'utf8')).toContain('written with [Specbench]');
    expect(await readFile(join(site, 'astro.config.mjs'), 'utf8')).toContain("import specbench from 'specbench/starlight';");
    expect(JSON.parse(await readFile(join(site, 'package.json'), 'utf8')).name).toBe('site');
  });

  it('replaces files that a commit keeps as they are with --force alone, as before', async () => {
    const repo = await repository({ 'README.md': 'Our README.\n', '.gitignore': 'node_modules/\n' });
    const made = await cli(['init', repo, '--force']);
    expect(made.code, made.err).toBe(0);
    expect(made.out).not.toContain('Replaced');
    expect(await readFile(join(repo, 'README.md'), 'utf8')).toContain('written with [Specbench]');
    // git keeps what was replaced.
    expect(git(repo, 'show', 'HEAD:README.md')).toBe('Our README.\n');
  });

  it('never replaces a file in the way without --force, whatever --yes says', async () => {
    const repo = await repository({ 'README.md': 'Our README.\n' });
    const refused = await cli(['init', repo, '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/README\.md:1:1 error exists: specbench init never overwrites a file/);
    expect(await readFile(join(repo, 'README.md'), 'utf8')).toBe('Our README.\n');
  });
});
