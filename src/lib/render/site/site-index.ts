import { createHash } from 'node:crypto';
import { AREAS, areaModule, isAreaKey, itemTitle, type AreaKey } from '../../areas/index.ts';
import { shownBase } from '../../areas/purpose/index.ts';
import type { Analysis } from '../../engine/engine.ts';
import { facetState, isObj, stated, type Obj } from '../../facet/state.ts';
import { levelsOf, readiness } from '../../gaps/levels.ts';
import type { FacetResult, FileAssessment, OwnerResult } from '../../gaps/types.ts';
import type { Edge } from '../../link/graph.ts';
import { proseRenderer } from '../../link/markdown.ts';
import { linkResolver } from '../../link/resolve.ts';
import { referencesAt, type Reference } from '../../link/references.ts';
import { areaOf, findItem, itemKey } from '../../model/spec.ts';
import { capped } from '../readiness.ts';
import { firstServerAtDefaults } from '../server-url.ts';
import { areaPath, facetPath, itemPath, linkOnSite } from './paths.ts';
import { gapLinks, sourceLinks, type SourceLinks } from './source-links.ts';
import type { FacetView, ItemListing, ItemSummary, LinkView, ReadinessView, ServiceView, SiteSources } from './views.ts';

/** How the site wants its views. */
export type SiteOptions = {
  /** Prefixed to links inside rendered prose; default `/`. */
  base?: string;
  /** Turns Graphviz DOT into SVG; without it there are no diagrams. */
  diagram?: (dot: string) => string;
  /** Base URL to edit files of the spec folder (overrides `edit_url` in specbench.yaml). */
  editUrl?: string;
  /** The spec folder from the repository root (`content`), for the schema line of a file a gap offers to create; default `.`. */
  specDir?: string;
  /** What a file that does not exist yet holds when a gap offers to create it (`specbench new`'s text), by spec folder and file; without it, no such offer. */
  newFile?: (specDir: string, file: string) => string | undefined;
};

/**
 * What a view reads beyond its own file, named so that its state can be told before and after an
 * edit: `file:PATH` (a file's content), `title:AREA/ID` (an item's title, or that there is none),
 * `in:AREA/ID` and `out:AREA/ID` (the links to and from an item), `uses:ENTRY` (the items that
 * use an entry, such as a scope), `lifecycles:AREA/ID` (the state machines of an item), `facet:ID`
 * (whether a facet exists), `area:KEY` (an area's list of items as its page shows it), `gaps:KEY`
 * (an area's gaps),
 * `counts` (every area's coverage and gap count), `readiness`, `service` and `settings`.
 */
export type ViewDependency =
  | `${'file' | 'title' | 'in' | 'out' | 'uses' | 'lifecycles' | 'facet' | 'area' | 'gaps'}:${string}`
  | 'counts'
  | 'readiness'
  | 'service'
  | 'settings';

/** A dependency key that names nothing the index can tell the state of: a mistake in a view, never "always stale". */
export class UnknownDependencyError extends Error {}

/** What building one view may read: the index, with each read noted as a dependency of the view. */
/** Whether an item's title only repeats its line (an untitled endpoint's `GET /apps/{name}`): lists say it once. */
export const titleIsLine = (title: string, listing: ItemListing): boolean => listing.line !== undefined && title === [listing.badge, listing.line].filter((x) => x !== undefined).join(' ');

/** The level of the first heading of prose: 2 right under a page's title, 3 in a section. */
export type ProseTop = 2 | 3;

