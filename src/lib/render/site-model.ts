import type { Analysis } from '../analyze.ts';
import { AREAS, areaModule, isAreaKey, type AreaKey } from '../areas/index.ts';
import type { MachineView } from '../areas/area.ts';
import { isGap, isObj, stated } from '../facet/state.ts';
import { facetTree, groupByOwner, type Row } from '../gaps/tree.ts';
import { sumCoverage, type Coverage, type FacetResult } from '../gaps/types.ts';
import type { Edge } from '../link/graph.ts';
import { proseRenderer } from '../link/markdown.ts';
import { linkResolver } from '../link/resolve.ts';
import { referencesAt } from '../link/references.ts';
import { areaOf, itemKey } from '../model/spec.ts';
import { cleanSvg } from './diagram.ts';
import { areaPath, facetAnchor, facetPath, itemPath } from './paths.ts';

/** A link between pages: `area/item` (or `area`), what it is, and where it goes (relative to the site's base). */
export type LinkView = {
  key: string;
  label: string;
  via: string;
  path: string;
};

/** A gap id with where it is shown. */
export type GapLink = {
  id: string;
  path: string;
};

/** A structured stated value as a page shows it: every key and value, prose rendered. */
export type ValueView =
  | { kind: 'text'; text: string }
  | { kind: 'prose'; html: string }
  | { kind: 'list'; items: ValueView[] }
  | { kind: 'map'; entries: Array<{ key: string; value: ValueView }> };

/** A facet as a page shows it: state, a readable value, and for gaps the question. */
export type FacetView = {
  id: string;
  /** The facet's anchor on its page, and its page with that anchor. */
  anchor: string;
  path: string;
  label: string;
  state: FacetResult['state'];
  /** Stated value as text, the reason for none, or the placeholder. */
  text?: string;
  /** A stated structure (a body, a list of servers), key by key. */
  value?: ValueView;
  question?: string;
  owner?: string;
  link?: string;
  blockedBy: GapLink[];
  blocks: GapLink[];
  /** Items the stated value names (a response's resource, a field's type). */
  links: LinkView[];
  /** Nesting below the item's own facets (a field's facets are at depth 1). */
  depth: number;
  /** Stated prose, rendered to safe HTML. */
  html?: string;
  /** A value its owner states besides its facets (a parameter's `required`): never a gap, not counted. */
  detail?: true;
};

/** Children of a facet shown as a table (a resource's fields): one row each, a facet per cell. */
export type TableView = {
  caption: string;
  columns: Array<{ key: string; label: string }>;
  rows: Array<{ name: string; cells: Record<string, FacetView> }>;
};

/** A state machine as its page shows it, with the diagram drawn and every target a path. */
export type MachinePageView = {
  states: MachineView['states'];
  transitions: Array<{ from: string[]; to: string; trigger: { kind: MachineView['transitions'][number]['trigger']['kind']; text: string; path?: string } }>;
  svg?: string;
  statesGap: GapLink;
  transitionsGap: GapLink;
};

export type ItemView = {
  area: AreaKey;
  id: string;
  title: string;
  /** The item in one line: `POST /orders/{order_id}/cancel`, `sent on orders.placed`, `HTTP 404`. */
  signature?: string;
  /** The item's page, relative to the site's base. */
  path: string;
  /** Where to edit the item's file, when the spec says where its repository is. */
  editUrl?: string;
  /** Facets whose children are rows of a table (their cells are not repeated in `facets`). */
  tables: TableView[];
  machine?: MachinePageView;
  description?: string;
  descriptionHtml?: string;
  file: string;
  coverage: Coverage;
  gapCount: number;
  facets: FacetView[];
  /** What this item refers to, and what refers to it. */
  linksTo: LinkView[];
  linkedFrom: LinkView[];
};

