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
    expect((await cli(['init', alone])).out).toContain('Started a git repository on main.');
    expect(await readdir(alone)).toContain('.git');
  });

  it('refuses a spec folder outside the repository', async () => {
    const made = await cli(['init', await fresh(), '--spec', '../elsewhere']);
    expect(made.code).toBe(2);
    expect(made.err).toContain('--spec `../elsewhere` is not a folder inside the project');
  });
});

/** Every `npm run <name>` the guide's pages name. */
async function guideScripts(): Promise<string[]> {
  const pages = (await readdir('src/site/guide', { recursive: true })).map(String).filter((f) => f.endsWith('.md'));
  const names = new Set<string>();
  for (const page of pages) for (const m of (await readFile(join('src/site/guide', page), 'utf8')).matchAll(/npm run ([a-z][a-z:-]*)/g)) names.add(m[1] ?? '');
  return [...names].sort();
}

/** The scripts of Specbench's own repository that the guide names where it says how Specbench itself is tested. */
const OWN_SCRIPTS = ['test:corpus', 'test:large'];

describe('specbench init: the first hour (issue 33)', () => {
  it('asks for the Node it needs, serves an icon, and has every npm script the guide names, each a command the CLI knows', async () => {
    const dir = await fresh();
    expect((await cli(['init', dir])).code).toBe(0);
    expect(await readFile(join(dir, '.nvmrc'), 'utf8')).toBe('22\n');
    const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as { engines: { node: string }; scripts: Record<string, string>; allowScripts: Record<string, boolean> };
    expect(pkg.engines.node).toBe('>=22.12.0');
    expect(await readFile(join(dir, 'public/favicon.svg'), 'utf8')).toMatch(/^<svg /);
    for (const name of await guideScripts()) if (!OWN_SCRIPTS.includes(name)) expect(Object.keys(pkg.scripts), `npm run ${name}`).toContain(name);
    for (const name of ['history', 'import', 'export', 'doc', 'mock', 'lsp', 'specbench']) expect(Object.keys(pkg.scripts)).toContain(name);
    // Each `specbench <command>` script names a command the command line has.
    const usage = (await cli(['--help'])).out;
    for (const [name, script] of Object.entries(pkg.scripts)) {
      const command = /^specbench (\S+)/.exec(script)?.[1];
      if (command !== undefined) expect(usage, `npm run ${name}`).toMatch(new RegExp(`^  ${command} `, 'm'));
    }
    expect(pkg.allowScripts).toEqual({ esbuild: true, '@scarf/scarf': false });
    expect(await readFile(join(dir, '.gitignore'), 'utf8')).toMatch(/^\*\.tgz$/m);
  });

  it('starts a new repository on main, and writes the workflows for the branch a repository around is on', async () => {
    const alone = await fresh();
    // Git's own default branch here is master, as on the machine of the issue: init runs git in this process, with this setting.
    const settings = join(alone, 'gitconfig');
    await writeFile(settings, '[init]\n\tdefaultBranch = master\n');
    const configured = { ...process.env, GIT_CONFIG_GLOBAL: settings };
    const before = process.env.GIT_CONFIG_GLOBAL;
    process.env.GIT_CONFIG_GLOBAL = settings;
    let made: Awaited<ReturnType<typeof cli>>;
    try {
      made = await cli(['init', join(alone, 'spec')]);
    } finally {
      if (before === undefined) delete process.env.GIT_CONFIG_GLOBAL;
      else process.env.GIT_CONFIG_GLOBAL = before;
    }
    expect(made.code, made.err).toBe(0);
    expect(execFileSync('git', ['symbolic-ref', '--short', 'HEAD'], { cwd: join(alone, 'spec'), encoding: 'utf8', env: configured }).trim()).toBe('main');
    expect(await readFile(join(alone, 'spec/.github/workflows/spec.yml'), 'utf8')).toContain('branches: ["main"]');
    const repo = await fresh();
    execFileSync('git', ['init', '--quiet'], { cwd: repo, env: configured });
    execFileSync('git', ['symbolic-ref', 'HEAD', 'refs/heads/trunk'], { cwd: repo });
    expect((await cli(['init', join(repo, 'api')])).code).toBe(0);
    // At the repository's root, where GitHub runs them (test/cli/init-in-repository.test.ts).
    expect(await readFile(join(repo, '.github/workflows/api-spec.yml'), 'utf8')).toContain('branches: ["trunk"]');
    expect(await readFile(join(repo, '.github/workflows/api-pages.yml'), 'utf8')).toContain('branches: ["trunk"]');
  });

  it('--example writes the complete example spec, which passes its own check with every gap closed', async () => {
    const dir = await fresh();
    const made = await cli(['init', dir, '--example']);
    expect(made.code, made.err).toBe(0);
    expect(made.out).toContain('the complete example (a small order service that uses every key)');
    const checked = await cli(['check', '--spec', join(dir, 'content')]);
    expect(checked.code, checked.out).toBe(0);
    expect(checked.out).toContain('no problems');
    expect((await readFile(join(dir, 'content/endpoints/import-orders.yaml'), 'utf8')).split('\n')[0]).toBe('# yaml-language-server: $schema=../../node_modules/specbench/src/schemas/endpoints.item.schema.json');
    expect(await readFile(join(dir, 'SPEC_GAPS.md'), 'utf8')).toContain('No open gaps');
  });

  it('--spec-only writes the spec folder and nothing else into a site that has its files, and says what to add', async () => {
    const site = await fresh();
    await writeFile(join(site, 'package.json'), '{ "name": "docs" }\n');
    await writeFile(join(site, 'astro.config.mjs'), 'export default {};\n');
    const made = await cli(['init', site, '--spec-only', '--spec', 'spec']);
    expect(made.code, made.err).toBe(0);
    expect((await readdir(site)).sort()).toEqual(['astro.config.mjs', 'package.json', 'spec']);
    expect(await readFile(join(site, 'package.json'), 'utf8')).toBe('{ "name": "docs" }\n');
    expect(await readFile(join(site, 'astro.config.mjs'), 'utf8')).toBe('export default {};\n');
    expect((await readdir(join(site, 'spec'))).sort()).toEqual(['authentication', 'endpoints', 'errors', 'events', 'limits', 'purpose', 'resources', 'states', 'versioning']);
    expect(made.out).toMatch(/^ {2}npm install specbench@\^\d+\.\d+\.\d+ /m);
    expect(made.out).toContain("  import specbench from 'specbench/starlight';\n");
    expect(made.out).toContain("  plugins: [specbench({ spec: 'spec', base: 'api' })],\n");
    // The install scripts npm asks about, the same entries init writes into a new repository's package.json.
    const line = /^ {2}"allowScripts": (\{.*\})$/m.exec(made.out)?.[1];
    expect(line).toBeDefined();
    const repository = await fresh();
    expect((await cli(['init', repository])).code).toBe(0);
    expect(JSON.parse(line ?? 'null')).toEqual((JSON.parse(await readFile(join(repository, 'package.json'), 'utf8')) as { allowScripts: unknown }).allowScripts);
    expect((await cli(['check', '--spec', join(site, 'spec')])).code).toBe(0);
  });
});
