import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, linkSync, lstatSync, mkdirSync, realpathSync, renameSync, rmSync, statfsSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import findCacheDirectory from 'find-cache-directory';
import { codeOf, readRegular } from './cache-io.ts';
import { fileError } from './files.ts';

/** A cache folder fit to use, and its key: the secret every entry in it is sealed with. */
export interface CachePlace {
  dir: string;
  key: Buffer;
}

/**
 * The key's file: 32 random bytes, mode 0600, made on first use in the user's own state folder,
 * never in the cache folder. A key beside the cache would travel with it: a project that arrives
 * with a cache folder and a key in it (an archive unpacked under `umask 077`, a copied checkout)
 * could then bring entries sealed with its own key. `SPECBENCH_KEY_DIR` names another folder (the
 * Action keeps the key it restores with its cache there).
 */
export const KEY_FILE = 'cache.key';

/** The folder of the key: `$SPECBENCH_KEY_DIR`, else `$XDG_STATE_HOME/specbench`, else `~/.local/state/specbench`. */
export function keyFolder(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SPECBENCH_KEY_DIR) return resolve(env.SPECBENCH_KEY_DIR);
  const state = env.XDG_STATE_HOME ? resolve(env.XDG_STATE_HOME) : join(homedir(), '.local', 'state');
  return join(state, 'specbench');
}
const KEY_BYTES = 32;

/** How long git may take to list a folder's tracked files: a guard against a hang, not a timing. */
const GIT_TIMEOUT_MS = 60_000;

/**
 * The cache folder for this run, ready to use, or why there is none. It is the conventional place
 * (`node_modules/.cache/specbench/` of the project around `cwd`, or `$CACHE_DIR/specbench`), used
 * only when it is a folder of its own (not a symbolic link: the cache removes files in it), can be
 * written, holds nothing git tracks (a cache that came with a checkout, committed with
 * `git add -f`, is never read), and has a key that only this user can read. It gets a
 * `.gitignore` of `*`, so that nothing in it is committed by accident. No folder at all (outside
 * any project) is no cache and no warning; an unusable one is one warning, never an error.
 */
export async function openCacheFolder(cwd: string = process.cwd()): Promise<{ place?: CachePlace; warning?: string }> {
  const dir = cacheLocation(cwd);
  if (dir === undefined) return {};
  try {
    makeFolder(dir);
  } catch (error) {
    return { warning: problemText(error, () => fileError('create the cache folder', dir, error).message) };
  }
  try {
    accessSync(dir, constants.W_OK);
  } catch (error) {
    return { warning: fileError('write to the cache folder', dir, error).message };
  }
  const tracked = await trackedByGit(dir);
  if (tracked) return { warning: tracked };
  const keyDir = keyFolder();
  let key: Buffer;
  try {
    makeFolder(keyDir, 'key');
    key = folderKey(keyDir);
  } catch (error) {
    return { warning: problemText(error, () => fileError("make the cache's key in", keyDir, error).message) };
  }
  try {
    writeFileSync(join(dir, '.gitignore'), '*\n', { flag: 'wx', mode: 0o644 });
  } catch {
    // There already (or the cache stays usable without it).
  }
  return { place: { dir, key } };
}

/** Where the cache folder is, when there is a place for one. */
function cacheLocation(cwd: string): string | undefined {
  try {
    return findCacheDirectory({ name: 'specbench', cwd });
  } catch {
    return undefined;
  }
}

/** A refusal with its own words (a link, not a folder), as opposed to an error of the file system. */
class Refusal extends Error {}

const problemText = (error: unknown, otherwise: () => string) => (error instanceof Refusal ? error.message : otherwise());

/**
 * Makes the cache folder if it is not there, one folder at a time (Node's recursive `mkdir` never
 * returns on some special file systems, `/proc` among them), and refuses anything in its place
 * that is not a folder of its own. Throws the file system's error or a Refusal.
 */
function makeFolder(dir: string, what: 'cache' | 'key' = 'cache'): void {
  let info: Stats | undefined;
  try {
    info = lstatSync(dir);
  } catch (error) {
    if (codeOf(error) !== 'ENOENT') throw error;
  }
  if (!info) {
    makeParents(dirname(dir), dir);
    refuseSpecial(dirname(dir), dir);
    try {
      mkdirSync(dir, { mode: 0o700 });
    } catch (error) {
      if (codeOf(error) !== 'EEXIST') throw error;
    }
    info = lstatSync(dir);
  }
  if (info.isSymbolicLink()) throw new Refusal(`the ${what} folder \`${dir}\` is a symbolic link; it must be a folder of its own, as the cache writes and removes files in it.`);
  if (!info.isDirectory()) throw new Refusal(`the ${what} folder \`${dir}\` is not a folder.`);
  refuseSpecial(dir, dir);
}