export type AreaView = {
  number: number;
  key: AreaKey;
  title: string;
  path: string;
  editUrl?: string;
  covers: string;
  noun?: string;
  plural?: string;
  file: string;
  description?: string;
  descriptionHtml?: string;
  coverage: Coverage;
  gapCount: number;
  facets: FacetView[];
  items: ItemView[];
  /** Every gap of the area and its items (table cells included), in order, for the gaps page. */
  gaps: FacetView[];
};

/** Everything the site shows, as plain JSON: the pages only lay it out. */
export type SiteModel = {
  areas: AreaView[];
  coverage: Coverage;
  gapCount: number;
};

/** How the site wants its data. */
export type SiteOptions = {
  /** Prefixed to links inside rendered prose; default `/`. */
  base?: string;
  /** Turns Graphviz DOT into SVG; without it there are no diagrams. */
  diagram?: (dot: string) => string;
  /** Base URL to edit files of the spec folder (overrides `edit_url` in specbench.yaml). */
  editUrl?: string;
  /** Rendered prose kept between builds of the model (by `npm run dev`); reset when the items change. */
  proseCache?: { items: string; html: Map<string, string> };
};

/** Builds the site's data from an analysis in one pass over its facets. */
export function siteModel({ spec, assessment, graph, references }: Analysis, options: SiteOptions = {}): SiteModel {
  const base = options.base ?? '/';
  const editBase = options.editUrl ?? spec.config.editUrl;
  const edit = (file: string) => (editBase ? { editUrl: `${editBase.replace(/\/?$/, '/')}${file}` } : {});
  const facetsById = new Map(assessment.facets.map((f) => [f.id, f]));
  const titles = new Map<string, string>(spec.areas.flatMap((a) => a.items.map((i) => [itemKey(i), i.data.title ?? i.id] as const)));
  const areaTitle = (key: string) => (isAreaKey(key) ? areaModule(key).title : key);
  const link = (key: string, via: string): LinkView => {
    const [area = '', id] = key.split('/');
    return id === undefined ? { key, via, label: areaTitle(area), path: areaPath(area) } : { key, via, label: titles.get(key) ?? id, path: itemPath(area, id) };
  };
  const render = prose(
    options,
    [...titles.keys()].join('\n'),
    linkResolver(titles, {
      area: (key) => `${base}${areaPath(key)}`,
      item: (area, id) => `${base}${itemPath(area, id)}`,
      facet: (id) => (facetsById.has(id) ? `${base}${facetPath(id)}` : undefined),
    }),
  );
  const links = (edges: Edge[] | undefined, end: 'from' | 'to') => (edges ?? []).map((e) => link(e[end], e.via));
  const refsAt = referencesAt(references);
  const facetLinks = (f: { file: string; at: FacetResult['at'] }): LinkView[] => refsAt(f.file, f.at).filter((r) => titles.has(`${r.area}/${r.id}`)).map((r) => link(`${r.area}/${r.id}`, r.via));
  const byOwner = groupByOwner(assessment.facets);
  const ownersOf = groupByOwner(assessment.owners);
  const detail = (d: Extract<Row, { kind: 'detail' }>): FacetView => ({
    id: d.id,
    anchor: facetAnchor(d.id),
    path: facetPath(d.id),
    label: d.label,
    state: 'stated',
    ...text({ state: 'stated', value: d.value }, false, d.key, render),
    blockedBy: [],
    blocks: [],
    links: facetLinks(d),
    depth: d.depth,
    detail: true,
  });
  const view = (f: FacetResult, depth: number, hasChildren: boolean): FacetView => ({
    id: f.id,
    anchor: facetAnchor(f.id),
    path: facetPath(f.id),
    label: f.label,
    state: f.state,
    ...text(f, hasChildren, f.prose ? 'description' : f.at.at(-1), render),
    ...(isGap(f.state) ? { question: f.question } : {}),
    ...(f.owner ? { owner: f.owner } : {}),
    ...(f.link ? { link: f.link } : {}),
    blockedBy: f.blockedBy.map((id) => ({ id, path: facetPath(id) })),
    blocks: f.blocks.map((id) => ({ id, path: facetPath(id) })),
    links: f.state === 'stated' ? facetLinks(f) : [],
    depth,
    ...(f.prose && f.state === 'stated' && typeof f.value === 'string' ? { html: render(f.value) } : {}),
  });
  const views = (key: string, baseDepth: number) =>
    split(facetTree(byOwner.get(key) ?? [], baseDepth, ownersOf.get(key)).map((n) => (n.kind === 'facet' ? { id: n.facet.id, table: n.facet.table, at: n.facet.at, view: view(n.facet, n.depth, n.hasChildren) } : { id: n.id, at: n.at, view: detail(n) })));

  const areas = AREAS.map((module, index): AreaView => {
    const area = areaOf(spec, module.key);
    const own = views(module.key, 1);
    const items = area.items.map((item): ItemView => {
      const all = views(itemKey(item), 2);
      const tables = all.tables;
      // A stated description is the page's opening prose; open or empty, it is a gap shown in place.
      const descriptionId = `${itemKey(item)}/description`;
      const facets = all.facets.filter((f) => !(f.id === descriptionId && f.state === 'stated'));
      const extras = module.view?.(item.data, item.id) ?? {};
      const machine = extras.machine;
      const description = stated(item.data.description);
      return {
        area: module.key,
        id: item.id,
        title: item.data.title ?? item.id,
        ...(extras.signature !== undefined ? { signature: extras.signature } : {}),
        path: itemPath(module.key, item.id),
        ...edit(item.file),
        tables,
        ...(machine ? { machine: machinePage(machine, item.id, options.diagram) } : {}),
        ...(description !== undefined ? { description, descriptionHtml: render(description) } : {}),
        file: item.file,
        coverage: assessment.byItem[itemKey(item)] ?? { stated: 0, total: 0 },
        gapCount: (byOwner.get(itemKey(item)) ?? []).filter((f) => isGap(f.state)).length,
        facets,
        linksTo: links(graph.outgoing.get(itemKey(item)), 'to'),
        linkedFrom: links(graph.incoming.get(itemKey(item)), 'from'),
      };
    });
    const description = area.data.description;
    return {
      number: index + 1,
      key: module.key,
      title: module.title,
      path: areaPath(module.key),
      ...edit(area.file),
      covers: module.covers,
      ...(module.items ? { noun: module.items.noun, plural: module.items.plural } : {}),
      file: area.file,
      ...(description !== undefined ? { description, descriptionHtml: render(description) } : {}),
      coverage: assessment.byArea[module.key],
      gapCount: assessment.gaps.filter((g) => g.area === module.key).length,
      facets: own.facets,
      items,
      gaps: [...own.facets, ...items.flatMap((i) => [...i.facets, ...i.tables.flatMap((t) => t.rows.flatMap((r) => Object.values(r.cells)))])]
        .filter((f) => isGap(f.state))
        .map((f) => ({ ...f, depth: 0 })),
    };
  });
  const coverage = sumCoverage(areas.map((a) => a.coverage));
  return { areas, coverage, gapCount: assessment.gaps.length };
}

