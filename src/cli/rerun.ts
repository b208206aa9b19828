/** An argument as a POSIX shell reads it: quoted when it holds anything but plain path characters. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The command that would redo a write: the npm script when it does exactly that (`npm run gaps`
 * writes SPEC_GAPS.md from content/), else the command line with every argument spelt out, so a
 * spec in another folder is told what rewrites its own file.
 */
export function rerunCommand(script: { name: string; args: readonly string[] }, args: readonly string[]): string {
  const same = script.args.length === args.length && script.args.every((a, i) => a === args[i]);
  return same ? `npm run ${script.name}` : `npm run specbench -- ${args.map(shellWord).join(' ')}`;
}
