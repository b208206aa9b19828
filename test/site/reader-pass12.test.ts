import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { HTMLElement } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUT_CHIP_BYTES } from '../../src/lib/index.ts';
import { imported } from '../lib/reader-pass11-doc.ts';
import { buildSite } from './build.ts';
import { brokenLinks, main, page } from './read.ts';

/**
 * Issue 32, what independent testers found left after the eleventh pass, read back from a real site
 * built from a document through the real import: a named scalar's own flags and format where a
 * field or a parameter uses it (they were on the scalar's page only: nothing stated is dropped), and
 * the sentence an error response reads, whatever its error's title ("The error The detailed error
 * response." read the title after "The error"), and the open gaps of the rows a page cuts past its
 * budget, bounded as the rows are (every chip of the cut rows was listed).
 */
const DOCUMENT = `openapi: 3.0.3
info: {title: pass12, version: '1'}
paths:
  /things:
    get:
      operationId: getThing
      parameters:
        - {name: since, in: query, schema: {$ref: '#/components/schemas/NullableDate'}}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Thing'}
        '404': {$ref: '#/components/responses/http-404'}
        '409': {$ref: '#/components/responses/http-409'}
        '410': {$ref: '#/components/responses/http-410'}
        default: {$ref: '#/components/responses/http-default'}
components:
  # Shared responses, whose words are their errors' (an error made from an inline response's status claims none of its words: t32 s10 D2).
  responses:
    http-404:
      description: The detailed error response.
      content:
        application/json:
          schema: {$ref: '#/components/schemas/Problem'}
    http-409:
      description: Conflict on the thing
      content:
        application/json:
          schema: {$ref: '#/components/schemas/Problem'}
    http-410:
      description: |-
        Gone for good.

        The thing was removed and is not coming back.
    http-default:
      description: Unexpected error
  schemas:
    NullableDate: {type: string, format: date, nullable: true}
    Code:
      type: string
      readOnly: true
      deprecated: true
      pattern: '^[A-Z]+$'
      minLength: 2
      maxLength: 9
      enum: [AB, CD]
      default: AB
      example: CD
    Count: {type: integer, minimum: 1, maximum: 99, writeOnly: true}
    Problem:
      type: object
      properties:
        title: {type: string}
    Thing:
      type: object
      properties:
        born: {$ref: '#/components/schemas/NullableDate'}
        code: {$ref: '#/components/schemas/Code'}
        count: {$ref: '#/components/schemas/Count'}
`;

/**
 * An endpoint whose response carries `copies` objects of `count` fields written in place, every
 * field of the last one leaving its type open: the page cuts it past its budget of trees, and the
 * open gaps of its rows are said where it cuts.
 */
function wideEndpoint(count: number, copies: number): string {
  const object = (k: number) => {
    const lines = ['          type: object', '          required: false', '          fields:'];
    for (let i = 0; i < count; i++) lines.push(`            field_${String(i).padStart(3, '0')}:`, k === copies - 1 ? '              type: { open: Which type? }' : '              type: string', '              required: false', `              examples: [value ${i}]`);
    return lines.join('\n');
  };
  return `method: PUT
path: /wide
title: Update a wide thing
parameters:
  none: The document declares none.
responses:
  "200":
    description: ok
    content_type: application/json
    schema:
      type: object
      fields:
${Array.from({ length: copies }, (_, k) => `        copy_${k}:\n${object(k)}`).join('\n')}
`;
}
const WIDE_COUNT = 500;

let site = '';

beforeAll(async () => {
  const spec = await imported(DOCUMENT);
  await writeFile(join(spec, 'endpoints', 'putWide.yaml'), wideEndpoint(WIDE_COUNT, 12));
  const built = await buildSite(spec);
  expect(built.code, built.output).toBe(0);
  site = built.outDir;
});
afterAll(async () => {
  if (site) await rm(site, { recursive: true, force: true });
});

const words = (el: HTMLElement | null | undefined) => (el?.text ?? '').replace(/\s+/g, ' ').trim();
/** The head line of the field `name` in a page's tree. */
const head = (root: HTMLElement, name: string) => root.querySelectorAll('.shape-head').find((h) => words(h.querySelector('.shape-name')) === name);

