// What a compared site holds once, not twice (issue 34's memory target): the compared revision's
// files that the change leaves as they were are read once, for both analyses, through the results
// the site's engine shares with the revision's engine (`SharedResults`); the git fixture's two
// commits, read through git and from the folder as the site reads them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze, changeModel, diffSpecs, Engine, readSpecAt, readSpecDir, SharedResults, type SpecFile } from '../../src/lib/index.ts';
import { compareFixture } from './fixture.ts';

let fixture: Awaited<ReturnType<typeof compareFixture>>;
let head: SpecFile[];
let base: SpecFile[];
beforeAll(async () => {
  fixture = await compareFixture();
  head = await readSpecDir(fixture.spec);
  base = await readSpecAt(fixture.root, fixture.base, 'spec');
});
afterAll(() => fixture?.done());

const same = (a: Uint8Array | undefined, b: Uint8Array | undefined) => a !== undefined && b !== undefined && Buffer.from(a).equals(Buffer.from(b));

describe('the compared revision’s analysis', () => {
  it('reads only the files the change touched: the others’ results are the site’s own', () => {
    const results = new SharedResults();
    new Engine({ store: results }).update(head);
    const read = new Engine({ store: results }).update(base);
    const now = new Map(head.map((f) => [f.path, f.bytes]));
    // The settings file is read before the store is asked; every other file as it is now is not read again.
    const touched = base.filter((f) => f.path !== 'specbench.yaml' && !same(f.bytes, now.get(f.path)));
    expect(touched.length).toBeGreaterThan(5);
    expect(touched.length).toBeLessThan(base.length / 2);
    expect(read.analysed).toBe(touched.length);
  });

  it('is the same analysis as one read alone: the same change model, mark by mark', () => {
    const results = new SharedResults();
    const after = new Engine({ store: results }).update(head).analysis;
    const shared = new Engine({ store: results }).update(base).analysis;
    const alone = analyze(base);
    const model = (before: typeof alone) => JSON.stringify(changeModel(diffSpecs(before, after), before, after, { name: 'HEAD~1', commit: fixture.base }));
    expect(model(shared)).toBe(model(alone));
    expect(JSON.stringify(shared.diagnostics)).toBe(JSON.stringify(alone.diagnostics));
  });

  it('keeps each path’s latest result only: a dev server’s edits do not pile up', () => {
    const results = new SharedResults();
    const engine = new Engine({ store: results });
    const path = 'resources/Order.yaml';
    const edit = (text: string) => head.map((f) => (f.path === path ? { ...f, bytes: new TextEncoder().encode(text) } : f));
    const order = new TextDecoder().decode(head.find((f) => f.path === path)?.bytes);
    engine.update(head);
    expect(engine.update(edit(order.replace('title: Order', 'title: Order, edited'))).analysed).toBe(1);
    // Back to the first text: its result was let go when the edit took its path, so it is read again.
    expect(new Engine({ store: results }).update(head).analysed).toBe(1);
  });
});
