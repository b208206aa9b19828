import fc from 'fast-check';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { stringify } from 'yaml';
import { main } from '../../src/cli/main.ts';
import { MAX_DEPTH } from '../../src/lib/load/shape.ts';
import { MAX_FILE_BYTES } from '../../src/lib/load/read-dir.ts';
import { PROSE_LIMITS } from '../../src/lib/link/markdown.ts';

/**
 * Hostile specs of a known size, each with what `check` must say about it (an oracle computed
 * from how it was made): many keys with some repeated, nesting around and far past the limit,
 * alias fans and bombs, values and files around their size limits. Every size is a count fixed by
 * the case, so the suite's work is bounded by counts; nothing is timed. A case that is quadratic
 * somewhere shows as a run that does not finish at the limit sizes.
 */
export interface HostileCase {
  label: string;
  files: Map<string, string>;
  /** The commands to run it through besides `check --format json`, when not the caller's choice. */
  commands?: readonly string[][];
  /** Problems with what check said, against the oracle; empty when it said exactly what it must. */
  judge: (diagnostics: Located[]) => string[];
}

export interface Located {
  code: string;
  file: string;
  line: number;
  column: number;
  message: string;
}

const count = (ds: Located[], code: string) => ds.filter((d) => d.code === code).length;
const codes = (ds: Located[]) => [...new Set(ds.map((d) => d.code))].sort().join(', ');
const only = (ds: Located[], allowed: string[]) => (ds.every((d) => allowed.includes(d.code)) ? [] : [`unexpected codes: ${codes(ds)} (expected only ${allowed.join(', ') || 'none'})`]);
const exactly = (ds: Located[], code: string, n: number) => (count(ds, code) === n ? [] : [`${count(ds, code)} ${code}, expected ${n}`]);

/** Line and column (1-based) of an offset in a text. */
function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/**
 * A mapping of `n` keys `k0`, `k1`…, with `repeats` of them written a second time at the end, in
 * one of three places: an example (valid but for the repeats), a resource's fields (valid but for
 * the repeats) or the top level of an area file (every key unknown). Each repeated key must be one
 * `duplicate-key` where it is written, and nothing else may be said but the unknown keys.
 */
export function manyKeys(n: number, repeats: number[], place: 'example' | 'fields' | 'top', style: 'flow' | 'block'): HostileCase {
  const again = [...new Set(repeats.map((r) => r % n))];
  const keys = [...Array.from({ length: n }, (_, i) => `k${i}`), ...again.map((i) => `k${i}`)];
  const value = place === 'fields' ? '{ type: string }' : '1';
  const head = place === 'example' ? (style === 'flow' ? 'value: { type: map, values: integer, examples: [{ ' : 'value:\n  type: map\n  values: integer\n  examples:\n    - ') : place === 'fields' ? (style === 'flow' ? 'fields: { ' : 'fields:\n') : style === 'flow' ? '{ ' : '';
  const indent = place === 'example' ? '      ' : place === 'fields' ? '  ' : '';
  let text = head;
  const at: number[] = [];
  keys.forEach((key, i) => {
    if (i >= n) at.push(text.length + (style === 'flow' ? 2 : indent.length));
    if (style === 'flow') text += `${i > 0 ? ', ' : ''}${key}: ${value}`;
    else text += `${place === 'example' && i === 0 ? '' : indent}${key}: ${value}\n`;
  });
  text += style === 'flow' ? (place === 'example' ? ' }] }\n' : ' }\n') : '';
  const file = place === 'top' ? 'purpose/_area.yaml' : 'resources/Counts.yaml';
  return {
    label: `${n} keys (${again.length} repeated) in ${place === 'top' ? 'the top level' : `an ${place === 'example' ? 'example' : 'fields'} mapping`}, ${style}`,
    files: new Map([[file, text]]),
    judge: (ds) => {
      const found = ds.filter((d) => d.code === 'duplicate-key').map((d) => `${d.line}:${d.column}`).sort();
      const wanted = at.map((o) => position(text, o)).map((p) => `${p.line}:${p.column}`).sort();
      return [
        ...(found.join(' ') === wanted.join(' ') ? [] : [`duplicate keys at ${found.slice(0, 5).join(' ')}, expected ${wanted.slice(0, 5).join(' ')}`]),
        ...(place === 'top' ? exactly(ds, 'unknown-key', n) : []),
        ...only(ds, place === 'top' ? ['duplicate-key', 'unknown-key'] : ['duplicate-key']),
      ];
    },
  };
}

