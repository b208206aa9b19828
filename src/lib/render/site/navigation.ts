import { LIST_ROWS, listPath } from './list-pages.ts';
import { groupAnchor } from './paths.ts';
import type { AreaSummary, ItemSummary } from './views.ts';

/** A link or a group of the site's navigation; paths are relative to the site's base. */
export type NavEntry =
  | { kind: 'link'; label: string; path: string; current: boolean; badge?: string }
  | { kind: 'group'; label: string; entries: NavEntry[]; open: boolean; badge?: string };

/**
 * How many items one list of the navigation shows around the current one; the rest are one link
 * away. Each entry is some 240 bytes of Starlight's markup on every page of the area: ten keep
 * an operation's page of GitHub's description under 60 KB with its highlighted samples.
 */
export const NAV_WINDOW = 10;
/** How many tag groups of a large area the navigation shows around the current one. */
export const NAV_GROUPS = 5;

const itemLink = (item: ItemSummary, current: string): NavEntry => ({
  kind: 'link',
  label: item.title,
  path: item.path,
  current: item.path === current,
  ...(item.listing.badge !== undefined ? { badge: item.listing.badge } : {}),
});

/**
 * A list of items cut to a window of `NAV_WINDOW` around the current one (the first ones when none
 * is current), with a link to all of them where some are left out.
 */
function windowed(items: readonly ItemSummary[], current: string, all: { label: string; path: string }): NavEntry[] {
  if (items.length <= NAV_WINDOW) return items.map((i) => itemLink(i, current));
  const at = Math.max(0, items.findIndex((i) => i.path === current));
  const start = Math.min(Math.max(0, at - Math.floor(NAV_WINDOW / 2)), items.length - NAV_WINDOW);
  return [...items.slice(start, start + NAV_WINDOW).map((i) => itemLink(i, current)), { kind: 'link', label: all.label, path: all.path, current: false }];
}

/**
 * An area's items under each of their tags (an item with two tags is under both), tags in
 * alphabetical order and the untagged last: how the area page lists them and the sidebar links to them.
 */
export function itemGroups<I extends ItemSummary>(area: { items: readonly I[] }): Array<{ name: string; anchor: string; items: I[] }> {
  const groups = Map.groupBy(area.items.flatMap((item) => (item.listing.groups?.length ? item.listing.groups : ['']).map((group) => ({ group, item }))), (x) => x.group);
  return [...groups]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b, 'en')))
    .map(([group, xs]) => ({ name: group === '' ? 'Without a tag' : group, anchor: groupAnchor(group), items: xs.map((x) => x.item) }));
}

/** One row of an area's list: an item under one of its groups (tags), or under none where the area's items have none. */
export type AreaRow = { group?: { name: string; anchor: string }; item: ItemSummary };

/** An area's rows in the order its page lists them: by group, where its items have groups; each item under each of its groups. */
export function areaRows(area: Pick<AreaSummary, 'items'>): AreaRow[] {
  if (!area.items.some((i) => i.listing.groups?.length)) return area.items.map((item) => ({ item }));
  return itemGroups(area).flatMap((g) => g.items.map((item) => ({ group: { name: g.name, anchor: g.anchor }, item })));
}

/** Where an area's list shows a group's heading (`anchor`): the page of its first row. */
export function groupPath(area: Pick<AreaSummary, 'key' | 'items'>, anchor: string, limit: number = LIST_ROWS): string {
  const at = areaRows(area).findIndex((r) => r.group?.anchor === anchor);
  return `${listPath(area.key, Math.floor(Math.max(0, at) / limit) + 1)}#${anchor}`;
}

/** An area's groups as the navigation lists them: each with its items and where the area's list shows it (`groupPath`). */
type NavGroup = { name: string; anchor: string; items: ItemSummary[]; path: string };

/**
 * The navigation's groups of each area, by the area's items: every page of a large area names
 * every group (GitHub's endpoints: 45 groups of 1,100 items, on 1,100 pages), and grouping the
 * items again for each group of each page was a tenth of a build's time. Items made again (an
 * edit, in `astro dev`) are grouped again.
 */
