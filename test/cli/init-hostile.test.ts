import { execFile, execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, realpath, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { initFiles, specOutOfGit } from '../../src/lib/index.ts';
import { cli } from '../helpers.ts';

const run = promisify(execFile);
const fresh = () => mkdtemp(join(tmpdir(), 'specbench-init-hostile-'));

/** Every file under `dir` (links not followed), with its text, so a test can say nothing changed. */
async function contents(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    const key = path.slice(dir.length + 1);
    if (/(^|\/)\.git(\/|$)/.test(key)) continue;
    out[key] = entry.isSymbolicLink() ? `-> ${await realpath(path).catch(() => '?')}` : entry.isFile() ? await readFile(path, 'utf8') : '/';
  }
  return out;
}

/** A project folder `project` beside an `outside` folder, in a parent of their own; `project` is a git repository. */
async function beside(): Promise<{ parent: string; project: string; outside: string }> {
  const parent = await fresh();
  const project = join(parent, 'project');
  const outside = join(parent, 'outside');
  await mkdir(project);
  await mkdir(outside);
  execFileSync('git', ['init', '--quiet'], { cwd: project });
  return { parent, project, outside };
}

describe('specbench init never writes through a symbolic link (issue 30, I1)', () => {
  it('refuses `.github -> ../out5` even with --force (the tester\'s case, as a real process): the link is named, exit 2, the outside workflow kept', async () => {
    const parent = await fresh();
    await mkdir(join(parent, 'i5'));
    await mkdir(join(parent, 'out5', 'workflows'), { recursive: true });
    await writeFile(join(parent, 'out5', 'workflows', 'spec.yml'), 'PRECIOUS user workflow\n');
    execFileSync('git', ['init', '--quiet'], { cwd: join(parent, 'i5') });
    await symlink('../out5', join(parent, 'i5', '.github'));
    const before = await contents(parent);

    for (const flags of [['--force'], ['--force', '--yes']]) {
      // The sources as they are (no bundle): the working tree is shared, and a bundle remade meanwhile is not what is tested here.
      const made = await run(process.execPath, [resolve('src/cli/launch.mjs'), 'init', 'i5', ...flags], { cwd: parent, env: { ...process.env, SPECBENCH_NO_BUNDLE: '1' } }).then(
        ({ stdout, stderr }) => ({ code: 0, out: stdout, err: stderr }),
        (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? -1, out: error.stdout ?? '', err: error.stderr ?? '' }),
      );
      expect(made.code, made.err).toBe(2);
      expect(made.out).toBe('');
      expect(made.err.split('\n').filter(Boolean)).toEqual([
        `i5/.github:1:1 error link: \`.github\` is a symbolic link to \`../out5\` (outside the project: ${await realpath(join(parent, 'out5'))}); specbench init writes nothing through a link, since git keeps the link and not what is behind it; replace it with a folder or move it away, then run init again.`,
      ]);
      expect(await readFile(join(parent, 'out5', 'workflows', 'spec.yml'), 'utf8')).toBe('PRECIOUS user workflow\n');
      expect(await contents(parent)).toEqual(before);
    }
  });

  it.each(['src', 'content', '.vscode', '.github'])('refuses a link `%s -> ../outside` without --force, and writes nothing, outside or in', async (name) => {
    const { project, outside } = await beside();
    await symlink('../outside', join(project, name));
    const made = await cli(['init', project]);
    expect(made.code, made.err).toBe(2);
    expect(made.err.split('\n').filter(Boolean)).toEqual([expect.stringMatching(new RegExp(`project/${name.replace('.', '\\.')}:1:1 error link: \`${name.replace('.', '\\.')}\` is a symbolic link to \`\\.\\./outside\` \\(outside the project: .*outside\\); specbench init writes nothing through a link`))]);
    expect(await readdir(outside)).toEqual([]);
    expect((await readdir(project)).sort()).toEqual(['.git', name].sort());
  });

  it('names every link in the way, one line each, and only the topmost of a path', async () => {
    const { project, outside } = await beside();
    await mkdir(join(outside, 'nested'));
    await symlink('../outside', join(project, 'src'));
    await symlink('../outside/nested', join(project, 'content'));
    // A link inside a linked folder is not ours to name: what is behind `src` is not the project.
    await symlink('/', join(outside, 'content.config.ts'));
    const made = await cli(['init', project, '--force', '--yes']);
    expect(made.code).toBe(2);
    const lines = made.err.split('\n').filter(Boolean);
    expect(lines).toEqual([expect.stringMatching(/project\/content:1:1 error link: `content` is a symbolic link to `\.\.\/outside\/nested`/), expect.stringMatching(/project\/src:1:1 error link: `src` is a symbolic link to `\.\.\/outside`/)]);
    expect((await readdir(outside)).sort()).toEqual(['content.config.ts', 'nested']);
    expect(await readdir(join(outside, 'nested'))).toEqual([]);
  });

  it('refuses a link to a file outside that --force --yes would replace, and a nested spec folder behind a link', async () => {
    const { project, outside } = await beside();
    await writeFile(join(outside, 'README.md'), 'Not the project\'s.\n');
    await symlink('../outside/README.md', join(project, 'README.md'));
    await symlink('../outside', join(project, 'docs'));
    const made = await cli(['init', project, '--spec', 'docs/spec', '--force', '--yes']);
    expect(made.code).toBe(2);
    expect(made.err.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/project\/README\.md:1:1 error link: `README\.md` is a symbolic link to `\.\.\/outside\/README\.md` \(outside the project/),
      expect.stringMatching(/project\/docs:1:1 error link: `docs` is a symbolic link to `\.\.\/outside` \(outside the project/),
    ]);
    expect(await contents(outside)).toEqual({ 'README.md': 'Not the project\'s.\n' });
  });

  it('refuses a link that stays inside the project, and links to what is not there yet, saying where each leads', async () => {
    const { parent, project } = await beside();
    await mkdir(join(project, 'docs'));
    await symlink('docs', join(project, 'content'));
    await symlink('../nowhere', join(project, '.vscode'));
    await symlink('missing', join(project, 'src'));
    const made = await cli(['init', project]);
    expect(made.code).toBe(2);
    expect(made.err.split('\n').filter(Boolean)).toEqual([
      expect.stringContaining(`project/.vscode:1:1 error link: \`.vscode\` is a symbolic link to \`../nowhere\` (outside the project: ${join(await realpath(parent), 'nowhere')}); `),
      expect.stringContaining('project/content:1:1 error link: `content` is a symbolic link to `docs` (inside the project); '),
      expect.stringContaining('project/src:1:1 error link: `src` is a symbolic link to `missing` (inside the project); '),
    ]);
    expect(await readdir(join(project, 'docs'))).toEqual([]);
    expect(await readdir(parent)).toEqual(['outside', 'project']);
  });

  it('shows a link\'s target with its control characters made visible', async () => {
    const { project } = await beside();
    await symlink('../\u001b[31mred', join(project, 'src'));
    const made = await cli(['init', project]);
    expect(made.code).toBe(2);
    expect(made.err).toContain('symbolic link to `../␛[31mred`');
    expect(made.err).not.toContain('\u001b');
  });

  it('still makes a project reached through a link to it (the project is where the link leads)', async () => {
    const parent = await fresh();
    await mkdir(join(parent, 'real'));
    await symlink('real', join(parent, 'via'));
    const made = await cli(['init', join(parent, 'via')]);
    expect(made.code, made.err).toBe(0);
    expect(await readdir(join(parent, 'real', 'content'))).toHaveLength(9);
  });
});

