import { readFile, stat } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../src/lib/index.ts';
import { completeWith } from './helpers.ts';

const CHECKS_PAGE = 'src/site/guide/writing/checks.md';
const FORMAT_PAGE = 'src/site/guide/writing/index.md';

describe('the guide', () => {
  it('documents every check with its default severity', async () => {
    const readme = await readFile(CHECKS_PAGE, 'utf8');
    for (const check of CHECKS) expect(readme, check.code).toContain(`| \`${check.code}\` | ${check.severity} |`);
  });

  it('documents every code the loader can produce on the broken corpus and the loader tests', async () => {
    const readme = await readFile(CHECKS_PAGE, 'utf8');
    const codes = ['yaml-syntax', 'yaml-tab', 'duplicate-key', 'yaml-alias', 'too-deep', 'complex-key', 'empty-file', 'file-too-large', 'not-utf8', 'misplaced-file', 'ignored-file', 'duplicate-id', 'unknown-key', 'missing-key', 'wrong-type', 'bad-value', 'bad-duration', 'bad-date', 'bad-url', 'unknown-check', 'yaml-tag', 'reserved-key', 'unreadable', 'not-a-file', 'bad-file-name', 'link-outside', 'dangling-link', 'symlink-loop', 'duplicate-folder'];
    for (const code of codes) expect(readme, code).toContain(`\`${code}\``);
  });

  it('its examples of content files load without diagnostics, in the complete spec', async () => {
    const readme = await readFile(FORMAT_PAGE, 'utf8');
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

describe('README', () => {
  it('is the front door: at most 150 lines, a quick start of two commands, install-and-open and install-and-test', async () => {
    const readme = await readFile('README.md', 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(150);
    expect(readme).toContain('npm install && npm run dev');
    expect(readme).toContain('npm install && npm test');
    expect(readme).toContain('npx specbench init');
  });

  it('links only to files that exist', async () => {
    const readme = await readFile('README.md', 'utf8');
    const targets = [...readme.matchAll(/\]\(([^)#]+)(?:#[^)]*)?\)/g)].map((m) => m[1] ?? '').filter((t) => !/^[a-z]+:/.test(t));
    expect(targets.length).toBeGreaterThan(5);
    for (const target of targets) await expect(stat(target), target).resolves.toBeDefined();
  });
});
