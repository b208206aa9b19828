// The comparison mode of the site (issue 34): a git fixture's head built with `compare` at its base
// (SPEC_COMPARE, as this repository's own site takes it) and without; the built pages read back.
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../helpers.ts';
import { compareFixture, EXPECTED } from '../compare/fixture.ts';
import { buildSite } from './build.ts';
import { brokenLinks, htmlFiles, main, page } from './read.ts';

let fixture: Awaited<ReturnType<typeof compareFixture>>;
let compared: string;
let plain: string;
/** `specbench diff --format json` against the same revision. */
let diff: {
  gapsClosed: Array<{ id: string }>;
  gapsOpened: Array<{ id: string }>;
  itemsAdded: string[];
  itemsRemoved: string[];
  itemsRenamed: Array<{ from: string; to: string }>;
  itemsChanged: string[];
  areasChanged: string[];
  breaking: Array<{ item: string; message: string; facet?: string }>;
  parametersRenamed: Array<{ item: string; from: string; to: string; facet: string; message: string }>;
};

beforeAll(async () => {
  fixture = await compareFixture();
  const withCompare = await buildSite(fixture.spec, { SPEC_COMPARE: 'HEAD~1' });
  if (withCompare.code !== 0) throw new Error(`the compared build failed:\n${withCompare.output}`);
  const without = await buildSite(fixture.spec);
  if (without.code !== 0) throw new Error(`the plain build failed:\n${without.output}`);
  [compared, plain] = [withCompare.outDir, without.outDir];
  const run = await cli(['diff', '--spec', fixture.spec, '--base', 'HEAD~1', '--format', 'json']);
  expect(run.code).toBe(0);
  diff = JSON.parse(run.out);
});
afterAll(async () => {
  await fixture?.done();
  for (const dir of [compared, plain]) if (dir) await rm(dir, { recursive: true, force: true });
});

