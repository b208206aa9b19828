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
 * held every other client for 2 s).
 */

/** How long one guarded test may run. */
const TIMEOUT_MS = 50;
/** Texts up to this long are tested as they are when the pattern has one quantifier at most. */
const SHORT = 256;

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

/** Tests a pattern against texts, guarded as above; `slow` hears of each pattern not judged. */
export function guardedPattern(pattern: string, flags: string, slow: (pattern: string) => void, timeLimit = TIMEOUT_MS): PatternTest {
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
      sandbox ??= vm.createContext(Object.create(null) as object) as { pattern?: RegExp; text?: string };
      script ??= new vm.Script('pattern.test(text)');
      sandbox.pattern = re;
      sandbox.text = text;
      try {
        return script.runInContext(sandbox, { timeout: timeLimit }) === true;
      } catch {
        slowFrom = Math.min(slowFrom, text.length);
        slow(pattern);
        return true;
      }
    },
    toString: () => re.toString(),
  };
}
