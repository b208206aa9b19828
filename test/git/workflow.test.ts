import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { historyChartSvg, readGapHistory } from '../../src/lib/index.ts';
import { cli } from '../helpers.ts';
import { copyContent, makeRepo } from './repo.ts';

let repo: Awaited<ReturnType<typeof makeRepo>>;
const shas: string[] = [];

// Three commits that fill in gaps, then a fourth on a branch that breaks clients.
beforeAll(async () => {
  repo = await makeRepo();
  await copyContent(repo.root);
  shas.push(await repo.commit('The empty spec', {}));
  shas.push(
    await repo.commit('Name the service, list the orders resource', {
      'spec/purpose/_area.yaml': 'name: Orders\nbase_url: "{base_url}"\npurpose: Takes orders.\ndomain: { open: true }\nusers: [Shops]\n',
      'spec/resources/Order.yaml': 'fields:\n  id: { type: string, required: true }\n  status: { type: string, required: false, allowed: [draft, placed, shipped] }\n',
    }),
  );
  shas.push(
    await repo.commit('Orders lifecycle and quotas', {
      'spec/resources/_area.yaml': 'inventory: complete\n',
      'spec/states/order-status.yaml': 'resource: Order\nfield: status\nstates:\n  draft: { initial: true }\n  placed: {}\n  shipped: {}\ntransitions:\n  - { from: draft, to: placed, trigger: { condition: paid } }\n  - { from: placed, to: shipped, trigger: { condition: sent } }\n',
      'spec/limits/_area.yaml': 'quotas: complete\nsize_bounds: { none: No size limit. }\ntimeouts: { none: No time-out. }\nheaders: [RateLimit]\n',
      'spec/limits/default.yaml': 'kind: quota\nquota: 100\nwindow: PT1M\n',
    }),
  );
  repo.git('checkout', '-q', '-b', 'feature');
  shas.push(
    await repo.commit('Tighten orders', {
      'spec/resources/Order.yaml': 'fields:\n  id: { type: integer, required: true }\n  status: { type: string, required: true, allowed: [draft, placed] }\n',
      'spec/states/order-status.yaml': 'resource: Order\nfield: status\nstates:\n  draft: { initial: true }\n  placed: {}\ntransitions:\n  - { from: draft, to: placed, trigger: { condition: paid } }\n',
      'spec/limits/default.yaml': 'kind: quota\nquota: 100\nwindow: PT1H\n',
      'spec/errors/gone.yaml': 'status: 410\n',
    }),
  );
});

const diff = async (...args: string[]) => {
  const { code, out, err } = await cli(['diff', '--spec', join(repo.root, 'spec'), '--format', 'json', ...args]);
  expect(err).toBe('');
  return { code, json: JSON.parse(out) };
};

describe('diff', () => {
  it('lists the gaps a change closes and opens, by stable id and area', async () => {
    const { json } = await diff('--base', shas[0] ?? '', '--head', shas[2] ?? '');
    expect(json.gapsClosed.map((g: { id: string }) => g.id)).toEqual([
      'purpose/name',
      'purpose/purpose',
      'purpose/users',
      'resources/inventory',
      'limits/quotas',
      'limits/size_bounds',
      'limits/timeouts',
      'limits/headers',
    ]);
    expect(json.gapsOpened.map((g: { id: string }) => g.id)).toEqual([]);
    expect(json.itemsAdded).toEqual(['resources/Order', 'states/order-status', 'limits/default']);
    expect(json.gapCount).toEqual({ before: 22, after: 14 });
    expect(json.breaking).toEqual([]);
  });

  it('names the changes that break clients', async () => {
    const { json, code } = await diff('--base', shas[2] ?? '', '--head', shas[3] ?? '', '--fail-on-breaking');
    expect(json.breaking.map((b: { message: string }) => b.message)).toEqual([
      'Field `id` of `Order` changed type from `string` to `integer`.',
      'Field `status` of `Order` made required.',
      'Allowed values of `Order.status` narrowed: `shipped` no longer allowed.',
      'State `shipped` of `order-status` removed.',
      'Transition `placed->shipped` of `order-status` removed.',
      'Quota `default` lowered from 100 per PT1M to 100 per PT1H.',
    ]);
    expect(json.itemsChanged).toEqual(['resources/Order', 'states/order-status', 'limits/default']);
    expect(json.itemsAdded).toEqual(['errors/gone']);
    expect(json.gapsOpened.map((g: { id: string }) => g.id)).toEqual([]);
    expect(code).toBe(1);
  });

  it('by default compares the merge base with main against the working tree, as Markdown', async () => {
    const { code, out } = await cli(['diff', '--spec', join(repo.root, 'spec')]);
    expect(code).toBe(0);
    expect(out.startsWith('<!-- specbench-diff -->\n## Spec changes\n')).toBe(true);
    expect(out).toContain(`Comparing \`${shas[2]?.slice(0, 12)}\` with the working tree: 0 gaps closed, 0 opened (14 → 14 open).`);
    expect(out).toContain('### Breaking changes (6)');
    expect(out).toContain('- Added `errors/gone`');
  });

  it('says what is wrong with a bad revision, without a stack trace', async () => {
    const { code, err } = await cli(['diff', '--spec', join(repo.root, 'spec'), '--base', 'no-such-rev']);
    expect(code).toBe(2);
    expect(err).toBe('specbench: unknown revision `no-such-rev`\n');
  });
});

