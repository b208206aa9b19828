import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { exportOpenApi } from '../../src/lib/index.ts';
import { corpusOutcome } from '../corpus/pipeline.ts';
import { importToSpec } from './helpers.ts';
import { compare, inventory, type Entry } from './inventory.ts';

/**
 * Interchange pass 7: the corpus inventory's reading of `allOf` (the two reproductions pass 5 left
 * pending, found on box.com's and linode.com's documents). An `allOf` is read as what all its parts
 * state, in any order, and OpenAPI 3.1's `anyOf: [{}, {type: 'null'}]` as 3.0's `nullable: true`;
 * and each fixture goes through the corpus pipeline itself (the command line's import, check and
 * export, the official validators, export → import → export) with 0 lost, 0 invented. The
 * counter-tests hold the inventory to what it must still see around them: a constraint or a
 * nullability an export really drops or adds, a member that contradicts another, an `allOf` made
 * an `anyOf`, a required name, an enumerated value or a tag dropped from a list the export keeps in
 * part (facts read from one list no longer hide each other's loss).
 */
const FIXTURE = (name: string) => `test/fixtures/interchange/pass7/${name}.yaml`;
type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const shown = (entries: readonly Entry[]) => entries.map((e) => `${e.key} @ ${e.pointer}`);
const keys = (entries: readonly Entry[]) => [...new Set(entries.map((e) => e.key))].sort();
/** What an export loses and invents against its source, with the import's unmapped list. */
const judged = (source: Doc, exported: Doc, unmapped: ReadonlyArray<{ pointer: string; reason?: string }> = []) => {
  const { lost, invented } = compare(inventory(source), inventory(exported), unmapped);
  return { lost: shown(lost), invented: shown(invented) };
};
const none = { lost: [], invented: [] };

/** A document written out, imported through the real reader and importer, and exported again. */
async function roundTrip(fileOrText: string): Promise<{ source: Doc; exported: Doc; unmapped: ReadonlyArray<{ pointer: string; reason: string }> }> {
  let file = fileOrText;
  if (fileOrText.includes('\n')) {
    file = join(await mkdtemp(join(tmpdir(), 'specbench-pass7-')), 'source.yaml');
    await writeFile(file, fileOrText);
  }
  const first = await importToSpec(file);
  return { source: first.raw, exported: exportOpenApi(first.analysis) as Doc, unmapped: first.result.unmapped };
}

describe.each(['inventory-allof-nullable-true', 'inventory-allof-order'])('pass7/%s', (name) => {
  // The command line from its sources, as pass 4's tests run it (no bundle made for one test).
  beforeAll(() => {
    vi.stubEnv('SPECBENCH_NO_BUNDLE', '1');
    return () => vi.unstubAllEnvs();
  });

  it('goes through the corpus pipeline (import and a clean check, a valid export, a fixed point) and its inventory finds nothing lost or invented', { timeout: 300_000 }, async () => {
    const o = await corpusOutcome(FIXTURE(name));
    expect(o.crashed).toBeUndefined();
    expect(o.code, o.refusal).toBe(0);
    expect(o.errors).toEqual([]);
    expect(o.exportFailure).toBeUndefined();
    expect(o.invalid).toEqual([]);
    expect(o.sameExport).toBe(true);
    expect(o.changedFiles).toEqual([]);
    expect(o.facts).toBeGreaterThan(0);
    expect({ lost: shown(o.lost), invented: shown(o.invented) }).toEqual(none);
  });
});

