import type { Analysis } from '../analyze.ts';
import { AREAS, areaModule, isAreaKey, type AreaKey } from '../areas/index.ts';
import type { MachineView } from '../areas/area.ts';
import { idSegment } from '../facet/ids.ts';
import { isGap, isObj, stated, type Obj } from '../facet/state.ts';
import { facetTree, groupByOwner } from '../gaps/tree.ts';
import { levelsOf, readiness, type Readiness } from '../gaps/levels.ts';
import { sumCoverage, type Coverage, type FacetResult, type OwnerResult } from '../gaps/types.ts';
import type { Edge } from '../link/graph.ts';
import { proseRenderer } from '../link/markdown.ts';
import { statedProse } from '../link/prose.ts';
import { linkResolver } from '../link/resolve.ts';
import { referencesAt } from '../link/references.ts';
import { configLogo } from '../model/config.ts';
import { areaOf, findItem, itemKey } from '../model/spec.ts';
import { cleanSvg } from './diagram.ts';
import { capped } from './readiness.ts';
import { areaPath, facetAnchor, facetPath, itemPath, linkOnSite } from './paths.ts';
import { referenceBuilder, type BlockView } from './reference.ts';
import { sourceLinks } from './source-links.ts';
import type { FacetView, GapLink, LinkView, SiteSources, ValueView } from './views.ts';

export type { FacetView, GapLink, GapSource, LinkView, SiteSources, ValueView } from './views.ts';

/** A state machine as its page shows it, with the diagram drawn and every target a path. */
export type MachinePageView = {
  states: Array<{ name: string; initial: boolean; final: boolean; descriptionHtml?: string; descriptionUnstated?: FacetView }>;
  transitions: Array<{
    from: string[];
    to: string;
    trigger: { kind: MachineView['transitions'][number]['trigger']['kind']; text: string; path?: string };
    /** The trigger while it is a gap. */
    triggerUnstated?: FacetView;
    descriptionHtml?: string;
    descriptionUnstated?: FacetView;
  }>;
  svg?: string;
  /** The state list and the transitions as facets: stated, or gaps shown as chips. */
  statesFacet?: FacetView;
  transitionsFacet?: FacetView;
};

export type ItemView = {
  area: AreaKey;
  id: string;
  title: string;
  /** The item in its area's list and the sidebar: a badge (a method), a line (a path), its groups (tags), a note (`15 fields`). */
  listing: { badge?: string; line?: string; groups?: readonly string[]; note?: string };
  /** The item's page, relative to the site's base. */
  path: string;
  /** Where to edit the item's file, when the spec says where its repository is. */
  editUrl?: string;
  /** The reference page's blocks, in the area's layout. */
  blocks: BlockView[];
  machine?: MachinePageView;
  /** The state machines of this item (a resource's lifecycle), each linking to its page. */
  lifecycles?: Array<{ link: LinkView; machine: MachinePageView }>;
  description?: string;
  descriptionHtml?: string;
  file: string;
  /** The description while it is a gap, shown where the description would be. */
  descriptionUnstated?: FacetView;
  coverage: Coverage;
  gapCount: number;
  /** What the blocks do not show (none, for areas whose layout covers every key), in order. */
  facets: FacetView[];
  /** What this item refers to, and what refers to it. */
  linksTo: LinkView[];
  linkedFrom: LinkView[];
};

/** An area with its items' whole pages, as the core builds it. */
export type AreaView = Omit<AreaSummary, 'items'> & { items: ItemView[] };

/** An item as its area's list and the sidebar show it; its page's data is stored apart. */
export type ItemSummary = {
  id: string;
  title: string;
  listing: ItemView['listing'];
  path: string;
  coverage: Coverage;
  gapCount: number;
};

/** An area as its page, the dashboard, the gaps page and the sidebar show it: its items summed up. */
export type AreaSummary = {
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
  items: ItemSummary[];
  /** Every gap of the area and its items (table cells included), in order, for the gaps page. */
  gaps: FacetView[];
};

/** An area without its items' pages: what the site stores once per area, beside one entry per item. */
export function areaSummary({ items, ...area }: AreaView): AreaSummary {
  return { ...area, items: items.map(({ id, title, listing, path, coverage, gapCount }) => ({ id, title, listing, path, coverage, gapCount })) };
}

/** Everything the site shows, as plain JSON: the pages only lay it out. */
export type SiteModel = {
  /** The service's name and base address, where the purpose states them (the placeholder as written), and the logo `specbench.yaml` names. */
  service: { name?: string; baseUrl?: string; logo?: string };
  areas: AreaView[];
  coverage: Coverage;
  gapCount: number;
  /** Where the spec folder is edited, and where it is from the repository root, when the spec says so: each gap's `source` links there. */
  sources?: SiteSources;
  readiness: ReadinessView;
};

