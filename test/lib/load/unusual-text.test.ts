// The fast path's screen (issue 37): `unusualScan` looks for every form `UNUSUAL` lists in one scan
// of the text, and must answer exactly as the list's patterns do, each tried on its own: over text
// written from the characters those forms are made of, and over every content file of the fixtures.
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UNUSUAL, unusualScan } from '../../../src/lib/load/read-values.ts';

const byList = (text: string) => UNUSUAL.some((pattern) => pattern.test(text));

/** The characters the forms are written with, and a few that are none of them. */
const PIECES = [' ', '  ', '\t', '\n', '\r\n', '\r', '-', '- ', '---', '#', '%', '|', '>', '+', '1', '2', '0', '9', ']', '}', '[', '{', '"', "'", ',', ':', '?', '\\', '\uFEFF', '\u00A0', 'a', 'key: ', 'x'];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }).map((parts) => parts.join(''));

function* contentFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* contentFiles(path);
    else if (/\.ya?ml$/.test(entry.name)) yield path;
  }
}

describe('the one-scan screen of the fast path', () => {
  it('answers as the listed patterns do, on text made of their characters', () => {
    fc.assert(
      fc.property(text, (t) => unusualScan(t) === byList(t)),
      { numRuns: 20_000, seed: 37 },
    );
  });

  it('answers as the listed patterns do, for each form written at the start, after a line break and after other text', () => {
    const forms = ['%YAML 1.1', 'a"#', "'#", ']#', '},#', 'a\\\nb', 'a\\\r\nb', 'a\uFEFFb', 'a\tb', '-', '- ', '- - ', '  -  # c', '-\r\n', 'a\n  ', 'a\n\t', '|2', '>-1', 'a: |+9', 'a:>1', '?|1', 'x|1', '---a', '--- a', ']', '  }', 'a]'];
    for (const form of forms) for (const t of [form, `a: 1\n${form}`, `a: 1\n${form}\nb: 2`, `x${form}`]) expect(unusualScan(t), JSON.stringify(t)).toBe(byList(t));
  });

  it('answers as the listed patterns do on every content file of the fixtures', () => {
    let files = 0;
    for (const path of contentFiles(join(import.meta.dirname, '..', '..', 'fixtures'))) {
      const t = readFileSync(path, 'utf8');
      expect(unusualScan(t), path).toBe(byList(t));
      files++;
    }
    expect(files).toBeGreaterThan(100);
  });
});
