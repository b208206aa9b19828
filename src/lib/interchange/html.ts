import type { Element, ElementContent, Root as HastRoot, RootContent as HastContent } from 'hast';
import type { Html, Root, RootContent, Text } from 'mdast';
import rehypeRaw from 'rehype-raw';
import rehypeRemark from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import type { Node, Parent } from 'unist';
import { visit } from 'unist-util-visit';
import { isSafeProseUrl } from '../safety/url.ts';

/**
 * Descriptions in real API documents mix Markdown with HTML (`<p>`, `<br/>`, `<code>`, lists,
 * links) and with text that only looks like a tag (`<service>`, `<digits>`,
 * `<udp:ip_address:port>`). A spec's prose is Markdown, where raw HTML is an error, so an import
 * rewrites such a description as Markdown: HTML elements through the unified ecosystem
 * (rehype-raw reads the HTML inside the Markdown, rehype-remark turns elements into Markdown
 * nodes), and tag-like text (any tag of an element that does not format text) and autolinks of
 * schemes a page would not follow as the text they are, escaped; a link inside code, which
 * rehype-remark would read as the code's text only, stays a link (`keepLinksInCode`). A
 * description with neither is kept exactly as written.
 */

/**
 * The elements that format text, which become Markdown with all their text (rehype-remark's
 * handlers). Any other tag name, even a real one, is text where it is written as words: `<title>`,
 * `<select>`, `<textarea>`, `<script>` or `<option>` are parsed by HTML's own rules (their text
 * taken as the element's, or dropped) and rehype-remark drops them, so "the <title> of the page"
 * would lose words. Written as markup, such an element is left out and said (`UNMAPPED`).
 */
const FORMATTING = new Set([
  ...['a', 'abbr', 'acronym', 'address', 'article', 'aside', 'b', 'bdi', 'bdo', 'big', 'blockquote', 'br', 'center', 'cite', 'code', 'data', 'dd', 'del', 'dfn', 'div', 'dl', 'dt', 'em'],
  ...['caption', 'figcaption', 'figure', 'font', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'main', 'mark', 'nav', 'nobr', 'ol', 'p', 'pre', 'q'],
  ...['s', 'samp', 'section', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'tt', 'u', 'ul', 'var', 'wbr'],
]);
/**
 * Ruby annotations, which no Markdown holds: markup where the description closes a `<ruby>` (their
 * words then kept as a page without ruby shows them, `rubyWords`), else words (`the <rt> tag`).
 */
const RUBY = new Set(['ruby', 'rt', 'rp']);
const TAG = /<\/?([A-Za-z][A-Za-z0-9-]*)(?=[\s/>])[^<>]*>/g;

/**
 * Elements of HTML that embed, run or ask for something (a frame, a script, a plugin, a form), that
 * disclose (`<details>`), draw or set a formula (`<svg>`, `<math>`) or show their text as written
 * (`<xmp>`), and that no Markdown can hold: as markup (see `unmappedMarkup`) each is read by HTML's
 * rules and not kept, only the words a page shows of it (`shownWords`: its content, or none for those
 * whose content a page does not show), and each is said where the document writes it. Written as
 * words (`the <title> of the page`, `wrap it in <script> tags`), a tag is kept as text, as any other
 * tag-like word.
 */
const UNMAPPED = new Set([
  ...['applet', 'area', 'audio', 'base', 'basefont', 'bgsound', 'body', 'button', 'canvas', 'datalist', 'details', 'dialog', 'embed', 'fieldset', 'form', 'frame', 'frameset', 'head', 'html', 'iframe', 'input', 'isindex', 'keygen', 'label', 'legend', 'link'],
  ...['map', 'marquee', 'math', 'menu', 'meta', 'meter', 'noembed', 'noframes', 'noscript', 'object', 'optgroup', 'option', 'output', 'param', 'picture', 'portal', 'progress', 'script', 'select', 'slot', 'source', 'style', 'summary', 'svg', 'template', 'textarea', 'title', 'track', 'video', 'xmp'],
]);
/** Of those, the ones whose content a page does not show (a script's code, a frame's fallback for browsers without frames): their content goes with them. */
const CONTENT_NOT_SHOWN = new Set(['base', 'datalist', 'head', 'iframe', 'link', 'meta', 'noembed', 'noframes', 'param', 'script', 'source', 'style', 'template', 'title', 'track']);
/** Of those, the elements that have no content and no closing tag. */
const VOID = new Set(['area', 'base', 'basefont', 'bgsound', 'embed', 'frame', 'input', 'isindex', 'keygen', 'link', 'meta', 'param', 'source', 'track']);
/** Of those, the ones whose content HTML reads by rules of its own: every tag inside a drawing or a formula is one of its elements, none inside `<xmp>` is (its text is shown as written). */
const OWN_CONTENT = new Set(['math', 'svg', 'xmp']);
/** Of those, the ones a page shows as blocks of their own (a form, a disclosure and its summary): their words are paragraphs of their own. */
const BLOCK = new Set(['body', 'details', 'dialog', 'fieldset', 'form', 'frameset', 'html', 'legend', 'menu', 'summary']);
/** Of those, the ones a page shows in a box of their own within a line (a control, each option of a list, a player, a drawing): their words are kept apart from the words around them. */
const BOX = new Set(['applet', 'audio', 'button', 'canvas', 'embed', 'input', 'keygen', 'marquee', 'meter', 'object', 'optgroup', 'option', 'progress', 'select', 'svg', 'textarea', 'video']);
/** The kinds of `<input>` that show no words of their own (a box to tick, a file to pick, dots for a password). */
const INPUT_WITHOUT_WORDS = new Set(['checkbox', 'color', 'file', 'hidden', 'image', 'password', 'radio', 'range']);

/**
 * The tags of `UNMAPPED` elements a description writes as markup, by where each starts, and their
 * names: an opening tag a closing one of its name follows (`<iframe src="…"></iframe>`), with that
 * closing tag; a tag closed by itself (`<input/>`); for an element without content, one with
 * attributes (`<embed src="…">`). Any other such tag (`<script> tags`, a `</title>` nothing opened) is words.
 */
