import type { Element, Root as HtmlRoot } from 'hast';
import type { Root, Table, Text } from 'mdast';
import { createRequire } from 'node:module';
import type { Plugin } from 'unified';
import type { Node, Parent } from 'unist';
import { browserScheme, isSafeProseUrl } from '../safety/url.ts';
import { PROSE_LINK, type Prose } from './prose.ts';

/**
 * The Markdown toolchain (remark, rehype and their 150-odd modules), loaded on first use and
 * synchronously (Node's require of ES modules): a command that meets no prose never loads it.
 */
const load = createRequire(import.meta.url);
let toolchain:
  | {
      remark: typeof import('remark').remark;
      findAndReplace: typeof import('mdast-util-find-and-replace').findAndReplace;
      remarkRehype: typeof import('remark-rehype').default;
      rehypeSanitize: typeof import('rehype-sanitize').default;
      rehypeStringify: typeof import('rehype-stringify').default;
      gfmTableToMarkdown: typeof import('mdast-util-gfm-table').gfmTableToMarkdown;
    }
  | undefined;
let reader: { parse(text: string): unknown } | undefined;
/**
 * A Markdown reader alone (no writer, no HTML): what inspecting prose for `check` needs. It reads
 * GFM tables as pages do, so that what a table's `|` does to a link in a cell is what `check` sees.
 */
function markdownReader() {
  return (reader ??= (load('unified') as typeof import('unified')).unified().use((load('remark-parse') as typeof import('remark-parse')).default).use(tableSyntax).freeze());
}

/** GFM tables read (their syntax and their tree), loading only those two modules of the toolchain. */
const tableSyntax: Plugin<[], Root> = function () {
  const data = this.data();
  (data.micromarkExtensions ??= []).push((load('micromark-extension-gfm-table') as typeof import('micromark-extension-gfm-table')).gfmTable());
  (data.fromMarkdownExtensions ??= []).push((load('mdast-util-gfm-table') as typeof import('mdast-util-gfm-table')).gfmTableFromMarkdown());
};
function markdownToolchain(): NonNullable<typeof toolchain> {
  return (toolchain ??= {
    remark: (load('remark') as typeof import('remark')).remark,
    findAndReplace: (load('mdast-util-find-and-replace') as typeof import('mdast-util-find-and-replace')).findAndReplace,
    remarkRehype: (load('remark-rehype') as typeof import('remark-rehype')).default,
    rehypeSanitize: (load('rehype-sanitize') as typeof import('rehype-sanitize')).default,
    rehypeStringify: (load('rehype-stringify') as typeof import('rehype-stringify')).default,
    gfmTableToMarkdown: (load('mdast-util-gfm-table') as typeof import('mdast-util-gfm-table')).gfmTableToMarkdown,
  });
}

/**
 * Limits on one prose value (a description, the purpose statement). Markdown parsing is
 * super-linear on some inputs (deeply nested lists, runs of `[x](`), and rendering recurses
 * over the tree, so a value past these limits is an error and never reaches the parser.
 */
export const PROSE_LIMITS = {
  /** Characters in one prose value. */
  length: 32 * 1024,
  /** Characters of prose in one file, all its values together. */
  file: 64 * 1024,
  /** Block quotes and lists inside one another. */
  nesting: 16,
  /** List items and block quote markers, all lines together: many of them cost the parser time faster than linear. */
  containers: 1024,
  /**
   * `*` and `_` that may open or close emphasis (counted before parsing): matching them costs
   * the parser time quadratic in their number (`*a_` repeated, `**` nested deep).
   */
  emphasis: 1024,
  /** `[` and `]` (counted before parsing): link labels cost time quadratic in their number (`[x](` repeated). */
  brackets: 1024,
  /** Lines of only `=` or `-` (counted before parsing): headings underlined with them cost time quadratic in their number. */
  underlines: 256,
  /** Depth of the parsed tree (blocks and inline markup together). */
  depth: 48,
} as const;

/** What prose contains that the checks care about. */
export interface ProseFindings {
  /** Every `[[target|label]]` outside code, with its raw text. */
  links: Array<{ raw: string; target: string; label?: string }>;
  /** Raw HTML, which is never rendered. */
  html: string[];
  /**
   * Link and image URLs a browser would read with a scheme other than http, https or mailto (they
   * are dropped), and text that hides such a scheme behind blanks (`<java script:…>`); `scheme` is
   * what a browser would make of it.
   */
  unsafeUrls: Array<{ text: string; scheme: string; hidden: boolean }>;
  /** `[[` left over that is not a link of the documented shape. */
  malformed: string[];
  /**
   * Labelled links written in a table's cell with the bar unescaped (`[[x|label]]`), which the
   * table cut into two cells, as `[[x|label]]`; absent when there are none. `\|` keeps them whole.
   */
  cutByCell?: string[];
  /** Link, image and definition URLs that are paths from the site's root (`/documentation/web-api`): pages the spec's own site may not have. Absent when there are none. */
  rooted?: string[];
  /** Link, image and definition URLs relative to the page that shows the prose (`guide/start`, Redoc's `#operation/x`), which `missing-page` looks up; absent when there are none. */
  relative?: string[];
  /** Why the value was not parsed at all: too long or too deeply nested. */
  limit?: string;
}

