import { counted } from '../facet/words.ts';
import type { FacetResult } from '../gaps/types.ts';
import { escapeControls, safeJson } from '../safety/terminal.ts';
import { AREAS } from '../areas/index.ts';
import { markdownCode, markdownQuiet } from '../safety/markdown.ts';
import type { Readiness } from '../gaps/levels.ts';
import { BLOCKING_SHOWN, reachedWords, readinessSentence } from '../render/readiness.ts';
import { changeCounts, type ChangeCounts } from './counts.ts';
import type { ClosedReason, SpecDiff } from './diff.ts';
import { areaPath, itemPath, markPath } from '../render/site/paths.ts';

/** Marks the pull-request comment so a workflow can find and update it. */
export const DIFF_MARKER = '<!-- specbench-diff -->';

/** The smallest budget `diffMarkdown` always keeps to: the counts of every area and the link to the full report fit in it. */
export const DIFF_MIN_BUDGET = 8_192;

/** The longest link to the full report the renderer takes (a run's address is about a hundred characters). */
export const DIFF_LINK_MAX = 2_048;

export interface DiffMarkdownOptions {
  /**
   * The most the Markdown may take, in UTF-8 bytes (never fewer than the characters GitHub counts:
   * a comment takes 65,536, a step's job summary 1 MiB). Past it, the report is summarised: the
   * counts per kind and area, then as many of each list's first lines as fit. At least
   * `DIFF_MIN_BUDGET`; none: no limit.
   */
  budget?: number;
  /** Where the whole report is read when this one is summarised (the run's job summary; a preview's Changes page): an absolute http(s) URL of at most `DIFF_LINK_MAX` characters. */
  fullReport?: string;
  /**
   * The address of the change's preview site (an absolute http(s) URL, at most `DIFF_LINK_MAX`
   * characters, with or without its final `/`): the report links its Changes page (`changes/`, also
   * the full report when there is no other) and each item, area and gap to its page there.
   */
  preview?: string;
}

/** One line of a list; `group` heads the lines of its area (the gap lists). */
interface Entry {
  line: string;
  group?: string;
}

/** A list of the report: breaking changes, gaps closed, gaps opened, items; `count` is what its heading says (`changeCounts`, as the Changes page says it). */
interface Section {
  title: string;
  count: number;
  entries: Entry[];
}

const encoder = new TextEncoder();

/** What a line costs in the budget: its UTF-8 bytes and the line break after it. */
const cost = (line: string) => encoder.encode(line).length + 1;
const costOf = (lines: readonly string[]) => lines.reduce((n, l) => n + cost(l), 0);

const areaOfKey = (key: string) => key.slice(0, key.indexOf('/'));

/**
 * A sentence written as Markdown whose values are code spans (a breaking change: "Field `x` of
 * `Order` removed."): each code span is kept as written, since inside backticks nothing is read as
 * markup (so `&lt;` there would show as those four characters), and the text between them is
 * escaped. Spans are found as CommonMark finds them: a run of backticks closes at the next run of
 * the same length; a run with none is a literal backtick.
 */