function unmappedMarkup(text: string): Markup {
  const at = new Set<number>();
  const names = new Set<string>();
  const own: Array<[number, number, string]> = [];
  const open = new Map<string, number[]>();
  for (const m of text.matchAll(TAG)) {
    const name = m[1]?.toLowerCase() ?? '';
    if (!UNMAPPED.has(name)) continue;
    const tag = m[0];
    const mark = (...offsets: number[]) => {
      for (const o of offsets) at.add(o);
      names.add(name);
    };
    if (tag.startsWith('</')) {
      const opened = open.get(name)?.pop();
      if (opened !== undefined) mark(opened, m.index);
      if (opened !== undefined && OWN_CONTENT.has(name)) own.push([opened, m.index, name]);
    } else if (tag.endsWith('/>') || (VOID.has(name) && /\s\S/.test(tag))) mark(m.index);
    else if (!VOID.has(name)) open.set(name, [...(open.get(name) ?? []), m.index]);
  }
  return { at, names, own };
}

/** Void elements a page shows without attributes (a line break, a rule, a break opportunity): written after a word (`line<br>`) they are markup. */
const BARE_VOID = new Set(['br', 'hr', 'wbr']);
/** The elements a tag never closed is words for, when it has no attributes: HTML would format (or link, or quote) all the words after it, or show an image of nothing. */
const LONE_AS_WORDS = (): Set<string> => new Set([...PHRASING, 'a', 'img']);

/** The elements whose closing tag HTML lets one leave out, by the elements that hold them. */
const CONTAINERS: Record<string, readonly string[] | undefined> = {
  li: ['ul', 'ol', 'menu'], dt: ['dl'], dd: ['dl'], tr: ['table'], td: ['table'], th: ['table'], thead: ['table'], tbody: ['table'], tfoot: ['table'], option: ['select', 'datalist'], rt: ['ruby'], rp: ['ruby'],
};
const HOLDERS = new Set(Object.values(CONTAINERS).flatMap((c) => c ?? []));

/**
 * Where a text writes a type's parameters in angle brackets that HTML would read as a tag
 * (`Option<A>`, `Future<I>`, `Quote<Q>`, `Array<Img>`): an opening tag with no attributes that no
 * closing tag of its name follows, written right after a letter or a digit (a generic type, not a
 * line break: `<br>`, `<hr>`, `<wbr>` stay markup), or written anywhere when it formats, quotes or
 * links text or shows an image (a lone `<I>` or `<img>`). Such a tag is words, kept as written:
 * read as HTML it would drop the name (`Option`), make the rest italic, invent quotes or an empty
 * image. A tag that is closed (`Foo<b>x</b>`) or has attributes is markup.
 */
function literalTags(text: string): Set<number> {
  const at = new Set<number>();
  const open = new Map<string, number[]>();
  const opened: Array<{ at: number; name: string; contained?: boolean }> = [];
  /** How many of each element that holds items are open (`<ul>` less `</ul>`), read in order. */
  const depth = new Map<string, number>();
  for (const m of text.matchAll(TAG)) {
    const name = m[1]?.toLowerCase() ?? '';
    const tag = m[0];
    if (HOLDERS.has(name) && !tag.endsWith('/>')) depth.set(name, Math.max(0, (depth.get(name) ?? 0) + (tag.startsWith('</') ? -1 : 1)));
    if (tag.startsWith('</')) {
      const o = open.get(name);
      const paired = o?.pop();
      if (paired !== undefined) opened[paired] = { at: -1, name };
      continue;
    }
    if (tag.endsWith('/>') || /\s\S/.test(tag.slice(1 + name.length, -1))) continue;
    const list = open.get(name) ?? [];
    list.push(opened.length);
    open.set(name, list);
    opened.push({ at: m.index, name, contained: CONTAINERS[name]?.some((c) => (depth.get(c) ?? 0) > 0) });
  }
  const lone = LONE_AS_WORDS();
  for (const { at: offset, name, contained } of opened) {
    // An item HTML lets one leave unclosed (`<ul><li>one<li>two</ul>`) inside its list, table or definition list is markup.
    if (offset < 0 || contained === true) continue;
    const afterWord = offset > 0 && /[\p{L}\p{N}_]/u.test(text.charAt(offset - 1));
    if ((afterWord && !BARE_VOID.has(name)) || lone.has(name)) at.add(offset);
  }
  return at;
}

/** Where an `UNMAPPED` element's tag is markup (`at`), the names so written, and the stretches an `OWN_CONTENT` element's content fills (from its opening tag to its closing one). */
interface Markup {
  at: Set<number>;
  names: Set<string>;
  own: Array<[number, number, string]>;
}
const NO_MARKUP: Markup = { at: new Set(), names: new Set(), own: [] };

/**
 * A tag closed by itself (`<iframe src="…" />`, `<style/>`), its attributes read with their quotes
 * (a `>` inside a quoted value does not end it; a quote does not run past a `<`, so a reading stays
 * linear), and an HTML comment, which is kept as it is (`prepare` says it).
 */
const SELF_CLOSED_OR_COMMENT = /<!--[\s\S]*?-->|<([A-Za-z][A-Za-z0-9-]*)(?=[\s/])(?:"[^"<]*"|'[^'<]*'|[^<>"'])*\/>/g;

/**
 * HTML with each `UNMAPPED` element closed by itself and not void (`<iframe/>`, `<script src="…" />`)
 * made blanks of its length (so the places of what follows stay where the description writes them),
 * its tag noted in `leftOut`. HTML's rules ignore the `/` of such a tag: the element would hold
 * everything after it (an iframe's or a script's as its raw text, which is not shown), and the words
 * a page shows after it would be lost. Written so, it has no content: it is left out, the words stay.
 */
function withoutSelfClosed(html: string): string {
  return html.replace(SELF_CLOSED_OR_COMMENT, (m, name: string | undefined) => {
    const element = name?.toLowerCase();
    if (element === undefined || !UNMAPPED.has(element) || VOID.has(element)) return m;
    leftOut.push(m);
    return ' '.repeat(m.length);
  });
}

/**
 * The markup of the description being converted (`unmappedMarkup`), the opening tag of each element
 * it leaves out, and the opening tags of `UNMAPPED` elements kept as markup for HTML to read
 * (`passed`): HTML's rules drop some with no element to show for them (a `<frame>` or a `<body>`
 * inside a page's text), and each is said all the same.
 */
let markup: Markup = NO_MARKUP;
/** Where the description being converted writes a tag as words (`literalTags`). */
let literal: Set<number> = new Set();
let leftOut: string[] = [];
let passed: Array<{ name: string; tag: string }> = [];

