// `specbench init --spec-only` adds a spec to a Starlight site that has its files already (issue 33):
// the hand-made site of test/fixtures/starlight-site, before the plugin was added, gets the spec
// folder and nothing else; the two lines init prints, put into its config as they are, and the
// dependency it names (here the package itself, linked as npm would install it) make a site that builds.
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, fixture } from '../helpers.ts';
import { buildSite } from '../site/build.ts';

let dir: string | undefined;
let outDir: string | undefined;

afterAll(async () => {
  for (const folder of [dir, outDir]) if (folder) await rm(folder, { recursive: true, force: true });
});

/** Every file of a folder with its text, but what a build or an install leaves. */
async function snapshot(root: string): Promise<Map<string, string>> {
  const files = (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const out = new Map<string, string>();
  for (const f of files) {
    const path = join(f.parentPath, f.name).slice(root.length + 1);
    if (!/^(node_modules|\.astro|\.git)\//.test(path)) out.set(path, await readFile(join(root, path), 'utf8'));
  }
  return out;
}

describe('specbench init --spec-only', () => {
  it('writes the spec into a site of its own without touching its files, and the lines it prints make the site build', async () => {
    // Inside this repository (git ignores .scratch/), so that the site finds Astro and Starlight where they are installed.
    await mkdir('.scratch', { recursive: true });
    dir = await mkdtemp(join(resolve('.scratch'), 'spec-only-'));
    await cp(fixture('starlight-site'), dir, { recursive: true, filter: (source) => !/\/(node_modules|\.astro)(\/|$)/.test(source) });
    // The site as its authors made it, before the spec: no plugin.
    const config = (await readFile(join(dir, 'astro.config.mjs'), 'utf8')).split('\n').filter((line) => !/specbench/.test(line)).join('\n');
    await writeFile(join(dir, 'astro.config.mjs'), config);
    // A repository of its own, as a site is (the one around, this one, ignores .scratch/).
    execFileSync('git', ['init', '--quiet'], { cwd: dir });
    const before = await snapshot(dir);

    const made = await cli(['init', dir, '--spec-only', '--spec', 'spec']);
    expect(made.code, made.err).toBe(0);
    expect(made.out).toContain('No other file of the site was changed.');
    const after = await snapshot(dir);
    for (const [path, text] of before) expect(after.get(path), path).toBe(text);
    expect([...after.keys()].filter((p) => !before.has(p)).every((p) => p.startsWith('spec/'))).toBe(true);
    expect(await readdir(join(dir, 'spec'))).toHaveLength(9);

    // The two lines, as printed: the import at the top, the plugin inside starlight({ ... }).
    const printed = made.out.split('\n');
    const importLine = printed.find((l) => l.trim().startsWith('import specbench'))?.trim();
    const pluginLine = printed.find((l) => l.trim().startsWith('plugins: [specbench('))?.trim();
    expect(importLine).toBe("import specbench from 'specbench/starlight';");
    expect(pluginLine).toBeDefined();
    const edited = config.replace("import { defineConfig } from 'astro/config';", `import { defineConfig } from 'astro/config';\n${importLine}`).replace('disable404Route: true,', `disable404Route: true,\n      ${pluginLine}`);
    expect(edited).not.toBe(config);
    await writeFile(join(dir, 'astro.config.mjs'), edited);
    // The dependency it names: this package, where npm would put it.
    await mkdir(join(dir, 'node_modules'), { recursive: true });
    await symlink(resolve('.'), join(dir, 'node_modules', 'specbench'), 'dir');

    const built = await buildSite('', {}, dir);
    outDir = built.outDir;
    expect(built.code, built.output).toBe(0);
    // The site's own front page and the spec's dashboard under /api/, beside it.
    expect(await readFile(join(built.outDir, 'index.html'), 'utf8')).toContain('Acme docs');
    expect(await readFile(join(built.outDir, 'api', 'index.html'), 'utf8')).toContain('Spec dashboard');
  }, 600_000);
});
