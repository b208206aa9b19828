import { getCollection } from 'astro:content';
import { sumCoverage, type GapHistory, type SiteModel } from '../lib/index.ts';

/** The nine areas in order, as the loader stored them. */
export async function loadSite(): Promise<SiteModel> {
  const areas = (await getCollection('areas')).map((e) => e.data).sort((a, b) => a.number - b.number);
  const coverage = sumCoverage(areas.map((a) => a.coverage));
  return { areas, coverage, gapCount: areas.reduce((n, a) => n + a.gapCount, 0) };
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