/** What inspecting one prose value found, with where it is (not its text): what a file's result keeps and the prose checks read. */
export type ProseFound = Omit<Prose, 'text'> & ProseFindings;

/** True for relative URLs and http, https and mailto ones, read as a browser would read them. */
export const isSafeUrl = isSafeProseUrl;

/**
 * The deepest nesting of block quotes and list items a line can open or continue: its container
 * markers (`>`, `-`, `*`, `+`, `1.`) plus its leading indentation in steps of two columns; and
 * the markers of all lines together. A cheap bound computed in one pass, before the parser runs.
 */
export function blockNesting(text: string): { depth: number; line: number; containers: number } {
  let worst = { depth: 0, line: 1 };
  let line = 1;
  let containers = 0;
  // Line by line without splitting the text (most prose is one line, some thousands).
  for (let start = 0; start <= text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const row = text.slice(start, end);
    start = end + 1;
    let i = 0;
    let columns = 0;
    let markers = 0;
    for (;;) {
      const c = row[i];
      // Indentation counts before the first marker; the blanks that follow a marker do not.
      if (c === ' ') columns += markers === 0 ? 1 : 0;
      else if (c === '\t') columns += markers === 0 ? 4 : 0;
      else if (c === '>') markers++;
      else if ((c === '-' || c === '*' || c === '+') && (row[i + 1] === ' ' || row[i + 1] === '\t' || i + 1 === row.length)) markers++;
      else if (c !== undefined && c >= '0' && c <= '9') {
        let j = i;
        while (j < row.length && j - i < 9 && (row[j] ?? '') >= '0' && (row[j] ?? '') <= '9') j++;
        if ((row[j] === '.' || row[j] === ')') && (row[j + 1] === ' ' || j + 1 === row.length)) {
          markers++;
          i = j;
        } else break;
      } else break;
      i++;
    }
    const depth = markers + Math.floor(columns / 2);
    if (depth > worst.depth) worst = { depth, line };
    containers += markers;
    line++;
  }
  return { ...worst, containers };
}

