import { LOCATIONS } from '../areas/parameters.ts';
import { idSegment } from '../facet/ids.ts';
import { isGap } from '../facet/state.ts';
import { facetAnchor, facetPath } from '../render/site/paths.ts';
import type { ViewContext } from '../render/site/site-index.ts';
import { statusClass } from '../render/site/blocks/responses.ts';
import type { AreaSummary, FacetChange, FacetView, ItemView, PageChange, PageChangeView, ParameterGroupView, ResponseView, ShapeView } from '../render/site/views.ts';
import { MARK_WORDS_MAX } from './words.ts';

/**
 * The keys of an item's view whose facets the page does not show as this item's own: another
 * item's shape or body shown in place (its own page marks it), links, and the facets shown folded
 * away as saying nothing to a reader (their marks go in the page's list of changes, where they are
 * seen), and the item's continued pages of the print version (what the page's budget cuts). A
 * mark is put only where the page shows the facet with its own place.
 */
const NOT_IN_PLACE: ReadonlySet<string> = new Set(['inline', 'errorBody', 'lifecycles', 'origin', 'typeLink', 'resource', 'error', 'links', 'linksTo', 'linkedFrom', 'source', 'parts', 'listing', 'quiet', 'changes', 'leftOut', 'continued']);

const isFacetView = (v: Record<string, unknown>): v is FacetView & Record<string, unknown> =>
  typeof v.id === 'string' && typeof v.anchor === 'string' && typeof v.state === 'string' && Array.isArray(v.blockedBy);

/**
 * Whether a facet under the key `facet` of `parent` is a container's (a block's, a body's, a list of
 * fields'): the page shows such a facet itself only while it is a gap or stated as none, and shows
 * what it states instead. A constraint (`{ label, facet }`) and an entry (`{ key, facet, usedBy }`)
 * are shown as values, and so are security alternatives (the facet's value in words).
 */
const isContainer = (parent: Record<string, unknown>) => !('usedBy' in parent) && !('label' in parent) && !('alternatives' in parent);

/** A response of an endpoint (`{ status, statusClass, body }`): the page shows its body's own facet beside its status, where a change to the response is marked. */
const isResponse = (v: Record<string, unknown>) => typeof v.status === 'string' && typeof v.statusClass === 'string' && typeof v.body === 'object' && v.body !== null;

/**
 * An item's view with the page's changes marked: each facet the change touched gets its mark where
 * the page shows it (the first place only carries the mark's anchor), and the view says which
 * marks are in place; the page's list of changes shows the others. Prose a mark shows before ->
 * after is rendered with `ctx` (the context the view was built with). A removed item's view (its
 * last content) leaves out its edit links, whose file is gone, and links items renamed since to
 * their new pages. Only a changed page's view is walked, once when it is built; the views it was
 * made from are left as they are (views are shared).
 */
export function markItemView(view: ItemView, change: PageChange, ctx?: ViewContext): ItemView {
  const { marked, changes } = mark(change.status === 'removed' ? lastContent(view, change, ctx?.base ?? '/') : view, change, ctx);
  return { ...marked, changes };
}

/**
 * An area's view with its page's changes marked: its own facets, which its page lists (its items'
 * summaries and its gaps, which other pages show too, are left as they are).
 */
export function markAreaView(view: AreaSummary, change: PageChange, ctx?: ViewContext): AreaSummary {
  const { marked, changes } = mark(view.facets, change, ctx);
  return { ...view, facets: marked, changes };
}

/** A structure's key as a mark of its own, where the page shows the key apart (a token's lifetime in a list of entries). */
function partMarks(mark: FacetChange): FacetChange[] {
  return (mark.parts ?? []).map((p) => ({
    id: `${mark.id}/${idSegment(p.key)}`,
    kind: 'changed',
    label: p.key,
    ...(p.before !== undefined ? { before: p.before } : {}),
    ...(p.after !== undefined ? { after: p.after } : {}),
    ...(p.form ? { form: p.form } : {}),
    ...(p.breaking ? { breaking: p.breaking } : {}),
    anchor: p.anchor,
  }));
}

/** The name a field's (a response's, a parameter's) id ends with, as written (its id segment unescaped). */
export const lastName = (id: string) => id.slice(id.lastIndexOf('/') + 1).replace(/~1/g, '/').replace(/~0/g, '~');

