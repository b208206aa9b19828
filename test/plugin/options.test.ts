import { execFile } from 'node:child_process';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { siteSettings } from '../../src/site/plugin.ts';

const run = promisify(execFile);

/** The Starlight fixture's root: its spec is `../complete`. */
const ROOT = resolve('test/fixtures/starlight-site');
const settings = (options: Parameters<typeof siteSettings>[0], env: Record<string, string | undefined> = {}) => siteSettings({ spec: '../complete', ...options }, ROOT, '/', env);

describe('the plugin options (issue 30)', () => {
  it.each(['..', '../x', '.', 'a/./b', 'a/../b', '/../', 'api/..', 'a//b', '../../etc', 'a b', 'a?b', 'a#b', '%2e%2e'])('refuses the base %j, naming specbench({ base })', (base) => {
    expect(() => settings({ base })).toThrow(/^specbench\(\{ base \}\): `.*` is not a path inside the site; .*none of them `\.` or `\.\.`/);
  });

  it('takes a plain path inside the site, with or without its slashes', () => {
    expect(settings({}).route).toBe('');
    expect(settings({ base: '/' }).route).toBe('');
    expect(settings({ base: 'api' }).route).toBe('api/');
    expect(settings({ base: '/reference/api/' }).route).toBe('reference/api/');
    expect(settings({ base: 'v1.2/~spec/a...b' }).route).toBe('v1.2/~spec/a...b/');
  });

  it('names the option that chose a spec folder that is not there: spec, else SPEC_DIR, else the default', async () => {
    expect(() => settings({ spec: 'nowhere' })).toThrow(/^specbench\(\{ spec \}\): the spec folder `nowhere` does not exist \(.*test\/fixtures\/starlight-site\/nowhere\); the spec is a folder of area folders/);
    // The option wins over SPEC_DIR, and only it is named.
    let said = '';
    try {
      settings({ spec: 'nowhere' }, { SPEC_DIR: 'content' });
    } catch (error) {
      said = error instanceof Error ? error.message : '';
    }
    expect(said).toContain('specbench({ spec })');
    expect(said).not.toContain('SPEC_DIR');
    expect(() => siteSettings({}, ROOT, '/', { SPEC_DIR: 'elsewhere' })).toThrow(/^SPEC_DIR: the spec folder `elsewhere` does not exist/);
    expect(() => siteSettings({}, ROOT, '/', {})).toThrow(/^The spec folder `content` \(`specbench\(\{ spec \}\)` or SPEC_DIR names another\) does not exist/);
    const file = join(await mkdtemp(join(tmpdir(), 'specbench-options-')), 'spec.yaml');
    await writeFile(file, 'not a folder\n');
    expect(() => settings({ spec: file })).toThrow(/^specbench\(\{ spec \}\): the spec folder `.*spec\.yaml` is not a folder/);
    expect(settings({}).spec).toBe(resolve('test/fixtures/complete'));
  });

  it('names the edit URL option when it is not an http(s) address', () => {
    expect(() => settings({ editUrl: 'javascript:alert(1)' })).toThrow(/^specbench\(\{ editUrl \}\): the edit URL/);
    expect(() => settings({}, { SPECBENCH_EDIT_URL: 'file:///etc' })).toThrow(/^SPECBENCH_EDIT_URL: the edit URL/);
  });

  it('stops a real build whose base leads out of the site, naming the option and writing nothing outside its output folder', async () => {
    // astro.config.bad-base.mjs is the fixture's config with `base: '..'`, which once wrote
    // changelog/index.html and changelog.xml beside the output folder and then crashed with a TypeError.
    const parent = await mkdtemp(join(tmpdir(), 'specbench-bad-base-'));
    const built = await run('npx', ['astro', 'build', '--root', ROOT, '--config', 'astro.config.bad-base.mjs', '--outDir', join(parent, 'out')], {
      env: { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
      maxBuffer: 64 * 1024 * 1024,
    }).then(
      ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? 1, output: `${error.stdout ?? ''}${error.stderr ?? ''}` }),
    );
    expect(built.code, built.output).not.toBe(0);
    expect(built.output).toContain('specbench({ base }): `..` is not a path inside the site');
    expect(built.output).not.toContain('TypeError');
    expect((await readdir(parent)).filter((f) => f !== 'out')).toEqual([]);
  }, 300_000);
});