describe('an allOf member of only nullable: true, exported as anyOf: [{}, {type: null}] (box.com)', () => {
  const SHARED = '/components/schemas/File/properties/shared_link';
  let source: Doc;
  let exported: Doc;
  let unmapped: ReadonlyArray<{ pointer: string; reason: string }>;
  beforeAll(async () => {
    ({ source, exported, unmapped } = await roundTrip(FIXTURE('inventory-allof-nullable-true')));
  });
  const members = (doc: Doc): Doc[] => doc.components.schemas.File.properties.shared_link.allOf;

  it('reads both as the object, nullable, with the fact where the source states it', () => {
    expect(members(exported)[2]).toEqual({ anyOf: [{}, { type: 'null' }] });
    const { kept } = compare(inventory(source), inventory(exported), unmapped);
    expect(kept).toContainEqual({ key: 'schema File.shared_link nullable', pointer: `${SHARED}/allOf/2/nullable` });
    expect(kept).toContainEqual({ key: 'schema File.shared_link type=object', pointer: `${SHARED}/allOf/0/type` });
    expect(judged(source, exported, unmapped)).toEqual(none);
    // However 3.1 spells a nullable value of no type: `oneOf`, null first.
    const oneOf = structuredClone(exported);
    members(oneOf)[2] = { oneOf: [{ type: 'null' }, {}] };
    expect(judged(source, oneOf, unmapped)).toEqual(none);
  });

  it('counts the nullability an export drops, and one it adds', () => {
    const dropped = structuredClone(exported);
    members(dropped).splice(2, 1);
    expect(judged(source, dropped, unmapped)).toEqual({ lost: [`schema File.shared_link nullable @ ${SHARED}/allOf/2/nullable`], invented: [] });
    const notNullable = structuredClone(source);
    members(notNullable).splice(2, 1);
    expect(judged(notNullable, exported)).toEqual({ lost: [], invented: [`schema File.shared_link nullable @ ${SHARED}/allOf/2/anyOf`] });
  });

  it('reads a member of a type or null as that type, nullable: not an annotation', () => {
    const typed = structuredClone(exported);
    members(typed)[2] = { anyOf: [{ type: 'string' }, { type: 'null' }] };
    expect(judged(source, typed, unmapped)).toEqual({ lost: [], invented: [`schema File.shared_link type=string @ ${SHARED}/allOf/2/anyOf/0/type`] });
  });

  it('counts a constraint an annotation member gains, and reads the members in any order alike', () => {
    const readOnly = structuredClone(exported);
    members(readOnly)[1] = { description: 'The shared link for this file.', readOnly: true };
    expect(judged(source, readOnly, unmapped)).toEqual({ lost: [], invented: [`schema File.shared_link readOnly=true @ ${SHARED}/allOf/1/readOnly`] });
    const reversed = structuredClone(exported);
    members(reversed).reverse();
    expect(judged(source, reversed, unmapped)).toEqual(none);
    const sourceReversed = structuredClone(source);
    members(sourceReversed).reverse();
    expect(keys(inventory(sourceReversed))).toEqual(keys(inventory(source)));
    expect(judged(sourceReversed, exported, unmapped)).toEqual(none);
  });
});

describe('an allOf of a part of a schema beside properties that refine it (linode.com)', () => {
  const BODY = '/paths/~1rules/put/requestBody/content/application~1json/schema';
  let source: Doc;
  let exported: Doc;
  let unmapped: ReadonlyArray<{ pointer: string; reason: string }>;
  beforeAll(async () => {
    ({ source, exported, unmapped } = await roundTrip(FIXTURE('inventory-allof-order')));
  });
  const schemaOf = (doc: Doc): Doc => doc.paths['/rules'].put.requestBody.content['application/json'].schema;

  it('reads the source, its export and either written in another order alike', () => {
    expect(schemaOf(exported).allOf).toHaveLength(2);
    expect(unmapped).toEqual([{ pointer: `${BODY}/properties/inbound/required`, reason: 'required names without properties are not kept' }]);
    expect(judged(source, exported, unmapped)).toEqual(none);
    const swapped = structuredClone(exported);
    schemaOf(swapped).allOf.reverse();
    expect(judged(source, swapped, unmapped)).toEqual(none);
    // What is beside an `allOf` is one of its parts: written as its first member or its last, it states the same.
    const { allOf, ...beside } = schemaOf(source);
    for (const order of [[beside, ...allOf], [...allOf, beside]]) {
      const rewritten = structuredClone(source);
      rewritten.paths['/rules'].put.requestBody.content['application/json'].schema = { allOf: order };
      expect(keys(inventory(rewritten))).toEqual(keys(inventory(source)));
    }
  });

  it('counts a constraint of the properties beside the allOf that an export drops, and one it adds', async () => {
    const text = (await readFile(FIXTURE('inventory-allof-order'), 'utf8')).replace(/^(\s+inbound: ){required: \[action\]}$/m, '$1{required: [action], maxItems: 50}');
    expect(text).toContain('inbound: {required: [action], maxItems: 50}');
    const constrained = await roundTrip(text);
    expect(judged(constrained.source, constrained.exported, constrained.unmapped)).toEqual(none);
    const dropped = structuredClone(constrained.exported);
    const member = schemaOf(dropped).allOf.find((m: Doc) => m.properties?.inbound?.maxItems === 50);
    expect(member).toBeDefined();
    delete member.properties.inbound.maxItems;
    expect(judged(constrained.source, dropped, constrained.unmapped)).toEqual({ lost: [`PUT /rules request application/json.inbound maxItems=50 @ ${BODY}/properties/inbound/maxItems`], invented: [] });
    const added = structuredClone(exported);
    schemaOf(added).allOf[1].properties.inbound = { minItems: 1 };
    expect(judged(source, added, unmapped)).toEqual({ lost: [], invented: [`PUT /rules request application/json.inbound minItems=1 @ ${BODY}/allOf/1/properties/inbound/minItems`] });
  });
});

