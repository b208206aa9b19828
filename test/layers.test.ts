import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

describe('the layering of the code', () => {
  it('holds every rule of test/layers.cjs (dependency-cruiser): no cycles, no Astro or file I/O in the core, one public entry', async () => {
    const { stdout } = await promisify(execFile)('npx', ['depcruise', '--config', 'test/layers.cjs', '--output-type', 'err', 'src']).catch((e: { stdout: string }) => ({ stdout: e.stdout }));
    expect(stdout).toContain('no dependency violations found');
  }, 120_000);

  it("the site's routes and components (which dependency-cruiser cannot read) import the core only through its public entry", async () => {
    const found: string[] = [];
    for (const dir of ['src/site', 'src/components']) {
      for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !entry.name.endsWith('.astro')) continue;
        const file = join(entry.parentPath, entry.name);
        for (const m of (await readFile(file, 'utf8')).matchAll(/from '([^']*\/lib\/[^']*)'/g)) if (!m[1]?.endsWith('/lib/index.ts')) found.push(`${file}: ${m[1]}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('no area key is switched on outside the area modules', async () => {
    const found: string[] = [];
    for (const entry of await readdir('src', { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(ts|astro)$/.test(entry.name)) continue;
      const file = join(entry.parentPath, entry.name);
      if (file.startsWith(join('src', 'lib', 'areas'))) continue;
      const text = await readFile(file, 'utf8');
      for (const m of text.matchAll(/(?:===|!==|case)\s*'(purpose|resources|states|endpoints|authentication|events|errors|limits|versioning)'/g)) found.push(`${file}: ${m[0]}`);
    }
    expect(found).toEqual([]);
  });
});
