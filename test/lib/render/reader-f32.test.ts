// Issue 32, after t32h (/work/notes/s7/t32h): the list pages bounded (#3), print linking on in print
// (#4), a union said once (#5), on views of documents imported through the real reader and importer
// (the built pages: confirmed by a site build, see the report).
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaRows, childrenHeading, gapPages, gapsAreaPath, groupPath, listPages, listPath, navigation, printParts, printPlace, type ShapeView } from '../../../src/lib/index.ts';
import { blockOf, itemOf, siteViews } from '../../helpers.ts';
import { importToSpec } from '../../interchange/helpers.ts';

async function imported(doc: object) {
  const file = join(await mkdtemp(join(tmpdir(), 'specbench-f32r-')), 'openapi.json');
  await writeFile(file, JSON.stringify(doc));
  return siteViews((await importToSpec(file)).analysis);
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const TAGS = ['alpha', 'beta', 'gamma'];
/** 30 operations under three tags (the 5th and 25th under two), each returning a resource of its own with one undescribed field; a `oneOf` request. */
const doc = {
  openapi: '3.0.3',
  info: { title: 'Lists', version: '1' },
  servers: [{ url: 'https://api.example.com' }],
  tags: TAGS.map((name) => ({ name, description: `The ${name} group.` })),
  paths: {
    ...Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [
        `/things${i}`,
        { get: { operationId: `op${String(i).padStart(2, '0')}`, tags: i % 20 === 5 ? ['alpha', 'gamma'] : [TAGS[Math.floor(i / 10)]], responses: { '200': { description: 'ok', content: { 'application/json': { schema: ref(`R${i}`) } } } } } },
      ]),
    ),
    '/rules': { post: { operationId: 'addOrDeleteRules', requestBody: { content: { 'application/json': { schema: { oneOf: [ref('AddOp'), ref('DelOp')] } } } }, responses: { '204': { description: 'ok' } } } },
  },
  components: {
    schemas: {
      ...Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`R${i}`, { type: 'object', properties: { a: { type: 'string' } } }])),
      AddOp: { type: 'object', title: 'Add rules', properties: { add: { type: 'string' } } },
      DelOp: { type: 'object', title: 'Delete rules', properties: { delete: { type: 'string' } } },
    },
  },
};

describe('an area’s list and the gaps page in pages of a bounded number of rows (t32h #3)', async () => {
  const model = await imported(doc);
  const endpoints = model.areas.find((a) => a.key === 'endpoints');

  it('lists every row of an area once, by group, over its pages, each page at most the limit', () => {
    if (!endpoints) throw new Error('no endpoints');
    const rows = areaRows(endpoints);
    // Each operation under each of its tags: 31 operations, two of them under two.
    expect(rows).toHaveLength(33);
    const pages = listPages(rows, 8);
    expect(pages.map((p) => p.length)).toEqual([8, 8, 8, 8, 1]);
    expect(pages.flat()).toEqual(rows);
    expect([1, 2, 5].map((k) => listPath('endpoints', k))).toEqual(['endpoints/', 'endpoints/list/2/', 'endpoints/list/5/']);
  });

  it('links each group to the page that shows its heading, the page of its first row', () => {
    if (!endpoints) throw new Error('no endpoints');
    const rows = areaRows(endpoints);
    const anchors = [...new Set(rows.flatMap((r) => (r.group ? [r.group.anchor] : [])))];
    expect(anchors.length).toBeGreaterThanOrEqual(3);
    for (const anchor of anchors) {
      const first = rows.findIndex((r) => r.group?.anchor === anchor);
      expect(groupPath(endpoints, anchor, 8)).toBe(`${listPath('endpoints', Math.floor(first / 8) + 1)}#${anchor}`);
    }
    // The navigation's group links, and the limit's own pages: a group past the first 1,000 rows is on a continued page.
    expect(groupPath(endpoints, anchors[2] ?? '', 1)).toMatch(/^endpoints\/list\/\d+\/#/);
    const nav = navigation(model.areas, 'endpoints/op00/');
    expect(JSON.stringify(nav)).toContain(groupPath(endpoints, anchors[0] ?? ''));
  });

  it('lists every gap once over the gaps page’s pages, an area’s section split where a page ends, each linked at its first page', () => {
    const all = model.areas.flatMap((a) => a.gaps.map((g) => g.id));
    expect(all.length).toBeGreaterThan(10);
    const pages = gapPages(model.areas, 7);
    expect(pages.every((p) => p.reduce((n, s) => n + s.gaps.length, 0) <= 7)).toBe(true);
    expect(pages.flatMap((p) => p.flatMap((s) => s.gaps.map((g) => g.id)))).toEqual(all);
    for (const area of model.areas.filter((a) => a.gaps.length > 0)) {
      const k = pages.findIndex((p) => p.some((s) => s.area.key === area.key && s.from === 0));
      expect(gapsAreaPath(model.areas, area.key, 7)).toBe(`${listPath('gaps', k + 1)}#area-${area.key}`);
    }
  });
});

describe('the print version links on to where it prints a resource whole (t32h #4)', () => {
  it('names the part of the print version that holds the item, at its heading', () => {
    const areas = [{ key: 'resources' as const, items: Array.from({ length: 9 }, (_, i) => ({ id: `R${i}` })) }];
    const parts = printParts(areas, 4);
    expect(printPlace(parts, areas[0]?.items ?? [], 'resources', 'R0')).toBe('print/resources/#resources-R0');
    expect(printPlace(parts, areas[0]?.items ?? [], 'resources', 'R5')).toBe('print/resources/2/#resources-R5');
    expect(printPlace([], areas[0]?.items ?? [], 'resources', 'R5')).toBe('print/#resources-R5');
  });
});

describe('a union says what it is once (t32h #5)', async () => {
  const model = await imported(doc);

  it('heads the variants of a request whose head line says “one of” as “Variants”; “One of” where no head line says it', () => {
    const shape = blockOf(itemOf(model, 'endpoints', 'addOrDeleteRules'), 'body')?.body.shape as ShapeView;
    const variants = shape.children.find((c) => c.kind === 'variants');
    expect([shape.type?.text, variants?.combine]).toEqual(['one_of', 'one_of']);
    if (!variants) return;
    expect(childrenHeading(shape, variants, true)).toBe('Variants');
    expect(childrenHeading(shape, variants, false)).toBe('One of');
  });
});