const WHITESPACE = /\s/u;
const PUNCTUATION = /[\p{P}\p{S}]/u;
/** An ASCII punctuation character, which a backslash escapes. */
const ESCAPABLE = /[!-/:-@[-`{-~]/;
/** What `inlineMarkers` looks at: a backslash, a bracket, `*` or `_`. */
const MARKER_OR_ESCAPE = /[\\[\]*_]/g;

/**
 * The inline markers that make the Markdown parser slow, counted in one pass before it runs:
 * `*` and `_` that may open or close emphasis (CommonMark's flanking rules, so `order_id` does
 * not count) and `[`, `]`. A backslash-escaped character is not a marker.
 */
export function inlineMarkers(text: string): { emphasis: number; brackets: number } {
  let emphasis = 0;
  let brackets = 0;
  let i = 0;
  while (i < text.length) {
    // Every other character is passed over: on to the next that may be a marker or an escape.
    MARKER_OR_ESCAPE.lastIndex = i;
    const next = MARKER_OR_ESCAPE.exec(text);
    if (next === null) break;
    i = next.index;
    const c = text[i] ?? '';
    if (c === '\\' && ESCAPABLE.test(text[i + 1] ?? '')) {
      i += 2;
      continue;
    }
    if (c === '[' || c === ']') brackets++;
    if (c !== '*' && c !== '_') {
      i++;
      continue;
    }
    let end = i;
    while (text[end] === c) end++;
    // The characters either side, whole even when outside the Basic Multilingual Plane; the ends of the text count as blanks.
    const low = text.charCodeAt(i - 1) >= 0xdc00 && text.charCodeAt(i - 1) <= 0xdfff;
    const before = i === 0 ? ' ' : text.slice(low ? Math.max(0, i - 2) : i - 1, i);
    const after = end >= text.length ? ' ' : String.fromCodePoint(text.codePointAt(end) ?? 32);
    const beforeSpace = WHITESPACE.test(before);
    const afterSpace = WHITESPACE.test(after);
    const beforePunct = PUNCTUATION.test(before);
    const afterPunct = PUNCTUATION.test(after);
    const left = !afterSpace && (!afterPunct || beforeSpace || beforePunct);
    const right = !beforeSpace && (!beforePunct || afterSpace || afterPunct);
    const opens = c === '*' ? left : left && (!right || beforePunct);
    const closes = c === '*' ? right : right && (!left || afterPunct);
    if (opens || closes) emphasis += end - i;
    i = end;
  }
  return { emphasis, brackets };
}

/**
 * The depth of a tree, walked without recursion. A table and its rows add no level: a table's
 * cell stands where the paragraph of its lines would stand, so its depth does not depend on
 * whether its lines make a table.
 */
function treeDepth(root: Node): number {
  let deepest = 0;
  const stack: Array<[Node, number]> = [[root, 1]];
  while (stack.length > 0) {
    const top = stack.pop();
    if (!top) break;
    const [node, depth] = top;
    if (depth > deepest) deepest = depth;
    const children = (node as Partial<Parent>).children;
    const step = node.type === 'table' || node.type === 'tableRow' ? 0 : 1;
    if (children) for (const child of children) stack.push([child, depth + step]);
  }
  return deepest;
}

/** A line that may underline a heading (`===`, `---`), or be a rule. */
const UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/gm;

/** Why a prose value is past the limits, or undefined when it may be parsed. */
export function proseLimit(text: string): string | undefined {
  return measureProse(text).limit;
}

/** Why prose must not be parsed, if it must not, and how deep its block containers nest (for `nothingToFind`). */
function measureProse(text: string): { limit?: string; nesting: number } {
  const limit = (message: string) => ({ limit: message, nesting: Infinity });
  if (text.length > PROSE_LIMITS.length) {
    return limit(`The text is ${text.length.toLocaleString('en')} characters long; one prose value is at most ${PROSE_LIMITS.length.toLocaleString('en')}. Split it, or link to a longer document.`);
  }
  const nesting = blockNesting(text);
  if (nesting.depth > PROSE_LIMITS.nesting) {
    return limit(`Line ${nesting.line} of the text nests ${nesting.depth} block quotes, lists or indentation steps; prose nests at most ${PROSE_LIMITS.nesting}. Flatten it.`);
  }
  if (nesting.containers > PROSE_LIMITS.containers) {
    return limit(`The text has ${nesting.containers.toLocaleString('en')} list items and block quote markers; one prose value has at most ${PROSE_LIMITS.containers.toLocaleString('en')}. Shorten the lists, or link to a longer document.`);
  }
  const markers = inlineMarkers(text);
  if (markers.emphasis > PROSE_LIMITS.emphasis) {
    return limit(`The text has ${markers.emphasis.toLocaleString('en')} \`*\` and \`_\` that may open or close emphasis; one prose value has at most ${PROSE_LIMITS.emphasis.toLocaleString('en')}. Use less emphasis, or escape them as \`\\*\` and \`\\_\`.`);
  }
  const underlines = text.match(UNDERLINE)?.length ?? 0;
  if (underlines > PROSE_LIMITS.underlines) {
    return limit(`The text has ${underlines.toLocaleString('en')} lines of only \`=\` or \`-\` (heading underlines or rules); one prose value has at most ${PROSE_LIMITS.underlines.toLocaleString('en')}. Write headings as \`# Heading\`, or use fewer rules.`);
  }
  if (markers.brackets > PROSE_LIMITS.brackets) {
    return limit(`The text has ${markers.brackets.toLocaleString('en')} \`[\` and \`]\`; one prose value has at most ${PROSE_LIMITS.brackets.toLocaleString('en')}. Use fewer links, or escape them as \`\\[\` and \`\\]\`.`);
  }
  return { nesting: nesting.depth };
}


/** `<`, then a scheme with blanks or control characters in it, then `:`: a link that hides what it is. */
const HIDDEN_SCHEME = /<\s*([a-z][a-z0-9+.\-\s\u0000-\u001f]*?[\s\u0000-\u001f][a-z0-9+.\-\s\u0000-\u001f]*?):/gi;

function hiddenSchemes(text: string): ProseFindings['unsafeUrls'] {
  const out: ProseFindings['unsafeUrls'] = [];
  for (const m of text.matchAll(HIDDEN_SCHEME)) {
    const scheme = `${(m[1] ?? '').replace(/[\s\u0000-\u001f]/g, '').toLowerCase()}:`;
    if (!isSafeProseUrl(scheme)) out.push({ text: m[0].slice(m[0].indexOf(m[1] ?? '')), scheme, hidden: true });
  }
  return out;
}

/**
 * True when prose can hold none of what `inspectProse` looks for, so it need not be parsed: links,
 * images, definitions and `[[…]]` all need a `[`, raw HTML and autolinks a `<`; and its tree
 * cannot pass the depth limit (a bound from the block containers, two levels each, and the
 * emphasis delimiters, one level per pair). Most descriptions of real APIs are such plain text.
 */
