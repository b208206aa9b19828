import { rm } from 'node:fs/promises';
import type { HTMLElement } from 'node-html-parser';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, preview } from '../browser/browser.ts';
import { imported } from '../lib/reader-pass11-doc.ts';
import { buildSite } from './build.ts';
import { brokenLinks, main, page } from './read.ts';

/**
 * Issue 32, what t32 (s10) found left, read back from a real site built from a document through the
 * real import: a field whose named type is read-only (write-only) is left out of the request
 * (response) as a field that is itself (D1); a named list's, object's or union's type and flags
 * where a field uses it (D8); an `all_of` whose part is an `all_of` with a `one_of` as a tree, never
 * its structure dumped into a heading (D11); a discriminator without mapping over variants that
 * share one enum told apart by the OpenAPI rule, not by every value (D15); a path parameter whose
 * named type states an example sent with it (D6); every code sample reachable with JavaScript off (D9).
 */
const DOCUMENT = `openapi: 3.0.3
info: {title: pass13, version: '1'}
paths:
  /things:
    post:
      operationId: makeThing
      requestBody:
        required: true
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Thing'}
      responses:
        '201':
          description: made
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Thing'}
  /imports:
    post:
      operationId: makeImport
      requestBody:
        required: true
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Import'}
      responses:
        '204': {description: ok}
  /kinds:
    post:
      operationId: makeKind
      requestBody:
        required: true
        content:
          application/json:
            schema:
              oneOf:
                - {$ref: '#/components/schemas/Alpha'}
                - {$ref: '#/components/schemas/Beta'}
              discriminator: {propertyName: kind}
      responses:
        '204': {description: ok}
  /lists/{listId}:
    get:
      operationId: getList
      parameters:
        - {name: listId, in: path, required: true, schema: {$ref: '#/components/schemas/Id'}}
      responses:
        '204': {description: ok}
components:
  schemas:
    Id: {type: integer, minimum: 1, example: 42}
    State: {type: string, enum: [queued, running], readOnly: true}
    Pin: {type: string, writeOnly: true, minLength: 4}
    Mode:
      anyOf: [{type: string}, {type: integer}]
      readOnly: true
      nullable: true
    Labels: {type: array, items: {type: string}, nullable: true}
    Extra: {type: object, nullable: true, description: Anything else.}
    Thing:
      type: object
      properties:
        name: {type: string, example: first}
        state: {$ref: '#/components/schemas/State'}
        pin: {$ref: '#/components/schemas/Pin'}
        mode: {$ref: '#/components/schemas/Mode'}
        labels: {$ref: '#/components/schemas/Labels'}
        extra: {$ref: '#/components/schemas/Extra'}
    Base:
      type: object
      properties:
        title: {type: string}
    Import:
      allOf:
        - type: object
          oneOf:
            - properties:
                targetUrl: {type: string, pattern: '^https://[a-z]+$', example: 'https://framatube.org/videos/watch/abc'}
              required: [targetUrl]
            - properties:
                magnetUri: {type: string, pattern: '/magnet:\\?xt=urn:[a-z0-9]+/i'}
              required: [magnetUri]
        - $ref: '#/components/schemas/Base'
      required: [title]
    Kind: {type: string, enum: [Alpha, Beta]}
    KindBase:
      type: object
      discriminator: {propertyName: kind}
      required: [kind]
      properties:
        kind: {$ref: '#/components/schemas/Kind'}
    Alpha:
      allOf:
        - $ref: '#/components/schemas/KindBase'
        - type: object
          properties:
            x: {type: string}
    Beta:
      allOf:
        - $ref: '#/components/schemas/KindBase'
        - type: object
          properties:
            y: {type: integer}
`;

let site = '';

beforeAll(async () => {
  const spec = await imported(DOCUMENT);
  const built = await buildSite(spec);
  expect(built.code, built.output).toBe(0);
  site = built.outDir;
});
afterAll(async () => {
  if (site) await rm(site, { recursive: true, force: true });
});