/** A list or mapping nested `depth` deep inside an example of a shape without a type: a located `too-deep` exactly when it passes the limit, else nothing. */
export function nesting(depth: number, style: 'flow-seq' | 'flow-map' | 'block-seq' | 'block-map'): HostileCase {
  // The example list is at depth 2 under the file's mapping (0) and `value` (1); the nest starts below it.
  const tooDeep = depth + 2 >= MAX_DEPTH;
  let text: string;
  if (style.startsWith('flow') && depth > 200) {
    // Far past the limit, written out (the yaml library's own writer would overflow its stack).
    text = `value: { examples: [${style === 'flow-seq' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{ a: '.repeat(depth)}1${' }'.repeat(depth)}`}] }\n`;
  } else {
    let nest: unknown = 1;
    for (let i = 0; i < depth; i++) nest = style.endsWith('seq') ? [nest] : { a: nest };
    text = stringify({ value: { examples: [nest] } }, { collectionStyle: style.startsWith('flow') ? 'flow' : 'block', lineWidth: 0 });
  }
  return {
    label: `${style} nested ${depth} deep`,
    files: new Map([['resources/Deep.yaml', text]]),
    judge: (ds) => (tooDeep ? [...(count(ds, 'too-deep') > 0 ? [] : ['no too-deep']), ...only(ds, ['too-deep', 'yaml-syntax'])] : only(ds, [])),
  };
}

/**
 * Aliases: `fan` uses of one scalar anchor (refused from 100 on), or a chain of `levels` lists each
 * holding `fan` aliases of the one before (a "billion laughs" once it grows): refused as
 * `yaml-alias` whenever it would expand past 100 nodes, never expanded, and nothing else said.
 * With `levels` 0 the uses stand in one list; with 1, in the chain's only level.
 */
export function aliases(fan: number, levels: number): HostileCase {
  // No type: the examples are not judged against one, so only the aliases can be wrong.
  let text = 'value:\n  examples:\n    - &l0 x\n';
  if (levels === 0) text += `    - [${Array(fan).fill('*l0').join(', ')}]\n`;
  for (let l = 1; l <= levels; l++) text += `    - &l${l} [${Array(fan).fill(`*l${l - 1}`).join(', ')}]\n`;
  let expanded = levels === 0 ? fan : 0;
  for (let l = 1; l <= levels; l++) expanded += fan ** l;
  return {
    label: levels === 0 ? `${fan} aliases of one value` : `an alias chain ${levels} deep with ${fan} at each level (${expanded.toLocaleString('en')} nodes expanded)`,
    files: new Map([['resources/Laughs.yaml', text]]),
    judge: (ds) => {
      const refused = count(ds, 'yaml-alias') > 0;
      // Uses of one value are counted exactly, the anchored value itself among the 100 (yaml's
      // `maxAliasCount`: 99 aliases are read, 100 refused); a chain is estimated by the library
      // (more than it expands, never less), so a small chain may be refused too, but a large one
      // always is.
      const must = levels <= 1 ? fan >= 100 : expanded > 100;
      const mustNot = levels <= 1 && fan < 100;
      return [...(must && !refused ? ['not refused'] : []), ...(mustNot && refused ? ['refused'] : []), ...only(ds, ['yaml-alias'])];
    },
  };
}

/** One description `length` characters long: a `prose-limit` error exactly past the limit of one prose value. */
export function longProse(length: number): HostileCase {
  return {
    label: `a description of ${length.toLocaleString('en')} characters`,
    files: new Map([['purpose/_area.yaml', `description: ${'a'.repeat(length)}\n`]]),
    judge: (ds) => [...exactly(ds, 'prose-limit', length > PROSE_LIMITS.length ? 1 : 0), ...only(ds, ['prose-limit'])],
  };
}

/** An unknown key `length` characters long: reported, and quoted in the message clipped, so one key cannot make a message of megabytes. */
export function longKey(length: number): HostileCase {
  return {
    label: `an unknown key of ${length.toLocaleString('en')} characters`,
    // Written as an explicit key: YAML reads an implicit key of at most 1,024 characters.
    files: new Map([['purpose/_area.yaml', `? ${'k'.repeat(length)}\n: 1\n`]]),
    judge: (ds) => [...exactly(ds, 'unknown-key', 1), ...only(ds, ['unknown-key']), ...ds.filter((d) => d.message.length > 600).map((d) => `a message of ${d.message.length} characters`)],
  };
}

/** A file of `bytes` bytes (comments, then one key): read up to the size limit, refused past it. */
export function fileSize(bytes: number): HostileCase {
  const tail = 'name: A\n';
  const line = `#${'x'.repeat(62)}\n`;
  const fill = bytes - tail.length;
  const rest = fill % line.length;
  const text = `${line.repeat(Math.floor(fill / line.length))}${rest === 0 ? '' : rest === 1 ? '\n' : `#${'x'.repeat(rest - 2)}\n`}${tail}`;
  return {
    label: `a file of ${text.length.toLocaleString('en')} bytes`,
    files: new Map([['purpose/_area.yaml', text]]),
    judge: (ds) => [...exactly(ds, 'file-too-large', text.length > MAX_FILE_BYTES ? 1 : 0), ...only(ds, ['file-too-large'])],
  };
}