describe('diff and readiness levels', () => {
  let levels: Awaited<ReturnType<typeof makeRepo>>;
  const commits: string[] = [];
  beforeAll(async () => {
    levels = await makeRepo();
    await copyContent(levels.root);
    commits.push(await levels.commit('The empty spec, with two levels', { 'spec/specbench.yaml': 'levels:\n  - name: named\n    close: [purpose/name, purpose/purpose]\n  - name: everything\n    close: ["**"]\n' }));
    commits.push(await levels.commit('Name the service', { 'spec/purpose/_area.yaml': 'name: Orders\nbase_url: "{base_url}"\npurpose: Takes orders.\ndomain: { open: true }\nusers: { open: true }\n' }));
  });
  const run = (base: string, head: string, format = 'markdown') => cli(['diff', '--spec', join(levels.root, 'spec'), '--base', base, '--head', head, '--format', format]);

  it('says when a change reaches a level, and what stands before the next', async () => {
    const { code, out } = await run(commits[0] ?? '', commits[1] ?? '');
    expect(code).toBe(0);
    expect(out).toContain('**This change reaches level named** (before: no level reached yet).');
    expect(out).toContain('Readiness: level named reached; 20 gaps stand between it and everything: `purpose/base_url`, `purpose/domain`, ');
    const json = JSON.parse((await run(commits[0] ?? '', commits[1] ?? '', 'json')).out);
    expect(json.readiness.change).toBe('reaches');
    expect(json.readiness.before).toEqual({ reached: null, next: { name: 'named', blocking: ['purpose/name', 'purpose/purpose'] } });
    expect(json.readiness.after.reached).toBe('named');
    expect(json.readiness.after.next.blocking).toHaveLength(20);
  });

  it('says when a change drops below a level', async () => {
    const { out } = await run(commits[1] ?? '', commits[0] ?? '');
    expect(out).toContain('**This change drops below level named**: no level reached yet now.');
    expect(out).toContain('Readiness: no level reached yet; 2 gaps stand between the spec and named: `purpose/name`, `purpose/purpose`.');
  });

  it('says nothing of reaching when the level stays the same', async () => {
    const { out } = await run(commits[1] ?? '', commits[1] ?? '');
    expect(out).not.toContain('This change');
    expect(out).toContain('Readiness: level named reached; ');
  });
});

describe('history', () => {
  it('counts open gaps per area at each commit, oldest first', async () => {
    repo.git('checkout', '-q', 'main');
    const history = await readGapHistory(join(repo.root, 'spec'));
    expect(history.points.map((p) => [p.sha, p.total, p.gaps.purpose, p.gaps.resources, p.gaps.limits])).toEqual([
      [shas[0], 22, 5, 1, 4],
      [shas[1], 19, 2, 1, 4],
      [shas[2], 14, 2, 0, 0],
    ]);
    expect(history.note).toBe('3 commits, every commit that touched the spec.');
    const json = JSON.parse((await cli(['history', '--spec', join(repo.root, 'spec'), '--format', 'json'])).out);
    expect(json.points.map((p: { total: number }) => p.total)).toEqual([22, 19, 14]);
  });

  it('draws the history as an SVG line chart: all areas and each area', async () => {
    const svg = parse(historyChartSvg(await readGapHistory(join(repo.root, 'spec'))) ?? '');
    const lines = svg.querySelectorAll('polyline');
    expect(lines).toHaveLength(10);
    expect(lines.every((l) => (l.getAttribute('points') ?? '').split(' ').length === 3)).toBe(true);
    expect(svg.querySelector('svg')?.getAttribute('aria-label')).toBe(`Open gaps over 3 commits: 22 at ${shas[0]?.slice(0, 7)}, 14 at ${shas[2]?.slice(0, 7)}.`);
  });

  it('says how far back a shallow clone could see', async () => {
    const clone = await mkdtemp(join(tmpdir(), 'specbench-shallow-'));
    execFileSync('git', ['clone', '-q', '--depth', '2', `file://${repo.root}`, clone]);
    const history = await readGapHistory(join(clone, 'spec'));
    expect(history.points.map((p) => p.total)).toEqual([19, 14]);
    expect(history.note).toBe(`2 commits, a shallow clone: history starts at ${shas[1]?.slice(0, 7)} (2026-01-02); older commits were not fetched.`);
  });

  it('works on a repository with no history, and outside any repository', async () => {
    const fresh = await makeRepo();
    await copyContent(fresh.root);
    expect(await readGapHistory(join(fresh.root, 'spec'))).toEqual({ points: [], note: 'No commit has touched the spec yet.' });
    const outside = await mkdtemp(join(tmpdir(), 'specbench-nogit-'));
    expect(await readGapHistory(outside)).toEqual({ points: [], note: 'Not in a git repository: no history.' });
    expect(historyChartSvg({ points: [], note: '' })).toBeUndefined();
  });

  it('prints a table on the command line', async () => {
    const { out } = await cli(['history', '--spec', join(repo.root, 'spec')]);
    // Every column keeps its area's full name; the numbers sit under it.
    expect(out.split('\n')[0]).toBe('commit  date       total purpose resources states endpoints authentication events errors limits versioning');
    expect(out.split('\n')[3]).toBe(`${shas[2]?.slice(0, 7)} 2026-01-03    14       2         0      1         1              1      4      2      0          3`);
    expect(await readFile(join(repo.root, 'spec', 'purpose', '_area.yaml'), 'utf8')).toContain('name: Orders');
  });
});
