import { execFile } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { basename, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { ALLOW_SCRIPTS, ASTRO_RANGE, initFiles, isSpecFolder, SPEC_FOLDER_RULE, STARLIGHT_RANGE, visible } from '../../lib/index.ts';
import { makeFolder, writeFileAtomic } from '../files.ts';
import { refusedLinks, refusedSpec } from '../init-guards.ts';
import { EXIT, UsageError, type Io } from '../io.ts';
import type { Options } from '../options.ts';
import { packageRoot } from '../package-root.ts';
import { shellWord } from '../rerun.ts';

const run = promisify(execFile);

/**
 * `specbench init [dir]`: a new spec repository in `dir` (default: here): the spec with its nine
 * areas open (`--example`: the complete example spec), SPEC_GAPS.md, a Starlight site with the
 * plugin, editor settings, workflows and a README. It never overwrites a file (each one in the way
 * is named; `--force` replaces them, but one with changes no commit keeps only with `--yes` as well,
 * and names it), and starts a git repository on `main` unless `dir` is already in one (whose
 * branch the workflows then run on). `--spec-only` writes the spec folder alone, into a site that
 * has its files, and says what to add to it.
 */
export async function initCommand(options: Options, io: Io, args: string[]): Promise<number> {
  const [target = '.', ...extra] = args;
  if (extra.length > 0) throw new UsageError(`unexpected argument \`${extra[0]}\``);
  const dir = resolve(target);
  const spec = (options.spec ?? 'content').split(sep).join('/');
  // The folder goes into npm scripts, workflows and the site's config: only a plain one is taken, before anything is written.
  if (!isSpecFolder(spec)) {
    io.err(`specbench: --spec \`${spec}\` is not ${SPEC_FOLDER_RULE}.\n`);
    return EXIT.usage;
  }
  const { version } = JSON.parse(await readFile(join(packageRoot(), 'package.json'), 'utf8')) as { version: string };
  const specOnly = options['spec-only'] === true;
  const example = options.example === true;
  // The workflows run on the branch the repository around is on (a new repository starts on main),
  // and at its root, the only place GitHub runs them, when that is above the project.
  const around = specOnly ? {} : await repositoryAround(dir);
  if (around.within !== undefined && !isSpecFolder(around.within)) {
    io.err(`specbench: the folder's path in its git repository, \`${visible(around.within)}\`, is not ${SPEC_FOLDER_RULE}: the workflows at the repository's root could not name it; choose a folder with a plain name.\n`);
    return EXIT.usage;
  }
  const { branch, within, root = dir } = around;
  const files = initFiles({ name: packageName(basename(dir)), spec, version, ...(example ? { example } : {}), ...(specOnly ? { specOnly } : {}), ...(branch ? { branch } : {}), ...(within ? { within } : {}) });
  // Each file from where its path starts: the project's folder, or the repository's root (the workflows of a project in a folder).
  const baseOf = (f: { from?: 'repository' }) => (f.from === 'repository' ? root : dir);
  const groups = [...new Set([dir, root])].map((base) => ({ base, paths: files.filter((f) => baseOf(f) === base).map((f) => f.path) }));
  const shownIn = (base: string) => (path: string) => relative(process.cwd(), join(base, path)).split(sep).join('/');
  // Before anything is written: a spec git would never commit, and links that would carry a write out of the project (issue 30).
  if (await refusedSpec(spec, dir, io)) return EXIT.usage;
  for (const { base, paths } of groups) if (await refusedLinks(base, paths, shownIn(base), io)) return EXIT.usage;
  const exists = async (base: string, path: string) => (await stat(join(base, path)).catch(() => undefined)) !== undefined;
  const taken = await Promise.all(groups.map(async ({ base, paths }) => ({ base, paths: (await Promise.all(paths.map(async (p) => ((await exists(base, p)) ? [p] : [])))).flat() })));
  if (taken.some((t) => t.paths.length > 0) && !options.force) {
    io.err(`${taken.flatMap(({ base, paths }) => paths.map((p) => `${shownIn(base)(p)}:1:1 error exists: specbench init never overwrites a file; move it away, or run again with --force to replace it.`)).join('\n')}\n`);
    return EXIT.problems;
  }
  // What --force would lose: a file in the way whose content no commit keeps.
  const unkept = new Map<string, string>();
  for (const { base, paths } of taken) for (const [p, why] of await uncommitted(base, paths)) unkept.set(shownIn(base)(p), why);
  if (unkept.size > 0 && !options.yes) {
    io.err(`${[...unkept].map(([p, why]) => `${p}:1:1 error uncommitted: ${why}; --force replaces it only with --yes as well (or commit it first).`).join('\n')}\n`);
    return EXIT.problems;
  }
  for (const f of files) {
    const path = join(baseOf(f), f.path);
    await makeFolder(join(path, '..'));
    await writeFileAtomic(path, f.text);
  }
  const cd = relative(process.cwd(), dir);
  if (specOnly) {
    io.out(specOnlyNext(spec, version, files.length, example, [...unkept].map(([p, why]) => `Replaced ${p}: ${why}.`)));
    return EXIT.ok;
  }
  const git = await startGit(dir);
  io.out(
    [
      `Wrote a spec repository${cd ? ` in ${cd}` : ''}: ${files.length} files, the spec in ${spec}/ ${example ? 'with the complete example (a small order service that uses every key)' : 'with its nine areas open'}.${git ? ` ${git}` : ''}`,
      ...(within === undefined ? [] : [rootWorkflows(files.filter((f) => f.from === 'repository').map((f) => shownIn(root)(f.path)), within)]),
      ...[...unkept].map(([p, why]) => `Replaced ${p}: ${why}.`),
      '',
      'Next:',
      ...(cd ? [`  cd ${shellWord(cd)}`] : []),
      '  npm install && npm run dev     # the site at http://localhost:4321',
      '  git add -A && git commit -m "Start the spec"',
      '',
    ].join('\n'),
  );
  return EXIT.ok;
}

/**
 * What `init --spec-only` says: the spec folder is written and nothing else, then the dependency
 * and the two lines of \`astro.config.mjs\` that show it in the site (the spec's pages under
 * \`/api/\`, beside the site's own).
 */
function specOnlyNext(spec: string, version: string, count: number, example: boolean, replaced: string[]): string {
  return [
    `Wrote the spec in ${spec}/: ${count} files, ${example ? 'the complete example (a small order service that uses every key)' : 'its nine areas open'}. No other file of the site was changed.`,
    ...replaced,
    '',
    'To show it in this Starlight site:',
    `  npm install specbench@^${version}     # needs astro ${ASTRO_RANGE} and @astrojs/starlight ${STARLIGHT_RANGE}`,
    '',
    "in package.json, the packages whose install scripts npm asks about, as init writes them for a new repository (esbuild's fetches the binary Astro's bundler needs):",
    `  "allowScripts": { ${Object.entries(ALLOW_SCRIPTS).map(([name, allowed]) => `${JSON.stringify(name)}: ${String(allowed)}`).join(', ')} }`,
    '',
    'and in astro.config.mjs, the import at the top and the plugin inside starlight({ ... }):',
    `  import specbench from 'specbench/starlight';`,
    // The folder follows the rule of \`isSpecFolder\`: nothing in it needs escaping inside single quotes.
    `  plugins: [specbench({ spec: '${spec}', base: 'api' })],`,
    '',
    "(`base` puts the spec's pages under /api/, beside the site's own; without it the spec is the whole site, and the plugin stops while the site has a home page of its own.)",
    '',
  ].join('\n');
}

/** What `init` says of workflows written at the root of the repository around the project. */
function rootWorkflows(paths: readonly string[], within: string): string {
  return `GitHub runs only the workflows at the repository's root, so they are there: ${paths.join(', ')}, each step working in ${within}/. The pull requests' previews and comment need the spec at a repository's root: they are left out.`;
}

/**
 * The git repository around `dir` (or around its nearest folder that exists): its branch, for the
 * workflows to run on (undefined on a detached head; a new repository starts on \`main\`), and when
 * its root is above \`dir\`, that root and \`dir\`'s path from it (\`within\`, with \`/\`). Nothing
 * outside a repository or without git.
 */
async function repositoryAround(dir: string): Promise<{ branch?: string; within?: string; root?: string }> {
  let at = dir;
  while (!(await stat(at).then((s) => s.isDirectory(), () => false))) {
    const up = resolve(at, '..');
    if (up === at) return {};
    at = up;
  }
  const git = (args: string[]) =>
    run('git', args, { cwd: at }).then(
      ({ stdout }) => stdout.trim(),
      () => undefined,
    );
  // The prefix is the nearest folder's path from the root (`sub/`), empty at the root; undefined outside a repository.
  const prefix = await git(['rev-parse', '--show-prefix']);
  if (prefix === undefined) return {};
  const branch = (await git(['symbolic-ref', '--quiet', '--short', 'HEAD'])) || undefined;
  const within = [...prefix.split('/'), ...relative(at, dir).split(sep)].filter(Boolean).join('/');
  if (within === '') return branch ? { branch } : {};
  // The root from the nearest folder by its prefix, up one folder for each name (not through links, as git found it).
  const root = resolve(at, ...prefix.split('/').filter(Boolean).map(() => '..'));
  return { ...(branch ? { branch } : {}), within, root };
}

/** A package name from a folder's name: lowercase, words joined by `-`. */
function packageName(folder: string): string {
  return folder.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[-._]+|[-._]+$/g, '') || 'spec';
}

