import fc from 'fast-check';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { reportDuplicateKeys } from '../../../src/lib/load/duplicate-keys.ts';
import { specFrom } from '../../helpers.ts';

/** Keys that YAML reads as equal or not in every way it can: plain, quoted, typed, tagged, empty, null, NaN, anchored. */
const KEY = fc.constantFrom('a', 'b', '1', '1.0', '"1"', "'a'", '"a"', '~', 'null', '', 'true', 'True', '.nan', '.NaN', '0x1', '!!str 1', '!!int 1', '&x a', '*x', '? a', '-0', '0', '.inf', '[a]', '{a: 1}');
const VALUE = fc.constantFrom('1', 'x', '', '[1, 2]', '{}', '{ a: 1, a: 2 }');
const pairs = fc.array(fc.tuple(KEY, VALUE), { maxLength: 8 });
const DOCUMENT = fc.oneof(
  pairs.map((ps) => ps.map(([k, v]) => `${k}: ${v}\n`).join('')),
  pairs.map((ps) => `{ ${ps.map(([k, v]) => `${k}: ${v}`).join(', ')} }\n`),
  fc.tuple(pairs, pairs).map(([a, b]) => `top:\n${a.map(([k, v]) => `  ${k}: ${v}\n`).join('')}list: [{ ${b.map(([k, v]) => `${k}: ${v}`).join(', ')} }]\n`),
);

/** The keys a document's DUPLICATE_KEY errors point at, as written. */
function flagged(text: string, uniqueKeys: boolean): string[] {
  const doc = parseDocument(text, { uniqueKeys, strict: true, prettyErrors: false });
  if (!uniqueKeys) reportDuplicateKeys(doc);
  return doc.errors.filter((e) => e.code === 'DUPLICATE_KEY').map((e) => e.message);
}

describe('duplicate keys, found in linear time', () => {
  it('are the keys the yaml library itself calls duplicates, with its words (2,000 generated documents)', () => {
    let some = 0;
    fc.assert(
      fc.property(DOCUMENT, (text) => {
        const theirs = flagged(text, true);
        if (theirs.length > 0) some++;
        expect(flagged(text, false)).toEqual(theirs);
      }),
      { numRuns: 2_000, seed: 26 },
    );
    expect(some).toBeGreaterThan(500);
  });

  it('are located at the repeated key itself, also after an empty value or an alias (where the library points one character early)', () => {
    const diagnostics = specFrom({ 'purpose/_area.yaml': 'name:\nname: A\nusers: &u x\ndomain: *u\ndomain: y\n' }).diagnostics;
    expect(diagnostics.map(({ code, line, column, message }) => ({ code, line, column, message }))).toEqual([
      { code: 'duplicate-key', line: 2, column: 1, message: 'Map keys must be unique; keep one of them.' },
      { code: 'duplicate-key', line: 5, column: 1, message: 'Map keys must be unique; keep one of them.' },
    ]);
  });

  it('a mapping of 180,000 keys with one repeated is read to the end: exactly that key is reported, where it is', () => {
    const keys = Array.from({ length: 180_000 }, (_, i) => `k${i}: 1`);
    const head = 'value: { type: map, values: integer, examples: [{ ';
    const text = `${head}${keys.join(', ')}, k0: 2 }] }\n`;
    const { diagnostics, spec } = specFrom({ 'resources/Counts.yaml': text });
    expect(diagnostics.map(({ code, line, column }) => ({ code, line, column }))).toEqual([{ code: 'duplicate-key', line: 1, column: text.lastIndexOf('k0: 2') + 1 }]);
    // The file is still read: its resource is in the model, with its value.
    expect(spec.areas.find((a) => a.key === 'resources')?.items.map((i) => i.id)).toEqual(['Counts']);
  });

  it('a file of 380,000 repeated keys (its 2 MB at the limit) gives one located error per repeat, without overflowing the stack', () => {
    const diagnostics = specFrom({ 'purpose/_area.yaml': 'a: 1\n'.repeat(380_000) }).diagnostics;
    expect(diagnostics.length).toBeGreaterThanOrEqual(380_000 - 1);
    expect(diagnostics.filter((d) => d.code === 'duplicate-key')).toHaveLength(380_000 - 1);
    expect(diagnostics.at(-1)).toMatchObject({ line: 380_000, column: 1 });
  });
});
