import { htmlTagNames } from 'html-tag-names';
import type { Html, Link, Root, RootContent, Text } from 'mdast';
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
 * nodes), and tag-like text and autolinks of schemes a page would not follow as the text they
 * are, escaped. A description with neither is kept exactly as written.
 */

const KNOWN_TAGS = new Set(htmlTagNames);
const TAG = /<\/?([A-Za-z][A-Za-z0-9-]*)(?=[\s/>])[^<>]*>/g;

const parser = unified().use(remarkParse).use(remarkGfm);
const converter = unified()
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeRaw)
  .use(rehypeRemark)
  .use(remarkGfm)
  .use(remarkStringify, { bullet: '-', emphasis: '_', rule: '-', fences: true })
  .freeze();

/** True when a tag is one HTML knows (`<p>`, `</code>`, `<br/>`), not text in angle brackets. */
const isElementTag = (name: string) => KNOWN_TAGS.has(name.toLowerCase());

/** HTML with every `<` that does not open an element tag or a comment written as `&lt;`. */
function escapeNonTags(html: string): string {
  return html.replace(/<(?!!--)(\/?)([A-Za-z][A-Za-z0-9-]*)?([^<]?)/g, (m, _slash: string, name: string | undefined, next: string) =>
    name !== undefined && isElementTag(name) && (next === '' || /[\s/>]/.test(next)) ? m : `&lt;${m.slice(1)}`,
  );
}

/**
 * Rewrites the HTML nodes of a Markdown tree in place so that only real HTML elements stay
 * markup: a node that is one tag-like word (`<service>`) becomes text, and inside a block of
 * HTML the tag-like words are escaped. Autolinks of other schemes than http(s) and mailto
 * (`<udp:ip_address:port>`) become the text they are. Returns whether anything needs converting.
 */
function prepare(tree: Root): boolean {
  let convert = false;
  const stack: Node[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    const children = (node as Partial<Parent>).children as RootContent[] | undefined;
    if (!children) continue;
    children.forEach((child, i) => {
      if (child.type === 'html') {
        const value = (child as Html).value;
        const tags = [...value.matchAll(TAG)];
        const whole = tags.length === 1 && tags[0]?.[0] === value.trim();
        if (whole && !isElementTag(tags[0]?.[1] ?? '')) {
          children[i] = { type: 'text', value } satisfies Text;
          if (node.type === 'root' || node.type === 'blockquote' || node.type === 'listItem') children[i] = { type: 'paragraph', children: [{ type: 'text', value }] };
        } else {
          (child as Html).value = escapeNonTags(value);
        }
        convert = true;
      } else if (child.type === 'link' && !isSafeProseUrl((child as Link).url)) {
        const link = child as Link;
        const label = link.children.length === 1 && link.children[0]?.type === 'text' ? link.children[0].value : undefined;
        // An autolink shows its address; a written link keeps its label and the address after it.
        const value = label === link.url || `mailto:${label}` === link.url ? `<${link.url}>` : `${label ?? ''} (${link.url})`;
        children[i] = { type: 'text', value } satisfies Text;
        convert = true;
      } else stack.push(child);
    });
  }
  return convert;
}

/** A description as Markdown without raw HTML or links a page would drop: unchanged when it has neither. */
export function htmlToMarkdown(text: string): string {
  if (!/[<\]]/.test(text)) return text;
  const tree = parser.parse(text);
  if (!prepare(tree)) return text;
  const out = converter.stringify(converter.runSync(tree) as Root);
  return out.trimEnd();
}
