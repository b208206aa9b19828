import { stringify } from 'yaml';
import type { Analysis } from '../analyze.ts';
import { facetTree } from '../gaps/tree.ts';
import { isGap } from '../gaps/facet-state.ts';
import { sumCoverage, type Coverage, type FacetResult } from '../gaps/types.ts';
import type { Edge } from '../link/graph.ts';
import { proseRenderer } from '../link/markdown.ts';
import { parseTarget } from '../link/prose.ts';
import { AREAS, isAreaKey } from '../model/areas/index.ts';
import { isObj, type AreaKey } from '../model/facet-def.ts';
import { areaPath, itemPath, targetPath } from './paths.ts';
import { cleanSvg, machineView, type MachineView } from './state-diagram.ts';

/** A facet as a page shows it: state, a readable value, and for gaps the question. */
export interface FacetView {
  id: string;
  label: string;
  state: FacetResult['state'];
  /** Stated value as text (YAML for structures), the reason for none, or the placeholder. */
  text?: string;
  question?: string;
  owner?: string;
  link?: string;
  blockedBy: string[];
  blocks: string[];
  /** Nesting below the item's own facets (a field's facets are at depth 1). */
  depth: number;
  /** Stated prose, rendered to safe HTML. */
  html?: string;
}

/** A link between pages: `area/item` (or `area`), what it is, and where it goes. */
export interface LinkView {
  key: string;
  label: string;
  via: string;
  path: string;
}

/** One field of a resource as a table row; each cell is its facet (stated, or a gap in place). */
export interface FieldRow {
  name: string;
  cells: Partial<Record<'type' | 'required' | 'format' | 'allowed', FacetView>>;
}

export interface ItemView {
  area: AreaKey;
  id: string;
  title: string;
  /** The item's page, relative to the site's base. */
  path: string;
  /** Where to edit the item's file, when the spec says where its repository is. */
  editUrl?: string;
  /** For resources: the fields as table rows (their facets are not repeated in `facets`). */
  fieldTable?: FieldRow[];
  /** For state machines: states, transitions, and the diagram as SVG. */
  machine?: MachineView & { svg?: string };
  description?: string;
  descriptionHtml?: string;
  file: string;
  coverage: Coverage;
  gapCount: number;
  facets: FacetView[];
  /** What this item refers to, and what refers to it. */
  linksTo: LinkView[];
  linkedFrom: LinkView[];
}

export interface AreaView {
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
  /** Every gap of the area and its items (field gaps included), in order, for the gaps page. */
  gaps: FacetView[];
}

/** Everything the site shows, as plain JSON: the pages only lay it out. */
export interface SiteModel {
  areas: AreaView[];
  coverage: Coverage;
  gapCount: number;
}

/** How the site wants its data. */
export interface SiteOptions {
  /** Prefixed to links inside rendered prose; default `/`. */
  base?: string;
  /** Turns Graphviz DOT into SVG; without it there are no diagrams. */
  diagram?: (dot: string) => string;
  /** Base URL to edit files of the spec folder (overrides `edit_url` in specbench.yaml). */
  editUrl?: string;
  /** Rendered prose kept between builds of the model (by `npm run dev`); reset when the items change. */
  proseCache?: { items: string; html: Map<string, string> };
}

