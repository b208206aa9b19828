import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportOpenApi, type ShapeView } from '../../../src/lib/index.ts';
import { importToSpec } from '../../interchange/helpers.ts';
import { blockOf, itemOf, siteViews } from '../../helpers.ts';

// Issue 32, found by its tester t32f on real documents (ix-api.net, DigitalOcean, Apple's SiriKit
// cloud media) and reduced to the documents below; each goes through the real importer and loader.

/** A document written to a fresh file and imported, as `specbench import` does. */
async function imported(doc: unknown) {
  const file = join(await mkdtemp(join(tmpdir(), 'specbench-t32f-')), 'openapi.json');
  await writeFile(file, JSON.stringify(doc));
  return importToSpec(file);
}

/** ix-api.net's shape: a `...Partial` schema stating the fields, and an allOf part listing which are required. */
const REQUIRED_BY_ALLOF = {
  openapi: '3.0.3',
  info: { title: 'Required-by-allOf', version: '1' },
  servers: [{ url: 'https://api.example.com' }],
  paths: {
    '/configs': {
      post: {
        operationId: 'createConfig',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/ConfigRequest' } } } },
        responses: { '204': { description: 'done' } },
      },
    },
  },
  components: {
    schemas: {
      ConfigPartial: {
        type: 'object',
        required: ['type'],
        properties: {
          type: { type: 'string', example: 'exchange_lan' },
          vlan: { type: 'integer', minimum: 1, maximum: 4094, example: 23 },
          asns: { type: 'array', items: { type: 'integer', minimum: 0 } },
          roles: { type: 'array', items: { type: 'string' }, example: ['c-impl:123', 'c-noc:331'] },
          vlan_type: { type: 'string', enum: ['dot1q', 'qinq'] },
        },
      },
      ConfigRequest: {
        allOf: [{ $ref: '#/components/schemas/ConfigPartial' }, { type: 'object', required: ['vlan', 'asns', 'roles', 'vlan_type'] }],
      },
    },
  },
};

/** The request body's fields as the operation page merges them. */
function requestFields(model: ReturnType<typeof siteViews>): ShapeView[] {
  const body = blockOf(itemOf(model, 'endpoints', 'createConfig'), 'body');
  return body?.body.inline?.tree?.shape.children.find((c) => c.kind === 'fields')?.shapes ?? [];
}

describe('an allOf whose later part only lists required names', () => {
  it('sends the first part’s examples and honours its constraints in the generated example and every code sample', async () => {
    const { analysis } = await imported(REQUIRED_BY_ALLOF);
    const model = siteViews(analysis);
    const samples = blockOf(itemOf(model, 'endpoints', 'createConfig'), 'samples');
    const curl = samples?.samples.find((s) => s.code.startsWith('curl '))?.code ?? '';
    const sent = JSON.parse(/'(\{[\s\S]*\})'/.exec(curl)?.[1] ?? 'null') as Record<string, unknown>;
    expect(sent).toEqual({ type: 'exchange_lan', vlan: 23, asns: [0], roles: ['c-impl:123', 'c-noc:331'], vlan_type: 'dot1q' });
    // Every language sends the same body.
    for (const s of samples?.samples ?? []) expect(s.code, s.label).toContain('c-impl:123');
  });
});

describe('the required names of a later allOf part', () => {
  it('are merged: each such row is badged required, and the part is not shown restating the type the import copied in', async () => {
    const { analysis } = await imported(REQUIRED_BY_ALLOF);
    const fields = requestFields(siteViews(analysis));
    expect(fields.map((f) => f.name)).toEqual(['type', 'vlan', 'asns', 'roles', 'vlan_type']);
    const required = fields.filter((f) => f.required?.state === 'stated' && f.required.text === 'true').map((f) => f.name);
    expect(required).toEqual(['type', 'vlan', 'asns', 'roles', 'vlan_type']);
    expect(fields.filter((f) => f.also !== undefined).map((f) => f.name)).toEqual([]);
    // The row keeps what the first part states: `vlan`'s bounds and example.
    const vlan = fields.find((f) => f.name === 'vlan');
    expect(vlan?.constraints.map((c) => `${c.label} ${c.facet.text}`)).toEqual(['≥ 1', '≤ 4094']);
    expect(vlan?.examples?.items).toEqual(['23']);
  });
});

describe('code samples of a service whose server is a base path', () => {
  it('call the address the page states, base path included, and say what the placeholder before it stands for', async () => {
    const { analysis } = await imported({
      openapi: '3.0.3',
      info: { title: 'Base path in samples', version: '1' },
      servers: [{ url: '/api/v2' }],
      paths: { '/things': { get: { operationId: 'listThings', responses: { '200': { description: 'ok' } } } } },
    });
    const page = itemOf(siteViews(analysis), 'endpoints', 'listThings');
    expect(blockOf(page, 'signature')?.base).toBe('/api/v2');
    const samples = blockOf(page, 'samples');
    expect(samples?.samples.length).toBeGreaterThan(0);
    for (const s of samples?.samples ?? []) {
      expect(s.code, s.label).toContain('{base_url}/api/v2/things');
      expect(s.code, s.label).not.toMatch(/\{base_url\}\/things/);
    }
    expect(samples?.notes).toEqual(["Put the service's scheme and host (such as https://api.example.com) in place of {base_url}: the spec states only the base path /api/v2."]);
  });
});

