import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, readSpecDir, SpecDirError, Workspace, type Mention, type Update } from '../../../src/lib/index.ts';
import { fixture, scratchCopy } from '../../helpers.ts';

/** What `check` says of a folder as it is on disk now: a fresh analysis, no engine kept. */
const fresh = async (dir: string) => analyze(await readSpecDir(dir)).diagnostics;

const where = (m: Mention) => `${m.span.file}:${m.span.line}:${m.span.column}-${m.span.endLine}:${m.span.endColumn}`;

describe('Workspace', () => {
  it('opens a folder with the analysis a fresh check gives', async () => {
    const ws = await Workspace.open(fixture('complete'));
    expect(ws.analysis.diagnostics).toEqual(await fresh(fixture('complete')));
    expect(ws.files.map((f) => f.path)).toEqual((await readSpecDir(fixture('complete'))).map((f) => f.path));
  });

  it('puts an overlay in place of a file, and takes it away again', async () => {
    const ws = await Workspace.open(fixture('complete'));
    const told: Update[] = [];
    ws.onChange((u) => told.push(u));
    const text = (await readFile(join(fixture('complete'), 'endpoints/get-order.yaml'), 'utf8')).replace('resource: Order', 'resource: Ordr');
    const update = await ws.setOverlay('endpoints/get-order.yaml', text);
    expect([...update.changed]).toEqual(['endpoints/get-order.yaml']);
    const unresolved = update.analysis.diagnostics.filter((d) => d.code === 'unresolved-reference');
    expect(unresolved.map((d) => `${d.file}:${d.line}:${d.column}`)).toEqual(['endpoints/get-order.yaml:9:22']);
    expect(ws.text('endpoints/get-order.yaml')).toBe(text);
    // Back to the disk's bytes: the analysis of the folder as it is.
    const back = await ws.setOverlay('endpoints/get-order.yaml', undefined);
    expect(back.analysis.diagnostics).toEqual(await fresh(fixture('complete')));
    expect(told).toHaveLength(2);
  });

  it('an overlay that says what the disk says changes nothing', async () => {
    const ws = await Workspace.open(fixture('complete'));
    const text = await readFile(join(fixture('complete'), 'resources/Order.yaml'), 'utf8');
    const update = await ws.setOverlay('resources/Order.yaml', text);
    expect(update.changed.size).toBe(0);
    expect(ws.files.find((f) => f.path === 'resources/Order.yaml')).toBe(ws.diskFile('resources/Order.yaml'));
  });

  it('an overlay may be a file that is not on disk yet, and the analysis is that of the folder with it', async () => {
    const ws = await Workspace.open(fixture('complete'));
    const text = 'title: A note\nvalue: { type: string }\n';
    const update = await ws.setOverlay('resources/Note.yaml', text);
    const dir = await scratchCopy(fixture('complete'));
    await writeFile(join(dir, 'resources/Note.yaml'), text);
    expect(update.analysis.diagnostics).toEqual(await fresh(dir));
  });

  it('takes overlays set while an update runs into one update', async () => {
    const ws = await Workspace.open(fixture('complete'));
    const base = await readFile(join(fixture('complete'), 'resources/Order.yaml'), 'utf8');
    const first = ws.setOverlay('resources/Order.yaml', `${base}\n# 1\n`);
    const second = ws.setOverlay('resources/Order.yaml', `${base}\n# 2\n`);
    const third = ws.setOverlay('resources/Order.yaml', `${base}\n# 3\n`);
    const [a, b, c] = await Promise.all([first, second, third]);
    // The first started at once; the two asked for while it waited to start share it.
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(ws.text('resources/Order.yaml')).toBe(`${base}\n# 3\n`);
  });

  it('reads again what changed on disk: an edited file, a new one, a removed one, a removed folder', async () => {
    const dir = await scratchCopy(fixture('complete'));
    const ws = await Workspace.open(dir);
    await writeFile(join(dir, 'endpoints/get-order.yaml'), (await readFile(join(dir, 'endpoints/get-order.yaml'), 'utf8')).replace('error: order_not_found', 'error: order_not_fuond'));
    await writeFile(join(dir, 'errors/gone.yaml'), 'title: Gone\nstatus: 410\n');
    await rm(join(dir, 'limits/request-size.yaml'));
    const update = await ws.refresh(['endpoints/get-order.yaml', 'errors/gone.yaml', join(dir, 'limits/request-size.yaml')]);
    expect([...update.changed].sort()).toEqual(['endpoints/get-order.yaml', 'errors/gone.yaml', 'limits/request-size.yaml']);
    expect(update.analysis.diagnostics).toEqual(await fresh(dir));
    await rm(join(dir, 'events'), { recursive: true });
    const gone = await ws.refresh(['events']);
    expect(ws.files.some((f) => f.path.startsWith('events/'))).toBe(false);
    expect(gone.analysis.diagnostics).toEqual(await fresh(dir));
  });

  it('rejects a refresh of a folder that is gone and keeps what it had; reads it again once it is back', async () => {
    const dir = await scratchCopy(fixture('complete'));
    const ws = await Workspace.open(dir);
    const before = ws.analysis;
    await rename(dir, `${dir}-away`);
    await expect(ws.refresh(['resources/Order.yaml'])).rejects.toBeInstanceOf(SpecDirError);
    expect(ws.analysis).toBe(before);
    await rename(`${dir}-away`, dir);
    await writeFile(join(dir, 'resources/Extra.yaml'), 'title: Extra\nvalue: { type: string }\n');
    const back = await ws.refresh();
    expect(back.changed.has('resources/Extra.yaml')).toBe(true);
    expect(back.analysis.diagnostics).toEqual(await fresh(dir));
  });

  it('opening a folder that is not there is a SpecDirError', async () => {
    await expect(Workspace.open(join(fixture('complete'), 'nothing-here'))).rejects.toBeInstanceOf(SpecDirError);
  });
});

