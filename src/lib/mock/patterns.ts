import vm from 'node:vm';
import { linearPattern } from '../checks/linear-pattern.ts';

/**
 * Patterns from the spec, tested against what clients send. A pattern written to backtrack without
 * end (`^(a+)+$`) must not hold the server, which answers every client on one thread: a pattern
 * RE2 reads as JavaScript does (most, `^(a+)+$` among them) is run by RE2 in time linear in the
 * text, as `check` runs it; one with a single choice point at most (one quantifier or alternative,
 * no back-reference) is tested as it is on a short text; anything else (`.`, `\s`, lookaround) is
 * tested in a sandbox with a time limit, and one that runs
 * out is not judged (the text passes, and the mock says so). Once a text has run out, texts at
 * least as long are not judged either, without running, for `SKIP_MS` (each one said): one
 * client's hostile values cost the server one time limit per pattern, shorter text and `SKIP_MS`,
 * not one per request (40 requests at once held every other client for 2 s). The skip expires:
 * kept for good, one slow value (or one busy moment) let every later text of that length through
 * unchecked, for every client, for the life of the server (t35j). And each request has one
 * budget of time for all such tests of all its values (`PatternBudget`): once spent, its other values are not judged (and it says so),
 * since values each just under the limit add up (20,000 of them held every other client for 10 s).
 */

/** How long one guarded test may run. */
const TIMEOUT_MS = 50;
/**
 * Texts up to this long are tested as they are when the pattern has one choice point at most: with
 * more, a flat pattern still backtracks in time polynomial in the text (`^(.*a){12}$` held every
 * client 146 s on 48 characters, t35n), and one choice point on a long text is quadratic (`.*b` on
 * 100,000 characters takes seconds).
 */
const SHORT = 256;

/**
 * How long, after a text ran out of time, texts at least as long go untested against that pattern
 * (ms). Past it the next such text is tested again (under the time limit), so a hostile client
 * costs a time limit per pattern every `SKIP_MS` at most.
 */
export const SKIP_MS = 10_000;

/** A pattern not judged for a text: it ran out of time (`ran-out`), or was not run since a text as long had within `SKIP_MS` (`skipped`). */
export interface SlowPattern {
  pattern: string;
  kind: 'ran-out' | 'skipped';
  /** The text's length. */
  length: number;
}

/** How many time limits of tests one request's values may take in all, by default. */
const BUDGET_LIMITS = 2;

/**
 * The time one request (or one body on the body thread) may spend testing its values against
 * patterns under the time limit, in all; the patterns whose values were not judged once it was spent.
 */
export class PatternBudget {
  /** Milliseconds left; spent at zero or below. */
  readonly ms: number;
  remaining: number;
  readonly notJudged = new Set<string>();
  /** The patterns a text ran out of time on, or was let through untested for (`SlowPattern`), during this budget's checks. */
  readonly ranOut = new Set<string>();
  constructor(ms: number) {
    this.ms = ms;
    this.remaining = ms;
  }
}

/** The budget of one request's pattern tests: `ms` where given, else `BUDGET_LIMITS` time limits. */
export const patternBudget = (timeLimit: number | undefined, ms?: number) => new PatternBudget(ms ?? BUDGET_LIMITS * (timeLimit ?? TIMEOUT_MS));

/** What the validator needs of a regular expression. */
export interface PatternTest {
  test(text: string): boolean;
  toString(): string;
}

/**
 * Whether a pattern's quantifiers cannot nest (star height one at most) and it has no back-reference;
 * `quantifiers` counts its choice points (quantifiers, `?` and `|` among them: `a?a?…aaa` backtracks as
 * `(a?){n}a{n}` does).
 */
export function flatPattern(pattern: string): { flat: boolean; quantifiers: number } {
  const groups: Array<{ quantified: boolean; alternative: boolean }> = [];
  let quantifiers = 0;
  let flat = true;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (/[1-9k]/.test(next)) flat = false;
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(') groups.push({ quantified: false, alternative: false });
    else if (c === '|') {
      quantifiers++;
      const top = groups[groups.length - 1];
      if (top) top.alternative = true;
    } else if (c === ')') {
      const group = groups.pop();
      const q = pattern[i + 1];
      const repeated = q === '*' || q === '+' || (q === '{' && /^\{\d+,\d*\}/.test(pattern.slice(i + 1)) && !/^\{(\d+),\1\}/.test(pattern.slice(i + 1)));
      if (repeated && group && (group.quantified || group.alternative)) flat = false;
      // What a group holds counts for the group around it.
      const outer = groups[groups.length - 1];
      if (outer && group && (group.quantified || repeated)) outer.quantified = true;
    } else if (c === '*' || c === '+' || c === '{' || (c === '?' && pattern[i - 1] !== '(')) {
      quantifiers++;
      const top = groups[groups.length - 1];
      if (top) top.quantified = true;
    }
  }
  return { flat, quantifiers };
}

