import { getCollection, getEntry } from 'astro:content';
import { gapLinks, sourceLinks, sumCoverage, type AreaSummary, type Coverage, type GapLinks, type GapSource, type ItemView, type PrintPart, type ReadinessView, type SiteModel, type SourceLinks } from '../lib/index.ts';
import type { ChangelogData, Download, History, SiteMeta } from './schema.ts';
import { SITE } from './spec-loader.ts';

/** The site as its pages see it: the nine areas in order, each with a summary of its items (their pages are entries of their own). */
export type Site = {
  service: SiteModel['service'];
  areas: AreaSummary[];
  coverage: Coverage;
  gapCount: number;
  /** The print version's pages beyond `print/`: none when the whole spec is printed on one page. */
  print: PrintPart[];
  /** The spec's readiness levels; undefined only in `npm run dev` before the spec was first read without errors. */
  readiness?: ReadinessView;
};

/** The nine areas in order, as the loader stored them. */
export async function loadSite(): Promise<Site> {
  const areas = (await getCollection('areas')).map((e) => e.data).sort((a, b) => a.number - b.number);
  const meta = await loadMeta();
  return { service: meta.service, areas, coverage: sumCoverage(areas.map((a) => a.coverage)), gapCount: areas.reduce((n, a) => n + a.gapCount, 0), print: meta.print, ...(meta.readiness ? { readiness: meta.readiness } : {}) };
}

/** The service's name and base address, and the problems `npm run dev` shows on every page. */
export async function loadMeta(): Promise<SiteMeta> {
  return (await getEntry('site', SITE))?.data ?? { service: {}, print: [], downloads: [] };
}

/** The pages of an area's items, in the area's order: all of them, or those from `from` up to `to`. */
export async function loadItems(area: AreaSummary, from = 0, to = area.items.length): Promise<ItemView[]> {
  const items = await Promise.all(area.items.slice(from, to).map((i) => getEntry('items', `${area.key}/${i.id}`)));
  return items.flatMap((entry) => (entry ? [entry.data] : []));
}

/** A site-internal link that respects the configured base path; `path` comes from the core's `paths.ts`. */
export function href(path: string): string {
  const base = import.meta.env.BASE_URL.replace(/\/$/, '');
  return `${base}/${path.replace(/^\//, '')}`;
}

/** The site's absolute address with its base path and a final slash, when `site` is configured (`SITE_URL`). */
export function absoluteBase(site: URL | undefined): string | undefined {
  return site === undefined ? undefined : new URL(`${import.meta.env.BASE_URL.replace(/\/?$/, '/')}`, site).href;
}

/** The gap history and its chart, as the history loader stored them. */
export async function loadHistory(): Promise<History> {
  return (await getEntry('history', 'history'))?.data ?? { points: [], note: 'No history.' };
}

/** What each commit that touched the spec changed, as the changelog loader stored it. */
export async function loadChangelog(): Promise<ChangelogData> {
  return (await getEntry('changelog', 'changelog'))?.data ?? { entries: [], note: 'No history.' };
}

/** The files a build publishes for download (none in `npm run dev`), with their text. */
export async function loadDownloads(): Promise<Array<Download & { file: string }>> {
  const { downloads } = await loadMeta();
  const entries = await Promise.all(downloads.map(async ({ file }) => ({ file, entry: await getEntry('downloads', file) })));
  return entries.flatMap(({ file, entry }) => (entry ? [{ file, ...entry.data }] : []));
}

/** One item's page data; an item the area lists always has one. */
export async function loadItem(area: string, id: string): Promise<ItemView> {
  const entry = await getEntry('items', `${area}/${id}`);
  if (!entry) throw new Error(`No page data for item ${area}/${id}.`);
  return entry.data;
}

// The links each edit URL allows, derived once (a page at GitHub scale shows hundreds of gaps).
const derived = new Map<string, SourceLinks | undefined>();

/** A gap's links to its file (at its line, in the editor, or to create it), when the spec says where its repository is. */
export async function loadGapLinks(source: GapSource | undefined): Promise<GapLinks> {
  if (!source) return {};
  const { sources } = await loadMeta();
  if (!sources) return {};
  if (!derived.has(sources.editUrl)) derived.set(sources.editUrl, sourceLinks(sources.editUrl));
  const links = derived.get(sources.editUrl);
  return links ? gapLinks(links, sources, source) : {};
}