export interface ViewContext {
  index: SiteIndex;
  /** Prefixed to links inside rendered prose. */
  base: string;
  need(dep: ViewDependency): void;
  /**
   * Prose as safe HTML, its `[[links]]` resolved; its relative links (`../gaps/`) resolved against
   * `page`, the page of the area or item that states it (relative to the site's base), so that
   * they lead to the same place from every page that shows it (a print page shows many owners').
   * Its headings start at `top`: h3 in a section (the default), h2 where it sits right under the
   * page's title (an item's or an area's description, the API's on the home page).
   */
  prose(text: string, page?: string, top?: ProseTop): string;
  /** A question as inline HTML (no paragraph). */
  question(text: string, page?: string): string;
  /** A link to an item's page (or an area's: `key` without `/`), when the spec has it. */
  link(key: string, via: string): LinkView | undefined;
  /** An item's data, looked up by area and id. */
  item(area: 'resources' | 'errors' | 'authentication', id: string): Obj | undefined;
  /** An item's facets and owners (`resources/Order`), for a page that shows them in place. */
  facetsOf(key: string): ItemFacets | undefined;
  /** A facet of the spec by its id. */
  facet(id: string): FacetResult | undefined;
  /** The references written at or under a path of a file. */
  referencesAt(file: string, at: readonly (string | number)[]): Reference[];
  /** The items that use an entry of another item (the endpoints that need a scope). */
  usedBy(id: string): LinkView[];
  /** Where a gap is closed, when the spec says where its repository is. */
  gapSource(f: FacetResult): Pick<FacetView, 'source'>;
  /** One link per item, however many ways it links: "Create an order (request payload, 201 response)". */
  links(edges: readonly Edge[] | undefined, end: 'from' | 'to'): LinkView[];
  /**
   * A part of a view that many views show (a resource's field shown in place on every page that
   * names it), made once per analysis under `key` (a string, or an object of the analysis such as
   * a facet) and shared; what making it read is noted for every view that shows it.
   */
  shared<T>(key: unknown, make: (ctx: ViewContext) => T): T;
}

/** An item's facets by id, the facets directly under each id, and its owners by id: what its page, and a page showing it in place, look up. */
export type ItemFacets = {
  walk: FileAssessment;
  byId: ReadonlyMap<string, FacetResult>;
  under: ReadonlyMap<string, readonly FacetResult[]>;
  /** The keys of the facets directly under each id (`type`, `fields`…). */
  keysUnder: ReadonlyMap<string, ReadonlySet<string>>;
  owners: ReadonlyMap<string, OwnerResult>;
};

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value) ?? '').digest('base64url').slice(0, 24);

/**
 * What every view of one analysis shares, worked out once: the service, the titles, who uses which
 * entry, the readiness; views are built from it page by page (see `itemView`, `areaView`), each
 * noting what it read, so a site that follows edits rebuilds only the views whose reads changed.
 */
export class SiteIndex {
  readonly analysis: Analysis;
  readonly options: SiteOptions;
  readonly base: string;
  readonly service: ServiceView;
  readonly readiness: ReadinessView;
  /** Where the spec folder is edited, when the spec says so: each gap's `source` links there. */
  readonly sources: SiteSources | undefined;
  readonly titles: ReadonlyMap<string, string>;
  readonly #refsAt: ReturnType<typeof referencesAt>;
  /** The links the edit URL allows, derived once (a page at GitHub scale shows hundreds of gaps). */
  readonly #sourceLinks: SourceLinks | undefined;
  readonly #prose = new Map<string, { html: string; deps: ViewDependency[] }>();
  /** Prose whose HTML is the same on every page (no link in it is relative to the page), by its text alone. */
  readonly #proseAnyPage = new Map<string, { html: string; deps: ViewDependency[] }>();
  readonly #versions = new Map<ViewDependency, string>();
  #uses: Map<string, LinkView[]> | undefined;
  readonly #summaries = new Map<AreaKey, ItemSummary[]>();
  readonly #facets = new Map<string, Map<string, FacetResult>>();
  readonly #items = new Map<string, ItemFacets | undefined>();
  readonly #shared = new Map<unknown, { value: unknown; deps: ViewDependency[] }>();
  #ownersOf: Map<string, Array<{ key: string; via: string }>> | undefined;
  #renderer: ReturnType<typeof proseRenderer> | undefined;
  #noting: (dep: ViewDependency) => void = () => {};