/** The elements whose text rehype-remark reads as code (a code span, a code block), dropping any link inside them. */
const CODE = new Set(['code', 'kbd', 'samp', 'tt', 'var']);
const CODE_BLOCK = new Set(['pre', 'listing', 'plaintext', 'xmp']);

/** Whether an element holds a link (with an address) or an image anywhere inside it. */
function holdsLink(node: Element): boolean {
  return node.children.some((c) => c.type === 'element' && (isLinkOrImage(c) || holdsLink(c)));
}
const isLinkOrImage = (node: Element) => node.tagName === 'img' || (node.tagName === 'a' && node.properties.href !== undefined);

const code = (value: string): Element => ({ type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value }] });

/** Text of code as a `<code>`, the blanks at either end outside it (a code span would show them inside the code). */
function spans(text: string, out: ElementContent[]): void {
  const inner = text.trim();
  if (/^\s/.test(text)) out.push({ type: 'text', value: ' ' });
  if (inner !== '') out.push(code(inner));
  if (inner !== '' && /\s$/.test(text)) out.push({ type: 'text', value: ' ' });
}

/**
 * The content of code that holds links or images (`<code><a href="u">x</a></code>`, as AWS
 * documents link an option's name to its page), which a Markdown code span cannot hold: its text
 * as `<code>`s and each link as a link whose text is code (`[`x`](u)` once converted), each image
 * as it is, so no address is lost. In a block (`<pre>`) its lines are kept apart by `<br>`s and
 * their indentation is not: a code block cannot hold a link.
 */
function codeWithLinks(children: ElementContent[], block: boolean): ElementContent[] {
  const out: ElementContent[] = [];
  let text = '';
  const flush = () => {
    const lines = block ? text.split(/\r?\n/).filter((l) => l.trim() !== '') : [text];
    lines.forEach((line, i) => {
      if (i > 0) out.push({ type: 'element', tagName: 'br', properties: {}, children: [] });
      spans(line, out);
    });
    text = '';
  };
  const walk = (nodes: ElementContent[]) => {
    for (const node of nodes) {
      if (node.type === 'text') text += node.value;
      else if (node.type !== 'element') continue;
      else if (node.tagName === 'br') text += block ? '\n' : ' ';
      else if (isLinkOrImage(node)) {
        flush();
        out.push(node.tagName === 'a' ? { ...node, children: codeWithLinks(node.children, false) } : node);
      } else walk(node.children);
    }
  };
  walk(children);
  flush();
  return out;
}

/** The elements that format a run of text, which a document may name in its words (`html tags <b><i>`). */
const PHRASING = new Set(['b', 'i', 'em', 'strong', 'u', 's', 'strike', 'small', 'big', 'tt', 'code', 'kbd', 'samp', 'var', 'span', 'font', 'mark', 'sub', 'sup', 'ins', 'del', 'q', 'cite', 'abbr', 'dfn', 'nobr']);

/** Whether a page hides an element (`hidden`, `style="display: none"`): its words are not shown, so not kept, and its tag is said. */
const isHidden = (node: Element) => (node.properties.hidden !== undefined && node.properties.hidden !== false) || /(?:^|;)\s*display\s*:\s*none\s*(?:!important\s*)?(?:;|$)/i.test(property(node, 'style') ?? '');

/**
 * A ruby annotation's words as a page that shows no ruby does (`漢(kan)`): the base text, each
 * annotation (`<rt>`) in parentheses; the fallback parentheses it may write (`<rp>`) are those.
 */
function rubyWords(node: Element, rewrite: (child: ElementContent) => ElementContent[]): ElementContent[] {
  const own = node.children.some((c) => c.type === 'element' && c.tagName === 'rp');
  return node.children.flatMap((c): ElementContent[] => {
    if (c.type !== 'element' || (c.tagName !== 'rt' && c.tagName !== 'rp')) return rewrite(c);
    const words = c.children.flatMap(rewrite);
    return c.tagName === 'rp' || own ? words : [textNode('('), ...words, textNode(')')];
  });
}

/**
 * A table inside a table's cell, which a Markdown cell cannot hold, as its cells' words: the cells of
 * a row kept apart by a comma, the rows by a semicolon, the table by blanks from the words around it
 * (they ran together: `outerinner1⇥inner2tail`).
 */
function tableWords(node: Element, rewrite: (child: ElementContent) => ElementContent[]): ElementContent[] {
  const rows: Element[] = [];
  const find = (n: Element) => {
    for (const c of n.children) {
      if (c.type !== 'element') continue;
      if (c.tagName === 'tr') rows.push(c);
      else if (['thead', 'tbody', 'tfoot'].includes(c.tagName)) find(c);
    }
  };
  find(node);
  const out: ElementContent[] = [textNode(' ')];
  rows.forEach((row, i) => {
    if (i > 0) out.push(textNode('; '));
    row.children.filter((c): c is Element => c.type === 'element' && (c.tagName === 'td' || c.tagName === 'th')).forEach((cell, j) => {
      if (j > 0) out.push(textNode(', '));
      out.push(...cell.children.flatMap(rewrite));
    });
  });
  out.push(textNode(' '));
  return out;
}

const SUPERSCRIPT: Record<string, string> = { '0': '\u2070', '1': '\u00b9', '2': '\u00b2', '3': '\u00b3', '4': '\u2074', '5': '\u2075', '6': '\u2076', '7': '\u2077', '8': '\u2078', '9': '\u2079', '+': '\u207a', '-': '\u207b', '\u2212': '\u207b', '=': '\u207c', '(': '\u207d', ')': '\u207e', i: '\u2071', n: '\u207f' };
const SUBSCRIPT: Record<string, string> = { '0': '\u2080', '1': '\u2081', '2': '\u2082', '3': '\u2083', '4': '\u2084', '5': '\u2085', '6': '\u2086', '7': '\u2087', '8': '\u2088', '9': '\u2089', '+': '\u208a', '-': '\u208b', '\u2212': '\u208b', '=': '\u208c', '(': '\u208d', ')': '\u208e' };
/** An ordinal's ending (`2<sup>nd</sup>`), which reads right run into its number. */
const ORDINAL = /^(?:st|nd|rd|th|er|re|e|o|a)$/i;