function markdownSentence(message: string): string {
  const text = escapeControls(message.replace(/\s*\r?\n\s*/g, ' '));
  const runs = [...text.matchAll(/`+/g)].map((m) => ({ at: m.index, length: m[0].length }));
  // For each run, the next run of the same length (one pass from the end): the whole scan stays linear.
  const next: number[] = [];
  const seen = new Map<number, number>();
  for (let i = runs.length - 1; i >= 0; i--) {
    const length = runs[i]?.length ?? 0;
    next[i] = seen.get(length) ?? -1;
    seen.set(length, i);
  }
  let out = '';
  let from = 0;
  for (let i = 0; i < runs.length; i++) {
    const open = runs[i];
    const end = runs[next[i] ?? -1];
    if (open === undefined || end === undefined) continue;
    out += markdownQuiet(text.slice(from, open.at)) + text.slice(open.at, end.at + end.length);
    from = end.at + end.length;
    i = next[i] ?? i;
  }
  return out + markdownQuiet(text.slice(from));
}

/**
 * A gap as a line: its id and its label as code spans, so that nothing a name holds is read by
 * GitHub: `#1` would link an issue and `@name` mention someone even backslash-escaped (GitHub finds
 * references in the rendered text, skipping only code and links).
 */
// On a preview, a gap's link goes to its mark (a closed gap's value has no gap anchor of its own any more).
// A gap closed on an item renamed is under its new id, the one the preview marks: its old id follows.
// A gap closed with nothing stated says why, so it never reads as answered.
const gapLine = (g: FacetResult & { was?: string; reason?: ClosedReason }, on: Linker) =>
  `  - ${on(markdownCode(g.id), markPath(g.id))}: ${markdownCode(g.label)}${g.was !== undefined ? ` (was ${markdownCode(g.was)})` : ''}${g.reason !== undefined ? `: nothing stated, ${CLOSED_REASON[g.reason]}` : ''}`;

/** Why a gap closed with nothing stated, in the words the comment and the Changes page both say. */
export const CLOSED_REASON: Readonly<Record<ClosedReason, string>> = {
  settings: 'no longer asked for by specbench.yaml',
  removed: 'gone with what held it',
  inapplicable: 'no longer applies',
};

/** Said when `specbench.yaml` asks for other refinements than before: gaps close or open with nothing else changed. */
export const SETTINGS_CHANGED = '**specbench.yaml changed:** it asks for other refinements than before, so gaps may close or open with nothing else stated.';

/** A code span as it stands in a list: linked to its page on the preview when there is one (`path` from the preview's root). */
type Linker = (code: string, path: string) => string;

/** Links to pages of the preview at `preview`, each path segment and fragment percent-encoded (so no `<`, `>` or space ends the link); none without a preview. */
function linker(preview: string | undefined): Linker {
  if (preview === undefined) return (code) => code;
  const encode = (path: string) => {
    const [page = '', fragment] = path.split('#', 2);
    return page.split('/').map(encodeURIComponent).join('/') + (fragment === undefined ? '' : `#${encodeURIComponent(fragment).replace(/%2F/g, '/')}`);
  };
  return (code, path) => `[${code}](<${preview}${encode(path)}>)`;
}

/** The `area/item` key's page. */
const keyPage = (key: string) => itemPath(areaOfKey(key), key.slice(key.indexOf('/') + 1));

function gapEntries(gaps: ReadonlyArray<FacetResult & { was?: string; reason?: ClosedReason }>, on: Linker): Entry[] {
  return AREAS.flatMap((def) => gaps.filter((g) => g.area === def.key).map((g, i) => ({ line: gapLine(g, on), ...(i === 0 ? { group: `- **${def.title}**` } : {}) })));
}

function sections(d: SpecDiff, on: Linker): Section[] {
  const n: ChangeCounts = changeCounts(d);
  const parameters = Map.groupBy(d.parametersRenamed, (r) => r.item);
  return [
    { title: 'Breaking changes', count: n.breaking, entries: d.breaking.map((b) => ({ line: `- ${markdownSentence(b.message)}` })) },
    { title: 'Gaps closed', count: n.closed, entries: gapEntries(d.gapsClosed, on) },
    { title: 'Gaps opened', count: n.opened, entries: gapEntries(d.gapsOpened, on) },
    {
      title: 'Items',
      count: n.items,
      entries: [
        ...d.itemsAdded.map((k) => ({ line: `- Added ${on(markdownCode(k), keyPage(k))}` })),
        ...d.itemsRemoved.map((k) => ({ line: `- Removed ${on(markdownCode(k), keyPage(k))}` })),
        ...d.itemsRenamed.map((r) => ({ line: [`- Renamed ${markdownCode(r.from)} to ${on(markdownCode(r.to), keyPage(r.to))}${r.changed ? ', and changed' : ''}`, ...(parameters.get(r.to) ?? []).map((p) => `  - ${markdownSentence(p.message)}`)].join('\n') })),
        // A path parameter renamed is said under its item, as what changed there (no client breaks).
        ...d.itemsChanged.map((k) => ({ line: [`- Changed ${on(markdownCode(k), keyPage(k))}`, ...(parameters.get(k) ?? []).map((r) => `  - ${markdownSentence(r.message)}`)].join('\n') })),
        ...d.areasChanged.map((k) => ({ line: `- Changed the ${on(k, areaPath(k))} area file` })),
      ],
    },
  ].filter((s) => s.entries.length > 0);
}

/** The lines of a list's first `shown` entries, each area's heading before its first line (a list is only ever cut at its end). */
function entryLines(entries: readonly Entry[], shown: number): string[] {
  return entries.slice(0, shown).flatMap((e) => (e.group !== undefined ? [e.group, e.line] : [e.line]));
}

const heading = (s: Section) => ['', `### ${s.title} (${s.count})`, ''];

/** The diff as Markdown fit for a pull-request comment (and a job summary): whole, or summarised to fit `options.budget`. */
export function diffMarkdown(d: SpecDiff, range: string, given: DiffMarkdownOptions = {}): string {
  // A preview's address is taken with or without its final slash; its pages are below it.
  const options = given.preview === undefined || given.preview.endsWith('/') ? given : { ...given, preview: `${given.preview}/` };
  const lists = sections(d, linker(options.preview));
  const whole = [
    ...top(d, range, options.preview),
    readinessSentence(d.readiness.after, markdownCode),
    ...lists.flatMap((s) => [...heading(s), ...entryLines(s.entries, s.entries.length)]),
    ...(lists.length === 0 ? ['', 'No change to the spec.'] : []),
    '',
  ];
  if (options.budget === undefined || costOf(whole) - 1 <= options.budget) return whole.join('\n');
  return summary(d, range, lists, options.budget, options.fullReport ?? changesPage(options.preview), options.preview);
}

/** The preview's Changes page. */
const changesPage = (preview: string | undefined) => (preview === undefined ? undefined : `${preview}changes/`);

/** The line that links the preview: its Changes page and its home. */
const previewLine = (preview: string | undefined) => (preview === undefined ? [] : [`**Preview:** [the Changes page](<${preview}changes/>) lists and marks every change; [the whole site](<${preview}>) as this change makes it.`, '']);

/** The marker, the heading, the counts in one sentence, and a level reached or dropped below. */
function top(d: SpecDiff, range: string, preview?: string): string[] {
  return [
    DIFF_MARKER,
    '## Spec changes',
    '',
    `Comparing ${range}: ${counted(d.gapsClosed.length, 'gap')} closed, ${d.gapsOpened.length} opened (${d.gapCount.before} → ${d.gapCount.after} open).`,
    '',
    ...(d.emptyBase ? [EMPTY_BASE, ''] : []),
    ...(d.settingsChanged ? [SETTINGS_CHANGED, ''] : []),
    ...previewLine(preview),
    ...readinessHeadline(d.readiness),
  ];
}

/** Said when the base has no spec at all: a folder moved or renamed since is compared with nothing. */
const EMPTY_BASE = '**Nothing to compare with:** at the base revision the spec folder holds no spec file (it was not there: a new spec, or a folder moved or renamed since), so everything in it counts as added.';

/** "the full report", linked when there is one to link. */
const fullReportWords = (url: string | undefined) => (url === undefined ? 'the full report (`specbench diff`)' : `[the full report](<${url}>)`);

/**
 * The report cut to a budget: the counts per kind and area, then each list's first lines, the
 * budget shared out evenly between the lists (what one list leaves unused goes to the others), each
 * list cut short saying how many lines it left out and where they are.
 */
function summary(d: SpecDiff, range: string, lists: readonly Section[], budget: number, url: string | undefined, preview?: string): string {
  const opening = top(d, range, preview);
  const counts = [`This change is too large to list in full here: below are its counts and the first lines of each list; ${fullReportWords(url)} has every line.`, '', ...countsTable(d, lists)];
  const more = (s: Section, shown: number) => `- … and ${s.entries.length - shown} more in the full report${url === undefined ? ' (`specbench diff`)' : ', linked above'}.`;
  // Every list has its heading and its "more" line (a few hundred bytes in all), then lines as they
  // fit. The text costs its lines less the last line break, which the closing empty line makes up.
  let room = budget - costOf(opening) - costOf(counts) - lists.reduce((n, s) => n + costOf(heading(s)) + cost(more(s, 0)), 0);
  if (room < 0) return bare(d, url, preview);
  const readiness = [BLOCKING_SHOWN, 10, 3, 1].map((cap) => readinessSentence(d.readiness.after, markdownCode, cap)).find((s) => cost(s) + 1 <= Math.min(4_096, room / 4));
  if (readiness !== undefined) room -= cost(readiness) + 1;
  const shown = shareOut(lists, room);
  const lines = [
    ...opening,
    ...(readiness !== undefined ? [readiness, ''] : []),
    ...counts,
    ...lists.flatMap((s, i) => {
      const n = shown[i] ?? 0;
      return [...heading(s), ...entryLines(s.entries, n), ...(n < s.entries.length ? [more(s, n)] : [])];
    }),
    '',
  ];
  const text = lines.join('\n');
  return cost(text) - 1 <= budget ? text : bare(d, url, preview);
}

/** Only the counts of gaps and the link: what is left when not even the table fits (a budget under `DIFF_MIN_BUDGET`, level names of many thousand characters). */
function bare(d: SpecDiff, url: string | undefined, preview?: string): string {
  return [DIFF_MARKER, '## Spec changes', '', `${counted(d.gapsClosed.length, 'gap')} closed, ${d.gapsOpened.length} opened (${d.gapCount.before} → ${d.gapCount.after} open); ${fullReportWords(url)} says what else changed.`, '', ...(d.emptyBase ? [EMPTY_BASE, ''] : []), ...previewLine(preview)].join('\n');
}

/**
 * How many lines of each list fit in `room` bytes: each list may take an even share of what is left,
 * the lists that need less than their share first, so that what they leave goes to the others.
 */
function shareOut(lists: readonly Section[], room: number): number[] {
  const costs = lists.map((s) => {
    // What the first k lines cost, for each k (an area's heading is paid by the first line shown in it).
    const sums = [0];
    s.entries.forEach((e, i) => sums.push((sums[i] ?? 0) + cost(e.line) + (e.group !== undefined ? cost(e.group) : 0)));
    return sums;
  });
  const shown = lists.map(() => 0);
  const order = lists.map((_, i) => i).sort((a, b) => (costs[a]?.at(-1) ?? 0) - (costs[b]?.at(-1) ?? 0) || a - b);
  let left = room;
  order.forEach((index, k) => {
    const share = Math.floor(left / (order.length - k));
    const sums = costs[index] ?? [0];
    let n = 0;
    while (n + 1 < sums.length && (sums[n + 1] ?? Infinity) <= share) n++;
    shown[index] = n;
    left -= sums[n] ?? 0;
  });
  return shown;
}

/** The counts of each kind per area, and in all: the table a summary starts with. */
function countsTable(d: SpecDiff, lists: readonly Section[]): string[] {
  const columns: Array<[string, (area: string) => number]> = [
    ['Gaps closed', (a) => d.gapsClosed.filter((g) => g.area === a).length],
    ['Gaps opened', (a) => d.gapsOpened.filter((g) => g.area === a).length],
    ['Items added', (a) => d.itemsAdded.filter((k) => areaOfKey(k) === a).length],
    ['Removed', (a) => d.itemsRemoved.filter((k) => areaOfKey(k) === a).length],
    ['Renamed', (a) => d.itemsRenamed.filter((r) => areaOfKey(r.to) === a).length],
    ['Changed', (a) => d.itemsChanged.filter((k) => areaOfKey(k) === a).length + (d.areasChanged.includes(a) ? 1 : 0)],
    ['Breaking', (a) => d.breaking.filter((b) => areaOfKey(b.item) === a).length],
  ];
  const rows = AREAS.map((def) => ({ title: def.title, counts: columns.map(([, count]) => count(def.key)) })).filter((r) => r.counts.some((n) => n > 0));
  const total = columns.map((_, i) => rows.reduce((n, r) => n + (r.counts[i] ?? 0), 0));
  const row = (cells: ReadonlyArray<string | number>) => `| ${cells.join(' | ')} |`;
  if (lists.length === 0) return [];
  return [
    row(['Area', ...columns.map(([name]) => name)]),
    row(['---', ...columns.map(() => '---:')]),
    ...rows.map((r) => row([r.title, ...r.counts])),
    row(['**All**', ...total.map((n) => `**${n}**`)]),
  ];
}

/** What the change does to the spec's readiness: a level reached or dropped below. */
function readinessHeadline({ before, after, change }: SpecDiff['readiness']): string[] {
  const was = `(before: ${reachedWords(before)})`;
  return change === 'reaches'
    ? [`**This change reaches level ${after.reached ?? ''}** ${was}.`, '']
    : change === 'drops'
      ? [`**This change drops below level ${before.reached ?? ''}**: ${reachedWords(after)} now.`, '']
      : [];
}

/** The diff as JSON, for scripts. */
export function diffJson(d: SpecDiff, range: { base: string; head: string }): string {
  const gap = (g: FacetResult & { was?: string; reason?: ClosedReason }) => ({ id: g.id, ...(g.was !== undefined ? { was: g.was } : {}), area: g.area, label: g.label, state: g.state, question: g.question, ...(g.reason !== undefined ? { reason: g.reason } : {}) });
  const level = (r: Readiness) => ({ reached: r.reached ?? null, next: r.next ? { name: r.next.name, blocking: r.next.blocking.map((g) => g.id) } : null });
  const readiness = { change: d.readiness.change, before: level(d.readiness.before), after: level(d.readiness.after) };
  return `${safeJson({ ...range, ...d, gapsClosed: d.gapsClosed.map(gap), gapsOpened: d.gapsOpened.map(gap), readiness })}\n`;
}
