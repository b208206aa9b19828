import type { Root, Text } from 'mdast';
import { findAndReplace } from 'mdast-util-find-and-replace';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import { remark } from 'remark';
import remarkRehype from 'remark-rehype';
import type { Plugin } from 'unified';
import { visit } from 'unist-util-visit';
import { PROSE_LINK } from './prose.ts';

/** What prose contains that the checks care about. */
export interface ProseFindings {
  /** Every `[[target|label]]` outside code, with its raw text. */
  links: Array<{ raw: string; target: string; label?: string }>;
  /** Raw HTML, which is never rendered. */
  html: string[];
  /** Link and image URLs with a scheme other than http, https or mailto; they are dropped. */
  unsafeUrls: string[];
  /** `[[` left over that is not a link of the documented shape. */
  malformed: string[];
}

const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);

/** True for relative URLs and http, https and mailto ones. */
export function isSafeUrl(url: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url.trim())?.[1];
  return scheme === undefined || SAFE_SCHEMES.has(scheme.toLowerCase());
}

const parser = remark();

/** Reads prose once for links, raw HTML and unsafe URLs. */
export function inspectProse(text: string): ProseFindings {
  const found: ProseFindings = { links: [], html: [], unsafeUrls: [], malformed: [] };
  // Links, autolinks and HTML all need `[` or `<`: without them there is nothing to find.
  if (!text.includes('[') && !text.includes('<')) return found;
  const tree = parser.parse(text);
  visit(tree, (node) => {
    if (node.type === 'html') found.html.push(node.value);
    if ((node.type === 'link' || node.type === 'image') && !isSafeUrl(node.url)) found.unsafeUrls.push(node.url);
    if (node.type === 'text') {
      for (const m of node.value.matchAll(PROSE_LINK)) {
        found.links.push({ raw: m[0], target: m[1] ?? '', ...(m[2] !== undefined ? { label: m[2] } : {}) });
      }
      const rest = node.value.replace(PROSE_LINK, '');
      if (rest.includes('[[')) found.malformed.push(rest.slice(rest.indexOf('[['), rest.indexOf('[[') + 40));
    }
  });
  return found;
}

/** Resolves a link target to where it points and the text to show; undefined when it does not resolve. */
export type ResolveLink = (target: string) => { href: string; label: string } | undefined;

const wikiLinks: Plugin<[ResolveLink], Root> = (resolve) => (tree) => {
  findAndReplace(tree, [
    PROSE_LINK,
    (raw: string, target: string, label: string | undefined) => {
      const hit = resolve(target);
      if (!hit) return { type: 'text', value: raw } satisfies Text;
      return { type: 'link', url: hit.href, children: [{ type: 'text', value: label ?? hit.label }] };
    },
  ]);
};

/**
 * A renderer from Markdown prose to safe HTML: spec links resolved, raw HTML dropped (never
 * passed through), unsafe URL schemes removed by rehype-sanitize's GitHub schema.
 */
export function proseRenderer(resolve: ResolveLink): (text: string) => string {
  const processor = remark().use(wikiLinks, resolve).use(remarkRehype).use(rehypeSanitize).use(rehypeStringify).freeze();
  return (text) => String(processor.processSync(text));
}
