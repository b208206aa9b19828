import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Nodes, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { parse, type HTMLElement } from 'node-html-parser';
import { AREAS, itemScope, specMarkdown, type Analysis } from '../../src/lib/index.ts';
import { facetTree, groupByOwner } from '../../src/lib/gaps/tree.ts';
import { proseReader, squash, statedLeaves, type Leaf } from './stated.ts';

/** HTML read as a browser shows it: `<pre>` parsed like any element (node-html-parser keeps it raw by default), scripts and styles left out. */
const read = (html: string) => parse(html, { blockTextElements: { script: false, style: false, noscript: false } });

/** The text of an element as a reader sees it, blanks removed. */
const seen = (el: HTMLElement | null | undefined) => squash(el?.text ?? '');

/** Where a file's values are shown: an item's page, or its area's page. */
function owner(file: string): { area: string; item?: string } {
  const [area = '', name = ''] = file.split('/');
  return name === '_area.yaml' ? { area } : { area, item: name.replace(/\.yaml$/, '') };
}

/** A row of the document: how deep its list line is nested, and its text with what nests under it. */
type RowBlock = { depth: number; text: string };

/**
 * The rows of a section: each list item (`- label: value`) with what is nested under it (a
 * structure's lines, prose paragraphs, the rows of what it holds), read back as text.
 */
function rowBlocks(tree: Root): RowBlock[] {
  const out: RowBlock[] = [];
  const walk = (node: Nodes, depth: number) => {
    if (node.type === 'listItem') out.push({ depth, text: squash(toString(node, { includeImageAlt: false })) });
    if ('children' in node) for (const child of node.children) walk(child, node.type === 'list' ? depth + 1 : depth);
  };
  walk(tree, -1);
  return out;
}

/** What a reader sees of one part of the document: all of it, and its rows one by one. */
type Section = { text: string; rows: RowBlock[] };

/**
 * The single Markdown document split into what a reader sees of each area (before its first item)
 * and of each item, keyed `area` and `area/item`: read back with remark, so escapes are undone.
 */
function documentSections(markdown: string): Map<string, Section> {
  const out = new Map<string, Section>();
  let key = '';
  let lines: string[] = [];
  const flush = () => {
    if (!key) return;
    const tree = proseReader().parse(lines.join('\n')) as Root;
    out.set(key, { text: squash(toString(tree, { includeImageAlt: false })), rows: rowBlocks(tree) });
  };
  for (const line of markdown.split('\n')) {
    const area = /^## \d+\. /.exec(line);
    const item = /^### .* \(`([^`]+)`\)$/.exec(line);
    if (area || item) {
      flush();
      lines = [line];
      key = item?.[1] ?? '';
      if (area) key = `#area:${line}`;
      continue;
    }
    lines.push(line);
  }
  flush();
  return out;
}

/** A row the document writes for a facet, or for a value its owner states besides its facets: where the value is, its label and depth. */
type RowPlace = { file: string; at: readonly (string | number)[]; label: string; depth: number };

/**
 * The rows that may show a value written at a place of a file, deepest first: the rows of the
 * facets and values written at or above it (for a map key, strictly above: an entry's name is
 * shown by what holds it), as the document lays them out.
 */
function rowPlaces(analysis: Analysis): (leaf: Leaf) => RowPlace[] {
  const places = new Map<string, RowPlace[]>();
  const owners = groupByOwner(analysis.assessment.owners);
  for (const [key, facets] of groupByOwner(analysis.assessment.facets)) {
    for (const row of facetTree(facets, key.split('/').length, owners.get(key))) {
      if (row.kind === 'facet' && row.facet.state === 'missing') continue;
      const place = row.kind === 'facet' ? { file: row.facet.file, at: row.facet.at, label: row.facet.label, depth: row.depth } : { file: row.file, at: row.at, label: row.label, depth: row.depth };
      const list = places.get(place.file) ?? [];
      list.push(place);
      places.set(place.file, list);
    }
  }
  // By file and place, so that a leaf looks up only the places above it.
  const byPlace = new Map<string, RowPlace[]>();
  for (const [file, list] of places) {
    for (const p of list) {
      const key = JSON.stringify([file, ...p.at.map(String)]);
      byPlace.set(key, [...(byPlace.get(key) ?? []), p]);
    }
  }
  return (leaf) => {
    const out: RowPlace[] = [];
    for (let n = leaf.key ? leaf.at.length - 1 : leaf.at.length; n >= 0; n--) out.push(...(byPlace.get(JSON.stringify([leaf.file, ...leaf.at.slice(0, n).map(String)])) ?? []));
    return out;
  };
}

/** Text as JSON writes it inside a string, blanks removed: the escapes of blanks (`\n`) too, as `squash` removes blanks. */
const squashJson = (s: string) => squash(s).replace(/(?<!\\)\\[nrt]/g, '');

/**
 * A boolean's words are looked for case aside; any other value exactly as written, or as JSON
 * writes it inside a string (an example's text, shown as the JSON it is: `"it's \"quoted\""`).
 */
const shownIn = (leaf: Leaf, text: string) =>
  leaf.words
    ? leaf.words.some((w) => text.toLowerCase().includes(squash(w).toLowerCase())) || text.includes(squash(leaf.text))
    : text.includes(squash(leaf.text)) || squashJson(text).includes(squashJson(JSON.stringify(leaf.text).slice(1, -1)));

