import { execFileSync } from 'node:child_process';
import { mkdir, readFile, symlink, truncate, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { scratchCopy } from './helpers.ts';

export const ROOT = join('test', 'fixtures', 'broken');

/** A file a case needs that git cannot hold (or should not): made in a scratch copy before the run. */
type Generated =
  | { kind: 'text'; path: string; bytes: number }
  /** `head`, then `line` `count` times with `{i}` the index, then `tail`: a file too repetitive to commit. */
  | { kind: 'repeat'; path: string; head: string; line: string; count: number; tail: string }
  | { kind: 'sparse'; path: string; bytes: number }
  | { kind: 'fifo'; path: string }
  | { kind: 'folder'; path: string }
  | { kind: 'symlink'; path: string; target: string }
  | { kind: 'raw-name'; folder: string; nameHex: string; text: string };

export interface Expected {
  generate?: Generated[];
  /** The exit code; 1 unless the case has only warnings. */
  exit?: number;
  diagnostics: Array<{ code: string; severity: string; file: string; line: number; column: number; message?: string }>;
}

export async function generate(dir: string, g: Generated): Promise<void> {
  if (g.kind === 'raw-name') {
    // A name whose bytes are not UTF-8 cannot be written as a JavaScript string path.
    const octal = [...Buffer.from(g.nameHex, 'hex')].map((b) => `\\${b.toString(8).padStart(3, '0')}`).join('');
    execFileSync('sh', ['-c', `printf '%s' "$1" > "$2/$(printf "$3")"`, 'sh', g.text, join(dir, g.folder), octal]);
    return;
  }
  const full = join(dir, g.path);
  await mkdir(dirname(full), { recursive: true });
  if (g.kind === 'text') {
    const line = 'x: "a long line of nothing in particular"\n';
    await writeFile(full, line.repeat(Math.ceil(g.bytes / line.length)));
  } else if (g.kind === 'repeat') {
    await writeFile(full, `${g.head}${Array.from({ length: g.count }, (_, i) => g.line.replaceAll('{i}', String(i))).join('')}${g.tail}`);
  } else if (g.kind === 'sparse') {
    await writeFile(full, '');
    await truncate(full, g.bytes);
  } else if (g.kind === 'fifo') execFileSync('mkfifo', [full]);
  else if (g.kind === 'folder') await mkdir(full, { recursive: true });
  else await symlink(g.target, full);
}

/** The case's spec folder, with its generated files made when it has some. */
export async function prepare(name: string): Promise<{ dir: string; expected: Expected }> {
  const expected = JSON.parse(await readFile(join(ROOT, name, 'expected.json'), 'utf8')) as Expected;
  if (!expected.generate) return { dir: join(ROOT, name, 'spec'), expected };
  const dir = await scratchCopy(join(ROOT, name, 'spec'));
  for (const g of expected.generate) await generate(dir, g);
  return { dir, expected };
}

