// The engine keeps of each file's gap walk only what a file's result reads (`summarizeFile`, issue
// 37); the pages walk the file whole (`assessFile`). The two must agree on every fixture and on
// specs mutated at random: the same facets where the summary keeps one, the same coverage, the
// same facets written twice or ignored, the same values held up.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isGap } from '../../../src/lib/facet/state.ts';
import { assessFile, summarizeFile, type WalkUnit } from '../../../src/lib/gaps/assess.ts';
import type { FacetResult } from '../../../src/lib/gaps/types.ts';
import type { Analysis } from '../../../src/lib/index.ts';
import { mutatedSpec, seeds } from '../../fuzz/mutate.ts';
import { specFrom } from '../../helpers.ts';

/** What the summary keeps: the gaps, the facets blocked by others, the stated prose. */
const kept = (f: FacetResult) => isGap(f.state) || f.blockedBy.length > 0 || (f.prose === true && f.state === 'stated');

/** Every refinement a spec can require, so that the walk counts every facet it can. */
const EVERY_REFINEMENT = ['description', 'format', 'examples', 'headers', 'fields', 'items', 'values', 'allowed', 'pattern', 'errors', 'limits', 'security', 'pagination'];

function units(analysis: Analysis): WalkUnit[] {
  return analysis.spec.areas.flatMap((area): WalkUnit[] => [{ area: area.key, file: area.file, data: area.data }, ...area.items.map((item) => ({ area: area.key, item: item.id, file: item.file, data: item.data }))]);
}

/** Holds the summary of every file of a spec to the whole walk, with the spec's own settings and with every refinement required. */
function agree(analysis: Analysis): void {
  for (const required of [new Set(analysis.spec.config.require), new Set(EVERY_REFINEMENT)]) {
    for (const unit of units(analysis)) {
      const located = { line: 1, column: 1 };
      const whole = assessFile(unit, { required, owners: false, locate: () => located });
      const summary = summarizeFile(unit, { required, locate: () => located });
      expect(summary.facets).toEqual(whole.facets.filter(kept));
      expect(summary.coverage).toEqual({ stated: whole.facets.filter((f) => f.state === 'stated' || f.state === 'none').length, total: whole.facets.length });
      expect(summary.duplicates).toEqual(whole.duplicates);
      expect(summary.ignored).toEqual(whole.ignored);
      expect(summary.heldUp).toEqual(whole.heldUp);
      // An id names one facet: the walk lists none twice, and reports each one written twice.
      const ids = whole.facets.map((f) => f.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const d of whole.duplicates) expect(ids).toContain(d.id);
    }
  }
}

const fromSeeds = (files: ReadonlyMap<string, string> | ReadonlyArray<{ path: string; text: string }>) =>
  specFrom(Object.fromEntries(files instanceof Map ? files : (files as ReadonlyArray<{ path: string; text: string }>).map((f) => [f.path, f.text])));

describe('the summary of a file’s gap walk', () => {
  for (const fixture of ['complete', 'half-written', 'hostile']) {
    it(`agrees with the whole walk on the ${fixture} fixture`, () => agree(fromSeeds(seeds([fixture]))));
  }

  it('agrees with the whole walk on specs mutated at random', () => {
    fc.assert(
      fc.property(mutatedSpec(), (files) => agree(fromSeeds(files))),
      { numRuns: 40 },
    );
  });

  it('reports the facets of a transition written twice, and keeps the first', () => {
    const machine = ['resource: Order', 'field: status', 'states:', '  a: { description: A. }', '  b: { description: B. }', 'transitions:', '  - { from: a, to: b, trigger: { open: true } }', '  - { from: a, to: b, trigger: { open: true } }', '  - { from: b, to: a, trigger: { open: true } }', ''].join('\n');
    const analysis = specFrom({ 'resources/Order.yaml': 'fields: { status: { type: string } }\n', 'states/order.yaml': machine });
    agree(analysis);
    const unit = units(analysis).find((u) => u.item === 'order');
    if (!unit) throw new Error('no state machine read');
    const summary = summarizeFile(unit, { required: new Set() });
    expect(summary.duplicates.map((d) => d.id)).toEqual(['states/order/transitions/a->b/trigger']);
    expect(summary.facets.filter((f) => f.id.startsWith('states/order/transitions/')).map((f) => f.id)).toEqual(['states/order/transitions/a->b/trigger', 'states/order/transitions/b->a/trigger']);
  });
});
