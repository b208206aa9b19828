import { describe, expect, it } from 'vitest';
import { analyze, Engine, facetAnchor, isGap, type ShapeChildren, type ShapeView } from '../../src/lib/index.ts';
import { TREE_BYTES } from '../../src/lib/render/site/shape-tree.ts';
import { inlinedEndpoint } from './reader-pass10-endpoint.ts';
import { blockOf, gapLines, itemOf, siteViews, specFrom } from '../helpers.ts';

// Issue 32, defects left after the ninth pass (t32f's 05 and the known all_of narrowing across
// files). Each case is YAML through the real loader, the real gap walk and the real view model
// (the page's HTML is read in test/site/reader-pass10.test.ts).

/** What a page renders of a tree: each shape, not descending into what the budget cut (whose gaps it lists). */
function rendered(shapes: readonly ShapeView[]): { shapes: ShapeView[]; cuts: ShapeChildren[] } {
  const out: ShapeView[] = [];
  const cuts: ShapeChildren[] = [];
  const visit = (s: ShapeView) => {
    out.push(s);
    for (const a of s.also ?? []) visit(a);
    if (s.inline?.scalar) visit(s.inline.scalar);
    if (s.inline?.tree) visit(s.inline.tree.shape);
    for (const c of s.children) {
      if (c.cut) {
        cuts.push(c);
        continue;
      }
      for (const x of [...c.shapes, ...(c.leftOut?.shapes ?? []), ...(c.unions ?? [])]) visit(x);
    }
  };
  for (const s of shapes) visit(s);
  return { shapes: out, cuts };
}

/** Every facet a shape shows. */
const facetsOf = (s: ShapeView) => [s.type, s.required, s.description, s.format, s.allowed, s.default, s.examples, ...s.flags, ...s.constraints.map((c) => c.facet), ...s.extras, ...s.children.map((c) => c.facet)].flatMap((f) => f ?? []);

describe('a page’s budget counts the trees written in place, not only named resources (t32f 05)', () => {
  const analysis = specFrom({ 'endpoints/update-app.yaml': inlinedEndpoint(200, 12) });
  const item = itemOf(siteViews(analysis), 'endpoints', 'update-app');
  const request = blockOf(item, 'body');
  const responses = blockOf(item, 'responses');
  const roots = [request?.body.shape, ...(responses?.responses ?? []).map((r) => r.body.shape)].flatMap((s) => s ?? []);
  const { shapes, cuts } = rendered(roots);
  const all = 200 * 13 + 1;

  it('shows the page’s own inline trees breadth first until the budget, then says so in place instead of expanding them', () => {
    expect(roots).toHaveLength(2);
    // 2,600 fields are written; the page shows about what the budget holds (some 300 bytes a field).
    expect(shapes.length).toBeLessThan(TREE_BYTES / 250);
    expect(shapes.length).toBeGreaterThan(TREE_BYTES / 1_000);
    expect(shapes.length).toBeLessThan(all);
    // The request and the response's first copies are whole; every copy is named, the later ones' fields cut.
    const response = roots[1]?.children[0];
    expect(response?.cut).toBeUndefined();
    expect(response?.shapes.map((s) => s.name)).toEqual(Array.from({ length: 12 }, (_, k) => `copy_${k}`));
    expect(response?.shapes[0]?.children[0]?.cut).toBeUndefined();
    expect(response?.shapes[11]?.children[0]?.cut).toBeDefined();
    expect(cuts.length).toBeGreaterThan(0);
  });

  it('keeps every open gap of the item on the page: shown in the tree, listed where the tree is cut (with its anchor), or in the page’s facets', () => {
    const gaps = gapLines(analysis).filter((g) => g.startsWith('endpoints/update-app/')).map((g) => g.split(' ')[0]);
    expect(gaps).toContain('endpoints/update-app/responses/200/schema/fields/copy_11/fields/field_000/type');
    expect(gaps).toContain('endpoints/update-app/responses/200/schema/fields/copy_11/fields/field_001/fields/deep/type');
    const cutGaps = cuts.flatMap((c) => c.cut?.gaps ?? []);
    // The gaps below a cut are listed there, as anchored chips: the gaps page links to them.
    for (const id of ['endpoints/update-app/responses/200/schema/fields/copy_11/fields/field_000/type', 'endpoints/update-app/responses/200/schema/fields/copy_11/fields/field_001/fields/deep/type']) {
      const listed = cutGaps.find((f) => f.id === id);
      expect(listed?.anchor, id).toBe(facetAnchor(id));
      expect(isGap(listed?.state ?? 'stated')).toBe(true);
    }
    const onPage = new Set([...shapes.flatMap(facetsOf), ...cutGaps, ...item.facets].map((f) => f.id));
    expect(gaps.filter((g) => g !== undefined && !onPage.has(g))).toEqual([]);
    // Nothing cut is listed again among the page's facets (which would weigh as much again).
    expect(item.facets.filter((f) => f.id.includes('/copy_'))).toEqual([]);
  });

  it('leaves a page within the budget as it was: nothing cut', () => {
    const small = itemOf(siteViews(specFrom({ 'endpoints/update-app.yaml': inlinedEndpoint(20, 3) })), 'endpoints', 'update-app');
    const tree = [blockOf(small, 'body')?.body.shape, ...(blockOf(small, 'responses')?.responses ?? []).map((r) => r.body.shape)].flatMap((s) => s ?? []);
    const seen = rendered(tree);
    expect(seen.cuts).toEqual([]);
    expect(seen.shapes).toHaveLength(20 * 4 + 2 + 1 + 3 + 1);
  });
});