const navGroupsMade = new WeakMap<readonly ItemSummary[], NavGroup[]>();

function navGroups(area: Pick<AreaSummary, 'key' | 'items'>): NavGroup[] {
  let groups = navGroupsMade.get(area.items);
  if (groups === undefined) {
    const first = new Map<string, number>();
    areaRows(area).forEach((r, at) => {
      if (r.group && !first.has(r.group.anchor)) first.set(r.group.anchor, at);
    });
    groups = itemGroups(area).map((g) => ({ ...g, path: `${listPath(area.key, Math.floor((first.get(g.anchor) ?? 0) / LIST_ROWS) + 1)}#${g.anchor}` }));
    navGroupsMade.set(area.items, groups);
  }
  return groups;
}

/** The order a reader looks for the areas in: what to call, what comes back, what can go wrong, how to get in; then the rest. */
const READER_ORDER: readonly string[] = ['endpoints', 'events', 'resources', 'errors', 'authentication', 'limits', 'versioning', 'states', 'purpose'];

/**
 * The areas in the order a reader looks for them (the dashboard keeps the nine-part order), those
 * with nothing in them yet (no items, nothing stated) last.
 */
export function readerOrder<A extends Pick<AreaSummary, 'key' | 'items' | 'coverage'>>(areas: readonly A[]): A[] {
  const empty = (a: A) => a.items.length === 0 && a.coverage.stated === 0;
  const rank = (a: A) => (empty(a) ? READER_ORDER.length : 0) + READER_ORDER.indexOf(a.key);
  return [...areas].sort((a, b) => rank(a) - rank(b));
}

/**
 * The navigation for one page, bounded whatever the size of the spec: every area is one link,
 * except the area of the current page, which lists its items (grouped by tag where they have
 * tags). In an area of at most `NAV_WINDOW` items every group lists all its items; in a larger
 * one, groups other than the current one's are links to where the area page lists them (a window
 * of `NAV_GROUPS` of them around the current one), so a page carries at most the areas, ten groups
 * of one area and one window of items.
 */
export function navigation(areas: readonly AreaSummary[], current: string): NavEntry[] {
  return areas.map((area): NavEntry => {
    const label = area.title;
    const inArea = current === area.path || current.startsWith(`${area.key}/list/`) || area.items.some((i) => i.path === current);
    if (!inArea || area.items.length === 0) return { kind: 'link', label, path: area.path, current: current === area.path, ...(area.items.length > 0 ? { badge: String(area.items.length) } : {}) };
    const overview: NavEntry = { kind: 'link', label: 'Overview', path: area.path, current: current === area.path };
    if (!area.items.some((i) => i.listing.groups?.length)) return { kind: 'group', label, open: true, entries: [overview, ...windowed(area.items, current, { label: `All ${area.items.length} ${area.plural ?? 'items'}`, path: `${area.path}#items` })] };
    // A small area lists every item under every group; a large one opens only the current page's group.
    const small = area.items.length <= NAV_WINDOW;
    const groups = navGroups(area);
    const entries = groups.map(({ name, items, path }): NavEntry => {
      if (!small && !items.some((i) => i.path === current)) return { kind: 'link', label: name, path, current: false, badge: String(items.length) };
      return { kind: 'group', label: name, open: true, badge: String(items.length), entries: windowed(items, current, { label: `All ${items.length} in ${name}`, path }) };
    });
    if (small || entries.length <= NAV_GROUPS) return { kind: 'group', label, open: true, entries: [overview, ...entries] };
    // Many groups (GitHub's endpoints have 45 tags): a window of them around the current one, and the rest on the area page.
    const at = Math.max(0, entries.findIndex((e) => e.kind === 'group'));
    const start = Math.min(Math.max(0, at - Math.floor(NAV_GROUPS / 2)), entries.length - NAV_GROUPS);
    const all: NavEntry = { kind: 'link', label: `All ${groups.length} groups`, path: `${area.path}#items`, current: false };
    return { kind: 'group', label, open: true, entries: [overview, ...entries.slice(start, start + NAV_GROUPS), all] };
  });
}