describe('the parts of an allOf the inventory still tells apart', () => {
  const doc = (schema: unknown): Doc => ({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, components: { schemas: { V: schema } } });

  it('reads members that contradict each other each at its own place, in either order; the one an export drops is lost', () => {
    const source = doc({ allOf: [{ type: 'string', maxLength: 3 }, { type: 'integer', maximum: 9 }] });
    const reversed = doc({ allOf: [{ type: 'integer', maximum: 9 }, { type: 'string', maxLength: 3 }] });
    expect(judged(source, reversed)).toEqual(none);
    // Its type is not hidden by the other member's type, stated at the same keyword.
    expect(judged(source, doc({ allOf: [{ type: 'string', maxLength: 3 }] }))).toEqual({
      lost: ['schema V type=integer @ /components/schemas/V/allOf/1/type', 'schema V maximum=9 @ /components/schemas/V/allOf/1/maximum'],
      invented: [],
    });
  });

  it('counts an allOf made an anyOf (all of them is not one of them): no order of allOf members changes what it means, this does', () => {
    const source = doc({ allOf: [{ $ref: '#/components/schemas/A' }, { properties: { b: { type: 'string' } } }] });
    const anyOf = doc({ anyOf: [{ $ref: '#/components/schemas/A' }, { properties: { b: { type: 'string' } } }] });
    const { lost, invented } = judged(source, anyOf);
    expect(lost).toEqual(['schema V ref=A @ /components/schemas/V/allOf/0', 'schema V.b @ /components/schemas/V/allOf/1/properties/b', 'schema V.b type=string @ /components/schemas/V/allOf/1/properties/b/type']);
    expect(invented).toEqual(['schema V anyOf[0] @ /components/schemas/V/anyOf/0', 'schema V anyOf[0] ref=A @ /components/schemas/V/anyOf/0', 'schema V anyOf[1] @ /components/schemas/V/anyOf/1', 'schema V anyOf[1].b @ /components/schemas/V/anyOf/1/properties/b', 'schema V anyOf[1].b type=string @ /components/schemas/V/anyOf/1/properties/b/type']);
  });
});

describe('facts read from one list, each at its own place', () => {
  const source = parse(`
openapi: 3.0.3
info: { title: t, version: '1' }
tags: [{ name: one }, { name: two }]
paths:
  /a:
    get:
      tags: [one, two]
      responses: { '200': { description: ok } }
components:
  schemas:
    Base:
      type: object
      properties: { a: { type: string }, b: { type: string, enum: [x, y] } }
    Thing:
      allOf:
        - $ref: '#/components/schemas/Base'
        - required: [a, b]
`) as Doc;

  it('counts a required name, an enumerated value and a tag an export drops while it keeps the others of their list', () => {
    const exported = structuredClone(source);
    // The operation loses its tag `two`, which the document still declares.
    exported.paths['/a'].get.tags = ['one'];
    exported.components.schemas.Base.properties.b.enum = ['x'];
    exported.components.schemas.Thing.allOf[1].required = ['a'];
    expect(judged(source, exported).lost).toEqual([
      'GET /a tag=two @ /paths/~1a/get/tags/1',
      'schema Base.b enum "y" @ /components/schemas/Base/properties/b/enum/1',
      'schema Thing.b @ /components/schemas/Thing/allOf/1/required/1',
      'schema Thing.b required @ /components/schemas/Thing/allOf/1/required/1',
      'schema Thing.b type=string @ /components/schemas/Thing/allOf/1/required/1',
    ]);
    expect(judged(source, source)).toEqual(none);
  });
});
