import { describe, expect, it } from 'vitest';
import { areaOf, type Analysis } from '../../src/lib/index.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { roundTrip, type Doc, type Trip } from './helpers.ts';
import { compare, inventory } from './inventory.ts';

/**
 * The defects of the independent tester t3132g in the interchange (issue 31): HTML elements no
 * Markdown holds written closed by themselves (`<iframe ... />`), which took every word after them;
 * OpenAPI 3.1 `const` beside `enum`, and sets of one value written two ways; the tag an entry
 * quotes, cut at a `>` inside a quoted attribute. Each fixture goes through the real reader,
 * importer and exporter, and back.
 */
const FIXTURE = (name: string) => `test/fixtures/interchange/t31h/${name}.yaml`;
const problems = (a: Analysis) => a.diagnostics.map((d) => `${d.severity} ${d.code} ${d.file}: ${d.message}`);
/** Each entry of the import as its pointer and the tag it quotes (or its whole reason). */
const said = (trip: Trip) => trip.first.result.unmapped.map((u) => `${u.pointer} ${/`(<[^`]*>)`/.exec(u.reason)?.[1] ?? u.reason}`);
const description = (trip: Trip, id: string) => areaOf(trip.first.analysis.spec, 'endpoints').items.find((e) => e.id === id)?.data.description;

/** Imports with a clean check, exports a valid document, is a fixed point of export -> import -> export, the second import says nothing, and the inventory finds nothing lost or invented. */
async function sound(trip: Trip): Promise<void> {
  expect(problems(trip.first.analysis)).toEqual([]);
  expect(await openApiProblems(trip.exported)).toEqual([]);
  expect(JSON.stringify(trip.again)).toBe(JSON.stringify(trip.exported));
  expect(trip.second.result.unmapped).toEqual([]);
  // Nothing lost without a word, nothing invented (the corpus rule).
  const { lost, invented } = compare(inventory(trip.first.raw), inventory(trip.exported), trip.first.result.unmapped);
  expect({ lost, invented }).toEqual({ lost: [], invented: [] });
}

describe('issue 31, t3132g #1: an element no Markdown holds, closed by itself, has no content', () => {
  it('the words after `<iframe/>`, `<script/>`, `<style/>` (and `<textarea/>`, `<title/>`, `<noscript/>`) stay; each is said at its own description', async () => {
    const trip = await roundTrip(FIXTURE('self-closed'));
    await sound(trip);
    expect(description(trip, 'p1')).toBe('Watch the demo: Then create a key in the dashboard.');
    expect(description(trip, 'p2')).toBe('Load the SDK: Then call init().');
    expect(description(trip, 'p4')).toBe('Style: Then words after style.');
    expect(description(trip, 'o4')).toBe('I self words. more words');
    expect(description(trip, 'p5')).toBe('Video: Then words after video.');
    // Tags named in words are words, and nothing is said of them.
    expect(description(trip, 'o9')).toBe('Use the \\<embed> element and \\<iframe> elements for embedding.');
    // In a list and a quote; a summary is plain text, kept as written (t32r N9).
    expect(description(trip, 'l1')).toBe('Steps:\n\n- Open the **page**.\n- Then read it.\n\n> Quoted words stay.');
    expect(areaOf(trip.first.analysis.spec, 'endpoints').items.find((e) => e.id === 'l1')?.data.title).toBe('List <textarea name="t"/> things');
    // Every one said where it is written (o4's bare `<iframe/>` at o4, never at o9), quoted as written.
    expect(said(trip)).toEqual([
      '/paths/~1l1/get/description <noscript/>',
      '/paths/~1l1/get/description <title/>',
      '/paths/~1l1/get/description <iframe src="https://a.example.com"/>',
      '/paths/~1o4/get/description <iframe/>',
      '/paths/~1p1/get/description <iframe src="https://www.youtube.com/embed/abc" />',
      '/paths/~1p2/get/description <script src="https://cdn.example.com/sdk.js" />',
      '/paths/~1p4/get/description <style/>',
      '/paths/~1p5/get/description <video src="a.mp4"/>',
    ]);
    expect(trip.exported.paths['/p1'].get.description).toBe('Watch the demo: Then create a key in the dashboard.');
  });
});

describe('issue 31, t3132g #3: OpenAPI 3.1 `const` beside `enum`', () => {
  it('the values allowed are those both allow; none in common is said, never made a value; sets of one value are `const`, nullable or not', async () => {
    const trip = await roundTrip(FIXTURE('const-enum'));
    await sound(trip);
    const schema = '/paths/~1c/get/responses/200/content/application~1json/schema/properties';
    expect(said(trip)).toEqual([
      // `n`: `type: [string, 'null']` beside an `enum` without null allows no null (t32t S10): not nullable, said.
      "/paths/~1c/get/parameters/1/schema/type its type lets the value be null, but its `enum` does not allow null, and JSON Schema holds both: null is not allowed, so the value is not kept as nullable",
      `${schema}/j its \`const\` (the text \`x\`) is not among the values of its \`enum\`: the schema allows no value, which the spec cannot state; neither is kept`,
    ]);
    const fields = (areaOf(trip.first.analysis.spec, 'endpoints').items[0]?.data as Doc).responses['200'].schema.fields;
    expect(fields.i.allowed).toEqual(['x']);
    expect(fields.j.allowed).toBeUndefined();
    expect(fields.k.allowed).toEqual([{ a: 1, b: 2 }]);
    const properties = trip.exported.paths['/c'].get.responses['200'].content['application/json'].schema.properties;
    expect(properties.i).toEqual({ type: 'string', const: 'x' });
    expect(properties.j).toEqual({ type: 'string' });
    expect(properties.k).toEqual({ type: 'object', const: { a: 1, b: 2 } });
    // One rule: `type: [string, 'null'], const: null` and `enum: [null]` are both `const: null`; a one-value `enum` is `const` too (`n`'s, which leaves out null, not nullable: t32t S10).
    expect(properties.e).toEqual({ const: null });
    const parameters = trip.exported.paths['/c'].get.parameters as Doc[];
    expect(parameters.map((p) => p.schema)).toEqual([
      { type: ['string', 'null'], const: null },
      { type: 'string', const: 'x' },
    ]);
  });
});

describe('issue 31, t3132g #5: the tag an entry quotes', () => {
  it('a `>` inside a quoted attribute does not end the tag', async () => {
    const trip = await roundTrip(FIXTURE('quoted-tag'));
    await sound(trip);
    expect(description(trip, 'q1')).toBe('Q tail.');
    expect(said(trip)).toEqual(['/paths/~1q1/get/description <iframe title="a>b">']);
  });
});