const failure = (leaf: Leaf, where: string) => `${leaf.file} ${leaf.path} = ${JSON.stringify(leaf.text)}: not on ${where}`;

/**
 * Every stated value of a spec that the single Markdown document (by default the one the core
 * writes) does not show in its own row: the deepest row written at or above the value (its
 * facet's, or the one of a value its owner states besides its facets). A value no row shows (a
 * title, the opening prose, a transition table) is looked for in its item's or area's part.
 */
export function droppedFromDocument(files: ReadonlyArray<{ file: string; data: unknown }>, analysis: Analysis, markdown = specMarkdown(analysis)): string[] {
  const doc = documentSections(markdown);
  const areaSections = new Map([...doc].filter(([k]) => k.startsWith('#area:')).map(([k, v], i) => [AREAS[i]?.key ?? k, v]));
  const placesOf = rowPlaces(analysis);
  // Rows by depth and the start of their text, so that a label is looked up among few.
  const PREFIX = 8;
  const indexes = new Map<Section, Map<string, string[]>>();
  const rowsAt = (section: Section, depth: number, label: string): string[] => {
    let index = indexes.get(section);
    if (!index) {
      index = new Map();
      for (const r of section.rows) {
        for (const key of [`${r.depth}`, `${r.depth}\u0000${r.text.slice(0, PREFIX)}`]) {
          const list = index.get(key);
          if (list) list.push(r.text);
          else index.set(key, [r.text]);
        }
      }
      indexes.set(section, index);
    }
    const head = `${squash(label)}:`;
    const bucket = index.get(head.length >= PREFIX ? `${depth}\u0000${head.slice(0, PREFIX)}` : `${depth}`) ?? [];
    return bucket.filter((text) => text.startsWith(head));
  };
  const documentText = (leaf: Leaf, section: Section | undefined): string => {
    if (!section) return '';
    for (const place of placesOf(leaf)) {
      const rows = rowsAt(section, place.depth, place.label);
      if (rows.length > 0) return rows.join('\u0000');
    }
    return section.text;
  };
  return statedLeaves(files).flatMap((leaf) => {
    const { area, item } = owner(leaf.file);
    const section = item === undefined ? areaSections.get(area) : doc.get(`${area}/${item}`);
    return shownIn(leaf, documentText(leaf, section)) ? [] : [failure(leaf, 'its row of the Markdown document')];
  });
}

/**
 * Every stated value of a spec that is missing from its item's (or area's) page, from the print
 * page, or from its row of the single Markdown document: an empty list when nothing is dropped.
 */
export async function droppedValues(files: ReadonlyArray<{ file: string; data: unknown }>, analysis: Analysis, site: string): Promise<string[]> {
  const pages = new Map<string, string>();
  const pageText = async (path: string) => {
    let text = pages.get(path);
    if (text === undefined) {
      text = seen(read(await readFile(join(site, path, 'index.html'), 'utf8')).querySelector('main'));
      pages.set(path, text);
    }
    return text;
  };
  // The print page, or the pages it is split into for a large spec (one per area, and parts).
  const printPages = (await readdir(join(site, 'print'), { recursive: true })).filter((f) => f === 'index.html' || f.endsWith('/index.html')).sort();
  const printText = new Map<string, string>();
  // An item's continued pages (`print/<area>/<item>/2/`), where what its page cuts past the page's budget is whole: by the item's place below `print/`.
  const continuedText = new Map<string, string>();
  for (const file of printPages) {
    const print = read(await readFile(join(site, 'print', file), 'utf8'));
    const continued = print.querySelectorAll('section.continued');
    const scope = /^(.+\/)\d+\/index\.html$/.exec(file)?.[1];
    if (continued.length > 0 && scope !== undefined) continuedText.set(scope, `${continuedText.get(scope) ?? ''} ${continued.map((c) => seen(c)).join(' ')}`);
    for (const section of print.querySelectorAll('section.area')) {
      const area = section.getAttribute('data-area') ?? '';
      printText.set(area, `${printText.get(area) ?? ''} ${seen(section)}`);
      for (const item of section.querySelectorAll('section.item')) printText.set(`${area}/${item.getAttribute('data-item')}`, seen(item));
    }
  }
  // An area's list past its first page of rows continues on `<area>/list/N/`, where a group's heading and description sit with its first row: read as the area's page.
  const areaText = async (area: string): Promise<string> => {
    const listed = await readdir(join(site, area, 'list'), { withFileTypes: true }).catch(() => []);
    const more = listed.filter((d) => d.isDirectory()).map((d) => `${area}/list/${d.name}`).sort();
    return (await Promise.all([area, ...more].map(pageText))).join(' ');
  };
  const missing: string[] = [];
  for (const leaf of statedLeaves(files)) {
    const { area, item } = owner(leaf.file);
    const key = item === undefined ? area : `${area}/${item}`;
    if (!shownIn(leaf, item === undefined ? await areaText(area) : await pageText(key))) missing.push(failure(leaf, `the page /${key}/`));
    const printed = `${printText.get(key) ?? ''}${item === undefined ? '' : ` ${continuedText.get(itemScope(area, item)) ?? ''}`}`;
    if (!shownIn(leaf, printed)) missing.push(failure(leaf, 'the print page'));
  }
  return [...missing, ...droppedFromDocument(files, analysis)];
}
