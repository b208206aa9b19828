import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze, Engine, type Analysis, type ResultStore, type SpecFile, type Stored } from '../../../src/lib/index.ts';
import { apply, edit, seeds } from '../../fuzz/mutate.ts';

const encoder = new TextEncoder();
const asFiles = (files: ReadonlyMap<string, string>): SpecFile[] => [...files].map(([path, text]) => ({ path, bytes: encoder.encode(text) }));

/** Everything an analysis says, as plain data: diagnostic by diagnostic, gap by gap, facet by facet. */
function said(a: Analysis) {
  return {
    diagnostics: a.diagnostics,
    gaps: a.assessment.gaps,
    byArea: a.assessment.byArea,
    byItem: a.assessment.byItem,
    duplicates: a.assessment.duplicates,
    ignored: a.assessment.ignored,
    facets: a.assessment.facets,
    owners: a.assessment.owners,
    references: a.references,
    outgoing: [...a.graph.outgoing],
    incoming: [...a.graph.incoming],
    areas: a.spec.areas,
    config: { ...a.spec.config, checks: [...a.spec.config.checks] },
  };
}

/** A store that keeps what it is given as JSON, as the command line's cache on disk does. */
function jsonStore(): ResultStore & { size: number } {
  const kept = new Map<string, string>();
  return {
    get: (key) => {
      const text = kept.get(key);
      return text === undefined ? undefined : (JSON.parse(text) as Stored);
    },
    set: (key, value) => void kept.set(key, JSON.stringify(value)),
    get size() {
      return kept.size;
    },
  };
}

const item = (path: string) => /^[a-z]+\/(?!_area\.yaml$)[^/]+\.yaml$/.test(path);

/** One change to a spec folder, as people make them: an edit, a new file, a file gone or renamed, a file broken and mended, other settings. */
const change = fc.oneof(
  fc.record({ kind: fc.constant('edit' as const), file: fc.nat(), edits: fc.array(edit, { minLength: 1, maxLength: 3 }) }),
  fc.record({ kind: fc.constant('add' as const), file: fc.nat(), id: fc.constantFrom('extra', 'Order2', 'b-copy', 'zz.last') }),
  fc.record({ kind: fc.constant('delete' as const), file: fc.nat() }),
  fc.record({ kind: fc.constant('rename' as const), file: fc.nat(), id: fc.constantFrom('renamed', 'Order', 'a-first', 'get-order') }),
  fc.record({ kind: fc.constant('break' as const), file: fc.nat() }),
  fc.record({ kind: fc.constant('fix' as const), file: fc.nat() }),
  fc.record({ kind: fc.constant('settings' as const), text: fc.constantFrom('require: [description, format]\n', 'checks:\n  unused-item: off\n  status-mismatch: error\n', 'levels:\n  - name: first\n    close: [purpose/**]\n', '') }),
);
type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;

function applyChange(files: Map<string, string>, original: ReadonlyMap<string, string>, c: Change): void {
  const paths = [...files.keys()].sort();
  const pick = (n: number, only = (_: string) => true) => {
    const list = paths.filter(only);
    return list.length === 0 ? undefined : list[n % list.length];
  };
  const path = 'file' in c ? pick(c.file, c.kind === 'add' || c.kind === 'rename' ? item : () => true) : undefined;
  const area = path?.split('/')[0];
  switch (c.kind) {
    case 'edit':
      if (path !== undefined) files.set(path, c.edits.reduce(apply, files.get(path) ?? ''));
      break;
    case 'add':
      if (path !== undefined) files.set(`${area}/${c.id}.yaml`, files.get(path) ?? '');
      break;
    case 'delete':
      if (path !== undefined) files.delete(path);
      break;
    case 'rename':
      if (path !== undefined) {
        const text = files.get(path) ?? '';
        files.delete(path);
        files.set(`${area}/${c.id}.yaml`, text);
      }
      break;
    case 'break':
      if (path !== undefined) files.set(path, `${files.get(path) ?? ''}\n: [unclosed\n\tbad: tab\n`);
      break;
    case 'fix': {
      const restore = pick(c.file, (p) => original.has(p));
      if (restore !== undefined) files.set(restore, original.get(restore) ?? '');
      break;
    }
    case 'settings':
      if (c.text === '') files.delete('specbench.yaml');
      else files.set('specbench.yaml', c.text);
      break;
  }
}

describe('the engine', () => {
  // The hostile fixture's prose takes a second to read: fewer runs, and room for a slow machine.
  for (const [fixture, runs] of [['complete', 25], ['half-written', 25], ['hostile', 6]] as const) {
    it(`gives after any sequence of changes to the ${fixture} fixture exactly what a fresh analysis gives, also from a store kept as JSON`, () => {
      const original = new Map(seeds([fixture]).map((f) => [f.path, f.text]));
      fc.assert(
        fc.property(fc.array(change, { minLength: 1, maxLength: 6 }), (changes) => {
          const files = new Map(original);
          const engine = new Engine();
          const store = jsonStore();
          engine.update(asFiles(files));
          new Engine({ store }).update(asFiles(files));
          for (const c of changes) {
            applyChange(files, original, c);
            const fresh = said(analyze(asFiles(files)));
            expect(said(engine.update(asFiles(files)).analysis)).toEqual(fresh);
            // A new process with the store of the last: what it reads back gives the same answer.
            expect(said(new Engine({ store }).update(asFiles(files)).analysis)).toEqual(fresh);
          }
        }),
        { numRuns: runs, seed: 20261125 },
      );
    }, 600_000);
  }

  it('reads again only the files that changed, and says which', () => {
    const files = new Map(seeds(['complete']).map((f) => [f.path, f.text]));
    const engine = new Engine();
    const first = engine.update(asFiles(files));
    expect(first.analysed).toBe(files.size - 1);
    files.set('endpoints/get-order.yaml', `${files.get('endpoints/get-order.yaml')}\n# edited\n`);
    files.delete('errors/rate_limited.yaml');
    const next = engine.update(asFiles(files));
    expect(next.analysed).toBe(1);
    expect([...next.changed].sort()).toEqual(['endpoints/get-order.yaml', 'errors/rate_limited.yaml']);
    expect(engine.update(asFiles(files)).changed.size).toBe(0);
  });

  it('takes results from a store instead of reading the files again', () => {
    const files = asFiles(new Map(seeds(['complete']).map((f) => [f.path, f.text])));
    const store = jsonStore();
    expect(new Engine({ store }).update(files).analysed).toBeGreaterThan(0);
    expect(store.size).toBeGreaterThan(0);
    expect(new Engine({ store }).update(files).analysed).toBe(0);
  });
});
