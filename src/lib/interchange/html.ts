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
 * handlers). Any other tag name, even a real one, is text: `<title>`, `<select>`, `<textarea>`,
 * `<script>` or `<option>` are parsed by HTML's own rules (their text taken as the element's, or
 * dropped) and rehype-remark drops them, so "the <title> of the page" would lose words.
 */
const FORMATTING = new Set([
  ...['a', 'abbr', 'acronym', 'address', 'article', 'aside', 'b', 'bdi', 'bdo', 'big', 'blockquote', 'br', 'center', 'cite', 'code', 'data', 'dd', 'del', 'details', 'dfn', 'div', 'dl', 'dt', 'em'],
  ...['figcaption', 'figure', 'font', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'main', 'mark', 'nav', 'nobr', 'ol', 'p', 'pre', 'q'],
  ...['s', 'samp', 'section', 'small', 'span', 'strike', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'tt', 'u', 'ul', 'var', 'wbr'],
]);
const TAG = /<\/?([A-Za-z][A-Za-z0-9-]*)(?=[\s/>])[^<>]*>/g;

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

/** The description being converted: where an element's tag is read as written. */
let converting = '';

/** Whether an element formats no text and its tag is never closed: a tag named in words, not markup (rehype-remark would drop it, and the words with it). */
function isWrittenAsWords(node: Element): boolean {
  if (node.position?.start.offset === undefined) return false; // made here, not read
  const start = node.position.start.offset;
  const end = node.position.end.offset ?? 0;
  const blank = (n: ElementContent): boolean => (n.type === 'text' ? n.value.trim() === '' : n.type === 'element' ? PHRASING.has(n.tagName) && n.children.every(blank) : true);
  return PHRASING.has(node.tagName) && end <= start && node.children.every(blank);
}

