import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { packageExtension } from '../../src/editor/vscode/package.mjs';

/** The files of a zip archive (a `.vsix` is one), read from its central directory. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(data, data + size);
    files.set(name, method === 8 ? inflateRawSync(raw) : raw);
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

describe('the VS Code extension', () => {
  it('its client type-checks against the VS Code API', async () => {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const run = await promisify(execFile)(process.execPath, [tsc, '--noEmit', '-p', 'src/editor/vscode/tsconfig.json']).catch((e: { code: number; stdout: string }) => e);
    expect(run.stdout).toBe('');
    expect('code' in run ? run.code : 0).toBe(0);
  }, 120_000);

  it('packs into a .vsix offline: the manifest, the README and one bundled client that needs nothing but VS Code', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'specbench-vsix-test-')), 'specbench.vsix');
    await packageExtension(out);
    const files = unzip(await readFile(out));
    expect([...files.keys()].sort()).toEqual(['[Content_Types].xml', 'extension.vsixmanifest', 'extension/dist/extension.js', 'extension/package.json', 'extension/readme.md']);
    const manifest = JSON.parse(files.get('extension/package.json')?.toString() ?? '{}') as { main: string; engines: { vscode: string }; contributes: { configuration: { properties: Record<string, unknown> } } };
    expect(manifest.main).toBe('./dist/extension.js');
    expect(Object.keys(manifest.contributes.configuration.properties)).toEqual(['specbench.spec', 'specbench.server.command']);
    // The bundle loads with nothing but a `vscode` module (here a stand-in beside it) and exports its entry points.
    const place = await mkdtemp(join(tmpdir(), 'specbench-vsix-load-'));
    const script = join(place, 'extension.js');
    await writeFile(script, files.get('extension/dist/extension.js') ?? '');
    await mkdir(join(place, 'node_modules', 'vscode'), { recursive: true });
    // The stand-in has the names the API declares (its classes, enums and namespaces), each an empty class.
    const api = await readFile(createRequire(import.meta.url).resolve('@types/vscode/index.d.ts'), 'utf8');
    const names = [...new Set([...api.matchAll(/^\s*export (?:class|enum|namespace) (\w+)/gm)].map((m) => m[1]))];
    await writeFile(join(place, 'node_modules', 'vscode', 'index.js'), `${names.map((n) => `exports.${n} = class ${n} {};`).join('\n')}\n`);
    const loaded = createRequire(script)(script) as { activate: unknown; deactivate: unknown };
    expect(typeof loaded.activate).toBe('function');
    expect(typeof loaded.deactivate).toBe('function');
  }, 120_000);
});
