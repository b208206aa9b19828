import { label, settings } from 'virtual:specbench/settings';
import {
  areaPath,
  areaView,
  AREAS,
  DOWNLOADS,
  homeOperations,
  homeView,
  itemPath,
  itemPrintSize,
  itemView,
  markAreaView,
  markItemView,
  sumCoverage,
  type AreaSummary,
  type ChangeModel,
  type Changelog,
  type Coverage,
  type GapHistory,
  type HomeOperations,
  type HomeView,
  type ItemView,
  type ReadinessView,
  type ServiceView,
  type SiteIndex,
} from '../lib/index.ts';
import { SpecSite, type Problems } from './state.ts';

/** The site's settings, as the plugin resolved them, and the label of its sidebar group. */
export { label, settings };

/** The spec's site in this process: one analysis, views built as pages render. */
export function specSite(): Promise<SpecSite> {
  return SpecSite.for(settings);
}

/** The site as its pages see it: the nine areas in order, each with a summary of its items. */
export type Site = {
  service: ServiceView;
  areas: AreaSummary[];
  coverage: Coverage;
  gapCount: number;
  readiness: ReadinessView;
};

/** The nine areas in order, with what every page shows of the spec. */
export async function loadSite(): Promise<Site> {
  const site = await specSite();
  // With `compare`, an area whose own file the change touches has its marks (a lookup of its page).
  const areas = AREAS.map((module) =>
    site.view(`area:${module.key}`, areaPath(module.key), (ctx) => {
      const view = areaView(ctx, module.key);
      const change = site.pageChange(areaPath(module.key));
      return change ? markAreaView(view, change, ctx) : view;
    }),
  );
  // Every page asks (its sidebar, its own view): what is made from the areas is made again only when one of them is.
  const index = site.index;
  if (made && made.index === index && made.site.areas.every((a, i) => a === areas[i])) return made.site;
  const loaded: Site = {
    service: index.service,
    areas,
    coverage: sumCoverage(areas.map((a) => a.coverage)),
    gapCount: areas.reduce((n, a) => n + a.gapCount, 0),
    readiness: index.readiness,
  };
  made = { index, site: loaded };
  return loaded;
}

/** The last site `loadSite` made, and the analysis's index it was made from. */
let made: { index: SiteIndex; site: Site } | undefined;

/** What the home page tells a reader about the API before the dashboard: its name, description, servers and operations. */
export async function loadHome(): Promise<HomeView & { operations: HomeOperations }> {
  const site = await specSite();
  const home = site.view('home', '', (ctx) => homeView(ctx));
  return { ...home, operations: homeOperations((await loadSite()).areas) };
}

/** The service's name and logo, and the spec's problems while it has errors (`npm run dev`). */
export async function loadMeta(): Promise<{ service: ServiceView; problems?: Problems }> {
  const site = await specSite();
  return { service: site.analysis ? site.index.service : {}, ...(site.problems ? { problems: site.problems } : {}) };
}

/**
 * One item's page; undefined for an item the spec does not have. With `compare`, a page the change
 * touches has its marks (a lookup of its path in the change model), and an item the change removes
 * is its last content at the compared revision, marked removed.
 */
export async function loadItem(area: string, id: string): Promise<ItemView | undefined> {
  const site = await specSite();
  const page = itemPath(area, id);
  const change = site.pageChange(page);
  if (change?.status === 'removed') {
    return site.baseView(`removed:${area}/${id}`, page, (ctx) => {
      const view = itemView(ctx, area, id);
      return view && markItemView(view, change, ctx);
    }, { transient: true });
  }
  return site.view(`item:${area}/${id}`, page, (ctx) => {
    const view = itemView(ctx, area, id);
    return view && change ? markItemView(view, change, ctx) : view;
  }, { transient: true });
}

/**
 * What the print version writes of an item and how many continued pages it has, for laying out its
 * pages before they render: from the item's blocks alone (`itemPrintSize`); from its whole view,
 * marks and all, where the compared change touches it.
 */
export async function loadPrintSize(area: string, id: string): Promise<{ printBytes: number; continued: number } | undefined> {
  const site = await specSite();
  const page = itemPath(area, id);
  if (site.pageChange(page)) {
    const view = await loadItem(area, id);
    return view && { printBytes: view.printBytes, continued: view.continued?.length ?? 0 };
  }
  return site.view(`print-size:${area}/${id}`, page, (ctx) => itemPrintSize(ctx, area, id), { transient: true });
}

/** The items the compared change removes (`compare`): each keeps its page, as it was. */
export async function removedItems(): Promise<Array<{ area: string; id: string }>> {
  const changes = (await specSite()).changes;
  return (changes?.removed ?? []).map((key) => ({ area: key.slice(0, key.indexOf('/')), id: key.slice(key.indexOf('/') + 1) }));
}

/** What the spec changes against the revision `compare` names, for the Changes page; undefined without `compare`. */
export async function loadChanges(): Promise<ChangeModel | undefined> {
  return (await specSite()).changes;
}

/** The pages of an area's items, in the area's order: all of them, or those from `from` up to `to`. */
export async function loadItems(area: AreaSummary, from = 0, to = area.items.length): Promise<ItemView[]> {
  const items = await Promise.all(area.items.slice(from, to).map((i) => loadItem(area.key, i.id)));
  return items.flatMap((i) => i ?? []);
}

/** The gap history and its chart. */
export async function loadHistory(): Promise<GapHistory> {
  return (await (await specSite()).history()).history;
}

/** What each commit that touched the spec changed. */
export async function loadChangelog(): Promise<Changelog> {
  return (await (await specSite()).history()).changelog;
}

/** The files the site publishes, each made when it is asked for. */
export const downloads = DOWNLOADS;

/** A link to a page of the spec; `path` comes from the core's `paths.ts`, relative to where the spec's pages live. */
export function href(path: string): string {
  return `${settings.base}${settings.route}${path.replace(/^\//, '')}`;
}

/** The site's absolute address where the spec's pages live, with a final slash, when `site` is configured (`SITE_URL`). */
export function absoluteBase(site: URL | undefined): string | undefined {
  return site === undefined ? undefined : new URL(`${settings.base}${settings.route}`, site).href;
}
