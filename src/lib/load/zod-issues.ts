import type { z } from 'zod';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { alternativesAt, clashingKeys } from './known-keys.ts';
import { listedParameters, movedKey } from './moved-keys.ts';
import { commaHint } from './slip-hints.ts';
import { openApiHabit } from './habit-keys.ts';
import { expectedAt } from '../docs/examples.ts';
import { formOf } from '../docs/forms.ts';
import { oneOfThem } from '../diagnostics/alternatives.ts';
import type { Path, SourceFile } from './source.ts';
import { isObj, PLACEHOLDER } from '../facet/state.ts';
import { didYouMean, suggest } from './suggest.ts';
import { URL_PATTERNS } from '../safety/url.ts';
import { visible } from '../safety/terminal.ts';

type Issue = z.core.$ZodIssue;

/** Dotted path for messages: `responses.200.resource`. */
export function showPath(path: Path): string {
  return path.length === 0 ? 'the top level' : `\`${visible(clip(path.join('.')))}\``;
}

/**
 * Picks the union branch the author most likely meant: one that shares keys with the input
 * (`{ none: ... }` means none), then the fewest issues, then the later branch (the value itself).
 */
function pickBranch(branches: Issue[][], input: unknown): Issue[] {
  const keys = typeof input === 'object' && input !== null && !Array.isArray(input) ? Object.keys(input) : undefined;
  const wrongKind = (issues: Issue[]) =>
    issues.some(
      (i) =>
        i.path.length === 0 &&
        (i.code === 'invalid_type' ||
          // A mapping is never the one word a literal branch takes (`inventory: complete`).
          (i.code === 'invalid_value' && keys !== undefined) ||
          (i.code === 'unrecognized_keys' && keys !== undefined && i.keys.length === keys.length) ||
          // Any string fails the placeholder branch; that says nothing about what was meant.
          (i.code === 'invalid_format' && i.pattern === String(PLACEHOLDER))),
    );
  let best: Issue[] = branches[branches.length - 1] ?? [];
  let bestScore = Infinity;
  branches.forEach((issues) => {
    const score = issues.length - typoPairs(issues).size + (wrongKind(issues) ? 100 : 0);
    if (score <= bestScore) {
      best = issues;
      bestScore = score;
    }
  });
  return best;
}

/**
 * Missing keys that an unknown key of the same object is a typo of (`resourse` for `resource`):
 * the pair is one mistake, reported once, as the unknown key with its suggestion.
 */
function typoPairs(issues: readonly Issue[]): Set<Issue> {
  const pairs = new Set<Issue>();
  const unknown = issues.flatMap((i) => (i.code === 'unrecognized_keys' ? i.keys.map((k) => ({ k, at: i.path.join('.') })) : []));
  for (const i of issues) {
    const key = i.path[i.path.length - 1];
    if (i.code !== 'invalid_type' || typeof key !== 'string') continue;
    const at = i.path.slice(0, -1).join('.');
    if (unknown.some((u) => u.at === at && suggest(u.k, [key]) === key)) pairs.add(i);
  }
  return pairs;
}

/** Flattens unions into the issues of the chosen branch, with absolute paths and the values found there. */
function flatten(issue: Issue, data: unknown, base: Path = []): Array<{ issue: Issue; path: Path; input: unknown }> {
  // zod's paths may hold symbols in theory; YAML data has only keys and indexes.
  const path: Path = [...base, ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const branch = pickBranch(issue.errors, valueAt(data, path));
    const typos = typoPairs(branch);
    return branch.filter((i) => !typos.has(i)).flatMap((i) => flatten(i, data, path));
  }
  return [{ issue, path, input: valueAt(data, path) }];
}

function valueAt(root: unknown, path: Path): unknown {
  let value = root;
  // Own keys only: a path from the file (`toString`) must not reach Object.prototype's members.
  for (const segment of path) value = value !== null && typeof value === 'object' && Object.hasOwn(value, segment) ? (value as Record<string | number, unknown>)[segment] : undefined;
  return value;
}

const EXPECTED: Record<string, string> = { int: 'a whole number', number: 'a number', string: 'text', boolean: 'true or false', object: 'a mapping', array: 'a list', record: 'a mapping' };