const words = (el: HTMLElement | null | undefined) => (el?.text ?? '').replace(/\s+/g, ' ').trim();
/** The head lines of the fields named `name` in a part of a page. */
const heads = (root: HTMLElement | undefined, name: string) => (root?.querySelectorAll('.shape-head') ?? []).filter((h) => words(h.querySelector('.shape-name')) === name);
/** A page's request section and its responses. */
const request = (root: HTMLElement) => root.querySelectorAll('section').find((s) => s.querySelector('h2#ref-request') !== null);
const response = (root: HTMLElement) => root.querySelectorAll('section.response')[0];
/** The texts of the examples and the code samples of a part of a page. */
const examples = (part: HTMLElement | undefined) => (part?.querySelectorAll('details.example pre') ?? []).map((p) => p.text);
const samples = (root: HTMLElement) => root.querySelectorAll('section.samples pre').map((p) => p.text);

describe('a field whose named type is read-only or write-only (t32 D1)', () => {
  it('is left out of the request tree, its example and every code sample, with the located line, as a field read-only itself', async () => {
    const root = main(await page(site, 'endpoints/makeThing'));
    const req = request(root);
    const kept = req?.querySelectorAll('.shape-children.shape-fields > .shape > .shape-head .shape-name').map((n) => words(n)) ?? [];
    expect(kept).toContain('name');
    expect(kept).not.toContain('state');
    expect(kept).not.toContain('mode');
    expect(words(req?.querySelector('.left-out summary, p.left-out'))).toBe('Read-only, not sent: state, mode');
    const sent = [...examples(req), ...samples(root)];
    expect(sent.length).toBe(9);
    for (const text of sent) {
      // The JSON of the example, or a language's literal of it.
      expect(text).toMatch(/\bname\b.{1,6}first/);
      expect(text).not.toMatch(/\bstate\b|\bmode\b|queued/);
      // Write-only: sent.
      expect(text).toMatch(/\bpin\b/);
    }
  });

  it('is left out of the response tree and its example where write-only, and shows its type’s flag where it is kept', async () => {
    const res = response(main(await page(site, 'endpoints/makeThing')));
    expect(words(res?.querySelector('.left-out summary, p.left-out'))).toBe('Write-only, not returned: pin');
    for (const text of examples(res)) {
      expect(text).not.toContain('"pin"');
      expect(text).toContain('"state": "queued"');
    }
    expect(words(heads(res, 'state')[0])).toBe('state string State read-only');
  });
});

describe('a named list’s, object’s or union’s type and flags where a field uses it (t32 D8)', () => {
  it('shows them on the field’s head line, as a named scalar’s', async () => {
    for (const path of ['endpoints/makeThing', 'resources/Thing']) {
      const root = main(await page(site, path));
      expect(words(heads(root, 'labels')[0]), path).toBe('labels array Labels nullable');
      expect(words(heads(root, 'extra')[0]), path).toBe('extra object Extra nullable');
      // Read-only, it is kept in the response (and on the resource's page) with its flags.
      expect(words(heads(root, 'mode')[0]), path).toBe('mode Mode (any of its variants) nullable read-only');
    }
  });
});

describe('an all-of whose part is an all-of with a one-of (t32 D11)', () => {
  it('shows its merged fields and its union as trees, never the parts’ structure in a heading, and the stated values as stated', async () => {
    for (const path of ['endpoints/makeImport', 'resources/Import']) {
      const root = main(await page(site, path));
      expect(root.querySelectorAll('.shape-of .value-map, .shape-of .value-list'), path).toEqual([]);
      for (const h of root.querySelectorAll('.shape-of')) expect(words(h), path).not.toMatch(/one_of|all_of|fields/);
      // The merged fields, with where each comes from, and the union beside them.
      const title = heads(root, 'title')[0];
      expect(words(title), path).toBe('title string required from Base');
      expect(words(heads(root, 'targetUrl')[0]), path).toBe('targetUrl string required');
      // A stated pattern and example inside the tree, in no upper-cased heading.
      const magnet = heads(root, 'magnetUri')[0]?.parentNode;
      expect(words(magnet), path).toContain('pattern /magnet:\\?xt=urn:[a-z0-9]+/i');
      expect(magnet?.closest('.shape-of'), path).toBeNull();
    }
  });
});

