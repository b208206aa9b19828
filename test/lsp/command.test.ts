import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, fixture } from '../helpers.ts';
import { startServer, uriOf } from './client.ts';

describe('specbench lsp', () => {
  it('speaks only over stdio: without --stdio it is a usage error, and the help lists it', async () => {
    const run = await cli(['lsp']);
    expect(run.code).toBe(2);
    expect(run.err).toContain('run `specbench lsp --stdio`');
    expect((await cli(['--help'])).out).toMatch(/^ {2}lsp --stdio {10}the language server for editors/m);
  });

  it('a workspace without a spec: files of no spec are left alone, and a spec folder is found when one of its files opens', async () => {
    const root = resolve(await mkdtemp(join(tmpdir(), 'specbench-lsp-root-')));
    const server = await startServer(root);
    try {
      expect(await server.connection.sendRequest('specbench/settled')).toEqual({ folders: [] });
      // A YAML file of something else: nothing said, nothing asked of it fails.
      await writeFile(join(root, 'docker-compose.yaml'), 'services: { web: { image: nginx } }\n');
      await server.open(join(root, 'docker-compose.yaml'));
      expect(await server.connection.sendRequest('textDocument/hover', { textDocument: { uri: uriOf(join(root, 'docker-compose.yaml')) }, position: { line: 0, character: 2 } })).toBeNull();
      expect(await server.connection.sendRequest('specbench/settled')).toEqual({ folders: [] });
      // A spec folder deeper down is found when one of its files opens.
      const spec = join(root, 'docs', 'spec');
      await mkdir(join(spec, 'resources'), { recursive: true });
      await writeFile(join(spec, 'resources', '_area.yaml'), 'inventory: { open: true }\n');
      await writeFile(join(spec, 'resources', 'Thing.yaml'), 'title: Thing\nvalue: { type: strng }\n');
      await server.open(join(spec, 'resources', 'Thing.yaml'));
      expect(await server.connection.sendRequest('specbench/settled')).toEqual({ folders: [uriOf(spec)] });
      expect(server.diagnostics.get(uriOf(join(spec, 'resources', 'Thing.yaml')))?.map((d) => d.code)).toEqual(['unused-item', 'unresolved-reference']);
      expect(server.diagnostics.has(uriOf(join(root, 'docker-compose.yaml')))).toBe(false);
    } finally {
      await server.stop();
    }
  });

  it('takes the spec folder from --spec, relative to the workspace', async () => {
    const server = await startServer(resolve('test'), { spec: 'fixtures/complete' });
    try {
      expect(await server.connection.sendRequest('specbench/settled')).toEqual({ folders: [uriOf(fixture('complete'))] });
    } finally {
      await server.stop();
    }
  });
});
