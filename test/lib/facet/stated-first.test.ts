// A facet's union tries the stated value first where the value cannot be a `none`, `open` or
// placeholder form (issue 37: the fresh check's validation took a third less). The answer must
// be the union's as zod writes it, issue for issue: every facet of every area's schemas, given the
// values the fixtures write under its key, the forms of the markers, and random JSON, is parsed by
// the facet and by a plain union of the same options; success, data and issues are the same.
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AREAS } from '../../../src/lib/areas/index.ts';
import { isFacetSchema } from '../../../src/lib/facet/define.ts';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Every facet reachable from the areas' schemas, with the key it is written under. */
function facets(): Array<{ key: string; facet: z.ZodType; union: z.ZodType[] }> {
  const found: Array<{ key: string; facet: z.ZodType; union: z.ZodType[] }> = [];
  const seen = new Set<z.ZodType>();
  const visit = (schema: z.ZodType | undefined, key: string): void => {
    if (!schema || seen.has(schema)) return;
    seen.add(schema);
    const def = defOf(schema);
    if (isFacetSchema(schema) && def.innerType) found.push({ key, facet: schema, union: defOf(def.innerType).options ?? [] });
    for (const [k, child] of Object.entries(def.shape ?? {})) visit(child, k);
    for (const child of [...(def.options ?? []), def.innerType, def.element, def.valueType]) visit(child, key);
  };
  for (const module of AREAS) {
    visit(module.schema, module.key);
    visit(module.items?.schema, module.key);
  }
  return found;
}

/** Every value the fixtures write under each key (a few dozen of each at most). */
function fixtureValues(): Map<string, unknown[]> {
  const byKey = new Map<string, unknown[]>();
  const add = (key: string, value: unknown) => {
    const list = byKey.get(key) ?? [];
    if (list.length < 40) list.push(value);
    byKey.set(key, list);
  };
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) for (const v of value) walk(v);
    else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        add(k, v);
        walk(v);
      }
    }
  };
  const root = join(import.meta.dirname, '..', '..', 'fixtures');
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.ya?ml$/.test(entry.name)) continue;
    try {
      walk(load(readFileSync(join(entry.parentPath, entry.name), 'utf8')));
    } catch {
      // A fixture that is broken on purpose has no values to give.
    }
  }
  return byKey;
}

/** The forms a facet's markers take, right and wrong, and values that look like them. */
const MARKERS: unknown[] = [
  { none: 'There is none.' },
  // Markers that a stated value (any JSON, a default's) also reads, where the marker's own schema trims: the union's answer is the marker's.
  { none: '  There is none.  ' },
  { open: '  Which one?  ' },
  { none: '' },
  { none: 3 },
  { none: 'x', extra: 1 },
  { open: true },
  { open: 'Which one?', owner: '@team', link: 'https://example.com/q', blocked_by: ['resources/Order/fields'] },
  { open: false },
  { open: 'q', unknown: 1 },
  { open: true, none: 'both' },
  '{base_url}',
  '{ base_url }',
  '{}',
  'plain text',
  '',
  null,
  0,
  true,
  [],
  {},
  ['a', { none: 'x' }],
];

const parsed = (schema: z.ZodType, value: unknown) => JSON.stringify(schema.safeParse(value));

describe('a facet tries the stated value first', () => {
  const all = facets();
  const values = fixtureValues();

  it('reaches the facets of every area', () => {
    expect(all.length).toBeGreaterThan(50);
  });

  it('answers as the plain union of its options, issue for issue, for the fixtures’ values and the markers', () => {
    let compared = 0;
    for (const { key, facet, union } of all) {
      const plain = z.union(union as [z.ZodType, z.ZodType, ...z.ZodType[]]).optional();
      for (const value of [...MARKERS, ...(values.get(key) ?? [])]) {
        expect(parsed(facet, value), `${key}: ${JSON.stringify(value)}`).toBe(parsed(plain, value));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(2000);
  });

  it('answers as the plain union of its options for random JSON', () => {
    const plain = new Map(all.map(({ facet, union }) => [facet, z.union(union as [z.ZodType, z.ZodType, ...z.ZodType[]]).optional()]));
    fc.assert(
      fc.property(fc.constantFrom(...all), fc.jsonValue({ maxDepth: 3 }), ({ key, facet }, value) => {
        expect(parsed(facet, value), `${key}: ${JSON.stringify(value)}`).toBe(parsed(plain.get(facet) ?? facet, value));
      }),
      { numRuns: 3000 },
    );
  });
});
