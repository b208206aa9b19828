import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { prepare, ROOT, type Expected } from './broken-prepare.ts';
import { cli, scratchCopy } from './helpers.ts';
const CASES = readdirSync(ROOT, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

describe('the broken corpus', () => {
  it('has the cases the issues list', () => {
    expect(CASES).toEqual(
      expect.arrayContaining([
        ...['malformed-yaml', 'tab-indent', 'duplicate-key', 'alias-bomb', 'large-file', 'deep-nesting', 'bom', 'crlf', 'empty-file', 'wrong-kind', 'non-utf8', 'id-with-slash', 'id-with-dots', 'html-in-prose', 'script-in-prose', 'javascript-link'],
        ...['yaml-tag', 'two-documents', 'cr-line-endings', 'unreadable-target', 'many-mistakes', 'reserved-names', 'unsafe-urls', 'control-characters', 'prose-bombs', 'blocked-by-cycle', 'allowed-numbers', 'hidden-schemes', 'huge-state-machine', 'special-files'],
        ...['allowed-any-type', 'constraint-wrong-type', 'default-breaks-shape', 'prose-everywhere', 'prose-cost'],
        ...['many-keys', 'folder-named-like-a-file', 'common-slips'],
      ]),
    );
  });

  it.each(CASES)('%s: exactly the expected located diagnostics and exit code', async (name) => {
    const { dir, expected } = await prepare(name);
    const { code, out } = await cli(['check', '--spec', dir, '--format', 'json']);
    const all = (JSON.parse(out) as Expected).diagnostics;
    const got = all.map(({ code: c, severity, file, line, column }) => ({ code: c, severity, file, line, column }));
    expect(got).toEqual(expected.diagnostics.map(({ message: _m, ...d }) => d));
    expected.diagnostics.forEach((d, i) => {
      if (d.message !== undefined) expect(all[i]?.message, `${name} #${i}`).toContain(d.message);
    });
    expect(code).toBe(expected.exit ?? 1);
    expect(got.every((d) => d.line >= 1 && d.column >= 1)).toBe(true);
  });

  it('the real command line prints no stack trace on any case, and never a raw control character', async () => {
    for (const name of CASES) {
      const { dir, expected } = await prepare(name);
      const result = await promisify(execFile)('node', ['src/cli/launch.mjs', 'check', '--spec', dir], { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 }).catch((e: { code: number; stdout: Buffer; stderr: Buffer }) => e);
      const text = `${result.stdout.toString()}${result.stderr.toString()}`;
      expect('code' in result ? result.code : 0, name).toBe(expected.exit ?? 1);
      expect(text, name).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
      expect(text, name).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    }
  }, 240_000); // one real process per case
});

describe('a file the user running the check cannot read', () => {
  it('is a located diagnostic, not an internal error', async () => {
    const dir = await scratchCopy(join(ROOT, 'special-files', 'spec'));
    await chmod(dir, 0o755);
    await writeFile(join(dir, 'resources', 'Secret.yaml'), 'fields: { none: x }\n');
    await chmod(join(dir, 'resources', 'Secret.yaml'), 0o000);
    await mkdir(join(dir, 'errors'));
    await chmod(join(dir, 'errors'), 0o000);
    // Root reads anything: run the check as `nobody` then, the way a locked-down CI user would.
    const asNobody = process.getuid?.() === 0 ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', '--'] : [];
    const [command = '', ...args] = [...asNobody, process.execPath, 'src/cli/launch.mjs', 'check', '--spec', dir, '--format', 'json'];
    const result = await promisify(execFile)(command, args).catch((e: { code: number; stdout: string; stderr: string }) => e);
    const diagnostics = (JSON.parse(result.stdout) as Expected).diagnostics.map(({ code, file, line, column }) => ({ code, file, line, column }));
    expect(diagnostics).toEqual(
      expect.arrayContaining([
        { code: 'unreadable', file: 'errors', line: 1, column: 1 },
        { code: 'unreadable', file: 'resources/Secret.yaml', line: 1, column: 1 },
      ]),
    );
    expect('code' in result ? result.code : 0).toBe(1);
  });
});
