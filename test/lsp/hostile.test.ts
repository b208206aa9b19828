import { cp, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hover } from 'vscode-languageserver-protocol';
import { Workspace } from '../../src/lib/index.ts';
import { fixture, scratchCopy } from '../helpers.ts';
import { checkJson, published, startServer, uriOf, type Server } from './client.ts';

/** Every question an editor asks of a file, at a few places: none may fail or go unanswered. */
async function askEverything(server: Server, path: string, lines: number): Promise<void> {
  const textDocument = { uri: uriOf(path) };
  for (const line of [0, Math.floor(lines / 2), Math.max(0, lines - 1)]) {
    for (const character of [0, 3, 40]) {
      const position = { line, character };
      await server.connection.sendRequest('textDocument/hover', { textDocument, position });
      await server.connection.sendRequest('textDocument/completion', { textDocument, position });
      await server.connection.sendRequest('textDocument/definition', { textDocument, position });
      await server.connection.sendRequest('textDocument/references', { textDocument, position, context: { includeDeclaration: true } });
      await server.connection.sendRequest('textDocument/prepareRename', { textDocument, position });
      await server.connection.sendRequest('textDocument/codeAction', { textDocument, range: { start: position, end: position }, context: { diagnostics: [] } });
    }
  }
  await server.connection.sendRequest('textDocument/codeLens', { textDocument });
  await server.connection.sendRequest('textDocument/documentSymbol', { textDocument });
}

describe('hostile content never brings the server down', () => {
  let dir: string;
  let server: Server;
  beforeAll(async () => {
    dir = resolve(await scratchCopy(fixture('complete')));
    server = await startServer(dir);
  }, 300_000);
  afterAll(async () => server?.stop());

  it('unsaved texts at and past the loader\'s limits: a huge file, deep nesting, binary bytes, many keys', async () => {
    const texts: Record<string, string> = {
      'resources/Huge.yaml': `title: Huge\nfields:\n${'  f: { type: string }\n'.repeat(160_000)}`,
      'resources/Big.yaml': `title: Big\nfields:\n${Array.from({ length: 10_000 }, (_, i) => `  f${i}: { type: string, required: true }\n`).join('')}`,
      'resources/Deep.yaml': `fields: ${'['.repeat(100_000)}`,
      'resources/Nested.yaml': `fields:\n${Array.from({ length: 500 }, (_, i) => `${'  '.repeat(i + 1)}a:\n`).join('')}`,
      'resources/Binary.yaml': '\u0000\u0001\u0002\uFFFD\uD800 title: [ { ] } &a *a *b !!binary |\n\u001b[2J',
      'resources/Aliases.yaml': `a: &a [${'x,'.repeat(50)}]\nb: &b [${'*a,'.repeat(50)}]\nc: [${'*b,'.repeat(50)}]\n`,
    };
    for (const [file, text] of Object.entries(texts)) {
      await server.open(join(dir, file), text);
      await askEverything(server, join(dir, file), text.split('\n').length);
    }
    await server.settled();
    // The same texts saved: `check` says what the server said while they were unsaved. (Brackets
    // nested 100,000 deep are left out: how far the YAML parser gets before it runs out of stack
    // differs from one process to another, and so do its errors; the server only has to survive it.)
    const deep = uriOf(join(dir, 'resources/Deep.yaml'));
    expect(server.diagnostics.get(deep)?.some((d) => d.severity === 1)).toBe(true);
    for (const [file, text] of Object.entries(texts)) if (file !== 'resources/Deep.yaml') await writeFile(join(dir, file), text);
    server.close(join(dir, 'resources/Deep.yaml'));
    await server.until(() => (server.diagnostics.get(deep) ?? []).length === 0);
    expect(published(server, dir)).toEqual(await checkJson(dir));
    for (const file of Object.keys(texts)) {
      server.close(join(dir, file));
      await rm(join(dir, file), { force: true });
    }
    await server.until(() => Object.keys(texts).every((file) => (server.diagnostics.get(uriOf(join(dir, file))) ?? []).length === 0));
    expect(server.log()).not.toMatch(/internal error|RangeError|TypeError/);
  }, 180_000);

  it('a file that is not UTF-8 on disk keeps its diagnostic when the editor opens it', async () => {
    const file = join(dir, 'resources/Latin1.yaml');
    await writeFile(file, Buffer.from([0x74, 0x69, 0x74, 0x6c, 0x65, 0x3a, 0x20, 0xe9, 0x0a]));
    await server.until(() => (server.diagnostics.get(uriOf(file)) ?? []).some((d) => d.code === 'not-utf8'));
    await server.open(file, 'title: \uFFFD\n');
    await server.settled();
    expect(server.diagnostics.get(uriOf(file))?.map((d) => d.code)).toEqual(['not-utf8']);
    server.close(file);
    await rm(file);
    await server.until(() => (server.diagnostics.get(uriOf(file)) ?? []).length === 0);
  });

  it('files and folders removed under the server, the whole folder too, and put back', async () => {
    const order = join(dir, 'resources/Order.yaml');
    await server.open(order);
    await rm(order);
    // The open file's text still stands in for it; closed, the references to it break.
    await server.settled();
    server.close(order);
    await server.until(() => (server.diagnostics.get(uriOf(join(dir, 'endpoints/get-order.yaml'))) ?? []).some((d) => d.code === 'unresolved-reference'));
    // The rest of what that update sent arrives before the answer to a question asked after it.
    await server.settled();
    expect(published(server, dir)).toEqual(await checkJson(dir));
    await rm(join(dir, 'errors'), { recursive: true });
    await server.until(() => (server.diagnostics.get(uriOf(join(dir, 'endpoints/get-order.yaml'))) ?? []).some((d) => typeof d.message === 'string' && d.message.includes('order_not_found')));
    await server.settled();
    expect(published(server, dir)).toEqual(await checkJson(dir));
    // The whole folder moved away: nothing to say; moved back: everything as check says.
    await rename(dir, `${dir}-away`);
    await server.until(() => published(server, dir).length === 0);
    await rename(`${dir}-away`, dir);
    await server.until(() => published(server, dir).length > 0);
    await server.settled();
    expect(published(server, dir)).toEqual(await checkJson(dir));
    await cp(fixture('complete'), dir, { recursive: true });
    await server.until(() => published(server, dir).length === 0);
    expect(await checkJson(dir)).toEqual([]);
    expect(server.process.exitCode).toBeNull();
  }, 120_000);
});

