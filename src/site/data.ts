import { getCollection, getEntry } from 'astro:content';
import { sumCoverage, type AreaView, type GapHistory, type SiteModel } from '../lib/index.ts';
import { DOWNLOADS, META, type Downloads, type SiteMeta } from './spec-loader.ts';

/** The nine areas in order, as the loader stored them. */
export async function loadSite(): Promise<SiteModel> {
  const entries = await getCollection('areas');
  const areas = entries.flatMap((e) => (e.id === META || e.id === DOWNLOADS ? [] : [e.data as AreaView])).sort((a, b) => a.number - b.number);
  const coverage = sumCoverage(areas.map((a) => a.coverage));
  const meta = await loadMeta();
  return { service: meta.service, areas, coverage, gapCount: areas.reduce((n, a) => n + a.gapCount, 0) };
}

/** The service's name and base address, and the problems `npm run dev` shows on every page. */
export async function loadMeta(): Promise<SiteMeta> {
  const entry = await getEntry('areas', META);
  return (entry?.data as SiteMeta | undefined) ?? { service: {} };
}

/** A site-internal link that respects the configured base path; `path` comes from the core's `paths.ts`. */
export function href(path: string): string {
  const base = import.meta.env.BASE_URL.replace(/\/$/, '');
  return `${base}/${path.replace(/^\//, '')}`;
}

/** The gap history and its chart, as the history loader stored them. */
export async function loadHistory(): Promise<GapHistory & { svg?: string }> {
  const [entry] = await getCollection('history');
  return entry?.data ?? { points: [], note: 'No history.' };
}

/** The files a build publishes for download (none in `npm run dev`). */
export async function loadDownloads(): Promise<Downloads['files']> {
  const entry = await getEntry('areas', DOWNLOADS);
  return (entry?.data as Downloads | undefined)?.files ?? [];
}
