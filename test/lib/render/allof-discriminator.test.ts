import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Obj } from '../../../src/lib/facet/state.ts';
import { SiteIndex, type DiscriminatorView, type ShapeView } from '../../../src/lib/index.ts';
import { findItem } from '../../../src/lib/model/spec.ts';
import { exampleOf } from '../../../src/lib/render/example.ts';
import { blockContext } from '../../../src/lib/render/site/blocks/context.ts';
import type { ItemFacets } from '../../../src/lib/render/site/site-index.ts';
import { blockOf as block, itemOf as item, siteViews, specFrom } from '../../helpers.ts';
import { importToSpec } from '../../interchange/helpers.ts';

/** An OpenAPI document written to a fresh file. */
async function written(doc: object): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'specbench-doc-')), 'openapi.json');
  await writeFile(file, JSON.stringify(doc));
  return file;
}

/** An OpenAPI document imported through the real reader and importer, and the site's views of it. */
async function imported(doc: object) {
  return siteViews((await importToSpec(await written(doc))).analysis);
}

const info = { title: 'Repro', version: '1' };
const servers = [{ url: 'https://api.example.com' }];
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The first generated example of an endpoint's 200 response (or its request), parsed. */
const responseExample = (model: ReturnType<typeof siteViews>, id: string) => JSON.parse(block(item(model, 'endpoints', id), 'responses')?.responses.find((r) => r.status === '200')?.body.examples[0]?.text ?? 'null');
const requestExample = (model: ReturnType<typeof siteViews>, id: string) => JSON.parse(block(item(model, 'endpoints', id), 'body')?.body.examples[0]?.text ?? 'null');

describe('an all_of that wraps a scalar (a $ref beside a description)', () => {
  it('makes that scalar’s example, never {}: its stated example, its format’s, its first allowed value; the code samples send it', () => {
    // As an import of `allOf: [$ref]` beside a description writes it.
    const model = siteViews(
      specFrom({
        'resources/SeId.yaml': 'value:\n  type: string\n  examples: [se-28529731]\n  pattern: ^se(-[a-z0-9]+)+$\n',
        'resources/Uuid.yaml': 'value:\n  type: string\n  format: uuid\n',
        'resources/ErrorCode.yaml': 'value:\n  type: string\n  allowed: [auto_fund_not_supported, carrier_conflict]\n',
        'resources/Lower.yaml': 'value:\n  type: string\n  pattern: ^[a-z]+$\n',
        'endpoints/addFunds.yaml': [
          'method: PUT',
          'path: /funds',
          'request:',
          '  content_type: application/json',
          '  schema:',
          '    type: object',
          '    fields:',
          '      carrier_id: { description: The carrier, type: all_of, required: false, of: [SeId] }',
          '      request_id: { type: all_of, required: false, of: [Uuid] }',
          '      error_code: { type: all_of, required: false, of: [{ type: ErrorCode, description: Why }] }',
          '      # Two scalar parts: a value made from what they state together.',
          '      short_id: { type: all_of, required: false, of: [Lower, { type: string, max_length: 3 }] }',
          '      # Limits without a type beside a scalar narrow it.',
          '      long_id: { type: all_of, required: false, of: [Lower, { min_length: 4 }] }',
          '      # Allowed values: those every part allows.',
          '      code: { type: all_of, required: false, of: [ErrorCode, { type: string, allowed: [carrier_conflict, other] }] }',
          '      # A string and an integer: no value is both, so none is made.',
          '      both: { type: all_of, required: false, of: [Lower, integer] }',
          '      # An object beside a scalar: no value is both, so none is made (the field is left out, not `{}`).',
          '      odd: { type: all_of, required: false, of: [SeId, { type: object, fields: { a: { type: string, required: false } } }] }',
          'responses:',
          '  "204": { description: OK }',
          '',
        ].join('\n'),
      }),
    );
    const example = requestExample(model, 'addFunds');
    expect(example).toEqual({
      carrier_id: 'se-28529731',
      request_id: '00000000-0000-0000-0000-000000000000',
      error_code: 'auto_fund_not_supported',
      short_id: 'a',
      long_id: 'aaaa',
      code: 'carrier_conflict',
    });
    const curl = block(item(model, 'endpoints', 'addFunds'), 'samples')?.samples.find((s) => s.label === 'cURL')?.code;
    expect(curl).toContain('"carrier_id": "se-28529731"');
    expect(curl).not.toContain('{}');
  });
});