/**
 * Tests a pattern against texts, guarded as above; `slow` hears of each text not judged for time
 * (one that ran out, one as long not run since); `budget` gives the budget of the request being
 * checked, where one is; `now` is the clock the skip expires by (ms).
 */
export function guardedPattern(pattern: string, flags: string, slow: (event: SlowPattern) => void, timeLimit = TIMEOUT_MS, budget: () => PatternBudget | undefined = () => undefined, now: () => number = Date.now): PatternTest {
  const re = new RegExp(pattern, flags);
  const { flat, quantifiers } = flatPattern(pattern);
  // RE2 takes no flags here: only where the pattern is read as plain (or Unicode) JavaScript.
  const linear = /^u?$/.test(flags) ? linearPattern(pattern) : undefined;
  let sandbox: { pattern?: RegExp; text?: string } | undefined;
  let script: vm.Script | undefined;
  /** The length of the shortest text that ran out of time since `slowUntil - SKIP_MS`, and when texts that long are tested again. */
  let slowFrom = Infinity;
  let slowUntil = -Infinity;
  return {
    test(text: string): boolean {
      re.lastIndex = 0;
      if (linear) return linear.matcher(text).find();
      if (flat && quantifiers <= 1 && text.length <= SHORT) return re.test(text);
      // The skip expired: texts are tested again, and the next to run out starts another.
      if (slowFrom !== Infinity && now() >= slowUntil) slowFrom = Infinity;
      const spending = budget();
      if (text.length >= slowFrom) {
        spending?.ranOut.add(pattern);
        slow({ pattern, kind: 'skipped', length: text.length });
        return true;
      }
      if (spending && spending.remaining <= 0) {
        spending.notJudged.add(pattern);
        return true;
      }
      // The test runs for what is left of the request's budget, when that is less than the limit.
      const limit = spending ? Math.min(timeLimit, Math.max(1, Math.ceil(spending.remaining))) : timeLimit;
      if (!sandbox || !script) {
        // Made and run once before any test is timed: on a busy machine the context's first run
        // alone can pass the time limit, and a plain pattern would then go unjudged.
        sandbox = vm.createContext(Object.create(null) as object) as { pattern?: RegExp; text?: string };
        script = new vm.Script('pattern.test(text)');
        sandbox.pattern = /a/;
        sandbox.text = 'a';
        script.runInContext(sandbox);
      }
      const begun = performance.now();
      sandbox.pattern = re;
      sandbox.text = text;
      try {
        return script.runInContext(sandbox, { timeout: limit }) === true;
      } catch {
        // Cut short by the budget: the text is not known to be slow, only the request's time is spent.
        if (spending && limit < timeLimit) spending.notJudged.add(pattern);
        else {
          if (slowFrom === Infinity) slowUntil = now() + SKIP_MS;
          slowFrom = Math.min(slowFrom, text.length);
          spending?.ranOut.add(pattern);
          slow({ pattern, kind: 'ran-out', length: text.length });
        }
        return true;
      } finally {
        if (spending) spending.remaining -= performance.now() - begun;
      }
    },
    toString: () => re.toString(),
  };
}

/** How often the log says, per pattern, that its texts were not judged for time (ms); the texts between are counted, and the count said next time. */
export const SLOW_NOTE_MS = 10_000;

/**
 * The log's notes of texts not judged for time, bounded: each pattern's first text that ran out,
 * and first text let through unchecked after it, is said at once; the next in `SLOW_NOTE_MS` only
 * counted (a client sending such texts all day adds a line every `SLOW_NOTE_MS`, not one per call).
 * Said once for the life of the server before, a later call let through went unnoticed (t35j).
 */
export class SlowNotes {
  /** Per kind and pattern: when it was last said, and the texts not said since. */
  readonly #said = new Map<string, { at: number; since: number }>();
  readonly #now: () => number;
  constructor(now: () => number) {
    this.#now = now;
  }

