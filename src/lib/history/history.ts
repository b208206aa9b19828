import type { Analysis } from '../analyze.ts';
import { AREA_KEYS, type AreaKey } from '../areas/index.ts';
import type { SpecCommit } from '../load/read-git.ts';

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

/** What the spec was just before a commit, as far as the repository can tell. */
export type SpecBefore =
  /** The spec at the commit before (the previous one that touched it, or the parent of the oldest in reach). */
  | { kind: 'previous'; analysis: Analysis }
  /** No spec before: the commit made the spec folder (or is the repository's first). */
  | { kind: 'empty'; analysis: Analysis }
  /** Not known: the oldest commit of a shallow clone, whose parents were not fetched. */
  | { kind: 'unknown' };

/** One commit that touched the spec, analysed, and what came before it. */
export interface HistoryStep {
  commit: SpecCommit;
  analysis: Analysis;
  before: SpecBefore;
}
