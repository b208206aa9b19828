// The fast path's validator (issue 37): `passes(schema, value)` answers pass or fail without zod's
// parse, and must give zod's own answer (`schema.safeParse(value).success`) for every value: a file
// it passes wrongly would be read as valid with nothing said, one it fails wrongly only costs a
// second reading. Over every fixture file's values, then those values mutated at every depth
// (values of every kind put in place, keys removed, unknown keys added, blanks around strings),
// for the schema of every kind of file.
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AREA_KEYS, areaModule } from '../../../src/lib/areas/index.ts';
import { namedExamplesSchema } from '../../../src/lib/areas/payload.ts';
import { jsonValue } from '../../../src/lib/areas/shape.ts';
import { classify } from '../../../src/lib/load/classify.ts';
import { sourceText } from '../../../src/lib/load/parse-file.ts';
import { readValues } from '../../../src/lib/load/read-values.ts';
import { passes } from '../../../src/lib/load/schema-pass.ts';
import { configSchema } from '../../../src/lib/model/config.ts';

type Value = unknown;

/** The schema a content file is validated with, by its place in a spec folder. */
function schemaOf(path: string): z.ZodType | undefined {
  const place = classify(path);
  if ('config' in place) return configSchema;
  if (!('area' in place)) return undefined;
  return place.item === undefined ? areaModule(place.area).schema : areaModule(place.area).items?.schema;
}

/** Every fixture file the fast reading reads, with the schema its place calls for. */
function fixtureValues(): Array<{ file: string; schema: z.ZodType; value: Value }> {
  const root = join('test', 'fixtures');
  const found: Array<{ file: string; schema: z.ZodType; value: Value }> = [];
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.ya?ml$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    // The path inside its spec folder: after the fixture's folder (`complete/endpoints/x.yaml` is `endpoints/x.yaml`).
    const inside = relative(root, file).split(/[\\/]/);
    const text = sourceText(file, new Uint8Array(readFileSync(file)), []);
    const value = text === undefined ? undefined : readValues(text);
    if (value === undefined) continue;
    for (let from = 1; from < inside.length; from++) {
      const schema = schemaOf(inside.slice(from).join('/'));
      if (schema) {
        found.push({ file, schema, value });
        break;
      }
    }
  }
  return found;
}

/** zod's answer and the fast answer, when they differ. */
function disagreement(schema: z.ZodType, value: Value): string | undefined {
  const zod = schema.safeParse(value).success;
  return passes(schema, value) === zod ? undefined : `zod says ${zod ? 'pass' : 'fail'}: ${JSON.stringify(value).slice(0, 300)}`;
}

/** The paths of every list item and mapping value inside a value. */
function pathsIn(value: Value, at: Array<string | number> = [], out: Array<Array<string | number>> = []): Array<Array<string | number>> {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => pathsIn(v, [...at, i], out));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) pathsIn(v, [...at, k], out);
  return out;
}

/** A copy of `value` with what is at `path` rewritten by `change` (undefined removes it). */
function rewrite(value: Value, path: ReadonlyArray<string | number>, change: (old: Value) => Value): Value {
  if (path.length === 0) return change(value);
  const [head, ...rest] = path;
  if (Array.isArray(value) && typeof head === 'number') {
    const copy = [...value];
    const next = rewrite(copy[head], rest, change);
    if (next === undefined) copy.splice(head, 1);
    else copy[head] = next;
    return copy;
  }
  if (value !== null && typeof value === 'object' && typeof head === 'string') {
    const copy: Record<string, Value> = { ...(value as Record<string, Value>) };
    const next = rewrite(copy[head], rest, change);
    if (next === undefined) delete copy[head];
    else copy[head] = next;
    return copy;
  }
  return value;
}

/** Values of every kind a YAML file can hold, and the forms the schemas single out. */
const replacement = fc.oneof(
  fc.constantFrom<Value>('', ' ', '  x  ', 'x', 'two words', '{base_url}', '{x', 'line\nbreak', 'tab\there', '\u202e', 'GET', 'POST', 'string', 'object', 'array', 'integer', 'a/b', 'resources/x', 'PT1H', 'P', '2024-01-02', '2024-13-01', 'https://example.com/x', 'javascript:alert(1)', '/relative', 'application/json', '*/*', 'complete', '200', '4XX', 'default', '01', '1e3'),
  fc.constantFrom<Value>(0, 1, -1, 1.5, 200, 404, 2 ** 53 + 2, Infinity, -Infinity, NaN, true, false, null),
  fc.constantFrom<Value>([], [''], ['x'], [1], [null], [[]], {}, { none: '' }, { none: ' ' }, { none: 'reason' }, { open: true }, { open: false }, { open: '' }, { open: 'q', owner: '@a' }, { open: true, blocked_by: [] }, { open: true, blocked_by: ['x'] }, { value: 1 }, { external_value: 'https://x' }, { value: 1, external_value: 'https://x' }, { summary: '  s  ', value: 1 }, { summary: ' ' }, { x: 1 }),
  fc.string({ maxLength: 6 }),
  fc.integer(),
  fc.double(),
);

