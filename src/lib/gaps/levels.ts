import picomatch from 'picomatch';
import { AREAS } from '../areas/index.ts';
import { possibleFacetFields } from '../facet/define.ts';
import { GLOB_OPTIONS } from './id-grammar.ts';
import type { Level, Spec } from '../model/spec.ts';
import type { FacetResult } from './types.ts';

export type { Level };


/** Every area's inventory facets (`resources/inventory`, `limits/quotas`...), as the area modules mark them. */
const INVENTORIES = AREAS.flatMap((module) => possibleFacetFields(module.schema).filter((f) => f.meta.inventory).map((f) => `${module.key}/${f.key}`));

/**
 * The levels a spec has when `specbench.yaml` declares none: `design-review` (the purpose and every
 * area's inventory), `build` (also resources, endpoints, errors and authentication), `publish` (everything).
 */
export const DEFAULT_LEVELS: readonly Level[] = [
  { name: 'design-review', close: ['purpose/**', ...INVENTORIES] },
  { name: 'build', close: ['resources/**', 'endpoints/**', 'errors/**', 'authentication/**'] },
  { name: 'publish', close: ['**'] },
];

/** The levels a spec is measured against: those its `specbench.yaml` declares, else the default ones. */
export function levelsOf(spec: Spec): readonly Level[] {
  return spec.config.levels ?? DEFAULT_LEVELS;
}

/** One level as a spec stands: the open gaps in its way (its own and every earlier level's). */
export interface LevelStatus {
  name: string;
  reached: boolean;
  open: FacetResult[];
}

/** Where a spec stands on its levels: the highest reached, and what stands between it and the next. */
export interface Readiness {
  /** The highest level reached; undefined when not even the first is. */
  reached?: string;
  levels: LevelStatus[];
  /** The first level not reached, and the gaps that stand in its way; undefined when the last is reached. */
  next?: { name: string; blocking: FacetResult[] };
}

/** Levels are cumulative: reaching one means every gap a pattern of it or of an earlier level matches is closed. */
export function readiness(gaps: readonly FacetResult[], levels: readonly Level[]): Readiness {
  let remaining = [...gaps];
  let open: FacetResult[] = [];
  const statuses = levels.map((level): LevelStatus => {
    const matches = picomatch([...level.close], GLOB_OPTIONS);
    open = [...open, ...remaining.filter((g) => matches(g.id))];
    remaining = remaining.filter((g) => !matches(g.id));
    return { name: level.name, reached: open.length === 0, open: sortedByOrder(open, gaps) };
  });
  const reached = statuses.filter((s) => s.reached).at(-1)?.name;
  const next = statuses.find((s) => !s.reached);
  return { ...(reached !== undefined ? { reached } : {}), levels: statuses, ...(next ? { next: { name: next.name, blocking: next.open } } : {}) };
}

/** The gaps in the report's order (the nine-part order), whichever level took them first. */
function sortedByOrder(list: readonly FacetResult[], order: readonly FacetResult[]): FacetResult[] {
  const keep = new Set(list);
  return order.filter((g) => keep.has(g));
}
