
import { sumCoverage, type Assessment, type Coverage, type FacetResult } from '../gaps/types.ts';
import { AREAS, type AreaKey } from '../areas/index.ts';
import { readiness, type Level, type Readiness } from '../gaps/levels.ts';
import { counted, listWords } from '../facet/words.ts';

/** One area of the gap report. */
export interface AreaReport {
  number: number;
  key: AreaKey;
  title: string;
  covers: string;
  coverage: Coverage;
  gaps: FacetResult[];
}

/** The gap report every output is rendered from: nine areas in order, with totals. */
export interface GapReport {
  areas: AreaReport[];
  coverage: Coverage;
  gapCount: number;
  /** Where the whole spec stands on its levels (whatever the filter). */
  readiness: Readiness;
}

/** Groups the assessment's gaps by area, optionally only those owned by `owner`, with the spec's readiness on `levels`. */
export function gapReport(assessment: Pick<Assessment, 'gaps' | 'byArea'>, levels: readonly Level[], filter: { owner?: string } = {}): GapReport {
  const keep = (g: FacetResult) => filter.owner === undefined || g.owner === filter.owner;
  const areas = AREAS.map((def, index) => ({
    number: index + 1,
    key: def.key,
    title: def.title,
    covers: def.covers,
    coverage: assessment.byArea[def.key],
    gaps: assessment.gaps.filter((g) => g.area === def.key && keep(g)),
  }));
  const coverage = sumCoverage(areas.map((a) => a.coverage));
  return { areas, coverage, gapCount: areas.reduce((n, a) => n + a.gaps.length, 0), readiness: readiness(assessment.gaps, levels) };
}

/**
 * How much of the spec is stated, in the words every output uses: the open gaps, the facets stated,
 * and apart from them the areas that state anything yet, naming those that state nothing, so a
 * high share of facets never reads as nearly done while whole areas are empty (an empty area names
 * only its list, one facet). Without gaps: "No open gaps: every facet is stated".
 */
export function coverageSentence(report: { gapCount: number; coverage: Coverage; areas: ReadonlyArray<{ title: string; coverage: Coverage }> }): string {
  if (report.gapCount === 0) return `No open gaps: every facet is stated (${showCoverage(report.coverage)})`;
  const empty = report.areas.filter((a) => a.coverage.stated === 0);
  const areas = `${report.areas.length - empty.length} of ${report.areas.length} areas state anything yet`;
  const none = empty.length === 0 || empty.length === report.areas.length ? '' : ` (nothing in ${listWords(empty.map((a) => a.title))})`;
  return `${counted(report.gapCount, 'open gap')}; ${showCoverage(report.coverage)} of facets stated; ${areas}${none}`;
}

/** `3/10 (30%)`; an area with nothing to count is shown as fully stated. */
export function showCoverage(c: Coverage): string {
  return `${c.stated}/${c.total} (${percent(c)}%)`;
}

export function percent(c: Coverage): number {
  return c.total === 0 ? 100 : Math.floor((c.stated * 100) / c.total);
}

/** How a gap's state reads, the same in every output: "open", "missing", "empty", "placeholder `{base_url}`". */
export function showState(g: FacetResult): string {
  return g.state === 'placeholder' ? `placeholder \`${String(g.value)}\`` : g.state;
}