const text = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** The element an on-site link leads to in the compared build: its page and the element with its anchor. */
async function target(href: string) {
  const url = new URL(href, 'http://site/');
  const root = await page(compared, decodeURIComponent(url.pathname).replace(/^\//, ''));
  const anchor = decodeURIComponent(url.hash.slice(1));
  return { root, element: anchor ? root.getElementById(anchor) : root, anchor };
}

describe('the Changes page', () => {
  it('lists exactly what `specbench diff --format json` lists, id by id', async () => {
    const root = main(await page(compared, 'changes'));
    const attr = (selector: string, name: string) => root.querySelectorAll(selector).map((e) => e.getAttribute(name) ?? '');
    expect(attr('[data-gap="closed"]', 'data-id').sort()).toEqual(diff.gapsClosed.map((g) => g.id).sort());
    expect(attr('[data-gap="closed"]', 'data-id').sort()).toEqual(EXPECTED.closed);
    expect(attr('[data-gap="opened"]', 'data-id')).toEqual(diff.gapsOpened.map((g) => g.id));
    expect(attr('[data-item="added"]', 'data-key')).toEqual(diff.itemsAdded);
    expect(attr('[data-item="removed"]', 'data-key')).toEqual(diff.itemsRemoved);
    expect(attr('[data-item="changed"]', 'data-key')).toEqual(diff.itemsChanged);
    expect(root.querySelectorAll('[data-item="renamed"]').map((e) => ({ from: e.getAttribute('data-from'), to: e.getAttribute('data-key') }))).toEqual(diff.itemsRenamed);
    expect(attr('[data-area-changed]', 'data-area-changed')).toEqual(diff.areasChanged);
    expect(attr('[data-breaking-item]', 'data-breaking-item')).toEqual(diff.breaking.map((b) => b.item));
    // The reason as the diff says it, its code spans shown as code.
    expect(root.querySelectorAll('[data-breaking-item]').map((e) => text(e.text).replace(/^.*?: /, ''))).toEqual(diff.breaking.map((b) => b.message.replace(/`/g, '')));
  });

  it('groups the gaps by item and links each to its mark on the page it names', async () => {
    const root = main(await page(compared, 'changes'));
    expect(root.querySelectorAll('[data-group]').map((g) => g.getAttribute('data-group'))).toEqual(['resources/Order', 'endpoints/get-order', 'limits/default-rate', 'resources/Order']);
    for (const li of root.querySelectorAll('[data-gap]')) {
      const id = li.getAttribute('data-id') ?? '';
      const href = li.querySelector('a')?.getAttribute('href') ?? '';
      const { element } = await target(href);
      expect(element?.getAttribute('data-change-facet'), `${id} at ${href}`).toBe(id);
      expect(element?.getAttribute('data-change')).toBe(li.getAttribute('data-gap') === 'closed' ? 'stated' : 'opened');
      expect(text(element?.text)).toContain(li.getAttribute('data-gap') === 'closed' ? 'stated in this change' : 'opened in this change');
    }
  });

  it('is where the pull-request comment links: each link of `diff --preview-url` lands on a page and an element of the compared build', async () => {
    const preview = 'https://o.github.io/r/pr-7/';
    const run = await cli(['diff', '--spec', fixture.spec, '--base', 'HEAD~1', '--preview-url', preview]);
    expect(run.code).toBe(0);
    const links = [...run.out.matchAll(/\]\(<([^>]+)>\)/g)].map((m) => m[1] ?? '').filter((l) => l.startsWith(preview));
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) {
      const { root, element, anchor } = await target(`/${link.slice(preview.length)}`);
      expect(root, link).toBeTruthy();
      if (anchor) expect(element, link).toBeTruthy();
    }
    // Every closed and opened gap is linked to its mark (a closed gap's value no longer has the gap's own anchor).
    expect(links.filter((l) => l.includes('#change-f-'))).toHaveLength(diff.gapsClosed.length + diff.gapsOpened.length);
  });

  it('links each breaking change to the facet it concerns, flagged there with its reason', async () => {
    const entry = main(await page(compared, 'changes')).querySelectorAll('[data-breaking-item]').find((li) => text(li.text).includes('Order.currency'));
    const href = entry?.querySelector('a')?.getAttribute('href') ?? '';
    const { element } = await target(href);
    expect(element?.getAttribute('data-change-facet')).toBe(EXPECTED.narrowed);
    expect(text(element?.text)).toBe('changed in this change EUR, USD → EUR breaking: Allowed values of Order.currency narrowed: USD no longer allowed.');
    expect(element?.querySelector('[data-breaking] code')?.text).toBe('Order.currency');
  });
});

describe('the marks in place', () => {
  it('marks a closed gap beside the value now stated, and an opened gap beside its chip', async () => {
    const order = main(await page(compared, 'resources/Order'));
    const total = order.getElementById('change-f-resources/Order/fields/total/description');
    expect(text(total?.parentNode?.text)).toContain('Total in cents.');
    // In place: inside the field's row of the shape, not in the page's list of changes.
    expect(total?.closest('aside')).toBeNull();
    expect(total?.closest('[data-shape="resources/Order/fields/total"]')).not.toBeNull();
    const priority = order.getElementById(`change-f-${EXPECTED.opened[0]}`);
    expect(priority?.closest('[data-shape="resources/Order/fields/priority"]')).not.toBeNull();
    expect(priority?.closest('aside')).toBeNull();
  });

  it('says a renamed item’s old id, and keeps a removed item’s page with its last content marked removed', async () => {
    const renamed = main(await page(compared, 'endpoints/list-lines'));
    expect(renamed.querySelector('#changes [data-renamed-from]')?.text).toBe(EXPECTED.renamed.from);
    const removed = main(await page(compared, 'limits/request-size'));
    expect(removed.querySelector('#changes')?.getAttribute('data-change-status')).toBe('removed');
    expect(text(removed.querySelector('#changes')?.text)).toContain('Removed in this change');
    expect(text(removed.text)).toContain('Request size');
    expect(text(removed.text)).toContain('1048576');
    expect(await htmlFiles(plain)).not.toContain('limits/request-size/index.html');
    const added = main(await page(compared, 'limits/burst-rate'));
    expect(added.querySelector('#changes')?.getAttribute('data-change-status')).toBe('added');
  });

  it('marks a changed value of an area’s own file on the area’s page, before -> after', async () => {
    const href = main(await page(compared, 'changes')).querySelector(`[data-area-changed="${EXPECTED.area}"] a`)?.getAttribute('href') ?? '';
    const { element } = await target(href);
    expect(element?.getAttribute('data-change-status')).toBe('changed');
    const limits = main(await page(compared, 'limits'));
    const mark = limits.getElementById(`change-f-${EXPECTED.areaValue}`);
    expect(mark?.closest(`[data-facet="${EXPECTED.areaValue}"]`)).not.toBeNull();
    expect(text(mark?.text)).toBe('changed in this change RateLimit, RateLimit-Policy, Retry-After → RateLimit, RateLimit-Policy');
  });

  it('resolves every link of the compared site', async () => {
    expect(await brokenLinks(compared)).toEqual([]);
  });

  it('has no id twice on a marked page', async () => {
    for (const path of ['resources/Order', 'endpoints/get-order', 'limits/default-rate', 'changes', 'limits/request-size', 'limits']) {
      const ids = (await page(compared, path)).querySelectorAll('[id]').map((e) => e.getAttribute('id'));
      expect(ids.filter((id, i) => ids.indexOf(id) !== i), path).toEqual([]);
    }
  });

  it('leaves every page the change does not touch byte for byte as a build without compare, but for the sidebar’s link to the Changes page', async () => {
    // The one difference: the sidebar's entry, and the hash Starlight keeps the sidebar's state under.
    const entry = /<li class="[^"]*"><a href="\/changes\/"[^>]*><span[^>]*>Changes<\/span><\/a><\/li>/;
    const hash = /(<sl-sidebar-state-persist data-hash=")[^"]*"/;
    const strip = (html: string) => html.replace(entry, '').replace(hash, '$1"');
    // Touched: the pages the change names, and the print version, which shows every item's page.
    const named = new Set(['changes/', ...diff.itemsAdded, ...diff.itemsChanged, ...diff.itemsRenamed.map((r) => r.to), ...diff.areasChanged].map((k) => `${k.replace(/\/$/, '')}/index.html`));
    const untouched = (await htmlFiles(plain)).filter((f) => !named.has(f) && !f.startsWith('print/') && !f.startsWith('changes/'));
    expect(untouched).toContain(`${EXPECTED.untouched}index.html`);
    expect(untouched.length).toBeGreaterThan(30);
    for (const file of untouched) {
      const [withCompare, without] = await Promise.all([readFile(join(compared, file), 'utf8'), readFile(join(plain, file), 'utf8')]);
      expect(withCompare, file).toMatch(entry);
      expect(strip(withCompare), file).toBe(strip(without));
      expect(withCompare, file).not.toContain('data-change');
    }
  });
});

describe('what an independent tester found (issue 34)', () => {
  it('flags each breaking change beside the facet it concerns, in place: a lowered quota and a shorter token lifetime too', async () => {
    const flagged: string[] = [];
    for (const a of main(await page(compared, 'changes')).querySelectorAll('[data-breaking-item] a')) {
      const { element } = await target(a.getAttribute('href') ?? '');
      expect(element?.closest('aside'), a.getAttribute('href') ?? '').toBeNull();
      expect(element?.querySelector('[data-breaking]'), a.getAttribute('href') ?? '').not.toBeNull();
      flagged.push(element?.getAttribute('data-change-facet') ?? '');
    }
    expect(flagged).toEqual(expect.arrayContaining([EXPECTED.narrowed, ...EXPECTED.outside]));
  });

  it('says what a title-only change changed, in the page’s list of changes', async () => {
    const box = main(await page(compared, `${EXPECTED.retitled.key}/`)).querySelector('#changes');
    expect(text(box?.querySelector(`[data-change-facet="${EXPECTED.retitled.key}/title"]`)?.text)).toBe(`changed in this change ${EXPECTED.retitled.before} → ${EXPECTED.retitled.after}`);
  });

  it('shows prose before -> after as the page renders prose, and a structure key by key: no Markdown source, no JSON', async () => {
    const event = main(await page(compared, 'events/order.shipped'));
    const prose = event.getElementById(`change-f-${EXPECTED.prose}`);
    expect(prose?.querySelector('ins a')?.getAttribute('href')).toBe('https://warehouse.example.com/');
    expect(text(prose?.text)).toBe('changed in this change Sent when the warehouse confirms dispatch. → Sent once the warehouse confirms dispatch.');
    expect(text(event.getElementById(`change-f-${EXPECTED.retries}`)?.text)).toBe('changed in this change attempts: 10 → 3');
    for (const mark of event.querySelectorAll('[data-change]')) expect(mark.text).not.toMatch(/\]\(|[{}]/);
  });

  it('counts as the pull-request comment counts: each list’s heading says the same number', async () => {
    const comment = (await cli(['diff', '--spec', fixture.spec, '--base', 'HEAD~1'])).out;
    const said = (headings: string[]) => Object.fromEntries(headings.map((h) => /^(.+) \((\d+)\)$/.exec(h)).flatMap((m) => (m ? [[m[1], Number(m[2])]] : [])));
    const onPage = said(main(await page(compared, 'changes')).querySelectorAll('h2').map((h) => text(h.text)));
    expect(onPage).toEqual(said([...comment.matchAll(/^### (.+)$/gm)].map((m) => m[1] ?? '')));
    expect(onPage.Items).toBe(diff.itemsAdded.length + diff.itemsRemoved.length + diff.itemsRenamed.length + diff.itemsChanged.length + diff.areasChanged.length);
  });

  it('leaves "Edit page" out of a removed item’s page, whose file is gone', async () => {
    const edits = async (path: string) => (await page(compared, path)).querySelectorAll('a[href*="/edit/"]').map((a) => a.getAttribute('href') ?? '');
    expect(await edits(EXPECTED.removed)).toEqual([]);
    expect(await edits(EXPECTED.added)).toEqual(expect.arrayContaining([expect.stringContaining(`${EXPECTED.added}.yaml`)]));
  });
});

describe('what the last round left (issue 34)', () => {
  /** The mark a breaking change of `diff` links to, from the Changes page: found by the facet `diff` names. */
  async function breakingMark(facet: string) {
    const said = diff.breaking.find((b) => b.facet === facet);
    expect(said, facet).toBeDefined();
    const entry = main(await page(compared, 'changes'))
      .querySelectorAll('[data-breaking-item]')
      .find((li) => text(li.text).endsWith(said?.message.replace(/`/g, '') ?? '-'));
    return { said, ...(await target(entry?.querySelector('a')?.getAttribute('href') ?? '')) };
  }

  it('flags an allowed value narrowed deeper than a resource’s field (a query parameter’s array items) beside its facet, the facet named by `diff`', async () => {
    const { facet, message } = EXPECTED.nestedNarrowed;
    const { said, element } = await breakingMark(facet);
    expect(said).toEqual({ item: 'endpoints/list-orders', message, facet });
    expect(element?.getAttribute('data-change-facet')).toBe(facet);
    expect(element?.closest('aside')).toBeNull();
    expect(element?.closest('[data-shape="endpoints/list-orders/parameters/query/status"]')).not.toBeNull();
    expect(text(element?.text)).toBe('changed in this change draft, placed, cancelled, shipped → draft, placed, cancelled breaking: Allowed values of query parameter status[] of list-orders narrowed: shipped no longer allowed.');
  });

  it('marks a removed field on its row, struck where it stood, with its breaking change, not only in the page’s box', async () => {
    const { facet, follows, message } = EXPECTED.removedField;
    const { said, element, anchor } = await breakingMark(facet);
    expect(said?.message).toBe(message);
    expect(element?.getAttribute('id')).toBe(anchor);
    expect(element?.getAttribute('data-change')).toBe('removed');
    expect(element?.closest('aside')).toBeNull();
    const row = element?.closest(`[data-shape="${facet}"]`);
    expect(row?.querySelector('.shape-name')?.text).toBe('legacy_ref');
    // Where it stood: right after the field before it.
    expect(row?.previousElementSibling?.getAttribute('data-shape')).toBe(follows);
    expect(text(element?.text)).toBe('removed in this change breaking: Field legacy_ref of Order removed.');
    // The page's box links to it, and the plain build has no such row.
    const box = main(await page(compared, 'resources/Order')).querySelector('#changes');
    expect(box?.querySelector(`a[href="#${anchor}"]`)).not.toBeNull();
    expect(main(await page(plain, 'resources/Order')).querySelector(`[data-shape="${facet}"]`)).toBeNull();
  });

  it('reads a path parameter renamed with its path as a rename, breaking nothing; a page’s path mark says it', async () => {
    const { item, facet, from, to } = EXPECTED.parameterRenamed;
    expect(diff.breaking.filter((b) => b.item === item)).toEqual([]);
    expect(diff.parametersRenamed.map((r) => ({ item: r.item, from: r.from, to: r.to, facet: r.facet }))).toEqual([{ item, from, to, facet }]);
    expect(diff.itemsChanged).toContain(item);
    const endpoint = main(await page(compared, item));
    const mark = endpoint.getElementById(`change-f-${facet}`);
    expect(mark?.closest('aside')).toBeNull();
    expect(mark?.querySelector('[data-breaking]')).toBeNull();
    expect(text(mark?.querySelector('[data-change-note]')?.text)).toBe(`Path parameter ${from} of cancel-order renamed to ${to}: the path keeps its shape (/orders/{${to}}/cancel), so no client breaks.`);
    // The comment says it under the item, not among the breaking changes.
    const comment = (await cli(['diff', '--spec', fixture.spec, '--base', 'HEAD~1'])).out;
    expect(comment).toContain(`- Changed \`${item}\`\n  - Path parameter \`${from}\` of \`cancel-order\` renamed to \`${to}\``);
    expect(comment.slice(comment.indexOf('### Breaking changes'), comment.indexOf('### Gaps closed'))).not.toContain('cancel-order');
  });
});

describe('what the third tester found (issue 34, t34d)', () => {
  it('marks a field removed inside an array’s items on its row, struck where it stood, with its breaking change', async () => {
    const { facet, follows, message } = EXPECTED.nestedRemoved;
    const said = diff.breaking.find((b) => b.facet === facet);
    expect(said).toEqual({ item: 'resources/Order', message, facet });
    const order = main(await page(compared, 'resources/Order'));
    const element = order.getElementById(`change-f-${facet}`);
    expect(element?.getAttribute('data-change')).toBe('removed');
    expect(element?.closest('aside')).toBeNull();
    const row = element?.closest(`[data-shape="${facet}"]`);
    expect(row?.querySelector('.shape-name')?.text).toBe('quantity');
    expect(row?.previousElementSibling?.getAttribute('data-shape')).toBe(follows);
    expect(text(element?.text)).toBe('removed in this change breaking: Field lines[].quantity of Order removed.');
  });

  it('says one word for a mark, in place and in the page’s box; the box says "Changed by this change."', async () => {
    for (const path of ['resources/Order', 'endpoints/list-orders', 'limits/default-rate']) {
      const root = main(await page(compared, path));
      const box = root.querySelector('#changes');
      expect(text(box?.querySelector('.page-changes-head strong')?.text), path).toBe('Changed by this change.');
      const kinds = box?.querySelectorAll('.page-changes-marks li') ?? [];
      expect(kinds.length, path).toBeGreaterThan(0);
      for (const li of kinds) {
        const link = li.querySelector('a')?.getAttribute('href');
        const kind = li.querySelector('.page-changes-kind');
        if (!link || !kind) continue;
        const word = root.getElementById(decodeURIComponent(link.slice(1)))?.querySelector('.change-word');
        expect(`${text(kind.text)} in this change`, `${path} ${link}`).toBe(text(word?.text).startsWith('closed') ? `${text(kind.text)} in this change` : text(word?.text));
      }
    }
  });

  it('isolates each side of a before -> after and shows a right-to-left override as <U+202E>: nothing runs past its side', async () => {
    const order = main(await page(compared, 'resources/Order'));
    const mark = order.getElementById(`change-f-${EXPECTED.bidi}`);
    expect(mark).not.toBeNull();
    expect(mark?.text).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    const ins = mark?.querySelector('ins');
    expect(ins?.querySelector('bdi')).not.toBeNull();
    expect(mark?.querySelector('del bdi')).not.toBeNull();
    expect(text(ins?.text)).toBe('What was <U+202E>ordered<U+202C>, as <U+202E>the buyer saw it.');
  });
});

describe('a revision that cannot be compared with', () => {
  it('fails the build with a located message and no stack', async () => {
    const built = await buildSite(fixture.spec, { SPEC_COMPARE: 'no-such-branch' });
    await rm(built.outDir, { recursive: true, force: true });
    expect(built.code).not.toBe(0);
    expect(built.output).toContain('SPEC_COMPARE: unknown revision `no-such-branch`');
    expect(built.output).not.toMatch(/^\s+at /m);
  }, 300_000);
});

describe('what the last round left (issue 34, t34e)', () => {
  /** The element the Changes page's entry of a breaking change of `diff` (found by its facet) links to. */
  async function flaggedAt(facet: string, message: string) {
    const said = diff.breaking.find((b) => b.facet === facet);
    expect(said?.message, facet).toBe(message);
    const entry = main(await page(compared, 'changes'))
      .querySelectorAll('[data-breaking-item]')
      .find((li) => text(li.text).endsWith(message.replace(/`/g, '')));
    return (await target(entry?.querySelector('a')?.getAttribute('href') ?? '')).element;
  }

  it('strikes a removed response where it stood, its breaking change beside its status', async () => {
    const { facet, follows, next, message } = EXPECTED.removedResponse;
    const element = await flaggedAt(facet, message);
    expect(element?.getAttribute('data-change')).toBe('removed');
    expect(element?.closest('aside')).toBeNull();
    const head = element?.closest('.response-head');
    expect(text(head?.querySelector('.status')?.text)).toBe('400');
    expect(text(element?.text)).toBe('removed in this change breaking: Response 400 of create-order removed.');
    const statuses = (root: ReturnType<typeof main>) => root.querySelectorAll('.response-head .status').map((s) => text(s.text));
    expect(statuses(main(await page(compared, 'endpoints/create-order')))).toEqual([follows, '400', next]);
    expect(statuses(main(await page(plain, 'endpoints/create-order')))).toEqual([follows, next]);
  });

  it('flags a response that no longer comes in a media type beside its status, and a renamed API-key header beside the header’s name', async () => {
    const response = await flaggedAt(EXPECTED.changedResponse.facet, EXPECTED.changedResponse.message);
    expect(response?.closest('aside')).toBeNull();
    expect(text(response?.closest('.response-head')?.querySelector('.status')?.text)).toBe('200');
    expect(text(response?.text)).toBe(`changed in this change content_type: application/json, application/xml → application/json breaking: ${EXPECTED.changedResponse.message.replace(/`/g, '')}`);
    const header = await flaggedAt(EXPECTED.apiKeyHeader.facet, EXPECTED.apiKeyHeader.message);
    expect(header?.closest('aside')).toBeNull();
    expect(header?.getAttribute('data-change-facet')).toBe(EXPECTED.apiKeyHeader.facet);
    expect(text(header?.parentNode?.querySelector(`[data-facet="${EXPECTED.apiKeyHeader.facet}"]`)?.text)).toBe('X-Api-Token');
    expect(text(header?.text)).toBe(`changed in this change X-API-Key → X-Api-Token breaking: ${EXPECTED.apiKeyHeader.message.replace(/`/g, '')}`);
  });

  it('counts the items once: the summary says the number both Items headings say', async () => {
    const root = main(await page(compared, 'changes'));
    const heading = Number(/^Items \((\d+)\)$/.exec(text(root.querySelector('#items')?.text))?.[1]);
    expect(heading).toBe(diff.itemsAdded.length + diff.itemsRemoved.length + diff.itemsRenamed.length + diff.itemsChanged.length + diff.areasChanged.length);
    expect(text(root.querySelector('.changes-summary')?.text)).toContain(`${heading} items added, removed, renamed or changed (${diff.areasChanged.length} of them an area file);`);
    const comment = (await cli(['diff', '--spec', fixture.spec, '--base', 'HEAD~1'])).out;
    expect(comment).toContain(`### Items (${heading})`);
  });

  it('leaves a struck field out of the count of required fields: the note says what the plain page says', async () => {
    const note = async (root: string) => main(await page(root, 'resources/Order')).querySelectorAll('p.note').map((p) => text(p.text)).filter((t) => /required\.$|^All optional\.$/.test(t));
    const [withCompare, without] = [await note(compared), await note(plain)];
    expect(without).toHaveLength(1);
    expect(withCompare).toEqual(without);
  });
});

describe('what the fourth tester found (issue 34, t34f)', () => {
  it('says on the print version that it shows the head, and links the Changes page; a plain build says nothing of it', async () => {
    const root = main(await page(compared, 'print'));
    const note = root.querySelector('[data-compare-note]');
    expect(text(note?.text)).toContain('This version shows the spec as this change leaves it, compared with HEAD~1');
    const href = note?.querySelector('a')?.getAttribute('href') ?? '';
    expect(href).toBe('/changes/');
    expect((await target(href)).root.querySelector('[data-gap="closed"]')).not.toBeNull();
    expect(main(await page(plain, 'print')).querySelector('[data-compare-note]')).toBeNull();
  });
});
