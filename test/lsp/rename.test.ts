import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Range, TextDocumentEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { analyze, readSpecDir, Workspace, type Mention } from '../../src/lib/index.ts';
import { fixture, scratchCopy } from '../helpers.ts';
import { applyEdit, startServer, uriOf, type Server } from './client.ts';

type Answer = { range: Range; placeholder: string } | WorkspaceEdit | { error: string } | null;

describe('rename: prepareRename and rename give one answer, and refuse what would break the spec', () => {
  let dir: string;
  let server: Server;
  let ws: Workspace;
  beforeAll(async () => {
    dir = resolve(await scratchCopy(fixture('complete')));
    server = await startServer(dir);
    ws = await Workspace.open(dir);
  }, 300_000);
  afterAll(async () => server?.stop());

  const ask = async (method: 'textDocument/prepareRename' | 'textDocument/rename', file: string, line: number, character: number, newName = 'Renamed0'): Promise<Answer> =>
    (await server.connection
      .sendRequest(method, { textDocument: { uri: uriOf(join(dir, file)) }, position: { line, character }, ...(method === 'textDocument/rename' ? { newName } : {}) })
      .catch((e: Error) => ({ error: e.message }))) as Answer;

  /** The edits a rename makes in one file. */
  const editsIn = (edit: WorkspaceEdit, file: string) => (edit.documentChanges ?? []).filter((c): c is TextDocumentEdit => 'textDocument' in c && c.textDocument.uri === uriOf(join(dir, file))).flatMap((c) => c.edits);

  it('at every column of every prose link, and around every reference: a range to rename where rename renames, the same refusal where it refuses', async () => {
    const mentions: Mention[] = ws.files.flatMap((f) => ws.positions(f.path)?.mentions ?? []);
    expect(mentions.filter((m) => m.form === 'prose').length).toBeGreaterThanOrEqual(3);
    let renamable = 0;
    for (const m of mentions) {
      const line = m.span.line - 1;
      const end = (m.span.endLine ?? m.span.line) === m.span.line ? (m.span.endColumn ?? m.span.column) - 1 : m.span.column + 2;
      const columns = m.form === 'prose' ? Array.from({ length: end - m.span.column + 3 }, (_, i) => m.span.column - 2 + i) : [m.span.column - 2, m.span.column - 1, m.span.column, end, end + 1];
      for (const character of columns) {
        const where = `${m.span.file}:${line + 1}:${character + 1} (${m.form})`;
        const prepared = await ask('textDocument/prepareRename', m.span.file, line, character);
        const renamed = await ask('textDocument/rename', m.span.file, line, character);
        if (prepared === null) expect(renamed, where).toBeNull();
        else if ('error' in prepared) expect(renamed, where).toEqual(prepared);
        else {
          if (!('range' in prepared)) throw new Error(`${where}: prepared ${JSON.stringify(prepared)}`);
          if (!renamed || !('documentChanges' in renamed)) throw new Error(`${where}: prepared ${JSON.stringify(prepared)}, renamed ${JSON.stringify(renamed)}`);
          // The range prepared is one that the rename rewrites, and what it holds is the placeholder.
          expect(editsIn(renamed, m.span.file).map((e) => e.range), where).toContainEqual(prepared.range);
          renamable++;
        }
      }
    }
    expect(renamable).toBeGreaterThan(20);
  }, 300_000);

  it('refuses a built-in type\'s name, an id that is not valid, one the area has (in any case), with the reason: from a reference and from a prose link', async () => {
    const places: Array<[string, number, number]> = [
      ['endpoints/get-order.yaml', 8, 23],
      ['purpose/_area.yaml', 4, (await readFile(join(dir, 'purpose/_area.yaml'), 'utf8')).split('\n')[4]?.indexOf('Order]]') ?? 0],
    ];
    for (const [file, line, character] of places) {
      expect(await ask('textDocument/prepareRename', file, line, character)).toMatchObject({ placeholder: 'Order' });
      for (const name of ['string', 'integer', 'number', 'boolean', 'object', 'array', 'map', 'null', 'one_of', 'has space', '-x', '_area', '', 'a/b', 'Payment', 'payment', 'PROBLEM']) {
        const answer = await ask('textDocument/rename', file, line, character, name);
        expect(answer, `${file} ${name}`).toMatchObject({ error: expect.stringMatching(/built-in type|not a valid item id|already has/) });
      }
    }
  });

  it('renamed from a prose link: every reference, prose link and gap id follows, the file too, and the spec reads as before; an id YAML would read as a boolean is quoted; one a type cannot be is refused', async () => {
    // A link with a label and a link to one of its gaps, held by the editor as on disk.
    const card = join(dir, 'resources/Card.yaml');
    const linked = (await readFile(card, 'utf8')).replace('description: Paid by card.', 'description: "Paid by card: see [[gap:resources/Order/fields/total/type]] and [[resources/Order|the order]]."');
    await writeFile(card, linked);
    await server.open(card, linked);
    const before = analyze(await readSpecDir(dir));
    const incoming = (before.graph.incoming.get('resources/Order') ?? []).map((e) => `${e.from} ${e.via}`).sort();
    const line = (await readFile(join(dir, 'purpose/_area.yaml'), 'utf8')).split('\n')[4] ?? '';
    // A type starts with a letter: `type: 2.0` would not read, so the rename is refused, with the reason.
    expect(await ask('textDocument/rename', 'purpose/_area.yaml', 4, line.indexOf('Order]]') + 2, '2.0')).toMatchObject({ error: expect.stringContaining('would not read') });
    const edit = await ask('textDocument/rename', 'purpose/_area.yaml', 4, line.indexOf('Order]]') + 2, 'True');
    if (!edit || !('documentChanges' in edit)) throw new Error(JSON.stringify(edit));
    await applyEdit(edit);
    const after = analyze(await readSpecDir(dir));
    expect(after.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(after.diagnostics.length).toBe(before.diagnostics.length);
    expect((after.graph.incoming.get('resources/True') ?? []).map((e) => `${e.from} ${e.via}`).sort()).toEqual(incoming);
    expect(await readFile(join(dir, 'purpose/_area.yaml'), 'utf8')).toContain('[[resources/True]]');
    expect(await readFile(card, 'utf8')).toContain('see [[gap:resources/True/fields/total/type]] and [[resources/True|the order]].');
    server.close(card);
    expect(after.assessment.facets.map((f) => f.id.replace('resources/True/', 'resources/Order/')).sort()).toEqual(before.assessment.facets.map((f) => f.id).sort());
  });

  it('refuses, rather than leave a link naming nothing, when a mention cannot be placed in its text', async () => {
    // An escape inside the link: `check` reads `[[resources/Card]]`, which is not written as such.
    const file = join(dir, 'resources/Payment.yaml');
    const text = (await readFile(file, 'utf8')).replace(/^description: .*$/m, 'description: "Paid by [[resources/C\\x61rd]]."');
    await server.open(file, text);
    const card = await Workspace.open(dir);
    await card.setOverlay('resources/Payment.yaml', text);
    const mentions = card.mentionsOf({ kind: 'item', area: 'resources', id: 'Card' });
    expect(mentions.some((m) => m.span.file === 'resources/Payment.yaml' && m.form === 'prose' && !m.item)).toBe(true);
    // `of: [Card, ...]` in the same file, as the editor holds it.
    const mention = mentions.find((m) => m.item);
    if (!mention?.item) throw new Error('Card is named somewhere');
    expect(mention.span.file).toBe('resources/Payment.yaml');
    const answer = await ask('textDocument/rename', mention.span.file, mention.item.span.line - 1, mention.item.span.column, 'Cheque');
    server.close(file);
    expect(answer).toMatchObject({ error: expect.stringContaining('cannot be placed') });
  });
});
