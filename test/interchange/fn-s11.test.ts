import { describe, expect, it } from 'vitest';
import { areaOf, type Analysis } from '../../src/lib/index.ts';
import { itemOf, siteViews } from '../helpers.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { roundTrip, type Doc } from './helpers.ts';
import { compare, inventory } from './inventory.ts';

/**
 * Session 11, brief FN: the testers t32s (R1) and t31r (D5) on the OpenAPI import. Through the real
 * reader, importer, exporter, validator and site views. Fixtures: test/fixtures/interchange/fn/.
 */
const FIXTURE = (name: string) => `test/fixtures/interchange/fn/${name}.yaml`;
const resource = (a: Analysis, id: string) => areaOf(a.spec, 'resources').items.find((r) => r.id === id)?.data as Doc | undefined;
const problems = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').map((d) => `${d.severity} ${d.code} ${d.file}: ${d.message}`);

/** Every facet view under a view, by id, as the pages write them. */
function facets(view: unknown, into = new Map<string, Doc>()): Map<string, Doc> {
  if (Array.isArray(view)) for (const v of view) facets(v, into);
  else if (view !== null && typeof view === 'object') {
    const v = view as Doc;
    if (typeof v.id === 'string' && typeof v.state === 'string') into.set(v.id, v);
    for (const x of Object.values(v)) facets(x, into);
  }
  return into;
}

describe('t32s R1: `nullable: false` in an allOf\'s own part over a base whose field is nullable', () => {
  it('is kept on the own part\'s field (the page reads "not nullable"), exported back, and the round trip is a fixed point', async () => {
    const { first, exported, second, again } = await roundTrip(FIXTURE('nullable-narrowed'));
    expect(problems(first.analysis)).toEqual([]);
    // Nothing dropped, nothing said: the narrowing is kept.
    expect(first.result.unmapped).toEqual([]);
    const child = resource(first.analysis, 'ChildInvocation')?.value;
    expect(child.of[0]).toBe('BaseInvocation');
    expect(child.of[1].fields.params).toEqual({ type: 'object', required: true, nullable: false, fields: { intent: { type: 'string', required: true } } });
    // A plain `nullable: false` (no part lets `note` be null) says what the type says: not kept, as before.
    expect(child.of[1].fields.note).toEqual({ type: 'string', required: false });
    expect(resource(first.analysis, 'BaseInvocation')?.fields.params).toEqual({ type: 'object', required: true, nullable: true });
    // The export writes it where the document had it.
    expect(await openApiProblems(exported)).toEqual([]);
    expect(exported.components.schemas.ChildInvocation.allOf[1].properties.params).toEqual({ type: 'object', properties: { intent: { type: 'string' } }, required: ['intent'], nullable: false });
    expect(exported.components.schemas.ChildInvocation.allOf[1].properties.note).toEqual({ type: 'string' });
    expect(exported.components.schemas.BaseInvocation.properties.params).toEqual({ type: ['object', 'null'] });
    // Read back the same, and exported the same.
    expect(second.result.unmapped).toEqual([]);
    expect(resource(second.analysis, 'ChildInvocation')).toEqual(resource(first.analysis, 'ChildInvocation'));
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
    const { lost, invented } = compare(inventory(first.raw), inventory(exported), first.result.unmapped);
    expect({ lost, invented }).toEqual({ lost: [], invented: [] });
    // The type's page: the base's field nullable, the own part's field stated not nullable (Flags shows it "not nullable").
    const views = facets(itemOf(siteViews(first.analysis), 'resources', 'ChildInvocation'));
    expect(views.get('resources/ChildInvocation/value/of/1/fields/params/nullable')).toMatchObject({ state: 'stated', text: 'false' });
  });

  it('written in a named schema a `$ref` reaches, it is said at its pointer, not dropped without a word', async () => {
    const { first } = await roundTrip(FIXTURE('nullable-narrowed-ref'));
    expect(first.result.unmapped).toEqual([{ pointer: '/components/schemas/Narrower/properties/params/nullable', reason: expect.stringContaining('`nullable: false` in a part of an allOf, where another part lets the value be null, is not kept here') }]);
  });
});

describe('t31r D5: `type: object` beside an allOf', () => {
  it('is the type of the part that states properties and none (box.com\'s Collaborations): no "What is its type?" gap, a true word, a fixed point', async () => {
    const { first, exported, second, again } = await roundTrip(FIXTURE('type-object-beside-allof'));
    expect(problems(first.analysis)).toEqual([]);
    expect(first.result.unmapped).toEqual([
      {
        pointer: '/components/schemas/Collaborations/type',
        reason: '`type: object` beside an allOf is kept as the type of its part allOf/1, which states properties and no type: the value is an object, and each part states what that object holds',
      },
    ]);
    expect(resource(first.analysis, 'Collaborations')?.value).toEqual({
      type: 'all_of',
      of: [
        { type: 'object', fields: { total_count: { type: 'integer', required: false } } },
        { type: 'object', fields: { entries: { type: 'array', required: false, items: 'string' } } },
      ],
    });
    // No question the source answered.
    expect(first.analysis.assessment.gaps.filter((g) => g.id.startsWith('resources/Collaborations/') && g.id.endsWith('/type')).map((g) => g.id)).toEqual([]);
    expect(await openApiProblems(exported)).toEqual([]);
    expect(exported.components.schemas.Collaborations.allOf[1]).toEqual({ type: 'object', properties: { entries: { type: 'array', items: { type: 'string' } } } });
    expect(JSON.stringify(exported)).not.toContain('What is its type?');
    expect(second.result.unmapped).toEqual([]);
    expect(resource(second.analysis, 'Collaborations')).toEqual(resource(first.analysis, 'Collaborations'));
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
    const { lost, invented } = compare(inventory(first.raw), inventory(exported), first.result.unmapped);
    expect({ lost, invented }).toEqual({ lost: [], invented: [] });
  });

  it('beside an allOf of one part of properties and a description, it is that part\'s type; beside parts that all state theirs, it is said truly', async () => {
    const { first, exported, again } = await roundTrip(FIXTURE('type-object-beside-allof-more'));
    expect(problems(first.analysis)).toEqual([]);
    expect(first.result.unmapped).toEqual([{ pointer: '/components/schemas/Both/type', reason: '`type: object` beside an allOf is not kept as a part of its own: all of its parts hold, and a part of it states the type' }]);
    expect(resource(first.analysis, 'Described')).toEqual({ description: 'Described by a part.', fields: { a: { type: 'string', required: false } } });
    expect(resource(first.analysis, 'Both')?.value).toEqual({ type: 'all_of', of: ['Described', { type: 'object', fields: { b: { type: 'integer', required: false } } }] });
    expect(first.analysis.assessment.gaps.filter((g) => g.id.endsWith('/type')).map((g) => g.id)).toEqual([]);
    expect(await openApiProblems(exported)).toEqual([]);
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
    const { lost, invented } = compare(inventory(first.raw), inventory(exported), first.result.unmapped);
    expect({ lost, invented }).toEqual({ lost: [], invented: [] });
  });
});