export function nothingToFind(text: string, nesting: number = blockNesting(text).depth): boolean {
  if (text.includes('[') || text.includes('<')) return false;
  let delimiters = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 42 /* * */ || c === 95 /* _ */ || c === 126 /* ~ */) delimiters++;
  }
  return 3 + 2 * nesting + Math.ceil(delimiters / 2) <= PROSE_LIMITS.depth;
}

/** An ASCII blank or control character: a link's URL (written without `<>`) ends at the first (other blanks are part of it). */
const URL_END = /[\u0000-\u0020\u007f]/;

/**
 * True when prose holds links, images or definitions, but none that `inspectProse` reports, so it
 * need not be parsed either: no `<` (HTML, autolinks), `&` or `\` (a character reference or an
 * escape can write any of these), no `[[`; every URL a link, image or definition can take (what
 * follows `](` or `]:` up to a blank, or up to any `)` in it) is one prose may keep and no path
 * from the site's root; and its tree cannot pass the depth limit (as `nothingToFind` bounds it,
 * one level more per `[`). Most links in real APIs' descriptions are such: `[the docs](https://…)`.
 */
export function onlyKeptLinks(text: string, nesting: number = blockNesting(text).depth): boolean {
  if (text.includes('<') || text.includes('&') || text.includes('\\') || text.includes('[[')) return false;
  let delimiters = 0;
  let brackets = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 42 /* * */ || c === 95 /* _ */ || c === 126 /* ~ */) delimiters++;
    else if (c === 91 /* [ */) brackets++;
  }
  if (3 + 2 * nesting + Math.ceil(delimiters / 2) + brackets > PROSE_LIMITS.depth) return false;
  for (const m of text.matchAll(/\][(:]/g)) {
    let start = m.index + 2;
    while (start < text.length && /[ \t\r\n]/.test(text[start] ?? '')) start++;
    let end = start;
    while (end < text.length && !URL_END.test(text[end] ?? '')) end++;
    const written = text.slice(start, end);
    for (let cut = written.indexOf(')'); ; cut = written.indexOf(')', cut + 1)) {
      const url = cut === -1 ? written : written.slice(0, cut);
      if (!isSafeProseUrl(url) || isRooted(url) || isLookedUp(url)) return false;
      if (cut === -1) break;
    }
  }
  return true;
}

/**
 * Reads prose once for links, raw HTML and unsafe URLs: the same parse and the same limits as the
 * site's renderer, so whatever `check` passes, the build renders.
 */
export function inspectProse(text: string, measured?: { limit?: string; nesting: number }): ProseFindings {
  const found: ProseFindings = { links: [], html: [], unsafeUrls: [], malformed: [] };
  const { limit, nesting } = measured ?? measureProse(text);
  if (limit) return { ...found, limit };
  if (nothingToFind(text, nesting) || onlyKeptLinks(text, nesting)) return found;
  return parsedFindings(text);
}

/** What parsing prose within its limits finds: `inspectProse` past its shortcuts (the tests hold each shortcut to it). */
export function parsedFindings(text: string): ProseFindings {
  const found: ProseFindings = { links: [], html: [], unsafeUrls: [], malformed: [] };
  const tree = parseMarked((t) => markdownReader().parse(t), text);
  const mark = (tree.data as Record<string, unknown> | undefined)?.[MARK];
  // Links are found in text with its escaped brackets marked; what is reported reads as written.
  const plain = (value: string, written = '[') => (typeof mark === 'string' ? value.replaceAll(mark, written) : value);
  const depth = treeDepth(tree);
  if (depth > PROSE_LIMITS.depth) return { ...found, limit: `The text's markup nests ${depth} levels deep; prose nests at most ${PROSE_LIMITS.depth}. Simplify it.` };
  // The `[[` a cut link leaves in its first cell is said as the cut link, not again as malformed.
  const cutEnds = new Set<Node>();
  const stack: Node[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node) break;
    if (node.type === 'tableRow') {
      for (const cut of cutLinks(node as Parent)) {
        (found.cutByCell ??= []).push(plain(cut.raw));
        cutEnds.add(cut.first);
      }
    }
    if (node.type === 'html') {
      const value = plain((node as unknown as { value: string }).value, '\\[');
      found.html.push(value);
      found.unsafeUrls.push(...hiddenSchemes(value));
    }
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      const url = plain((node as unknown as { url: string }).url);
      if (!isSafeProseUrl(url)) found.unsafeUrls.push({ text: url, scheme: browserScheme(url) ?? 'an unreadable scheme', hidden: false });
      else if (isRooted(url)) (found.rooted ??= []).push(url);
      else if (isLookedUp(url)) (found.relative ??= []).push(url);
    }
    if (node.type === 'text') {
      const value = (node as Text).value;
      for (const m of value.matchAll(PROSE_LINK)) found.links.push({ raw: plain(m[0]), target: plain(m[1] ?? ''), ...(m[2] !== undefined ? { label: plain(m[2]) } : {}) });
      const rest = value.replace(PROSE_LINK, '');
      if (rest.includes('[[') && !(cutEnds.has(node) && rest.indexOf('[[') === rest.lastIndexOf('[['))) found.malformed.push(plain(rest.slice(rest.indexOf('[['), rest.indexOf('[[') + 40)));
      found.unsafeUrls.push(...hiddenSchemes(plain(value)));
    }
    const children = (node as Partial<Parent>).children;
    if (children) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Node);
  }
  return found;
}