describe('Workspace positions', () => {
  it('locates every reference, scope and state of a file, and what each resolves to', async () => {
    const ws = await Workspace.open(fixture('complete'));
    const positions = ws.positions('endpoints/get-order.yaml');
    expect(positions?.mentions.map((m) => `${where(m)} ${m.form} ${m.resolves ? '' : '(unresolved) '}${JSON.stringify(m.target)}`)).toEqual([
      'endpoints/get-order.yaml:9:22-9:27 reference {"kind":"item","area":"resources","id":"Order"}',
      'endpoints/get-order.yaml:10:19-10:34 reference {"kind":"item","area":"errors","id":"order_not_found"}',
      'endpoints/get-order.yaml:11:22-11:28 reference {"kind":"item","area":"authentication","id":"oauth2"}',
      'endpoints/get-order.yaml:11:39-11:52 scope {"kind":"scope","scheme":"oauth2","scope":"orders:read"}',
      'endpoints/get-order.yaml:12:10-12:22 reference {"kind":"item","area":"limits","id":"default-rate"}',
    ]);
    expect(positions?.mentionAt(9, 25)?.target).toEqual({ kind: 'item', area: 'resources', id: 'Order' });
    expect(positions?.mentionAt(9, 27)?.target).toEqual({ kind: 'item', area: 'resources', id: 'Order' });
    expect(positions?.mentionAt(9, 28)).toBeUndefined();
    // The quotes are written, the scope's name is what a rename would change.
    expect(positions?.nodeAt(11, 42)).toMatchObject({ path: ['security', 0, 'scopes', 0], key: false });
    expect(positions?.nodeAt(4, 2)).toMatchObject({ path: ['path'], key: true });
  });

  it('finds the states of a machine, declared and named by transitions', async () => {
    const ws = await Workspace.open(fixture('complete'));
    const positions = ws.positions('states/order-status.yaml');
    const states = positions?.mentions.filter((m) => m.form === 'state').map((m) => `${m.span.line}:${m.span.column} ${m.target.kind === 'state' ? m.target.state : ''}`);
    expect(states).toEqual(['11:13 draft', '11:24 placed', '12:14 draft', '12:21 placed', '12:34 cancelled', '13:13 placed', '13:25 shipped']);
    expect(ws.declaration({ kind: 'state', machine: 'order-status', state: 'placed' })).toMatchObject({ file: 'states/order-status.yaml', line: 7, column: 3 });
    expect(ws.declaration({ kind: 'scope', scheme: 'oauth2', scope: 'orders:read' })).toMatchObject({ file: 'authentication/oauth2.yaml', line: 8, column: 3 });
    expect(ws.declaration({ kind: 'item', area: 'resources', id: 'Order' })).toEqual({ file: 'resources/Order.yaml', line: 1, column: 1 });
    expect(ws.declaration({ kind: 'item', area: 'resources', id: 'Nothing' })).toBeUndefined();
  });

  it('finds prose links where they are written, and the id inside them', async () => {
    const ws = await Workspace.open(fixture('complete'));
    const text = 'title: Note\nvalue: { type: string, description: "See [[resources/Order|orders]] and [[resources/Order]], not [[gap:resources/Order/fields]]." }\n';
    await ws.setOverlay('resources/Note.yaml', text);
    const links = ws.positions('resources/Note.yaml')?.mentions.filter((m) => m.form === 'prose') ?? [];
    expect(links.map((m) => `${where(m)} ${m.item ? `${m.item.span.column}-${m.item.span.endColumn}` : '-'}`)).toEqual([
      'resources/Note.yaml:2:42-2:68 54-59',
      'resources/Note.yaml:2:73-2:92 85-90',
      'resources/Note.yaml:2:98-2:128 114-119',
    ]);
    for (const m of links) expect(text.split('\n')[1]?.slice((m.item?.span.column ?? 0) - 1, (m.item?.span.endColumn ?? 0) - 1)).toBe('Order');
  });

  it('gives the mentions of an item in every file: the back-links of the site, and the facets of the item named elsewhere', async () => {
    const ws = await Workspace.open(fixture('complete'));
    const mentions = ws.mentionsOf({ kind: 'item', area: 'resources', id: 'Order' });
    const pages = new Set(mentions.filter((m) => m.target.kind === 'item').map((m) => m.span.file));
    const incoming = ws.analysis.graph.incoming.get('resources/Order') ?? [];
    const expected = new Set(incoming.map((e) => ws.index.fileOf(e.from) ?? `${e.from}/_area.yaml`));
    expect(pages).toEqual(expected);
    for (const m of mentions) expect(ws.text(m.span.file)?.split('\n')[(m.item?.span.line ?? 0) - 1]?.slice((m.item?.span.column ?? 0) - 1, (m.item?.span.endColumn ?? 0) - 1)).toBe('Order');
  });

  it('has no positions for a file that is no text, and survives one that is not YAML at all', async () => {
    const ws = await Workspace.open(fixture('complete'));
    await ws.setOverlay('resources/Bad.yaml', '\u0000\u0001: [ { ]]]');
    expect(ws.positions('resources/Bad.yaml')?.mentions).toEqual([]);
    expect(ws.positions('resources/Missing.yaml')).toBeUndefined();
  });
});

describe('Workspace with a folder made on the fly', () => {
  it('reads a spec folder that starts empty and fills', async () => {
    const dir = await scratchCopy(fixture('empty'));
    const ws = await Workspace.open(dir);
    await mkdir(join(dir, 'resources'), { recursive: true });
    await writeFile(join(dir, 'resources/Thing.yaml'), 'title: Thing\nvalue: { type: string }\n');
    const update = await ws.refresh(['resources']);
    expect(update.changed.has('resources/Thing.yaml')).toBe(true);
    expect(update.analysis.diagnostics).toEqual(await fresh(dir));
  });
});