  constructor(analysis: Analysis, options: SiteOptions = {}) {
    this.analysis = analysis;
    this.options = options;
    this.base = options.base ?? '/';
    const { spec } = analysis;
    const purpose = areaOf(spec, 'purpose').data;
    const name = stated(purpose.name);
    // As written (a placeholder too); a path from the root where that is the one server and no address is stated.
    const shown = shownBase(purpose);
    // Where no address is stated, the first server's, its variables at their defaults, said so (t32k #5: the samples called `{base_url}` beside a stated server).
    const server = shown === undefined || facetState(shown) !== 'stated' ? serverAtDefaults(purpose.servers) : undefined;
    const baseUrl = server?.url ?? shown;
    const logo = spec.config.logo;
    this.service = { ...(typeof name === 'string' ? { name } : {}), ...(typeof baseUrl === 'string' ? { baseUrl } : {}), ...(server ? { baseFrom: server.from } : {}), ...(logo !== undefined ? { logo } : {}) };
    const editBase = options.editUrl ?? spec.config.editUrl;
    this.#sourceLinks = sourceLinks(editBase);
    this.sources = this.#sourceLinks && editBase ? { editUrl: editBase, specDir: options.specDir ?? '.' } : undefined;
    this.titles = new Map(spec.areas.flatMap((a) => a.items.map((i) => [itemKey(i), itemTitle(a.key, i)] as const)));
    this.#refsAt = referencesAt(analysis.references);
    const r = readiness(analysis.assessment.gaps, levelsOf(spec));
    this.readiness = {
      ...(r.reached !== undefined ? { reached: r.reached } : {}),
      levels: r.levels.map((l) => ({ name: l.name, reached: l.reached, open: l.open.length })),
      ...(r.next ? { next: { name: r.next.name, count: r.next.blocking.length, blocking: capped(r.next.blocking).shown.map((g) => ({ id: g.id, path: facetPath(g.id) })) } } : {}),
    };
  }

  /** Where to edit a file, when the spec says where its repository is. */
  editUrl(file: string): { editUrl?: string } {
    const url = this.sources ? this.#sourceLinks?.edit(file) : undefined;
    return url === undefined ? {} : { editUrl: url };
  }

  /** The items that use each entry (the endpoints that need a scope), as the areas declare it; worked out once. */
  usersOf(id: string): LinkView[] {
    if (!this.#uses) {
      this.#uses = new Map();
      for (const module of AREAS) {
        for (const item of this.analysis.spec.areas.find((a) => a.key === module.key)?.items ?? []) {
          for (const entry of new Set(module.uses?.(item.data as never) ?? [])) {
            const users = this.#uses.get(entry) ?? [];
            users.push(this.#link(itemKey(item), module.items?.noun ?? module.key));
            this.#uses.set(entry, users);
          }
        }
      }
    }
    return this.#uses.get(id) ?? [];
  }

  /** A page's link, for a key the spec has (`area` or `area/id`). */
  #link(key: string, via: string): LinkView {
    const [area = '', id] = key.split('/');
    return id === undefined ? { key, via, label: isAreaKey(area) ? areaModule(area).title : area, path: areaPath(area) } : { key, via, label: this.titles.get(key) ?? id, path: itemPath(area, id) };
  }

  /** The state of a dependency now; the same state, the same string. */
  version(dep: ViewDependency): string {
    let version = this.#versions.get(dep);
    if (version === undefined) {
      version = this.#compute(dep);
      this.#versions.set(dep, version);
    }
    return version;
  }