/**
 * The files of `paths` (from `dir`) whose content no commit keeps, each with why: what git's status
 * says of it (changed, untracked, ignored) in a repository; every one of them outside a repository
 * (or without git). A file that is committed as it is is not named: git keeps it.
 */
async function uncommitted(dir: string, paths: readonly string[]): Promise<Map<string, string>> {
  const unkept = new Map<string, string>();
  if (paths.length === 0) return unkept;
  const prefix = await run('git', ['rev-parse', '--show-prefix'], { cwd: dir }).then(
    ({ stdout }) => stdout.trim(),
    () => undefined,
  );
  if (prefix === undefined) {
    for (const p of paths) unkept.set(p, 'it has no copy in any commit (no git repository here)');
    return unkept;
  }
  // -z: names as they are, whatever they hold; paths from the repository's root, so the prefix is taken off.
  const status = await run('git', ['--literal-pathspecs', 'status', '--porcelain=v1', '-z', '--untracked-files=all', '--ignored', '--', ...paths], { cwd: dir, maxBuffer: 16 * 1024 * 1024 }).then(
    ({ stdout }) => stdout,
    (error: unknown) => error,
  );
  if (typeof status !== 'string') {
    const said = status instanceof Error ? status.message.split('\n').find((line) => line.startsWith('fatal:')) ?? status.message : String(status);
    for (const p of paths) unkept.set(p, `git cannot say whether a commit keeps it (${said.trim()})`);
    return unkept;
  }
  const entries = status.split('\0');
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] ?? '';
    if (entry.length < 4) continue;
    const code = entry.slice(0, 2);
    // A rename or copy names where it came from next; that path is not one of ours.
    if (code.includes('R') || code.includes('C')) i++;
    const path = entry.slice(3);
    if (!path.startsWith(prefix)) continue;
    const why = code === '??' ? 'untracked' : code === '!!' ? 'ignored by git' : 'changed since the last commit';
    unkept.set(path.slice(prefix.length), `it has changes no commit keeps (${why})`);
  }
  return unkept;
}

/** Starts a git repository in `dir` unless it is in one already; says what it did, or nothing when git is not there. */
async function startGit(dir: string): Promise<string | undefined> {
  const inside = await run('git', ['rev-parse', '--is-inside-work-tree'], { cwd: dir }).then(
    () => true,
    (error: { code?: unknown }) => (error.code === 'ENOENT' ? undefined : false),
  );
  if (inside === undefined) return 'Git is not installed: the changelog and the gap history need a git repository.';
  if (inside) return 'It is part of the git repository around it.';
  await run('git', ['init', '--quiet'], { cwd: dir });
  // On main, where the workflows run, whatever git's default branch is here (`init -b` needs git 2.28).
  await run('git', ['symbolic-ref', 'HEAD', 'refs/heads/main'], { cwd: dir });
  return 'Started a git repository on main.';
}