/**
 * A superscript or subscript as words that keep its meaning, since Markdown has neither: in the
 * Unicode characters for it where it is digits and signs (`10<sup>6</sup>` is `10⁶`, `H<sub>2</sub>O`
 * `H₂O`), an ordinal's ending as written (`2<sup>nd</sup>`), else after `^` or `_`, in parentheses
 * where it is more than one character (`x<sup>n+k</sup>` is `x^(n+k)`): never run into the words
 * before it, which made numbers no one wrote (`106`, `mc2`).
 */
function scriptWords(node: Element, rewrite: (child: ElementContent) => ElementContent[]): ElementContent[] {
  const sup = node.tagName === 'sup';
  const plain = node.children.every((c) => c.type === 'text') ? node.children.map((c) => (c as { value: string }).value).join('').trim() : undefined;
  if (plain === '') return [];
  if (plain !== undefined) {
    const map = sup ? SUPERSCRIPT : SUBSCRIPT;
    if ([...plain].every((ch) => map[ch] !== undefined)) return [textNode([...plain].map((ch) => map[ch]).join(''))];
    if (sup && ORDINAL.test(plain)) return [textNode(plain)];
    if (/^[\p{L}\p{N}]$/u.test(plain)) return [textNode(`${sup ? '^' : '_'}${plain}`)];
  }
  return [textNode(sup ? '^(' : '_('), ...node.children.flatMap(rewrite), textNode(')')];
}

/** Blocks a table's cell may hold in HTML and a Markdown cell (one line) cannot. */
const CELL_BLOCKS = new Set(['p', 'div', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'blockquote', 'pre', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'section', 'article', 'aside', 'header', 'footer', 'main', 'nav', 'address', 'figure', 'figcaption', 'center']);

/**
 * A block in a table's cell as words on the cell's one line (a line break would end the row, and
 * `<p>one</p><p>two</p>` ran into `onetwo`): paragraphs and other blocks kept apart by a blank,
 * a list's items by a semicolon, preformatted text as code with its line breaks as blanks.
 */
function cellWords(node: Element, rewrite: (child: ElementContent) => ElementContent[]): ElementContent[] {
  if (node.tagName === 'br' || node.tagName === 'hr') return [separator()];
  if (node.tagName === 'pre') {
    const text = (n: ElementContent): string => (n.type === 'text' ? n.value : n.type === 'element' ? n.children.map(text).join('') : '');
    const code = node.children.map(text).join('').trim().replace(/\s*\n\s*/g, ' ');
    return code === '' ? [] : [separator(), { type: 'element', tagName: 'code', properties: {}, children: [textNode(code)] }, separator()];
  }
  if (node.tagName === 'ul' || node.tagName === 'ol') {
    const items = node.children.filter((c): c is Element => c.type === 'element' && c.tagName === 'li');
    return [separator(), ...items.flatMap((li, i) => [...(i > 0 ? [textNode('; ')] : []), ...li.children.flatMap(rewrite)]), separator()];
  }
  return [separator(), ...node.children.flatMap(rewrite), separator()];
}

/** The description being converted: where an element's tag is read as written. */
let converting = '';
/** The description being parsed: where an HTML node's tags start in it. */
let parsing = '';

/** Whether an element formats no text and its tag is never closed: a tag named in words, not markup (rehype-remark would drop it, and the words with it). */
function isWrittenAsWords(node: Element): boolean {
  if (node.position?.start.offset === undefined) return false; // made here, not read
  const start = node.position.start.offset;
  const end = node.position.end.offset ?? 0;
  const blank = (n: ElementContent): boolean => (n.type === 'text' ? n.value.trim() === '' : n.type === 'element' ? PHRASING.has(n.tagName) && n.children.every(blank) : true);
  return PHRASING.has(node.tagName) && end <= start && node.children.every(blank);
}

/** The opening tag that starts `rest`, its attributes read with their quotes (`<iframe title="a>b">` is one tag); an unclosed quote read as any other character. */
const tagAtStart = (rest: string): string | undefined =>
  (/^<[A-Za-z][A-Za-z0-9-]*(?:[\s/](?:"[^"<]*"|'[^'<]*'|[^<>"'])*)?>/.exec(rest) ?? /^<[A-Za-z][A-Za-z0-9-]*(?:[\s/][^<>]*)?>/.exec(rest))?.[0];

/** An element's opening tag as written, where its position finds it; else its name in angle brackets. */
function openingTag(node: Element): string {
  const start = node.position?.start.offset;
  const written = start === undefined ? undefined : tagAtStart(converting.slice(start));
  return written !== undefined && written.slice(1).toLowerCase().startsWith(node.tagName) ? written : `<${node.tagName}>`;
}

const textNode = (value: string): ElementContent => ({ type: 'text', value });
/** The blanks that keep a box's words apart from the words around it (`separated`), not kept before punctuation: a page shows `[Send].`, not `Send .`. */
const separators = new WeakSet<ElementContent>();
const separator = (): ElementContent => {
  const node = textNode(' ');
  separators.add(node);
  return node;
};
const separated = (nodes: ElementContent[]): ElementContent[] =>
  nodes.filter((n, i) => {
    const next = nodes[i + 1];
    // One blank of two side by side (a cell's paragraphs, one after another).
    if (separators.has(n) && next !== undefined && separators.has(next)) return false;
    return !separators.has(n) || next?.type !== 'text' || !/^[.,;:!?)\]}]/.test(next.value);
  });
