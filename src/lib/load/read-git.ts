import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { posix } from 'node:path';
import { compareStrings } from '../diagnostics/diagnostic.ts';
import { isContentPath } from './classify.ts';
import { decodeName, MAX_FILE_BYTES, type FileProblem, type SpecFile } from './read-dir.ts';

const run = promisify(execFile);

/** A git command failed: not a repository, an unknown revision... */
export class GitError extends Error {}

async function gitBytes(cwd: string, args: string[]): Promise<Buffer> {
  try {
    const { stdout } = await run('git', args, { cwd, maxBuffer: 256 * 1024 * 1024, encoding: 'buffer' });
    return stdout;
  } catch (error) {
    const e = error as { stderr?: Buffer; message: string };
    throw new GitError(`git ${args[0]}: ${(e.stderr?.toString() || e.message).trim().split('\n')[0]}`);
  }
}

async function git(cwd: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run('git', args, { cwd, maxBuffer: 256 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    throw new GitError(`git ${args[0]}: ${(e.stderr ?? e.message).trim().split('\n')[0]}`);
  }
}

/** The repository's top folder, or undefined outside a repository. */
export async function gitRoot(cwd: string): Promise<string | undefined> {
  return git(cwd, ['rev-parse', '--show-toplevel']).then((s) => s.trim(), () => undefined);
}

/** Whether the clone is shallow (made with --depth): commits before its edge were not fetched. */
const isShallow = async (root: string) => (await git(root, ['rev-parse', '--is-shallow-repository']).catch(() => '')).trim() === 'true';

/** What to do in a shallow clone that lacks the commits asked for. */
const FETCH_THEM = 'fetch them with `git fetch --unshallow`, or in GitHub Actions check out with `fetch-depth: 0` (actions/checkout)';

/** The commit a revision names; in a shallow clone, a revision it lacks is said to be one the clone did not fetch. */
export async function resolveRevision(root: string, rev: string): Promise<string> {
  return (await git(root, ['rev-parse', '--verify', '--quiet', `${rev}^{commit}`]).catch(async () => {
    throw new GitError((await isShallow(root)) ? `revision \`${rev}\` is not in this clone: it is shallow (made with --depth), so older commits were not fetched; ${FETCH_THEM}` : `unknown revision \`${rev}\``);
  })).trim();
}

/** Where the current branch forked from `main` (or `master`), for "what this change does". */
export async function defaultBase(root: string): Promise<string> {
  for (const branch of ['origin/main', 'main', 'origin/master', 'master']) {
    const base = await git(root, ['merge-base', 'HEAD', branch]).then((s) => s.trim(), () => '');
    if (base) return base;
  }
  if (await isShallow(root)) throw new GitError(`no commit this branch shares with main is in this clone: it is shallow (made with --depth); ${FETCH_THEM}, or give --base REV`);
  throw new GitError('no main branch to compare with; give --base REV');
}

/** The files of the spec folder at a revision, read in one batch. `dir` is relative to the repository root. */
export async function readSpecAt(root: string, rev: string, dir: string): Promise<SpecFile[]> {
  const prefix = dir === '.' || dir === '' ? '' : `${dir.replace(/\/$/, '')}/`;
  // `--long -z`, not `--format`: git (2.39) quotes `%(path)` of a name that is not plain ASCII even
  // with `-z`, so a folder named `Übersicht` read as an empty spec at every revision.
  const listing = await gitBytes(root, ['ls-tree', '-r', '-z', '--long', '--full-tree', rev, '--', prefix || '.']);
  const entries = listing
    .toString('latin1')
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const tab = line.indexOf('\t');
      // `<mode> <type> <object> <size>` (the size padded, `-` for a submodule).
      const [mode = '', , object = '', size = '0'] = line.slice(0, tab).split(' ').filter(Boolean);
      const name = decodeName(Buffer.from(line.slice(tab + 1), 'latin1'));
      return { mode, object, size: Number(size), path: name.text.slice(prefix.length), nameOk: name.ok };
    })
    .filter((e) => e.object && !e.path.split('/').slice(0, -1).some((p) => p.startsWith('.')));
  const byPath = new Map(entries.map((e) => [e.path, e]));
  // Symbolic links are blobs holding their target; they resolve within the spec folder or not at all.
  const linkEntries = entries.filter((e) => e.mode === '120000');
  const linkTexts = await catFiles(root, linkEntries.map((e) => e.object));
  // An absolute target is kept as written (joined, `/etc/passwd` would read as a missing file inside the folder).
  const targets = new Map(
    linkEntries.map((e, i) => {
      const written = new TextDecoder().decode(linkTexts[i]);
      return [e.path, written.startsWith('/') ? written : posix.normalize(posix.join(posix.dirname(e.path), written))];
    }),
  );
  const problem = (path: string, code: FileProblem['code'], message: string): SpecFile => ({ path, problem: { code, severity: 'error', message } });
  const planned = entries.map((e): SpecFile | { path: string; object: string } => {
    if (!e.nameOk) return problem(e.path, 'bad-file-name', 'The file name is not UTF-8 text, so it cannot be an id or a URL; rename it.');
    if (!isContentPath(e.path)) return { path: e.path };
    const target = targets.get(e.path);
    if (target !== undefined && (target.startsWith('../') || target.startsWith('/'))) return problem(e.path, 'link-outside', 'The symbolic link leads outside the spec folder; content must live inside it.');
    const blob = target === undefined ? e : byPath.get(target);
    if (!blob || blob.mode !== '100644' && blob.mode !== '100755') return problem(e.path, 'dangling-link', 'The symbolic link points at no file of the spec folder.');
    if (blob.size > MAX_FILE_BYTES) return problem(e.path, 'file-too-large', `The file is ${(blob.size / 1024 / 1024).toFixed(1)} MB; content files are at most ${MAX_FILE_BYTES / 1024 / 1024} MB.`);
    return { path: e.path, object: blob.object };
  });
  const wanted = planned.flatMap((f) => ('object' in f ? [f.object] : []));
  const blobs = await catFiles(root, wanted);
  let next = 0;
  return planned.map((f): SpecFile => ('object' in f ? { path: f.path, bytes: blobs[next++] ?? new Uint8Array() } : f)).sort((a, b) => compareStrings(a.path, b.path));
}

