// The command line as a user runs it, and the cache's files as a forger or a careless hand would
// edit them, for the cache's tests (test/cli/cache*.test.ts).
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { KEY_FILE } from '../../src/cli/cache-folder.ts';
import { sealFile, sealLine, type Kind, type Line } from '../../src/cli/cache-seal.ts';

const LAUNCH = resolve('src/cli/launch.mjs');

/** What a run of the command line did: its exit code (null when it was killed) and what it printed. */
export interface Run {
  code: number | null;
  out: string;
  err: string;
}

/** The key's folder of the runs that name none (the user's own state folder, as a test has it). */
export const TEST_KEY_DIR = mkdtempSync(join(tmpdir(), 'specbench-key-'));

/**
 * The real command line in a process of its own. The kill after a minute is a guard, not a timing:
 * a run that hangs (a pipe read, a loop) ends killed, with code null, and the test fails on it
 * instead of hanging.
 */
export function run(args: string[], options: { env?: Record<string, string | undefined>; cwd?: string; as?: 'nobody' } = {}): Promise<Run> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...process.env, NO_COLOR: '1', SPECBENCH_KEY_DIR: TEST_KEY_DIR, ...options.env })) if (value !== undefined) env[name] = value;
  const asNobody = options.as === 'nobody' && process.getuid?.() === 0 ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', '--'] : [];
  const [command = '', ...rest] = [...asNobody, process.execPath, LAUNCH, ...args];
  return new Promise((done) => {
    execFile(command, rest, { env, cwd: options.cwd, timeout: 60_000, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024 }, (error, out, err) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      done({ code, out, err });
    });
  });
}

/** The key's folder of the runs with their cache in `cacheDir`: beside the cache folder, never in it. */
export const keyDirOf = (cacheDir: string) => join(cacheDir, 'key');

/** The command line with its cache in `cacheDir` (as `CACHE_DIR`) and its key in `keyDirOf(cacheDir)`. */
export const specbench = (cacheDir: string, args: string[]) => run(args, { env: { CACHE_DIR: cacheDir, SPECBENCH_KEY_DIR: keyDirOf(cacheDir) } });

/** The cache's files of one kind in a `CACHE_DIR`. */
export const cacheFiles = async (dir: string, kind: 'results' | 'answers' = 'results') => (await readdir(join(dir, 'specbench')).catch(() => [] as string[])).filter((f) => f.startsWith(`${kind}-`));

/** A cache file taken apart: its header line's fields and its entry lines (seals not checked). */
export async function readCacheFile(path: string): Promise<{ header: { tool: string; kind: Kind; run: number; format: string }; lines: Line[] }> {
  const [first = '', ...rest] = (await readFile(path, 'utf8')).split('\n');
  const header = JSON.parse(first.slice(first.indexOf('\t') + 1));
  const lines = rest.filter(Boolean).map((text) => {
    const [seal = '', key = '', runText = '', ...json] = text.split('\t');
    return { seal, key, run: Number(runText), json: json.join('\t') };
  });
  return { header, lines };
}

/**
 * Writes a cache file again with each entry changed by `edit` (its parsed JSON in, the JSON to
 * write out; undefined leaves it), every line and the header sealed with `secret`: the folder's
 * own key for an edit by a hand that has it, any other for a forger's.
 */
export async function rewriteCacheFile(path: string, secret: Uint8Array, edit: (value: unknown, key: string) => unknown, header: { tool?: string } = {}): Promise<void> {
  const file = await readCacheFile(path);
  const names = { tool: header.tool ?? file.header.tool, kind: file.header.kind };
  // A line cut short (a file truncated by a test) is left out.
  const lines = file.lines.flatMap((line) => {
    let value: unknown;
    try {
      value = JSON.parse(line.json);
    } catch {
      return [];
    }
    const changed = edit(value, line.key);
    return [sealLine(secret, names, line.key, line.run, changed === undefined ? line.json : JSON.stringify(changed))];
  });
  await writeFile(path, sealFile(secret, names, file.header.run, lines));
}

/** The key of the cache in `cacheDir`, as only its user can read it. */
export const folderKey = (cacheDir: string) => readFile(join(keyDirOf(cacheDir), KEY_FILE));

/** The human and JSON outputs of `check`, cached and with `--no-cache`: what a cache may never change. */
export async function checkBothWays(cacheDir: string, spec: string, format: 'human' | 'json' = 'json'): Promise<{ cached: Run; fresh: Run }> {
  const args = ['check', '--spec', spec, '--format', format];
  const cached = await specbench(cacheDir, args);
  const fresh = await specbench(cacheDir, [...args, '--no-cache']);
  return { cached, fresh };
}
