import fc from 'fast-check';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, scratchCopy } from '../helpers.ts';
import { checkJson, published, startServer, type Server } from './client.ts';

/** The files the edits touch: an endpoint, a resource, the state machine, an area's own file. */
const FILES = ['endpoints/get-order.yaml', 'resources/Order.yaml', 'states/order-status.yaml', 'errors/_area.yaml', 'authentication/oauth2.yaml'];

/** What authors (and their slips) type: YAML's own signs, names of the spec, names that are not, links, tabs and line ends. */
const typed = fc.oneof(
  fc.constantFrom(':', ': ', ' ', '\n', '\t', '{', '}', '[', ']', ',', '"', "'", '#', '- ', '&a', '*a', '!!int ', '\r\n', '\r', '\u0000', '[[resources/Order]]', '[[resources/Ordr]]', '[[gap:x]]'),
  fc.constantFrom('Order', 'Ordr', 'Payment', 'order_not_found', 'oauth2', 'orders:read', 'placed', 'plced', '{ open: Why? }', '{ none: because }', 'none:', 'open:', 'resource: ', 'error: ', 'title: x\n'),
  fc.string({ maxLength: 8 }),
);

/** One edit of one open file: at a place (a fraction of its length), remove some characters and type something. */
const edit = fc.record({ file: fc.constantFrom(...FILES), at: fc.double({ min: 0, max: 1, noNaN: true }), remove: fc.nat({ max: 12 }), insert: typed });

describe('diagnostics as you type, over random edits', () => {
  const base = resolve(fixture('complete'));
  let dir: string;
  let server: Server;
  beforeAll(async () => {
    dir = resolve(await scratchCopy(base));
    server = await startServer(dir);
  }, 300_000);
  afterAll(async () => server?.stop());

  it('after every run of edits to open files, each file\'s diagnostics are those `check` gives for the same texts saved', async () => {
    const originals = new Map(await Promise.all(FILES.map(async (f) => [f, await readFile(join(base, f), 'utf8')] as const)));
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 6 }), async (edits) => {
        const texts = new Map(originals);
        for (const f of FILES) await server.open(join(dir, f), originals.get(f));
        for (const e of edits) {
          const text = texts.get(e.file) ?? '';
          const at = Math.floor(e.at * text.length);
          const next = text.slice(0, at) + e.insert + text.slice(at + e.remove);
          texts.set(e.file, next);
          server.change(join(dir, e.file), next);
        }
        await server.settled();
        // The same texts saved in a folder of their own: what `check` says of it.
        const saved = await mkdtemp(join(tmpdir(), 'specbench-lsp-'));
        try {
          await cp(base, saved, { recursive: true });
          for (const [f, text] of texts) await writeFile(join(saved, f), text);
          expect(published(server, dir)).toEqual(await checkJson(saved));
        } finally {
          await rm(saved, { recursive: true, force: true });
          for (const f of FILES) server.close(join(dir, f));
          await server.settled();
        }
      }),
      { numRuns: 12, seed: 20_250_036, endOnFailure: true },
    );
    expect(server.log()).not.toMatch(/internal error/);
  }, 300_000);
});
