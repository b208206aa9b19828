// The fast path against the positional one (issue 37): `readValues` (js-yaml, values only) may read
// a file only when the positional reading (`yaml`'s document, which reports) would read the same
// values and say nothing; a whole analysis is the same, diagnostic for diagnostic and gap for gap,
// whichever reading it took. Over every fixture, the fuzz corpus, the adversarial cases and valid
// YAML written every way two writers can write it.
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { dump } from 'js-yaml';
import { stringify } from 'yaml';
import { Engine } from '../../../src/lib/engine/engine.ts';
import { analyzeFile } from '../../../src/lib/engine/file-result.ts';
import { isContentPath } from '../../../src/lib/load/classify.ts';
import { readSource, sourceText } from '../../../src/lib/load/parse-file.ts';
import { readSpecDir } from '../../../src/lib/load/read-dir.ts';
import { readValues } from '../../../src/lib/load/read-values.ts';
import { SourceFile } from '../../../src/lib/load/source.ts';
import { prepare, ROOT as BROKEN } from '../../broken-prepare.ts';
import { hostileCase, LIMIT_CASES } from '../../fuzz/adversarial.ts';
import { apply, edit, seeds } from '../../fuzz/mutate.ts';

const encoder = new TextEncoder();
const SETTINGS = { require: ['description'] };

/** How the two readings of one text differ, when the fast one reads it; undefined when it declines or they agree. */
function disagreement(text: string): string | undefined {
  const values = readValues(text);
  if (values === undefined) return undefined;
  const diagnostics: unknown[] = [];
  const read = readSource(new SourceFile('x.yaml', text), diagnostics as never);
  if (diagnostics.length > 0 || !read?.clean) return `the positional reading reports ${JSON.stringify(diagnostics).slice(0, 300)}`;
  // Equal values, and equal text: the same keys in the same order.
  if (!isDeepStrictEqual(read.data, values) || JSON.stringify(read.data) !== JSON.stringify(values)) return `values differ: ${JSON.stringify(read.data).slice(0, 200)} / ${JSON.stringify(values).slice(0, 200)}`;
  return undefined;
}

/** A file of a spec read by `analyzeFile` both ways: how the results differ, if they do. */
function fileDisagreement(path: string, bytes: Uint8Array): string | undefined {
  if (!isContentPath(path)) return undefined;
  const fast = JSON.stringify(analyzeFile(path, bytes, 'k', SETTINGS).result);
  const positional = JSON.stringify(analyzeFile(path, bytes, 'k', SETTINGS, { positional: true }).result);
  return fast === positional ? undefined : `${path}: ${fast.slice(0, 300)}\n  positional: ${positional.slice(0, 300)}`;
}

/** How many texts `judge` compared (those the fast reading read): each corpus must give it some. */
const judged = { count: 0 };

/**
 * Both readings of one text and of it as `path`: every disagreement. A text the fast reading
 * declines is read with positions either way (the same code), so only the others are analysed twice.
 */
function judge(path: string, text: string): string[] {
  const bytes = encoder.encode(text);
  const decoded = sourceText(path, bytes, []);
  if (decoded === undefined || readValues(decoded) === undefined) return [];
  judged.count++;
  return [disagreement(decoded), fileDisagreement(path, bytes)].filter((d): d is string => d !== undefined).map((d) => `${path}: ${d}`);
}

/**
 * A whole spec folder analysed with each file read on the fast path where it may be, and with
 * positions only. A file whose text the fast reading declines (`readValues` answers nothing) is
 * read with positions either way, by the same call (`parseFile`), so it is analysed once for both:
 * the 180,000 keys of the broken corpus's `many-keys` took 6.7 s a reading.
 */
async function analyses(dir: string): Promise<[string, string]> {
  const files = await readSpecDir(dir);
  const declined = new Map<string, ReturnType<typeof analyzeFile>>();
  const analysed = (j: { path: string; bytes: Uint8Array; key: string; settings: { require: readonly string[] } }, positional: boolean) => {
    const kept = declined.get(j.path);
    if (kept) return kept;
    const analysis = analyzeFile(j.path, j.bytes, j.key, j.settings, { positional });
    const text = sourceText(j.path, j.bytes, []);
    if (text === undefined || readValues(text) === undefined) declined.set(j.path, analysis);
    return analysis;
  };
  const run = (positional: boolean) => {
    const { jobs, commit } = new Engine().prepare(files);
    const { analysis } = commit(jobs.map((j) => analysed(j, positional)));
    return JSON.stringify({ diagnostics: analysis.diagnostics, gaps: analysis.assessment.gaps, byArea: analysis.assessment.byArea, facets: analysis.assessment.facets, references: analysis.references, graph: analysis.graph });
  };
  return [run(false), run(true)];
}

const yamlFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.ya?ml$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();

/** An edit of the fuzz corpus, applied where it can be (one that breaks the document the next needs is skipped). */
const applied = (text: string, edits: ReadonlyArray<Parameters<typeof apply>[1]>) =>
  edits.reduce((t, e) => {
    try {
      return apply(t, e);
    } catch {
      return t;
    }
  }, text);