describe('a discriminator that states no mapping (OpenAPI’s implicit one)', () => {
  const pets = (mapping?: Record<string, string>) => ({
    openapi: '3.0.3',
    info,
    servers,
    paths: {
      '/pets/{id}': { get: { operationId: 'getPet', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'OK', ...json(ref('Pet')) } } } },
      '/cats': { post: { operationId: 'addCat', requestBody: json(ref('Cat')), responses: { '200': { description: 'OK', ...json(ref('Cat')) } } } },
    },
    components: {
      schemas: {
        Pet: { type: 'object', required: ['petType'], properties: { petType: { type: 'string' } }, discriminator: { propertyName: 'petType', ...(mapping ? { mapping } : {}) } },
        Cat: { allOf: [ref('Pet'), { type: 'object', properties: { huntingSkill: { type: 'string' } } }] },
        Dog: { allOf: [ref('Pet'), { type: 'object', properties: { packSize: { type: 'integer' } } }] },
        // Names Pet as a field, not as a part: no variant of it.
        Owner: { type: 'object', properties: { pet: ref('Pet') } },
      },
    },
  });

  it('shows the variants that are all_of the base, each told apart by its name, marked as the OpenAPI rule’s, where the type is and where it is used', async () => {
    const model = await imported(pets());
    const own = block(item(model, 'resources', 'Pet'), 'shape') as unknown as { root?: ShapeView; discriminator?: DiscriminatorView } | undefined;
    const found: Array<DiscriminatorView & { implicit?: boolean }> = [];
    const find = (x: unknown): void => {
      if (x === null || typeof x !== 'object') return;
      if ('discriminator' in x && x.discriminator && typeof x.discriminator === 'object' && 'mapping' in x.discriminator) found.push(x.discriminator as DiscriminatorView);
      for (const v of Object.values(x)) find(v);
    };
    find(own);
    find(block(item(model, 'endpoints', 'getPet'), 'responses'));
    expect(found).toHaveLength(2);
    for (const d of found) {
      expect(d.field).toBe('petType');
      expect(d.implicit).toBe(true);
      expect(d.mapping.map((m) => [m.value, m.type, m.link?.path])).toEqual([
        ['Cat', 'Cat', 'resources/Cat/'],
        ['Dog', 'Dog', 'resources/Dog/'],
      ]);
    }
  });

  it('makes an example of a variant with its own name as the discriminator’s value, in a request and a response', async () => {
    const model = await imported(pets());
    expect(requestExample(model, 'addCat')).toEqual({ petType: 'Cat', huntingSkill: 'string' });
    expect(responseExample(model, 'addCat')).toEqual({ petType: 'Cat', huntingSkill: 'string' });
    const curl = block(item(model, 'endpoints', 'addCat'), 'samples')?.samples.find((s) => s.label === 'cURL')?.code;
    expect(curl).toContain('"petType": "Cat"');
  });

  it('keeps a stated mapping as stated (no implicit mark), and a variant’s example takes the mapping’s value', async () => {
    const model = await imported(pets({ cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' }));
    const found: Array<DiscriminatorView & { implicit?: boolean }> = [];
    const find = (x: unknown): void => {
      if (x === null || typeof x !== 'object') return;
      if ('discriminator' in x && x.discriminator && typeof x.discriminator === 'object' && 'mapping' in x.discriminator) found.push(x.discriminator as DiscriminatorView);
      for (const v of Object.values(x)) find(v);
    };
    find(block(item(model, 'resources', 'Pet'), 'shape'));
    expect(found.map((d) => [d.implicit, d.mapping.map((m) => [m.value, m.type])])).toEqual([[undefined, [['cat', 'Cat'], ['dog', 'Dog']]]]);
    expect(requestExample(model, 'addCat')).toEqual({ petType: 'cat', huntingSkill: 'string' });
    // The base's variants are known: its example is the first of them, told apart by its value.
    expect(responseExample(model, 'getPet')).toEqual({ petType: 'cat', huntingSkill: 'string' });
  });

  it('lists the subtypes of a base for an example, and makes the base’s example one of them when the caller passes them', async () => {
    const { analysis } = await importToSpec(await written(pets()));
    const index = new SiteIndex(analysis);
    const trees = blockContext(index.context(() => {}), 'resources/Pet', index.itemFacets('resources/Pet') as ItemFacets, 'resources/Pet/').trees;
    expect(trees.subtypes('Pet')).toEqual(['Cat', 'Dog']);
    expect(trees.subtypes('Cat')).toEqual([]);
    const resource = (id: string) => findItem(analysis.spec, 'resources', id)?.data as Obj | undefined;
    // Without the list, the base is its own fields; with it, the first variant, its name as the value.
    expect(exampleOf('Pet', { resource }, 'response')).toEqual({ value: { petType: 'string' } });
    expect(exampleOf('Pet', { resource, subtypes: (b) => trees.subtypes(b) }, 'response')).toEqual({ value: { petType: 'Cat', huntingSkill: 'string' } });
  });
});
