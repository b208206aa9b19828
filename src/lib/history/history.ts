import type { Analysis } from '../analyze.ts';
import { AREA_KEYS, type AreaKey } from '../areas/index.ts';

/** The gaps of the spec at one commit. */
export type HistoryPoint = {
  sha: string;
  date: string;
  subject: string;
  gaps: Record<AreaKey, number>;
  total: number;
  /** Errors the spec had at that commit (its gap counts are then as far as it could be read). */
  errors: number;
};

/** Gap counts over the commits that touched the spec, oldest first. */
export type GapHistory = {
  points: HistoryPoint[];
  /** How far back the history could see, in words. */
  note: string;
};

/** One commit's gap counts, per area. */
export function historyPoint(commit: { sha: string; date: string; subject: string }, analysis: Analysis): HistoryPoint {
  const gaps = Object.fromEntries(AREA_KEYS.map((k) => [k, 0])) as Record<AreaKey, number>;
  for (const g of analysis.assessment.gaps) gaps[g.area]++;
  return { ...commit, gaps, total: analysis.assessment.gaps.length, errors: analysis.diagnostics.filter((d) => d.severity === 'error').length };
}
