// Issue 34, what the t34g tester found, on the built site: the print version in parts counts the
// items a change removes like the others (no page holds more than SPECBENCH_PRINT_ITEMS, each
// header counts right, a part that shows no change is as without compare); a name holding a
// backtick stays one code span on the Changes page and the item's page; the Changes page lists the
// path parameters renamed and a closed gap's id before, as `diff --format json` does. A git fixture
// (the complete example; its head renames two endpoints, one with its path parameter, closes a gap
// on the other, retypes a query parameter named ``q`x`y``, removes three items) built with
// `compare` at its base and without, both in parts of two items.
import { cp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { HTMLElement } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRepo } from '../git/repo.ts';
import { cli, fixture } from '../helpers.ts';
import { buildSite } from './build.ts';
import { brokenLinks, htmlFiles, main, page } from './read.ts';

/** Two items to a page: the endpoints' four items make two parts, the two it removes a third. */
const PARTS = { SPECBENCH_PRINT_ITEMS: '2' };
const QUERY = 'q`x`y';

let repo: Awaited<ReturnType<typeof makeRepo>>;
let compared: string;
let plain: string;
let diff: {
  gapsClosed: Array<{ id: string; was?: string }>;
  itemsRemoved: string[];
  parametersRenamed: Array<{ item: string; message: string }>;
  breaking: Array<{ item: string; message: string }>;
};

/** A fixture file's text with each edit made; each `from` must be there exactly once. */
async function text(path: string, ...edits: ReadonlyArray<[from: string, to: string]>): Promise<string> {
  let out = await readFile(join(fixture('complete'), path), 'utf8');
  for (const [from, to] of edits) {
    if (out.split(from).length !== 2) throw new Error(`${path} holds ${JSON.stringify(from)} ${out.split(from).length - 1} times`);
    out = out.replace(from, to);
  }
  return out;
}

const cancel = (description: string, type: string) =>
  text('endpoints/cancel-order.yaml', ['request: { none: No body. }', `request: { none: No body. }\ndescription: ${description}`], ['    order_id: { type: string, required: true }\n', `    order_id: { type: string, required: true }\n  query:\n    ${JSON.stringify(QUERY)}: { type: ${type} }\n`]);

beforeAll(async () => {
  repo = await makeRepo();
  await cp(fixture('complete'), join(repo.root, 'spec'), { recursive: true });
  await repo.commit('base', { 'spec/endpoints/cancel-order.yaml': await cancel('{ open: "Refund?" }', 'string') });
  await repo.commit('head', {
    'spec/endpoints/cancel-order.yaml': null,
    'spec/endpoints/abort-order.yaml': await cancel('No refund.', 'integer'),
    'spec/states/order-status.yaml': await text('states/order-status.yaml', ['endpoint: cancel-order', 'endpoint: abort-order']),
    'spec/endpoints/get-order.yaml': null,
    'spec/endpoints/fetch-order.yaml': await text('endpoints/get-order.yaml', ['/orders/{order_id}', '/orders/{id}'], ['    order_id: {', '    id: {']),
    'spec/endpoints/create-order.yaml': null,
    'spec/endpoints/list-order-lines.yaml': null,
    'spec/limits/request-size.yaml': null,
  });
  const spec = join(repo.root, 'spec');
  const [withCompare, without] = [await buildSite(spec, { SPEC_COMPARE: 'HEAD~1', ...PARTS }), await buildSite(spec, PARTS)];
  if (withCompare.code !== 0) throw new Error(`the compared build failed:\n${withCompare.output}`);
  if (without.code !== 0) throw new Error(`the plain build failed:\n${without.output}`);
  [compared, plain] = [withCompare.outDir, without.outDir];
  const run = await cli(['diff', '--spec', spec, '--base', 'HEAD~1', '--format', 'json']);
  expect(run.code, run.err).toBe(0);
  diff = JSON.parse(run.out);
});
afterAll(async () => {
  if (repo) await rm(repo.root, { recursive: true, force: true });
  for (const dir of [compared, plain]) if (dir) await rm(dir, { recursive: true, force: true });
});

const words = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
const printPages = async (root: string) => (await htmlFiles(root)).filter((f) => f.startsWith('print/'));
const at = (file: string) => file.replace(/\/?index\.html$/, '');
/** The items a page of the print version prints, `area/item`. */
const printed = (root: HTMLElement) => root.querySelectorAll('section.item').map((s) => `${s.closest('section.area')?.getAttribute('data-area') ?? ''}/${s.getAttribute('data-item') ?? ''}`);
/** What a part says it shows, after its coverage. */
const header = (root: HTMLElement) => /Items .*$/.exec(words(root.querySelector('p')?.text))?.[0];