/** A link's target up to where a `|` would cut it: what follows the last `[[` of a cell's text (`… [[resources/Pet`). */
const CUT_TARGET = /^[^[\]|\n]+$/;
/** A cell's text that begins with the rest of a cut link: `pets]] …`. */
const CUT_END = /^([^[\]\n]+?)\]\]/;

/**
 * The labelled links a table row cut in two at their unescaped `|`: a cell whose text ends in
 * `[[target` followed by one whose text begins with `label]]`. Each as written before the cut, with
 * the text node that holds its opening.
 */
function cutLinks(row: Parent): Array<{ raw: string; first: Node }> {
  const out: Array<{ raw: string; first: Node }> = [];
  const cells = row.children as Parent[];
  for (let i = 0; i + 1 < cells.length; i++) {
    const last = cells[i]?.children?.at(-1);
    const next = cells[i + 1]?.children?.[0];
    if (last?.type !== 'text' || next?.type !== 'text') continue;
    const before = (last as Text).value.trimEnd();
    const opening = before.lastIndexOf('[[');
    const target = opening === -1 ? '' : before.slice(opening + 2);
    const end = CUT_TARGET.test(target) ? CUT_END.exec((next as Text).value.trimStart()) : null;
    if (end) out.push({ raw: `[[${target}|${end[1] ?? ''}]]`, first: last });
  }
  return out;
}

/**
 * Every prose value of a spec inspected, with the budget of each file: the values within their
 * own limits are parsed until a file's prose passes `PROSE_LIMITS.file` characters; the value
 * that passes it is a `prose-limit` error, and the file's prose from there on is not parsed.
 */
export function inspectAll<P extends { file: string; text: string }>(prose: readonly P[]): Array<P & ProseFindings> {
  // Each value measured once, for the file budget and for its inspection.
  const measures = prose.map((p) => measureProse(p.text));
  const parsed = measures.map((m) => m.limit === undefined);
  const totals = new Map<string, number>();
  prose.forEach((p, i) => {
    if (parsed[i]) totals.set(p.file, (totals.get(p.file) ?? 0) + p.text.length);
  });
  const used = new Map<string, number>();
  const over = new Set<string>();
  return prose.map((p, i) => {
    if (!parsed[i]) return { ...p, ...inspectProse(p.text, measures[i]) };
    const sum = (used.get(p.file) ?? 0) + p.text.length;
    used.set(p.file, sum);
    if (sum <= PROSE_LIMITS.file) return { ...p, ...inspectProse(p.text, measures[i]) };
    const skipped = { links: [], html: [], unsafeUrls: [], malformed: [] };
    if (over.has(p.file)) return { ...p, ...skipped };
    over.add(p.file);
    const total = (totals.get(p.file) ?? 0).toLocaleString('en');
    return { ...p, ...skipped, limit: `This file holds ${total} characters of prose; one file holds at most ${PROSE_LIMITS.file.toLocaleString('en')}, and this value passes that mark, so the prose from here on is not checked. Move some of it to other items, or shorten it.` };
  });
}

/** Resolves a link target (and the label written with it, if any) to where it points and the text to show; undefined when it does not resolve. */
export type ResolveLink = (target: string, label?: string) => { href: string; label: string } | undefined;

const wikiLinks: Plugin<[ResolveLink], Root> = (resolve) => (tree) => {
  const mark = (tree.data as Record<string, unknown> | undefined)?.[MARK];
  markdownToolchain().findAndReplace(tree, [
    PROSE_LINK,
    (raw: string, target: string, label: string | undefined) => {
      const hit = resolve(target, label);
      if (!hit) return { type: 'text', value: raw } satisfies Text;
      // A place of no address (an export for other tools, which know no page of the spec): the words alone.
      if (hit.href === '') return { type: 'text', value: label ?? hit.label } satisfies Text;
      return { type: 'link', url: hit.href, children: [{ type: 'text', value: label ?? hit.label }] };
    },
  ]);
  if (typeof mark === 'string') unmarkBrackets(tree, mark);
};