/** The spec's readiness as the dashboard shows it: every level, and the gaps before the next one, each a link to where it is. */
export type ReadinessView = {
  reached?: string;
  levels: Array<{ name: string; reached: boolean; open: number }>;
  /** The first level not reached; `blocking` lists the first of its gaps, `count` says how many there are. */
  next?: { name: string; count: number; blocking: GapLink[] };
};

/** The readiness for the dashboard, its blocking list capped as in every output. */
export function readinessView(r: Readiness): ReadinessView {
  return {
    ...(r.reached !== undefined ? { reached: r.reached } : {}),
    levels: r.levels.map((l) => ({ name: l.name, reached: l.reached, open: l.open.length })),
    ...(r.next ? { next: { name: r.next.name, count: r.next.blocking.length, blocking: capped(r.next.blocking).shown.map((g) => ({ id: g.id, path: facetPath(g.id) })) } } : {}),
  };
}

/** How the site wants its data. */
export type SiteOptions = {
  /** Prefixed to links inside rendered prose; default `/`. */
  base?: string;
  /** Turns Graphviz DOT into SVG; without it there are no diagrams. */
  diagram?: (dot: string) => string;
  /** Base URL to edit files of the spec folder (overrides `edit_url` in specbench.yaml). */
  editUrl?: string;
  /** The spec folder from the repository root (`content`), for the schema line of a file a gap offers to create; default `.`. */
  specDir?: string;
  /** Rendered prose kept between builds of the model (by `npm run dev`); reset when the items change. */
  proseCache?: { items: string; html: Map<string, string> };
};