describe('specbench init --spec refuses a folder git would never commit (issue 30, I2)', () => {
  const gitignore = initFiles({ name: 'x', spec: 'content', version: '1.0.0' }).find((f) => f.path === '.gitignore')?.text ?? '';

  it.each(['.git', '.git/spec', 'docs/.git', '.GIT'])('refuses %j: git\'s own folder, named with --spec, exit 2, nothing written', async (spec) => {
    const { project } = await beside();
    const made = await cli(['init', project, '--spec', spec]);
    expect(made.code).toBe(2);
    expect(made.err).toBe(`specbench: --spec \`${spec}\`: \`.git\` is git's own folder: nothing inside it is ever committed; choose a folder git keeps, e.g. \`content\` or \`docs/spec\`.\n`);
    expect(made.out).toBe('');
    expect(await readdir(project)).toEqual(['.git']);
    expect((await readdir(join(project, '.git'))).filter((f) => f === 'endpoints' || f === 'spec' || f === 'purpose')).toEqual([]);
  });

  it.each([
    ['node_modules', 'node_modules', 'node_modules/'],
    ['dist', 'dist', 'dist/'],
    ['.astro', '.astro', '.astro/'],
    ['docs/node_modules/spec', 'docs/node_modules', 'node_modules/'],
    ['Node_Modules', 'Node_Modules', 'node_modules/'],
  ])('refuses %j, which the .gitignore init writes ignores, naming the line', async (spec, folder, line) => {
    const { project } = await beside();
    const made = await cli(['init', project, '--spec', spec]);
    expect(made.code).toBe(2);
    expect(made.err).toBe(`specbench: --spec \`${spec}\`: the \`.gitignore\` init writes ignores \`${folder}\` (its line \`${line}\`): git would never commit the spec; choose a folder git keeps, e.g. \`content\` or \`docs/spec\`.\n`);
    expect(await readdir(project)).toEqual(['.git']);
  });

  it('refuses a folder the rules of the git repository around ignore, naming the rule', async () => {
    const { project } = await beside();
    await writeFile(join(project, '.gitignore'), '# generated\nsite/spec/\n');
    const made = await cli(['init', join(project, 'site'), '--spec', 'spec']);
    expect(made.code).toBe(2);
    expect(made.err).toBe("specbench: --spec `spec`: the git repository it is in ignores it (.gitignore:2: `site/spec/`): git would never commit the spec; choose a folder git keeps, e.g. `content` or `docs/spec`.\n");
    expect((await readdir(project)).sort()).toEqual(['.git', '.gitignore']);
  });

  it('holds for --spec-only too: an ignored folder (by the .gitignore init would write, or by the site\'s own) and a link in the way are refused', async () => {
    const { project, outside } = await beside();
    await writeFile(join(project, 'package.json'), '{ "name": "site" }\n');
    await writeFile(join(project, '.gitignore'), 'generated/\n');
    const before = await contents(project);
    const ignored = await cli(['init', project, '--spec-only', '--spec', 'node_modules']);
    expect(ignored.code).toBe(2);
    expect(ignored.err).toMatch(/^specbench: --spec `node_modules`: the `\.gitignore` init writes ignores `node_modules` \(its line `node_modules\/`\)/);
    const own = await cli(['init', project, '--spec-only', '--spec', 'generated/spec']);
    expect(own.code).toBe(2);
    expect(own.err).toMatch(/^specbench: --spec `generated\/spec`: the git repository it is in ignores it \(\.gitignore:1: `generated\/`\)/);
    await symlink('../outside', join(project, 'spec'));
    const linked = await cli(['init', project, '--spec-only', '--spec', 'spec', '--force', '--yes']);
    expect(linked.code).toBe(2);
    expect(linked.err.split('\n').filter(Boolean)).toEqual([expect.stringMatching(/project\/spec:1:1 error link: `spec` is a symbolic link to `\.\.\/outside` \(outside the project/)]);
    expect(await readdir(outside)).toEqual([]);
    expect(await contents(project)).toEqual({ ...before, spec: `-> ${await realpath(outside)}` });
  });

  it('refuses a folder named by each line of the .gitignore init writes, whatever that file holds (one source of truth)', () => {
    const lines = gitignore.split('\n').filter((l) => l !== '' && !l.startsWith('#') && !l.startsWith('!'));
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) {
      const folder = line.replace(/^\/|\/$/g, '').replace(/\*/g, 'x');
      expect(specOutOfGit(folder), line).toMatch(/^the `\.gitignore` init writes ignores/);
      expect(specOutOfGit(`a/${folder}/b`), line).toBeDefined();
    }
  });

  it('takes the folders git keeps, and reads a .gitignore as git does (anchored lines, re-included names)', () => {
    for (const spec of ['content', 'docs/spec', 'distribution', 'my-dist', 'node_modules_x', '.github/spec', 'git', 'x.git']) expect(specOutOfGit(spec), spec).toBeUndefined();
    const own = '# ours\n/build/\ncache\n*.tmp\n!keep.tmp\nlogs/ \n';
    expect(specOutOfGit('build', own)).toMatch(/its line `\/build\/`/);
    expect(specOutOfGit('docs/build', own)).toBeUndefined();
    expect(specOutOfGit('docs/cache/spec', own)).toMatch(/ignores `docs\/cache` \(its line `cache`\)/);
    expect(specOutOfGit('a.tmp', own)).toMatch(/its line `\*\.tmp`/);
    expect(specOutOfGit('keep.tmp', own)).toBeUndefined();
    expect(specOutOfGit('logs', own)).toMatch(/its line `logs\/`/);
  });
});
