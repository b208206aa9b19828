import { createHash } from 'node:crypto';
import { z } from 'zod';
import { AREA_KEYS, type AreaKey } from '../areas/index.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { levelsOf, type Level } from '../gaps/levels.ts';
import type { Coverage, FacetResult } from '../gaps/types.ts';
import type { SpecFile } from '../load/read-dir.ts';
import type { Analysis } from './engine.ts';
import { coverageSchema, diagnosticSchema, facetResultSchema } from './file-result.ts';

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

/** A summary's shape, every field of it and nothing else: one read back from a cache is used only when it has it. */
const summarySchema: z.ZodType<Summary> = z.strictObject({
  diagnostics: z.array(diagnosticSchema),
  gaps: z.array(facetResultSchema),
  // Every area's coverage, none missing.
  byArea: z.record(z.enum(AREA_KEYS), coverageSchema),
  levels: z.array(z.strictObject({ name: z.string(), close: z.array(z.string()) })),
});

/** A value read back from a cache as a summary, as it is (its keys in the order written), when it has a summary's shape and nothing else; undefined for anything else. */
export function parseSummary(value: unknown): Summary | undefined {
  return isSummary(value) ? value : undefined;
}

function isSummary(value: unknown): value is Summary {
  return summarySchema.safeParse(value).success;
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
