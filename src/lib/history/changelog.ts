import type { AreaKey } from '../areas/index.ts';
import type { BreakingChange } from '../diff/breaking.ts';
import { diffSpecs, type SpecDiff } from '../diff/diff.ts';
import { counted } from '../facet/words.ts';
import type { FacetResult } from '../gaps/types.ts';
import type { HistoryStep } from './history.ts';

/** How many of each list one changelog entry keeps: an import that adds 5,000 items says "and 4,975 more". */
export const CHANGELOG_LIST_LIMIT = 25;

/** The first entries of a list, and how many there are in all. */
export type Capped<T> = { shown: T[]; total: number };

/** An item renamed: its old `area/item` key and its new one. */
export type ItemRename = { from: string; to: string };

/** A gap as the changelog names it. */
export type ChangelogGap = { id: string; area: AreaKey; item?: string; label: string };

/** What one commit changed in the spec, each list capped. */
export type ChangelogChanges = {
  gapsBefore: number;
  gapsClosed: Capped<ChangelogGap>;
  gapsOpened: Capped<ChangelogGap>;
  /** `area/item` keys. */
  itemsAdded: Capped<string>;
  itemsRemoved: Capped<string>;
  /** Items whose id changed while their identity (an endpoint's method and path, an event's name, an error's code) stayed. */
  itemsRenamed: Capped<ItemRename>;
  itemsChanged: Capped<string>;
  /** Areas whose own file changed. */
  areasChanged: AreaKey[];
  breaking: Capped<BreakingChange>;
};

/** One commit that touched the spec. */
export type ChangelogEntry = {
  sha: string;
  date: string;
  subject: string;
  /**
   * What the commit is compared with: the spec before it, no spec (it made the spec folder), or
   * nothing known (the oldest commit of a shallow clone; then `changes` is absent).
   */
  base: 'previous' | 'empty' | 'unknown';
  /** Open gaps after the commit. */
  gaps: number;
  /** Errors the spec had after the commit. */
  errors: number;
  changes?: ChangelogChanges;
};

/** The commits that touched the spec, newest first, and how far back they reach, in words. */
export type Changelog = { entries: ChangelogEntry[]; note: string };

function capped<T>(list: readonly T[], limit: number): Capped<T> {
  return { shown: list.slice(0, limit), total: list.length };
}

function gap(g: FacetResult): ChangelogGap {
  return { id: g.id, area: g.area, ...(g.item !== undefined ? { item: g.item } : {}), label: g.label };
}

/** What a commit changed: its diff against the spec before it, each list cut to `limit`. */
export function changelogChanges(d: SpecDiff, limit = CHANGELOG_LIST_LIMIT): ChangelogChanges {
  return {
    gapsBefore: d.gapCount.before,
    gapsClosed: capped(d.gapsClosed.map(gap), limit),
    gapsOpened: capped(d.gapsOpened.map(gap), limit),
    itemsAdded: capped(d.itemsAdded, limit),
    itemsRemoved: capped(d.itemsRemoved, limit),
    itemsRenamed: capped(d.itemsRenamed, limit),
    itemsChanged: capped(d.itemsChanged, limit),
    areasChanged: d.areasChanged as AreaKey[],
    breaking: capped(d.breaking, limit),
  };
}

/** One list of a changelog entry, in the order every output shows them, by what it lists. */
export type ChangelogList =
  | { title: string; kind: 'breaking'; items: Capped<BreakingChange> }
  | { title: string; kind: 'gap'; items: Capped<ChangelogGap> }
  | { title: string; kind: 'item'; items: Capped<string> }
  | { title: string; kind: 'renamed'; items: Capped<ItemRename> }
  | { title: string; kind: 'area'; items: Capped<AreaKey> };

/** The lists of what a commit changed that are not empty, titled and ordered once for the page and the feed. */
export function changelogLists(c: ChangelogChanges): ChangelogList[] {
  const lists: ChangelogList[] = [
    { title: 'Breaking changes', kind: 'breaking', items: c.breaking },
    { title: 'Gaps closed', kind: 'gap', items: c.gapsClosed },
    { title: 'Gaps opened', kind: 'gap', items: c.gapsOpened },
    { title: 'Items added', kind: 'item', items: c.itemsAdded },
    { title: 'Items removed', kind: 'item', items: c.itemsRemoved },
    { title: 'Items renamed', kind: 'renamed', items: c.itemsRenamed },
    { title: 'Items changed', kind: 'item', items: c.itemsChanged },
    { title: 'Area files changed', kind: 'area', items: { shown: c.areasChanged, total: c.areasChanged.length } },
  ];
  return lists.filter((l) => l.items.total > 0);
}

/** One step of the history walk as a changelog entry. */
export function changelogEntry({ commit, analysis, before }: HistoryStep, limit = CHANGELOG_LIST_LIMIT): ChangelogEntry {
  return {
    sha: commit.sha,
    date: commit.date,
    subject: commit.subject,
    base: before.kind,
    gaps: analysis.assessment.gaps.length,
    errors: analysis.diagnostics.filter((d) => d.severity === 'error').length,
    ...(before.kind === 'unknown' ? {} : { changes: changelogChanges(diffSpecs(before.analysis, analysis), limit) }),
  };
}

/** The anchor of a commit's entry on the changelog page. */
export function changelogAnchor(sha: string): string {
  return `commit-${sha.slice(0, 12)}`;
}

/** The changelog page. */
export function changelogPath(): string {
  return 'changelog/';
}

/** An entry in one line of words: `2 gaps closed, 1 opened (22 → 21 open); 3 items added; 1 breaking change.` */
export function changeSummary(entry: ChangelogEntry): string {
  const c = entry.changes;
  if (!c) return `What this commit changed is not known: the commits before it were not fetched (a shallow clone). ${counted(entry.gaps, 'open gap')} after it.`;
  const parts = [`${counted(c.gapsClosed.total, 'gap')} closed, ${c.gapsOpened.total} opened (${c.gapsBefore} → ${entry.gaps} open)`];
  const items = [
    [c.itemsAdded.total, 'added'],
    [c.itemsRemoved.total, 'removed'],
    [c.itemsRenamed.total, 'renamed'],
    [c.itemsChanged.total, 'changed'],
  ] as const;
  const said = items.filter(([n]) => n > 0).map(([n, verb], i) => (i === 0 ? `${counted(n, 'item')} ${verb}` : `${n} ${verb}`));
  if (said.length > 0) parts.push(said.join(', '));
  if (c.areasChanged.length > 0) parts.push(`${counted(c.areasChanged.length, 'area file')} changed`);
  if (c.breaking.total > 0) parts.push(counted(c.breaking.total, 'breaking change'));
  if (parts.length === 1 && c.gapsClosed.total + c.gapsOpened.total === 0) parts.push('no change to what the spec states');
  const from = entry.base === 'empty' ? 'Compared with no spec: ' : '';
  return `${from}${parts.join('; ')}.`;
}
