import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepare, ROOT as BROKEN } from '../broken-prepare.ts';
import { fixture } from '../helpers.ts';
import { checkJson, published, startServer, uriOf, type Server } from './client.ts';

const CASES = readdirSync(BROKEN, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

/**
 * Nesting 1,000 deep is read differently by a process that has parsed much YAML before (the
 * parser's frames, once optimized, no longer run out of stack, and the loader's own depth walk
 * reports it one column earlier, in other words): a server that has read other folders would
 * disagree with a fresh `check` about this case alone. It gets a server of its own, fresh as
 * `check` is.
 */
const ALONE = new Set(['deep-nesting']);

describe('diagnostics of the whole workspace, as check gives them', () => {
  let server: Server;
  const folders = new Map<string, string>();

  beforeAll(async () => {
    for (const name of CASES) if (!ALONE.has(name)) folders.set(`broken/${name}`, resolve((await prepare(name)).dir));
    for (const name of ['complete', 'hostile', 'half-written', 'seed', 'empty']) folders.set(name, resolve(fixture(name)));
    server = await startServer(process.cwd(), { initializationOptions: { spec: [...folders.values()] } });
    // A hang guard: 20 s alone, 52 s in a whole `npm test`, over 300 s with two more suites running beside it (load 8-9 on 2 cores).
  }, 900_000);
  afterAll(async () => server?.stop());

  it.each([...['complete', 'hostile', 'half-written', 'seed', 'empty'], ...CASES.filter((c) => !ALONE.has(c)).map((c) => `broken/${c}`)])('%s: every file, every diagnostic: code, severity, range, message, related places', async (name) => {
    const dir = folders.get(name) ?? '';
    // The real `check` process, from the same build of the command line as the server.
    expect(published(server, dir)).toEqual(await checkJson(dir));
  });

  it.each([...ALONE])('broken/%s, read by a server of its own', async (name) => {
    const dir = resolve((await prepare(name)).dir);
    const alone = await startServer(dir, { initializationOptions: { spec: [dir] } });
    try {
      expect(published(alone, dir)).toEqual(await checkJson(dir));
    } finally {
      await alone.stop();
    }
  });

  it('stays up over every fixture and logs no internal error (anything but the protocol on stdout would have broken the connection)', () => {
    expect(server.log()).not.toMatch(/internal error/);
    expect(server.process.exitCode).toBeNull();
  });
});

describe('diagnostics as you type', () => {
  let server: Server;
  const dir = resolve(fixture('complete'));
  beforeAll(async () => {
    server = await startServer(dir);
  }, 300_000);
  afterAll(async () => server?.stop());

  it('an unsaved edit is checked as check would check it saved, and closing the file brings back the disk', async () => {
    const file = join(dir, 'endpoints', 'get-order.yaml');
    const text = await readFile(file, 'utf8');
    await server.open(file);
    server.change(file, text.replace('resource: Order', 'resource: Ordr'));
    await server.settled();
    const seen = server.diagnostics.get(uriOf(file)) ?? [];
    expect(seen.map((d) => `${d.code} ${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`)).toEqual([
      'unresolved-reference 9:22 Unknown resource `Ordr` in 200 response; did you mean `Order`?',
    ]);
    server.close(file);
    await server.settled();
    expect(server.diagnostics.get(uriOf(file))).toEqual([]);
  });
});
