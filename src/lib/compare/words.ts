import { compareStrings } from '../diagnostics/diagnostic.ts';
import { canonical } from '../diff/canonical.ts';
import { isNoneValue, isObj } from '../facet/state.ts';
import type { FacetResult } from '../gaps/types.ts';

/** The longest value a mark shows: a mark says what changed, the page around it shows the whole. */
export const MARK_WORDS_MAX = 240;

const clip = (text: string) => (text.length > MARK_WORDS_MAX ? `${text.slice(0, MARK_WORDS_MAX - 1)}…` : text);

const scalar = (v: unknown): v is string | number | boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** A value as a mark shows it: words, or code (a structure, as JSON with sorted keys), or Markdown prose (rendered where it is shown). */
export type Words = { text: string; form?: 'code' | 'prose' };

/**
 * Text a list joined with ", " would not tell apart: one holding the separator (`"EUR, USD"` is
 * one value), empty or blank-edged, or reading as a number, a truth value or null (`"1"` and `1`).
 */
const ambiguous = (x: string | number | boolean) => typeof x === 'string' && (x.includes(',') || x === '' || x.trim() !== x || /^(true|false|null|-?\d+(\.\d+)?([eE][+-]?\d+)?)$/.test(x));

/**
 * A value in a few words: a plain value as written, a list of plain values joined, anything else
 * as JSON with sorted keys, shown as code (the same value always reads the same). A list whose
 * items joined would read as other items (`ambiguous`) is written as a list, as JSON.
 */
export function plainWords(v: unknown): Words {
  if (scalar(v)) return { text: clip(String(v)) };
  if (v === null) return { text: 'null', form: 'code' };
  if (Array.isArray(v) && v.every(scalar) && !v.some(ambiguous)) return { text: clip(v.map(String).join(', ')) };
  return { text: clip(canonical(v) ?? ''), form: 'code' };
}

/**
 * A stated facet's value for a mark's "before -> after": the words its area's module gives, prose
 * as its Markdown (the page renders it), else `plainWords`. Undefined for a gap.
 */
export function valueWords(facet: FacetResult): Words | undefined {
  if (facet.state === 'none') return { text: clip(`none: ${isNoneValue(facet.value) ? facet.value.none : ''}`) };
  if (facet.state !== 'stated') return undefined;
  if (facet.shown !== undefined) return { text: clip(facet.shown) };
  if (facet.prose && typeof facet.value === 'string') return { text: facet.value, form: 'prose' };
  return plainWords(facet.value);
}

/** A structure's keys whose values differ, each before and after in words; none when either side is not a structure. */
export function changedKeys(before: unknown, after: unknown): Array<{ key: string; before?: Words; after?: Words }> | undefined {
  const object = (v: unknown) => isObj(v) && !isNoneValue(v) && !('open' in v);
  if (!object(before) || !object(after)) return undefined;
  const [b, a] = [before as Record<string, unknown>, after as Record<string, unknown>];
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].sort(compareStrings);
  return keys
    .filter((k) => canonical(Object.hasOwn(b, k) ? b[k] : undefined) !== canonical(Object.hasOwn(a, k) ? a[k] : undefined))
    .map((k) => ({ key: k, ...(Object.hasOwn(b, k) ? { before: plainWords(b[k]) } : {}), ...(Object.hasOwn(a, k) ? { after: plainWords(a[k]) } : {}) }));
}

/** What a closed gap's mark says of why it closed with nothing stated. */
const CLOSED_BECAUSE = {
  settings: 'closed in this change: specbench.yaml no longer asks for it',
  removed: 'closed in this change: what held it was removed',
  inapplicable: 'closed in this change: it no longer applies',
} as const;

/**
 * What a mark did, in the words both the mark and the page's box say (one wording for both): a
 * value with nothing before is added, one with nothing after removed, a gap stated, opened or
 * closed (and why). `short` leaves out "in this change", for the box, which says it once.
 */
export function markWord(
  c: { kind: string; reason?: keyof typeof CLOSED_BECAUSE; before?: string; after?: string; beforeHtml?: string; afterHtml?: string },
  short = false,
): string {
  const [hasBefore, hasAfter] = [c.before !== undefined || c.beforeHtml !== undefined, c.after !== undefined || c.afterHtml !== undefined];
  const verb =
    c.kind === 'closed'
      ? CLOSED_BECAUSE[c.reason ?? 'inapplicable']
      : c.kind === 'removed' || c.kind === 'stated' || c.kind === 'opened'
        ? c.kind
        : hasBefore && !hasAfter
          ? 'removed'
          : !hasBefore && hasAfter
            ? 'added'
            : 'changed';
  return short ? verb.replace(' in this change', '') : c.kind === 'closed' ? verb : `${verb} in this change`;
}
