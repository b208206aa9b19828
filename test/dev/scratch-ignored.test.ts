// `astro dev` of this repository (test/dev/first-load, `npm run dev`) reloaded its open page when
// another process wrote a site into `.cache/site-builds` (a test's build, `test:large`'s GitHub
// pages): Vite watched the whole project. The plugin's own setup hook gives Vite's watcher the rule;
// the spec folder stays watched wherever it lies, also inside a scratch folder (the benchmark's copy).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchIgnored, specbenchIntegration } from '../../src/site/integration.ts';
import type { SiteSettings } from '../../src/site/state.ts';

const project = join('/', 'home', 'u', 'project');

/** The watcher rule the plugin's real `astro:config:setup` hook hands Vite. */
function ruleOf(spec: string): (path: string) => boolean {
  const integration = specbenchIntegration({ spec, route: '' } as unknown as SiteSettings, 'test');
  let ignored: unknown;
  const setup = integration.hooks['astro:config:setup'] as unknown as (options: object) => void;
  setup({
    config: { root: new URL(`file://${project}/`) },
    injectRoute: () => undefined,
    updateConfig: (config: { vite?: { server?: { watch?: { ignored?: unknown } } } }) => {
      ignored = config.vite?.server?.watch?.ignored;
    },
  });
  if (typeof ignored !== 'function') throw new Error('the plugin gives Vite no watch rule');
  return ignored as (path: string) => boolean;
}

describe('what astro dev does not watch', () => {
  it('leaves the scratch folders alone, and nothing else', () => {
    const ignored = ruleOf(join(project, 'content'));
    expect(ignored(join(project, '.cache'))).toBe(true);
    expect(ignored(join(project, '.cache', 'site-builds', 'site-x', 'index.html'))).toBe(true);
    expect(ignored(join(project, '.bench', 'site-github', 'endpoints', 'index.html'))).toBe(true);
    expect(ignored(join(project, 'content', 'purpose.yaml'))).toBe(false);
    expect(ignored(join(project, 'src', 'site', 'routes', 'item.astro'))).toBe(false);
    expect(ignored(join(project, '.cachet', 'a.yaml'))).toBe(false);
  });

  it('watches a spec folder inside a scratch folder, and the folders on its way', () => {
    const spec = join(project, '.bench', 'dev-github');
    const ignored = ruleOf(spec);
    expect(ignored(join(project, '.bench'))).toBe(false);
    expect(ignored(spec)).toBe(false);
    expect(ignored(join(spec, 'endpoints', 'repos-get.yaml'))).toBe(false);
    expect(ignored(join(project, '.bench', 'site-github', 'index.html'))).toBe(true);
  });

  it('is the same rule as scratchIgnored', () => {
    expect(scratchIgnored(project, join(project, 'content'))(join(project, '.cache', 'x'))).toBe(true);
  });
});
