import type { z } from 'zod';

/**
 * The ground floor: what state a facet is in. Every other part of the core asks here, so the
 * rules that keep the gap count honest have one home.
 */

/** A parsed YAML mapping. */
export type Obj = Record<string, unknown>;

/** True for a plain mapping. */
export function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value a mapping holds under its own key: names from the spec never reach a prototype. */
export function own(obj: unknown, key: string): unknown {
  return isObj(obj) && Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/** A whole-value placeholder such as `{base_url}`: stated as a placeholder, still a gap. */
export const PLACEHOLDER = /^\{[A-Za-z_][A-Za-z0-9_.-]*\}$/;

/** Keys an open facet may have; a mapping with others is a stated value (a field named `open`, say). */
const OPEN_KEYS: ReadonlySet<string> = new Set(['open', 'owner', 'link', 'blocked_by']);

/** `{ none: reason }` and nothing else. */
export function isNoneValue(value: unknown): value is { none: string } {
  return isObj(value) && typeof value.none === 'string' && Object.keys(value).length === 1;
}

/** `{ open: true | question, owner?, link?, blocked_by? }` and nothing else. */
export function isOpenValue(value: unknown): value is { open: true | string; owner?: string; link?: string; blocked_by?: string[] } {
  return isObj(value) && (value.open === true || typeof value.open === 'string') && Object.keys(value).every((k) => OPEN_KEYS.has(k));
}

/**
 * Every facet is in exactly one of these:
 * - `stated`: a value is given; `none`: stated as absent, with the reason (closes the gap);
 * - `open`: marked open on purpose; `missing`: not written at all;
 * - `placeholder`: a whole value such as `{base_url}`, stated as a placeholder and still a gap;
 * - `empty`: written as `[]` or `{}`, which says nothing: a gap until someone states the entries or none.
 */
export type FacetState = 'stated' | 'none' | 'open' | 'missing' | 'placeholder' | 'empty';

/** States that count as a gap. */
export const GAP_STATES: ReadonlySet<FacetState> = new Set(['open', 'missing', 'placeholder', 'empty']);

/** `[]` or `{}`: written, but says nothing. */
export function isEmptyList(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  if (!isObj(value)) return false;
  // The first own key settles it: no array of every key of a large mapping is built.
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

export function facetState(value: unknown): FacetState {
  if (value === undefined || value === null) return 'missing';
  if (isNoneValue(value)) return 'none';
  if (isOpenValue(value)) return 'open';
  if (typeof value === 'string' && PLACEHOLDER.test(value)) return 'placeholder';
  // An empty list is not "none": nothing is stated until someone says there is nothing.
  if (isEmptyList(value)) return 'empty';
  return 'stated';
}

/**
 * The state of a facet whose value is data (a default): `null`, `[]` and `{}` are values it
 * states (a list that defaults to empty), not a facet left unwritten or an empty list of entries.
 */
export function dataState(value: unknown): FacetState {
  if (value === null) return 'stated';
  const state = facetState(value);
  return state === 'empty' ? 'stated' : state;
}

/** The value of a data facet (a default) when it is stated, `null`, `[]` and `{}` among them; else undefined. */
export function statedData(value: unknown): unknown {
  return dataState(value) === 'stated' ? value : undefined;
}

/** Whether a facet in this state is a gap (open, missing, a placeholder or empty). */
export function isGap(state: FacetState): boolean {
  return GAP_STATES.has(state);
}

/** Stated or stated as none: the facet is closed. */
export function isClosed(value: unknown): boolean {
  const state = facetState(value);
  return state === 'stated' || state === 'none';
}

/** Stated or stated as none, a data facet's value (`dataState`) read as such. */
export function closedAs(value: unknown, data: boolean): boolean {
  const state = data ? dataState(value) : facetState(value);
  return state === 'stated' || state === 'none';
}

/** What a facet value is once it is stated: not `{ none }`, `{ open }`, a placeholder or absent. */
export type Stated<F> = Exclude<F, { none: string } | { open: true | string } | Placeholder | undefined | null>;

/** The type of a whole-value placeholder, told apart from other strings (zod's brand, as `placeholderSchema` infers it). */
export type Placeholder = string & z.$brand<'placeholder'>;

/** The value of a facet when it is stated, else undefined (an empty list is a gap, not a statement). */
export function stated<F>(value: F): Stated<F> | undefined {
  return facetState(value) === 'stated' ? (value as Stated<F>) : undefined;
}

/** The stated mapping at a facet, when it is one. */
export function statedObj(value: unknown): Obj | undefined {
  const s = stated(value);
  return isObj(s) ? s : undefined;
}