const property = (node: Element, name: string): string | undefined => {
  const value = node.properties[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
};

/** The text a page shows of a drawing (its `<text>`s, not its title or description) or a formula (not its annotations), one run per drawn text. */
function drawnWords(node: Element, math: boolean): ElementContent[] {
  const out: ElementContent[] = [];
  const walk = (n: ElementContent, shown: boolean) => {
    if (n.type === 'text' && shown) out.push(textNode(n.value));
    if (n.type !== 'element') return;
    const name = n.tagName.toLowerCase();
    if (['title', 'desc', 'metadata', 'style', 'script', 'annotation', 'annotation-xml'].includes(name)) return;
    const drawn = math || shown || name === 'text' || name === 'foreignobject';
    if (!math && drawn && !shown) out.push(textNode(' '));
    for (const c of n.children) walk(c, drawn);
    if (!math && drawn && !shown) out.push(textNode(' '));
  };
  for (const c of node.children) walk(c, math);
  return out;
}

/**
 * The words a page shows of an element no Markdown holds, as the page separates them: a block's as
 * paragraphs of their own, a box's (a control, an option) apart from the words around it, an
 * `<input>`'s as its value (or its placeholder) where it shows one, an `<xmp>`'s text as written
 * (a code block), a drawing's or a formula's drawn text; none of an element whose content a page
 * does not show.
 */
function shownWords(node: Element, rewrite: (child: ElementContent) => ElementContent[]): ElementContent[] {
  const name = node.tagName;
  if (CONTENT_NOT_SHOWN.has(name)) return [];
  let words: ElementContent[];
  if (name === 'input') {
    const shown = INPUT_WITHOUT_WORDS.has((property(node, 'type') ?? 'text').toLowerCase()) ? undefined : property(node, 'value') ?? property(node, 'placeholder');
    words = shown === undefined || shown.trim() === '' ? [] : [textNode(shown)];
  } else if (name === 'xmp') {
    const written = node.children.map((c) => (c.type === 'text' ? c.value : '')).join('').replace(/^\r?\n/, '');
    words = written.trim() === '' ? [] : [{ type: 'element', tagName: 'pre', properties: {}, children: [code(written.replace(/\s+$/, ''))] }];
  } else if (name === 'svg' || name === 'math') words = drawnWords(node, name === 'math');
  // An option or a group of options shows its `label` where it has one, in place of its text.
  else if ((name === 'option' || name === 'optgroup') && property(node, 'label') !== undefined) words = [textNode(property(node, 'label') ?? ''), ...(name === 'optgroup' ? node.children.flatMap(rewrite) : [])];
  else words = node.children.flatMap(rewrite);
  if (BLOCK.has(name)) return [{ type: 'element', tagName: 'div', properties: {}, children: words }];
  return BOX.has(name) ? [separator(), ...words, separator()] : words;
}

/**
 * The code elements of an HTML tree that hold links, rewritten by `codeWithLinks` (a code block
 * becomes a paragraph); an anchor without an address (`<a name="x">`) made its content, which
 * rehype-remark would make a link to nowhere (`[text]()`).
 */
function keepLinksInCode(tree: HastRoot): void {
  const stack: Array<HastRoot | Element> = [tree];
  /** The elements inside a table's cell, and whether the node being rewritten is one (or a cell). */
  const inCell = new WeakSet<HastRoot | Element>();
  let withinCell = false;
  const rewrite = (child: HastContent): HastContent[] => {
    if (child.type !== 'element') return [child];
    // An element no Markdown holds (a frame, a script, a form): not kept, and said; the words a page shows of it stay.
    if (UNMAPPED.has(child.tagName)) {
      leftOut.push(openingTag(child));
      return shownWords(child, rewrite as (c: ElementContent) => ElementContent[]);
    }
    // A tag that opens no text and is never closed (`wrapped in html tags <b><i>`) names a tag: it is words, kept as written.
    if (isWrittenAsWords(child)) return [{ type: 'text', value: openingTag(child) }, ...child.children.flatMap(rewrite)];
    // What a page hides is not shown, so not kept; its tag is said.
    if (isHidden(child)) {
      leftOut.push(openingTag(child));
      return [];
    }
    // A ruby annotation or a table in a table's cell: its words, and its tag said (no Markdown holds it).
    if (child.tagName === 'ruby' || (child.tagName === 'table' && withinCell)) {
      leftOut.push(openingTag(child));
      return (child.tagName === 'ruby' ? rubyWords : tableWords)(child, rewrite as (c: ElementContent) => ElementContent[]);
    }
    // A block inside a table's cell (paragraphs, a list, preformatted text), which a Markdown cell cannot hold: its words, kept apart.
    if (withinCell && CELL_BLOCKS.has(child.tagName)) return cellWords(child, rewrite as (c: ElementContent) => ElementContent[]);
    // Numbers a page shows that a Markdown list cannot (letters, roman numerals, counting down, an item's own number): said at the element; the list keeps its items.
    if ((child.tagName === 'ol' && ((child.properties.type !== undefined && String(child.properties.type) !== '1') || (child.properties.reversed !== undefined && child.properties.reversed !== false))) || (child.tagName === 'li' && child.properties.value !== undefined)) leftOut.push(openingTag(child));
    // A table's caption, which a Markdown table has no place for: a paragraph of its own before the table (it was shown as markup).
    if (child.tagName === 'table' && !withinCell && child.children.some((c) => c.type === 'element' && c.tagName === 'caption')) {
      const captions = child.children.filter((c): c is Element => c.type === 'element' && c.tagName === 'caption');
      child.children = child.children.filter((c) => !(c.type === 'element' && c.tagName === 'caption'));
      const caption: Element = { type: 'element', tagName: 'p', properties: {}, children: captions.flatMap((c) => c.children) };
      stack.push(caption, child);
      return [caption, child];
    }
    // An abbreviation's expansion (its `title`), which a page shows on pointing at it: kept after it, in parentheses.
    if ((child.tagName === 'abbr' || child.tagName === 'acronym') && typeof child.properties.title === 'string' && child.properties.title.trim() !== '') {
      return [...child.children.flatMap(rewrite), textNode(` (${child.properties.title.trim()})`)];
    }
    // A superscript or subscript, which no Markdown holds: kept apart from the words before it (`10<sup>6</sup>` read `106`).
    if (child.tagName === 'sup' || child.tagName === 'sub') return scriptWords(child, rewrite as (c: ElementContent) => ElementContent[]);
    // HTML closes an anchor where another opens, so this goes as deep as the anchors' own content.
    if (child.tagName === 'a' && child.properties.href === undefined) return child.children.flatMap(rewrite);
    const inline = CODE.has(child.tagName);
    if ((inline || CODE_BLOCK.has(child.tagName)) && holdsLink(child)) {
      return inline ? codeWithLinks(child.children, false) : [{ type: 'element', tagName: 'p', properties: {}, children: codeWithLinks(child.children, true) } satisfies Element];
    }
    stack.push(child);
    if (withinCell) inCell.add(child);
    return [child];
  };
  while (stack.length > 0) {
    const node = stack.pop() as HastRoot | Element;
    withinCell = inCell.has(node) || (node.type === 'element' && (node.tagName === 'td' || node.tagName === 'th'));
    node.children = separated((node.children as HastContent[]).flatMap(rewrite) as ElementContent[]) as typeof node.children;
  }
}

const parser = unified().use(remarkParse).use(remarkGfm);
const converter = unified()
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeRaw)
  .use(() => keepLinksInCode)
  .use(rehypeRemark)
  // Table cells as written, not padded to their column's width: a wide HTML table grew 2.5 times (zuora's introduction, 50,227 characters, was 126,482).
  .use(remarkGfm, { tablePipeAlign: false })
  .use(remarkStringify, { bullet: '-', emphasis: '_', rule: '-', fences: true })
  .freeze();

