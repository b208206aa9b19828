import { isJsonMedia } from '../render/media-example.ts';

/**
 * Media types as the mock negotiates them: a stated type (or range, `image/*`, `*∕*`) against what
 * a request sends or accepts.
 */

/** The essence of a media type, lowercased: `application/json; charset=utf-8` is `application/json`. */
export const essence = (type: string): string => type.split(';')[0]?.trim().toLowerCase() ?? '';

/** Whether two media types (either may be a range) can be the same type. */
export function mediaMatches(a: string, b: string): boolean {
  const [x, y] = [essence(a), essence(b)];
  if (x === y || x === '*/*' || y === '*/*') return true;
  const [xt, xs] = x.split('/');
  const [yt, ys] = y.split('/');
  return xt === yt && (xs === '*' || ys === '*');
}

/** The ranges of an `Accept` header with their weights, in the order written; `q=0` ranges are refused types. */
function accepted(accept: string): Array<{ range: string; q: number }> {
  return accept
    .split(',')
    .map((part) => {
      const [range = '', ...params] = part.split(';').map((s) => s.trim());
      const q = params.map((p) => /^q=([0-9.]+)$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { range, q: q === undefined ? 1 : Number(q) };
    })
    .filter((a) => a.range !== '' && Number.isFinite(a.q));
}

/**
 * The stated media type to answer in: the first stated type the most wanted range of `Accept`
 * takes (a JSON type first, then stated order), or the first JSON type (else the first type) when
 * nothing is asked for; undefined
 * when the client accepts none of them.
 */
export function negotiate(types: readonly string[], accept: string | undefined): string | undefined {
  if (types.length === 0) return undefined;
  // Where the client leaves the choice to the mock (no `Accept`, or a range several stated types
  // fall in, `*/*`), a JSON type comes first: a vendor type listed first (GitHub's
  // `application/vnd.github.object` before `application/json`) made every default answer a 501.
  const pick = (hits: readonly string[]) => hits.find((t) => isJsonMedia(essence(t))) ?? hits[0];
  if (accept === undefined || accept.trim() === '') return pick(types);
  const ranges = accepted(accept);
  const refused = (t: string) => ranges.some((r) => r.q === 0 && essence(r.range) === essence(t));
  const wanted = ranges.filter((r) => r.q > 0).sort((a, b) => b.q - a.q);
  for (const r of wanted) {
    const hit = pick(types.filter((t) => mediaMatches(t, r.range) && !refused(t)));
    if (hit !== undefined) return hit;
  }
  return undefined;
}