/** Builds the site's data from an analysis in one pass over its facets. */
export function siteModel({ spec, assessment, graph }: Analysis, options: SiteOptions = {}): SiteModel {
  const base = options.base ?? '/';
  const editBase = options.editUrl ?? spec.config.editUrl;
  const edit = (file: string) => (editBase ? { editUrl: `${editBase.replace(/\/?$/, '/')}${file}` } : {});
  const facetsById = new Map(assessment.facets.map((f) => [f.id, f]));
  const titles = new Map<string, string>(spec.areas.flatMap((a) => a.items.map((i) => [`${a.key}/${i.id}`, typeof i.data.title === 'string' ? i.data.title : i.id] as const)));
  const areaTitle = (key: string) => AREAS.find((a) => a.key === key)?.title ?? key;
  const itemKeys = [...titles.keys()].join('\n');
  const cache = options.proseCache;
  if (cache && cache.items !== itemKeys) {
    cache.items = itemKeys;
    cache.html.clear();
  }
  const renderUncached = proseRenderer((raw) => {
    const target = parseTarget(raw);
    if (!target || (target.kind !== 'facet' && !isAreaKey(target.area))) return undefined;
    if (target.kind === 'item' && !titles.has(`${target.area}/${target.id}`)) return undefined;
    const path = targetPath(target, facetsById);
    const label = target.kind === 'item' ? (titles.get(`${target.area}/${target.id}`) ?? target.id) : target.kind === 'area' ? areaTitle(target.area) : target.id;
    return path === undefined ? undefined : { href: `${base}${path}`, label };
  });
  const render = (text: string): string => {
    const hit = cache?.html.get(text);
    if (hit !== undefined) return hit;
    const html = renderUncached(text);
    cache?.html.set(text, html);
    return html;
  };
  const link = (key: string, via: string): LinkView => {
    const [area = '', id] = key.split('/');
    return id === undefined
      ? { key, via, label: areaTitle(area), path: areaPath(area) }
      : { key, via, label: titles.get(key) ?? id, path: itemPath(area, id) };
  };
  const links = (edges: Edge[] | undefined, end: 'from' | 'to') => (edges ?? []).map((e) => link(e[end], e.via));
  const byOwner = new Map<string, FacetResult[]>();
  for (const f of assessment.facets) {
    const key = f.item === undefined ? f.area : `${f.area}/${f.item}`;
    const list = byOwner.get(key);
    if (list) list.push(f);
    else byOwner.set(key, [f]);
  }
  const areas = AREAS.map((def, index): AreaView => {
    const area = spec.areas.find((a) => a.key === def.key);
    const own = views(byOwner.get(def.key) ?? [], 1, render);
    const items = (area?.items ?? []).map((item): ItemView => {
      const all = views(byOwner.get(`${def.key}/${item.id}`) ?? [], 2, render);
      const fieldPrefix = `${def.key}/${item.id}/fields/`;
      const isFieldFacet = (f: FacetView) => f.id.startsWith(fieldPrefix) && f.id.split('/').length === 5;
      const facetList = def.key === 'resources' ? all.filter((f) => !isFieldFacet(f)) : all;
      const machine = def.key === 'states' ? machineView(item) : undefined;
      const svg = machine?.dot && options.diagram ? cleanSvg(options.diagram(machine.dot), `State diagram of ${item.id}: ${machine.states.map((st) => st.name).join(', ')}`) : undefined;
      return {
        area: def.key,
        id: item.id,
        title: typeof item.data.title === 'string' ? item.data.title : item.id,
        path: itemPath(def.key, item.id),
        ...edit(item.file),
        ...(machine ? { machine: { ...machine, ...(svg ? { svg } : {}) } } : {}),
        ...(typeof item.data.description === 'string' ? { description: item.data.description, descriptionHtml: render(item.data.description) } : {}),
        file: item.file,
        coverage: assessment.byItem[`${def.key}/${item.id}`] ?? { stated: 0, total: 0 },
        gapCount: all.filter((f) => isGap(f.state)).length,
        facets: facetList,
        ...(def.key === 'resources' && facetList.length < all.length ? { fieldTable: fieldRows(all.filter(isFieldFacet), fieldPrefix) } : {}),
        linksTo: links(graph.outgoing.get(`${def.key}/${item.id}`), 'to'),
        linkedFrom: links(graph.incoming.get(`${def.key}/${item.id}`), 'from'),
      };
    });
    return {
      number: index + 1,
      key: def.key,
      title: def.title,
      path: areaPath(def.key),
      ...edit(area?.file ?? `${def.key}/_area.yaml`),
      covers: def.covers,
      ...(def.items ? { noun: def.items.noun, plural: def.items.plural } : {}),
      file: area?.file ?? `${def.key}/_area.yaml`,
      ...(typeof area?.data.description === 'string' ? { description: area.data.description, descriptionHtml: render(area.data.description) } : {}),
      coverage: assessment.byArea[def.key],
      gapCount: assessment.gaps.filter((g) => g.area === def.key).length,
      facets: own,
      items,
      gaps: [...own, ...items.flatMap((i) => [...i.facets, ...(i.fieldTable ?? []).flatMap((r) => Object.values(r.cells))])]
        .filter((f) => isGap(f.state))
        .map((f) => ({ ...f, depth: 0 })),
    };
  });
  const coverage = sumCoverage(areas.map((a) => a.coverage));
  return { areas, coverage, gapCount: assessment.gaps.length };
}


/** Field facets grouped into rows, in the order the fields are written. */
function fieldRows(facets: FacetView[], prefix: string): FieldRow[] {
  const rows = new Map<string, FieldRow>();
  for (const f of facets) {
    const [name = '', facet = ''] = f.id.slice(prefix.length).split('/');
    const row = rows.get(name) ?? { name, cells: {} };
    if (facet === 'type' || facet === 'required' || facet === 'format' || facet === 'allowed') row.cells[facet] = f;
    rows.set(name, row);
  }
  return [...rows.values()];
}

/** Facets whose stated value is Markdown prose. */
const PROSE_FACETS: ReadonlySet<string> = new Set(['purpose/purpose']);

function views(facets: FacetResult[], baseDepth: number, render: (text: string) => string): FacetView[] {
  return facetTree(facets, baseDepth).map(({ facet: f, depth, hasChildren }) => ({
    id: f.id,
    label: f.label,
    state: f.state,
    ...text(f, hasChildren),
    ...(isGap(f.state) ? { question: f.question } : {}),
    ...(f.owner ? { owner: f.owner } : {}),
    ...(f.link ? { link: f.link } : {}),
    blockedBy: f.blockedBy,
    blocks: f.blocks,
    depth,
    ...(PROSE_FACETS.has(f.id) && f.state === 'stated' && typeof f.value === 'string' ? { html: render(f.value) } : {}),
  }));
}

function text(f: FacetResult, hasChildren: boolean): { text?: string } {
  const v = f.value;
  if (f.state === 'none' && isObj(v)) return { text: String(v.none) };
  if (f.state === 'placeholder') return { text: String(v) };
  if (f.state === 'missing' && v !== undefined) return { text: 'Empty list: state the entries, or none with a reason.' };
  if (f.state !== 'stated') return {};
  if (hasChildren && isObj(v)) return { text: Object.keys(v).join(', ') };
  if (hasChildren && Array.isArray(v)) return { text: `${v.length} listed below` };
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return { text: String(v) };
  if (Array.isArray(v) && v.every((x) => typeof x !== 'object')) return { text: v.join(', ') };
  return { text: stringify(v, { lineWidth: 0 }).trimEnd() };
}