/** A resource of `n` fields written as `{}` (each an empty shape: two gaps): nothing to report, and every gap listed by `gaps` and the document. */
export function emptyFields(n: number): HostileCase {
  return {
    label: `${n.toLocaleString('en')} empty fields (${(2 * n).toLocaleString('en')} gaps)`,
    files: new Map([['resources/Wide.yaml', `fields:\n${Array.from({ length: n }, (_, i) => `  f${i.toString(36)}: {}\n`).join('')}`]]),
    commands: [['gaps', '--format', 'markdown'], ['export', 'markdown']],
    judge: (ds) => only(ds, []),
  };
}

/** Cases at the limits that take long through several commands: `npm run fuzz` runs them, the test suite renders them in-process. */
export const LONG_LIMIT_CASES: Array<() => HostileCase> = [() => emptyFields(150_000)];

/** Random hostile cases of bounded size: at most `scale` keys, and depths, fans and lengths around their limits. */
export function hostileCase(scale = 2_000): fc.Arbitrary<HostileCase> {
  return fc.oneof(
    fc
      .record({ n: fc.integer({ min: 1, max: scale }), repeats: fc.array(fc.nat(), { maxLength: 4 }), place: fc.constantFrom('example' as const, 'fields' as const, 'top' as const), style: fc.constantFrom('flow' as const, 'block' as const) })
      .map(({ n, repeats, place, style }) => manyKeys(n, repeats, place, style)),
    fc.record({ depth: fc.integer({ min: 1, max: MAX_DEPTH + 60 }), style: fc.constantFrom('flow-seq' as const, 'flow-map' as const, 'block-seq' as const, 'block-map' as const) }).map(({ depth, style }) => nesting(depth, style)),
    fc.record({ fan: fc.integer({ min: 1, max: 12 }), levels: fc.integer({ min: 1, max: 9 }) }).map(({ fan, levels }) => aliases(fan, levels)),
    fc.integer({ min: 1, max: 300 }).map((fan) => aliases(fan, 0)),
    fc.integer({ min: PROSE_LIMITS.length - 50, max: PROSE_LIMITS.length + 50 }).map(longProse),
    fc.integer({ min: 1, max: 20_000 }).map(longKey),
  );
}

