import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { parse } from 'node-html-parser';
import { describe, expect, inject, it } from 'vitest';
import { curlOption, HOSTILE, runCurl, runFetch } from '../lib/render/run-sample.ts';
import { htmlFiles, main, page } from './read.ts';

const sites = inject('sites');
const { complete, hostile } = sites;
const text = (el: { text: string } | null | undefined) => el?.text.replace(/\s+/g, ' ').trim();

describe('bodies in place (the complete fixture)', () => {
  it('show a response’s resource as its field tree on the endpoint’s page, linked to its own page, with no anchors of its own', async () => {
    const response = main(await page(complete, 'endpoints/get-order')).querySelector('.response');
    expect(response?.querySelector('.body-carries a')?.getAttribute('href')).toBe('/resources/Order/');
    const tree = response?.querySelector('.inline-tree');
    expect(tree?.getAttribute('id')).toBe('endpoints/get-order/t1');
    const top = tree?.querySelector('.shape-fields')?.childNodes.filter((n) => 'classList' in n && (n as { classList: DOMTokenList }).classList.contains('shape'));
    // A response leaves out what is never returned: the write-only `notes`, named under the fields.
    expect(top?.map((s) => text(parse(s.toString()).querySelector('.shape-name')))).toEqual(['id', 'status', 'total', 'paid', 'created_at', 'currency', 'priority', 'discount', 'legacy_ref', 'lines', 'labels', 'metadata', 'payment', 'delivery_window']);
    expect(text(tree?.querySelector('.shape-fields > .left-out'))).toBe('Write-only, not returned: notes');
    // What the resource's page says of a field, here too: type, format, required, flags, description, allowed values, default.
    const status = tree?.querySelectorAll('.shape').find((s) => text(s.querySelector('.shape-name')) === 'status');
    expect(text(status?.querySelector('.shape-head'))).toBe('status string required');
    expect(status?.querySelectorAll('.shape-body > *').map((e) => text(e))).toEqual(['Where the order is in its lifecycle.', 'Allowed: draft placed cancelled shipped', 'Default: draft']);
    // Nothing in it has an anchor of its own page (theirs are the trees' places on this page): its own page has them.
    // (t2 is the 404 response's Problem, the error's body shown in place, at the same level as Order.)
    expect(tree?.querySelectorAll('[id]').map((e) => e.getAttribute('id'))).toEqual(['endpoints/get-order/t3', 'endpoints/get-order/t4', 'endpoints/get-order/t5']);
    expect(tree?.querySelectorAll('[data-shape]')).toHaveLength(0);
    // A field of a resource's type: that resource in place; the third level folded.
    const payment = tree?.querySelectorAll('.shape').find((s) => text(s.querySelector('.shape-name')) === 'payment');
    expect(payment?.querySelectorAll('.inline-tree').map((t) => t.getAttribute('data-inline'))).toEqual(['resources/Payment', 'resources/Card', 'resources/BankTransfer']);
    expect(payment?.querySelectorAll('details.shape-fold').map((d) => [text(d.querySelector('summary')), d.hasAttribute('open')])).toEqual([
      ['Fields (2) · 2 required', false],
      ['Fields (2) · 2 required', false],
    ]);
  });

  it('link every other place a page names a resource to where it shows it', async () => {
    // Two error responses carry the errors area's Problem: shown once, linked from the other.
    const root = main(await page(complete, 'endpoints/cancel-order'));
    expect(root.querySelectorAll('.inline-tree').filter((t) => t.getAttribute('data-inline') === 'resources/Problem')).toHaveLength(1);
    const again = root.querySelector('[data-inline-repeat="resources/Problem"] a');
    expect([text(again), again?.getAttribute('href')]).toEqual(['as shown elsewhere on this page', '#endpoints/cancel-order/t2']);
  });
});

describe('examples (the complete fixture)', () => {
  it('give a body that is JSON or XML an example in each, marked as generated', async () => {
    const examples = main(await page(complete, 'endpoints/get-order')).querySelectorAll('.response')[0]?.querySelectorAll('details.example');
    expect(examples?.map((e) => [text(e.querySelector('summary')), e.getAttribute('data-media')])).toEqual([
      ['Example application/json generated', 'application/json'],
      ['Example application/xml generated', 'application/xml'],
    ]);
    const json = JSON.parse(examples?.[0]?.querySelector('pre')?.text ?? 'null');
    const xml = new XMLParser({ isArray: (_name, path) => ['Order.lines', 'Order.labels'].includes(String(path)) }).parse(examples?.[1]?.querySelector('pre')?.text ?? '');
    expect(xml.Order.lines).toEqual(json.lines);
    expect(xml.Order.status).toBe(json.status);
    expect(main(await page(complete, 'endpoints/get-order')).text).not.toContain('stated enough');
  });

  it('show a stated example as it is, a named one with its name and summary, open', async () => {
    const root = main(await page(complete, 'endpoints/create-order'));
    const created = root.querySelectorAll('.response')[0]?.querySelectorAll('details.example');
    expect(created?.map((e) => [text(e.querySelector('summary')), e.hasAttribute('open')])).toEqual([['Example drafted: A draft of one line', true]]);
    const json = root.querySelectorAll('.media-body')[0]?.querySelectorAll('details.example');
    expect(json?.map((e) => [text(e.querySelector('summary')), e.getAttribute('data-facet')])).toEqual([['Example application/json', 'endpoints/create-order/request/content/application~1json/example']]);
  });
});

