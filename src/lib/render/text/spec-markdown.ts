import GithubSlugger from 'github-slugger';
import type { Analysis } from '../../analyze.ts';
import { AREAS, itemTitle } from '../../areas/index.ts';
import { isObj, stated } from '../../facet/state.ts';
import { facetTree, groupByOwner, type Row } from '../../gaps/tree.ts';
import { sumCoverage } from '../../gaps/types.ts';
import { proseMarkdown } from '../../link/markdown.ts';
import { referencesAt } from '../../link/references.ts';
import { linkResolver } from '../../link/resolve.ts';
import { areaOf, itemKey } from '../../model/spec.ts';
import { markdownCode as code, markdownLiteral, markdownText } from '../../safety/markdown.ts';
import { escapeControls } from '../../safety/terminal.ts';
import { showCoverage } from '../report.ts';

interface Writer {
  /** Prose with its spec links pointing at this document's headings. */
  prose(text: string): string;
  /** The headings an item's references point at, as Markdown links. */
  names(file: string, at: readonly (string | number)[]): string;
  /** A value written as a name (a variant given as its resource), linked to the heading it names where it names one. */
  named(file: string, at: readonly (string | number)[], text: string): string;
}

/** A scalar in a line, exactly as written. */
const scalar = (value: unknown) => markdownLiteral(value === null ? 'null' : String(value));

const isScalar = (v: unknown) => v === null || typeof v !== 'object';

/** Continuation lines of a list item, indented under it. */
const indent = (text: string, depth: number) => text.split('\n').map((l) => (l ? `${'  '.repeat(depth)}${l}` : '')).join('\n');

/**
 * A value after `label:` on a list line: scalars and lists of scalars inline, prose as its own
 * paragraphs below the line, structures as nested list lines with every key and value.
 */
function valueText(value: unknown, key: string | number | undefined, depth: number, w: Writer): string {
  if (typeof value === 'string' && key === 'description') {
    const text = w.prose(value);
    return text.includes('\n') ? `\n\n${indent(text, depth + 1)}\n` : text;
  }
  if (isScalar(value)) return scalar(value);
  if (Array.isArray(value) && value.every(isScalar)) return value.length === 0 ? '`[]` (an empty list)' : value.map(scalar).join(', ');
  return `\n${structure(value, depth + 1, w)}`;
}