/** The facet a removed thing's mark sits on (under its id, which the walk places), as it was. */
const removedFacet = (m: FacetChange): FacetView => ({ id: m.id, anchor: facetAnchor(m.id), path: facetPath(m.id), label: m.label, state: 'stated', ...(m.before !== undefined ? { text: m.before } : {}), blockedBy: [], blocks: [], links: [], depth: 0 });

/**
 * A removed field's row: its name and its type as they were, the type carrying the field's mark
 * (under the field's id, which the walk places), so the page shows it struck where it stood.
 */
function removedRow(m: FacetChange): ShapeView {
  return { id: m.id, anchor: facetAnchor(m.id), name: lastName(m.id), type: removedFacet(m), flags: [], constraints: [], children: [], extras: [] };
}

/** A removed response: its status as it was, its facet carrying the mark, and nothing more (the page shows its status struck). */
function removedResponse(m: FacetChange): ResponseView {
  const status = lastName(m.id);
  return { status, statusClass: statusClass(status), body: { facet: removedFacet(m), mediaTypes: [], media: [], examples: [], noExample: [], extras: [] } };
}

/** A row or a response the change removed, kept where it stood to show it struck (`withRemoved`): it is no part of what the item states now (its count of required fields). */
export function isStruck(shown: { type?: FacetView | undefined } | { body: { facet: FacetView } }): boolean {
  const facet = 'body' in shown ? shown.body.facet : shown.type;
  return facet?.change?.kind === 'removed';
}

/**
 * The view with a row for each removed field in the list of fields it stood in (a block's fields,
 * an object's fields, a location's parameters, a response's headers, found by the list's own
 * facet: the field's id less its name), after the row
 * it followed; the views it came from are left as they are. A field whose list the page no longer
 * shows (the object became a single value) gets no row: its mark stays in the page's list of changes.
 */
function withRemoved<T>(view: T, removed: readonly FacetChange[]): T {
  const byList = Map.groupBy(removed, (m) => m.id.slice(0, m.id.lastIndexOf('/')));
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      let copy: unknown[] | undefined;
      value.forEach((v, i) => {
        const w = walk(v);
        if (w !== v) (copy ??= [...value])[i] = w;
      });
      return copy ?? value;
    }
    if (value === null || typeof value !== 'object') return value;
    const obj = value as Record<string, unknown>;
    if (typeof obj.anchor === 'string' && obj.anchor === '' && 'children' in obj) return value;
    let copy: Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(obj)) {
      if (NOT_IN_PLACE.has(k)) continue;
      const w = walk(v);
      if (w !== v) (copy ??= { ...obj })[k] = w;
    }
    const facet = obj.facet as { id?: unknown } | undefined;
    if (obj.kind === 'parameters' && Array.isArray(obj.groups) && typeof facet?.id === 'string') return withGroupsRemoved(copy ?? obj, facet.id, byList);
    const rows = typeof facet?.id === 'string' ? byList.get(facet.id) : undefined;
    // A resource's block of fields (`fields`), an object's fields inside a shape (`shapes` of kind
    // `fields`), a response's headers (`shapes` of no kind), a location's parameters (`rows`), an
    // endpoint's responses (`responses`).
    const key = Array.isArray(obj.fields) ? 'fields' : (obj.kind === 'fields' || obj.kind === undefined) && Array.isArray(obj.shapes) ? 'shapes' : Array.isArray(obj.rows) ? 'rows' : obj.kind === 'responses' && Array.isArray(obj.responses) ? 'responses' : undefined;
    if (!rows || key === undefined) return copy ?? value;
    const responses = key === 'responses';
    const list = [...((copy ?? obj)[key] as Array<ShapeView | ResponseView>)];
    const idOf = (r: ShapeView | ResponseView) => ('body' in r ? r.body.facet.id : r.id);
    // Removed ones in their order: two that followed one row stay in the order they stood in.
    const last = new Map<string | undefined, number>();
    for (const m of rows) {
      const found = m.follows === undefined ? -1 : list.findIndex((r) => idOf(r) === m.follows);
      const at = last.get(m.follows) ?? (m.follows !== undefined && found < 0 ? list.length - 1 : found);
      list.splice(at + 1, 0, responses ? removedResponse(m) : removedRow(m));
      last.set(m.follows, at + 1);
    }
    return { ...(copy ?? obj), [key]: list };
  };
  return removed.length === 0 ? view : (walk(view) as T);
}

