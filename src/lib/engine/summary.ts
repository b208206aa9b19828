import { createHash } from 'node:crypto';
import type { AreaKey } from '../areas/index.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { levelsOf, type Level } from '../gaps/levels.ts';
import type { Coverage, FacetResult } from '../gaps/types.ts';
import type { SpecFile } from '../load/read-dir.ts';
import type { Analysis } from './engine.ts';

/**
 * What `check` and `gaps` say of a spec, and all they need to say it: its diagnostics, its gaps
 * with the coverage of each area, and its readiness levels. Plain data: kept whole between runs,
 * it answers again for the same files without putting the spec together.
 */
export interface Summary {
  diagnostics: Diagnostic[];
  gaps: FacetResult[];
  byArea: Record<AreaKey, Coverage>;
  levels: readonly Level[];
}

export function summarize(analysis: Analysis): Summary {
  return { diagnostics: analysis.diagnostics, gaps: analysis.assessment.gaps, byArea: analysis.assessment.byArea, levels: levelsOf(analysis.spec) };
}

/** What names a spec folder's files as they are now (their paths, bytes and what kept any from being read): the same files, the same name. */
export function specKey(files: readonly SpecFile[]): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    hash.update(file.path).update('\u0000');
    if (file.bytes) hash.update(createHash('sha256').update(file.bytes).digest());
    else hash.update(file.problem ? `${file.problem.code}\u0000${file.problem.message}` : '-');
    hash.update('\u0001');
  }
  return hash.digest('base64url').slice(0, 32);
}