/** Builds the site's data from an analysis in one pass over its facets. */
export function siteModel({ spec, assessment, graph, references }: Analysis, options: SiteOptions = {}): SiteModel {
  const base = options.base ?? '/';
  const editBase = options.editUrl ?? spec.config.editUrl;
  const repo = sourceLinks(editBase);
  const edit = (file: string) => {
    const url = repo?.edit(file);
    return url === undefined ? {} : { editUrl: url };
  };
  // A gap links to its file once the spec says where the repository is; an area without its file offers to create it.
  const missingFiles = new Set(spec.areas.filter((a) => !a.present).map((a) => a.file));
  const source = (f: FacetResult) => (repo && isGap(f.state) ? { source: { file: f.file, line: f.line ?? 1, ...(missingFiles.has(f.file) ? { create: true as const } : {}) } } : {});
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
  // Questions repeat (every open field type asks the same): each is rendered once.
  const questions = new Map<string, string>();
  const inline = (question: string) => {
    let html = questions.get(question);
    if (html === undefined) {
      html = render(question).trim().replace(/^<p>([\s\S]*)<\/p>$/, '$1');
      questions.set(question, html);
    }
    return html;
  };
  // One link per item, however many ways it links: "Create an order (request payload, 201 response)".
  const links = (edges: Edge[] | undefined, end: 'from' | 'to') => {
    const byKey = new Map<string, Set<string>>();
    for (const e of edges ?? []) {
      const vias = byKey.get(e[end]) ?? new Set();
      vias.add(e.via);
      byKey.set(e[end], vias);
    }
    return [...byKey].map(([key, vias]) => link(key, [...vias].join(', ')));
  };
  const refsAt = referencesAt(references);
  const facetLinks = (f: { file: string; at: FacetResult['at'] }): LinkView[] => refsAt(f.file, f.at).filter((r) => titles.has(`${r.area}/${r.id}`)).map((r) => link(`${r.area}/${r.id}`, r.via));
  const byOwner = groupByOwner(assessment.facets);
  const ownersOf = groupByOwner(assessment.owners);
  const detail = (owner: OwnerResult, key: string, value: unknown, depth = 0): FacetView => {
    const id = `${owner.id}/${key}`;
    const at = [...owner.at, key];
    return {
      id,
      anchor: facetAnchor(id),
      path: facetPath(id),
      label: owner.label ? `${owner.label}: ${keyWords(key)}` : keyWords(key),
      state: 'stated',
      ...text({ state: 'stated', value }, false, key, render),
      blockedBy: [],
      blocks: [],
      links: facetLinks({ file: owner.file, at }),
      depth,
      detail: true,
    };
  };
  const ownersById = new Map(assessment.owners.map((o) => [o.id, o]));
  const under = new Map<string, FacetResult[]>();
  for (const f of assessment.facets) {
    const parent = f.id.slice(0, f.id.lastIndexOf('/'));
    const list = under.get(parent);
    if (list) list.push(f);
    else under.set(parent, [f]);
  }
  const view = (f: FacetResult, depth: number, hasChildren: boolean): FacetView => ({
    id: f.id,
    anchor: facetAnchor(f.id),
    path: facetPath(f.id),
    label: f.label,
    state: f.state,
    ...text(f, hasChildren, f.prose ? 'description' : f.at.at(-1), render),
    ...(isGap(f.state) ? { question: f.question, questionHtml: inline(f.question) } : {}),
    ...(f.owner ? { owner: f.owner } : {}),
    ...(f.link ? { link: linkOnSite(f.link, `${base}${f.item !== undefined ? itemPath(f.area, f.item) : areaPath(f.area)}`) } : {}),
    blockedBy: f.blockedBy.map((id) => ({ id, path: facetPath(id) })),
    blocks: f.blocks.map((id) => ({ id, path: facetPath(id) })),
    links: f.state === 'stated' ? facetLinks(f) : [],
    depth,
    ...withHtml(statedProse(f), render),
    ...source(f),
  });
  /** An owner's facets and details in page order, minus those a reference block already shows. */
  const rows = (key: string, baseDepth: number, used: ReadonlySet<string> = new Set()) =>
    facetTree(byOwner.get(key) ?? [], baseDepth, ownersOf.get(key)).flatMap((n) => {
      if (used.has(n.kind === 'facet' ? n.facet.id : n.id)) return [];
      if (n.kind === 'facet') return [view(n.facet, n.depth, n.hasChildren)];
      const owner = ownersById.get(n.id.slice(0, n.id.length - n.key.length - 1));
      return owner ? [detail(owner, n.key, n.value, n.depth)] : [];
    });
  const itemData = (area: 'resources' | 'authentication', id: string) => findItem(spec, area, id)?.data as Obj | undefined;
  // What each entry of an item is used by (the endpoints that need a scope), as the areas declare it.
  const entryUsers = new Map<string, LinkView[]>();
  for (const module of AREAS) {
    for (const item of areaOf(spec, module.key).items) {
      for (const id of new Set(module.uses?.(item.data as never) ?? [])) {
        const users = entryUsers.get(id);
        const user = link(`${module.key}/${item.id}`, module.items?.noun ?? module.key);
        if (users) users.push(user);
        else entryUsers.set(id, [user]);
      }
    }
  }
  const itemLink = (area: string, id: string) => (titles.has(`${area}/${id}`) ? link(`${area}/${id}`, area) : undefined);

  const purpose = areaOf(spec, 'purpose').data;
  const name = stated(purpose.name);
  const baseUrl = purpose.base_url;
  const logo = configLogo(spec);
  const service = { ...(typeof name === 'string' ? { name } : {}), ...(typeof baseUrl === 'string' ? { baseUrl } : {}), ...(logo !== undefined ? { logo } : {}) };
  const gapView = (id: string) => {
    const f = facetsById.get(id);
    return f ? view(f, 0, false) : undefined;
  };
  // Every state machine's page, by its item, and the machines of each item they are of: those
  // whose own top-level key names it (a machine's resource, not a trigger inside a transition).
  const machines = new Map<string, MachinePageView>();
  for (const module of AREAS) {
    for (const item of areaOf(spec, module.key).items) {
      const machine = module.view?.(item.data, item.id).machine;
      if (machine) machines.set(itemKey(item), machinePage(machine, item.id, options, render, gapView));
    }
  }
  const lifecycles = new Map<string, Array<{ link: LinkView; machine: MachinePageView }>>();
  for (const r of references) {
    const machine = machines.get(r.source);
    const target = `${r.area}/${r.id}`;
    if (!machine || r.path.length !== 1 || !titles.has(target) || target === r.source) continue;
    const list = lifecycles.get(target) ?? [];
    if (!list.some((l) => l.link.key === r.source)) list.push({ link: link(r.source, r.via), machine });
    lifecycles.set(target, list);
  }
  const gapsOf = Map.groupBy(
    assessment.gaps.map((g) => ({ area: g.area, view: view(g, 0, false) })),
    (g) => g.area as string,
  );
  const areas = AREAS.map((module, index): AreaView => {
    const area = areaOf(spec, module.key);
    const own = rows(module.key, 1);
    const items = area.items.map((item): ItemView => {
      const key = itemKey(item);
      const builder = referenceBuilder({ facets: facetsById, under, owners: ownersById, view: (f) => view(f, 0, false), detail, link: itemLink, item: itemData, usedBy: (id) => entryUsers.get(id) ?? [], ...(service.baseUrl !== undefined ? { baseUrl: service.baseUrl } : {}) });
      const blocks = module.layout ? builder.blocks(key, item.data, module.layout(item.data)) : [];
      // The description is the page's opening prose; open or empty, it is a gap shown in its place.
      const descriptionFacet = facetsById.get(`${key}/description`);
      if (descriptionFacet) builder.used.add(descriptionFacet.id);
      // The machine block shows the states and transitions, what they state and their gaps.
      if (blocks.some((b) => b.kind === 'machine')) {
        const inMachine = (id: string) => /^[^/]+\/[^/]+\/(states|transitions)(\/|$)/.test(id);
        for (const f of byOwner.get(key) ?? []) if (inMachine(f.id)) builder.used.add(f.id);
        for (const o of ownersOf.get(key) ?? []) if (inMachine(o.id)) for (const [k] of o.details) builder.used.add(`${o.id}/${k}`);
      }
      const facets = rows(key, 2, builder.used);
      const extras = module.view?.(item.data, item.id) ?? {};
      const machine = machines.get(key);
      const ofItem = lifecycles.get(key);
      const description = stated(item.data.description);
      return {
        area: module.key,
        id: item.id,
        title: item.data.title ?? item.id,
        listing: extras.listing ?? {},
        path: itemPath(module.key, item.id),
        ...edit(item.file),
        blocks,
        ...(machine ? { machine } : {}),
        ...(ofItem ? { lifecycles: ofItem } : {}),
        ...(description !== undefined ? { description, descriptionHtml: render(description) } : {}),
        ...(descriptionFacet && descriptionFacet.state !== 'stated' ? { descriptionUnstated: view(descriptionFacet, 0, false) } : {}),
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
      facets: own,
      items,
      gaps: (gapsOf.get(module.key) ?? []).map((g) => g.view),
    };
  });
  const coverage = sumCoverage(areas.map((a) => a.coverage));
  return { service, areas, coverage, gapCount: assessment.gaps.length, readiness: readinessView(readiness(assessment.gaps, levelsOf(spec))), ...(repo && editBase ? { sources: { editUrl: editBase, specDir: options.specDir ?? '.' } } : {}) };
}

/** A facet's stated prose rendered, as `collectProse` (and so every check of prose) reads it. */
const withHtml = (prose: string | undefined, render: (prose: string) => string): { html?: string } => (prose === undefined ? {} : { html: render(prose) });

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
/** A machine's page: the diagram drawn, descriptions rendered, and each facet of it that is not stated (a gap, or none with its reason) to show in place. */
function machinePage(machine: MachineView, id: string, options: SiteOptions, render: (prose: string) => string, gap: (id: string) => FacetView | undefined): MachinePageView {
  const svg = machine.dot && options.diagram ? cleanSvg(options.diagram(machine.dot), `State diagram of ${id}: ${machine.states.map((s) => s.name).join(', ')}`) : undefined;
  const statesFacet = gap(machine.statesGap);
  const transitionsFacet = gap(machine.transitionsGap);
  return {
    states: machine.states.map((s) => {
      const descriptionUnstated = gap(`${machine.statesGap}/${idSegment(s.name)}/description`);
      return { name: s.name, initial: s.initial, final: s.final, ...(s.description !== undefined ? { descriptionHtml: render(s.description) } : {}), ...(descriptionUnstated && descriptionUnstated.state !== 'stated' ? { descriptionUnstated } : {}) };
    }),
    transitions: machine.transitions.map((t) => {
      const triggerUnstated = gap(t.triggerId);
      const descriptionUnstated = gap(t.triggerId.replace(/\/trigger$/, '/description'));
      return {
        from: t.from,
        to: t.to,
        trigger: { kind: t.trigger.kind, text: t.trigger.text, ...(t.trigger.target?.id !== undefined ? { path: itemPath(t.trigger.target.area, t.trigger.target.id) } : {}) },
        ...(triggerUnstated && triggerUnstated.state !== 'stated' ? { triggerUnstated } : {}),
        ...(t.description !== undefined ? { descriptionHtml: render(t.description) } : {}),
        ...(descriptionUnstated && descriptionUnstated.state !== 'stated' ? { descriptionUnstated } : {}),
      };
    }),
    ...(svg ? { svg } : {}),
    ...(statesFacet ? { statesFacet } : {}),
    ...(transitionsFacet ? { transitionsFacet } : {}),
  };
}

/** A key of the content format as words: `applies_to` → `applies to`, `clientCredentials.token` → `client credentials token`. */
export function keyWords(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_.]+/g, ' ').toLowerCase().trim() || key;
}

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
  if (isScalar(v)) return { text: scalarText(v) };
  if (Array.isArray(v) && v.every(isScalar)) return { text: v.map(scalarText).join(', '), items: v.map(scalarText) };
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

