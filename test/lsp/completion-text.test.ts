import fc from 'fast-check';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletionList } from 'vscode-languageserver-protocol';
import { Workspace } from '../../src/lib/index.ts';
import { written } from '../../src/lib/workspace/suggest.ts';
import { fixture, scratchCopy } from '../helpers.ts';
import { replaced, startServer, uriOf, type Server } from './client.ts';

/** A text with the cursor marked `§`: the text, and the cursor as an LSP position (UTF-16 units, as LSP counts). */
function marked(text: string): { text: string; position: { line: number; character: number } } {
  const i = text.indexOf('§');
  const before = text.slice(0, i);
  return { text: before + text.slice(i + 1), position: { line: before.split('\n').length - 1, character: before.length - before.lastIndexOf('\n') - 1 } };
}

const NOTE = 'resources/Note.yaml';
const CALL = 'endpoints/x.yaml';
const MACHINE = 'states/order-status.yaml';
/** The fixture's machine with states named as no plain YAML value reads them. */
const STATES = `title: Order lifecycle\nresource: Order\nfield: status\nstates:\n  draft: { initial: true }\n  placed: {}\n  'true': {}\n  '1.5': {}\n  'on: hold': {}\n  "it's #1": { final: true }\n  'say "hi"': { final: true }\ntransitions:\n  - { from: draft, to: placed, trigger: { endpoint: place-order } }\n`;

/** [file, text with the cursor, the name chosen, the text once the choice is applied]: each was written wrong (or not at all) before. */
const CASES: Array<[string, string, string, string]> = [
  // `null` as a type is the string `null`: written plain, YAML reads no value.
  [NOTE, 'title: Note\nfields:\n  a:\n    type: §\n', 'null', "title: Note\nfields:\n  a:\n    type: 'null'\n"],
  [NOTE, 'title: Note\nfields:\n  a: { type: nu§ }\n', 'null', "title: Note\nfields:\n  a: { type: 'null' }\n"],
  [NOTE, 'title: Note\nfields:\n  a: { type: array, items: § }\n', 'null', "title: Note\nfields:\n  a: { type: array, items: 'null' }\n"],
  // An empty flow value: at the cursor, not at the `}` after it.
  [NOTE, 'title: Note\nfields:\n  a: { type: § }\n', 'string', 'title: Note\nfields:\n  a: { type: string }\n'],
  [CALL, 'title: X\nmethod: GET\npath: /x\nresponses:\n  "200": { resource: § }\n', 'Order', 'title: X\nmethod: GET\npath: /x\nresponses:\n  "200": { resource: Order }\n'],
  // Right after the `:` (no blank yet): the blank a value needs comes with it.
  [NOTE, 'title: Note\nfields:\n  a: { type:§ }\n', 'string', 'title: Note\nfields:\n  a: { type: string }\n'],
  [CALL, 'title: X\nmethod: GET\npath: /x\nresponses:\n  "200": { resource:§}\n', 'Order', 'title: X\nmethod: GET\npath: /x\nresponses:\n  "200": { resource: Order}\n'],
  // `key: ` at the end of a line, with and without the blank, last line or not, a comment after.
  [CALL, 'title: X\nmethod: GET\npath: /x\nresponses:\n  "200":\n    resource:§\n    content_type: text/plain\n', 'Order', 'title: X\nmethod: GET\npath: /x\nresponses:\n  "200":\n    resource: Order\n    content_type: text/plain\n'],
  [CALL, 'title: X\nmethod: GET\npath: /x\nresponses:\n  "200":\n    resource:§', 'Order', 'title: X\nmethod: GET\npath: /x\nresponses:\n  "200":\n    resource: Order'],
  [CALL, 'title: X\nmethod: GET\npath: /x\nresponses:\n  "200":\n    resource: §# why\n', 'Order', 'title: X\nmethod: GET\npath: /x\nresponses:\n  "200":\n    resource: Order # why\n'],
  // CRLF line ends.
  [NOTE, 'title: Note\r\nfields:\r\n  a:\r\n    type:§\r\n    required: true\r\n', 'string', 'title: Note\r\nfields:\r\n  a:\r\n    type: string\r\n    required: true\r\n'],
  [NOTE, 'title: Note\r\nfields:\r\n  a: { type: § }\r\n', 'string', 'title: Note\r\nfields:\r\n  a: { type: string }\r\n'],
  // Characters of two and four UTF-8 bytes (one and two UTF-16 units) before the cursor.
  [NOTE, 'title: Noté 😀\nfields:\n  é😀: { description: "é😀 ü", type: § }\n', 'string', 'title: Noté 😀\nfields:\n  é😀: { description: "é😀 ü", type: string }\n'],
  // States whose names YAML would read as something else, or not as one value, plain: quoted.
  [MACHINE, `${STATES}  - { from: draft, to: § }\n`, 'true', `${STATES}  - { from: draft, to: 'true' }\n`],
  [MACHINE, `${STATES}  - { from: draft, to: § }\n`, '1.5', `${STATES}  - { from: draft, to: '1.5' }\n`],
  [MACHINE, `${STATES}  - { from: draft, to: § }\n`, 'on: hold', `${STATES}  - { from: draft, to: 'on: hold' }\n`],
  [MACHINE, `${STATES}  - { from: draft, to: § }\n`, "it's #1", `${STATES}  - { from: draft, to: 'it''s #1' }\n`],
  [MACHINE, `${STATES}  - { from: [draft, §], to: placed }\n`, 'on: hold', `${STATES}  - { from: [draft, 'on: hold'], to: placed }\n`],
  [MACHINE, `${STATES}  - from: draft\n    to: "§"\n`, 'say "hi"', `${STATES}  - from: draft\n    to: "say \\"hi\\""\n`],
  // A type in a flow list of variants, quoted where it must be.
  [NOTE, 'title: Note\nvalue: { type: one_of, of: [Card,§] }\n', 'null', "title: Note\nvalue: { type: one_of, of: [Card,'null'] }\n"],
  // Lists: inside the brackets only, and a block item after its `- `.
  [CALL, 'title: X\nmethod: GET\npath: /x\nlimits:\n  -§\n', 'default-rate', 'title: X\nmethod: GET\npath: /x\nlimits:\n  - default-rate\n'],
];

