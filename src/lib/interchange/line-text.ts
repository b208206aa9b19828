import type { Nodes, Root } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { describedAsMarkdown } from './html.ts';

const reader = unified().use(remarkParse);

/** The nodes whose children are blocks (paragraphs, items, rows, cells): a page shows each apart. */
const HOLDS_BLOCKS = new Set(['root', 'blockquote', 'list', 'listItem', 'table', 'tableRow', 'footnoteDefinition']);

/** The words a tree shows, its blocks and line breaks kept apart by a blank (`<p>one</p><p>two</p>` is `one two`, not `onetwo`). */
function shownText(node: Nodes): string {
  if (node.type === 'break') return ' ';
  if (node.type === 'image' || node.type === 'imageReference') return node.alt ?? '';
  if ('value' in node) return node.value;
  if (!('children' in node)) return '';
  return (node.children as Nodes[]).map(shownText).join(HOLDS_BLOCKS.has(node.type) ? ' ' : '');
}

/**
 * A title or summary written with HTML, as the line of plain text it shows: a title is text, not
 * Markdown, so `<b>Price</b> in <EUR>` reads `Price in <EUR>`, not `**Price** in \<EUR>` (which a
 * page showed with its asterisks and backslash). `text` is undefined when the line shows no words
 * (`<p></p>`, a comment, an image alone). `unkept` are the addresses of its links and images,
 * which a line of text cannot hold (their words stay): to be said, as the links the conversion
 * dropped and the comments it left out are.
 */
export function describedAsLine(line: string): { text: string | undefined; dropped: string[]; comments: string[]; elements: string[]; unkept: string[] } {
  const out = describedAsMarkdown(line);
  const tree = reader.parse(out.text) as Root;
  const unkept: string[] = [];
  visit(tree, ['link', 'image'], (node) => {
    if ((node.type === 'link' || node.type === 'image') && node.url !== '') unkept.push(node.url);
  });
  const shown = shownText(tree).replace(/\s+/g, ' ').trim();
  return { text: shown === '' ? undefined : shown, dropped: out.dropped, comments: out.comments, elements: out.elements, unkept };
}
