import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { cli, scratchCopy } from './helpers.ts';

const ROOT = join('test', 'fixtures', 'broken');
const CASES = readdirSync(ROOT, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

interface Expected {
  generate?: { path: string; bytes: number };
  diagnostics: Array<{ code: string; severity: string; file: string; line: number; column: number }>;
}

/** The case's spec folder, with its generated file written when it has one. */
async function prepare(name: string): Promise<{ dir: string; expected: Expected }> {
  const expected = JSON.parse(await readFile(join(ROOT, name, 'expected.json'), 'utf8')) as Expected;
  if (!expected.generate) return { dir: join(ROOT, name, 'spec'), expected };
  const dir = await scratchCopy(join(ROOT, name, 'spec'));
  const line = 'x: "a long line of nothing in particular"\n';
  await writeFile(join(dir, expected.generate.path), line.repeat(Math.ceil(expected.generate.bytes / line.length)));
  return { dir, expected };
}

describe('the broken corpus', () => {
  it('has the cases the issue lists', () => {
    expect(CASES).toEqual(
      expect.arrayContaining(['malformed-yaml', 'tab-indent', 'duplicate-key', 'alias-bomb', 'large-file', 'deep-nesting', 'bom', 'crlf', 'empty-file', 'wrong-kind', 'non-utf8', 'id-with-slash', 'id-with-dots', 'html-in-prose', 'script-in-prose', 'javascript-link']),
    );
  });

  it.each(CASES)('%s: exactly the expected located diagnostics, exit 1', async (name) => {
    const { dir, expected } = await prepare(name);
    const { code, out } = await cli(['check', '--spec', dir, '--format', 'json']);
    const got = (JSON.parse(out) as Expected).diagnostics.map(({ code: c, severity, file, line, column }) => ({ code: c, severity, file, line, column }));
    expect(got).toEqual(expected.diagnostics);
    expect(code).toBe(1);
    expect(got.some((d) => d.severity === 'error' && d.line >= 1 && d.column >= 1)).toBe(true);
  });

  it('the real command line prints no stack trace on any case', async () => {
    for (const name of CASES) {
      const { dir } = await prepare(name);
      const result = await promisify(execFile)('node', ['src/cli/bin.ts', 'check', '--spec', dir]).catch((e: { code: number; stdout: string; stderr: string }) => e);
      expect('code' in result ? result.code : 0, name).toBe(1);
      expect(`${result.stdout}${result.stderr}`, name).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
    }
  }, 180_000); // one real process per case
});