describe('a discriminator without mapping over variants sharing one enum (t32 D15)', () => {
  it('tells each variant by its name, by the OpenAPI rule, and claims no value selects another', async () => {
    const root = main(await page(site, 'endpoints/makeKind'));
    const told = root.querySelectorAll('.discriminator').find((d) => d.querySelector('dl.mapping')?.querySelectorAll('dt').length === 2);
    expect(words(told)).toContain('by the OpenAPI rule');
    const rows = told?.querySelectorAll('dl.mapping > div').map((r) => `${words(r.querySelector('dt'))} → ${words(r.querySelector('dd a'))}`);
    expect(rows).toEqual(['Alpha → Alpha', 'Beta → Beta']);
    for (const d of root.querySelectorAll('dl.mapping > div')) expect(words(d.querySelector('dt'))).toBe(words(d.querySelector('dd a')));
  });
});

describe('a path parameter whose named type states an example (t32 D6)', () => {
  it('is sent with that example, with no word that the spec states none', async () => {
    const root = main(await page(site, 'endpoints/getList'));
    const curl = samples(root)[0] ?? '';
    expect(curl).toContain('/lists/42');
    expect(words(root.querySelector('section.samples'))).not.toContain('states no example');
  });
});

describe('code samples with JavaScript off (t32 D9)', () => {
  let browser: Browser | undefined;
  let server: { url: string; stop: () => Promise<void> } | undefined;
  beforeAll(async () => {
    browser = await launch();
    server = await preview(site);
  });
  afterAll(async () => {
    await server?.stop();
    await browser?.close();
  });

  it('shows every language’s sample, each under its name; with JavaScript on, the tabs show one', async () => {
    for (const javaScriptEnabled of [false, true]) {
      const context = await (browser as Browser).newContext({ javaScriptEnabled });
      const tab = await context.newPage();
      await tab.goto(`${server?.url}/endpoints/makeThing/`, { waitUntil: 'load' });
      const codes = tab.locator('section.samples pre[data-language]');
      const visible = await codes.evaluateAll((all) => all.filter((e) => (e as unknown as { offsetParent: unknown }).offsetParent !== null).map((e) => e.getAttribute('data-language')));
      const labels = await tab.locator('section.samples .sample-label').evaluateAll((all) => all.filter((e) => (e as unknown as { offsetParent: unknown }).offsetParent !== null).map((e) => e.textContent));
      if (javaScriptEnabled) {
        expect(visible).toEqual(['sh']);
        expect(labels).toEqual([]);
      } else {
        expect(visible).toEqual(['sh', 'js', 'python', 'go', 'java', 'csharp', 'ruby', 'php']);
        expect(labels).toEqual(['cURL', 'JavaScript', 'Python', 'Go', 'Java', 'C#', 'Ruby', 'PHP']);
      }
      await context.close();
    }
  });

  it('the print version names the other languages and links to the operation’s samples; no dead link', async () => {
    const root = main(await page(site, 'print'));
    const note = root.querySelectorAll('[data-other-samples]').find((n) => n.querySelector('a')?.getAttribute('href') === '/endpoints/makeThing/#ref-code-samples');
    expect(words(note)).toBe('The samples in JavaScript, Python, Go, Java, C#, Ruby, PHP are on the operation’s page.');
    expect(await brokenLinks(site)).toEqual([]);
  });
});