  #compute(dep: ViewDependency): string {
    const { analysis } = this;
    const at = dep.indexOf(':');
    const kind = at < 0 ? dep : dep.slice(0, at);
    const name = at < 0 ? '' : dep.slice(at + 1);
    switch (kind) {
      case 'file':
        return analysis.fileKey(name) ?? 'none';
      case 'title':
        return this.titles.has(name) ? `= ${this.titles.get(name)}` : 'none';
      case 'in':
        return digest(analysis.graph.incoming.get(name) ?? []);
      case 'out':
        return digest(analysis.graph.outgoing.get(name) ?? []);
      case 'uses':
        return digest(this.usersOf(name));
      case 'facet':
        return this.facet(name) ? 'yes' : 'no';
      case 'lifecycles':
        return digest(this.machinesOf(name).map((m) => [m, analysis.fileKey(this.fileOf(m.key) ?? '')]));
      case 'area':
        return isAreaKey(name) ? digest([analysis.fileKey(areaOf(analysis.spec, name).file), this.itemSummaries(name)]) : 'none';
      case 'gaps':
        return digest(analysis.assessment.gaps.filter((g) => name === '' || g.area === name));
      case 'counts':
        return digest([analysis.assessment.byArea, analysis.assessment.gaps.map((g) => g.area)]);
      case 'readiness':
        return digest(this.readiness);
      case 'service':
        return digest(this.service);
      case 'settings':
        return digest([analysis.spec.config.file && analysis.fileKey(analysis.spec.config.file), this.sources]);
      default:
        throw new UnknownDependencyError(`A view read \`${dep}\`, which is no dependency the site index knows (see ViewDependency).`);
    }
  }

  /** An area's items as its list and the sidebar show them; worked out once per area. */
  itemSummaries(area: AreaKey): ItemSummary[] {
    let list = this.#summaries.get(area);
    if (!list) {
      const module = areaModule(area);
      const gaps = new Map<string, number>();
      for (const g of this.analysis.assessment.gaps) if (g.area === area && g.item !== undefined) gaps.set(g.item, (gaps.get(g.item) ?? 0) + 1);
      list = areaOf(this.analysis.spec, area).items.map((item) => {
        const title = itemTitle(area, item);
        const listing = module.view?.(item.data as never, item.id).listing ?? {};
        return {
          id: item.id,
          title,
          ...(titleIsLine(title, listing) ? { titleIsLine: true as const } : {}),
          file: item.file,
          listing,
          path: itemPath(area, item.id),
          coverage: this.analysis.assessment.byItem[itemKey(item)] ?? { stated: 0, total: 0 },
          gapCount: gaps.get(item.id) ?? 0,
        };
      });
      this.#summaries.set(area, list);
    }
    return list;
  }

  /** The file of an item, `area/id`. */
  fileOf(key: string): string | undefined {
    const [area = '', id = ''] = key.split('/');
    return isAreaKey(area) ? findItem(this.analysis.spec, area, id)?.file : undefined;
  }

  /** The items whose own top-level keys name an item (a machine's `resource`): the candidates for its lifecycle, by their keys, with what the reference is called. */
  machinesOf(key: string): Array<{ key: string; via: string }> {
    if (!this.#ownersOf) {
      this.#ownersOf = new Map();
      for (const r of this.analysis.references) {
        const target = `${r.area}/${r.id}`;
        if (r.path.length !== 1 || target === r.source || !this.titles.has(target)) continue;
        const list = this.#ownersOf.get(target) ?? [];
        if (!list.some((m) => m.key === r.source)) list.push({ key: r.source, via: r.via });
        this.#ownersOf.set(target, list);
      }
    }
    return this.#ownersOf.get(key) ?? [];
  }

  /** An item's facets indexed (`area/id`), worked out once per analysis. */
  itemFacets(key: string): ItemFacets | undefined {
    if (!this.#items.has(key)) {
      const walk = this.analysis.facetsOf(key);
      let indexed: ItemFacets | undefined;
      if (walk) {
        const under = new Map<string, FacetResult[]>();
        const keysUnder = new Map<string, Set<string>>();
        for (const f of walk.facets) {
          const cut = f.id.lastIndexOf('/');
          const parent = f.id.slice(0, cut);
          const list = under.get(parent);
          if (list) list.push(f);
          else under.set(parent, [f]);
          const keys = keysUnder.get(parent);
          if (keys) keys.add(f.id.slice(cut + 1));
          else keysUnder.set(parent, new Set([f.id.slice(cut + 1)]));
        }
        indexed = { walk, byId: new Map(walk.facets.map((f) => [f.id, f])), under, keysUnder, owners: new Map(walk.owners.map((o) => [o.id, o])) };
      }
      this.#items.set(key, indexed);
    }
    return this.#items.get(key);
  }

  /** How many derived entries the index holds for the pages built so far (facet indexes, shared views). */
  get held(): number {
    return this.#items.size + this.#facets.size + this.#shared.size;
  }

  /**
   * Lets go of what was derived for the pages built so far (facet indexes, shared views); it is
   * derived again when a page asks. A build calls this as it goes, so that its memory does not grow
   * with every page it has made; a dev server keeps everything for the next edit. Rendered prose is
   * kept: it is HTML of the spec's own texts, each rendered once (GitHub's description: 5,291 texts
   * shown 46,704 times in a build; rendering them again was over a quarter of its views' time).
   */
  forget(): void {
    this.#items.clear();
    this.#facets.clear();
    this.#shared.clear();
  }

  /** A facet by its id, through an index of its page's facets built once. */
  facet(id: string): FacetResult | undefined {
    const [area = '', item] = id.split('/');
    const owners = id.split('/').length > 2 && item !== undefined ? [`${area}/${item}`, area] : [area];
    for (const owner of owners) {
      let index = this.#facets.get(owner);
      if (!index) {
        index = new Map((this.analysis.facetsOf(owner)?.facets ?? []).map((f) => [f.id, f]));
        this.#facets.set(owner, index);
      }
      const hit = index.get(id);
      if (hit) return hit;
    }
    return undefined;
  }

  /** What a view may read, each read noted with `need`. */
  context(need: (dep: ViewDependency) => void): ViewContext {
    const { analysis, base } = this;
    const ctx: ViewContext = {
      index: this,
      base,
      need,
      link: (key, via) => {
        if (key.includes('/')) {
          need(`title:${key}`);
          if (!this.titles.has(key)) return undefined;
        }
        return this.#link(key, via);
      },
      item: (area, id) => {
        const item = findItem(analysis.spec, area, id);
        need(`title:${area}/${id}`);
        if (item) need(`file:${item.file}`);
        return item?.data as Obj | undefined;
      },
      facetsOf: (key) => {
        const file = this.fileOf(key);
        need(`title:${key}`);
        if (file === undefined) return undefined;
        need(`file:${file}`);
        return this.itemFacets(key);
      },
      facet: (id) => {
        need(`facet:${id}`);
        return this.facet(id);
      },
      referencesAt: (file, at) => this.#refsAt(file, at),
      usedBy: (id) => {
        need(`uses:${id}`);
        return this.usersOf(id);
      },
      gapSource: (f) => {
        need('settings');
        const { sources } = this;
        const links = this.#sourceLinks;
        if (!sources || !links) return {};
        const missing = analysis.spec.areas.some((a) => !a.present && a.file === f.file);
        const source = { file: f.file, line: f.line ?? 1, ...(missing ? { create: true as const } : {}) };
        const newFile = this.options.newFile ?? (() => undefined);
        return { source: { ...source, links: gapLinks(links, sources, source, newFile) } };
      },
      links: (edges, end) => {
        const byKey = new Map<string, Set<string>>();
        for (const e of edges ?? []) {
          const vias = byKey.get(e[end]) ?? new Set();
          vias.add(e.via);
          byKey.set(e[end], vias);
        }
        return [...byKey].flatMap(([key, vias]) => ctx.link(key, [...vias].join(', ')) ?? []);
      },
      shared: <T>(key: unknown, make: (c: ViewContext) => T): T => {
        let hit = this.#shared.get(key);
        if (!hit) {
          const deps: ViewDependency[] = [];
          hit = { value: make(this.context((dep) => deps.push(dep))), deps };
          this.#shared.set(key, hit);
        }
        for (const dep of hit.deps) need(dep);
        return hit.value as T;
      },
      prose: (text, page, top) => this.#render(text, need, false, page, top),
      question: (text, page) => this.#render(text, need, true, page),
    };
    return ctx;
  }

  /**
   * Prose rendered once per analysis: once for every page when no link in it is relative to the
   * page it is shown on (most prose), else once per owner page; what its links read is noted for
   * every view that shows it.
   */
  #render(text: string, need: (dep: ViewDependency) => void, inline = false, page?: string, top: ProseTop = 3): string {
    const kind = inline ? 'i' : `b${top}`;
    const key = `${kind}${page ?? ''}\u0000${text}`;
    let hit = this.#proseAnyPage.get(`${kind}\u0000${text}`) ?? this.#prose.get(key);
    if (!hit) {
      const deps: ViewDependency[] = [];
      this.#noting = (dep) => deps.push(dep);
      const owner = page === undefined ? undefined : `${this.base}${page}`;
      // Whether a link was rebased onto the owner page: if none was, the HTML is the same on any page.
      let rebased = false;
      const rebase = owner === undefined ? undefined : (url: string) => ((rebased = true), linkOnSite(url, owner));
      const html = (this.#renderer ??= this.#makeRenderer())(text, rebase, top);
      this.#noting = () => {};
      hit = { html: inline ? html.trim().replace(/^<p>([\s\S]*)<\/p>$/, '$1') : html, deps };
      if (owner !== undefined && !rebased) this.#proseAnyPage.set(`${kind}\u0000${text}`, hit);
      else this.#prose.set(key, hit);
    }
    for (const dep of hit.deps) need(dep);
    return hit.html;
  }

  /** One renderer for every prose value; what its link resolver reads goes to whoever renders now. */
  #makeRenderer(): ReturnType<typeof proseRenderer> {
    const note = (dep: ViewDependency) => this.#noting(dep);
    return proseRenderer(
      linkResolver(
        { get: (k: string) => (note(`title:${k}`), this.titles.get(k)) },
        {
          area: (area) => `${this.base}${areaPath(area)}`,
          item: (area, id) => `${this.base}${itemPath(area, id)}`,
          facet: (id) => (note(`facet:${id}`), this.facet(id) ? `${this.base}${facetPath(id)}` : undefined),
        },
      ),
    );
  }
}

/** A server's variables as stated: each name with its default and the values it allows. */
export function serverVariables(server: Obj): Array<{ name: string; default?: string; allowed?: string[] }> {
  const variables = stated(server.variables);
  return Object.entries(isObj(variables) ? variables : {}).map(([name, v]) => {
    const fallback = isObj(v) ? stated(v.default) : undefined;
    const allowed = isObj(v) ? stated(v.allowed) : undefined;
    return { name, ...(typeof fallback === 'string' ? { default: fallback } : {}), ...(Array.isArray(allowed) ? { allowed: allowed.map(String) } : {}) };
  });
}

/**
 * The first server's address with every variable it names at its stated default, and where it
 * comes from (the server's URL as written, each variable's default); undefined where there is no
 * server, or a variable it names states no default.
 */
export function serverAtDefaults(servers: unknown): { url: string; from: NonNullable<ServiceView['baseFrom']> } | undefined {
  // The one server joiner the mock, the own-server note and the code samples use (render/server-url.ts).
  const server = firstServerAtDefaults(servers);
  if (server === undefined || server.defaults.length === 0 || server.unfilled.length > 0) return undefined;
  return { url: server.url, from: { server: server.written, defaults: server.defaults } };
}
