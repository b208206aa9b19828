import { readFileSync } from 'node:fs';

/** An argument as a POSIX shell reads it: quoted when it holds anything but plain path characters. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The npm scripts of the project the command runs in (its `package.json` where it runs); none when there is none. */
function projectScripts(): Record<string, unknown> {
  try {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts?: unknown }).scripts;
    return typeof scripts === 'object' && scripts !== null ? (scripts as Record<string, unknown>) : {};
  } catch {
    // No package.json here, or not JSON: no scripts.
    return {};
  }
}

/** A command's words as one comparable key: the command, then its options in order of name (`--spec content` when not given). */
function commandKey(words: readonly string[]): string {
  const [command = '', ...rest] = words;
  const options: string[] = [];
  for (let i = 0; i < rest.length; i += 2) options.push(`${rest[i]} ${rest[i + 1] ?? ''}`);
  if (!options.some((o) => o.startsWith('--spec '))) options.push('--spec content');
  return [command, ...options.sort()].join('\n');
}

/**
 * The words after the command line's own name in a script that runs only it (`specbench gaps --write SPEC_GAPS.md`,
 * or `--spec "docs/spec"` as `init` writes a folder); undefined for any other script.
 */
function specbenchWords(script: string): string[] | undefined {
  if (/[;&|<>`$'\\]/.test(script)) return undefined;
  // A word wholly in double quotes holds nothing the shell reads here (no `$`, `` ` `` or `\`): it is its text.
  const words = script.trim().split(/\s+/).map((word) => /^"([^"]*)"$/.exec(word)?.[1] ?? word);
  if (words.some((word) => word.includes('"'))) return undefined;
  if (words[0] === 'specbench') return words.slice(1);
  if (words[0] === 'node' && words[1]?.endsWith('cli/launch.mjs')) return words.slice(2);
  return undefined;
}

/**
 * The command that would redo a write: the npm script of the project it runs in that does
 * exactly that (`npm run gaps`, in this repository and in a project `init` made, whatever its
 * spec folder), or `script` when given as such; else the command line with every argument spelt
 * out, as it is run here: `npm run specbench --` where the scripts name it (this repository),
 * else `npx specbench` (Specbench as a dependency).
 */
export function rerunCommand(script: { name: string; args: readonly string[] }, args: readonly string[]): string {
  const same = script.args.length === args.length && script.args.every((a, i) => a === args[i]);
  if (same) return `npm run ${script.name}`;
  const scripts = projectScripts();
  const wanted = commandKey(args);
  for (const [name, command] of Object.entries(scripts)) {
    const words = typeof command === 'string' ? specbenchWords(command) : undefined;
    if (words && commandKey(words) === wanted) return `npm run ${name}`;
  }
  const launcher = typeof scripts.specbench === 'string' ? 'npm run specbench --' : 'npx specbench';
  return `${launcher} ${args.map(shellWord).join(' ')}`;
}