/**
 * A block of parameters with a group for each location whose parameters the change all removed
 * (the page shows no such group any more): its removed rows struck, in the locations' order.
 */
function withGroupsRemoved(block: Record<string, unknown>, id: string, byList: ReadonlyMap<string, readonly FacetChange[]>): Record<string, unknown> {
  const groups = block.groups as ParameterGroupView[];
  const have = new Set(groups.map((g) => g.facet.id));
  const gone = LOCATIONS.flatMap((location) => {
    const list = `${id}/${location}`;
    const rows = byList.get(list);
    return rows && !have.has(list) ? [{ location, facet: removedFacet({ id: list, kind: 'removed', label: `${location} parameters` }), rows: rows.map(removedRow) }] : [];
  });
  if (gone.length === 0) return block;
  const order = (g: ParameterGroupView) => LOCATIONS.indexOf(g.location as (typeof LOCATIONS)[number]);
  return { ...block, groups: [...groups, ...gone].sort((a, b) => order(a) - order(b)) };
}

function mark<T>(view: T, change: PageChange, ctx: ViewContext | undefined): { marked: T; changes: PageChangeView } {
  const show = shower(change, ctx);
  const marks = new Map(change.marks.map((m) => [m.id, m]));
  // A key of a structure, by its id, and the mark it belongs to.
  const parts = new Map(change.marks.flatMap((m) => partMarks(m).map((p) => [p.id, { part: p, of: m.id }] as const)));
  const placed = new Set<string>();
  const placedParts = new Map<string, string[]>();
  // `headed`: a response's body, whose own facet the page shows beside the response's status.
  const walk = (value: unknown, container = false, headed = false): unknown => {
    if (Array.isArray(value)) {
      let copy: unknown[] | undefined;
      value.forEach((v, i) => {
        const w = walk(v);
        if (w !== v) (copy ??= [...value])[i] = w;
      });
      return copy ?? value;
    }
    if (value === null || typeof value !== 'object') return value;
    const obj = value as Record<string, unknown>;
    // Another item's shape shown in place (an `all_of`'s part) has no anchor: its own page marks it.
    if (typeof obj.anchor === 'string' && obj.anchor === '' && 'children' in obj) return value;
    let copy: Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(obj)) {
      // What the page's budget cuts is not on the page (its continued page of the print version shows it, unmarked): only the open gaps its cut lists are.
      if (NOT_IN_PLACE.has(k) || (k === 'shapes' && obj.cut !== undefined)) continue;
      const w = walk(v, k === 'facet' && isContainer(obj) && !headed, k === 'body' && isResponse(obj));
      if (w !== v) (copy ??= { ...obj })[k] = w;
    }
    if (isFacetView(obj) && (!container || isGap(obj.state) || obj.state === 'none')) {
      const whole = marks.get(obj.id);
      const part = whole ? undefined : parts.get(obj.id);
      const found = whole ?? part?.part;
      if (found) {
        const first = !placed.has(found.id);
        placed.add(found.id);
        if (part && first) placedParts.set(part.of, [...(placedParts.get(part.of) ?? []), found.id]);
        const { anchor, ...rest } = show(found);
        const shown: FacetChange = first && anchor !== undefined ? { ...rest, anchor } : rest;
        return { ...(copy ?? obj), change: shown };
      }
    }
    return copy ?? value;
  };
  const marked = walk(withRemoved(view, change.marks.filter((m) => m.kind === 'removed'))) as T;
  // A structure shown key by key: in place once every changed key is; the list keeps the keys shown nowhere else.
  const listed = change.marks.map((m) => {
    const keys = placedParts.get(m.id);
    if (placed.has(m.id) || !keys || !m.parts) return show(m);
    const left = m.parts.filter((p) => !keys.includes(`${m.id}/${idSegment(p.key)}`));
    if (left.length === 0) placed.add(m.id);
    return show({ ...m, parts: left, ...(left.length === 0 && m.parts[0] ? { anchor: m.parts[0].anchor } : {}) });
  });
  const inPlace = [...placed].filter((id) => marks.has(id)).sort();
  return { marked, changes: { ...change, marks: listed, inPlace } };
}

/**
 * A mark as a page shows it: prose before -> after rendered as the page renders prose (safe HTML,
 * its links resolved from the page), or, past a mark's length, as its plain text cut short.
 */