/** An element's opening tag as written, where its position finds it; else its name in angle brackets. */
function openingTag(node: Element): string {
  const start = node.position?.start.offset;
  const written = start === undefined ? undefined : /^<[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?>/.exec(converting.slice(start))?.[0];
  return written !== undefined && written.slice(1).toLowerCase().startsWith(node.tagName) ? written : `<${node.tagName}>`;
}

/**
 * The code elements of an HTML tree that hold links, rewritten by `codeWithLinks` (a code block
 * becomes a paragraph); an anchor without an address (`<a name="x">`) made its content, which
 * rehype-remark would make a link to nowhere (`[text]()`).
 */
function keepLinksInCode(tree: HastRoot): void {
  const stack: Array<HastRoot | Element> = [tree];
  const rewrite = (child: HastContent): HastContent[] => {
    if (child.type !== 'element') return [child];
    // A tag that opens no text and is never closed (`wrapped in html tags <b><i>`) names a tag: it is words, kept as written.
    if (isWrittenAsWords(child)) return [{ type: 'text', value: openingTag(child) }, ...child.children.flatMap(rewrite)];
    // HTML closes an anchor where another opens, so this goes as deep as the anchors' own content.
    if (child.tagName === 'a' && child.properties.href === undefined) return child.children.flatMap(rewrite);
    const inline = CODE.has(child.tagName);
    if ((inline || CODE_BLOCK.has(child.tagName)) && holdsLink(child)) {
      return inline ? codeWithLinks(child.children, false) : [{ type: 'element', tagName: 'p', properties: {}, children: codeWithLinks(child.children, true) } satisfies Element];
    }
    stack.push(child);
    return [child];
  };
  while (stack.length > 0) {
    const node = stack.pop() as HastRoot | Element;
    node.children = (node.children as HastContent[]).flatMap(rewrite) as typeof node.children;
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

/** True when a tag is one of an element that formats text (`<p>`, `</code>`, `<br/>`), not text in angle brackets. */
const isElementTag = (name: string) => FORMATTING.has(name.toLowerCase());

/** HTML with every `<` that does not open an element tag or a comment written as `&lt;`. */
function escapeNonTags(html: string): string {
  return html.replace(/<(?!!--)(\/?)([A-Za-z][A-Za-z0-9-]*)?([^<]?)/g, (m, _slash: string, name: string | undefined, next: string) =>
    name !== undefined && isElementTag(name) && (next === '' || /[\s/>]/.test(next)) ? m : `&lt;${m.slice(1)}`,
  );
}

/** What a link or image a page would not follow becomes: its text (an autolink's is its address, an image's its alt text), the address noted in `dropped`. */
function unlinked(node: RootContent, dropped: string[]): RootContent[] | undefined {
  if (node.type === 'link' && !isSafeProseUrl(node.url)) {
    dropped.push(node.url);
    const label = node.children.length === 1 && node.children[0]?.type === 'text' ? node.children[0].value : undefined;
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

/** Links and images a page would not follow, anywhere in a tree, replaced by their text; whether there were any. */
function unlinkAll(tree: Root, dropped: string[]): boolean {
  // A reference (`[text][list]`) to a definition that is not kept is its text, as an inline link is.
  const unsafe = unsafeDefinitions(tree, dropped);
  let changed = unsafe.size > 0;
  const stack: Node[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    const children = (node as Partial<Parent>).children as RootContent[] | undefined;
    if (!children) continue;
    for (let i = 0; i < children.length; i++) {
      const child = children[i] as RootContent;
      const text = child.type === 'linkReference' && unsafe.has(child.identifier) ? child.children : child.type === 'imageReference' && unsafe.has(child.identifier) ? [{ type: 'text', value: child.alt ?? '' } satisfies Text] : unlinked(child, dropped);
      if (text) {
        children.splice(i, 1, ...text);
        changed = true;
        i--; // what replaced the link is looked at in turn (a link inside a link's text)
      } else stack.push(child);
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
  let convert = unlinkAll(tree, dropped);
  const stack: Node[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    const children = (node as Partial<Parent>).children as RootContent[] | undefined;
    if (!children) continue;
    children.forEach((child, i) => {
      if (child.type === 'html') {
        // An HTML comment is not shown on a page: it is not kept, and noted in `comments`.
        const value = (child as Html).value.replace(/<!--[\s\S]*?-->/g, (c) => {
          comments.push(c);
          return '';
        });
        (child as Html).value = value;
        const tags = [...value.matchAll(TAG)];
        const whole = tags.length === 1 && tags[0]?.[0] === value.trim();
        if (whole && !isElementTag(tags[0]?.[1] ?? '')) {
          children[i] = { type: 'text', value } satisfies Text;
          if (node.type === 'root' || node.type === 'blockquote' || node.type === 'listItem') children[i] = { type: 'paragraph', children: [{ type: 'text', value }] };
        } else {
          (child as Html).value = escapeNonTags(value);
        }
        convert = true;
      } else stack.push(child);
    });
  }
  return convert;
}

/**
 * A description as Markdown without raw HTML or links a page would drop, with the addresses of the
 * links it dropped (their text stays; a reference link's definition goes, its references become
 * their text) and the HTML comments it left out (a page shows none); unchanged when it has neither.
 * The HTML conversion can make links of its own (`<a href="javascript:…">`), so they are looked at
 * again after it.
 */
export function describedAsMarkdown(text: string): { text: string; dropped: string[]; comments: string[] } {
  if (!/[<\]]/.test(text)) return { text, dropped: [], comments: [] };
  const dropped: string[] = [];
  const comments: string[] = [];
  const tree = parser.parse(text);
  if (!prepare(tree, dropped, comments)) return { text, dropped, comments };
  converting = text;
  const converted = converter.runSync(tree) as Root;
  unlinkAll(converted, dropped);
  return { text: converter.stringify(converted).trimEnd(), dropped, comments };
}

/** A description as Markdown without raw HTML or links a page would drop: unchanged when it has neither. */
export function htmlToMarkdown(text: string): string {
  return describedAsMarkdown(text).text;
}