/** Linux's file systems of the kernel's own state, by their magic numbers (statfs(2)): nothing can be kept there. */
const SPECIAL_FILE_SYSTEMS = new Map([
  [0x9fa0, 'proc'],
  [0x62656572, 'sysfs'],
  [0x1cd1, 'devpts'],
  [0x64626720, 'debugfs'],
  [0x74726163, 'tracefs'],
  [0x73636673, 'securityfs'],
  [0x27e0eb, 'cgroup'],
  [0x63677270, 'cgroup2'],
  [0x6165676c, 'pstore'],
  [0xcafe4a11, 'bpf'],
]);

/** Refuses a folder `path` on a special file system, before anything is made in it. */
function refuseSpecial(path: string, dir: string): void {
  const special = process.platform === 'linux' ? SPECIAL_FILE_SYSTEMS.get(statfsSync(path).type) : undefined;
  if (special) throw new Refusal(`the cache folder \`${dir}\` would be on a special file system (${special}), which holds no files of its own.`);
}

/** The folders above the cache folder `cache`, made where missing (links among them are followed: `$CACHE_DIR` may be one). */
function makeParents(dir: string, cache: string): void {
  try {
    if (statSync(dir).isDirectory()) return;
    throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
  } catch (error) {
    if (codeOf(error) !== 'ENOENT' || dirname(dir) === dir) throw error;
  }
  makeParents(dirname(dir), cache);
  refuseSpecial(dirname(dir), cache);
  try {
    mkdirSync(dir);
  } catch (error) {
    if (codeOf(error) !== 'EEXIST') throw error;
  }
}

/**
 * Why the folder may not be used because of git: it holds files git tracks (they came with the
 * checkout), or git cannot say; undefined when it holds none, or is in no repository. Git is asked
 * only when a repository may be around it.
 */
async function trackedByGit(dir: string): Promise<string | undefined> {
  let real: string;
  try {
    real = realpathSync(dir);
  } catch (error) {
    return fileError('read the cache folder', dir, error).message;
  }
  if (!inRepository(real)) return undefined;
  const listed = await new Promise<{ out: string; error?: string }>((done) => {
    execFile('git', ['ls-files', '-z', '--', '.'], { cwd: real, timeout: GIT_TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: 1024 * 1024 }, (error, stdout, stderr) => {
      if (!error) done({ out: stdout });
      else if (/not a git repository/i.test(stderr)) done({ out: '' });
      // More than a megabyte of names is tracked files too.
      else if (codeOf(error) === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') done({ out: stdout || '-' });
      else done({ out: '', error: (stderr.trim().split('\n')[0] ?? '') || error.message });
    });
  });
  if (listed.error !== undefined) return `cannot tell whether git tracks the cache folder \`${dir}\` (git ls-files: ${listed.error}).`;
  if (listed.out !== '') return `the cache folder \`${dir}\` holds files tracked by git; a cache that came with the checkout is never read.`;
  return undefined;
}

/** Whether a git repository may hold `dir`: a `.git` in it or above it, or git told where one is. */
function inRepository(dir: string): boolean {
  if (process.env.GIT_DIR !== undefined || process.env.GIT_WORK_TREE !== undefined) return true;
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, '.git'))) return true;
    if (dirname(at) === at) return false;
  }
}

/**
 * The folder's key: read when it is a regular file of 32 bytes that only this user can read and
 * write, else made anew (32 random bytes, mode 0600). Two runs that make it at once agree on one:
 * each writes its own beside it and links it into place, and the one that finds the name taken
 * reads the other's.
 */
function folderKey(dir: string): Buffer {
  const path = join(dir, KEY_FILE);
  const kept = readKey(path);
  if (kept) return kept;
  const key = randomBytes(KEY_BYTES);
  const temporary = `${path}.${process.pid}.${randomBytes(8).toString('hex')}.tmp`;
  writeFileSync(temporary, key, { flag: 'wx', mode: 0o600 });
  try {
    try {
      linkSync(temporary, path);
      return key;
    } catch (error) {
      const other = codeOf(error) === 'EEXIST' ? readKey(path) : undefined;
      if (other) return other;
    }
    // A key that is not fit (someone else's, readable by others, a pipe, a link) is replaced.
    renameSync(temporary, path);
    return key;
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** A key file fit to trust: a regular file (not a link) of 32 bytes, this user's, readable by no one else. */
function readKey(path: string): Buffer | undefined {
  const file = readRegular(path, KEY_BYTES);
  if (!file || file.bytes.length !== KEY_BYTES) return undefined;
  const uid = process.getuid?.();
  if (uid !== undefined && (file.info.uid !== uid || (file.info.mode & 0o077) !== 0)) return undefined;
  return file.bytes;
}