/** The prose renderer, with the cache `npm run dev` keeps between syncs (reset when the items change). */
function prose(options: SiteOptions, itemKeys: string, resolve: Parameters<typeof proseRenderer>[0]): (text: string) => string {
  const cache = options.proseCache;
  if (cache && cache.items !== itemKeys) {
    cache.items = itemKeys;
    cache.html.clear();
  }
  const renderUncached = proseRenderer(resolve);
  return (text) => {
    const hit = cache?.html.get(text);
    if (hit !== undefined) return hit;
    const html = renderUncached(text);
    cache?.html.set(text, html);
    return html;
  };
}



/**
 * An owner's facets in page order, with the children of a facet that asks for a table (a
 * resource's fields) taken out into rows of that table.
 */
type Node = { id: string; at: FacetResult['at']; table?: readonly string[]; view: FacetView };

function split(nodes: Node[]): { facets: FacetView[]; tables: TableView[] } {
  const tables: TableView[] = [];
  const inTable = new Set<string>();
  for (const { id, table, view } of nodes) {
    if (!table) continue;
    const prefix = `${id}/`;
    const rows = new Map<string, TableView['rows'][number]>();
    for (const node of nodes) {
      const rest = node.id.startsWith(prefix) ? node.id.slice(prefix.length).split('/') : [];
      const [row, column] = rest;
      if (rest.length !== 2 || row === undefined || column === undefined || !table.includes(column)) continue;
      // A cell's data path ends in the row's name as written, then the column: `fields/status/type`.
      const entry = rows.get(row) ?? { name: String(node.at[node.at.length - 2] ?? row), cells: {} };
      entry.cells[column] = node.view;
      rows.set(row, entry);
      inTable.add(node.id);
    }
    if (rows.size > 0) tables.push({ caption: view.label[0]?.toUpperCase() + view.label.slice(1), columns: table.map((key) => ({ key, label: key })), rows: [...rows.values()] });
  }
  return { facets: nodes.filter((n) => !inTable.has(n.id)).map((n) => n.view), tables };
}