describe('the fast reading of values against the positional reading', () => {
  it('every fixture file: the fast reading declines, or reads exactly what the positional one reads, which reports nothing', () => {
    let fast = 0;
    const found: string[] = [];
    for (const file of yamlFiles(join('test', 'fixtures'))) {
      const text = sourceText(file, new Uint8Array(readFileSync(file)), []);
      if (text === undefined) continue;
      if (readValues(text) !== undefined) fast++;
      const d = disagreement(text);
      if (d) found.push(`${file}: ${d}`);
    }
    expect(found).toEqual([]);
    // Most fixture files are read on the fast path: the comparison is about something.
    expect(fast).toBeGreaterThan(100);
  });

  it('every fixture spec, analysed both ways: the same diagnostics, gaps, facets, references and links, byte for byte', async () => {
    const folders = [
      ...['complete', 'half-written', 'hostile'].map((name) => join('test', 'fixtures', name)),
      ...(await Promise.all(readdirSync(BROKEN, { withFileTypes: true }).filter((e) => e.isDirectory()).map(async (e) => (await prepare(e.name)).dir))),
    ];
    for (const dir of folders) {
      const [fast, positional] = await analyses(dir);
      expect(fast, dir).toBe(positional);
    }
  }, 300_000);

  it('the fuzz corpus: fixture files mutated byte by byte and with hostile payloads (2,000 cases)', () => {
    const all = seeds(['complete', 'half-written', 'hostile']);
    const before = judged.count;
    fc.assert(
      fc.property(fc.nat(), fc.array(edit, { minLength: 1, maxLength: 4 }), (pick, edits) => {
        const seed = all[pick % all.length];
        if (seed) expect(judge(seed.path, applied(seed.text, edits))).toEqual([]);
      }),
      { numRuns: 2_000, seed: 37 },
    );
    expect(judged.count - before).toBeGreaterThan(500);
  }, 300_000);

  it('the adversarial cases: many keys with repeats, nesting around the limit, alias fans and chains, long prose and keys (150), and the cases at the limits', () => {
    const found: string[] = [];
    const before = judged.count;
    fc.assert(
      fc.property(hostileCase(), (c) => {
        for (const [path, text] of c.files) found.push(...judge(path, text));
      }),
      { numRuns: 150, seed: 2026_26 },
    );
    for (const make of LIMIT_CASES) for (const [path, text] of make().files) found.push(...judge(path, text));
    expect(found).toEqual([]);
    expect(judged.count - before).toBeGreaterThan(30);
  }, 600_000);

  it('valid YAML written every way: random values written by `yaml` and by js-yaml in random styles, then edited, with CRLF or LF (10,000 cases)', () => {
    const piece = fc.constantFrom('a', ' ', '  ', '\n', '\n\n', '\t', '#', ': ', ':', '- ', '"', "'", '\\', '{', '}', '[', ']', ',', '?', '!', '&', '*', '|', '>', '%', '@', '`', '~', 'null', 'true', '1', '0x1F', '1e3', '.5', '0o7', '-0', '.inf', '.nan', 'é', '\u2028', '\u0085', '\u00a0', '\uFEFF', '---', '...', '\r');
    const text = fc.array(piece, { maxLength: 12 }).map((a) => a.join(''));
    const key = fc.oneof(text, fc.constantFrom('title', 'description', 'fields', '1', 'true', '~', ''));
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(key, tie('value'), { maxKeys: 4 })),
    }));
    const written = fc.oneof(
      fc.record({
        defaultStringType: fc.constantFrom('PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE', 'BLOCK_FOLDED', 'BLOCK_LITERAL'),
        defaultKeyType: fc.constantFrom(null, 'PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE'),
        lineWidth: fc.constantFrom(0, 10, 20, 80),
        minContentWidth: fc.constantFrom(0, 5, 20),
        indent: fc.constantFrom(2, 3, 4),
        indentSeq: fc.boolean(),
        collectionStyle: fc.constantFrom('any', 'block', 'flow'),
        blockQuote: fc.constantFrom<boolean | 'folded' | 'literal'>(true, false, 'folded', 'literal'),
        doubleQuotedAsJSON: fc.boolean(),
      } as const).map((options) => (data: unknown) => stringify(data, options)),
      fc.record({ indent: fc.constantFrom(1, 2, 4), lineWidth: fc.constantFrom(-1, 10, 40, 80), flowLevel: fc.constantFrom(-1, 0, 1, 2), forceQuotes: fc.boolean(), quotingType: fc.constantFrom("'", '"'), noArrayIndent: fc.boolean(), condenseFlow: fc.boolean() } as const).map((options) => (data: unknown) => dump(data, options)),
    );
    fc.assert(
      fc.property(fc.dictionary(key, value, { minKeys: 1, maxKeys: 5 }), written, fc.array(edit, { maxLength: 2 }), fc.boolean(), (data, write, edits, crlf) => {
        let yaml: string;
        try {
          yaml = write(data);
        } catch {
          return;
        }
        const edited = applied(yaml, edits);
        const decoded = sourceText('x.yaml', encoder.encode(crlf ? edited.replace(/\n/g, '\r\n') : edited), []);
        if (decoded !== undefined) expect(disagreement(decoded)).toBeUndefined();
      }),
      { numRuns: 10_000, seed: 3737 },
    );
  }, 300_000);

  it('YAML put together line by line from indentation, indicators (`- `, `- - `, `key: `, `? `) and values (blocks with every header, flow collections, quotes, comments) (20,000 cases)', () => {
    const indent = fc.constantFrom('', ' ', '  ', '   ', '    ', '      ', '\t');
    const lead = fc.constantFrom('', '- ', '- - ', 'a: ', 'b: ', 'key with spaces: ', '"q": ', "'s': ", '1: ', '- a: ', ': ', '-', '- -', 'c:', '? ');
    const value = fc.constantFrom('', 'x', 'x y', '"dq"', "'sq'", '"a\\nb"', '|', '|-', '|+', '>', '>-', '>+', '|2', '>1-', '[a, b]', '[]', '{}', '{a: 1}', '{a: 1, b: [c]}', '# c', 'x # c', '-', '1', '0x1F', '~', 'true', '1e3', '"', "'", '[', '{', 'x:', 'http://a.b', 'a: b', '- x', '  ', '\t');
    const line = fc.tuple(indent, lead, value).map((parts) => parts.join(''));
    const yaml = fc.tuple(fc.array(line, { minLength: 1, maxLength: 12 }), fc.constantFrom('\n', '\r\n'), fc.boolean()).map(([lines, nl, end]) => `${lines.join(nl)}${end ? nl : ''}`);
    const before = judged.count;
    fc.assert(
      fc.property(yaml, (text) => {
        const decoded = sourceText('x.yaml', encoder.encode(text), []);
        if (decoded !== undefined && readValues(decoded) !== undefined) {
          judged.count++;
          expect(disagreement(decoded)).toBeUndefined();
        }
      }),
      { numRuns: 20_000, seed: 37_37 },
    );
    expect(judged.count - before).toBeGreaterThan(200);
  }, 300_000);

  // Texts the fast reading leaves to the positional one: what the two libraries read differently,
  // what the positional reading reports where js-yaml reads on, and rare forms (an explicit key, a
  // directive) read with positions rather than proved alike.
  it.each([
    ['a null key (`""` to yaml, `"null"` to js-yaml)', '~: 1\n'],
    ['a list used as a key in a flow mapping', 'fields: { type: string, [open] }\n'],
    ['a mapping used as a key', '{ a: 1 }: b\n'],
    ['`__proto__` as a key', '__proto__: 1\n'],
    ['a comment right after a quote', 'title: "A"#c\n'],
    ['a comment right after a flow mapping', 'a: {b: 1}#c\n'],
    ['a directive (scalars resolve as YAML 1.1)', '%YAML 1.1\n---\nflag: yes\n'],
    ['an anchor and its alias', 'a: &x 1\nb: *x\n'],
    ['an explicit tag', 'a: !!str 1\n'],
    ['a tag that is no type', 'a: !thing 1\n'],
    ['an explicit key', '? a\n: 1\n'],
    ['an escaped line break before a blank line', 'a: "x\\\n\n  y"\n'],
    ['a byte order mark inside the text', 'a: 1\n\uFEFF}: 2\n'],
    ['a flow mapping that ends at its parent\'s indentation', 'a:\n  b: {\n    c: 1\n  }\n'],
    ['an implicit key whose `:` is past 1,024 characters', `a${' '.repeat(1100)}: 1\n`],
    ['nesting at the depth limit', `a: ${'['.repeat(70)}${']'.repeat(70)}\n`],
    ['`1` and `1.0` as keys of one mapping', '1: a\n1.0: b\n'],
    ['a list item holding a list whose one item is empty, before the next item', 'a:\n  - -\n  - x\n'],
    ['an empty item at the end of a list inside a list item, before the next item', 'a:\n  - - 1\n    -\n  - 2\n'],
    ['a `|+` block whose last line is blanks without a line break', 'a: |+\n  x\n  '],
    ['a block with its indentation written, and a line of blanks deeper than it', 'x: |1-\n\n  \ny: 1\n'],
    ['a first key that starts with `---`', '# a comment\n---a: 0\n'],
    ['a line of tabs after a block header', 'b: >\n\t\t\n'],
    ['a line of tabs between the keys of a mapping', '  a: ~\n\t\t\n      c:~\n'],
  ])('declines %s', (_label, text) => {
    expect(readValues(text)).toBeUndefined();
  });

  it('reads plain content on the fast path, with the values the positional reading gives', () => {
    const text = 'title: Order\ncount: 0x1F\nratio: 1e3\nnothing: ~\nflag: true\nzip: "007"\nlines:\n  - { sku: A-1, quantity: 2 }\ndescription: |\n  Two\n  lines.\n';
    expect(readValues(text)).toEqual({ title: 'Order', count: 31, ratio: 1000, nothing: null, flag: true, zip: '007', lines: [{ sku: 'A-1', quantity: 2 }], description: 'Two\nlines.\n' });
    expect(disagreement(text)).toBeUndefined();
  });
});
