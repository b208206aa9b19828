import { execFile } from 'node:child_process';
import { lstat, readlink, realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { specOutOfGit, visible } from '../lib/index.ts';
import type { Io } from './io.ts';

const run = promisify(execFile);

/**
 * Says why `init` must not make the spec in `spec` under `dir`, in one line naming `--spec`; true
 * when it said so: `.git`, a folder the `.gitignore` init writes ignores, or one the rules of the
 * git repository `dir` is in ignore (with `--spec-only`, the site's own `.gitignore`): git would
 * never commit the spec.
 */
export async function refusedSpec(spec: string, dir: string, io: Io): Promise<boolean> {
  const why = specOutOfGit(spec) ?? (await ignoredByRepository(join(dir, spec)));
  if (why === undefined) return false;
  io.err(`specbench: --spec \`${visible(spec)}\`: ${why}; choose a folder git keeps, e.g. \`content\` or \`docs/spec\`.\n`);
  return true;
}

/**
 * Why the git repository around `folder` (which may not exist yet) would leave it out: its
 * ignore rule, as `git check-ignore` finds it (the rule's file and line, and the pattern); undefined
 * when none does, outside a repository, or without git.
 */
async function ignoredByRepository(folder: string): Promise<string | undefined> {
  let cwd = dirname(folder);
  while (!(await stat(cwd).then((s) => s.isDirectory(), () => false))) {
    if (dirname(cwd) === cwd) return undefined;
    cwd = dirname(cwd);
  }
  // The trailing `/` says it is a folder, so rules for folders only (`spec/`) apply; --no-index: a folder already
  // tracked is asked about too (git would still leave out every new file in it).
  const path = `${relative(cwd, folder).split(sep).join('/')}/`;
  // -z (which needs --stdin): the path as it is, and the answer as the rule's file, its line, the pattern and the path, each ended by NUL.
  const asked = run('git', ['check-ignore', '--verbose', '--no-index', '--stdin', '-z'], { cwd });
  // A git that stops at once (no repository here) closes its input: that is its answer, not an error.
  asked.child.stdin?.on('error', () => undefined).end(`${path}\0`);
  const said = await asked.then(
    ({ stdout }) => stdout,
    () => undefined,
  );
  const [source = '', line = '', pattern = ''] = said?.split('\0') ?? [];
  // A `!` rule that matches last re-includes the folder: git keeps it.
  if (said === undefined || pattern === '' || pattern.startsWith('!')) return undefined;
  return `the git repository it is in ignores it (${visible(source)}:${visible(line)}: \`${visible(pattern)}\`): git would never commit the spec`;
}

/**
 * Says, one located line for each, which symbolic links stand where `init` would write `paths`
 * (from `dir`) and which of them would land outside the project; true when it said any. Nothing
 * may be written then: a file written through a link lands where the link points (outside the
 * project, where git sees nothing, so `--force` could replace a file no one is told about).
 */
export async function refusedLinks(dir: string, paths: readonly string[], shown: (path: string) => string, io: Io): Promise<boolean> {
  const refused = await linksInTheWay(dir, paths);
  if (refused.length === 0) return false;
  io.err(`${refused.map((r) => `${shown(r.path)}:1:1 error ${r.code}: ${r.why}`).join('\n')}\n`);
  return true;
}

interface Refusal {
  /** Where, from `dir`, with `/`. */
  path: string;
  code: 'link' | 'outside';
  why: string;
}

/**
 * The links in the way of writing `paths` under `dir`: every existing name on the way from `dir`
 * to each path (the path itself included) is looked at without following it (`lstat`), and a
 * link is refused wherever it points (the topmost one only: what lies behind it is not ours to
 * name). Then each path's real location must be inside the project's: a second guard, which
 * holds as long as no link is in the way. `dir` itself may be reached through links (`/tmp` is one
 * on macOS): the project is where they lead.
 */
async function linksInTheWay(dir: string, paths: readonly string[]): Promise<Refusal[]> {
  // A project that cannot be looked at is left to the writes, whose errors name the file.
  const root = await realLocation(dir).catch(() => resolve(dir));
  const refused: Refusal[] = [];
  const behind = (path: string) => refused.some((r) => path === r.path || path.startsWith(`${r.path}/`));
  const steps = [...new Set(paths.flatMap((path) => path.split('/').map((_, i, names) => names.slice(0, i + 1).join('/'))))].sort();
  for (const step of steps) {
    if (behind(step)) continue;
    const at = join(dir, step);
    const info = await lstat(at).catch(() => undefined);
    if (!info?.isSymbolicLink()) continue;
    const to = await readlink(at).catch(() => '?');
    // Where it leads, whether or not anything is there yet (a write would make it).
    const real = await realLocation(resolve(dirname(at), to)).catch(() => undefined);
    const where = real === undefined ? 'which cannot be followed' : inside(root, real) ? 'inside the project' : `outside the project: ${visible(real)}`;
    refused.push({
      path: step,
      code: 'link',
      why: `\`${visible(basename(step))}\` is a symbolic link to \`${visible(to)}\` (${where}); specbench init writes nothing through a link, since git keeps the link and not what is behind it; replace it with a folder or move it away, then run init again.`,
    });
  }
  for (const path of paths) {
    if (behind(path)) continue;
    const real = await realLocation(join(dir, path)).catch(() => undefined);
    if (real !== undefined && !inside(root, real)) {
      refused.push({ path, code: 'outside', why: `its real location ${visible(real)} is outside the project (${visible(root)}); specbench init writes only inside it.` });
    }
  }
  return refused;
}

/** Where `path` really is: its links resolved, as far as it exists; the names that do not exist yet kept as they are. */
async function realLocation(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch (error) {
    const parent = dirname(path);
    if ((error as { code?: unknown }).code !== 'ENOENT' || parent === path) throw error;
    return join(await realLocation(parent), basename(path));
  }
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !rel.startsWith(sep) && !/^[A-Za-z]:/.test(rel));
}
