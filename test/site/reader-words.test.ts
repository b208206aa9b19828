import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Analysis } from '../../src/lib/index.ts';
import { importToSpec } from '../interchange/helpers.ts';
import { droppedValues } from '../invariant/reach.ts';
import { contentFiles } from '../invariant/stated.ts';
import { buildSite } from './build.ts';

/**
 * The words of a reference page's shapes, read back from a real site built for a real imported
 * document: combinations read "all of", "one of", "any of" (the keyword as stated still on the
 * page that states it), and a discriminator without a mapping lists the variants by OpenAPI's rule.
 */
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const doc = {
  openapi: '3.0.3',
  info: { title: 'Reader words', version: '1' },
  servers: [{ url: 'https://api.example.com' }],
  paths: {
    '/things': { post: { operationId: 'createThing', requestBody: json(ref('Thing')), responses: { '204': { description: 'OK' } } } },
    '/pets/{id}': { get: { operationId: 'getPet', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'OK', ...json(ref('Pet')) } } } },
  },
  components: {
    schemas: {
      Id: { type: 'string', format: 'uuid', description: 'An identifier.' },
      Problem: { type: 'object', properties: { title: { type: 'string' }, status: { type: 'integer' } } },
      Thing: {
        type: 'object',
        properties: {
          id: { allOf: [ref('Id')], description: 'The thing’s id.' },
          problem: { allOf: [ref('Problem'), { type: 'object', properties: { status: { type: 'integer', example: 400 } } }] },
          shape: { oneOf: [{ type: 'object', title: 'Circle', properties: { radius: { type: 'number' } } }, { type: 'object', title: 'Square', properties: { side: { type: 'number' } } }] },
          either: { anyOf: [ref('Id'), { type: 'integer' }] },
        },
      },
      Pet: { type: 'object', required: ['petType'], properties: { petType: { type: 'string' } }, discriminator: { propertyName: 'petType' } },
      Cat: { allOf: [ref('Pet'), { type: 'object', properties: { huntingSkill: { type: 'string' } } }] },
      Dog: { allOf: [ref('Pet'), { type: 'object', properties: { packSize: { type: 'integer' } } }] },
    },
  },
};

let site = '';
let dir = '';
let analysis: Analysis;
const page = async (path: string): Promise<HTMLElement> => parse(await readFile(join(site, path, 'index.html'), 'utf8'));
const text = (el: HTMLElement | null | undefined) => (el?.text ?? '').replace(/\s+/g, ' ').trim();

beforeAll(async () => {
  const file = join(await mkdtemp(join(tmpdir(), 'specbench-doc-')), 'openapi.json');
  await writeFile(file, JSON.stringify(doc));
  ({ dir, analysis } = await importToSpec(file));
  const built = await buildSite(dir);
  expect(built.code, built.output).toBe(0);
  site = built.outDir;
});

describe('a reference page’s words for what a shape is', () => {
  it('reads a combination as “all of”, “one of”, “any of”, never the raw keyword as a type; the keyword as stated stays on its own page', async () => {
    for (const path of ['resources/Thing', 'endpoints/createThing']) {
      const types = (await page(path)).querySelectorAll('main .shape-type').map((t) => text(t));
      expect(types, path).toEqual(expect.arrayContaining(['all of', 'one of', 'any of']));
      expect(types.filter((t) => /(all|one|any)_of/.test(t)), path).toEqual([]);
    }
    // Every stated keyword reaches its page, the print page and the document.
    const dropped = await droppedValues(await contentFiles(dir), analysis, site);
    expect(dropped.filter((d) => /"(all|one|any)_of"/.test(d))).toEqual([]);
  });

  it('lists a discriminator’s variants by OpenAPI’s rule where it states no mapping, and says that the rule gives them', async () => {
    for (const path of ['resources/Pet', 'endpoints/getPet']) {
      const d = (await page(path)).querySelector('main .discriminator');
      expect(text(d?.querySelector('code')), path).toBe('petType');
      expect(text(d), path).toContain('by the OpenAPI rule, each variant’s name');
      expect(text(d), path).toContain('the spec states no values');
      expect(d?.querySelectorAll('.mapping > div').map((x) => [text(x.querySelector('dt')), x.querySelector('dd a')?.getAttribute('href')]), path).toEqual([
        ['Cat', '/resources/Cat/'],
        ['Dog', '/resources/Dog/'],
      ]);
    }
  });
});