function structure(value: unknown, depth: number, w: Writer): string {
  const pad = '  '.repeat(depth);
  if (Array.isArray(value)) {
    return value
      .map((entry) => (isObj(entry) && Object.keys(entry).length > 0 ? `${pad}-${structure(entry, depth + 1, w).slice(pad.length + 1)}` : `${pad}- ${valueText(entry, undefined, depth, w)}`))
      .join('\n');
  }
  if (isObj(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return `${pad}- \`{}\` (an empty mapping)`;
    return entries.map(([k, v]) => `${pad}- ${markdownLiteral(k)}: ${valueText(v, k, depth, w)}`.trimEnd()).join('\n');
  }
  return `${pad}- ${valueText(value, undefined, depth, w)}`;
}

/** One row as a list line: stated (with what it names), none with its reason, or marked open with its id and question. */
function rowLines(row: Row, w: Writer): string {
  const line = (rest: string) => `${'  '.repeat(row.depth)}- ${markdownLiteral(row.kind === 'facet' ? row.facet.label : row.label)}: ${rest}`.trimEnd();
  // What a value names goes on its line, before a structure's nested lines.
  const value = (v: unknown, key: string | number | undefined, names: string) => {
    const text = valueText(v, key, row.depth, w);
    return text.startsWith('\n') ? `${names.trimStart()}${text}` : `${text}${names}`;
  };
  if (row.kind === 'detail') return line(value(row.value, row.key, w.names(row.file, row.at)));
  const { facet: f, hasChildren } = row;
  switch (f.state) {
    case 'stated': {
      // A facet with facets under it lists their names; they show their values and what those name.
      if (hasChildren && isObj(f.value)) return line(Object.keys(f.value).map((k) => code(k)).join(', '));
      if (hasChildren && Array.isArray(f.value)) return line(`${f.value.length} listed below`);
      const names = w.names(f.file, f.at);
      if (f.shown !== undefined) return line(`${markdownLiteral(f.shown)}${names}`);
      return line(value(f.value, f.prose ? 'description' : f.at.at(-1), names));
    }
    case 'none':
      return line(`none (${isObj(f.value) ? markdownLiteral(String(f.value.none).trim()) : ''})`);
    case 'placeholder':
      return line(`${markdownLiteral(String(f.value))}, a placeholder; the concrete value is **open** (${code(f.id)}).`);
    default:
      return line(`**open** (${code(f.id)}${f.state === 'empty' ? ', an empty list' : ''}). ${markdownText(f.question)}${f.owner ? ` Owner: ${markdownLiteral(f.owner)}.` : ''}`);
  }
}

/** The word for one entry of a list: `variants` → `variant`. */
const entryWord = (label: string) => {
  const last = label.slice(label.lastIndexOf(': ') + 1).trim();
  return last.endsWith('s') ? last.slice(0, -1) : last;
};

/**
 * Rows as list lines, with the entries of a stated list that have no rows of their own (a variant
 * given as a resource name beside inline ones) each on a line of its own, in its place among the
 * rows of the entries that have them.
 */
function rowsWithEntries(tree: readonly Row[], w: Writer): string[] {
  const out: string[] = [];
  const open: Array<{ id: string; entries: Array<{ index: number; line: string }> }> = [];
  /** The list entry (by index) a row is under, for an open list. */
  const indexUnder = (listId: string, id: string) => (id.startsWith(`${listId}/`) ? Number(id.slice(listId.length + 1).split('/')[0]) : undefined);
  for (const row of tree) {
    const id = row.kind === 'facet' ? row.facet.id : row.id;
    // Lists this row is no longer under get their remaining entries; lists it is under, those before it.
    for (let top = open.at(-1); top && indexUnder(top.id, id) === undefined; top = open.at(-1)) {
      for (const e of top.entries) out.push(e.line);
      open.pop();
    }
    for (const list of open) {
      const index = indexUnder(list.id, id) ?? Number.POSITIVE_INFINITY;
      const before = list.entries.filter((e) => e.index < index);
      for (const e of before) out.push(e.line);
      list.entries = list.entries.slice(before.length);
    }
    out.push(rowLines(row, w));
    if (row.kind !== 'facet' || !row.hasChildren || row.facet.state !== 'stated' || !Array.isArray(row.facet.value)) continue;
    const f = row.facet;
    const word = entryWord(f.label);
    const entries = (f.value as unknown[]).flatMap((v, index) => {
      if (!isScalar(v)) return [];
      const text = typeof v === 'string' ? w.named(f.file, [...f.at, index], v) : scalar(v);
      return [{ index, line: `${'  '.repeat(row.depth + 1)}- ${markdownLiteral(`${word} ${index}`)}: ${text}` }];
    });
    if (entries.length > 0) open.push({ id: f.id, entries });
  }
  // One at a time here and below: a list may have 500,000 entries, too many to spread into one call.
  for (const list of open.reverse()) for (const e of list.entries) out.push(e.line);
  return out;
}

/**
 * The whole spec as one Markdown document in the nine-part order, stating everything that is
 * established (every value of every file, structures as nested lists, prose links pointing at
 * the document's own headings) and marking what is open, fit to attach to a review.
 * Deterministic for the same content.
 */
export function specMarkdown(a: Analysis): string {
  const purpose = areaOf(a.spec, 'purpose').data;
  const name = stated(purpose.name);
  const title = `${name ?? 'Service'} interface specification`;
  // Heading anchors as GitHub makes them, in document order (repeated titles get -1, -2...).
  const slugger = new GithubSlugger();
  slugger.slug(title);
  const areaSlugs = new Map(AREAS.map((m, i) => [m.key as string, slugger.slug(`${i + 1}. ${m.title}`)]));
  const itemSlugs = new Map<string, string>();
  const titles = new Map<string, string>();
  for (const m of AREAS) {
    for (const item of areaOf(a.spec, m.key).items) {
      const title = itemTitle(m.key, item);
      titles.set(itemKey(item), title);
      itemSlugs.set(itemKey(item), slugger.slug(`${title} (${itemKey(item)})`));
    }
  }
  const facetIds = new Set(a.assessment.facets.map((f) => f.id));
  // A facet is shown under its item's heading (or its area's).
  const facetSlug = (id: string) => {
    if (!facetIds.has(id)) return undefined;
    const [area = '', item = ''] = id.split('/');
    return `#${itemSlugs.get(`${area}/${item}`) ?? areaSlugs.get(area)}`;
  };
  const prose = proseMarkdown(linkResolver(titles, { area: (key) => `#${areaSlugs.get(key)}`, item: (area, id) => `#${itemSlugs.get(`${area}/${id}`)}`, facet: facetSlug }));
  const refsAt = referencesAt(a.references);
  // Each text written once: an imported spec repeats the same descriptions in many files.
  const written = new Map<string, string>();
  const writer: Writer = {
    prose: (text) => {
      let md = written.get(text);
      if (md === undefined) {
        md = escapeControls(prose(text));
        written.set(text, md);
      }
      return md;
    },
    names: (file, at) => {
      const targets = [...new Set(refsAt(file, at).map((r) => `${r.area}/${r.id}`))].filter((key) => itemSlugs.has(key));
      return targets.length === 0 ? '' : ` (names ${targets.map((key) => `[${markdownLiteral(titles.get(key) ?? key)}](#${itemSlugs.get(key)})`).join(', ')})`;
    },
    named: (file, at, text) => {
      const target = refsAt(file, at).find((r) => r.path.length === at.length && itemSlugs.has(`${r.area}/${r.id}`));
      return target ? `[${markdownLiteral(text)}](#${itemSlugs.get(`${target.area}/${target.id}`)})` : markdownLiteral(text);
    },
  };
  const lines = [
    `# ${markdownLiteral(title)}`,
    '',
    `This document covers all nine parts of the service interface in order: ${AREAS.map((d) => d.title.toLowerCase()).join(', ')}. It states only what is established; everything else is marked **open**, with the question that would settle it. ${a.assessment.gaps.length} facets are open; ${showCoverage(sumCoverage(Object.values(a.assessment.byArea)))} are stated.`,
  ];
  const facets = groupByOwner(a.assessment.facets);
  const owners = groupByOwner(a.assessment.owners);
  // A stated description is the opening prose, so it is not repeated as a row.
  const rows = (key: string, baseDepth: number) =>
    rowsWithEntries(
      facetTree(facets.get(key) ?? [], baseDepth, owners.get(key)).filter((row) => !(row.kind === 'facet' && row.facet.state === 'stated' && row.facet.id === `${key}/description`)),
      writer,
    );
  AREAS.forEach((module, index) => {
    const area = areaOf(a.spec, module.key);
    const coverage = a.assessment.byArea[module.key];
    lines.push('', `## ${index + 1}. ${module.title}`, '', `${module.covers}: ${coverage.stated === 0 ? 'nothing is stated yet' : `${showCoverage(coverage)} stated`}.`);
    for (const line of module.intro?.({ items: area.items.length, purpose }) ?? []) lines.push('', line);
    if (typeof area.data.description === 'string') lines.push('', writer.prose(area.data.description));
    const own = rows(module.key, 1);
    if (own.length) lines.push('');
    for (const line of own) lines.push(line);
    for (const item of area.items) {
      lines.push('', `### ${markdownLiteral(itemTitle(module.key, item))} (${code(`${module.key}/${item.id}`)})`);
      const description = stated(item.data.description);
      if (typeof description === 'string') lines.push('', writer.prose(description));
      const mine = rows(itemKey(item), 2);
      if (mine.length) lines.push('');
      for (const line of mine) lines.push(line);
      const extra = module.markdown?.(item.data, item.id) ?? [];
      if (extra.length) lines.push('');
      for (const line of extra) lines.push(line);
    }
  });
  lines.push('');
  return lines.join('\n');
}