/** Reads many blobs through one `git cat-file --batch`. */
function catFiles(root: string, objects: string[]): Promise<Uint8Array[]> {
  if (objects.length === 0) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['cat-file', '--batch'], { cwd: root });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new GitError(`git cat-file exited with ${code}`));
      const all = Buffer.concat(chunks);
      const out: Uint8Array[] = [];
      let at = 0;
      for (let i = 0; i < objects.length; i++) {
        const eol = all.indexOf(0x0a, at);
        const size = Number(all.subarray(at, eol).toString().split(' ')[2] ?? 0);
        out.push(new Uint8Array(all.subarray(eol + 1, eol + 1 + size)));
        at = eol + 1 + size + 1;
      }
      resolve(out);
    });
    child.stdin.end(`${objects.join('\n')}\n`);
  });
}

/** One commit that touched the spec folder. */
export interface SpecCommit {
  sha: string;
  date: string;
  subject: string;
}

/** The commits that touched the spec folder, oldest first, at most `limit`; and whether history is cut short. */
export async function specCommits(root: string, dir: string, limit: number): Promise<{ commits: SpecCommit[]; shallow: boolean }> {
  const hasHead = await git(root, ['rev-parse', '--verify', '--quiet', 'HEAD']).then(() => true, () => false);
  if (!hasHead) return { commits: [], shallow: false };
  const log = await git(root, ['log', '--first-parent', `--max-count=${limit}`, '--format=%H%x09%cI%x09%s', 'HEAD', '--', dir || '.']);
  const commits = log
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [sha = '', date = '', ...subject] = line.split('\t');
      return { sha, date, subject: subject.join('\t') };
    })
    .reverse();
  const shallow = (await git(root, ['rev-parse', '--is-shallow-repository'])).trim() === 'true';
  return { commits, shallow };
}

/**
 * What came before a commit: its first parent, none (the repository's first commit), or one that is
 * not here (the oldest commit of a shallow clone: its parents were not fetched).
 */
export async function firstParent(root: string, sha: string): Promise<{ kind: 'parent'; sha: string } | { kind: 'root' } | { kind: 'missing' }> {
  // The commit object names its parents even where a shallow clone cuts them off.
  const header = (await git(root, ['cat-file', 'commit', sha])).split('\n\n')[0] ?? '';
  const parent = /^parent ([0-9a-f]+)$/m.exec(header)?.[1];
  if (parent === undefined) return { kind: 'root' };
  const here = await git(root, ['cat-file', '-e', `${parent}^{commit}`]).then(() => true, () => false);
  return here ? { kind: 'parent', sha: parent } : { kind: 'missing' };
}
