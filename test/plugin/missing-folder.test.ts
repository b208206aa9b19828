// The plugin in a site without its spec folder says which command makes it, naming the option
// that chose the folder (issue 33); the command it names makes a folder the plugin then takes.
import { execFileSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteSettings } from '../../src/site/plugin.ts';
import { cli } from '../helpers.ts';

/** What `siteSettings` throws, or undefined. */
function refusal(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describe('the plugin on a spec folder that is not there', () => {
  it('names the option and the command that makes the folder, and that command makes one it takes', async () => {
    const site = await mkdtemp(join(tmpdir(), 'specbench-missing-'));
    execFileSync('git', ['init', '--quiet'], { cwd: site });
    const said = refusal(() => siteSettings({ spec: 'spec', base: 'api' }, site, '/', {}));
    expect(said).toMatch(/^specbench\(\{ spec \}\): the spec folder `spec` does not exist /);
    const command = /`npx specbench (init --spec-only --spec spec)`/.exec(said ?? '')?.[1];
    expect(command).toBe('init --spec-only --spec spec');
    // The default folder, chosen by no option: the command without --spec.
    expect(refusal(() => siteSettings({}, site, '/', {}))).toContain('`npx specbench init --spec-only`');
    // SPEC_DIR is named when it chose the folder.
    expect(refusal(() => siteSettings({}, site, '/', { SPEC_DIR: 'docs/spec' }))).toMatch(/^SPEC_DIR: the spec folder `docs\/spec` does not exist .*`npx specbench init --spec-only --spec docs\/spec`/);
    // A folder init would not make (outside the project) gets no command.
    expect(refusal(() => siteSettings({ spec: '../elsewhere' }, site, '/', {}))).not.toContain('npx specbench');
    const made = await cli(['init', site, ...(command ?? '').split(' ').slice(1)]);
    expect(made.code, made.err).toBe(0);
    expect(siteSettings({ spec: 'spec', base: 'api' }, site, '/', {}).spec).toBe(join(site, 'spec'));
  });
});
