import { isObj } from '../facet/state.ts';

/* Plain JSON values compared and stepped, with nothing of the areas' schemas: the mock's body thread loads these alone. */

/** A JSON value as one text, the same for equal values whatever the order of their keys. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isObj(value)) return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/**
 * Whether a number is a multiple of a step within rounding: 0.3 is a multiple of 0.1 and 0.07 of
 * 0.01, though 0.3 / 0.1 is 2.9999999999999996 and 0.07 / 0.01 is 7.000000000000001. One rule for
 * every check of a value (an example here, a request in the mock).
 */
export function isMultipleOf(v: number, step: number): boolean {
  const q = v / step;
  return Math.abs(q - Math.round(q)) <= 1e-9 * Math.max(1, Math.abs(q));
}
