import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { SyntaxValidator } from 'fast-xml-validator';
import { parse } from 'node-html-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { changelogAtom, changelogEntryId, historyChartSvg, readGapHistory, readSpecHistory } from '../../src/lib/index.ts';
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

describe('changelog', () => {
  // A commit on top of 'Tighten orders' whose subject tries to break out of HTML and XML.
  const HOSTILE = 'Drop <script>alert("x")</script> & gone ]]> ]]> \u001b[31m';
  beforeAll(async () => {
    repo.git('checkout', '-q', 'feature');
    repo.git('checkout', '-q', '-b', 'hostile');
    shas.push(
      await repo.commit(HOSTILE, {
        'spec/purpose/_area.yaml': 'name: Orders\nbase_url: "{base_url}"\npurpose: Takes orders.\ndomain: { open: true }\n',
        'spec/errors/gone.yaml': null,
      }),
    );
  });
  const ids = (c: { shown: Array<{ id: string }> }) => c.shown.map((g) => g.id);
  const spec = () => join(repo.root, 'spec');

  it('lists each commit that touched the spec, newest first, with what it changed', async () => {
    const { changelog, history } = await readSpecHistory(spec());
    const [hostile, tighten, lifecycle, named, empty] = changelog.entries;
    expect(changelog.entries.map((e) => [e.sha, e.subject, e.date, e.base])).toEqual([
      [shas[4], HOSTILE, '2026-01-05T12:00:00+00:00', 'previous'],
      [shas[3], 'Tighten orders', '2026-01-04T12:00:00+00:00', 'previous'],
      [shas[2], 'Orders lifecycle and quotas', '2026-01-03T12:00:00+00:00', 'previous'],
      [shas[1], 'Name the service, list the orders resource', '2026-01-02T12:00:00+00:00', 'previous'],
      // The repository's first commit: compared with no spec at all.
      [shas[0], 'The empty spec', '2026-01-01T12:00:00+00:00', 'empty'],
    ]);
    // The one walk feeds the chart too: the same commits, the same note.
    expect(history.points.map((p) => p.sha).reverse()).toEqual(changelog.entries.map((e) => e.sha));
    expect(changelog.note).toBe(history.note);
    expect(changelog.note).toBe('5 commits, every commit that touched the spec.');

    expect(tighten?.changes?.breaking.shown.map((b) => [b.item, b.message])).toEqual([
      ['resources/Order', 'Field `id` of `Order` changed type from `string` to `integer`.'],
      ['resources/Order', 'Field `status` of `Order` made required.'],
      ['resources/Order', 'Allowed values of `Order.status` narrowed: `shipped` no longer allowed.'],
      ['states/order-status', 'State `shipped` of `order-status` removed.'],
      ['states/order-status', 'Transition `placed->shipped` of `order-status` removed.'],
      ['limits/default', 'Quota `default` lowered from 100 per PT1M to 100 per PT1H.'],
    ]);
    expect(tighten?.changes?.itemsChanged).toEqual({ shown: ['resources/Order', 'states/order-status', 'limits/default'], total: 3 });
    expect(tighten?.changes?.itemsAdded).toEqual({ shown: ['errors/gone'], total: 1 });
    expect(tighten?.changes?.gapsOpened.total).toBe(tighten?.changes?.gapsOpened.shown.length);

    expect(ids(lifecycle?.changes?.gapsClosed ?? { shown: [] })).toEqual(['resources/inventory', 'limits/quotas', 'limits/size_bounds', 'limits/timeouts', 'limits/headers']);
    expect(lifecycle?.changes?.itemsAdded.shown).toEqual(['states/order-status', 'limits/default']);
    expect(lifecycle?.changes?.breaking.total).toBe(0);
    expect(ids(named?.changes?.gapsClosed ?? { shown: [] })).toEqual(['purpose/name', 'purpose/purpose', 'purpose/users']);
    expect(named?.changes?.itemsAdded.shown).toEqual(['resources/Order']);
    expect([named?.changes?.gapsBefore, named?.gaps]).toEqual([22, 19]);

    // Dropping `users` opens its gap again; removing an item is listed as removed.
    expect(ids(hostile?.changes?.gapsOpened ?? { shown: [] })).toEqual(['purpose/users']);
    expect(hostile?.changes?.gapsOpened.shown[0]?.label).toBe('users');
    expect(hostile?.changes?.itemsRemoved).toEqual({ shown: ['errors/gone'], total: 1 });
    // The empty spec against no spec: the same 22 gaps, nine area files written.
    expect([empty?.changes?.gapsBefore, empty?.gaps, empty?.changes?.gapsOpened.total, empty?.changes?.areasChanged.length]).toEqual([22, 22, 0, 9]);
  });

  it('agrees with `specbench diff` between each commit and the one before', async () => {
    const { changelog } = await readSpecHistory(spec());
    for (const [i, entry] of changelog.entries.slice(0, -1).entries()) {
      const { json } = await diff('--base', changelog.entries[i + 1]?.sha ?? '', '--head', entry.sha);
      const c = entry.changes;
      expect([c?.gapsClosed.total, c?.gapsOpened.total, c?.itemsAdded.shown, c?.itemsRemoved.shown, c?.itemsChanged.shown, c?.breaking.total, c?.areasChanged]).toEqual([
        json.gapsClosed.length,
        json.gapsOpened.length,
        json.itemsAdded,
        json.itemsRemoved,
        json.itemsChanged,
        json.breaking.length,
        json.areasChanged,
      ]);
    }
  });

  it('caps long lists and says how many more there are', async () => {
    const { changelog } = await readSpecHistory(spec(), 100, 2);
    const tighten = changelog.entries[1];
    expect(tighten?.changes?.breaking.shown.map((b) => b.message)).toEqual(['Field `id` of `Order` changed type from `string` to `integer`.', 'Field `status` of `Order` made required.']);
    expect(tighten?.changes?.breaking.total).toBe(6);
    expect(tighten?.changes?.itemsChanged).toEqual({ shown: ['resources/Order', 'states/order-status'], total: 3 });
    // The summary counts them all; the feed's list says how many it left out.
    const entry = atom(changelogAtom(changelog, { title: 't', author: 'a' })).entry[1];
    expect(entry?.summary['#text']).toBe('0 gaps closed, 0 opened (14 → 14 open); 1 item added, 3 changed; 6 breaking changes.');
    const lists = parse(entry?.content['#text'] ?? '').querySelectorAll('ul');
    expect(lists[0]?.querySelectorAll('li').map((li) => li.text)).toEqual([
      'Field `id` of `Order` changed type from `string` to `integer`.',
      'Field `status` of `Order` made required.',
      'and 4 more',
    ]);
    expect(lists[2]?.querySelectorAll('li').map((li) => li.text)).toEqual(['resources/Order', 'states/order-status', 'and 1 more']);
  });

  it('compares the oldest commit in reach with its parent when the limit cuts the history short', async () => {
    const { changelog } = await readSpecHistory(spec(), 2);
    expect(changelog.entries.map((e) => [e.sha, e.base])).toEqual([
      [shas[4], 'previous'],
      [shas[3], 'previous'],
    ]);
    expect(changelog.entries[1]?.changes?.breaking.total).toBe(6);
    expect(changelog.note).toBe('2 commits, the last 2 commits that touched the spec.');
  });

  it('says in a shallow clone that what the oldest commit changed is not known', async () => {
    const clone = await mkdtemp(join(tmpdir(), 'specbench-shallow-'));
    execFileSync('git', ['clone', '-q', '--depth', '2', '--branch', 'hostile', `file://${repo.root}`, clone]);
    const { changelog, history } = await readSpecHistory(join(clone, 'spec'));
    expect(changelog.entries.map((e) => [e.sha, e.base, e.changes === undefined])).toEqual([
      [shas[4], 'previous', false],
      [shas[3], 'unknown', true],
    ]);
    expect(changelog.entries[1]?.gaps).toBe(history.points[0]?.total);
    expect(changelog.note).toBe(`2 commits, a shallow clone: history starts at ${shas[3]?.slice(0, 7)} (2026-01-04); older commits were not fetched.`);
    expect(changelog.note).toBe(history.note);
    const feed = atom(changelogAtom(changelog, { title: 't', author: 'a' }));
    expect(feed.entry[1]?.summary['#text']).toMatch(/^What this commit changed is not known: the commits before it were not fetched \(a shallow clone\)\./);
  });

  it('escapes what a commit changed in the feed: gap labels, item names and breaking-change messages are text, never markup', () => {
    const evil = '<img src=x onerror=alert(1)> & </div> ]]> \u001b[31m';
    const changes = {
      gapsBefore: 3,
      gapsClosed: { shown: [{ id: 'resources/Order/fields/x/format', area: 'resources' as const, item: 'Order', label: `field ${evil}: format` }], total: 1 },
      gapsOpened: { shown: [], total: 0 },
      itemsAdded: { shown: [`resources/${evil}`], total: 1 },
      itemsRemoved: { shown: [], total: 0 },
      itemsRenamed: { shown: [{ from: `errors/${evil}`, to: `errors/<b>${evil}` }], total: 1 },
      itemsChanged: { shown: [], total: 0 },
      areasChanged: [],
      breaking: { shown: [{ item: 'resources/Order', message: `Field ${evil} was removed.` }], total: 1 },
    };
    const xml = changelogAtom({ entries: [{ sha: 'a'.repeat(40), date: '2026-01-01T00:00:00+00:00', subject: 's', base: 'previous', gaps: 2, errors: 0, changes }], note: '' }, { title: 't', author: 'a' });
    expect(SyntaxValidator.validate(xml)).toBe(true);
    const html = parse(atom(xml).entry[0]?.content['#text'] ?? '');
    expect(html.querySelectorAll('img, div div')).toEqual([]);
    expect(html.querySelectorAll('li').map((li) => li.text)).toEqual([
      `Field ${evil.replace('\u001b', '\u241b')} was removed.`,
      `resources/Order/fields/x/format: field ${evil.replace('\u001b', '\u241b')}: format`,
      `resources/${evil.replace('\u001b', '\u241b')}`,
      `errors/${evil.replace('\u001b', '\u241b')} → errors/<b>${evil.replace('\u001b', '\u241b')}`,
    ]);
  });

  it('has no entries outside git or before the first commit, as the chart', async () => {
    const fresh = await makeRepo();
    await copyContent(fresh.root);
    expect((await readSpecHistory(join(fresh.root, 'spec'))).changelog).toEqual({ entries: [], note: 'No commit has touched the spec yet.' });
    const outside = await mkdtemp(join(tmpdir(), 'specbench-nogit-'));
    const { changelog } = await readSpecHistory(outside);
    expect(changelog).toEqual({ entries: [], note: 'Not in a git repository: no history.' });
    // Still a valid feed, dated by no commit rather than by the build.
    const feed = atom(changelogAtom(changelog, { title: 'Orders: changelog', author: 'a' }));
    expect([feed.title['#text'], feed.updated, feed.entry]).toEqual(['Orders: changelog', '1970-01-01T00:00:00Z', []]);
  });

  it('publishes an Atom feed: valid, newest first, every subject escaped and read back as written', async () => {
    const { changelog } = await readSpecHistory(spec());
    const xml = changelogAtom(changelog, { title: 'Orders: changelog', author: 'The authors of Orders' });
    expect(SyntaxValidator.validate(xml)).toBe(true);
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain('\u001b');
    expect(changelogAtom(changelog, { title: 'Orders: changelog', author: 'The authors of Orders' })).toBe(xml);
    const feed = atom(xml);
    expect(feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.id).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([feed.title['#text'], feed.author.name, feed.updated]).toEqual(['Orders: changelog', 'The authors of Orders', '2026-01-05T12:00:00+00:00']);
    expect(feed.link.map((l: Link) => [l['@_rel'], l['@_href']])).toEqual([
      ['self', 'changelog.xml'],
      ['alternate', 'changelog/'],
    ]);
    expect(feed.entry.map((e: Entry) => [e.id, e.title['#text'], e.updated, e.link['@_href']])).toEqual(
      changelog.entries.map((c) => [changelogEntryId(c.sha), c.subject.replace('\u001b', '\u241b'), c.date, `changelog/#commit-${c.sha.slice(0, 12)}`]),
    );
    // The subject as written, but ESC, which XML cannot carry, shown as its control picture.
    expect(feed.entry[0]?.title['#text']).toBe(HOSTILE.replace('\u001b', '\u241b'));
    expect(new Set(feed.entry.map((e: Entry) => e.id)).size).toBe(5);
    expect(feed.entry.every((e: Entry) => !Number.isNaN(Date.parse(e.updated)))).toBe(true);
    // The content is HTML whose text says what changed: the hostile commit's subject never becomes markup.
    const tighten = parse(feed.entry[1]?.content['#text'] ?? '');
    expect(feed.entry[1]?.content['@_type']).toBe('html');
    expect(tighten.querySelectorAll('h3').map((h) => h.text)).toEqual(['Breaking changes (6)', 'Items added (1)', 'Items changed (3)']);
    expect(feed.entry[1]?.summary['#text']).toBe('0 gaps closed, 0 opened (14 → 14 open); 1 item added, 3 changed; 6 breaking changes.');
    // With the site's address known, every link is absolute.
    const absolute = atom(changelogAtom(changelog, { title: 't', author: 'a', siteUrl: 'https://docs.example.com/spec/' }));
    expect(absolute.id).toBe('https://docs.example.com/spec/changelog/');
    expect(absolute.entry[0]?.link['@_href']).toBe(`https://docs.example.com/spec/changelog/#commit-${shas[4]?.slice(0, 12)}`);
    expect(absolute.entry[0]?.id).toBe(feed.entry[0]?.id);
  });
});