/**
 * True when a tag is one of an element that formats text (`<p>`, `</code>`, `<br/>`), or markup to
 * leave out, not text in angle brackets. `at` is where the tag starts in the description; where it
 * is not known, a tag of a name the description writes as markup somewhere is taken for markup.
 */
const isElementTag = (name: string, at: number | undefined, words: Set<number> = literal) =>
  !(at !== undefined && words.has(at)) &&
  (FORMATTING.has(name.toLowerCase()) ||
  (RUBY.has(name.toLowerCase()) && /<\/ruby\s*>/i.test(parsing)) || (at === undefined ? markup.names.has(name.toLowerCase()) : markup.at.has(at) || inDrawing(at)));
/** Whether a place of the description is inside a drawing or a formula, where every tag is one of its elements. */
const inDrawing = (at: number) => markup.own.some(([from, to, name]) => name !== 'xmp' && at > from && at < to);

/**
 * Where an HTML comment opens (`<!--`) and no `-->` closes it: HTML's rules hide all that follows,
 * to the end of the HTML. Found with `indexOf` (a regular expression's lazy match would read to the
 * end once for each opener: a text of many openers would take time by its length squared).
 */
function unclosedComments(html: string): Set<number> {
  const at = new Set<number>();
  for (let from = 0; ; ) {
    const open = html.indexOf('<!--', from);
    if (open < 0) return at;
    const close = html.indexOf('-->', open + 4);
    if (close >= 0) {
      from = close + 3;
      continue;
    }
    for (let p = open; p >= 0; p = html.indexOf('<!--', p + 1)) at.add(p);
    return at;
  }
}

/**
 * Whether the tag that starts at `from` ends (a `>`) within `html`, read as HTML's tokenizer reads
 * it: a quoted attribute value (after `=`) runs to its closing quote, over any `>`. A tag that does
 * not end is dropped by HTML's rules with the words after it, to the end of the HTML. `known` holds,
 * for the places read outside a quoted value, whether a reading from there meets a `>`: each place
 * is read once however many tags start before it (`<b <b <b …`).
 */
function tagEnds(html: string, from: number, known: Map<number, boolean>): boolean {
  const read: number[] = [];
  let afterEquals = false;
  let ends = false;
  for (let i = from + 1; i < html.length; i++) {
    if (!afterEquals) {
      const seen = known.get(i);
      if (seen !== undefined) {
        ends = seen;
        break;
      }
      read.push(i);
    }
    const c = html.charAt(i);
    if (c === '>') {
      ends = true;
      break;
    }
    if (afterEquals && (c === '"' || c === "'")) {
      const close = html.indexOf(c, i + 1);
      if (close < 0) break;
      i = close;
      afterEquals = false;
    } else if (c === '=') afterEquals = true;
    else if (!/\s/.test(c)) afterEquals = false;
  }
  for (const i of read) known.set(i, ends);
  return ends;
}

/**
 * HTML with every `<` that does not open an element tag that ends or a comment that closes written as `&lt;`; `base` is
 * where the HTML starts in the description, when known. Inside an `OWN_CONTENT` element (a drawing,
 * a formula, `<xmp>`) nothing is escaped: HTML reads its content by its own rules. Each opening tag
 * of an `UNMAPPED` element kept is noted in `passed`.
 */
function escapeNonTags(html: string, base: number | undefined): string {
  // Where the HTML's place in the description is not known (inside a list or a quote), its own stretches, read in it alone.
  const own = base === undefined ? unmappedMarkup(html).own : markup.own.map(([from, to, name]): [number, number, string] => [from - base, to - base, name]);
  const inOwn = (offset: number) => own.some(([from, to]) => offset > from && offset < to);
  const unclosed = unclosedComments(html);
  const ending = new Map<number, boolean>();
  const words = base === undefined ? literalTags(html) : undefined;
  return html.replace(/<(?:!--|(\/?)([A-Za-z][A-Za-z0-9-]*)?([^<]?))/g, (m, slash: string | undefined, name: string | undefined, next: string | undefined, offset: number) => {
    if (inOwn(offset)) return m;
    // A comment that closes is HTML's (left out and said); one that never does is words: HTML would hide everything after it.
    if (m === '<!--') return unclosed.has(offset) ? '&lt;!--' : m;
    // A tag that does not end (`<a href="x y` and nothing after) is words: HTML would drop it, and its words, as a tag never finished.
    if (name === undefined || words?.has(offset) === true || !isElementTag(name, base === undefined ? undefined : base + offset) || !(next === '' || /[\s/>]/.test(next ?? '')) || !tagEnds(html, offset, ending)) return `&lt;${m.slice(1)}`;
    const element = name.toLowerCase();
    const tag = slash === '' && UNMAPPED.has(element) ? tagAtStart(html.slice(offset)) : undefined;
    if (tag !== undefined) passed.push({ name: element, tag });
    return m;
  });
}

/**
 * Where a link into the document's own site goes in the spec: the `area/id` an item's page answers
 * it with (a Redoc `#operation/<operationId>` of an imported operation), or undefined where nothing
 * does (`#tag/…`, `#section/…`, `../guide`). Only links with no scheme and not from the root are
 * asked: a path from the root is `missing-page`'s, which `import --site-url` makes whole.
 */
export type OwnSite = (url: string) => string | undefined;

/** The conversion's own-site links: how they are answered, the spec links made of them (written in place of their markers), and the addresses of those not kept. */
let ownSite: OwnSite | undefined;
let specLinks: string[] = [];
let notOnSite: string[] = [];
/** What stands for the n-th spec link until the Markdown is written (its brackets would be escaped as words). */
const SPEC_LINK = /\uE000(\d+)\uE001/g;

/** Whether a URL is relative to the page that holds it (`#x`, `x/y`, `../y`): no scheme, not from the root, not `//host`. */
const pageRelative = (url: string): boolean => url !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('/') && !url.startsWith('\\');

/**
 * A link's words, when they are plain text a spec link's label holds as written: no brackets, bars
 * or line breaks, and nothing Markdown would read as markup there (`<`, `&`, `*`…), which the
 * Markdown writer escapes in words but a label is written as it is.
 */
