import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse, type HTMLElement } from 'node-html-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture, scratchCopy } from '../helpers.ts';

const run = promisify(execFile);

/** Builds the real site for a spec folder into a fresh folder, as `npm run build` does. */
async function build(specDir: string): Promise<{ outDir: string; code: number; output: string }> {
  const outDir = await mkdtemp(join(tmpdir(), 'specbench-site-'));
  try {
    const { stdout, stderr } = await run('npx', ['astro', 'build', '--outDir', outDir], {
      env: { ...process.env, SPEC_DIR: specDir, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { outDir, code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { outDir, code: e.code ?? 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

const page = async (outDir: string, path: string): Promise<HTMLElement> => parse(await readFile(join(outDir, path, 'index.html'), 'utf8'));
const main = (root: HTMLElement) => root.querySelector('main') ?? root;

// One build at a time: Astro keeps its content cache in the project.
let content: string;
let complete: string;
let broken: { code: number; output: string };

beforeAll(async () => {
  content = (await build('content')).outDir;
  complete = (await build(fixture('complete'))).outDir;
  const dir = await scratchCopy(fixture('complete'));
  await writeFile(join(dir, 'endpoints', 'get-order.yaml'), 'method: GET\npath: /orders/{order_id}\nresponses:\n  "200": { resourse: Order }\n');
  broken = await build(dir);
});

describe('the site built from content/', () => {
  it('has a dashboard with the nine areas in order, their coverage and gap counts', async () => {
    const rows = main(await page(content, '.')).querySelectorAll('table.dashboard tbody tr');
    expect(rows.map((r) => r.querySelectorAll('td').map((td) => td.text.trim()).filter((_text, i) => i !== 3))).toEqual([
      ['1', 'Purpose', '0/5 (0%)', '5'],
      ['2', 'Resources', '0/1 (0%)', '1'],
      ['3', 'States', '0/1 (0%)', '1'],
      ['4', 'Endpoints', '0/1 (0%)', '1'],
      ['5', 'Authentication', '0/1 (0%)', '1'],
      ['6', 'Events', '0/4 (0%)', '4'],
      ['7', 'Errors', '0/2 (0%)', '2'],
      ['8', 'Limits', '0/4 (0%)', '4'],
      ['9', 'Versioning', '0/3 (0%)', '3'],
    ]);
    expect(rows[0]?.querySelector('a')?.getAttribute('href')).toBe('/purpose/');
  });

  it('shows every facet of an area page as a gap in place, with its id and question', async () => {
    const facets = main(await page(content, 'purpose')).querySelectorAll('.facet');
    expect(facets.map((f) => f.getAttribute('data-facet'))).toEqual(['purpose/name', 'purpose/base_url', 'purpose/purpose', 'purpose/domain', 'purpose/users']);
    expect(facets.every((f) => f.classList.contains('gap'))).toBe(true);
    expect(facets[1]?.text).toContain('{base_url}');
    expect(facets[1]?.querySelector('.question')?.text.trim()).toBe('purpose/base_url What is the concrete base address of the service?');
  });

  it('lists all 22 gaps on the gaps page, grouped by area', async () => {
    const root = main(await page(content, 'gaps'));
    expect(root.querySelectorAll('.facet.gap')).toHaveLength(22);
    expect(root.querySelectorAll('section[data-area]').map((s) => [s.getAttribute('data-area'), s.querySelectorAll('.facet').length])).toEqual([
      ['purpose', 5], ['resources', 1], ['states', 1], ['endpoints', 1], ['authentication', 1], ['events', 4], ['errors', 2], ['limits', 4], ['versioning', 3],
    ]);
  });
});

describe('the site built from the complete fixture (SPEC_DIR)', () => {
  it('says there are no gaps', async () => {
    expect(main(await page(complete, '.')).text).toContain('No open gaps: every facet is stated.');
    expect(main(await page(complete, 'gaps')).querySelectorAll('.facet')).toHaveLength(0);
  });

  it('shows every item with its stated facets', async () => {
    const root = main(await page(complete, 'endpoints'));
    expect(root.querySelectorAll('section.item').map((s) => s.getAttribute('data-item'))).toEqual(['cancel-order', 'create-order', 'get-order', 'place-order']);
    const get = root.querySelector('section[data-item="get-order"]');
    const facet = (id: string) => {
      const el = get?.querySelector(`[data-facet="${id}"]`);
      return [el?.querySelector('dt')?.text.replace(/\s+/g, ' ').trim(), el?.querySelector('dd')?.text.trim()];
    };
    expect(facet('endpoints/get-order/method')).toEqual(['method stated', 'GET']);
    expect(facet('endpoints/get-order/path')).toEqual(['path shape stated', '/orders/{order_id}']);
    expect(get?.querySelector('[data-facet="endpoints/get-order/request"]')).toBeNull();
    const resources = main(await page(complete, 'resources'));
    expect(resources.querySelector('[data-facet="resources/Order/fields/status/allowed"]')?.text).toContain('draft, placed, cancelled, shipped');
  });
});

describe('links on the site', () => {
  it('renders prose links to items', async () => {
    const link = main(await page(complete, 'purpose')).querySelector('[data-facet="purpose/purpose"] .prose a');
    expect([link?.text, link?.getAttribute('href')]).toEqual(['Order', '/resources/#item-Order']);
  });

  it('lists what an item links to and what links to it', async () => {
    const order = main(await page(complete, 'resources')).querySelector('section[data-item="Order"]');
    const from = order?.querySelector('.linked-from')?.querySelectorAll('a').map((a) => a.text);
    expect(from).toEqual(expect.arrayContaining(['Create an order', 'Get an order', 'Order lifecycle', 'Order placed']));
    const get = main(await page(complete, 'endpoints')).querySelector('section[data-item="get-order"] .links');
    expect(get?.querySelectorAll('a').map((a) => a.getAttribute('href'))).toEqual(
      expect.arrayContaining(['/resources/#item-Order', '/errors/#item-order_not_found', '/authentication/#item-oauth2', '/limits/#item-default-rate']),
    );
  });
});

describe('a spec with errors', () => {
  it('fails the build with the located diagnostic', () => {
    expect(broken.code).not.toBe(0);
    expect(broken.output).toMatch(/endpoints\/get-order\.yaml:4:\d+ error unknown-key Unknown key `resourse`.*did you mean `resource`\?/);
    expect(broken.output).not.toMatch(/^\s+at .*\.(ts|js|mjs):\d+:\d+\)?$/m);
  });
});
