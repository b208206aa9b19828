import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Runs code samples under their real interpreters: bash with the real curl, Node (the one running
 * the tests), python3 with requests, Ruby's net/http, PHP with Debian's Guzzle. Each sample runs
 * in a folder of its own holding the sample, the files it sends and nothing else; a file that is
 * there afterwards was made by something in the sample that ran.
 */

/** The languages that run here, by their tab's label. */
export const RUNNABLE = ['cURL', 'JavaScript', 'Python', 'Ruby', 'PHP'] as const;
export type Runnable = (typeof RUNNABLE)[number];

/** Debian's autoloader of its Guzzle package (php-guzzlehttp-guzzle). */
const GUZZLE = '/usr/share/php/GuzzleHttp/autoload.php';

/**
 * Debian 12's Guzzle (7.4.5), without PHP's curl extension, sends its stream handler's body only
 * when PHP reads it as true: a body of exactly `0` is left out while its length is sent, and the
 * request hangs (guzzle/guzzle#3127, fixed in 7.5.1, the Guzzle `composer require` installs). The
 * samples' `vendor/autoload.php` loads that handler with the fix (`'' !== $body`), where it is
 * still to make; with no such line, Debian's own.
 */
const STREAM_HANDLER = '/usr/share/php/GuzzleHttp/Handler/StreamHandler.php';
let fixedHandler: Promise<string | undefined> | undefined;
const streamHandler = () =>
  (fixedHandler ??= readFile(STREAM_HANDLER, 'utf8').then(
    (text) => (text.includes('if (!empty($body)) {') ? text.replace('if (!empty($body)) {', "if ('' !== $body) {") : undefined),
    () => undefined,
  ));

/** Each language: the sample's file name, and the command that runs it. */
const HOW: Record<Runnable, { file: string; command: string; args: (file: string) => string[] }> = {
  cURL: { file: 'sample.sh', command: 'bash', args: (f) => [f] },
  JavaScript: { file: 'sample.mjs', command: process.execPath, args: (f) => [f] },
  Python: { file: 'sample.py', command: 'python3', args: (f) => [f] },
  Ruby: { file: 'sample.rb', command: 'ruby', args: (f) => [f] },
  PHP: { file: 'sample.php', command: 'php', args: (f) => [f] },
};

const run = (command: string, args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    // No proxy variables, a home of its own; the kill after a minute only bounds a sample that hangs (it fails the test).
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: cwd, LANG: 'C.UTF-8' };
    const child = execFile(command, args, { cwd, env, timeout: 60_000, maxBuffer: 8 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, stdout, stderr: stderr || (error && code === null ? String(error) : '') });
    });
    // Standard input is empty and closed: a sample that reads it (curl's `@-`) gets nothing, rather than waiting.
    child.stdin?.end();
  });

/**
 * What each language needs on this machine, and the Debian package that brings it: a missing one
 * fails the tests that need it with this message (never a skip).
 */
export async function missingInterpreters(): Promise<string[]> {
  const missing: string[] = [];
  const probe = async (what: string, pkg: string, command: string, args: string[]) => {
    const r = await run(command, args, tmpdir());
    if (r.code !== 0) missing.push(`${what} is missing (Debian package ${pkg}): ${r.stderr.trim() || `exit ${String(r.code)}`}`);
  };
  await Promise.all([
    probe('bash', 'bash', 'bash', ['-c', 'true']),
    probe('curl', 'curl', 'curl', ['--version']),
    probe('python3 with requests', 'python3-requests', 'python3', ['-c', 'import requests']),
    probe('ruby with net/http', 'ruby', 'ruby', ['-e', "require 'net/http'"]),
    probe('php', 'php-cli', 'php', ['-r', 'echo 1;']),
  ]);
  if (!existsSync(GUZZLE)) missing.push(`Guzzle is missing (Debian package php-guzzlehttp-guzzle): no ${GUZZLE}`);
  return missing;
}

/** python3's own executable, found once (a version manager's shim costs a shell per run). */
let pythonPath: Promise<string> | undefined;
const python = () =>
  (pythonPath ??= new Promise((resolve) => {
    execFile('python3', ['-c', 'import sys; print(sys.executable)'], (error, stdout) => resolve(error ? 'python3' : stdout.trim() || 'python3'));
  }));

/** A limit on how many samples run at once (the machine has two busy cores). */
export function limiter(size: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (active >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/**
 * Runs one sample in a fresh folder with `files` beside it (PHP gets `vendor/autoload.php`, which
 * loads Debian's Guzzle). It must exit 0; what it leaves behind that was not there before is
 * returned (nothing, unless a value ran).
 */
export async function runSample(lang: Runnable, code: string, files: Readonly<Record<string, string>> = {}): Promise<{ stdout: string; made: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'specbench-sample-'));
  try {
    const how = HOW[lang];
    await writeFile(join(dir, how.file), code);
    for (const [name, content] of Object.entries(files)) await writeFile(join(dir, name), content);
    if (lang === 'PHP') {
      await mkdir(join(dir, 'vendor'));
      const handler = await streamHandler();
      if (handler !== undefined) await writeFile(join(dir, 'vendor', 'StreamHandler.php'), handler);
      await writeFile(join(dir, 'vendor', 'autoload.php'), `<?php require ${JSON.stringify(GUZZLE)};\n${handler !== undefined ? "require __DIR__ . '/StreamHandler.php';\n" : ''}`);
    }
    const before = new Set(await readdir(dir));
    const command = lang === 'Python' ? await python() : how.command;
    const r = await run(command, how.args(how.file), dir);
    const made = (await readdir(dir)).filter((f) => !before.has(f));
    if (r.code !== 0) throw new Error(`the ${lang} sample failed (exit ${String(r.code)}):\n${r.stderr}\n--- sample ---\n${code}`);
    return { stdout: r.stdout, made };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
