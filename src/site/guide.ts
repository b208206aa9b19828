import type { MarkdownHeading } from 'astro';

/** One page of the guide: its place below `guide/`, its title and description, its text and headings. */
export interface GuidePage {
  slug: string;
  frontmatter: { title: string; description: string };
  Content: (props: Record<string, never>) => unknown;
  headings: MarkdownHeading[];
}

interface MarkdownModule {
  frontmatter: { title: string; description: string };
  Content: GuidePage['Content'];
  getHeadings(): MarkdownHeading[];
}

// Every Markdown file of the guide, compiled by Astro as the site is built.
const files = import.meta.glob<MarkdownModule>('./guide/**/*.md', { eager: true });

/** The guide's pages: "Reading this spec" (`reading.md`, at `guide/`) first, then "Writing this spec" (`writing/`) and its pages in order. */
export function guidePages(): GuidePage[] {
  return Object.entries(files)
    .map(([path, module]) => ({
      slug: path.replace(/^\.\/guide\//, '').replace(/\.md$/, '').replace(/^reading$/, '').replace(/(^|\/)index$/, ''),
      frontmatter: module.frontmatter,
      Content: module.Content,
      headings: module.getHeadings(),
    }))
    .sort((a, b) => ORDER.indexOf(a.slug) - ORDER.indexOf(b.slug));
}

/** The order of the guide's pages, as the sidebar lists them. */
export const ORDER = ['', 'writing', 'writing/reference', 'writing/gaps', 'writing/checks', 'writing/pull-requests', 'writing/interchange', 'writing/mock', 'writing/command-line', 'writing/editors'];
