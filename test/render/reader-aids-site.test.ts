import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { importToSpec } from '../interchange/helpers.ts';
import { buildSite } from '../site/build.ts';

/**
 * The reader aids of issue 32 point 10 on the pages of a real site built for a real imported
 * document (the views are tested in test/lib/render/reader-aids.test.ts; this reads back what the
 * routes and components make of them): where to read more on an endpoint's, a resource's, the
 * purpose and the home page; a group's description with its group on the endpoints page and the
 * home page; what is said of a path under an endpoint's method and path; the base path of a
 * server that is a path from the root before every endpoint's path.
 */
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const doc = {
  openapi: '3.0.3',
  info: { title: 'Reader aids', version: '1' },
  externalDocs: { url: 'https://docs.example.com/guide', description: 'The full guide' },
  servers: [{ url: '/api/v1', description: 'Where the document is served.' }],
  tags: [
    { name: 'things', description: 'Things **you** own.', externalDocs: { url: 'https://docs.example.com/things' } },
    { name: 'others', description: 'Everything else.' },
    { name: 'archive', description: 'No operation is in it yet.' },
  ],
  paths: {
    '/things/{id}': {
      summary: 'One thing',
      description: 'What is known of a thing, by its *id*.',
      get: {
        operationId: 'getThing',
        tags: ['things'],
        externalDocs: { url: 'https://docs.example.com/get-thing', description: 'Get thing docs' },
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'OK', ...json({ $ref: '#/components/schemas/Thing' }) } },
      },
    },
    // Markup and a script link where a reader aid's words go: shown as text, never run or linked.
    '/hostile': {
      summary: '<img src=x onerror=alert(1)> Hostile <b onmouseover=alert(1)>path</b>',
      get: { operationId: 'getHostile', externalDocs: { url: 'https://docs.example.com/hostile', description: '[click](javascript:alert(1)) <b onmouseover=alert(1)>bold</b>' }, responses: { '204': { description: 'Nothing' } } },
    },
    '/others': { get: { operationId: 'listOthers', tags: ['others'], responses: { '204': { description: 'Nothing' } } } },
  },
  components: { schemas: { Thing: { type: 'object', externalDocs: { url: 'https://docs.example.com/thing' }, properties: { name: { type: 'string' } } } } },
};

let site = '';
const page = async (path: string): Promise<HTMLElement> => parse(await readFile(join(site, path, 'index.html'), 'utf8'));
/** An element's text as a reader reads it: blocks apart, blanks as one space. */
const text = (el: HTMLElement | null | undefined) => (el?.structuredText ?? '').replace(/\s+/g, ' ').trim();
/** The external docs a page shows of itself (a group's are the group's): the text of each paragraph, and where its link goes. */
const docs = (root: HTMLElement) => root.querySelectorAll('main .external-docs').filter((p) => !p.closest('.group-note')).map((p) => [text(p), p.querySelector('a')?.getAttribute('href')]);

beforeAll(async () => {
  const file = join(await mkdtemp(join(tmpdir(), 'specbench-aids-')), 'openapi.json');
  await writeFile(file, JSON.stringify(doc));
  const { dir, result } = await importToSpec(file);
  // The import already drops the script link (its text is kept), and says so.
  // A summary is plain text: its characters kept as written (t32r N9), and a page shows them as text.
  expect(result.unmapped).toEqual([
    { pointer: '/paths/~1hostile/get/externalDocs/description', reason: "the link to `javascript:alert(1)` is not kept, as a page would not follow it; the link's text is kept in its place, as plain words" },
  ]);
  const built = await buildSite(dir);
  expect(built.code, built.output).toBe(0);
  site = built.outDir;
});

