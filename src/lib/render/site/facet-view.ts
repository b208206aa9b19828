import { isGap, isObj } from '../../facet/state.ts';
import type { FacetResult, OwnerResult } from '../../gaps/types.ts';
import { statedProse } from '../../link/prose.ts';
import { areaPath, facetAnchor, facetPath, itemPath, linkOnSite } from './paths.ts';
import type { ViewContext } from './site-index.ts';
import type { FacetView, LinkView, ValueView } from './views.ts';
import { escapeControls } from '../../safety/terminal.ts';

/** A facet as a page shows it: its state, its value in words or as a tree, its question, its links and what blocks what. */
export function facetView(ctx: ViewContext, f: FacetResult, depth = 0, hasChildren = false): FacetView {
  // Its prose belongs to its item's page (or its area's), wherever it is shown.
  const page = f.item !== undefined ? itemPath(f.area, f.item) : areaPath(f.area);
  const prose = (text: string) => ctx.prose(text, page);
  return {
    id: f.id,
    anchor: facetAnchor(f.id),
    path: facetPath(f.id),
    label: f.label,
    state: f.state,
    ...text(f, hasChildren, f.prose ? 'description' : f.at.at(-1), prose),
    ...(isGap(f.state) ? { question: f.question, questionHtml: ctx.question(f.question, page) } : {}),
    ...(f.owner ? { owner: f.owner } : {}),
    ...(f.link ? { link: linkOnSite(f.link, `${ctx.base}${page}`) } : {}),
    blockedBy: f.blockedBy.map((id) => ({ id, path: facetPath(id) })),
    blocks: f.blocks.map((id) => ({ id, path: facetPath(id) })),
    links: f.state === 'stated' ? facetLinks(ctx, f.file, f.at) : [],
    depth,
    ...withHtml(statedProse(f), prose),
    ...(isGap(f.state) ? ctx.gapSource(f) : {}),
  };
}

/** A value an owner states besides its facets (a parameter's `style`), shown like a stated facet. */
export function detailView(ctx: ViewContext, owner: OwnerResult, key: string, value: unknown, depth = 0): FacetView {
  const id = `${owner.id}/${key}`;
  const at = [...owner.at, key];
  return {
    id,
    anchor: facetAnchor(id),
    path: facetPath(id),
    label: owner.label ? `${owner.label}: ${keyWords(key)}` : keyWords(key),
    state: 'stated',
    ...text({ state: 'stated', value }, false, key, (prose) => ctx.prose(prose, owner.item !== undefined ? itemPath(owner.area, owner.item) : areaPath(owner.area))),
    blockedBy: [],
    blocks: [],
    links: facetLinks(ctx, owner.file, at),
    depth,
    detail: true,
  };
}

/** The items a stated value names (a response's resource), each a link to its page. */
function facetLinks(ctx: ViewContext, file: string, at: FacetResult['at']): LinkView[] {
  return ctx.referencesAt(file, at).flatMap((r) => ctx.link(`${r.area}/${r.id}`, r.via) ?? []);
}

/** A key of the content format as words: `applies_to` → `applies to`, `clientCredentials.token` → `client credentials token`. */
export function keyWords(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_.]+/g, ' ').toLowerCase().trim() || key;
}

/** A facet's stated prose rendered, as `collectProse` (and so every check of prose) reads it. */
const withHtml = (prose: string | undefined, render: (prose: string) => string): { html?: string } => (prose === undefined ? {} : { html: render(prose) });

/** A stated value as a page shows it: text for scalars and lists of them, a tree for structures. */
function text(f: Pick<FacetResult, 'state' | 'value' | 'shown'>, hasChildren: boolean, key: string | number | undefined, render: (prose: string) => string): { text?: string; value?: ValueView; items?: string[] } {
  const v = f.value;
  if (f.state === 'none' && isObj(v)) return { text: String(v.none) };
  if (f.state === 'placeholder') return { text: String(v) };
  if (f.state === 'empty') return { text: 'Empty: state the entries, or none with a reason.' };
  if (f.state !== 'stated') return {};
  if (f.shown !== undefined) return { text: f.shown };
  if (hasChildren && isObj(v)) return { text: Object.keys(v).join(', ') };
  if (hasChildren && Array.isArray(v)) return { text: `${v.length} listed below` };
  const shown = typeof key === 'string' && VALUES.has(key) ? valueText : scalarText;
  if (isScalar(v)) return { text: shown(v) };
  // A value that is an empty list or mapping (a default of `[]`): written as it is stated, never as nothing.
  if (Array.isArray(v) && v.length === 0) return { text: '[]' };
  if (isObj(v) && Object.keys(v).length === 0) return { text: '{}' };
  if (Array.isArray(v) && v.every(isScalar)) return { text: v.map(shown).join(', '), items: v.map(shown) };
  // A shape's examples, each one value however it is built: a list example is one example (`["red","blue"]`), never read as two.
  if (key === 'examples' && Array.isArray(v)) {
    const items = v.map((x) => (isScalar(x) ? shown(x) : JSON.stringify(x)));
    return { text: items.join(', '), items };
  }
  return { value: valueView(v, key, render) };
}

const isScalar = (v: unknown) => v === null || typeof v !== 'object';
const scalarText = (v: unknown) => (v === null ? 'null' : String(v));

/** The facets of a shape that hold values of it: a string among them is shown as JSON where it would read as another value. */
const VALUES: ReadonlySet<string> = new Set(['default', 'examples', 'allowed']);

/**
 * A value of a shape as a reader must read it: a string that would pass for a number, a boolean or
 * null, or that is empty or starts or ends with blanks, in quotes (`""`, `"2381982"`, `"true"`), so
 * an empty default is seen and a string example is not taken for a number.
 */
function valueText(v: unknown): string {
  if (typeof v !== 'string') return scalarText(v);
  const ambiguous = v.trim() !== v || v === '' || /^(true|false|null)$/.test(v) || (/^[-+.\d]/.test(v) && Number.isFinite(Number(v)));
  // A control character (`a\u0000b\u0007c`) is shown as its picture (`a␀b␇c`), as the feed and the terminal show it: never raw into the page, where it is invisible.
  return ambiguous ? JSON.stringify(v) : escapeControls(v);
}

/** A structure key by key; `description` values are prose. */
function valueView(v: unknown, key: string | number | undefined, render: (prose: string) => string): ValueView {
  if (typeof v === 'string' && key === 'description') return { kind: 'prose', html: render(v) };
  if (isScalar(v)) return { kind: 'text', text: scalarText(v) };
  if (Array.isArray(v)) return { kind: 'list', items: v.map((x) => valueView(x, undefined, render)) };
  return { kind: 'map', entries: Object.entries(v as object).map(([k, x]) => ({ key: k, value: valueView(x, k, render) })) };
}
