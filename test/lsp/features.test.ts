import { readFile, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletionList, Hover, Location, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { analyze, readSpecDir, SiteIndex, Workspace, type Analysis, type Mention } from '../../src/lib/index.ts';
import { fixture, scratchCopy } from '../helpers.ts';
import { applyEdit, replaced, startServer, uriOf, type Server } from './client.ts';

/** The codes that say a name does not resolve where it is written. */
const UNRESOLVED = new Set(['unresolved-reference', 'unknown-scope', 'unknown-state', 'broken-link']);

/** A folder with one file's text replaced, through the real loader and the engine (kept per folder: only the replaced file is read again). */
const probes = new Map<string, Promise<Workspace>>();
async function analyseWith(dir: string, file: string, text: string): Promise<Analysis> {
  let probe = probes.get(dir);
  if (!probe) probes.set(dir, (probe = Workspace.open(dir)));
  const ws = await probe;
  for (const other of ws.overlaid) if (other !== file) await ws.setOverlay(other, undefined);
  return (await ws.setOverlay(file, text)).analysis;
}

/** Whether `check` says the name at a line and column does not resolve, or cannot stand there at all (an error at the place). */
const unresolvedAt = (a: Analysis, file: string, line: number, column: number) => a.diagnostics.some((d) => (UNRESOLVED.has(d.code) || d.severity === 'error') && d.file === file && d.line === line && d.column === column);

describe('completion lists exactly the names that resolve there', () => {
  const dir = resolve(fixture('complete'));
  let server: Server;
  let ws: Workspace;
  beforeAll(async () => {
    server = await startServer(dir);
    ws = await Workspace.open(dir);
  }, 300_000);
  afterAll(async () => server?.stop());

  /** One mention of each kind of reference position in the fixture: each `via` of a reference, a scope, a state, a prose link. */
  function kinds(): Mention[] {
    const seen = new Map<string, Mention>();
    for (const f of ws.files) for (const m of ws.positions(f.path)?.mentions ?? []) {
      const kind = m.form === 'reference' ? `${m.target.kind === 'item' ? m.target.area : ''} ${m.via.replace(/ [^ ]+$/, '')}` : m.form;
      if (!seen.has(kind)) seen.set(kind, m);
    }
    return [...seen.values()];
  }

  it('covers resources and types, errors, schemes, limits, events, endpoints, scopes, states and prose links', () => {
    const areas = new Set(kinds().flatMap((m) => (m.form === 'reference' && m.target.kind === 'item' ? [m.target.area] : [m.form])));
    expect([...areas].sort()).toEqual(['authentication', 'endpoints', 'errors', 'events', 'limits', 'prose', 'resources', 'scope', 'state']);
  });

  it('at each kind of reference position, every name offered resolves there and no other name of the spec does', async () => {
    const names = new Set<string>(['string', 'integer', 'object', 'Nothing-here']);
    for (const area of ws.analysis.spec.areas) for (const item of area.items) names.add(item.id);
    for (const m of ws.positions('authentication/oauth2.yaml')?.declarations ?? []) if (m.target.kind === 'scope') names.add(m.target.scope);
    for (const m of ws.positions('states/order-status.yaml')?.declarations ?? []) if (m.target.kind === 'state') names.add(m.target.state);
    const checked: string[] = [];
    for (const m of kinds().filter((k) => k.form !== 'prose')) {
      const file = m.span.file;
      const text = await readFile(join(dir, file), 'utf8');
      await server.open(join(dir, file), text);
      const list = (await server.connection.sendRequest('textDocument/completion', { textDocument: { uri: uriOf(join(dir, file)) }, position: { line: m.span.line - 1, character: m.span.column } })) as CompletionList;
      expect(list.items.length, `${file}:${m.span.line}`).toBeGreaterThan(0);
      const offered = new Set(list.items.map((i) => i.label));
      const range = list.items[0]?.textEdit && 'range' in list.items[0].textEdit ? list.items[0].textEdit.range : undefined;
      if (!range) throw new Error('no range');
      // Built-in types are names only where a type goes (as `check` reads a type position).
      const typePosition = /^(type|items|values|variant) of/.test(m.via);
      for (const name of names) {
        if (!typePosition && ['string', 'integer', 'object'].includes(name)) continue;
        const analysis = await analyseWith(dir, file, replaced(text, range, name));
        const at = { line: m.span.line, column: m.span.column };
        expect(unresolvedAt(analysis, file, at.line, at.column), `${name} at ${file}:${at.line}:${at.column} (${m.via})`).toBe(!offered.has(name));
      }
      checked.push(`${file} ${m.via}`);
    }
    expect(checked.length).toBeGreaterThanOrEqual(8);
  }, 300_000);

  it('in a prose link, every area and item (and gap ids after `gap:`), and each resolves', async () => {
    const file = join(dir, 'resources/Note.yaml');
    const text = 'title: Note\nvalue: { type: string, description: "See [[re" }\n';
    await server.open(file, text);
    const list = (await server.connection.sendRequest('textDocument/completion', { textDocument: { uri: uriOf(file) }, position: { line: 1, character: 47 } })) as CompletionList;
    // The note itself is an item too, once the editor holds it.
    const expected = [...ws.analysis.spec.areas.map((a) => a.key), ...ws.analysis.spec.areas.flatMap((a) => a.items.map((i) => `${a.key}/${i.id}`)), 'resources/Note'];
    expect(list.items.map((i) => i.label).sort()).toEqual(expected.sort());
    expect(list.items.find((i) => i.label === 'resources/Order')?.detail).toBe('Order');
    for (const label of [...expected, 'resources/Nope', 'nowhere']) {
      const analysis = await analyseWith(dir, 'resources/Note.yaml', `title: Note\nvalue: { type: string, description: "See [[${label}]]" }\n`);
      expect(analysis.diagnostics.some((d) => d.code === 'broken-link'), label).toBe(!expected.includes(label));
    }
    const gaps = (await server.connection.sendRequest('textDocument/completion', { textDocument: { uri: uriOf(file) }, position: { line: 1, character: 47 } }).then(async () => {
      server.change(file, 'title: Note\nvalue: { type: string, description: "See [[gap:resources/Order/fields/t" }\n');
      const line = 'value: { type: string, description: "See [[gap:resources/Order/fields/t" }';
      return server.connection.sendRequest('textDocument/completion', { textDocument: { uri: uriOf(file) }, position: { line: 1, character: line.indexOf('/t"') + 2 } });
    })) as CompletionList;
    const facets = ws.analysis.assessment.facets.filter((f) => f.id.startsWith('resources/Order/fields/t')).map((f) => `gap:${f.id}`);
    expect(gaps.items.map((i) => i.label).sort()).toEqual(facets.sort());
    server.close(file);
  });

  it('keys of the mapping at the cursor, with their meaning from the facet, the schema or the guide', async () => {
    const file = join(dir, 'resources/Note.yaml');
    await server.open(file, 'title: Note\nfi\n');
    const list = (await server.connection.sendRequest('textDocument/completion', { textDocument: { uri: uriOf(file) }, position: { line: 1, character: 2 } })) as CompletionList;
    const fields = list.items.find((i) => i.label === 'fields');
    expect(fields?.textEdit && 'range' in fields.textEdit ? fields.textEdit : undefined).toMatchObject({ newText: 'fields: ', range: { start: { line: 1, character: 0 }, end: { line: 1, character: 2 } } });
    expect(fields?.documentation).toMatchObject({ value: expect.stringContaining('fields') });
    expect(list.items.map((i) => i.label)).not.toContain('title');
    server.change(file, 'title: Note\nvalue:\n  type: string\n  \n');
    const shape = (await server.connection.sendRequest('textDocument/completion', { textDocument: { uri: uriOf(file) }, position: { line: 3, character: 2 } })) as CompletionList;
    const labels = shape.items.map((i) => i.label);
    expect(labels).toEqual(expect.arrayContaining(['format', 'allowed', 'pattern', 'description']));
    expect(labels).not.toContain('type');
    // The guide's table of shape keys says what `nullable` means.
    expect(shape.items.find((i) => i.label === 'nullable')?.documentation).toMatchObject({ value: expect.stringContaining('null') });
    server.close(file);
  });
});

describe('definition, references and rename agree with the site', () => {
  let dir: string;
  let server: Server;
  let ws: Workspace;
  beforeAll(async () => {
    dir = resolve(await scratchCopy(fixture('complete')));
    server = await startServer(dir);
    ws = await Workspace.open(dir);
  }, 300_000);
  afterAll(async () => server?.stop());

  it('every reference and link goes to what it names; the references of each item are its back-links on the site', async () => {
    const index = new SiteIndex(ws.analysis);
    const ctx = index.context(() => undefined);
    for (const area of ws.analysis.spec.areas) {
      for (const item of area.items) {
        const key = `${area.key}/${item.id}`;
        const mentions = ws.mentionsOf({ kind: 'item', area: area.key, id: item.id }).filter((m) => m.target.kind === 'item');
        const backLinks = ctx.links(ws.analysis.graph.incoming.get(key), 'from').map((l) => l.key).sort();
        if (mentions.length === 0) {
          expect(backLinks, key).toEqual([]);
          continue;
        }
        const first = mentions[0];
        if (!first) continue;
        const position = { line: first.span.line - 1, character: first.span.column };
        const uri = uriOf(join(dir, first.span.file));
        const found = (await server.connection.sendRequest('textDocument/references', { textDocument: { uri }, position, context: { includeDeclaration: false } })) as Location[];
        const pages = [...new Set(found.map((l) => l.uri.slice(uriOf(dir).length + 1).replace(/\.yaml$/, '').replace(/\/_area$/, '')))].sort();
        expect(pages, key).toEqual(backLinks);
        const definition = (await server.connection.sendRequest('textDocument/definition', { textDocument: { uri }, position })) as Location;
        expect(definition.uri, key).toBe(uriOf(join(dir, item.file)));
      }
    }
  });

  it('a scope and a state go to their key, and their references are the places that name them', async () => {
    const uri = uriOf(join(dir, 'endpoints/get-order.yaml'));
    const scope = (await server.connection.sendRequest('textDocument/definition', { textDocument: { uri }, position: { line: 10, character: 42 } })) as Location;
    expect(scope).toEqual({ uri: uriOf(join(dir, 'authentication/oauth2.yaml')), range: { start: { line: 7, character: 2 }, end: { line: 7, character: 15 } } });
    const machine = uriOf(join(dir, 'states/order-status.yaml'));
    const uses = (await server.connection.sendRequest('textDocument/references', { textDocument: { uri: machine }, position: { line: 6, character: 3 }, context: { includeDeclaration: true } })) as Location[];
    expect(uses.map((l) => `${l.range.start.line + 1}:${l.range.start.character + 1}`)).toEqual(['7:3', '11:24', '12:21', '13:13']);
  });

  it('renames an item: its id in every file that names it and its file, as one edit that leaves the spec as it was', async () => {
    const before = ws.analysis;
    const incoming = (before.graph.incoming.get('resources/Order') ?? []).map((e) => `${e.from} ${e.via}`).sort();
    const uri = uriOf(join(dir, 'endpoints/get-order.yaml'));
    const prepared = await server.connection.sendRequest('textDocument/prepareRename', { textDocument: { uri }, position: { line: 8, character: 23 } });
    expect(prepared).toMatchObject({ placeholder: 'Order' });
    const bad = await server.connection.sendRequest('textDocument/rename', { textDocument: { uri }, position: { line: 8, character: 23 }, newName: 'has space' }).catch((e: Error) => e);
    expect(bad).toBeInstanceOf(Error);
    const taken = await server.connection.sendRequest('textDocument/rename', { textDocument: { uri }, position: { line: 8, character: 23 }, newName: 'payment' }).catch((e: Error) => e);
    expect(taken).toBeInstanceOf(Error);
    const edit = (await server.connection.sendRequest('textDocument/rename', { textDocument: { uri }, position: { line: 8, character: 23 }, newName: 'Purchase' })) as WorkspaceEdit;
    await applyEdit(edit);
    const after = analyze(await readSpecDir(dir));
    expect(after.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(after.diagnostics.length).toBe(before.diagnostics.length);
    expect((after.graph.incoming.get('resources/Purchase') ?? []).map((e) => `${e.from} ${e.via}`).sort()).toEqual(incoming);
    expect(await readdir(join(dir, 'resources'))).toContain('Purchase.yaml');
    expect(await readdir(join(dir, 'resources'))).not.toContain('Order.yaml');
    // Gap ids and facet links name the item too: the spec's facets are the same, under the new id.
    expect(after.assessment.facets.map((f) => f.id.replace('resources/Purchase/', 'resources/Order/')).sort()).toEqual(before.assessment.facets.map((f) => f.id).sort());
  });

});

describe('hover, code lens and outline', () => {
  const dir = resolve(fixture('half-written'));
  let server: Server;
  beforeAll(async () => {
    server = await startServer(dir);
  }, 300_000);
  afterAll(async () => server?.stop());

  it('a reference shows its item; an open facet its question, owner and what it blocks; a key its meaning', async () => {
    const ws = await Workspace.open(dir);
    const gap = ws.analysis.assessment.gaps.find((g) => g.line !== undefined && g.item !== undefined && g.blocks.length > 0) ?? ws.analysis.assessment.gaps.find((g) => g.line !== undefined && g.owner !== undefined);
    if (!gap) throw new Error('the fixture has an open gap');
    const uri = uriOf(join(dir, gap.file));
    const shown = (await server.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: (gap.line ?? 1) - 1, character: (gap.column ?? 1) - 1 } })) as Hover;
    const text = typeof shown.contents === 'object' && 'value' in shown.contents ? shown.contents.value : '';
    expect(text).toContain(gap.question.slice(0, 20).replace(/[\\`*_[\]<>#|~&!]/g, (c) => `\\${c}`));
    if (gap.owner !== undefined) expect(text).toContain('Owner:');
    for (const b of gap.blocks) expect(text).toContain(b);
    const lenses = (await server.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as Array<{ command?: { title: string } }>;
    const gaps = ws.analysis.assessment.gaps.filter((g) => g.file === gap.file);
    expect(lenses[0]?.command?.title).toMatch(new RegExp(`^${gaps.length} open gaps?`));
    expect(lenses.length).toBe(1 + gaps.filter((g) => g.line !== undefined).length);
    const symbols = (await server.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri } })) as Array<{ name: string; detail?: string }>;
    expect(symbols.map((s) => s.name)).toEqual(expect.arrayContaining([String(gap.at[0])]));
  });
});
