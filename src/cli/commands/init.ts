import { execFile } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { basename, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { initFiles } from '../../lib/index.ts';
import { makeFolder, writeFileAtomic } from '../files.ts';
import { EXIT, UsageError, type Io } from '../io.ts';
import type { Options } from '../options.ts';
import { packageRoot } from '../package-root.ts';

const run = promisify(execFile);

/**
 * `specbench init [dir]`: a new spec repository in `dir` (default: here): the spec with its nine
 * areas open, SPEC_GAPS.md, a Starlight site with the plugin, editor settings, workflows and a
 * README. It never overwrites a file (each one in the way is named; `--force` replaces them), and
 * starts a git repository unless `dir` is already in one.
 */
export async function initCommand(options: Options, io: Io, args: string[]): Promise<number> {
  const [target = '.', ...extra] = args;
  if (extra.length > 0) throw new UsageError(`unexpected argument \`${extra[0]}\``);
  const dir = resolve(target);
  const spec = (options.spec ?? 'content').split(sep).join('/').replace(/^\.\/|\/$/g, '');
  if (spec === '' || spec.startsWith('/') || spec.split('/').includes('..')) throw new UsageError(`--spec \`${spec}\` is not a folder inside the repository; give one such as \`content\` or \`spec\``);
  const { version } = JSON.parse(await readFile(join(packageRoot(), 'package.json'), 'utf8')) as { version: string };
  const files = initFiles({ name: packageName(basename(dir)), spec, version });
  const shown = (path: string) => relative(process.cwd(), join(dir, path)).split(sep).join('/');
  if (!options.force) {
    const taken = (await Promise.all(files.map(async (f) => ((await stat(join(dir, f.path)).catch(() => undefined)) ? [f.path] : [])))).flat();
    if (taken.length > 0) {
      io.err(`${taken.map((p) => `${shown(p)}:1:1 error exists: specbench init never overwrites a file; move it away, or run again with --force to replace it.`).join('\n')}\n`);
      return EXIT.problems;
    }
  }
  for (const f of files) {
    const path = join(dir, f.path);
    await makeFolder(join(path, '..'));
    await writeFileAtomic(path, f.text);
  }
  const git = await startGit(dir);
  const cd = relative(process.cwd(), dir);
  io.out(
    [
      `Wrote a spec repository${cd ? ` in ${cd}` : ''}: ${files.length} files, the spec in ${spec}/ with its nine areas open.${git ? ` ${git}` : ''}`,
      '',
      'Next:',
      ...(cd ? [`  cd ${cd}`] : []),
      '  npm install && npm run dev     # the site at http://localhost:4321',
      '  git add -A && git commit -m "Start the spec"',
      '',
    ].join('\n'),
  );
  return EXIT.ok;
}

/** A package name from a folder's name: lowercase, words joined by `-`. */
function packageName(folder: string): string {
  return folder.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[-._]+|[-._]+$/g, '') || 'spec';
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
  return 'Started a git repository.';
}
