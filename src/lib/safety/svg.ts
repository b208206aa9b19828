import type { Element, Root } from 'hast';
import type { Schema } from 'hast-util-sanitize';
import { createRequire } from 'node:module';

/** The HTML parser, sanitizer and serializer (parse5 and friends), loaded on first use: most commands draw no SVG. */
const load = createRequire(import.meta.url);
let hast: { fromHtml: typeof import('hast-util-from-html').fromHtml; sanitize: typeof import('hast-util-sanitize').sanitize; toHtml: typeof import('hast-util-to-html').toHtml } | undefined;
function hastTools(): NonNullable<typeof hast> {
  return (hast ??= {
    fromHtml: (load('hast-util-from-html') as typeof import('hast-util-from-html')).fromHtml,
    sanitize: (load('hast-util-sanitize') as typeof import('hast-util-sanitize')).sanitize,
    toHtml: (load('hast-util-to-html') as typeof import('hast-util-to-html')).toHtml,
  });
}

/** The SVG that diagrams and charts are made of; nothing that can run, link or load. */
const SVG_SCHEMA: Schema = {
  tagNames: ['svg', 'g', 'path', 'polygon', 'polyline', 'ellipse', 'circle', 'rect', 'line', 'text', 'tspan'],
  attributes: {
    '*': ['className', 'transform', 'fill', 'fillOpacity', 'stroke', 'strokeWidth', 'strokeOpacity', 'strokeDasharray', 'fontFamily', 'fontSize', 'fontWeight', 'textAnchor'],
    svg: ['viewBox', 'width', 'height', 'role', 'ariaLabel', 'preserveAspectRatio'],
    path: ['d'],
    polygon: ['points'],
    polyline: ['points'],
    ellipse: ['cx', 'cy', 'rx', 'ry'],
    circle: ['cx', 'cy', 'r'],
    rect: ['x', 'y', 'width', 'height', 'rx', 'ry'],
    line: ['x1', 'y1', 'x2', 'y2'],
    text: ['x', 'y', 'dx', 'dy'],
    tspan: ['x', 'y', 'dx', 'dy'],
  },
  // Tooltips and comments carry nothing the picture does not show.
  strip: ['title', 'script', 'style'],
  clobber: [],
  clobberPrefix: '',
};

/** What to put on the root `<svg>` after it is made safe. */
export interface SvgOptions {
  className: string;
  /** The text alternative (`aria-label`). */
  label: string;
  /** Map colours (e.g. Graphviz's `black`) to others (e.g. `currentColor`). */
  colors?: Readonly<Record<string, string>>;
  /** Fill for text that has none of its own (Graphviz leaves labels black). */
  textFill?: string;
  /** Let the width follow the column, up to the drawing's own width. */
  fluid?: boolean;
}

function walk(node: Root | Element, visit: (e: Element) => void): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    visit(child);
    walk(child, visit);
  }
}

/**
 * SVG text (from Graphviz, or drawn here) made safe to put into a page as it is: parsed into a
 * tree, reduced to shapes and text by an allow-list, adjusted on the tree, and serialized, so no
 * name written in the spec can close a tag or run a script. Undefined when there is no `<svg>`.
 */
export function safeSvg(svg: string, options: SvgOptions): string | undefined {
  const { fromHtml, sanitize, toHtml } = hastTools();
  const tree = sanitize(fromHtml(svg, { fragment: true, space: 'svg' }), SVG_SCHEMA) as Root;
  const root = tree.children.find((c): c is Element => c.type === 'element' && c.tagName === 'svg');
  if (!root) return undefined;
  const colors = options.colors ?? {};
  walk(root, (e) => {
    for (const key of ['fill', 'stroke'] as const) {
      const value = e.properties[key];
      if (typeof value === 'string' && Object.hasOwn(colors, value)) e.properties[key] = colors[value];
    }
    if (e.tagName === 'text' && options.textFill && e.properties.fill === undefined) e.properties.fill = options.textFill;
  });
  const width = String(root.properties.width ?? '');
  root.properties = {
    ...root.properties,
    className: [options.className],
    role: 'img',
    ariaLabel: options.label,
    ...(options.fluid ? { width: '100%', height: undefined, style: /^[\d.]+(pt|px)?$/.test(width) ? `max-width: min(100%, ${width})` : undefined } : {}),
  };
  return toHtml(root, { space: 'svg' });
}