function received(input: unknown): string {
  if (input === undefined) return 'nothing';
  if (input === '') return 'an empty string';
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'a list';
  // What an explicit tag (reported on its own) makes of a value.
  if (input instanceof Date) return 'a timestamp';
  if (ArrayBuffer.isView(input)) return 'binary data';
  if (typeof input === 'object') return 'a mapping';
  return `${typeof input} \`${visible(clip(String(input)))}\``;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A value as a message quotes it: its first 80 characters, whole ones, then `…` (the code frame shows where it is). */
function clip(text: string): string {
  if (text.length <= 80) return text;
  return `${Array.from(text.slice(0, 81)).slice(0, 80).join('')}…`;
}

/** Keys of `{ none }` and `{ open }`: listed as expected only where the author wrote one of them. */
const FACET_STATE_KEYS: ReadonlySet<string> = new Set(['none', 'open', 'owner', 'link', 'blocked_by']);
const hasStateKey = (input: unknown) => typeof input === 'object' && input !== null && ('none' in input || 'open' in input);

const FORMAT_CODES: Record<string, string> = { duration: 'bad-duration', date: 'bad-date', url: 'bad-url' };

/** Turns zod's issues for one file into located diagnostics. */
export function issuesToDiagnostics(issues: readonly Issue[], data: unknown, schema: z.ZodType, source: SourceFile): Diagnostic[] {
  // The example spec's use of the key at a place (`trigger: { endpoint: place-order }`), once per place: 150,000 unknown keys of one mapping share it.
  const examples = new Map<string, string>();
  const forExample = (path: Path): string => {
    const key = JSON.stringify(path);
    let said = examples.get(key);
    if (said === undefined) {
      const { example } = expectedAt(schema, path, data);
      said = example === undefined ? '' : ` For example: \`${visible(example)}\`.`;
      examples.set(key, said);
    }
    return said;
  };
  /** An `unknown-key` for each key of the object at `path`, with "did you mean" or where the key went. */
  const unknownKeys = (keys: readonly string[], path: Path, input: unknown): Diagnostic[] => {
    // The alternatives the object can be by its fixed keys (`kind: size`); all of them when it can be none.
    const admitted = alternativesAt(schema, path, input);
    const alternatives = (admitted.length > 0 ? admitted : alternativesAt(schema, path)).filter((a) => hasStateKey(input) || !a.keys.every((k) => FACET_STATE_KEYS.has(k)));
    const taken = new Set(alternatives.flatMap((a) => a.keys));
    const known = [...taken].sort().filter((k) => !FACET_STATE_KEYS.has(k) || hasStateKey(input));
    // Keys of two alternatives written together (`{ endpoint: a, condition: b }`): one message, at the second, not "unknown" keys the form takes.
    const clash = keys.some((k) => taken.has(k)) ? clashingKeys(alternatives, input) : [];
    const both: Diagnostic[] = clash.length > 0 ? [{ code: 'unknown-key', severity: 'error', message: oneOfThem(capitalized(showPath(path)), clash, alternatives.map((a) => formOf(a.schema)).join(' | ')), ...source.locate([...path, clash[1] ?? ''], true) }] : [];
    const unknown = clash.length > 0 ? keys.filter((k) => !taken.has(k)) : keys;
    return [
      ...both,
      ...unknown.map((key): Diagnostic => {
        const moved = movedKey(source.file, path, key, valueAt(input, [key]));
        const comma = moved ? undefined : commaHint(source, path, key);
        const habit = moved || comma ? undefined : openApiHabit(key, valueAt(input, [key]), known);
        return {
          code: 'unknown-key',
          severity: 'error',
          message: `Unknown key \`${clip(key)}\` in ${showPath(path)}${
            moved
              ? `. ${moved}`
              : comma
                ? `. ${comma}`
                : habit
                  ? `: ${habit.hint}${habit.meant === undefined ? '' : forExample([...path, habit.meant])}`
                  : // A key the form takes is never its own "did you mean".
                    `${didYouMean(key, known.filter((k) => k !== key)) || '.'} Expected one of: ${known.join(', ')}.${forExample(path)}`
          }`,
          ...source.locate([...path, key], true),
        };
      }),
    ];
  };
  return issues.flatMap((top) =>
    flatten(top, data).flatMap(({ issue, path, input }): Diagnostic[] => {
      const at = (p: Path, key = false) => source.locate(p, key);
      if (input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value')) {
        const key = path[path.length - 1];
        const expected = issue.code === 'invalid_value' ? `one of ${issue.values.map(String).join(', ')}` : (EXPECTED[issue.expected] ?? issue.expected);
        return [{ code: 'missing-key', severity: 'error', message: `Missing key \`${String(key)}\` in ${showPath(path.slice(0, -1))}: expected ${expected}.`, ...at(path.slice(0, -1)) }];
      }
      switch (issue.code) {
        case 'unrecognized_keys':
          return unknownKeys(issue.keys, path, input);
        case 'invalid_union': {
          // No variant matches its discriminator (`kind: rate`): which one is meant is not known, but a
          // key that no variant has is wrong whichever it is, so it is said now, not after the kind is fixed.
          const own: Diagnostic = { code: 'bad-value', severity: 'error', message: `Invalid value ${received(input)} at ${showPath(path)}: ${issue.message}.`, ...at(path) };
          const objectPath = issue.discriminator !== undefined && path[path.length - 1] === issue.discriminator ? path.slice(0, -1) : path;
          const object = valueAt(data, objectPath);
          const known = new Set(alternativesAt(schema, objectPath).flatMap((a) => a.keys));
          const strays = isObj(object) && known.size > 0 ? Object.keys(object).filter((k) => !known.has(k)) : [];
          return [own, ...unknownKeys(strays, objectPath, object)];
        }
        case 'invalid_type': {
          // Our schemas word their own expectations; zod's defaults start with "Invalid input".
          const expected = issue.message.startsWith('Invalid input') ? `expected ${EXPECTED[issue.expected] ?? issue.expected}` : issue.message;
          const listed = listedParameters(path, input);
          if (listed) return [{ code: 'wrong-type', severity: 'error', message: `Wrong type at ${showPath(path)}: ${expected}, found a list. ${listed}`, ...at(path) }];
          if (path[path.length - 1] === 'none' && typeof input !== 'string' && typeof input !== 'object') {
            const facet = path.slice(0, -1).join('.') || 'the facet';
            return [{ code: 'wrong-type', severity: 'error', message: `Wrong type at ${showPath(path)}: \`none\` takes the reason there is none, as text, not ${received(input)}; write \`${visible(clip(facet))}: { none: "why there is none" }\`.`, ...at(path) }];
          }
          const { form } = expectedAt(schema, path, data);
          const shown = issue.message.startsWith('Invalid input') && form !== undefined ? `expected \`${form}\`` : expected;
          return [{ code: 'wrong-type', severity: 'error', message: `Wrong type at ${showPath(path)}: ${shown}, found ${received(input)}.${forExample(path)}`, ...at(path) }];
        }
        case 'invalid_value': {
          const values = issue.values.map(String);
          const hint = typeof input === 'string' ? didYouMean(input, values) : '';
          return [{ code: 'bad-value', severity: 'error', message: `Unexpected value ${received(input)} at ${showPath(path)}${hint || '.'} Expected one of: ${values.join(', ')}.`, ...at(path) }];
        }
        case 'invalid_format': {
          const code = issue.format === 'regex' && URL_PATTERNS.has(issue.pattern ?? '') ? 'bad-url' : (FORMAT_CODES[issue.format] ?? 'bad-value');
          return [{ code, severity: 'error', message: `Malformed value ${received(input)} at ${showPath(path)}: ${issue.message}.`, ...at(path) }];
        }
        case 'invalid_key': {
          const key = String(path[path.length - 1] ?? '');
          const why = issue.issues[0]?.message ?? 'not a usable name';
          return [{ code: 'bad-value', severity: 'error', message: `The name \`${visible(clip(key))}\` in ${showPath(path.slice(0, -1))} is not usable: ${why}. Rename it.`, ...at(path, true) }];
        }
        case 'custom': {
          const code = typeof issue.params?.code === 'string' ? issue.params.code : 'bad-value';
          return [{ code, severity: 'error', message: `Invalid value ${received(input)} at ${showPath(path)}: ${issue.message}.`, ...at(path) }];
        }
        default:
          return [{ code: 'bad-value', severity: 'error', message: `Invalid value ${received(input)} at ${showPath(path)}: ${issue.message}.`, ...at(path) }];
      }
    }),
  );
}
