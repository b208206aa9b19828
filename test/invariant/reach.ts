import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { parse, type HTMLElement } from 'node-html-parser';
import { remark } from 'remark';
import { AREAS, specMarkdown, type Analysis } from '../../src/lib/index.ts';
import { squash, statedLeaves, type Leaf } from './stated.ts';

/** HTML read as a browser shows it: `<pre>` parsed like any element (node-html-parser keeps it raw by default), scripts and styles left out. */
const read = (html: string) => parse(html, { blockTextElements: { script: false, style: false, noscript: false } });

/** The text of an element as a reader sees it, blanks removed. */
const seen = (el: HTMLElement | null | undefined) => squash(el?.text ?? '');

/** Where a file's values are shown: an item's page, or its area's page. */
function owner(file: string): { area: string; item?: string } {
  const [area = '', name = ''] = file.split('/');
  return name === '_area.yaml' ? { area } : { area, item: name.replace(/\.yaml$/, '') };
}

/**
 * The single Markdown document split into what a reader sees of each area (before its first item)
 * and of each item, keyed `area` and `area/item`: read back with remark, so escapes are undone.
 */
function documentSections(markdown: string): Map<string, string> {
  const out = new Map<string, string>();
  let key = '';
  let lines: string[] = [];
  const flush = () => {
    if (key) out.set(key, squash(toString(remark().parse(lines.join('\n')) as Root, { includeImageAlt: false })));
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

/**
 * Every stated value of a spec that is missing from its item's (or area's) page, from the print
 * page, or from the single Markdown document: an empty list when nothing is dropped.
 */
export async function droppedValues(files: ReadonlyArray<{ file: string; data: unknown }>, analysis: Analysis, site: string): Promise<string[]> {
  const leaves = statedLeaves(files);
  const pages = new Map<string, string>();
  const pageText = async (path: string) => {
    let text = pages.get(path);
    if (text === undefined) {
      text = seen(read(await readFile(join(site, path, 'index.html'), 'utf8')).querySelector('main'));
      pages.set(path, text);
    }
    return text;
  };
  const print = read(await readFile(join(site, 'print', 'index.html'), 'utf8'));
  const printText = new Map<string, string>();
  for (const section of print.querySelectorAll('section.area')) {
    const area = section.getAttribute('data-area') ?? '';
    printText.set(area, seen(section));
    for (const item of section.querySelectorAll('section.item')) printText.set(`${area}/${item.getAttribute('data-item')}`, seen(item));
  }
  const doc = documentSections(specMarkdown(analysis));
  const areaSections = new Map([...doc].filter(([k]) => k.startsWith('#area:')).map(([k, v], i) => [AREAS[i]?.key ?? k, v]));
  const missing: string[] = [];
  const report = (leaf: Leaf, where: string) => missing.push(`${leaf.file} ${leaf.path} = ${JSON.stringify(leaf.text)}: not on ${where}`);
  for (const leaf of leaves) {
    const { area, item } = owner(leaf.file);
    const key = item === undefined ? area : `${area}/${item}`;
    const page = item === undefined ? `${area}` : `${area}/${item}`;
    // A boolean's words are looked for case aside; any other value exactly as written.
    const shows = (text: string) =>
      leaf.words ? leaf.words.some((w) => text.toLowerCase().includes(squash(w).toLowerCase())) || text.includes(squash(leaf.text)) : text.includes(squash(leaf.text));
    if (!shows(await pageText(page))) report(leaf, `the page /${page}/`);
    if (!shows(printText.get(key) ?? '')) report(leaf, 'the print page');
    if (!shows((item === undefined ? areaSections.get(area) : doc.get(key)) ?? '')) report(leaf, 'the Markdown document');
  }
  return missing;
}