/**
 * Each kind of random case at the sizes where its answer changes, on both sides: every place and
 * style of many keys, nesting one short of the limit and at it in every style, alias fans and
 * chains at the 100 nodes the loader allows, prose at its length limit and one past it, the
 * shortest and the longest unknown key. The test suite runs these and a few random cases; `npm
 * run fuzz` runs hundreds of random ones.
 */
export const BOUNDARY_CASES: Array<() => HostileCase> = [
  ...(['example', 'fields', 'top'] as const).flatMap((place) => (['flow', 'block'] as const).map((style) => () => manyKeys(300, [0, 299, 7, 7], place, style))),
  ...(['flow-seq', 'flow-map', 'block-seq', 'block-map'] as const).flatMap((style) => [() => nesting(MAX_DEPTH - 3, style), () => nesting(MAX_DEPTH - 2, style)]),
  () => aliases(99, 0),
  () => aliases(100, 0),
  () => aliases(99, 1),
  () => aliases(100, 1),
  () => aliases(10, 2),
  () => aliases(5, 3),
  () => longProse(PROSE_LIMITS.length),
  () => longProse(PROSE_LIMITS.length + 1),
  () => longKey(1),
  () => longKey(20_000),
];

/** The cases at the limits the loader admits: the largest files, the deepest nesting, the biggest bombs. */
export const LIMIT_CASES: Array<() => HostileCase> = [
  () => manyKeys(180_000, [0, 179_999], 'example', 'flow'),
  () => manyKeys(150_000, [7], 'top', 'block'),
  () => nesting(1_000_000, 'flow-seq'),
  () => nesting(250_000, 'flow-map'),
  () => aliases(10, 9),
  () => aliases(250_000, 0),
  () => fileSize(MAX_FILE_BYTES),
  () => fileSize(MAX_FILE_BYTES + 1),
];

/** What each case is run through: check in every format, the gap report and the single document. */
export const COMMANDS: readonly string[][] = [['check', '--format', 'json'], ['check'], ['check', '--format', 'github'], ['gaps', '--format', 'json'], ['export', 'markdown']];

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/**
 * Runs a case through the real command line on a real folder: by default `check` in all three
 * formats, `gaps` and the single Markdown document (`check --format json` always, for the oracle). Returns what went wrong: an internal error, an exit
 * code that is not 0 or 1, an unlocated diagnostic, a raw control character, or an answer the
 * oracle does not accept.
 */
export async function runHostile(c: HostileCase, commands: readonly string[][] = COMMANDS): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'specbench-hostile-'));
  try {
    for (const [path, text] of c.files) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), text);
    }
    const problems: string[] = [];
    let diagnostics: Located[] = [];
    for (const args of [['check', '--format', 'json'], ...(c.commands ?? commands).filter((a) => a.join(' ') !== 'check --format json')]) {
      let out = '';
      let err = '';
      const code = await main([...args, '--spec', dir], { env: {}, out: (s) => (out += s), err: (s) => (err += s) });
      const command = args.join(' ');
      if (code !== 0 && code !== 1) problems.push(`${command}: exit ${code}: ${err.slice(0, 300)}`);
      if (/internal error/.test(err)) problems.push(`${command}: ${err.slice(0, 300)}`);
      if (CONTROL.test(out) || CONTROL.test(err)) problems.push(`${command}: a raw control character`);
      if (command === 'check --format json') diagnostics = (JSON.parse(out) as { diagnostics: Located[] }).diagnostics;
    }
    for (const d of diagnostics) if (!(d.line >= 1 && d.column >= 1) || !c.files.has(d.file)) problems.push(`unlocated: ${JSON.stringify(d).slice(0, 200)}`);
    problems.push(...c.judge(diagnostics));
    return problems.map((p) => `${c.label}: ${p}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