describe('a named scalar’s flags and format where it is used (F32 #1)', () => {
  it('shows on a field’s head line the format and flags its scalar type states, as a field’s own are shown', async () => {
    for (const path of ['endpoints/getThing', 'resources/Thing']) {
      const root = main(await page(site, path));
      expect(words(head(root, 'born')), path).toBe('born string NullableDate date nullable');
      expect(words(head(root, 'code')), path).toBe('code string Code read-only deprecated');
      // A field of a write-only type is not returned (t32 D1): on the operation's response it is named apart.
      if (path === 'endpoints/getThing') expect(words(root.querySelector('.left-out')), path).toBe('Write-only, not returned: count');
      else expect(words(head(root, 'count')), path).toBe('count integer Count write-only');
      // Its constraints, allowed values, default and example below it, as before.
      const code = head(root, 'code')?.parentNode;
      for (const fact of ['Allowed: AB CD', 'min length 2', 'max length 9', 'pattern ^[A-Z]+$', 'Default: AB', 'Examples: CD']) expect(words(code), path).toContain(fact);
      // Another item's facts: badges without facet ids or anchors of their own.
      expect(head(root, 'born')?.querySelectorAll('.scalar-facts [data-facet], .scalar-facts [id]'), path).toEqual([]);
    }
  });

  it('shows them in a parameter table’s type column too', async () => {
    const row = main(await page(site, 'endpoints/getThing'))
      .querySelectorAll('table.shape-table tr')
      .find((r) => words(r.querySelector('th[scope=row]')) === 'since');
    expect(words(row?.querySelectorAll('td')[0])).toBe('string NullableDate date nullable');
  });
});

describe('the sentence an error response reads (F32 #2)', () => {
  it('reads as one sentence for a title that names the error itself, a name, none, and a title saying “error”', async () => {
    const root = main(await page(site, 'endpoints/getThing'));
    // What each response's line says, its media types left off.
    const said = Object.fromEntries(root.querySelectorAll('section.response').map((r) => [words(r.querySelector('.response-head')), words(r.querySelector('.body-carries')).replace(/ application\/json$/, '')]));
    expect(said).toEqual({
      '200': 'Thing',
      '404': 'The detailed error response (http-404), with its body:',
      '409': 'The error Conflict on the thing http-409, with its body:',
      '410': 'The error http-410.',
      default: 'Unexpected error (http-default).',
    });
    expect(words(root)).not.toMatch(/The error (The|An?) /);
  });

  it('leaves no dead link', async () => {
    expect(await brokenLinks(site)).toEqual([]);
  });
});

describe('the open gaps of the rows a page cuts, bounded as the rows are (F32 #4)', () => {
  it('shows the first as chips, says how many more and links to the print version, which shows each with its question; every gap keeps its anchor on the page', async () => {
    const root = main(await page(site, 'endpoints/putWide'));
    const cut = root.querySelectorAll('.shape-cut').find((c) => (c.getAttribute('data-cut') ?? '').endsWith('/copy_11'));
    expect(cut, 'the last copy is cut').toBeDefined();
    const chips = cut?.querySelectorAll('.cut-gaps [data-gap]') ?? [];
    const more = cut?.querySelector('[data-cut-gaps-more]');
    const hidden = more?.querySelectorAll('[data-cut-gap]') ?? [];
    // Bounded: some chips, not 500 of them; the rest counted, said and linked.
    expect(chips.length).toBeGreaterThan(0);
    expect(chips.length).toBeLessThan(CUT_CHIP_BYTES / 300);
    expect(chips.length + hidden.length).toBe(WIDE_COUNT);
    expect(words(more)).toBe(`And ${hidden.length} more open gaps below, not shown here: the print version shows each with its question.`);
    // Each gap keeps its anchor here (the gaps page links to it), and the print version's continued page shows it as a chip with its question.
    const last = hidden[hidden.length - 1];
    const id = last?.getAttribute('data-cut-gap') ?? '';
    expect(id).toMatch(/copy_11\/fields\/field_499\/type$/);
    expect(root.getElementById(last?.getAttribute('id') ?? '')).not.toBeNull();
    const href = more?.querySelector('a')?.getAttribute('href') ?? '';
    const continued = main(await page(site, href.slice(1, href.indexOf('#'))));
    const chip = continued.querySelector(`[data-facet="${id}"][data-gap]`);
    expect(chip?.getAttribute('id')).toBe(last?.getAttribute('id'));
    expect(words(chip?.querySelector('.question'))).toBe('Which type?');
  });
});
