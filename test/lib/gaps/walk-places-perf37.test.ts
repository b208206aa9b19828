// The gap walk makes a facet's id, path and label only when it keeps the facet (issue 37: most
// facets of a real spec are only counted), from links to its owner's; and it passes over a facet
// that is not written and may go unwritten before visiting it, unless the spec requires it. Each
// kept facet must still say exactly where it is: its path leads to its value in the file's data,
// its id is its area, item and path (names escaped), and a refinement the spec requires is a gap.
import { describe, expect, it } from 'vitest';
import { facetId } from '../../../src/lib/facet/ids.ts';
import { isObj } from '../../../src/lib/facet/state.ts';
import { assessFile, type WalkUnit } from '../../../src/lib/gaps/assess.ts';
import type { Analysis } from '../../../src/lib/index.ts';
import { seeds } from '../../fuzz/mutate.ts';
import { specFrom } from '../../helpers.ts';

function units(analysis: Analysis): WalkUnit[] {
  return analysis.spec.areas.flatMap((area): WalkUnit[] => [{ area: area.key, file: area.file, data: area.data }, ...area.items.map((item) => ({ area: area.key, item: item.id, file: item.file, data: item.data }))]);
}

/** The value at a path of a file's data, read step by step. */
function valueAt(data: unknown, path: readonly (string | number)[]): unknown {
  let node = data;
  for (const step of path) node = Array.isArray(node) ? node[Number(step)] : isObj(node) && Object.hasOwn(node, String(step)) ? node[String(step)] : undefined;
  return node;
}

/** Every facet and owner of every file: its path leads to what it says is there, and a path of names alone is its id. */
function placed(analysis: Analysis): number {
  let checked = 0;
  for (const unit of units(analysis)) {
    const walk = assessFile(unit, { required: new Set(analysis.spec.config.require) });
    for (const f of walk.facets) {
      if (f.state !== 'missing') expect(valueAt(unit.data, f.at)).toEqual(f.value);
      else expect(isObj(valueAt(unit.data, f.at)) || Array.isArray(valueAt(unit.data, f.at))).toBe(true);
      if (f.state !== 'missing' && !f.at.some((s) => typeof s === 'number') && unit.area !== 'states') expect(f.id).toBe(facetId(unit.area, unit.item, ...f.at.map(String)));
      checked++;
    }
    for (const o of walk.owners) expect(isObj(valueAt(unit.data, o.at))).toBe(true);
  }
  return checked;
}

describe('where the gap walk says a facet is', () => {
  for (const fixture of ['complete', 'half-written', 'hostile']) {
    it(`every facet of the ${fixture} fixture is at its path, and named by it`, () => {
      const analysis = specFrom(Object.fromEntries(seeds([fixture]).map((f) => [f.path, f.text])));
      expect(placed(analysis)).toBeGreaterThan(50);
    });
  }

  it('names with `/` and `~`, deep inside fields, keep their escaped ids, their paths and their labels', () => {
    const resource = ['fields:', '  a/b:', '    type: { open: Which type? }', '  x~y:', '    type: object', '    fields:', '      inner: { type: { open: true } }', ''].join('\n');
    const analysis = specFrom({ 'resources/Pet.yaml': resource });
    expect(placed(analysis)).toBeGreaterThan(0);
    const gaps = analysis.assessment.gaps.filter((g) => g.item === 'Pet');
    const at = (id: string) => gaps.find((g) => g.id === id);
    expect(at('resources/Pet/fields/a~1b/type')).toMatchObject({ at: ['fields', 'a/b', 'type'], label: 'field a/b: type', state: 'open', question: 'Which type?', line: 3, column: 5 });
    // A facet not written is placed at its owner.
    expect(at('resources/Pet/fields/x~0y/required')).toMatchObject({ at: ['fields', 'x~y'], label: 'field x~y: required flag', state: 'missing', line: 5, column: 5 });
    expect(at('resources/Pet/fields/x~0y/fields/inner/type')).toMatchObject({ at: ['fields', 'x~y', 'fields', 'inner', 'type'], label: 'field inner: type', state: 'open', line: 7, column: 16 });
    expect(at('resources/Pet/fields/x~0y/fields/inner/required')).toMatchObject({ at: ['fields', 'x~y', 'fields', 'inner'], state: 'missing', line: 7, column: 14 });
  });

  it('a refinement the spec requires is a gap where it is not written, and none where it is not required', () => {
    const resource = 'fields:\n  name: { type: string }\n';
    const without = specFrom({ 'resources/Pet.yaml': resource }).assessment.gaps.filter((g) => g.item === 'Pet').map((g) => g.id);
    const required = specFrom({ 'resources/Pet.yaml': resource, 'specbench.yaml': 'require: [description]\n' }).assessment.gaps.filter((g) => g.item === 'Pet').map((g) => g.id);
    expect(without).not.toContain('resources/Pet/fields/name/description');
    expect(required).toContain('resources/Pet/fields/name/description');
  });
});