describe('code samples', () => {
  it('come in eight languages in tabs that share one sync key, the first open', async () => {
    const samples = main(await page(complete, 'endpoints/get-order')).querySelector('section.samples');
    expect(samples?.querySelector('starlight-tabs')?.getAttribute('data-sync-key')).toBe('specbench-code-sample');
    expect(samples?.querySelectorAll('[role="tab"]').map((t) => text(t))).toEqual(['cURL', 'JavaScript', 'Python', 'Go', 'Java', 'C#', 'Ruby', 'PHP']);
    const panels = samples?.querySelectorAll('[role="tabpanel"]') ?? [];
    expect(panels.map((p) => p.hasAttribute('hidden'))).toEqual([false, true, true, true, true, true, true, true]);
    expect(panels[0]?.querySelector('pre')?.text).toBe("curl 'https://api.example.com/v1/orders/{order_id}' \\\n  --globoff \\\n  --header 'Authorization: Bearer <token>'");
    expect(samples?.querySelectorAll('.note').map((n) => text(n))).toEqual(['Fill in {order_id} in the URL: the spec states no example of this path parameter.']);
  });

  it('of hostile values, read back from the page, run under bash and in JavaScript sending them exactly, running nothing', async () => {
    const panels = main(await page(hostile, 'endpoints/create-order')).querySelectorAll('section.samples [role="tabpanel"]');
    const code = (i: number) => panels[i]?.querySelector('pre')?.text ?? '';
    const example = { note: HOSTILE, 'key\'"$(touch pwned)': [1, true, null] };
    const curl = await runCurl(code(0));
    expect(curl.ran).toBe(false);
    expect(JSON.parse(curlOption(curl.args, '--data')[0] ?? 'null')).toEqual(example);
    const js = await runFetch(code(1));
    expect(js.ran).toBe(false);
    expect(JSON.parse(js.body ?? 'null')).toEqual(example);
    expect(js.url).toBe(curl.args[0]);
    expect(js.url).toBe('{base_url}/orders/%27%24%28touch%20pwned%29%27/{order_id}?reason={reason}');
  });
});

describe('ids', () => {
  it.each(Object.entries(sites))('are unique on every page of %s, print pages included', async (_name, outDir) => {
    const repeated: string[] = [];
    for (const file of await htmlFiles(outDir)) {
      const ids = parse(await readFile(join(outDir, file), 'utf8')).querySelectorAll('[id]').map((e) => e.id);
      const seen = new Set<string>();
      for (const id of ids) if (seen.has(id) || !seen.add(id)) repeated.push(`${file}: ${id}`);
    }
    expect(repeated).toEqual([]);
  });
});

describe('the print version (the complete fixture)', () => {
  it('opens every fold, links resources to their own sections of the print version (not out of it), shows one sample per endpoint without tabs, and scopes each item’s headings', async () => {
    const root = main(await page(complete, 'print'));
    const folds = root.querySelectorAll('details.shape-fold');
    expect(folds.length).toBeGreaterThan(0);
    expect(folds.every((d) => d.hasAttribute('open'))).toBe(true);
    expect(root.querySelectorAll('.inline-tree')).toHaveLength(0);
    const order = root.querySelector('section.item[data-item="get-order"] [data-inline-bounded="resources/Order"] a');
    expect(order?.getAttribute('href')).toBe('/print/#resources-Order');
    expect(root.querySelector('[id="resources-Order"]')).not.toBeNull();
    expect(root.querySelectorAll('starlight-tabs')).toHaveLength(0);
    expect(root.querySelectorAll('section.samples pre.sample-code')).toHaveLength(6);
    // Under the item's h3, its sections are h4 (an item's page has them at h2 under its h1).
    expect(root.querySelector('section.item[data-item="get-order"] section.samples h4')?.getAttribute('id')).toBe('endpoints/get-order/ref-code-samples');
  });
});
