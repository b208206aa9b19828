import RandExp from 'randexp';

/**
 * Strings a pattern matches, made by randexp's walk of the pattern with every choice fixed, not
 * drawn (t32t S6: Lucidtech's `^(|las:organization:[a-z0-9-_]+/)las:model:[a-z0-9-_]+$`, a
 * top-level `|`, a class with escapes, got a placeholder the pattern rejects, sent by every code
 * sample): the same pattern makes the same strings on every run. Each repetition takes its least
 * count (`grow` more where a minimum length asks for it), each alternative the first (or the
 * last), each class its first letter, else digit, else capital, else its first printable
 * character other than a space. What it makes is only a candidate: the caller keeps the first the
 * pattern itself (as JavaScript reads it) and the stated lengths accept.
 */
class Fixed extends RandExp {
  private depth = 0;
  private readonly grow: number;
  private readonly last: boolean;

  constructor(pattern: string, grow: number, last: boolean) {
    super(pattern);
    this.grow = grow;
    this.last = last;
    // The most a `*` or `+` takes past its least: `randInt` then takes `grow` of it.
    this.max = grow;
  }

  override randInt(a: number, b: number): number {
    return Math.min(b, a + this.grow);
  }

  override _randBool(): boolean {
    return false;
  }

  override _randSelect<T>(arr: T[]): T {
    return arr[this.last ? arr.length - 1 : 0] as T;
  }

  // A class's characters narrowed to the one it is written as (only at the class itself: a negated class subtracts its parts whole).
  override _expand(token: Parameters<RandExp['_expand']>[0]): ReturnType<RandExp['_expand']> {
    this.depth += 1;
    try {
      const all = super._expand(token);
      if (this.depth > 1 || all.length === 0) return all;
      for (const [from, to] of PREFERRED) {
        for (let c = from.charCodeAt(0); c <= to.charCodeAt(0); c++) {
          const one = all.clone().intersect(c);
          if (one.length > 0) return one;
        }
      }
      for (let i = 0; i < Math.min(all.length, 256); i++) {
        const c = all.index(i);
        if (c > 32) return all.clone().intersect(c);
      }
      return all;
    } finally {
      this.depth -= 1;
    }
  }

  /** The length the fixed walk makes (an upper bound), without making it: a pattern such as `^a{60000000}$` is not walked. */
  length(): number {
    const tokens = (this as unknown as { tokens: Token }).tokens;
    const size = (t: Token): number => {
      switch (t.type) {
        case 0:
        case 1: {
          if (t.followedBy === true || t.notFollowedBy === true) return 0;
          const stack = t.options ? this._randSelect(t.options) : (t.stack ?? []);
          return stack.reduce((n, s) => n + size(s), 0);
        }
        case 5:
          return this.randInt(t.min ?? 0, t.max === Infinity ? (t.min ?? 0) + this.max : (t.max ?? 0)) * (t.value ? size(t.value) : 0);
        case 3:
        case 7:
          return 1;
        default:
          // A back-reference repeats a group: at most the whole pattern's length again.
          return t.type === 6 ? 1_000_000 : 0;
      }
    };
    return size(tokens);
  }

  /**
   * The steps the fixed walk takes (each token it visits, each turn of a repetition), without
   * taking them: a pattern such as `^((((a|b){0}){1000}){1000}){1000}c$` makes nothing long but
   * walks a thousand million times (r14 H2), so its length alone does not bound it.
   */
  steps(): number {
    const tokens = (this as unknown as { tokens: Token }).tokens;
    const cost = (t: Token): number => {
      switch (t.type) {
        case 0:
        case 1: {
          if (t.followedBy === true || t.notFollowedBy === true) return 1;
          const stack = t.options ? this._randSelect(t.options) : (t.stack ?? []);
          return stack.reduce((n, s) => n + cost(s), 1);
        }
        case 5:
          return 1 + this.randInt(t.min ?? 0, t.max === Infinity ? (t.min ?? 0) + this.max : (t.max ?? 0)) * (t.value ? cost(t.value) : 0);
        default:
          return 1;
      }
    };
    return cost(tokens);
  }
}

/** The most steps a fixed walk of a pattern may take (`steps`): a walk of a stated pattern of any use is a few thousand. */
const STEPS = 200_000;

/** ret's tokens, as far as `length` reads them (ROOT 0, GROUP 1, SET 3, REPETITION 5, REFERENCE 6, CHAR 7). */
type Token = { type: number; stack?: Token[]; options?: Token[][]; followedBy?: boolean; notFollowedBy?: boolean; min?: number; max?: number; value?: Token };

/** The characters a class is shown by, in this order of ranges. */
const PREFERRED: ReadonlyArray<readonly [string, string]> = [
  ['a', 'z'],
  ['0', '9'],
  ['A', 'Z'],
];

/**
 * The strings made for a pattern, shortest first, at most `limit` characters each: with nothing
 * grown and the first alternatives, the last ones, then grown to reach `minLength`. None for a
 * pattern randexp cannot read.
 */
export function patternCandidates(pattern: string, minLength: number, limit: number): string[] {
  const out: string[] = [];
  const grows = [...new Set([0, 1, Math.max(0, minLength)])];
  for (const grow of grows) {
    for (const last of [false, true]) {
      let made: string | undefined;
      try {
        const walk = new Fixed(pattern, grow, last);
        if (walk.steps() > STEPS || walk.length() > limit) continue;
        made = walk.gen();
      } catch {
        // Not a pattern randexp reads (its syntax is JavaScript's, less some: `\p{…}`, named groups).
        return out;
      }
      if (made.length <= limit && !out.includes(made)) out.push(made);
    }
  }
  return out;
}
