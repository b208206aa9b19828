import type { Root } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Node, Parent } from 'unist';
import { AREAS } from '../areas/index.ts';
import { isRooted } from '../link/markdown.ts';
import { mapProse } from '../link/prose.ts';
import type { ImportResult } from './result.ts';

const reader = unified().use(remarkParse).freeze();

/**
 * One prose value with its links to paths from the root (`[scopes](/documentation/web-api)`) made
 * whole addresses on `site` (`https://developer.spotify.com/documentation/web-api`): such a path
 * names a page of the site the document was written for, which the spec's own site does not have.
 * Only the address is changed, where it is written as it was read; everything else stays as written.
 */
export function rootedLinksOnSite(text: string, site: URL): { text: string; count: number } {
  if (!text.includes('](/') && !text.includes(']: /') && !text.includes('](</')) return { text, count: 0 };
  const tree = reader.parse(text) as Root;
  const edits: Array<{ start: number; end: number; url: string }> = [];
  const stack: Node[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Node & { url?: unknown };
    if ((node.type === 'link' || node.type === 'image' || node.type === 'definition') && typeof node.url === 'string' && isRooted(node.url)) {
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      if (start !== undefined && end !== undefined) {
        // The address as written: after the label, as `](url` or `]: url`, or inside `<…>`.
        const written = text.slice(start, end);
        const at = Math.max(written.lastIndexOf(`](${node.url}`), written.lastIndexOf(`](<${node.url}`), written.lastIndexOf(`]: ${node.url}`), written.lastIndexOf(`]: <${node.url}`));
        if (at >= 0) {
          const from = start + written.indexOf(node.url, at);
          edits.push({ start: from, end: from + node.url.length, url: new URL(node.url, site).href });
        }
      }
    }
    const children = (node as Partial<Parent>).children;
    if (children) for (const child of children) stack.push(child);
  }
  let out = text;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = `${out.slice(0, edit.start)}${edit.url}${out.slice(edit.end)}`;
  return { text: out, count: edits.length };
}

/** Every prose value of an import with its links to paths from the root made whole addresses on `site`; and how many links were. */
export function importOnSite(result: ImportResult, site: URL): { result: ImportResult; rewritten: number } {
  let rewritten = 0;
  const onSite = (text: string) => {
    const done = rootedLinksOnSite(text, site);
    rewritten += done.count;
    return done.text;
  };
  const areas: Record<string, unknown> = {};
  for (const module of AREAS) {
    const data = result.areas[module.key];
    if (data !== undefined) areas[module.key] = mapProse(module.schema, data, onSite);
  }
  const items = result.items.map((item) => {
    const schema = AREAS.find((m) => m.key === item.area)?.items?.schema;
    return schema ? { ...item, data: mapProse(schema, item.data, onSite) } : item;
  });
  return { result: { ...result, areas: areas as ImportResult['areas'], items: items as ImportResult['items'] }, rewritten };
}
