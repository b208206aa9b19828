import { execFile } from 'node:child_process';
import { mkdtemp, readdir, stat, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = (entry: string, args: string[], env: Record<string, string> = {}) =>
  promisify(execFile)(process.execPath, [entry, ...args], { env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );
const CACHE = join('node_modules', '.cache', 'specbench');
const bundles = async () => (await readdir(CACHE).catch(() => [] as string[])).filter((d) => /^cli-[0-9a-f]{16}$/.test(d));

describe('the command line entry (src/cli/launch.mjs)', () => {
  it('runs the bundle and says exactly what the TypeScript sources say, for every command users script', async () => {
    const target = join(await mkdtemp(join(tmpdir(), 'specbench-launch-')), 'spec');
    for (const args of [
      ['check', '--spec', 'test/fixtures/half-written', '--format', 'json'],
      ['gaps', '--spec', 'test/fixtures/half-written', '--format', 'json'],
      ['export', 'openapi', '--spec', 'test/fixtures/complete'],
      ['import', 'test/fixtures/interchange/streetlights-mqtt-asyncapi.yml', '--spec', target, '--force'],
      ['check', '--spec', 'test/fixtures/broken'],
      ['no-such-command'],
    ]) {
      const bundled = await run('src/cli/launch.mjs', args);
      const sources = await run('src/cli/bin.ts', args);
      expect(bundled, args.join(' ')).toEqual(sources);
    }
    expect(await bundles()).not.toEqual([]);
  }, 120_000);

  it('builds a new bundle when a source file changes, and runs the sources when told not to bundle', async () => {
    const source = join('src', 'lib', 'facet', 'words.ts');
    const { atime, mtime } = await stat(source);
    const before = await bundles();
    try {
      await utimes(source, atime, new Date()); // a time no bundle was built for yet
      expect((await run('src/cli/launch.mjs', ['check', '--spec', 'content'])).code).toBe(0);
      expect((await bundles()).filter((b) => !before.includes(b))).toHaveLength(1);
    } finally {
      await utimes(source, atime, mtime);
    }
    const plain = await run('src/cli/launch.mjs', ['check', '--spec', 'content'], { SPECBENCH_NO_BUNDLE: '1' });
    expect(plain).toEqual(await run('src/cli/launch.mjs', ['check', '--spec', 'content']));
  }, 120_000);

  it('says at once, and plainly, that an older Node is too old: exit 2, no stack trace', async () => {
    for (const version of ['20.20.2', '22.11.0', '18.0.0']) {
      const { code, stdout, stderr } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', `Object.defineProperty(process.versions, 'node', { value: '${version}' }); await import('./src/cli/launch.mjs');`, 'check']).then(
        (r) => ({ code: 0, ...r }),
        (e: { code: number; stdout: string; stderr: string }) => e,
      );
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toBe(`specbench: this is Node.js ${version}; Specbench needs Node.js 22.12 or later (as Astro 7, which builds its site, does). Install Node.js 22 with nvm (\`nvm install 22\`) or fnm (\`fnm install 22 && fnm use 22\`), or from https://nodejs.org/, and run it again.\n`);
    }
  });
});
