import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { delimiter, dirname } from 'node:path';
import { promisify } from 'node:util';

export type Ran = { code: number; out: string; err: string };

/** A command with this run's Node first on the PATH, and only the environment given (no test runner's variables). */
export function run(cwd: string, command: string, args: string[], env: Record<string, string>): Promise<Ran> {
  const PATH = `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`;
  return promisify(execFile)(command, args, { cwd, env: { PATH, HOME: process.env.HOME ?? tmpdir(), ...env }, maxBuffer: 64 * 1024 * 1024 }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );
}
