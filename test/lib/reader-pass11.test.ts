import { beforeAll, describe, expect, it } from 'vitest';
import { analyze, Engine, readSpecDir, type Analysis, type SpecFile } from '../../src/lib/index.ts';
import { blockOf, gapLines, itemOf, siteViews, specFrom } from '../helpers.ts';
import { imported, NARROWING } from './reader-pass11-doc.ts';

// Issue 32, defects left after the tenth pass (t3132g's defect 2): an all_of part that names a field
// and states nothing of it the spec keeps (`f: {}`, or `a: {nullable: false}` once the import drops
// the keyword) is imported with the type left open, in words ("The source gives no type."); the
// part beside it types the field, so that is no gap. The document goes through the real import
// command, the spec through the real loader, gap walk and view model (the page: test/site/reader-pass11.test.ts).

let files: SpecFile[] = [];
let analysis: Analysis;
const text = (path: string) => new TextDecoder().decode(files.find((f) => f.path === path)?.bytes);
const resourceGaps = (a: Analysis) => gapLines(a).filter((g) => g.startsWith('resources/'));

beforeAll(async () => {
  files = await readSpecDir(await imported(NARROWING));
  analysis = analyze(files);
});

describe('an all_of part that states nothing of a field another part types (t3132g 2)', () => {
  it('is imported with the type open in words, as a part says nothing of it', () => {
    // What the walk meets: not a facet left out, but one left open by the import (src/lib/interchange owns that form).
    expect(text('resources/Narrow.yaml')).toMatch(/ {8}f:\n {10}type:\n {12}open: The source gives no type\.\n/);
    // `a: {nullable: false}` says something the spec keeps since t32s R1 (the part narrows Base's nullable
    // field): its type is left out, as `b`'s is, and answered by Base.
    expect(text('resources/Narrow.yaml')).toMatch(/ {8}a:\n {10}required: false\n {10}nullable: false\n {8}b:\n/);
  });

  it('opens no gap for its type, whether the resource that types it is in another file or the part beside it in the same one; what is typed nowhere stays open', () => {
    expect(resourceGaps(analysis)).toEqual([
      'resources/Inline/value/of/1/fields/z/type open',
      'resources/Inline/value/of/2/fields/z/type open',
      'resources/Narrow/value/of/1/fields/m/type missing',
      'resources/Narrow/value/of/1/fields/o/type missing',
    ]);
  });

  it('counts the answered type as no facet, as a type the part leaves out', () => {
    // The same spec with the two parts' `f` and `a` saying nothing at all: the same coverage.
    const unwritten = (yaml: string) => yaml.replace(/( {8}[af]:\n) {10}type:\n {12}open: The source gives no type\.\n/g, '$1');
    const bare = analyze(files.map((f) => (f.path === 'resources/Narrow.yaml' || f.path === 'resources/Inline.yaml' ? { path: f.path, bytes: new TextEncoder().encode(unwritten(text(f.path))) } : f)));
    expect(unwritten(text('resources/Narrow.yaml'))).not.toContain('gives no type');
    for (const item of ['resources/Narrow', 'resources/Inline']) expect(analysis.assessment.byItem[item], item).toEqual(bare.assessment.byItem[item]);
    expect(analysis.assessment.byArea).toEqual(bare.assessment.byArea);
  });

  it('keeps open a type a part leaves open with an owner, a discussion or a blocker: someone’s question, not the import’s', () => {
    const part = (open: string) => `description: A pet.
fields:
  body:
    description: b
    required: true
    type: all_of
    of:
      - type: object
        fields: { kind: { type: string, required: true } }
      - type: object
        fields: { kind: { type: ${open} } }
`;
    const kindGaps = (open: string) => gapLines(specFrom({ 'resources/Pet.yaml': part(open) })).filter((g) => g.includes('/kind/'));
    expect(kindGaps('{ open: Narrower? }')).toEqual([]);
    expect(kindGaps('{ open: true }')).toEqual([]);
    for (const taken of ['{ open: Narrower?, owner: ann }', '{ open: Narrower?, link: "https://example.com/1" }', '{ open: Narrower?, blocked_by: [purpose/domain] }']) {
      expect(kindGaps(taken), taken).toEqual(['resources/Pet/fields/body/of/1/fields/kind/type open']);
    }
  });

  it('follows the resource as it changes: an engine kept across edits says what a fresh analysis says', () => {
    const encoder = new TextEncoder();
    const base = text('resources/Base.yaml');
    const untypedF = base.replace(/( {2}f:\n(?: {4}.*\n)*?) {4}type: string\n/, '$1');
    expect(untypedF).not.toBe(base);
    const engine = new Engine();
    for (const version of [base, untypedF, undefined, base]) {
      const now = files.flatMap((f) => (f.path !== 'resources/Base.yaml' ? [f] : version === undefined ? [] : [{ path: f.path, bytes: encoder.encode(version) }]));
      const kept = engine.update(now).analysis;
      const fresh = analyze(now);
      expect({ gaps: kept.assessment.gaps, byItem: kept.assessment.byItem, byArea: kept.assessment.byArea, facets: kept.assessment.facets }).toEqual({ gaps: fresh.assessment.gaps, byItem: fresh.assessment.byItem, byArea: fresh.assessment.byArea, facets: fresh.assessment.facets });
      expect(gapLines(kept).includes('resources/Narrow/value/of/1/fields/f/type open'), String(version === base)).toBe(version !== base);
    }
  });

  it('shows the merged field once, typed from Base, with no chip and no empty row for the part', () => {
    const shape = blockOf(itemOf(siteViews(analysis), 'resources', 'Narrow'), 'shape');
    const fields = shape?.shape?.children.flatMap((c) => c.shapes) ?? [];
    expect(fields.map((s) => s.name)).toEqual(['a', 'b', 'f', 'm', 'o']);
    for (const name of ['a', 'f']) expect(fields.find((s) => s.name === name)?.type?.text, name).toBe('string');
    expect(fields.find((s) => s.name === 'f')?.also).toBeUndefined();
    // A part that says something of the field still shows it, as before: `b`'s words, and `a`'s
    // `nullable: false` over Base's `nullable: true` (t32s R1: the import once dropped it).
    expect(fields.find((s) => s.name === 'b')?.also?.[0]?.description?.text).toBe('words only');
    const a = fields.find((s) => s.name === 'a');
    expect(a?.flags?.map((f) => [f.id, f.text])).toEqual([['resources/Base/fields/a/nullable', 'true']]);
    expect(a?.also?.[0]?.flags?.map((f) => [f.id, f.text])).toEqual([['resources/Narrow/value/of/1/fields/a/nullable', 'false']]);
  });
});