type Link = { '@_rel': string; '@_href': string };
type Text = { '#text': string; '@_type': string };
type Entry = { id: string; title: Text; updated: string; link: Link; summary: Text; content: Text };

/** An Atom document read back by a real XML parser: the feed element, entries always a list. */
function atom(xml: string): { '@_xmlns': string; id: string; title: Text; updated: string; author: { name: string }; link: Link[]; entry: Entry[] } {
  expect(SyntaxValidator.validate(xml)).toBe(true);
  const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false, alwaysCreateTextNode: true, textNodeName: '#text', isArray: (name) => name === 'entry' }).parse(xml);
  const feed = doc.feed;
  const text = (v: unknown) => (typeof v === 'object' && v !== null && '#text' in v ? (v as { '#text': string })['#text'] : v);
  // What RFC 4287 requires: the feed's id, title, updated and author; each entry's id, title, updated and (with no
  // alternate content elsewhere) an alternate link; dates in RFC 3339.
  const date = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;
  expect([text(feed.id), text(feed.title), text(feed.author?.name)].every((v) => typeof v === 'string' && v !== '')).toBe(true);
  expect(text(feed.updated)).toMatch(date);
  for (const e of feed.entry ?? []) {
    expect([text(e.id), text(e.title), e.link?.['@_href']].every((v) => typeof v === 'string' && v !== '')).toBe(true);
    expect(text(e.updated)).toMatch(date);
  }
  return {
    ...feed,
    id: text(feed.id),
    updated: text(feed.updated),
    author: { name: text(feed.author.name) },
    link: feed.link,
    entry: (feed.entry ?? []).map((e: Record<string, unknown> & { link: Link }) => ({ ...e, id: text(e.id), updated: text(e.updated), link: e.link })),
  } as never;
}