describe('hostile names in hovers', () => {
  const dir = resolve(fixture('hostile'));
  let server: Server;
  beforeAll(async () => {
    server = await startServer(dir, { initializationOptions: { spec: dir } });
  }, 300_000);
  afterAll(async () => server?.stop());

  it('what the spec says is shown as text: no HTML, link or image reaches the editor\'s Markdown', async () => {
    const ws = await Workspace.open(dir);
    let shown = 0;
    for (const f of ws.files) {
      const positions = ws.positions(f.path);
      for (const place of [...(positions?.mentions ?? []).map((m) => m.span), ...ws.analysis.assessment.gaps.filter((g) => g.file === f.path && g.line !== undefined).map((g) => ({ line: g.line ?? 1, column: g.column ?? 1 }))]) {
        const hover = (await server.connection.sendRequest('textDocument/hover', { textDocument: { uri: uriOf(join(dir, f.path)) }, position: { line: place.line - 1, character: place.column - 1 } })) as Hover | null;
        const text = hover && typeof hover.contents === 'object' && 'value' in hover.contents ? hover.contents.value : '';
        if (text === '') continue;
        shown++;
        // Outside code spans, `<`, `[` and `!` only come escaped.
        const prose = text.replace(/(`+)[^`]*?\1/g, '');
        expect(prose, `${f.path}:${place.line}`).not.toMatch(/(^|[^\\])[<[]/);
        expect(prose, `${f.path}:${place.line}`).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/);
      }
    }
    expect(shown).toBeGreaterThan(5);
    expect(server.log()).not.toMatch(/internal error/);
  }, 120_000);
});
