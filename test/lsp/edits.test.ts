import fc from 'fast-check';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseDocument } from 'yaml';
import type { CodeAction, CompletionList, TextEdit } from 'vscode-languageserver-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, scratchCopy } from '../helpers.ts';
import { checkJson, published, replaced, startServer, uriOf, type Server } from './client.ts';

/** The files the edits touch: an endpoint, a resource, the state machine, an area's own file. */
const FILES = ['endpoints/get-order.yaml', 'resources/Order.yaml', 'states/order-status.yaml', 'errors/_area.yaml', 'authentication/oauth2.yaml', 'limits/_area.yaml'];

/** What authors (and their slips) type: YAML's own signs, names of the spec, names that are not, links, tabs and line ends. */
const typed = fc.oneof(
  fc.constantFrom(':', ': ', ' ', '\n', '\t', '{', '}', '[', ']', ',', '"', "'", '#', '- ', '&a', '*a', '!!int ', '\r\n', '\r', '\u0000', '[[resources/Order]]', '[[resources/Ordr]]', '[[gap:x]]', '[[resources/', '[[gap:', '😀', 'é', '\u2028', '\ufeff', 'x<'),
  fc.constantFrom('Order', 'Ordr', 'Payment', 'order_not_found', 'oauth2', 'orders:read', 'placed', 'plced', '{ open: Why? }', '{ none: because }', 'none:', 'open:', 'resource: ', 'error: ', 'title: x\n', 'null', 'true', 'type: ', 'type:', '{ type: }', 'type: []', '|\n  ', '>-\n', '? ', '---\n', '...\n'),
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

  /** The YAML errors of a text, as the loader reads it (a lone CR ends a line). */
  const yamlErrors = (text: string) => parseDocument(text.replace(/\r(?!\n)/g, '\n'), { prettyErrors: false, uniqueKeys: false, strict: true }).errors.length;
  /** An LSP position at an offset (lines as LSP ends them, UTF-16 characters). */
  const positionOf = (text: string, offset: number) => {
    const lines = text.slice(0, offset).split(/\r\n|\n|\r/);
    return { line: lines.length - 1, character: (lines[lines.length - 1] ?? '').length };
  };

  it('after random edits, every completion and every code action offered at random places, applied, leaves the YAML with no more errors than it had', async () => {
    const originals = new Map(await Promise.all(FILES.map(async (f) => [f, await readFile(join(base, f), 'utf8')] as const)));
    const spot = fc.double({ min: 0, max: 1, noNaN: true });
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 4 }), fc.array(spot, { minLength: 1, maxLength: 3 }), async (edits, spots) => {
        const texts = new Map(originals);
        for (const f of FILES) await server.open(join(dir, f), originals.get(f));
        for (const e of edits) {
          const text = texts.get(e.file) ?? '';
          const at = Math.floor(e.at * text.length);
          texts.set(e.file, text.slice(0, at) + e.insert + text.slice(at + e.remove));
          server.change(join(dir, e.file), texts.get(e.file) ?? '');
        }
        const file = edits[0]?.file ?? '';
        const text = texts.get(file) ?? '';
        const uri = uriOf(join(dir, file));
        const broken: string[] = [];
        const judge = (what: string, edits: readonly TextEdit[]) => {
          let after = text;
          for (const e of [...edits].sort((a, b) => b.range.start.line - a.range.start.line || b.range.start.character - a.range.start.character)) after = replaced(after, e.range, e.newText);
          if (yamlErrors(after) > yamlErrors(text)) broken.push(`${what}: ${JSON.stringify(text)} -> ${JSON.stringify(after)}`);
        };
        try {
          for (const s of spots) {
            const position = positionOf(text, Math.floor(s * text.length));
            const list = (await server.connection.sendRequest('textDocument/completion', { textDocument: { uri }, position })) as CompletionList | null;
            for (const item of list?.items ?? []) if (item.textEdit && 'range' in item.textEdit) judge(`completion ${item.label} at ${position.line}:${position.character}`, [item.textEdit]);
            const actions = (await server.connection.sendRequest('textDocument/codeAction', { textDocument: { uri }, range: { start: position, end: position }, context: { diagnostics: [] } })) as CodeAction[];
            for (const a of actions) judge(`${a.title} at ${position.line}:${position.character}`, a.edit?.changes?.[uri] ?? []);
          }
          expect(broken).toEqual([]);
        } finally {
          for (const f of FILES) server.close(join(dir, f));
          await server.settled();
        }
      }),
      {
        numRuns: 40,
        seed: 20_251_127,
        endOnFailure: true,
        examples: [
          // Keys offered on a line whose word is followed by more than a `:` (`x<anguage-server: ...`): a key written before it broke the line.
          [[{ file: 'limits/_area.yaml', at: 0, remove: 12, insert: 'x<' }], [0]],
          // Keys offered at the top of a document that is a list (`- ...` first): a key there is a second kind of node.
          [[{ file: 'limits/_area.yaml', at: 0, remove: 8, insert: '- ' }], [1]],
        ],
      },
    );
    expect(server.log()).not.toMatch(/internal error/);
  }, 300_000);
});
