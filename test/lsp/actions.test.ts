import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeAction } from 'vscode-languageserver-protocol';
import { analyze, CHECKS, readSpecDir, type Analysis } from '../../src/lib/index.ts';
import { fixture, scratchCopy } from '../helpers.ts';
import { applyEdit, startServer, uriOf, type Server } from './client.ts';

/** The errors of an analysis, without their places (a fix moves what follows it). */
const errors = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file} ${d.code} ${d.message}`);

/** The quick fixes the server offers for each diagnostic of a folder, each applied alone to a fresh copy and checked: the diagnostic gone, no new error. */
async function everyFix(server: Server, dir: string): Promise<string[]> {
  const before = analyze(await readSpecDir(dir));
  const applied: string[] = [];
  for (const d of before.diagnostics) {
    const range = { start: { line: d.line - 1, character: d.column - 1 }, end: { line: (d.endLine ?? d.line) - 1, character: (d.endColumn ?? d.column) - 1 } };
    const actions = (await server.connection.sendRequest('textDocument/codeAction', { textDocument: { uri: uriOf(join(dir, d.file)) }, range, context: { diagnostics: [] } })) as CodeAction[];
    for (const action of actions.filter((a) => a.diagnostics?.some((x) => x.code === d.code && x.message === d.message))) {
      const copy = resolve(await scratchCopy(dir));
      if (!action.edit) throw new Error(`${action.title} has no edit`);
      await applyEdit(action.edit, dir, copy);
      const after = analyze(await readSpecDir(copy));
      const what = `${d.file}:${d.line}:${d.column} ${d.code}: ${action.title}`;
      expect(after.diagnostics.filter((x) => x.file === d.file && x.code === d.code && x.message === d.message), what).toEqual([]);
      const old = new Set(errors(before));
      expect(errors(after).filter((e) => !old.has(e)), what).toEqual([]);
      applied.push(what);
    }
  }
  return applied;
}

describe('quick fixes', () => {
  let slips: string;
  let mistakes: string;
  let server: Server;
  beforeAll(async () => {
    slips = resolve(await scratchCopy(join(fixture('broken'), 'common-slips', 'spec')));
    mistakes = resolve(await scratchCopy(fixture('complete')));
    const edit = async (file: string, change: (text: string) => string) => writeFile(join(mistakes, file), change(await readFile(join(mistakes, file), 'utf8')));
    await edit('endpoints/get-order.yaml', (t) => t.replace('resource: Order', 'resource: Ordr').replace('error: order_not_found', 'error: nothing_like_it').replace('"orders:read"', '"orders:reed"').replace('limits: [default-rate]', 'limits: [default-rat]'));
    await edit('states/order-status.yaml', (t) => t.replace('to: shipped', 'to: shiped'));
    await edit('resources/Card.yaml', (t) => t.replace('description: Paid by card.', 'description: Paid by card, as [[resources/Ordr]] takes it.'));
    await edit('limits/_area.yaml', (t) => t.replace(/^quotas:.*$/m, 'quotas: { none: true }'));
    server = await startServer(process.cwd(), { initializationOptions: { spec: [slips, mistakes] } });
  }, 300_000);
  afterAll(async () => server?.stop());

  it('the slips of a new author: each hint check gives is a fix that removes its diagnostic and adds no error', async () => {
    const applied = await everyFix(server, slips);
    // limits/burst.yaml cannot be read (`kind: rate`): its own errors come first.
    expect(applied.map((a) => a.replace(/:\d+:\d+ /, ' '))).toEqual([
      'limits/burst.yaml unknown-key: Change to `window`',
      'endpoints/get-order.yaml wrong-type: Write `parameters: { path: { id: { type: string, required: true } }, query: { limit: { type: integer } } }`',
      'errors/_area.yaml wrong-type: Write `inventory: { none: "why there is none" }`',
      'errors/not_found.yaml unknown-key: Change to `title`',
      'purpose/_area.yaml yaml-syntax: Write `purpose: "Orders: create, track"`',
      'resources/_area.yaml unknown-key: Write `open: "Retail, or logistics?"`',
    ]);
  }, 120_000);

  it('names that do not resolve: the name check suggests, or the file `specbench new` would write', async () => {
    const applied = await everyFix(server, mistakes);
    expect(applied.map((a) => a.replace(/:\d+:\d+ /, ' '))).toEqual([
      'endpoints/get-order.yaml unresolved-reference: Change to `Order`',
      'endpoints/get-order.yaml unresolved-reference: Create `errors/nothing_like_it.yaml` with every facet open',
      'endpoints/get-order.yaml unknown-scope: Change to `orders:read`',
      'endpoints/get-order.yaml unresolved-reference: Change to `default-rate`',
      'limits/_area.yaml wrong-type: Write `quotas: { none: "why there is none" }`',
      'resources/Card.yaml broken-link: Change to `Order`',
      'states/order-status.yaml unknown-state: Change to `shipped`',
    ]);
    // The file is what `specbench new errors nothing_like_it` writes, schema line included.
    const action = ((await server.connection.sendRequest('textDocument/codeAction', { textDocument: { uri: uriOf(join(mistakes, 'endpoints/get-order.yaml')) }, range: { start: { line: 9, character: 0 }, end: { line: 9, character: 40 } }, context: { diagnostics: [] } })) as CodeAction[]).find((a) => a.title.startsWith('Create'));
    const created = action?.edit?.documentChanges?.[1];
    expect(created && 'edits' in created ? created.edits[0] : undefined).toMatchObject({ newText: expect.stringMatching(/^# yaml-language-server: \$schema=.*errors\.item\.schema\.json\ntitle: nothing_like_it\nstatus:\n  open: /) });
  }, 120_000);

  it('offers nothing a message does not say: no fix for a diagnostic without a mechanical hint', async () => {
    const uri = uriOf(join(slips, 'errors/not_found.yaml'));
    const actions = (await server.connection.sendRequest('textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 15 } }, context: { diagnostics: [] } })) as CodeAction[];
    // `status: !!int 404`: the tag's hint says what to do in words, with no text to write.
    expect(actions.filter((a) => a.diagnostics?.some((d) => d.code === 'yaml-tag'))).toEqual([]);
  });
});

describe('state this facet as none', () => {
  let dir: string;
  let server: Server;
  beforeAll(async () => {
    dir = resolve(await scratchCopy(fixture('half-written')));
    server = await startServer(dir);
  }, 300_000);
  afterAll(async () => server?.stop());

  it('on every open gap with a place: applied, the gap is stated as none, with the reason to fill in, and the file still reads', async () => {
    // A none is the author's statement: a check may find that it contradicts another facet (no parameters on a path with one), never that the file cannot be read.
    const checks = new Set(CHECKS.map((c) => c.code));
    const before = analyze(await readSpecDir(dir));
    let applied = 0;
    // Gaps in a file that exists, which an editor can open (an area without its file has its gaps at the top of a file yet to be written).
    const files = new Set((await readSpecDir(dir)).map((f) => f.path));
    const placed = before.assessment.gaps.filter((g) => g.line !== undefined && files.has(g.file));
    for (const gap of placed) {
      const line = (gap.line ?? 1) - 1;
      const actions = (await server.connection.sendRequest('textDocument/codeAction', { textDocument: { uri: uriOf(join(dir, gap.file)) }, range: { start: { line, character: 0 }, end: { line, character: 0 } }, context: { diagnostics: [] } })) as CodeAction[];
      const none = actions.find((a) => a.title === `State ${gap.label} as none (give the reason)`);
      if (!none?.edit) throw new Error(`no way to state ${gap.id} as none`);
      const copy = resolve(await scratchCopy(dir));
      await applyEdit(none.edit, dir, copy);
      const after = analyze(await readSpecDir(copy));
      expect(after.assessment.facets.find((f) => f.id === gap.id)?.state, gap.id).toBe('none');
      expect(after.assessment.facets.find((f) => f.id === gap.id)?.value, gap.id).toEqual({ none: 'why there is none' });
      const old = new Set(errors(before));
      expect(after.diagnostics.filter((d) => d.severity === 'error' && !old.has(`${d.file} ${d.code} ${d.message}`) && !checks.has(d.code)), gap.id).toEqual([]);
      applied++;
    }
    expect(applied).toBe(placed.length);
    expect(applied).toBeGreaterThan(10);
  }, 300_000);
});

describe('state this facet as none, where the facet is written but not read as one', () => {
  let dir: string;
  let server: Server;
  beforeAll(async () => {
    dir = resolve(await scratchCopy(fixture('complete')));
    server = await startServer(dir);
  }, 300_000);
  afterAll(async () => server?.stop());

  /** [file, the facet malformed, the line as found in the fixture, the facet's id] */
  const FORMS: Array<[string, string, RegExp, string]> = [
    ...['quotas:', 'quotas: 5', 'quotas: ~', 'quotas: { none: true }', 'quotas: { open: }', 'quotas: { none: }', 'quotas: { nonee: x }', 'quotas: []', 'quotas: {}', 'quotas: ""', 'quotas:\n  none: true', 'quotas: # why?\n  none: true'].map((form): [string, string, RegExp, string] => ['limits/_area.yaml', form, /^quotas:.*$/m, 'limits/quotas']),
    ...['inventory:', 'inventory: 7', 'inventory: { none: }'].map((form): [string, string, RegExp, string] => ['errors/_area.yaml', form, /^inventory:.*$/m, 'errors/inventory']),
  ];

  it.each(FORMS)('%s: %j', async (file, form, found, id) => {
    const original = await readFile(join(dir, file), 'utf8');
    const text = original.replace(found, form);
    expect(text).not.toBe(original);
    const copy = resolve(await scratchCopy(dir));
    await writeFile(join(copy, file), text);
    const before = analyze(await readSpecDir(copy));
    const facet = before.assessment.facets.find((f) => f.id === id);
    expect(facet?.state, id).toMatch(/^(missing|open)$/);
    await server.open(join(dir, file), text);
    const line = (facet?.line ?? 1) - 1;
    const actions = (await server.connection.sendRequest('textDocument/codeAction', { textDocument: { uri: uriOf(join(dir, file)) }, range: { start: { line, character: 0 }, end: { line, character: 0 } }, context: { diagnostics: [] } })) as CodeAction[];
    server.close(join(dir, file));
    const none = actions.find((a) => a.title === `State ${facet?.label ?? ''} as none (give the reason)`);
    if (!none?.edit) throw new Error(`no way to state ${id} as none`);
    await applyEdit(none.edit, dir, copy);
    const after = analyze(await readSpecDir(copy));
    expect(after.assessment.facets.find((f) => f.id === id)?.value).toEqual({ none: 'why there is none' });
    expect(after.diagnostics.filter((d) => d.file === file && d.severity === 'error')).toEqual([]);
  });
});

describe('a fix of a YAML error is offered only where it mends the line', () => {
  let dir: string;
  let server: Server;
  beforeAll(async () => {
    dir = resolve(await scratchCopy(fixture('complete')));
    server = await startServer(dir);
  }, 300_000);
  afterAll(async () => server?.stop());

  it('a hint that names a key inside a plain value (`a# b: c`, found by random edits) is not offered as a fix: applied, the line would still not read', async () => {
    const file = join(dir, 'resources/Order.yaml');
    const original = await readFile(file, 'utf8');
    const text = original.replace(/^# yaml-language-server: .*$/m, 'type: strng# yaml-language-server: $schema=../re{ open: Why? }em.schema.json');
    await server.open(file, text);
    const actions = (await server.connection.sendRequest('textDocument/codeAction', { textDocument: { uri: uriOf(file) }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 80 } }, context: { diagnostics: [] } })) as CodeAction[];
    server.close(file);
    const fixes = actions.filter((a) => a.diagnostics?.some((d) => d.code === 'yaml-syntax'));
    expect(fixes.length).toBeGreaterThan(0);
    for (const fix of fixes) {
      const copy = resolve(await scratchCopy(dir));
      await writeFile(join(copy, 'resources/Order.yaml'), text);
      if (!fix.edit) throw new Error(`${fix.title} has no edit`);
      await applyEdit(fix.edit, dir, copy);
      const after = analyze(await readSpecDir(copy));
      expect(after.diagnostics.filter((d) => d.file === 'resources/Order.yaml' && d.code === 'yaml-syntax' && d.line === 1), fix.title).toEqual([]);
    }
  });
});