describe('a base type used through allOf', () => {
  it('brings its description and discriminator wherever its fields are merged: the subtype’s page and the operation’s body', async () => {
    const { analysis } = await imported({
      openapi: '3.0.3',
      info: { title: 'Base discriminator', version: '1' },
      servers: [{ url: 'https://api.example.com' }],
      paths: { '/dogs': { post: { operationId: 'addDog', requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Dog' } } } }, responses: { '204': { description: 'done' } } } } },
      components: {
        schemas: {
          Pet: {
            type: 'object',
            description: 'A pet; its kind tells which one.',
            required: ['kind'],
            properties: { kind: { type: 'string' } },
            discriminator: { propertyName: 'kind', mapping: { dog: '#/components/schemas/Dog', cat: '#/components/schemas/Cat' } },
          },
          Dog: { allOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'object', properties: { bark: { type: 'boolean' } } }] },
          Cat: { allOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'object', properties: { purrs: { type: 'boolean' } } }] },
        },
      },
    });
    const model = siteViews(analysis);
    const operation = blockOf(itemOf(model, 'endpoints', 'addDog'), 'body')?.body.inline?.tree?.shape;
    const dog = blockOf(itemOf(model, 'resources', 'Dog'), 'shape')?.shape;
    for (const [where, tree] of [['operation', operation], ['subtype', dog]] as const) {
      const merged = tree?.children.find((c) => c.combine === 'all_of');
      const base = merged?.bases?.find((b) => b.link.label === 'Pet');
      expect(base?.descriptionHtml, where).toContain('A pet; its kind tells which one.');
      expect(base?.discriminator?.field, where).toBe('kind');
      // Where Dog is shown, the base's mapping lists the values of Dog and what is built on it (t32l #4).
      expect(base?.discriminator?.mapping.map((m) => [m.value, m.type]), where).toEqual([['dog', 'Dog']]);
    }
  });
});

describe('a title with angle brackets', () => {
  it('is plain text on its page and in the export: no Markdown escape is written into it', async () => {
    const { analysis } = await imported({
      openapi: '3.0.3',
      info: { title: 'Angle <brackets> API', version: '1' },
      servers: [{ url: 'https://api.example.com' }],
      paths: { '/prices': { get: { operationId: 'listPrices', summary: 'List prices in <currency> units', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Price' } } } } } } } },
      components: { schemas: { Price: { title: 'Price <EUR>', type: 'object', properties: { amount: { type: 'number' } } } } },
    });
    const model = siteViews(analysis);
    expect(itemOf(model, 'endpoints', 'listPrices').title).toBe('List prices in <currency> units');
    expect(itemOf(model, 'resources', 'Price').title).toBe('Price <EUR>');
    const exported = exportOpenApi(analysis) as { paths: Record<string, Record<string, { summary?: string }>>; components: { schemas: Record<string, { title?: string }> } };
    expect(exported.paths['/prices']?.get?.summary).toBe('List prices in <currency> units');
    expect(exported.components.schemas.Price?.title).toBe('Price <EUR>');
  });
});

describe('examples a page cannot show as written', () => {
  const EXACT = {
    openapi: '3.0.3',
    info: { title: 'Exact values', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    paths: {
      '/ids': {
        post: {
          operationId: 'postId',
          requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { tag: { type: 'string', example: 'a\u0000b\u0007c' } } } } } },
          responses: { '204': { description: 'done' } },
        },
      },
    },
  };

  it('an integer past 2^53 is never changed without a word: the import says it at its pointer and does not write it (written by hand, check says it: test/lib/checks)', async () => {
    // JSON.parse reads the document's 12345678901234567890 as the nearest double, as every JavaScript reader does.
    const file = join(await mkdtemp(join(tmpdir(), 'specbench-t32f-')), 'openapi.json');
    await writeFile(file, JSON.stringify(EXACT).replace('"tag":', '"id":{"type":"integer","format":"int64","example":12345678901234567890},"tag":'));
    const { analysis, result } = await importToSpec(file);
    const said = result.unmapped.filter((u) => u.pointer.endsWith('/properties/id/example'));
    expect(said).toHaveLength(1);
    expect(said[0]?.reason).toContain('past 2^53');
    expect(analysis.diagnostics.filter((d) => d.code === 'inexact-number')).toEqual([]);
    expect(JSON.stringify(analysis.spec.areas)).not.toContain('1234567890123456');
  });

  it('a string example with NUL and BEL is shown with their control pictures, not raw', async () => {
    const { analysis } = await imported(EXACT);
    const body = blockOf(itemOf(siteViews(analysis), 'endpoints', 'postId'), 'body');
    const tag = body?.body.shape?.children.find((c) => c.kind === 'fields')?.shapes.find((s) => s.name === 'tag');
    expect(tag?.examples?.items).toEqual(['a\u2400b\u2407c']);
    expect(JSON.stringify(tag?.examples)).not.toMatch(/\\u0000|\\u0007/);
  });
});
