/** An argument as a POSIX shell reads it: quoted when it holds anything but plain path characters. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

import { readFileSync } from 'node:fs';

/**
 * How the command line is run here: `npm run specbench --` in a project whose scripts name it
 * (this repository), `npx specbench` where Specbench is a dependency (a project `init` made).
 */
function launcher(): string {
  try {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts?: Record<string, unknown> }).scripts;
    if (typeof scripts?.specbench === 'string') return 'npm run specbench --';
  } catch {
    // No package.json here, or not JSON: Specbench is run as a package.
  }
  return 'npx specbench';
}

/**
 * The command that would redo a write: the npm script when it does exactly that (`npm run gaps`
 * writes SPEC_GAPS.md from content/), else the command line with every argument spelt out, so a
 * spec in another folder is told what rewrites its own file.
 */
export function rerunCommand(script: { name: string; args: readonly string[] }, args: readonly string[]): string {
  const same = script.args.length === args.length && script.args.every((a, i) => a === args[i]);
  return same ? `npm run ${script.name}` : `${launcher()} ${args.map(shellWord).join(' ')}`;
}
