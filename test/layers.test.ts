import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

describe('the layering of the code', () => {
  it('holds every rule of test/layers.cjs (dependency-cruiser): no cycles, no Astro or file I/O in the core, one public entry', async () => {
    const { stdout } = await promisify(execFile)('npx', ['depcruise', '--config', 'test/layers.cjs', '--output-type', 'err', 'src']).catch((e: { stdout: string }) => ({ stdout: e.stdout }));
    expect(stdout).toContain('no dependency violations found');
  }, 120_000);

  it('fails an import up the list of layers, one between rooms side by side, and a room of the core in no layer; passes one down', async () => {
    const root = await mkdtemp(join(tmpdir(), 'specbench-layers-'));
    try {
      const files: Record<string, string> = {
        'tsconfig.json': JSON.stringify({ compilerOptions: { allowImportingTsExtensions: true, module: 'nodenext', moduleResolution: 'nodenext', noEmit: true } }),
        // Up: the loader may not know the engine.
        'src/lib/load/reader.ts': "import { x } from '../engine/engine.ts';\nexport const y = x;\n",
        'src/lib/engine/engine.ts': 'export const x = 1;\n',
        // Down: the engine may use the loader.
        'src/lib/engine/down.ts': "import { y } from '../load/reader.ts';\nexport const z = y;\n",
        // Beside: the site's views and the text outputs know nothing of each other.
        'src/lib/render/site/view.ts': "import { b } from '../text/doc.ts';\nexport const a = b;\n",
        'src/lib/render/text/doc.ts': 'export const b = 1;\n',
        // A room the list does not place.
        'src/lib/newroom/c.ts': "import { y } from '../load/reader.ts';\nexport const c = y;\n",
      };
      for (const [path, text] of Object.entries(files)) {
        await mkdir(dirname(join(root, path)), { recursive: true });
        await writeFile(join(root, path), text);
      }
      const depcruise = join(process.cwd(), 'node_modules', '.bin', 'depcruise');
      const { stdout } = await promisify(execFile)(process.execPath, [depcruise, '--config', join(process.cwd(), 'test', 'layers.cjs'), '--output-type', 'err', 'src'], { cwd: root }).catch((e: { stdout: string }) => ({ stdout: e.stdout }));
      const errors = stdout.split('\n').filter((line) => line.includes('error ')).map((line) => line.trim()).sort();
      expect(errors).toEqual([
        'error every-room-has-a-layer: src/lib/newroom/c.ts → src/lib/load/reader.ts',
        'error layer-load: src/lib/load/reader.ts → src/lib/engine/engine.ts',
        'error layer-render-site: src/lib/render/site/view.ts → src/lib/render/text/doc.ts',
      ]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 120_000);

  it("the site's routes and components (which dependency-cruiser cannot read) import the core only through its public entry", async () => {
    const found: string[] = [];
    for (const dir of ['src/site']) {
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
