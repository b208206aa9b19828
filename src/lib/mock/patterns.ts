import vm from 'node:vm';
import { linearPattern } from '../checks/shapes.ts';

/**
 * Patterns from the spec, tested against what clients send. A pattern written to backtrack without
 * end (`^(a+)+$`) must not hold the server, which answers every client on one thread: a pattern
 * that cannot backtrack much (no quantified group that holds a quantifier or an alternative, no
 * back-reference) is tested as it is, and so is a short text; a pattern RE2 reads as JavaScript
 * does (most, `^(a+)+$` among them) is run by RE2 in time linear in the text, as `check` runs it;
 * anything else (`.`, `\s`, lookaround) is tested in a sandbox with a time limit, and one that runs
 * out is not judged (the text passes, and the mock says so). Once a text has run out, texts at
 * least as long are not judged either, without running: one client's hostile values cost the
 * server one time limit per pattern and shorter text, not one per request (40 requests at once
 * held every other client for 2 s). And each request has one budget of time for all such tests of
 * all its values (`PatternBudget`): once spent, its other values are not judged (and it says so),
 * since values each just under the limit add up (20,000 of them held every other client for 10 s).
 */

/** How long one guarded test may run. */
const TIMEOUT_MS = 50;
/** Texts up to this long are tested as they are when the pattern has one quantifier at most. */
const SHORT = 256;

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

/** Whether a pattern's quantifiers cannot nest (star height one at most) and it has no back-reference. */
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
    } else if (c === '*' || c === '+' || c === '{') {
      quantifiers++;
      const top = groups[groups.length - 1];
      if (top) top.quantified = true;
    }
  }
  return { flat, quantifiers };
}

/**
 * Tests a pattern against texts, guarded as above; `slow` hears of each pattern not judged for a
 * text that ran out of time; `budget` gives the budget of the request being checked, where one is.
 */
export function guardedPattern(pattern: string, flags: string, slow: (pattern: string) => void, timeLimit = TIMEOUT_MS, budget: () => PatternBudget | undefined = () => undefined): PatternTest {
  const re = new RegExp(pattern, flags);
  const { flat, quantifiers } = flatPattern(pattern);
  // RE2 takes no flags here: only where the pattern is read as plain (or Unicode) JavaScript.
  const linear = /^u?$/.test(flags) ? linearPattern(pattern) : undefined;
  let sandbox: { pattern?: RegExp; text?: string } | undefined;
  let script: vm.Script | undefined;
  /** The length of the shortest text that ran out of time so far. */
  let slowFrom = Infinity;
  return {
    test(text: string): boolean {
      re.lastIndex = 0;
      if (flat && (quantifiers <= 1 || text.length <= SHORT)) return re.test(text);
      if (linear) return linear.matcher(text).find();
      if (text.length >= slowFrom) {
        slow(pattern);
        return true;
      }
      const spending = budget();
      if (spending && spending.remaining <= 0) {
        spending.notJudged.add(pattern);
        return true;
      }
      // The test runs for what is left of the request's budget, when that is less than the limit.
      const limit = spending ? Math.min(timeLimit, Math.max(1, Math.ceil(spending.remaining))) : timeLimit;
      const begun = performance.now();
      sandbox ??= vm.createContext(Object.create(null) as object) as { pattern?: RegExp; text?: string };
      script ??= new vm.Script('pattern.test(text)');
      sandbox.pattern = re;
      sandbox.text = text;
      try {
        return script.runInContext(sandbox, { timeout: limit }) === true;
      } catch {
        // Cut short by the budget: the text is not known to be slow, only the request's time is spent.
        if (spending && limit < timeLimit) spending.notJudged.add(pattern);
        else {
          slowFrom = Math.min(slowFrom, text.length);
          slow(pattern);
        }
        return true;
      } finally {
        if (spending) spending.remaining -= performance.now() - begun;
      }
    },
    toString: () => re.toString(),
  };
}