function labelOf(children: readonly RootContent[]): string | undefined {
  const [only] = children;
  return children.length === 1 && only?.type === 'text' && /^[^[\]|\n\r<>&\\`*_~]+$/.test(only.value) && only.value.trim() !== '' ? only.value : undefined;
}

/**
 * A link into the document's own site: a spec link where an item answers it (written as a marker
 * the Markdown keeps as it is, `specLinks` its text, its bar escaped in a table's cell), else its
 * words, the address noted in `notOnSite`; undefined for any other link.
 */
function ownSiteLink(node: RootContent, inCell: boolean): RootContent[] | undefined {
  if (ownSite === undefined || node.type !== 'link' || !pageRelative(node.url)) return undefined;
  const target = ownSite(node.url);
  const label = labelOf(node.children);
  if (target !== undefined && label !== undefined && !parsing.includes('\uE000')) {
    specLinks.push(`[[${target}${inCell ? '\\|' : '|'}${label}]]`);
    return [{ type: 'text', value: `\uE000${specLinks.length - 1}\uE001` } satisfies Text];
  }
  notOnSite.push(node.url);
  return node.children;
}

/**
 * What a link or image a page would not follow becomes: its text (an autolink's is its address, an
 * image's its alt text), the address noted in `dropped`. In a tree as parsed (`parsed`), an address
 * GFM reads in plain words (a link it makes without a position: no `<` or `[` wrote it) that runs
 * into characters no address holds (`https://a.example.com">…`, the text a first import wrote from
 * a tag-like word) is the words as written: no link was written there.
 */
function unlinked(node: RootContent, dropped: string[], parsed: boolean): RootContent[] | undefined {
  if (node.type === 'link' && !isSafeProseUrl(node.url)) {
    const label = node.children.length === 1 && node.children[0]?.type === 'text' ? node.children[0].value : undefined;
    if (parsed && label === node.url && node.position === undefined) return [{ type: 'text', value: label } satisfies Text];
    dropped.push(node.url);
    if (label === node.url || `mailto:${label}` === node.url) return [{ type: 'text', value: `<${node.url}>` } satisfies Text];
    return node.children;
  }
  if (node.type === 'image' && !isSafeProseUrl(node.url)) {
    dropped.push(node.url);
    return [{ type: 'text', value: node.alt ?? '' } satisfies Text];
  }
  return undefined;
}

/**
 * Definitions of reference links (`[list]: e://get-templates`) whose address a page would not
 * follow, removed (their addresses noted in `dropped`), with the identifiers they defined.
 */
function unsafeDefinitions(tree: Root, dropped: string[]): Set<string> {
  const ids = new Set<string>();
  const stack: Node[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    const children = (node as Partial<Parent>).children as RootContent[] | undefined;
    if (!children) continue;
    for (let i = 0; i < children.length; i++) {
      const child = children[i] as RootContent;
      if (child.type === 'definition' && !isSafeProseUrl(child.url)) {
        dropped.push(child.url);
        ids.add(child.identifier);
        children.splice(i, 1);
        i--;
      } else stack.push(child);
    }
  }
  return ids;
}

/** Links and images a page would not follow, anywhere in a tree, replaced by their text, and links into the document's own site made spec links or their words (`ownSiteLink`); whether there were any. */
function unlinkAll(tree: Root, dropped: string[], parsed: boolean): boolean {
  // A reference (`[text][list]`) to a definition that is not kept is its text, as an inline link is.
  const unsafe = unsafeDefinitions(tree, dropped);
  let changed = unsafe.size > 0;
  const stack: Array<[Node, boolean]> = [[tree, false]];
  while (stack.length > 0) {
    const [node, inCell] = stack.pop() as [Node, boolean];
    const children = (node as Partial<Parent>).children as RootContent[] | undefined;
    if (!children) continue;
    for (let i = 0; i < children.length; i++) {
      const child = children[i] as RootContent;
      const text = child.type === 'linkReference' && unsafe.has(child.identifier) ? child.children : child.type === 'imageReference' && unsafe.has(child.identifier) ? [{ type: 'text', value: child.alt ?? '' } satisfies Text] : (unlinked(child, dropped, parsed) ?? ownSiteLink(child, inCell));
      if (text) {
        children.splice(i, 1, ...text);
        changed = true;
        i--; // what replaced the link is looked at in turn (a link inside a link's text)
      } else stack.push([child, inCell || child.type === 'tableCell']);
    }
  }
  return changed;
}

/**
 * Rewrites the HTML nodes of a Markdown tree in place so that only real HTML elements stay
 * markup: a node that is one tag-like word (`<service>`) becomes text, and inside a block of
 * HTML the tag-like words are escaped. Links a page would not follow become their text (their
 * addresses go to `dropped`). Returns whether anything needs converting.
 */
function prepare(tree: Root, dropped: string[], comments: string[]): boolean {
  let convert = unlinkAll(tree, dropped, true);
  const stack: Node[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    const children = (node as Partial<Parent>).children as RootContent[] | undefined;
    if (!children) continue;
    asWrittenInXmp(children);
    children.forEach((child, i) => {
      if (child.type === 'html') {
        const asWritten = (child as Html).value;
        // Where the HTML starts in the description, when it is written there as it is (not inside a quote's or a list's markers).
        const start = child.position?.start.offset;
        const base = start !== undefined && parsing.slice(start, start + asWritten.length) === asWritten ? start : undefined;
        const written = withoutSelfClosed(asWritten);
        // An HTML comment is not shown on a page: it is not kept, and noted in `comments` (after the tags are read where they are written).
        const comment = /<!--[\s\S]*?-->/g;
        for (const c of written.matchAll(comment)) comments.push(c[0]);
        const value = written.replace(comment, '');
        const tags = [...value.matchAll(TAG)];
        const whole = tags.length === 1 && tags[0]?.[0] === value.trim();
        const at = base === undefined || value !== written ? undefined : base + (tags[0]?.index ?? 0);
        if (whole && ((at === undefined ? literalTags(value).has(tags[0]?.index ?? 0) : literal.has(at)) || !isElementTag(tags[0]?.[1] ?? '', at))) {
          children[i] = { type: 'text', value } satisfies Text;
          if (node.type === 'root' || node.type === 'blockquote' || node.type === 'listItem') children[i] = { type: 'paragraph', children: [{ type: 'text', value }] };
        } else {
          (child as Html).value = escapeNonTags(written, base).replace(comment, '');
        }
        convert = true;
      } else stack.push(child);
    });
  }
  return convert;
}

/**
 * An `<xmp>` written among a paragraph's words (its tags HTML nodes of their own, its content
 * Markdown's) with its content made one text, as written: HTML shows it so, and its tags inside
 * (`<xmp><b>x</b></xmp>`), read one by one, would be markup or be lost.
 */
function asWrittenInXmp(children: RootContent[]): void {
  const isTag = (child: RootContent | undefined, tag: RegExp): child is Html =>
    child?.type === 'html' && tag.test(child.value) && child.position?.start.offset !== undefined && markup.at.has(child.position.start.offset);
  for (let i = 0; i < children.length; i++) {
    const open = children[i];
    if (!isTag(open, /^<xmp(?=[\s>])[^<>]*>$/i)) continue;
    const j = children.findIndex((c, k) => k > i && isTag(c, /^<\/xmp\s*>$/i));
    const from = open.position?.end.offset;
    const to = children[j]?.position?.start.offset;
    if (j < 0 || from === undefined || to === undefined) continue;
    children.splice(i + 1, j - i - 1, { type: 'text', value: parsing.slice(from, to) } satisfies Text);
  }
}

/** Whether a text's character next to an emphasis is a letter or a digit: `_`, the marker emphasis is written with, opens or closes no emphasis there. */
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * Emphasis inside a word (`a*b*c`, `2*3*4`: CommonMark's emphasis of `b` and `3`) made the words
 * as written, the asterisks written `\*`: with `_` the stringifier writes the letters around it as
 * character references (`&#x61;_&#x62;_&#x63;`), which no reader of a spec file or export can read.
 * Such asterisks in an API's prose are most often a product or a name's parts, rarely emphasis.
 */
function asteriskedInWords(tree: Root): void {
  const stack: Node[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    const children = (node as Partial<Parent>).children as RootContent[] | undefined;
    if (!children) continue;
    for (let i = 0; i < children.length; i++) {
      const child = children[i] as RootContent;
      const before = children[i - 1];
      const after = children[i + 1];
      const inWord = (before?.type === 'text' && WORD_CHARACTER.test(before.value.slice(-1))) || (after?.type === 'text' && WORD_CHARACTER.test(after.value.charAt(0)));
      if (child.type === 'emphasis' && inWord) {
        children.splice(i, 1, { type: 'text', value: '*' } satisfies Text, ...child.children, { type: 'text', value: '*' } satisfies Text);
        i--; // what replaced the emphasis is looked at in turn (its text is a word's too)
      } else stack.push(child);
    }
  }
}

/**
 * A description as Markdown without raw HTML or links a page would drop, with the addresses of the
 * links it dropped (their text stays; a reference link's definition goes, its references become
 * their text) and the HTML comments it left out (a page shows none); unchanged when it has neither.
 * The HTML conversion can make links of its own (`<a href="javascript:…">`), so they are looked at
 * again after it.
 */
export function describedAsMarkdown(written: string, own?: OwnSite): { text: string; dropped: string[]; comments: string[]; elements: string[]; notOnSite: string[]; specLinks: string[] } {
  if (!/[<\]]/.test(written)) return { text: written, dropped: [], comments: [], elements: [], notOnSite: [], specLinks: [] };
  const dropped: string[] = [];
  const comments: string[] = [];
  let text = written;
  let tree = parser.parse(text);
  // HTML that starts with a comment never closed (CommonMark reads it to the end of its block, or of the description) is words: a page would hide them all.
  // Its `<` escaped, the Markdown after it is read as Markdown; past `UNCLOSED_ROUNDS` such openers (each a reading of the whole text), the rest are escaped as HTML (`escapeNonTags`), their words kept in one block.
  for (let round = 0; round < UNCLOSED_ROUNDS; round++) {
    const opener = unclosedCommentBlock(tree, text);
    if (opener === undefined) break;
    text = `${text.slice(0, opener)}\\${text.slice(opener)}`;
    tree = parser.parse(text);
  }
  parsing = text;
  markup = unmappedMarkup(text);
  literal = literalTags(text);
  leftOut = [];
  passed = [];
  ownSite = own;
  specLinks = [];
  notOnSite = [];
  const done = (out: { text: string; elements: string[] }) => {
    const links = { notOnSite, specLinks };
    literal = new Set();
    ownSite = undefined;
    specLinks = [];
    notOnSite = [];
    return { ...out, dropped, comments, ...links };
  };
  if (!prepare(tree, dropped, comments)) return done({ text, elements: [] });
  converting = text;
  const converted = converter.runSync(tree) as Root;
  unlinkAll(converted, dropped, false);
  asteriskedInWords(converted);
  // A tag HTML's rules dropped with no element to show for it (a `<frame>` in a page's text) is said as the elements left out are.
  const named = new Set(leftOut.map((t) => /^<\/?([A-Za-z][A-Za-z0-9-]*)/.exec(t)?.[1]?.toLowerCase()));
  const elements = [...new Set([...leftOut, ...passed.filter((p) => !named.has(p.name)).map((p) => p.tag)])];
  markup = NO_MARKUP;
  leftOut = [];
  passed = [];
  return done({ text: converter.stringify(converted).trimEnd(), elements });
}

/** How many comments never closed that start a block of HTML a description has read as Markdown after them (each one more reading of the text). */
const UNCLOSED_ROUNDS = 8;

/** Where an HTML node of a tree starts with a comment that never closes (`<!-- note` and no `-->`), written as it is in the description: the first such place. */
function unclosedCommentBlock(tree: Root, text: string): number | undefined {
  let found: number | undefined;
  visit(tree, 'html', (node: Html) => {
    const at = node.position?.start.offset;
    if (found !== undefined || at === undefined || !node.value.startsWith('<!--') || /^<!--[\s\S]*?-->/.test(node.value) || !text.startsWith('<!--', at)) return;
    found = at;
  });
  return found;
}

/** Markdown with the markers `describedAsMarkdown` left for spec links written as those links. */
export function withSpecLinks(markdown: string, links: readonly string[]): string {
  return links.length === 0 ? markdown : markdown.replace(SPEC_LINK, (m, n: string) => links[Number(n)] ?? m);
}

/** A description as Markdown without raw HTML or links a page would drop: unchanged when it has neither. */
export function htmlToMarkdown(text: string): string {
  return describedAsMarkdown(text).text;
}