/** `Pet` in its own file types `kind`; `Dog` is all_of `Pet` and a part that narrows `kind` and adds `other`, typed nowhere. */
const PET = 'description: A pet.\nfields:\n  kind: { type: string, description: What kind of pet., required: true }\n';
const dog = (combine: 'all_of' | 'one_of', part: string) => `description: A dog.
value:
  type: ${combine}
  of:
    - ${part}
    - type: object
      fields:
        kind: { allowed: [a, b] }
        other: { description: Typed nowhere. }
`;
const dogGaps = (files: Record<string, string>) => gapLines(specFrom(files)).filter((g) => g.startsWith('resources/Dog/'));
const OWN_GAPS = ['resources/Dog/value/of/1/fields/other/type missing', 'resources/Dog/value/of/1/fields/other/required missing'];

describe('an all_of part naming a resource in another file answers what a narrowing part leaves out (the gap walk reads one file at a time)', () => {
  it('opens no gap for the type and required-ness a named resource states, written `- Pet` or `- type: Pet`', () => {
    for (const part of ['Pet', '{ type: Pet }']) expect(dogGaps({ 'resources/Pet.yaml': PET, 'resources/Dog.yaml': dog('all_of', part) }), part).toEqual(OWN_GAPS);
  });

  it('keeps open what the resource does not state: a field it has not, a type it leaves open, a resource the spec lacks', () => {
    const openKind = 'description: A pet.\nfields:\n  kind: { type: { open: Which? }, required: true }\n';
    expect(dogGaps({ 'resources/Pet.yaml': openKind, 'resources/Dog.yaml': dog('all_of', 'Pet') })).toEqual(['resources/Dog/value/of/1/fields/kind/type missing', ...OWN_GAPS]);
    expect(dogGaps({ 'resources/Dog.yaml': dog('all_of', 'Pet') })).toEqual(['resources/Dog/value/of/1/fields/kind/type missing', 'resources/Dog/value/of/1/fields/kind/required missing', ...OWN_GAPS]);
  });

  it('follows the resource’s own all_of to the resource that states it', () => {
    const animal = 'description: An animal.\nfields:\n  kind: { type: string, required: false }\n';
    const pet = 'description: A pet.\nvalue:\n  type: all_of\n  of:\n    - Animal\n    - type: object\n      fields:\n        name: { type: string, required: true }\n';
    expect(dogGaps({ 'resources/Animal.yaml': animal, 'resources/Pet.yaml': pet, 'resources/Dog.yaml': dog('all_of', 'Pet') })).toEqual(OWN_GAPS);
  });

  it('asks each resource once: a cycle of all_ofs ends, and answers only what one of them states', () => {
    const cat = (typed: boolean) => `description: A cat.\nvalue:\n  type: all_of\n  of:\n    - Dog\n    - type: object\n      fields:\n        kind: { ${typed ? 'type: string, ' : ''}required: true }\n`;
    expect(dogGaps({ 'resources/Pet.yaml': cat(false), 'resources/Dog.yaml': dog('all_of', 'Pet') })).toEqual(['resources/Dog/value/of/1/fields/kind/type missing', ...OWN_GAPS]);
    expect(dogGaps({ 'resources/Pet.yaml': cat(true), 'resources/Dog.yaml': dog('all_of', 'Pet') })).toEqual(OWN_GAPS);
  });

  it('lets one_of variants answer nothing for each other', () => {
    expect(dogGaps({ 'resources/Pet.yaml': PET, 'resources/Dog.yaml': dog('one_of', 'Pet') })).toEqual(['resources/Dog/value/of/1/fields/kind/type missing', 'resources/Dog/value/of/1/fields/kind/required missing', ...OWN_GAPS]);
  });

  it('counts what the resource answers as no facet, as the part written in the same file does, and the page shows no chip for it', () => {
    const across = specFrom({ 'resources/Pet.yaml': PET, 'resources/Dog.yaml': dog('all_of', 'Pet') });
    const lacking = specFrom({ 'resources/Dog.yaml': dog('all_of', 'Pet') });
    const counted = (a: typeof across) => {
      const c = a.assessment.byItem['resources/Dog'];
      return c && { stated: c.stated, total: c.total };
    };
    // Description, value, its type and parts; the part's type, fields, kind's allowed values, other's description: stated. Other's type and required: not.
    expect(counted(across)).toEqual({ stated: 8, total: 10 });
    // Without the resource, kind's type and required-ness count as two facets more, not stated.
    expect(counted(lacking)).toEqual({ stated: 8, total: 12 });
    expect(across.assessment.facets.filter((f) => f.id.startsWith('resources/Dog/') && f.id.includes('/kind/')).map((f) => `${f.id} ${f.state}`)).toEqual(['resources/Dog/value/of/1/fields/kind/allowed stated']);
    expect(across.assessment.gaps.some((g) => 'answeredBy' in g)).toBe(false);
    const page = itemOf(siteViews(across), 'resources', 'Dog');
    expect(page.gapCount).toBe(2);
  });

  it('follows the resource as it changes: an engine kept across edits says what a fresh analysis says', () => {
    const encoder = new TextEncoder();
    const files = (pet: string | undefined) => Object.entries({ 'resources/Dog.yaml': dog('all_of', 'Pet'), ...(pet === undefined ? {} : { 'resources/Pet.yaml': pet }) }).map(([path, text]) => ({ path, bytes: encoder.encode(text) }));
    const engine = new Engine();
    const untyped = 'description: A pet.\nfields:\n  kind: { description: Untyped., required: true }\n';
    for (const pet of [PET, untyped, undefined, PET, 'fields: [broken\n', PET]) {
      const kept = engine.update(files(pet)).analysis;
      const fresh = analyze(files(pet));
      expect({ gaps: kept.assessment.gaps, byItem: kept.assessment.byItem, byArea: kept.assessment.byArea, facets: kept.assessment.facets }, String(pet)).toEqual({ gaps: fresh.assessment.gaps, byItem: fresh.assessment.byItem, byArea: fresh.assessment.byArea, facets: fresh.assessment.facets });
      expect(gapLines(kept).filter((g) => g.startsWith('resources/Dog/') && g.includes('/kind/type')).length, String(pet)).toBe(pet === PET ? 0 : 1);
    }
  });
});
