// The plugin without `base` in a site with pages of its own at the paths the spec takes (issue 33,
// repro-06): Astro kept the spec's dashboard and dropped the site's home page with only a warning.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ownPagesInTheWay, ownPagesMessage } from '../../src/site/own-pages.ts';
import { siteSettings } from '../../src/site/plugin.ts';

const run = promisify(execFile);

/** The hand-made Starlight fixture: a home page (src/content/docs/index.md) and guides/getting-started.md. */
const ROOT = resolve('test/fixtures/starlight-site');
const inTheWay = (root: string, options: Parameters<typeof siteSettings>[0]) => ownPagesInTheWay(root, join(root, 'src'), siteSettings({ spec: resolve('test/fixtures/complete'), ...options }, root, '/', {}));

describe("the plugin without `base` in a site with pages of its own", () => {
  it("finds the fixture's home page in the way, and nothing with a base", () => {
    expect(inTheWay(ROOT, {})).toEqual(['src/content/docs/index.md']);
    expect(inTheWay(ROOT, { base: 'api/' })).toEqual([]);
  });

  it('finds a page or a folder at a path the spec takes, not one beside it, and leaves the guide to the guide option', async () => {
    const site = await mkdtemp(join(tmpdir(), 'specbench-own-pages-'));
    const docs = join(site, 'src/content/docs');
    await mkdir(join(docs, 'guide'), { recursive: true });
    await mkdir(join(docs, 'guides'), { recursive: true });
    await writeFile(join(docs, 'guide/start.md'), '---\ntitle: Start\n---\n');
    await writeFile(join(docs, 'resources.mdx'), '---\ntitle: Resources\n---\n');
    await writeFile(join(docs, '404.md'), '---\ntitle: Not found\n---\n');
    await writeFile(join(docs, 'notes.txt'), 'not a page\n');
    expect(inTheWay(site, {})).toEqual(['src/content/docs/guide/', 'src/content/docs/resources.mdx']);
    expect(inTheWay(site, { guide: false })).toEqual(['src/content/docs/resources.mdx']);
    // A site made by `specbench init` has only its 404 page there.
    const made = await mkdtemp(join(tmpdir(), 'specbench-own-pages-'));
    await mkdir(join(made, 'src/content/docs'), { recursive: true });
    await writeFile(join(made, 'src/content/docs/404.md'), '---\ntitle: Not found\n---\n');
    expect(inTheWay(made, {})).toEqual([]);
  });

  it('says so naming `base`, with an example', () => {
    expect(ownPagesMessage(['src/content/docs/index.md'], 'spec')).toBe(
      "specbench({ base }): without `base` the spec's pages are the whole site, and the site's own page `src/content/docs/index.md` would be replaced by them (its home page by the spec's dashboard). Give the spec a path of its own, e.g. `specbench({ spec: 'spec', base: 'api/' })` puts its pages under /api/, or move those pages away.",
    );
  });

  it('stops a real build of the fixture without `base`, writing nothing', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'specbench-no-base-'));
    const built = await run('npx', ['astro', 'build', '--root', ROOT, '--config', 'astro.config.no-base.mjs', '--outDir', join(parent, 'out')], {
      env: { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
      maxBuffer: 64 * 1024 * 1024,
    }).then(
      ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? 1, output: `${error.stdout ?? ''}${error.stderr ?? ''}` }),
    );
    expect(built.code, built.output).not.toBe(0);
    expect(built.output).toContain("specbench({ base }): without `base` the spec's pages are the whole site, and the site's own page `src/content/docs/index.md` would be replaced");
    expect(built.output).toContain("base: 'api/' })");
    expect(await readdir(parent)).toEqual([]);
  }, 300_000);
});