/** Raw HTML in prose is shown as the text it is, never passed on as markup (a block of it as a paragraph). */
const htmlAsText: Plugin<[], Root> = () => (tree) => {
  const stack: Node[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    const children = (node as Partial<Parent>).children;
    if (!children) continue;
    const block = node.type === 'root' || node.type === 'blockquote' || node.type === 'listItem';
    children.forEach((child, i) => {
      if (child.type !== 'html') return;
      const text = { type: 'text', value: (child as unknown as { value: string }).value } as Node;
      children[i] = block ? ({ type: 'paragraph', children: [text] } as Node) : text;
    });
    for (const child of children) stack.push(child);
  }
};

/**
 * Empty cells added to a page, in all the tables of one prose value, to rows shorter than their
 * table's header. HTML wants every row full (GitHub writes the missing cells), but a header of
 * 4,096 cells over 8,192 lines of one word each is 16 KB of text that asks for 33 million (84 MB of
 * HTML from 16 KB took 26 s): past this many, a table's rows keep only the cells they have (each
 * with its column's alignment), and the page stays about as large as the text. (A Markdown output
 * writes a row's own cells only, `fillRows: false`.)
 */
const TABLE_PADDING = 1024;

/** The tables of a tree (a table's cells hold no table). */
function tablesIn(tree: Node): Table[] {
  const found: Table[] = [];
  const stack: Node[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Node & { children?: Node[] };
    if (node.type === 'table') found.push(node as Table);
    else for (const child of node.children ?? []) stack.push(child);
  }
  return found;
}

/** Drops the cells of a table's rows past its header's (GFM ignores them, as remark-rehype does), and says how many cells its rows lack. */
function trimTable(table: Table): number {
  const columns = table.align?.length ?? 0;
  let missing = 0;
  for (const row of table.children) {
    if (row.children.length > columns) row.children = row.children.slice(0, columns);
    missing += columns - row.children.length;
  }
  return missing;
}

/**
 * GFM tables, and nothing else of GFM (remark-gfm would also make bare URLs links and add a
 * footnote section): its two table extensions, as remark-gfm adds its own, and for a Markdown
 * output the third, writing each row on one line without aligning the pipes (which would pad every
 * cell to its column's widest). For HTML, rows are filled out to their header within `TABLE_PADDING`.
 */
const tables: Plugin<[{ markdown?: boolean }?], Root> = function (options) {
  const { gfmTableToMarkdown } = markdownToolchain();
  const data = this.data();
  tableSyntax.call(this);
  if (options?.markdown) {
    (data.toMarkdownExtensions ??= []).push(gfmTableToMarkdown({ tablePipeAlign: false }));
    return undefined;
  }
  return (tree) => {
    let budget = TABLE_PADDING;
    for (const table of tablesIn(tree)) {
      const missing = trimTable(table);
      if (missing <= budget) {
        budget -= missing;
        continue;
      }
      // remark-rehype fills every row out to `align`'s length: without it, each cell carries its own.
      const align = table.align ?? [];
      for (const row of table.children) {
        row.children.forEach((cell, i) => {
          const a = align[i];
          if (a) cell.data = { ...cell.data, hProperties: { ...cell.data?.hProperties, align: a } };
        });
      }
      table.align = null;
    }
  };
};

/**
 * Each table in a box that scrolls sideways, the site's `.table-scroll` (as its own tables are),
 * so a wide table never widens the page on a phone; the box takes the keyboard's focus, so its
 * arrow keys scroll it (a table of text has nothing else to focus: axe's `scrollable-region-focusable`).
 * Added after sanitizing, which keeps no class; the box holds nothing from the prose but the table.
 */
const tableBoxes: Plugin<[], HtmlRoot> = () => (tree) => {
  const stack: Array<HtmlRoot | Element> = [tree];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node) break;
    node.children.forEach((child, i) => {
      if (child.type !== 'element') return;
      if (child.tagName === 'table') node.children[i] = { type: 'element', tagName: 'div', properties: { className: ['table-scroll'], tabIndex: 0 }, children: [child] };
      else stack.push(child);
    });
  }
};

/**
 * Prose's headings below the heading of the place that shows it: its first heading is `top` (h3
 * in a section under an h2; h2 right under the page's title, h1), each other one level below the
 * heading before it at most, and none above `top` nor past h6. So an API's description written with
 * `# Introduction` (most imported ones) adds no second title to the page, and one written from
 * `###` (Streetlights' "Check out its awesome features") skips no level.
 */
