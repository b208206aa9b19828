import picomatch from 'picomatch';
import { initFiles } from './init.ts';

/** The file `init` writes whose lines say what git leaves out; the spec must not be among them. */
const GITIGNORE = '.gitignore';

/** The `.gitignore` a new repository gets, from the one place its lines are written (`initFiles`). */
function generatedGitignore(): string {
  return initFiles({ name: 'spec', spec: 'content', version: '0.0.0' }).find((f) => f.path === GITIGNORE)?.text ?? '';
}

/**
 * Why git would never commit a spec folder that `init` makes (a plain relative folder, see
 * `isSpecFolder`), or undefined when it would: a name of it is `.git` (git's own folder), or
 * `gitignore` (by default the `.gitignore` init writes, which `--spec-only` leaves out, though a
 * site has such lines) ignores it or a folder above it. Names are compared without regard to case,
 * as git does on the file systems that do (`Node_Modules` is `node_modules` on macOS and Windows).
 */
export function specOutOfGit(spec: string, gitignore: string = generatedGitignore()): string | undefined {
  const names = spec.split('/');
  if (names.some((name) => name.toLowerCase() === '.git')) return '`.git` is git\'s own folder: nothing inside it is ever committed';
  const rules = ignoreRules(gitignore);
  // Git never looks inside an ignored folder, so a folder above the spec that is ignored is enough.
  for (let depth = 1; depth <= names.length; depth++) {
    const folder = names.slice(0, depth).join('/');
    const line = ignoredBy(rules, folder);
    if (line !== undefined) return `the \`${GITIGNORE}\` init writes ignores \`${folder}\` (its line \`${line}\`): git would never commit the spec`;
  }
  return undefined;
}

interface Rule {
  line: string;
  negated: boolean;
  matches: (path: string) => boolean;
}

/** The rules of a `.gitignore`, in order: blank lines and comments left out; `!` re-includes. */
function ignoreRules(text: string): Rule[] {
  const rules: Rule[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '').replace(/(?<!\\) +$/, '');
    if (line === '' || line.startsWith('#')) continue;
    const negated = line.startsWith('!');
    // Every path asked about is a folder, so a trailing `/` (folders only) changes nothing here.
    const pattern = (negated ? line.slice(1) : line).replace(/\/+$/, '');
    // A pattern with a `/` before its end is anchored at the root; one without matches a name at any depth.
    const anchored = pattern.includes('/');
    const test = picomatch(anchored ? pattern.replace(/^\//, '') : pattern, { dot: true, nocase: true });
    rules.push({ line, negated, matches: (path) => test(anchored ? path : (path.split('/').pop() ?? path)) });
  }
  return rules;
}

/** The line that decides that `folder` is ignored (the last rule that matches it, as git reads them), or undefined. */
function ignoredBy(rules: readonly Rule[], folder: string): string | undefined {
  let decided: Rule | undefined;
  for (const rule of rules) if (rule.matches(folder)) decided = rule;
  return decided && !decided.negated ? decided.line : undefined;
}