/** The same, where the text was already written right: kept so. */
const KEPT: Array<[string, string, string, string]> = [
  [NOTE, 'title: Note\nfields:\n  a: { type: "nu§" }\n', 'null', 'title: Note\nfields:\n  a: { type: "null" }\n'],
  [NOTE, "title: Note\nfields:\n  a: { type: 'nu§' }\n", 'null', "title: Note\nfields:\n  a: { type: 'null' }\n"],
  [CALL, 'title: X\nmethod: GET\npath: /x\nresponses:\n  "200": { resource: §, content_type: text/plain }\n', 'Order', 'title: X\nmethod: GET\npath: /x\nresponses:\n  "200": { resource: Order, content_type: text/plain }\n'],
  [CALL, 'title: X\nmethod: GET\npath: /x\nresponses:\n  "200":\n    resource: §\n    content_type: text/plain\n', 'Order', 'title: X\nmethod: GET\npath: /x\nresponses:\n  "200":\n    resource: Order\n    content_type: text/plain\n'],
  [CALL, 'title: X\nmethod: GET\npath: /x\nresponses:\n  "200":\n    resource: §', 'Order', 'title: X\nmethod: GET\npath: /x\nresponses:\n  "200":\n    resource: Order'],
  [NOTE, 'title: Noté 😀\nfields:\n  é😀: { description: "😀😀", type: Or§ }\n', 'Order', 'title: Noté 😀\nfields:\n  é😀: { description: "😀😀", type: Order }\n'],
  [NOTE, 'title: Note\nvalue: { type: one_of, of: [§] }\n', 'Card', 'title: Note\nvalue: { type: one_of, of: [Card] }\n'],
  [CALL, 'title: X\nmethod: GET\npath: /x\nlimits: [§]\n', 'default-rate', 'title: X\nmethod: GET\npath: /x\nlimits: [default-rate]\n'],
  [CALL, 'title: X\nmethod: GET\npath: /x\nlimits: [request-size,§]\n', 'default-rate', 'title: X\nmethod: GET\npath: /x\nlimits: [request-size,default-rate]\n'],
];