/** One change at a path: a value put there, the key removed, an unknown key added, blanks around a string. */
const mutation = fc.oneof(
  replacement.map((v) => (): Value => v),
  fc.constant((): Value => undefined),
  fc.constantFrom('unknown', 'x-extra', 'none', 'open', '__proto__', 'constructor').map((key) => (old: Value): Value => (old !== null && typeof old === 'object' && !Array.isArray(old) ? { ...old, [key]: 'x' } : old)),
  fc.constantFrom(' ', '\n', '').map((pad) => (old: Value): Value => (typeof old === 'string' ? `${pad}${old}${pad}` : old)),
  fc.constant((old: Value): Value => (Array.isArray(old) ? [...old, ...old] : [old])),
);

/** Every schema inside a schema (an object's fields, a union's options, what a list, record, optional or lazy holds). */
function reachable(root: z.ZodType): z.ZodType[] {
  const seen = new Set<z.ZodType>();
  const stack = [root];
  for (let schema = stack.pop(); schema !== undefined; schema = stack.pop()) {
    if (seen.has(schema)) continue;
    seen.add(schema);
    const def = schema._zod.def as unknown as Record<string, unknown>;
    const inner: unknown[] = [def['element'], def['keyType'], def['valueType'], def['innerType'], def['catchall'], ...(Array.isArray(def['options']) ? def['options'] : []), ...Object.values((def['shape'] ?? {}) as object)];
    if (schema instanceof z.ZodLazy) inner.push(schema.unwrap());
    for (const s of inner) if (s instanceof z.ZodType) stack.push(s);
  }
  return [...seen];
}

describe('the fast validator against zod', () => {
  const fixtures = fixtureValues();

  it('every fixture file read on the fast path: the same pass or fail as zod', () => {
    const found = fixtures.flatMap(({ file, schema, value }) => {
      const d = disagreement(schema, value);
      return d === undefined ? [] : [`${file}: ${d}`];
    });
    expect(found).toEqual([]);
    // Both answers occur: the comparison is about something.
    expect(fixtures.length).toBeGreaterThan(100);
    expect(fixtures.some(({ schema, value }) => !schema.safeParse(value).success)).toBe(true);
  });

  it('fixture values mutated at every depth, one to three changes (3,000 cases)', () => {
    let failing = 0;
    fc.assert(
      fc.property(fc.nat(), fc.array(fc.tuple(fc.nat(), mutation), { minLength: 1, maxLength: 3 }), (pick, changes) => {
        const seed = fixtures[pick % fixtures.length];
        if (!seed) return;
        let value = seed.value;
        for (const [where, change] of changes) {
          const paths = pathsIn(value);
          value = rewrite(value, paths[where % paths.length] ?? [], change) ?? {};
        }
        if (!seed.schema.safeParse(value).success) failing++;
        expect(disagreement(seed.schema, value), seed.file).toBeUndefined();
      }),
      { numRuns: 3_000, seed: 37 },
    );
    // Most mutations break the file, some do not: both answers were compared.
    expect(failing).toBeGreaterThan(750);
    expect(failing).toBeLessThan(2_850);
  }, 300_000);

  it('the schemas zod changes while it parses: named examples (a refinement over trimmed strings), JSON values, records, every area', () => {
    const cases: Array<[z.ZodType, Value]> = [
      [namedExamplesSchema, { a: { value: 1 } }],
      [namedExamplesSchema, { a: { summary: '  s  ', value: 1 } }],
      [namedExamplesSchema, { a: { summary: ' ', value: 1 } }],
      [namedExamplesSchema, { a: { summary: 's' } }],
      [namedExamplesSchema, { a: { value: null, external_value: 'https://example.com/x' } }],
      [namedExamplesSchema, { '': { value: 1 } }],
      [namedExamplesSchema, { 'a\u0000': { value: 1 } }],
      [namedExamplesSchema, { 1: { value: 1 }, '01': { value: 2 } }],
      [jsonValue, { a: [1, 'x', null, { b: true }] }],
      [jsonValue, { a: NaN }],
      [jsonValue, { a: Infinity }],
      [jsonValue, [undefined]],
      [jsonValue, Object.assign(Object.create(null) as object, { a: 1 })],
      [jsonValue, { [Symbol('s')]: 1 }],
      [jsonValue, new Date(0)],
      [configSchema, {}],
      [configSchema, { levels: [] }],
    ];
    // Every schema inside every file's schema, alone, on values of every kind (an object without its required keys among them).
    const roots = [configSchema, ...AREA_KEYS.flatMap((key) => [areaModule(key).schema, areaModule(key).items?.schema ?? []].flat())];
    const inside = new Set(roots.flatMap(reachable));
    for (const schema of inside) for (const value of [{}, { x: 1 }, [], [1], '', ' ', 'x', '{x}', 0, 1.5, -1, NaN, null, true, undefined]) cases.push([schema, value]);
    expect(inside.size).toBeGreaterThan(100);
    expect(cases.flatMap(([schema, value]) => disagreement(schema, value) ?? [])).toEqual([]);
  });
});