function headingsFrom(tree: Node, top: number): void {
  const headings: Array<Node & { depth: number }> = [];
  const visit = (node: Node & { depth?: number; children?: Node[] }) => {
    if (node.type === 'heading' && typeof node.depth === 'number') headings.push(node as Node & { depth: number });
    for (const child of node.children ?? []) visit(child);
  };
  visit(tree);
  const least = Math.min(...headings.map((h) => h.depth));
  let previous = top - 1;
  for (const h of headings) {
    h.depth = Math.min(6, Math.max(top, Math.min(top + h.depth - least, previous + 1)));
    previous = h.depth;
  }
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A renderer from Markdown prose to safe HTML: GFM tables read (`tables`), spec links resolved, raw
 * HTML shown as the text it is (never passed through as markup), unsafe URL schemes removed by
 * rehype-sanitize's GitHub schema (which keeps tables and their cells' `align`, never a `style`),
 * each table in a box that scrolls sideways (`tableBoxes`). Prose past the limits (which `check`
 * reports as an error) is shown as plain text, never parsed. `top` is the level of its first
 * heading (`headingsFrom`).
 */
export function proseRenderer(resolve: ResolveLink): (text: string, rebase?: (url: string) => string, top?: number) => string {
  const { remark, remarkRehype, rehypeSanitize, rehypeStringify } = markdownToolchain();
  const processor = remark().use(tables).use(wikiLinks, resolve).use(htmlAsText).use(remarkRehype).use(rehypeSanitize).use(tableBoxes).use(rehypeStringify).freeze();
  return (text, rebase, top = 3) => {
    if (proseLimit(text) !== undefined) return `<p>${escapeHtml(text)}</p>`;
    const tree = parseMarked((t) => processor.parse(t), text);
    if (treeDepth(tree) > PROSE_LIMITS.depth) return `<p>${escapeHtml(text)}</p>`;
    headingsFrom(tree, top);
    if (rebase) rebaseLinks(tree, rebase);
    return processor.stringify(processor.runSync(tree));
  };
}

/** Whether a URL written in prose is a path from the site's root (`/x`, not `//host/x`, whose scheme is the page's). */
export const isRooted = (url: string): boolean => /^\/(?![/\\])/.test(url);

/** Whether a URL written in prose is relative to the page that shows it (`../gaps/`, `#x`): no scheme, not from the root. */
const isPageRelative = (url: string) => !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('/') && !url.startsWith('\\');

/** An anchor of Redoc's pages (`#operation/addShare`, `#tag/Files`, `#section/Auth`), which no page of a spec has. */
export const isRedocAnchor = (url: string): boolean => /^#(?:operation|tag|section|schema)\//.test(url);

/**
 * Whether `missing-page` looks a page-relative URL up: one that names a page (`guide/start`,
 * `../Pet/`), or a Redoc anchor; an anchor of the page itself (`#f-…`) is the page's.
 */
const isLookedUp = (url: string): boolean => url !== '' && isPageRelative(url) && (!url.startsWith('#') || isRedocAnchor(url));

/** The relative URLs of links, images and link definitions written in prose, rewritten by `rebase` (spec links are resolved apart). */
function rebaseLinks(tree: Root, rebase: (url: string) => string): void {
  const stack: Node[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Node & { url?: unknown; children?: Node[] };
    if ((node.type === 'link' || node.type === 'image' || node.type === 'definition') && typeof node.url === 'string' && isPageRelative(node.url)) node.url = rebase(node.url);
    for (const child of node.children ?? []) stack.push(child);
  }
}

/**
 * Prose as Markdown for a generated document: spec links resolved (to the document's own
 * headings), tables as GFM tables (read as a paragraph, a table's delimiter row `---- | -----` was
 * written back escaped, `\---- | -----`, and the table was lost), everything else as written.
 * Prose past the limits is one escaped line of text.
 */
export function proseMarkdown(resolve: ResolveLink): (text: string) => string {
  const processor = markdownToolchain().remark().data('settings', { bullet: '-' }).use(tables, { markdown: true }).use(wikiLinks, resolve).use(htmlAsText).freeze();
  return (text) => {
    if (proseLimit(text) !== undefined) return escapeMarkdownLine(text);
    const tree = parseMarked((t) => processor.parse(t), text);
    if (treeDepth(tree) > PROSE_LIMITS.depth) return escapeMarkdownLine(text);
    return processor.stringify(processor.runSync(tree)).trimEnd();
  };
}