  /** The note for a text not judged, or undefined when it is only counted. */
  note(event: SlowPattern): string | undefined {
    const key = `${event.kind}\u0000${event.pattern}`;
    const now = this.#now();
    const said = this.#said.get(key);
    if (said && now - said.at < SLOW_NOTE_MS) {
      said.since++;
      return undefined;
    }
    this.#said.set(key, { at: now, since: 0 });
    const more = said && said.since > 0 ? ` (and ${said.since} more since this was last said)` : '';
    const pattern = JSON.stringify(event.pattern);
    const seconds = SKIP_MS / 1000;
    return event.kind === 'ran-out'
      ? `the pattern ${pattern} took too long to test on a text of ${event.length} characters and was not judged${more}; for ${seconds} s, texts at least as long are let through unchecked against it`
      : `a text of ${event.length} characters was let through unchecked against the pattern ${pattern}${more}: one as long took too long to test in the last ${seconds} s`;
  }
}

/**
 * The fewest characters any text a pattern matches has (a lower bound: a back-reference or a
 * lookaround counts none), read without making the text: `^a{60000000}$` is 60,000,000, and the mock
 * refuses to make it before anything is built (made, it held the answering thread and overflowed
 * its stack, t35s N2). An unanchored pattern matches inside a text, so the text is no shorter either.
 * A pattern JavaScript does not read still gets a bound (its `check` error is said elsewhere).
 */
export function patternMinLength(pattern: string): number {
  let i = 0;
  const times = /\{(\d+)(?:,\d*)?\}/y;
  const product = (n: number, lo: number) => (n === 0 || lo === 0 ? 0 : n * lo);
  const alternatives = (): number => {
    let best = sequence();
    while (pattern[i] === '|') {
      i++;
      best = Math.min(best, sequence());
    }
    return best;
  };
  const sequence = (): number => {
    let n = 0;
    while (i < pattern.length && pattern[i] !== '|' && pattern[i] !== ')') n += quantified(atom());
    return n;
  };
  const atom = (): number => {
    const c = pattern[i];
    if (c === '(') {
      i++;
      let look = false;
      if (pattern[i] === '?') {
        if (pattern[i + 1] === ':') i += 2;
        else if (pattern[i + 1] === '=' || pattern[i + 1] === '!') [look, i] = [true, i + 2];
        else if (pattern[i + 1] === '<' && (pattern[i + 2] === '=' || pattern[i + 2] === '!')) [look, i] = [true, i + 3];
        else if (pattern[i + 1] === '<') {
          const end = pattern.indexOf('>', i);
          i = end < 0 ? pattern.length : end + 1;
        } else i += 1;
      }
      const n = alternatives();
      if (pattern[i] === ')') i++;
      return look ? 0 : n;
    }
    if (c === '[') {
      i++;
      if (pattern[i] === '^') i++;
      if (pattern[i] === ']') i++;
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      i++;
      return 1;
    }
    if (c === '\\') {
      const d = pattern[i + 1] ?? '';
      i += 2;
      if (d === 'b' || d === 'B') return 0;
      if (/[1-9]/.test(d)) {
        while (/[0-9]/.test(pattern[i] ?? '')) i++;
        return 0;
      }
      if (d === 'k' && pattern[i] === '<') {
        const end = pattern.indexOf('>', i);
        i = end < 0 ? pattern.length : end + 1;
        return 0;
      }
      if ((d === 'u' || d === 'p' || d === 'P') && pattern[i] === '{') {
        const end = pattern.indexOf('}', i);
        i = end < 0 ? pattern.length : end + 1;
      } else if (d === 'u') i += 4;
      else if (d === 'x') i += 2;
      else if (d === 'c') i += 1;
      return 1;
    }
    i++;
    return c === '^' || c === '$' ? 0 : 1;
  };
  const quantified = (n: number): number => {
    const c = pattern[i];
    let lo = 1;
    if (c === '*' || c === '?') [lo, i] = [0, i + 1];
    else if (c === '+') i++;
    else if (c === '{') {
      times.lastIndex = i;
      const m = times.exec(pattern);
      if (!m) return n;
      lo = Number(m[1]);
      i = times.lastIndex;
    } else return n;
    if (pattern[i] === '?') i++;
    return product(n, lo);
  };
  try {
    let n = 0;
    while (i < pattern.length) {
      n += alternatives();
      // A `)` with no `(`: JavaScript refuses the pattern; the rest is still read.
      if (pattern[i] === ')') i++;
    }
    return n;
  } catch {
    // Nested deeper than the stack: no bound known.
    return 0;
  }
}