describe('the reader aids on the built pages', () => {
  it('an endpoint page: the base path before its path, what is said of the path under them, and where to read more', async () => {
    const endpoint = await page('endpoints/getThing');
    expect(text(endpoint.querySelector('main .signature .sig-path'))).toBe('/api/v1/things/{id}');
    expect(text(endpoint.querySelector('main .item-aside'))).toBe('This path: One thing What is known of a thing, by its id.');
    expect(endpoint.querySelector('main .item-aside em')?.text).toBe('id');
    expect(docs(endpoint)).toEqual([['External docs: Get thing docs https://docs.example.com/get-thing', 'https://docs.example.com/get-thing']]);
    // The signature first, then what is said of the path, then the endpoint's own words.
    const html = endpoint.querySelector('main')?.innerHTML ?? '';
    expect(html.indexOf('class="signature"')).toBeLessThan(html.indexOf('class="item-aside"'));
    expect(html.indexOf('class="item-aside"')).toBeLessThan(html.indexOf('class="external-docs"'));
    expect((await page('endpoints/listOthers')).querySelector('main .item-aside')).toBeNull();
  });

  it('words that hold markup or a script link are shown as text: no element, handler or script URL comes from them', async () => {
    const hostile = await page('endpoints/getHostile');
    const aside = hostile.querySelector('main .item-aside');
    expect(text(aside)).toBe('This path: <img src=x onerror=alert(1)> Hostile <b onmouseover=alert(1)>path</b>');
    expect(aside?.querySelector('img')).toBeNull();
    expect(aside?.querySelectorAll('[onmouseover]')).toEqual([]);
    const docs = hostile.querySelector('main .external-docs');
    expect(docs?.querySelectorAll('a').map((a) => a.getAttribute('href'))).toEqual(['https://docs.example.com/hostile']);
    expect(docs?.querySelectorAll('[onmouseover]')).toEqual([]);
    expect(docs?.innerHTML).not.toContain('javascript:');
  });

  it('a resource page, the purpose page and the home page: where to read more', async () => {
    expect(docs(await page('resources/Thing'))).toEqual([['External docs: https://docs.example.com/thing', 'https://docs.example.com/thing']]);
    const guide = [['External docs: The full guide https://docs.example.com/guide', 'https://docs.example.com/guide']];
    expect(docs(await page('purpose'))).toEqual(guide);
    expect(docs(await page(''))).toEqual(guide);
  });

  it('each group with what is said of it: under its heading on the endpoints page and the home page; a declared group no endpoint is in, on the endpoints page', async () => {
    const endpoints = await page('endpoints');
    const group = endpoints.querySelectorAll('main section.item-group').find((s) => text(s.querySelector('h3')).startsWith('things'));
    expect(text(group?.querySelector('.group-note'))).toBe('Things you own. External docs: https://docs.example.com/things');
    expect(group?.querySelector('.group-note strong')?.text).toBe('you');
    expect(text(endpoints.querySelector('main .declared-groups'))).toBe('One group is declared that no endpoint is in yet: archive No operation is in it yet.');
    const home = await page('');
    const headed = home.querySelectorAll('main .operations h3').map((h) => [text(h), text(h.nextElementSibling?.classList.contains('group-note') ? h.nextElementSibling : null)]);
    expect(headed).toEqual([
      ['others', 'Everything else.'],
      ['things', 'Things you own. External docs: https://docs.example.com/things'],
      ['Without a tag', ''],
    ]);
    // The server that is a path from the root is on the home page with its description.
    expect(text(home.querySelector('main .servers'))).toBe('/api/v1: Where the document is served.');
  });

  it('the print version: every group with what is said of it, the service\'s external docs, what is said of a path', async () => {
    const print = await page('print');
    expect(text(print.querySelector('section[data-area="endpoints"] .declared-groups'))).toBe(
      'The groups endpoints are listed under: things Things you own. External docs: https://docs.example.com/things others Everything else. archive No operation is in it yet.',
    );
    expect(docs(print).map(([, href]) => href)).toEqual(expect.arrayContaining(['https://docs.example.com/guide', 'https://docs.example.com/get-thing', 'https://docs.example.com/thing']));
    expect(text(print.querySelector('section[data-item="getThing"] .item-aside'))).toBe('This path: One thing What is known of a thing, by its id.');
  });
});