function shower(change: PageChange, ctx: ViewContext | undefined): (m: FacetChange) => FacetChange {
  const done = new Map<FacetChange, FacetChange>();
  const page = change.path;
  // The before side was written against the spec before: an item renamed since is linked by its new id.
  const renamed = new Map((change.relinked ?? []).map(({ from, to }) => [from.replace(/\/$/, ''), to.replace(/\/$/, '')]));
  const wikiNow = (text: string) => (renamed.size === 0 ? text : text.replace(/\[\[([^\]|#]+)(?=[\]|#])/g, (all, id: string) => (renamed.has(id) ? `[[${renamed.get(id) ?? id}` : all)));
  const { rehref } = relinker(change, ctx?.base ?? '/');
  return (m) => {
    if (m.form !== 'prose' || ctx === undefined) return m;
    let shown = done.get(m);
    if (!shown) {
      const [before, after] = [m.before === undefined ? undefined : proseShown(rehref(ctx.prose(wikiNow(m.before), page))), m.after === undefined ? undefined : proseShown(ctx.prose(m.after, page))];
      const { before: _b, after: _a, form: _f, ...rest } = m;
      shown = {
        ...rest,
        ...(before?.html !== undefined ? { beforeHtml: before.html } : before ? { before: before.text } : {}),
        ...(after?.html !== undefined ? { afterHtml: after.html } : after ? { after: after.text } : {}),
        ...((before?.html ?? after?.html) !== undefined ? { form: 'prose' as const } : {}),
      };
      done.set(m, shown);
    }
    return shown;
  };
}

/** Rendered prose for a mark: its HTML (one paragraph unwrapped, to sit in a line), or its text cut short when it is long. */
function proseShown(html: string): { html?: string; text: string } {
  const text = htmlText(html);
  if (text.length > MARK_WORDS_MAX) return { text: `${text.slice(0, MARK_WORDS_MAX - 1)}…` };
  const one = /^<p>((?:(?!<\/?p>)[\s\S])*)<\/p>\s*$/.exec(html);
  return { html: one ? (one[1] ?? '') : html, text };
}

/** The text of safe HTML (as the prose renderer writes it): tags dropped, character references read. */
function htmlText(html: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, ref: string) => {
      if (ref.startsWith('#')) {
        const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
        return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
      }
      return named[ref.toLowerCase()] ?? all;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Links of a page's content from before the change, to where things are now: an item renamed
 * since, to its new page (its ids in anchors too); a gap closed since on another page, to its mark.
 */
function relinker(change: PageChange, base: string): { relink: (path: string) => string; rehref: (html: string) => string } {
  const moves = (change.relinked ?? []).map(({ from, to }) => ({ from, to, fromAnchor: facetAnchor(from), toAnchor: facetAnchor(to) }));
  // A gap closed on another page has no anchor of its own any more: its mark has (`change-f-…`).
  const closed = new Set((change.closedElsewhere ?? []).map((id) => `#${facetAnchor(id)}`));
  const remark = (path: string): string => {
    const at = path.indexOf('#');
    return at >= 0 && closed.has(path.slice(at)) ? `${path.slice(0, at)}#change-${path.slice(at + 1)}` : path;
  };
  const relink = (path: string): string => {
    for (const m of moves) {
      if (!path.startsWith(m.from)) continue;
      const rest = path.slice(m.from.length);
      return remark(`${m.to}${rest.replace(`#${m.fromAnchor}`, `#${m.toAnchor}`).replace(`#change-${m.fromAnchor}`, `#change-${m.toAnchor}`)}`);
    }
    return remark(path);
  };
  const rehref = (html: string): string =>
    (moves.length === 0 && closed.size === 0) || !html.includes('href="') ? html : html.replace(/href="([^"]*)"/g, (all, url: string) => (url.startsWith(base) ? `href="${base}${relink(url.slice(base.length))}"` : all));
  return { relink, rehref };
}

/**
 * A removed item's view as its last content: no edit links (its file is gone: the page's "Edit
 * page" and each gap's file links), and its links to items renamed since lead to their pages now
 * (their ids in anchors too), and its links to gaps closed since on other pages lead to their marks.
 */
function lastContent(view: ItemView, change: PageChange, base: string): ItemView {
  const { relink, rehref } = relinker(change, base);
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === 'editUrl' || k === 'source') continue;
      out[k] = typeof v === 'string' ? (k === 'path' ? relink(v) : /html$/i.test(k) ? rehref(v) : v) : walk(v);
    }
    return out;
  };
  return walk(view) as ItemView;
}