const escapeMarkdownLine = (text: string) => text.replace(/\s+/g, ' ').replace(/[\\`*_[\]<>#|]/g, (c) => `\\${c}`);

/**
 * A `[` written escaped (`\[`, after an even run of backslashes) never starts a prose link:
 * `\[[word]]` is the text `[[word]]`. Markdown reads `\[` as a plain `[`, so before parsing each
 * escaped `[` is written as `mark`, a private-use character the text does not hold; PROSE_LINK
 * cannot match across it, and `unmarkBrackets` writes it back afterwards.
 */
const ESCAPED_BRACKET = /(?<!\\)((?:\\\\)*)\\\[/g;

/** The text with each escaped `[` as a mark, and the mark; the text as it is when it escapes none. */
function markBrackets(text: string): { text: string; mark?: string } {
  if (!text.includes('\\[')) return { text };
  for (let c = 0xe000; c <= 0xf8ff; c++) {
    const mark = String.fromCharCode(c);
    if (!text.includes(mark)) return { text: text.replace(ESCAPED_BRACKET, (_, run: string) => `${run}${mark}`), mark };
  }
  return { text };
}

/** A tree parsed from marked text made the tree of the text: in text (and addresses) the mark is the `[` it escaped, elsewhere (code, raw HTML) the `\[` written. */
function unmarkBrackets(tree: Node, mark: string): void {
  const stack: Node[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Node & Record<string, unknown>;
    for (const key of ['value', 'url', 'title', 'alt'] as const) {
      const v = node[key];
      if (typeof v === 'string' && v.includes(mark)) node[key] = v.replaceAll(mark, key !== 'value' || node.type === 'text' ? '[' : '\\[');
    }
    for (const child of (node as Partial<Parent>).children ?? []) stack.push(child as Node);
  }
}

/** Where a parsed tree keeps the mark of its escaped brackets, for `wikiLinks` to write them back. */
const MARK = 'specbenchEscapedBracket';

/** Prose parsed with its escaped brackets marked (`markBrackets`); the mark is kept on the tree until `wikiLinks` has run. */
function parseMarked(parse: (text: string) => unknown, text: string): Root {
  const marked = markBrackets(text);
  const tree = parse(marked.text) as Root;
  if (marked.mark !== undefined) tree.data = { ...tree.data, [MARK]: marked.mark } as Root['data'];
  return tree;
}

/** The `[` tokens of a prose text that Markdown reads as text (not code, raw HTML or an address): where each is and whether it is written escaped. */
function textBrackets(text: string): Array<{ at: number; escaped: boolean }> {
  const tree = markdownReader().parse(text) as Root;
  const ranges: Array<[number, number]> = [];
  const stack: Node[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (node.type === 'text' && start !== undefined && end !== undefined) ranges.push([start, end]);
    for (const child of (node as Partial<Parent>).children ?? []) stack.push(child as Node);
  }
  const out: Array<{ at: number; escaped: boolean }> = [];
  for (const [start, end] of ranges) {
    for (let i = start; i < end; i++) {
      if (text[i] === '\\') {
        if (text[i + 1] === '[') out.push({ at: i, escaped: true });
        i++;
      } else if (text[i] === '[') out.push({ at: i, escaped: false });
    }
  }
  return out.sort((a, b) => a.at - b.at);
}

/** Whether bracket `b` is directly followed by bracket `next`. */
const adjacent = (b: { at: number; escaped: boolean }, next: { at: number } | undefined) => next !== undefined && next.at === b.at + (b.escaped ? 2 : 1);

/**
 * Text from another tool, whose `[[` means two brackets, written so that no `[[` in it is a prose
 * link: each `[` that Markdown reads as text and that a `[` follows is escaped (`[[Pet]]` is
 * written `\[[Pet]]`, `[[[x]]` `\[\[[x]]`). Code and addresses stay as written.
 */
export function escapeLiteralLinks(text: string): string {
  if (!text.includes('[[')) return text;
  const brackets = textBrackets(text);
  let out = text;
  for (let i = brackets.length - 1; i >= 0; i--) {
    const b = brackets[i];
    const next = brackets[i + 1];
    if (b && !b.escaped && next && !next.escaped && adjacent(b, next)) out = `${out.slice(0, b.at)}\\${out.slice(b.at)}`;
  }
  return out;
}

/**
 * Prose for another tool, which knows no prose links: each escaped `[` that a `[` follows (as
 * `escapeLiteralLinks` writes it) is written plain, so `\[[Pet]]` is `[[Pet]]` again, meaning the
 * same in Markdown. `\[\[Pet\]\]`, escaped throughout, stays as written.
 */
export function unescapeLiteralLinks(text: string): string {
  if (!text.includes('\\[')) return text;
  const brackets = textBrackets(text);
  let out = text;
  // From the last: a `[` made plain makes the escaped `[` before it one that a `[` follows.
  const plain = new Array<boolean>(brackets.length).fill(false);
  for (let i = brackets.length - 1; i >= 0; i--) {
    const b = brackets[i];
    if (!b) continue;
    const followed = adjacent(b, brackets[i + 1]) && (brackets[i + 1]?.escaped === false || plain[i + 1] === true);
    if (b.escaped && followed) {
      plain[i] = true;
      out = `${out.slice(0, b.at)}${out.slice(b.at + 1)}`;
    }
  }
  return out;
}