describe('the print version in parts counts the items a change removes (t34g repro-01)', () => {
  it('holds at most the limit on every page, each removed item once, marked removed, after its area’s own', async () => {
    expect(diff.itemsRemoved.sort()).toEqual(['endpoints/create-order', 'endpoints/list-order-lines', 'limits/request-size']);
    const seen: string[] = [];
    for (const file of await printPages(compared)) {
      if (file === 'print/index.html') continue;
      const items = printed(main(await page(compared, at(file))));
      expect(items.length, file).toBeLessThanOrEqual(2);
      seen.push(...items);
    }
    expect(seen.filter((k) => diff.itemsRemoved.includes(k)).sort()).toEqual(diff.itemsRemoved.sort());
    expect(seen.filter((k, i) => seen.indexOf(k) !== i)).toEqual([]);
    const third = main(await page(compared, 'print/endpoints/3'));
    expect(printed(third)).toEqual(['endpoints/create-order', 'endpoints/list-order-lines']);
    expect(third.querySelectorAll('section.item [data-change-status]').map((s) => s.getAttribute('data-change-status'))).toEqual(['removed', 'removed']);
  });

  it('counts right in each header and title, the removed items apart', async () => {
    const title = async (path: string) => words((await page(compared, path)).querySelector('h1')?.text);
    expect(header(main(await page(compared, 'print/endpoints')))).toBe('Items 1 to 2 of 4.');
    expect(header(main(await page(compared, 'print/endpoints/2')))).toBe('Items 3 to 4 of 4.');
    expect(header(main(await page(compared, 'print/endpoints/3')))).toBe('Items 1 to 2 of the 2 items this change removes.');
    expect(await title('print/endpoints/2')).toMatch(/Endpoints, part 2 of 2$/);
    expect(await title('print/endpoints/3')).toMatch(/Endpoints, items this change removes$/);
    // An area of one item and one removed: one page, which says both.
    expect(printed(main(await page(compared, 'print/limits')))).toEqual(['limits/default-rate', 'limits/request-size']);
    expect(header(main(await page(compared, 'print/limits')))).toBe('Items 1 to 1 of 1, then 1 to 1 of the 1 item this change removes.');
    // The index links the part of removed items, and says so.
    const listed = main(await page(compared, 'print')).querySelector('li[data-area="endpoints"]');
    expect(listed?.querySelectorAll('a').map((a) => a.getAttribute('href'))).toEqual(['/print/endpoints/', '/print/endpoints/', '/print/endpoints/2/', '/print/endpoints/3/']);
    expect(words(listed?.text)).toBe('Endpoints (4 endpoints) parts: 1, 2, 3 (items this change removes)');
  });

  it('leaves a part that shows no change byte for byte as without compare, and every link resolves', async () => {
    const untouched: string[] = [];
    for (const file of await printPages(plain)) {
      const [withCompare, without] = await Promise.all([readFile(join(compared, file), 'utf8'), readFile(join(plain, file), 'utf8')]);
      if (withCompare.includes('data-change') || file === 'print/index.html') continue;
      untouched.push(file);
      expect(withCompare, file).toBe(without);
    }
    expect(untouched).toContain('print/endpoints/2/index.html');
    expect(await brokenLinks(compared)).toEqual([]);
  });
});

describe('a name that holds a backtick is one code span (t34g repro-02)', () => {
  it('on the Changes page and on the item’s page', async () => {
    const message = 'Type of query parameter ``q`x`y`` of `abort-order` (was `cancel-order`) changed from `string` to `integer`.';
    expect(diff.breaking.map((b) => b.message)).toContain(message);
    const li = main(await page(compared, 'changes')).querySelectorAll('[data-breaking-item="endpoints/abort-order"]').find((l) => l.text.includes('Type of query parameter'));
    expect(li?.querySelectorAll('code').map((c) => c.text)).toEqual(['endpoints/abort-order', QUERY, 'abort-order', 'cancel-order', 'string', 'integer']);
    const flagged = main(await page(compared, 'endpoints/abort-order')).querySelectorAll('[data-breaking]').filter((b) => b.text.includes('Type of query parameter'));
    expect(flagged.length).toBeGreaterThan(0);
    for (const b of flagged) expect(b.querySelectorAll('code').map((c) => c.text)).toContain(QUERY);
  });
});

describe('the Changes page lists what `diff` lists (t34g repro-03)', () => {
  it('a path parameter renamed, under its item, linking to its mark', async () => {
    const root = main(await page(compared, 'changes'));
    expect(diff.parametersRenamed.map((r) => r.item)).toEqual(['endpoints/fetch-order']);
    const listed = root.querySelectorAll('[data-parameter-renamed]');
    expect(listed.map((l) => [l.getAttribute('data-parameter-renamed'), words(l.text)])).toEqual([['endpoints/fetch-order', 'Path parameter order_id of fetch-order renamed to id: the path keeps its shape (/orders/{id}), so no client breaks.']]);
    expect(listed[0]?.closest('li[data-item="renamed"]')?.getAttribute('data-key')).toBe('endpoints/fetch-order');
    expect(listed[0]?.querySelector('a')?.getAttribute('href')).toBe('/endpoints/fetch-order/#change-f-endpoints/fetch-order/path');
  });

  it('a gap closed on a renamed item with its id before', async () => {
    const root = main(await page(compared, 'changes'));
    const was = diff.gapsClosed.filter((g) => g.was !== undefined);
    expect(was.map((g) => [g.id, g.was])).toContainEqual(['endpoints/abort-order/description', 'endpoints/cancel-order/description']);
    for (const g of diff.gapsClosed) {
      const li = root.querySelectorAll('[data-gap="closed"]').find((l) => l.getAttribute('data-id') === g.id);
      const said = /\(was (\S+)\)/.exec(words(li?.text))?.[1];
      expect(said, g.id).toBe(g.was);
    }
  });
});
