import { canonical } from '../diff/canonical.ts';
import { isNoneValue } from '../facet/state.ts';
import type { FacetResult } from '../gaps/types.ts';

/** The longest value a mark shows: a mark says what changed, the page around it shows the whole. */
export const MARK_WORDS_MAX = 240;

const clip = (text: string) => (text.length > MARK_WORDS_MAX ? `${text.slice(0, MARK_WORDS_MAX - 1)}…` : text);

const scalar = (v: unknown): v is string | number | boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/**
 * A stated facet's value in a few words, for a mark's "before -> after": the words its area's
 * module gives, a plain value as written, a list of plain values joined, anything else as JSON
 * with sorted keys (the same value always reads the same). Undefined for a gap.
 */
export function valueWords(facet: FacetResult): string | undefined {
  if (facet.state === 'none') return clip(`none: ${isNoneValue(facet.value) ? facet.value.none : ''}`);
  if (facet.state !== 'stated') return undefined;
  if (facet.shown !== undefined) return clip(facet.shown);
  const v = facet.value;
  if (scalar(v)) return clip(String(v));
  if (Array.isArray(v) && v.every(scalar)) return clip(v.map(String).join(', '));
  return clip(canonical(v) ?? '');
}
