import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { HTMLElement } from 'node-html-parser';
import { describe, expect, inject, it } from 'vitest';
import { main, page } from '../site/read.ts';

/**
 * What a reader must find on the reference pages of three real documents (issue 32), read back
 * from the built HTML, point by point.
 */
const readers = inject('readers');
const text = (el: HTMLElement | null | undefined) => (el?.text ?? '').replace(/\s+/g, ' ').trim();
const at = async (doc: keyof typeof readers, path: string) => main(await page(readers[doc].site, path));

/** How many shapes a field's name sits in: its depth in the tree. */
const depthOf = (name: HTMLElement) => {
  let depth = 0;
  for (let e: HTMLElement | null = name.parentNode; e; e = e.parentNode) if (e.classList?.contains('shape')) depth++;
  return depth;
};

/** The section of a block by its heading's text. */
const section = (root: HTMLElement, heading: string) => root.querySelectorAll('section').find((s) => text(s.querySelector('h2')) === heading);

describe('Petstore: addPet', () => {
  it('opens with the method and path, then the summary, the authoring facts in one line after them', async () => {
    const root = await at('petstore', 'endpoints/addPet');
    const html = root.toString();
    const signature = html.indexOf('class="signature"');
    const meta = html.indexOf('class="meta');
    expect(signature).toBeGreaterThan(-1);
    expect(meta).toBeGreaterThan(signature);
    expect(text(root.querySelector('.signature'))).toBe('POST http://petstore.swagger.io/v2/pet');
    // No coverage bar and no other furniture before the method.
    expect(html.slice(0, signature)).not.toMatch(/<svg|stated \d|open gap/);
    expect(text(root.querySelector('.meta'))).toMatch(/^Endpoints · addPet · \d+\/\d+ \(\d+%\) stated · \d+ open gaps?$/);
    expect(root.querySelector('.meta code')?.getAttribute('title')).toBe('endpoints/addPet.yaml');
  });

  it('marks only what is required, with flags on the field’s line, and leaves the read-only id out of the request', async () => {
    const root = await at('petstore', 'endpoints/addPet');
    expect(root.querySelectorAll('.badge').filter((b) => text(b) === 'optional')).toEqual([]);
    const request = section(root, 'Request');
    const names = request?.querySelector('.inline-tree')?.querySelectorAll(':scope > .shape > .shape-body > .shape-children > .shape > .shape-head') ?? [];
    const row = (name: string) => names.find((h) => text(h.querySelector('.shape-name')) === name);
    expect(names.map((h) => text(h.querySelector('.shape-name')))).toEqual(['category', 'name', 'photoUrls', 'tags', 'status']);
    expect(text(row('name')?.querySelector('.badge-required'))).toBe('required');
    expect(row('status')?.querySelector('.badge-required')).toBeNull();
    expect(text(request?.querySelector('.left-out'))).toBe('Read-only, not sent: id');
  });

  it('highlights its code samples in the page itself: colour classes defined for both themes, no script', async () => {
    const root = await at('petstore', 'endpoints/addPet');
    const samples = root.querySelector('section.samples');
    const blocks = samples?.querySelectorAll('pre.sample-code') ?? [];
    expect(blocks.map((b) => b.getAttribute('data-language'))).toEqual(['sh', 'js', 'python', 'go', 'java', 'csharp', 'ruby', 'php']);
    for (const b of blocks) expect(b.querySelectorAll('span[class^="c"]').length, b.getAttribute('data-language') ?? '').toBeGreaterThan(3);
    const css = samples?.querySelector('style')?.text ?? '';
    expect(css).toMatch(/^(\.samples \.c\d+\{--0:#[0-9A-F]{6};--1:#[0-9A-F]{6}[^}]*\})+$/i);
    // No copy button and no script for the highlighting: the only script is Starlight's, which remembers the reader's language.
    expect(samples?.querySelectorAll('button, [data-code], script[src]')).toHaveLength(0);
    expect(samples?.querySelectorAll('script').every((s) => s.text.includes('starlight-tabs'))).toBe(true);
    // The code reads as it is sent.
    expect(blocks[0]?.text.startsWith('curl http://petstore.swagger.io/v2/pet \\\n  --request POST')).toBe(true);
  });
});

describe('Azure network: ApplicationGateways_CreateOrUpdate', () => {
  it('shows its all_of as the fields it merges, each with where it comes from', async () => {
    const root = await at('azure', 'endpoints/ApplicationGateways_CreateOrUpdate');
    const request = section(root, 'Request');
    const tree = request?.querySelector('.inline-tree');
    expect(text(tree?.querySelector('.shape-of'))).toMatch(/^Fields, all of\b/);
    expect(text(tree?.querySelector('.shape-parts'))).toBe('Resource + its own fields');
    const origins = tree?.querySelectorAll(':scope > .shape > .shape-body > .shape-children > .shape > .shape-head') ?? [];
    expect(origins.map((h) => [text(h.querySelector('.shape-name')), text(h.querySelector('.origin'))])).toEqual([
      ['id', 'from Resource'],
      ['location', 'from Resource'],
      ['tags', 'from Resource'],
      ['etag', ''],
      ['properties', ''],
    ]);
    // The variants are not numbered as a choice.
    expect(request?.querySelectorAll('.shape-of').map(text).filter((t) => t.startsWith('Variants'))).toEqual([]);
  });

  it('shows the whole request tree in place: a field five levels down, folded past the second, and no "fields are on its page"', async () => {
    const root = await at('azure', 'endpoints/ApplicationGateways_CreateOrUpdate');
    const request = section(root, 'Request');
    const fqdn = request?.querySelectorAll('.shape-name').find((n) => text(n) === 'fqdn');
    expect(fqdn).toBeDefined();
    expect(depthOf(fqdn as HTMLElement)).toBeGreaterThanOrEqual(5);
    expect(fqdn?.closest('details.shape-fold')).not.toBeNull();
    expect(text(root)).not.toContain('are on its page');
    expect(root.querySelectorAll('[data-inline-bounded]')).toHaveLength(0);
  });

  it('brings a referenced type’s description beside the field that names it', async () => {
    const root = await at('azure', 'endpoints/ApplicationGateways_CreateOrUpdate');
    const properties = section(root, 'Request')?.querySelectorAll('.shape').find((s) => text(s.querySelector(':scope > .shape-head .shape-name')) === 'properties');
    expect(text(properties?.querySelector(':scope > .shape-body > .type-description'))).toBe('Properties of Application Gateway');
  });

  it('generates examples to the full depth, none hollow, and writes text/json as the JSON it is', async () => {
    const root = await at('azure', 'endpoints/ApplicationGateways_CreateOrUpdate');
    const examples = root.querySelectorAll('details.example');
    expect(examples.length).toBeGreaterThan(0);
    for (const e of examples) {
      const code = e.querySelector('pre')?.text ?? '';
      expect(code).not.toMatch(/\{\s*\}|\[\s*\]/);
      expect(text(e.querySelector('summary'))).toContain('application/json, text/json');
    }
    expect(examples[0]?.querySelector('pre')?.text).toContain('"fqdn"');
    expect(text(root)).not.toContain('No example in');
  });
});

describe('Twitter v2: addOrDeleteRules', () => {
  it('names "one of" in place, each variant by its type with the type’s description', async () => {
    const root = await at('twitter', 'endpoints/addOrDeleteRules');
    const request = section(root, 'Request');
    const choice = request?.querySelectorAll('.shape-children.shape-variants').at(0);
    expect(text(choice?.querySelector('.shape-of'))).toBe('One of');
    const variants = choice?.querySelectorAll(':scope > .shape') ?? [];
    expect(variants.map((v) => text(v.querySelector('.shape-type a')))).toEqual(['AddRulesRequest', 'DeleteRulesRequest']);
    expect(text(variants[0]?.querySelector('.type-description'))).toBe('A request to add a user-specified stream filtering rule.');
  });

  it('shows a named scalar as `string`, its name linking to its page, with its constraints and description', async () => {
    const root = await at('twitter', 'endpoints/addOrDeleteRules');
    const tag = section(root, 'Request')?.querySelectorAll('.shape-head').find((h) => text(h.querySelector('.shape-name')) === 'tag');
    expect(text(tag?.querySelector('.shape-type'))).toBe('string RuleTag');
    expect(tag?.querySelector('.shape-type a')?.getAttribute('href')).toBe('/resources/RuleTag/');
    const id = section(root, 'Responses')?.querySelectorAll('.shape').find((s) => text(s.querySelector(':scope > .shape-head .shape-name')) === 'id');
    expect(text(id?.querySelector('.constraint'))).toBe('pattern ^[0-9]{1,19}$');
    expect(text(root)).not.toContain('The fields of RuleTag');
  });

  it('shows an error response’s body under its status, with the discriminator of Problem and its mapping', async () => {
    const root = await at('twitter', 'endpoints/addOrDeleteRules');
    const response = root.querySelectorAll('section.response').find((r) => text(r.querySelector('.response-head')) === 'default');
    // The error made from the status alone takes no operation's words (t32 s10 D2): the response's own
    // description stays under its status, and the body sentence names the error by its id.
    expect(text(response)).toContain('The request has failed');
    expect(text(response?.querySelector('.body-carries'))).toMatch(/^The error \S+, with (its body|the body every error carries):/);
    const discriminator = response?.querySelector('.discriminator');
    expect(text(discriminator?.querySelector('code'))).toBe('type');
    const mapping = discriminator?.querySelectorAll('.mapping > div').map((d) => [text(d.querySelector('dt')), d.querySelector('dd a')?.getAttribute('href')]) ?? [];
    expect(mapping).toHaveLength(19);
    expect(mapping).toContainEqual(['https://api.twitter.com/2/problems/duplicate-rules', '/resources/DuplicateRuleProblem/']);
  });

  it('shows the discriminator on the type’s own page', async () => {
    const root = await at('twitter', 'resources/Problem');
    expect(root.querySelectorAll('.discriminator .mapping > div')).toHaveLength(19);
  });

  it('shows its external documentation', async () => {
    const root = await at('twitter', 'endpoints/addOrDeleteRules');
    expect(root.querySelector('.external-docs a')?.getAttribute('href')).toBe('https://developer.twitter.com/en/docs/twitter-api/tweets/filtered-stream/api-reference/post-tweets-search-stream-rules');
  });

  it('says nothing a reader does not need: no default `style form`, no "declares none"', async () => {
    const root = await at('twitter', 'endpoints/addOrDeleteRules');
    const reader = root.querySelectorAll(':scope > *').filter((e) => !e.classList.contains('quiet'));
    expect(reader.map(text).join(' ')).not.toMatch(/\bstyle\b.*\bform\b|declares none/);
    // Still on the page, with the authoring facts.
    expect(text(root.querySelector('details.quiet'))).toMatch(/style.*form/);
  });

  it('lets search find a field name on the operations that take it', async () => {
    const html = await readFile(join(readers.twitter.site, 'endpoints', 'addOrDeleteRules', 'index.html'), 'utf8');
    const root = main(await page(readers.twitter.site, 'endpoints/addOrDeleteRules'));
    const tag = root.querySelectorAll('.shape-name').find((n) => text(n) === 'tag');
    let ignored = false;
    for (let e: HTMLElement | null = tag ?? null; e; e = e.parentNode) if (e.hasAttribute?.('data-pagefind-ignore')) ignored = true;
    expect(tag).toBeDefined();
    expect(ignored).toBe(false);
    expect(html).toContain('data-pagefind-body');
  });
});

describe('the home page and the sidebar', () => {
  it('give the API’s name, description, servers and its operations before the dashboard', async () => {
    const root = await at('twitter', '.');
    expect(text(root.querySelector('h1'))).toBe('Twitter API v2');
    const api = root.querySelector('section.api');
    expect(text(api)).toContain('Twitter API v2 available endpoints');
    expect(api?.querySelectorAll('.servers code').map(text)).toEqual(['https://api.twitter.com']);
    const rules = api?.querySelectorAll('.operation-list li').find((li) => li.querySelector('a')?.getAttribute('href') === '/endpoints/addOrDeleteRules/');
    expect(text(rules)).toBe('POST /2/tweets/search/stream/rules Add/Delete rules');
    const html = root.toString();
    const [before, dashboard] = [api?.toString() ?? '', root.querySelector('table.dashboard')?.toString() ?? ''];
    expect(html.indexOf(before)).toBeGreaterThan(-1);
    expect(html.indexOf(before)).toBeLessThan(html.indexOf(dashboard));
  });

  it('orders the sidebar by what a reader looks for: the endpoints first, empty areas last', async () => {
    const sidebar = (await page(readers.twitter.site, 'endpoints/addOrDeleteRules')).querySelector('#starlight__sidebar');
    const reference = sidebar?.querySelectorAll('details').find((d) => text(d.querySelector('summary')) === 'Reference');
    const areas = reference?.querySelectorAll(':scope > ul > li').map((li) => text(li.querySelector('summary .group-label, a > span'))) ?? [];
    expect(areas[0]).toBe('Endpoints');
    expect(areas.indexOf('Resources')).toBeLessThan(areas.indexOf('States'));
    expect(areas.at(-1)).toBe('States');
  });
});