describe('a completion writes the name chosen where the cursor is, as YAML reads that name', () => {
  let dir: string;
  let server: Server;
  let probe: Workspace;
  beforeAll(async () => {
    dir = resolve(await scratchCopy(fixture('complete')));
    server = await startServer(dir);
    probe = await Workspace.open(dir);
  }, 300_000);
  afterAll(async () => server?.stop());

  const complete = async (file: string, text: string, position: { line: number; character: number }) => {
    await server.open(join(dir, file), text);
    const list = (await server.connection.sendRequest('textDocument/completion', { textDocument: { uri: uriOf(join(dir, file)) }, position })) as CompletionList | null;
    server.close(join(dir, file));
    return list;
  };

  it.each([...CASES, ...KEPT])('%s: %j', async (file, text, name, expected) => {
    const { text: before, position } = marked(text);
    const list = await complete(file, before, position);
    const item = list?.items.find((i) => i.label === name);
    const edit = item?.textEdit && 'range' in item.textEdit ? item.textEdit : undefined;
    if (!edit) throw new Error(`${name} is not offered`);
    const after = replaced(before, edit.range, edit.newText);
    expect(after).toBe(expected);
    // `check` reads it: no error in the file that it did not have with the value still to write (a name that resolves, of the right type).
    const errors = async (text: string) => (await probe.setOverlay(file, text)).analysis.diagnostics.filter((d) => d.file === file && d.severity === 'error').map((d) => `${d.code} ${d.message}`);
    const had = new Set(await errors(before));
    const has = await errors(after);
    await probe.setOverlay(file, undefined);
    expect(has.filter((e) => !had.has(e))).toEqual([]);
  });

  it('offers nothing where a name written would not be the value: after a list\'s `]`, beside an item without its `,`', async () => {
    const places: Array<[string, string]> = [
      [CALL, 'title: X\nmethod: GET\npath: /x\nlimits: []§\n'],
      [CALL, 'title: X\nmethod: GET\npath: /x\nlimits: §[]\n'],
      [CALL, 'title: X\nmethod: GET\npath: /x\nlimits: [request-size §]\n'],
      [NOTE, 'title: Note\nvalue: { type: one_of, of: []§ }\n'],
      [NOTE, 'title: Note\nvalue: { type: one_of, of: §[] }\n'],
    ];
    for (const [file, text] of places) {
      const { text: before, position } = marked(text);
      expect((await complete(file, before, position))?.items ?? [], text).toEqual([]);
    }
  });
});

describe('a name as completion writes it reads back as that name', () => {
  const read = (yaml: string) => {
    const doc = parseDocument(yaml, { prettyErrors: false, uniqueKeys: false, strict: true });
    try {
      return doc.errors.length > 0 ? { errors: doc.errors.map((e) => e.message) } : doc.toJS({ maxAliasCount: 0 });
    } catch (error) {
      return { error: String(error) };
    }
  };
  const names = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('null', 'Null', '~', 'true', 'FALSE', 'yes', 'on', '1', '1.5', '-1', '0x1F', '1e3', '.inf', '.NaN', '-.inf', 'a: b', 'a #b', '#a', '- a', '[a]', '{a}', 'a, b', '*a', '&a', '!a', '%a', '@a', '`a', '|', '>', "'a", '"a', ' a', 'a ', 'é😀', 'orders:read', 'a:b', '?a', '? a', '<<'),
  );
  it('plain in a block, a flow list and a flow mapping; inside double and single quotes', () => {
    fc.assert(
      fc.property(names, (name) => {
        const plain = written(name, undefined);
        if (plain !== undefined) {
          expect(read(`k: ${plain}\n`), `k: ${plain}`).toEqual({ k: name });
          expect(read(`[${plain}]\n`), `[${plain}]`).toEqual([name]);
          expect(read(`{ k: ${plain} }\n`), `{ k: ${plain} }`).toEqual({ k: name });
        }
        const double = written(name, '"');
        if (double !== undefined) expect(read(`k: "${double}"\n`)).toEqual({ k: name });
        const single = written(name, "'");
        if (single !== undefined && !/[\n\r]/.test(name)) expect(read(`k: '${single}'\n`)).toEqual({ k: name });
      }),
      { numRuns: 3000, seed: 36 },
    );
  });
});

describe('a position past the end of its line is the end of that line, as LSP says', () => {
  const dir = resolve(fixture('complete'));
  let server: Server;
  beforeAll(async () => {
    server = await startServer(dir);
  }, 300_000);
  afterAll(async () => server?.stop());

  it('hover, definition and completion answer there as at the line\'s end, never as at the start of the next line', async () => {
    let compared = 0;
    for (const file of ['endpoints/get-order.yaml', 'states/order-status.yaml', 'errors/_area.yaml']) {
      const uri = uriOf(join(dir, file));
      const lines = (await readFile(join(dir, file), 'utf8')).split('\n');
      for (const [line, text] of lines.entries()) {
        for (const method of ['textDocument/hover', 'textDocument/definition', 'textDocument/completion']) {
          const ask = (character: number) => server.connection.sendRequest(method, { textDocument: { uri }, position: { line, character } });
          expect(await ask(text.length + 40), `${method} ${file}:${line + 1}`).toEqual(await ask(text.length));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(60);
  });
});
