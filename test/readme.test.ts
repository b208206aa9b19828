import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../src/lib/index.ts';
import { completeWith } from './helpers.ts';

describe('README', () => {
  it('documents every check with its default severity', async () => {
    const readme = await readFile('README.md', 'utf8');
    for (const check of CHECKS) expect(readme, check.code).toContain(`| \`${check.code}\` | ${check.severity} |`);
  });

  it('documents every code the loader can produce on the broken corpus and the loader tests', async () => {
    const readme = await readFile('README.md', 'utf8');
    const codes = ['yaml-syntax', 'yaml-tab', 'duplicate-key', 'yaml-alias', 'too-deep', 'complex-key', 'empty-file', 'file-too-large', 'not-utf8', 'misplaced-file', 'ignored-file', 'duplicate-id', 'unknown-key', 'missing-key', 'wrong-type', 'bad-value', 'bad-duration', 'bad-date', 'bad-url', 'unknown-check', 'yaml-tag', 'reserved-key', 'unreadable', 'not-a-file', 'bad-file-name', 'link-outside', 'dangling-link', 'symlink-loop', 'duplicate-folder'];
    for (const code of codes) expect(readme, code).toContain(`\`${code}\``);
  });

  it('shows a quick start of two commands, install-and-open and install-and-test', async () => {
    const readme = await readFile('README.md', 'utf8');
    expect(readme).toContain('npm install && npm run dev');
    expect(readme).toContain('npm install && npm test');
  });

  it('its examples of content files load without diagnostics, in the complete spec', async () => {
    const readme = await readFile('README.md', 'utf8');
    // Each YAML block that starts with `# area/file.yaml` holds one file, or several, each after such a line.
    const files: Record<string, string> = {};
    for (const [, block = ''] of readme.matchAll(/```yaml\n(# [a-z]+\/[^\n]+\.yaml[\s\S]*?)```/g)) {
      for (const part of block.split(/^(?=# [a-z]+\/[^\s]+\.yaml)/m)) {
        const path = /^# ([a-z]+\/[^\s]+\.yaml)/.exec(part)?.[1];
        if (path) files[path] = part;
      }
    }
    expect(Object.keys(files).sort()).toEqual(['endpoints/list-order-lines.yaml', 'resources/Order.yaml', 'resources/Payment.yaml']);
    expect((await completeWith(files)).diagnostics).toEqual([]);
  });
});
