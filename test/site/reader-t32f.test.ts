import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { importToSpec } from '../interchange/helpers.ts';
import { buildSite } from './build.ts';

/**
 * Issue 32, defects its tester t32f found on real documents, read back from real sites: the complete
 * fixture's home page, and a site built from one imported document that holds the reduced cases
 * (their views: test/lib/render/reader-t32f.test.ts).
 */
const { complete } = inject('sites');

const DOC = {
  openapi: '3.0.3',
  info: { title: 'Angle <brackets> API', version: '1' },
  servers: [{ url: '/api/v2' }],
  paths: {
    '/configs': {
      post: {
        operationId: 'createConfig',
        summary: 'Create a config in <vlan> units',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/ConfigRequest' } } } },
        responses: { '204': { description: 'done' } },
      },
    },
  },
  components: {
    schemas: {
      Config: {
        type: 'object',
        title: 'Config <base>',
        description: 'A config; its type tells which one.',
        required: ['type'],
        properties: {
          type: { type: 'string', example: 'exchange_lan' },
          vlan: { type: 'integer', minimum: 1, maximum: 4094, example: 23 },
          roles: { type: 'array', items: { type: 'string' }, example: ['c-impl:123', 'c-noc:331'] },
        },
        discriminator: { propertyName: 'type', mapping: { exchange_lan: '#/components/schemas/ConfigRequest' } },
      },
      ConfigRequest: { allOf: [{ $ref: '#/components/schemas/Config' }, { type: 'object', required: ['vlan', 'roles'] }] },
    },
  },
};

let imported = '';
const page = async (root: string, path: string): Promise<HTMLElement> => parse(await readFile(join(root, path, 'index.html'), 'utf8'));
const text = (el: HTMLElement | null | undefined) => (el?.text ?? '').replace(/\s+/g, ' ').trim();

beforeAll(async () => {
  const file = join(await mkdtemp(join(tmpdir(), 'specbench-t32f-')), 'openapi.json');
  await writeFile(file, JSON.stringify(DOC));
  const built = await buildSite((await importToSpec(file)).dir);
  expect(built.code, built.output).toBe(0);
  imported = built.outDir;
});

describe('the home page', () => {
  it('lists its own sections under "On this page", each an anchor the page has', async () => {
    const root = await page(complete, '');
    const toc = root.querySelectorAll('starlight-toc a').map((a) => a.getAttribute('href') ?? '');
    expect(toc).toEqual(expect.arrayContaining(['#servers', '#operations', '#dashboard', '#downloads', '#history']));
    for (const href of toc.filter((h) => h !== '#_top')) expect(root.querySelector(`[id="${href.slice(1)}"]`), href).not.toBeNull();
  });
});

describe('an imported document read back', () => {
  it('sends the stated examples within their constraints, at the address the page states, and says what {base_url} is', async () => {
    const root = await page(imported, 'endpoints/createConfig');
    // The parser reads a `<pre>` as raw text: the highlighting's spans are taken out.
    const samples = root.querySelectorAll('pre').map((p) => parse(p.text).text).filter((t) => t.includes('/configs'));
    expect(samples.length).toBeGreaterThan(0);
    for (const s of samples) {
      expect(s).toContain('{base_url}/api/v2/configs');
      expect(s).toContain('c-impl:123');
      // `"vlan": 23` as each language writes it (`'vlan' => 23`, `\"vlan\": 23`, `vlan: 23`).
      expect(s).toMatch(/vlan\\?["']?\s*(?::|=>|,)\s*23\b/);
    }
    expect(text(root.querySelector('main'))).toContain('in place of {base_url}: the spec states only the base path /api/v2');
  });

  it('badges every field the later part requires, says how many, and shows the base’s description and discriminator in place', async () => {
    const main = text((await page(imported, 'endpoints/createConfig')).querySelector('main'));
    expect(main).toContain('3 required');
    expect(main).not.toContain('as its own part states it');
    expect(main).toContain('A config; its type tells which one.');
    expect(main).toContain('Told apart by the field type');
  });

  it('shows a title with angle brackets as written, without a backslash', async () => {
    const root = await page(imported, 'endpoints/createConfig');
    expect(text(root.querySelector('h1'))).toBe('Create a config in <vlan> units');
    expect(text(root.querySelector('title'))).toContain('Create a config in <vlan> units');
    expect(root.toString()).not.toContain('\\&lt;');
    expect(text((await page(imported, 'resources/Config')).querySelector('h1'))).toBe('Config <base>');
  });
});
