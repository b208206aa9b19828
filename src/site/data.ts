import { getCollection } from 'astro:content';
import { facetPath, sumCoverage, type AreaView, type GapHistory, type SiteModel } from '../lib/index.ts';

export { facetAnchor } from '../lib/index.ts';

/** The nine areas in order, as the loader stored them. */
export async function loadSite(): Promise<SiteModel> {
  const entries = await getCollection('areas');
  const areas = entries.map((e) => e.data as unknown as AreaView).sort((a, b) => a.number - b.number);
  const coverage = sumCoverage(areas.map((a) => a.coverage));
  return { areas, coverage, gapCount: areas.reduce((n, a) => n + a.gapCount, 0) };
}

/** A site-internal link that respects the configured base path. */
export function href(path: string): string {
  const base = import.meta.env.BASE_URL.replace(/\/$/, '');
  return `${base}/${path.replace(/^\//, '')}`;
}

/** Where a facet is shown, by its id. */
export function facetHref(id: string): string {
  return href(facetPath(id));
}


/** The gap history and its chart, as the history loader stored them. */
export async function loadHistory(): Promise<GapHistory & { svg?: string }> {
  const [entry] = await getCollection('history');
  return (entry?.data as unknown as GapHistory & { svg?: string }) ?? { points: [], note: 'No history.' };
}
