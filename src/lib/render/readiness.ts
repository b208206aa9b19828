import { counted } from '../facet/words.ts';
import type { Readiness } from '../gaps/levels.ts';

/** How many blocking gap ids a sentence lists before it says how many more there are. */
export const BLOCKING_SHOWN = 50;

/** The first `cap` of a list, and how many are left out. */
export function capped<T>(list: readonly T[], cap = BLOCKING_SHOWN): { shown: T[]; more: number } {
  return { shown: list.slice(0, cap), more: Math.max(0, list.length - cap) };
}

/** "level build reached", "no level reached yet". */
export function reachedWords(r: Pick<Readiness, 'reached'>): string {
  return r.reached === undefined ? 'no level reached yet' : `level ${r.reached} reached`;
}

/**
 * Where the spec stands, in one sentence, the same in every output; `show` writes a gap id for the
 * output (a code span, a terminal-safe string). Level names are slugs and need no escaping.
 */
export function readinessSentence(r: Readiness, show: (id: string) => string, cap = BLOCKING_SHOWN): string {
  const head = `Readiness: ${reachedWords(r)}`;
  if (!r.next) return `${head}, the last level.`;
  const { count, list } = blockingWords(r.next.blocking, show, cap);
  return `${head}; ${count} between ${r.reached === undefined ? 'the spec' : 'it'} and ${r.next.name}: ${list}.`;
}

/**
 * The gaps in a level's way, in the same words wherever they are said: "3 gaps stand", and their
 * ids, the first `cap` of them and then how many more (`more` says what lists the rest).
 */
export function blockingWords(gaps: ReadonlyArray<{ id: string }>, show: (id: string) => string, cap = BLOCKING_SHOWN, more = ''): { count: string; list: string } {
  const { shown, more: left } = capped(gaps, cap);
  return {
    count: `${counted(gaps.length, 'gap')} ${gaps.length === 1 ? 'stands' : 'stand'}`,
    list: `${shown.map((g) => show(g.id)).join(', ')}${left > 0 ? ` and ${left} more${more}` : ''}`,
  };
}

/** Every level with its state: "design-review reached; build 3 open gaps; publish 22 open gaps". */
export function levelsSummary(r: Readiness): string {
  return r.levels.map((l) => (l.reached ? `${l.name} reached` : `${l.name} ${counted(l.open.length, 'open gap')}`)).join('; ');
}
