import { isNoneValue, isObj, isOpenValue } from '../model/facet-def.ts';

export { isNoneValue, isOpenValue };
import { PLACEHOLDER } from '../schema/facet.ts';

/**
 * Every facet is in exactly one of these. `placeholder` is stated as a placeholder such as
 * `{base_url}`: shown as such, and still a gap for its concrete value.
 */
export type FacetState = 'stated' | 'none' | 'open' | 'missing' | 'placeholder';

/** States that count as a gap. */
export const GAP_STATES: ReadonlySet<FacetState> = new Set(['open', 'missing', 'placeholder']);

export function facetState(value: unknown): FacetState {
  if (value === undefined || value === null) return 'missing';
  if (isNoneValue(value)) return 'none';
  if (isOpenValue(value)) return 'open';
  if (typeof value === 'string' && PLACEHOLDER.test(value)) return 'placeholder';
  // An empty list is not "none": nothing is stated until someone says there is nothing.
  if (isEmptyList(value)) return 'missing';
  return 'stated';
}

/** Whether a facet in this state is a gap (open, missing or a placeholder). */
export function isGap(state: FacetState): boolean {
  return GAP_STATES.has(state);
}

/** Stated or stated as none: the facet is closed. */
export function isClosed(value: unknown): boolean {
  const state = facetState(value);
  return state === 'stated' || state === 'none';
}

/** `[]` or `{}`: written, but says nothing. */
export function isEmptyList(value: unknown): boolean {
  return (Array.isArray(value) && value.length === 0) || (isObj(value) && Object.keys(value).length === 0);
}