function machinePage(machine: MachineView, id: string, diagram: SiteOptions['diagram']): MachinePageView {
  const svg = machine.dot && diagram ? cleanSvg(diagram(machine.dot), `State diagram of ${id}: ${machine.states.map((s) => s.name).join(', ')}`) : undefined;
  return {
    states: machine.states,
    transitions: machine.transitions.map((t) => ({
      from: t.from,
      to: t.to,
      trigger: { kind: t.trigger.kind, text: t.trigger.text, ...(t.trigger.target?.id !== undefined ? { path: itemPath(t.trigger.target.area, t.trigger.target.id) } : {}) },
    })),
    ...(svg ? { svg } : {}),
    statesGap: { id: machine.statesGap, path: facetPath(machine.statesGap) },
    transitionsGap: { id: machine.transitionsGap, path: facetPath(machine.transitionsGap) },
  };
}

/** A stated value as a page shows it: text for scalars and lists of them, a tree for structures. */
function text(f: Pick<FacetResult, 'state' | 'value' | 'shown'>, hasChildren: boolean, key: string | number | undefined, render: (prose: string) => string): { text?: string; value?: ValueView } {
  const v = f.value;
  if (f.state === 'none' && isObj(v)) return { text: String(v.none) };
  if (f.state === 'placeholder') return { text: String(v) };
  if (f.state === 'empty') return { text: 'Empty: state the entries, or none with a reason.' };
  if (f.state !== 'stated') return {};
  if (f.shown !== undefined) return { text: f.shown };
  if (hasChildren && isObj(v)) return { text: Object.keys(v).join(', ') };
  if (hasChildren && Array.isArray(v)) return { text: `${v.length} listed below` };
  if (isScalar(v)) return { text: scalarText(v) };
  if (Array.isArray(v) && v.every(isScalar)) return { text: v.map(scalarText).join(', ') };
  return { value: valueView(v, key, render) };
}

const isScalar = (v: unknown) => v === null || typeof v !== 'object';
const scalarText = (v: unknown) => (v === null ? 'null' : String(v));

/** A structure key by key; `description` values are prose. */
function valueView(v: unknown, key: string | number | undefined, render: (prose: string) => string): ValueView {
  if (typeof v === 'string' && key === 'description') return { kind: 'prose', html: render(v) };
  if (isScalar(v)) return { kind: 'text', text: scalarText(v) };
  if (Array.isArray(v)) return { kind: 'list', items: v.map((x) => valueView(x, undefined, render)) };
  return { kind: 'map', entries: Object.entries(v as object).map(([k, x]) => ({ key: k, value: valueView(x, k, render) })) };
}
