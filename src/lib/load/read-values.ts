import { FAILSAFE_SCHEMA, load, Type, type LoadOptions } from 'js-yaml';
import { isScalar, parseDocument } from 'yaml';
import { isObj, type Obj } from '../facet/state.ts';
import { MAX_DEPTH } from './shape.ts';
import { YAML_OPTIONS } from './source.ts';

/*
 * The fast path of reading a content file: its values without positions, from `js-yaml`, which
 * reads GitHub's 2,549 imported files (10.4 MB) in 0.2 s, 0.3 s with the screens below, where
 * `yaml`'s document (every node with its place) and its values take 2 s. It answers only for the files the positional reading (`SourceFile`, the one
 * that reports) would read without a word and into exactly the same values; for anything else it
 * answers nothing, and the file is read with positions. So it never has to say what is wrong, only
 * to recognise what is surely right: everything unusual (anchors, tags, directives, explicit or
 * collection keys, keys the two libraries turn into different names, nesting near the limit,
 * warnings of either library) sends the file to the positional reading. The differential test
 * (`test/lib/load/read-values.test.ts`) holds the two readings equal over every fixture, the fuzz
 * corpus and the adversarial cases.
 */

/** The document `SourceFile` reads: its schema resolves plain scalars, and its options are theirs. */
const reference = parseDocument('', YAML_OPTIONS);

/**
 * Plain scalars resolved by `yaml`'s own tags of the core schema, in its order (the first whose
 * test matches), so `1e3`, `0o17`, `.inf`, `~` or `007` are the values the positional reading
 * gives.
 */
const RESOLVING = reference.schema.tags.filter((tag) => tag.collection === undefined && tag.default === true && 'test' in tag && tag.test instanceof RegExp);

/**
 * Whether any of those tests matches: asked of every plain scalar (every key and every word of
 * prose), and almost none matches, so one pattern of them all answers first. A test with flags of
 * its own keeps the tests asked one by one.
 */
const ANY_TEST = RESOLVING.every((tag) => 'test' in tag && tag.test?.flags === '') ? new RegExp(RESOLVING.map((tag) => `(?:${'test' in tag ? tag.test?.source : ''})`).join('|')) : undefined;

const IMPLICIT = reference.schema.tags.flatMap((tag) => {
  const test = 'test' in tag ? tag.test : undefined;
  if (tag.collection !== undefined || tag.default !== true || !test) return [];
  const resolve = tag.resolve as (value: string, onError: (message: string) => void, options: typeof reference.options) => unknown;
  return [{ test, resolve }];
});

/** The first of those tags whose test matches a plain scalar's text; undefined when none does. */
function resolving(text: string): (typeof IMPLICIT)[number] | undefined {
  if (ANY_TEST && !ANY_TEST.test(text)) return undefined;
  for (const tag of IMPLICIT) if (tag.test.test(text)) return tag;
  return undefined;
}

/**
 * One js-yaml type for them all (js-yaml asks each implicit type in turn of every plain scalar: one
 * question instead of eight), named so that no YAML text can write it (a blank is no tag
 * character): only resolution ever gives it.
 */
const IMPLICIT_TAG = 'specbench implicit';
const SCHEMA = FAILSAFE_SCHEMA.extend({
  implicit: [
    new Type(IMPLICIT_TAG, {
      kind: 'scalar',
      resolve: (data: unknown) => typeof data === 'string' && resolving(data) !== undefined,
      construct: (data: string) => {
        const tag = resolving(data);
        const value = tag ? tag.resolve(data, () => undefined, reference.options) : data;
        return isScalar(value) ? value.value : value;
      },
    }),
  ],
});

/** What the loader's listener sees of a node once it is read (js-yaml's state; its typings leave these out). */
interface NodeState {
  tag: string | null;
  anchor: string | null;
  kind: string | null;
  result: unknown;
}

/** js-yaml's options with the one its typings lack: the deepest nesting it reads before it stops. */
type Options = LoadOptions & { maxDepth: number };

/**
 * Text that may hold what the positional reading reports or reads otherwise, found without
 * parsing: each a form the two libraries were found to read differently (most by the differential
 * test's generators), or one rare enough in content to be read with positions rather than proved
 * alike. Each errs on the side of the positional reading: a description that merely looks like one
 * costs that file a second reading, never a different answer. This list says what is looked for;
 * `unusualText` looks for all of it in one scan of the text (`UNUSUAL_SCAN`), held to the list by
 * `test/lib/load/unusual-text.test.ts`.
 */
export const UNUSUAL: readonly RegExp[] = [
  // A directive (`%YAML 1.1` changes how scalars resolve).
  /(?:^|\n)%/,
  // A comment not set apart by a blank after a quote, a bracket or a comma (`yaml` refuses it, js-yaml reads it).
  /["'\]},]#/,
  // A line that ends in a backslash: in double quotes, a line break escaped, which the two join differently with blank lines after it.
  /\\\r?\n/,
  // A byte order mark after the start (the decoder drops the first): `yaml` reads it as a marker between tokens, js-yaml as text.
  /\uFEFF/,
  // A tab: `yaml` refuses it as indentation, and the two read a line of blanks with one in it differently.
  /\t/,
  // An empty list item (`-` and nothing, or a comment, after it; `- -`): after one in a list inside a list item, js-yaml puts the next item of the outer list in the inner one.
  /(?:^|\n)[ \t]*(?:-[ \t]+)*-[ \t]*(?:#[^\n]*)?(?:\r?\n|$)/,
  // Blanks after the last line break: the two keep a different number of line breaks at the end of a `|+` or `>+` block.
  /\n[ \t]+$/,
  // A `|` or `>` block with its indentation written (`|2-`): the two read a line of blanks deeper than it differently.
  /(?:^|[\s:?-])[|>][+-]?[1-9]/,
  // `---` with no blank after it at the start of a line (`---a: 1`): a key to `yaml`, a document start to js-yaml when it begins the document.
  /(?:^|\n)---\S/,
  // A flow list or mapping that ends on a line of its own (`yaml` warns when it is not indented past its parent).
  /(?:^|\n)[ \t]*[\]}]/,
];

/** How far from its start an implicit key's `:` may be (`yaml` refuses one further; js-yaml reads it). */
const KEY_REACH = 1024;

/**
 * An explicit key (`? key`): a `?` at the start of a line or after a blank, bracket, comma or
 * colon, with a blank or the end after it. Rare in content, and read with positions so its many
 * forms need no proof. Found from each `?` (a pattern that starts with a choice is tried at every
 * character).
 */
function explicitKey(text: string): boolean {
  for (let at = text.indexOf('?'); at !== -1; at = text.indexOf('?', at + 1)) {
    const before = at === 0 ? '\n' : (text[at - 1] ?? '');
    const after = text[at + 1] ?? ' ';
    if (/[\s[{,:]/.test(before) && /\s/.test(after)) return true;
  }
  return false;
}

/*
 * The forms of `UNUSUAL` found in one scan of the text (each of its patterns was a scan of its own,
 * and one that starts with `^` or a choice is tried at every character): those that start a line,
 * found after each line break and, with a sticky pattern, at the start; the others by their first
 * character. Left apart: blanks after the last line break (looked at from the end) and a block's
 * written indentation (from each `|` or `>`).
 */
const LINE_START = String.raw`(?:%|---\S|[ \t]*(?:[\]}]|(?:-[ \t]+)*-[ \t]*(?:#[^\n]*)?(?:\r?\n|$)))`;
const AT_START = new RegExp(LINE_START, 'y');
const ANYWHERE = new RegExp(String.raw`["'\]},]#|\\\r?\n|\uFEFF|\t|\n${LINE_START}`);
const BLOCK_INDICATOR = /[|>][+-]?[1-9]/g;

/** `\n[ \t]+$`: the text after its last line break is blanks, one at least. */
function blanksAtEnd(text: string): boolean {
  const newline = text.lastIndexOf('\n');
  if (newline === -1 || newline === text.length - 1) return false;
  for (let i = newline + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09) return false;
  }
  return true;
}

/** `(?:^|[\s:?-])[|>][+-]?[1-9]`: from each indicator (no match of one can hold the start of another). */
function writtenIndentation(text: string): boolean {
  BLOCK_INDICATOR.lastIndex = 0;
  for (let m = BLOCK_INDICATOR.exec(text); m !== null; m = BLOCK_INDICATOR.exec(text)) {
    if (m.index === 0 || /[\s:?-]/.test(text[m.index - 1] ?? '')) {
      BLOCK_INDICATOR.lastIndex = 0;
      return true;
    }
  }
  return false;
}

/** Whether the text holds one of the forms `UNUSUAL` lists: the same answer, in one scan. */
export function unusualScan(text: string): boolean {
  AT_START.lastIndex = 0;
  return AT_START.test(text) || ANYWHERE.test(text) || blanksAtEnd(text) || writtenIndentation(text);
}

/** Whether the text may hold anything the fast reading leaves to the positional one (see `UNUSUAL`). */
function unusualText(text: string): boolean {
  if (unusualScan(text) || explicitKey(text)) return true;
  // A `:` that far into its line may end a key that long. Line by line with indexOf: a regular expression for long lines backtracks.
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    if (end - start > KEY_REACH) {
      const colon = text.indexOf(':', start + KEY_REACH);
      if (colon !== -1 && colon < end) return true;
    }
    start = end + 1;
  }
  return false;
}

/**
 * Whether the values hold a key the two libraries name differently or the loader reports: a null
 * key (`~:` is `""` to `yaml`, `"null"` to js-yaml) and `__proto__`; or a list or mapping used as
 * a key (`{ [a] }`, `[a]: b`), which js-yaml turns into a name where the loader reports it. Such a
 * key is a collection read but not found among the values: `collections` is how many were read.
 * One walk without recursion (no value is shared: aliases never reach here).
 */
function unusualKeys(root: Obj, collections: number): boolean {
  let found = 0;
  const stack: unknown[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node === null || typeof node !== 'object') continue;
    found++;
    if (Array.isArray(node)) {
      for (const item of node) if (item !== null && typeof item === 'object') stack.push(item);
      continue;
    }
    // `for…in` with `hasOwn`: the keys `Object.keys` gives, without an array of them for every mapping (js-yaml's are plain objects).
    for (const key in node) {
      if (!Object.hasOwn(node, key)) continue;
      if (key === 'null' || key === '__proto__') return true;
      const value = (node as Obj)[key];
      if (value !== null && typeof value === 'object') stack.push(value);
    }
  }
  return found !== collections;
}

/**
 * The values of a content file's text when the positional reading would read exactly these
 * values and report nothing about the YAML; undefined when it might not (then read it with
 * positions). Never throws.
 */
export function readValues(text: string): Obj | undefined {
  if (unusualText(text)) return undefined;
  let unusual = false;
  // Each list and mapping read (the loader may tell of one more than once).
  const collections = new Set<unknown>();
  const options: Options = {
    schema: SCHEMA,
    // Nothing near the loader's depth limit: `too-deep` is the positional reading's to report.
    maxDepth: MAX_DEPTH - 1,
    onWarning: () => {
      unusual = true;
    },
    listener(event, state) {
      if (event !== 'close') return;
      const { tag, anchor, kind, result } = state as unknown as NodeState;
      if (kind === 'mapping' || kind === 'sequence') collections.add(result);
      // An anchor (and so any alias), or a tag written in the text (resolution's own are named apart).
      if (anchor !== null || (tag !== null && tag !== '?' && tag !== IMPLICIT_TAG)) unusual = true;
    },
  };
  let data: unknown;
  try {
    data = load(text, options);
  } catch {
    return undefined;
  }
  if (unusual || !isObj(data) || unusualKeys(data, collections.size)) return undefined;
  return data;
}

/** The line and column where the node at a path starts (or its key, with `key`); undefined where it is not sure. */
export type Places = (path: readonly (string | number)[], key: boolean) => { line: number; column: number } | undefined;

/** A node as js-yaml closed it: where its reading began, what it read, and the nodes read inside it (a mapping's keys and values in turn, a list's items). */
interface Closed {
  open: number;
  kind: string | null;
  result: unknown;
  children: Closed[];
}

/** Where a node of a file read on the fast path starts, and where its key does. */
interface Place {
  key?: number;
  value: Closed;
}

/**
 * Where the nodes of a text the fast reading reads are written: what `SourceFile.locate` answers
 * (line and column of the start of the node at a path, or of its key), from js-yaml, which has read
 * the text once already and so is warm where `yaml`'s document of positioned nodes would be read
 * cold (a fresh `check` of GitHub's imported spec placed the gaps of 51 files with it: a tenth of
 * its time). It answers only where it is sure: a path through a collection whose nodes it cannot
 * pair with its values (a key without a value), or to a null (an empty value, whose place `yaml`
 * puts otherwise), is answered undefined, and the caller reads the file with positions.
 * `test/lib/load/read-values.test.ts` holds the two to the same places (each gap's line and column).
 */
export function valuePlaces(text: string): Places | undefined {
  const stack: Closed[] = [];
  let root: Closed | undefined;
  const options: Options = {
    schema: SCHEMA,
    maxDepth: MAX_DEPTH - 1,
    listener(event, state) {
      const { position, kind, result } = state as unknown as NodeState & { position: number };
      if (event === 'open') {
        stack.push({ open: position, kind: null, result: undefined, children: [] });
        return;
      }
      const node = stack.pop();
      if (!node) return;
      node.kind = kind;
      node.result = result;
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(node);
      else root = node;
    },
  };
  try {
    load(text, options);
  } catch {
    return undefined;
  }
  if (!root) return undefined;
  const top = root;
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const pairs = new Map<Closed, Map<string, Place> | undefined>();
  return (path, key) => {
    let node = top;
    let keyAt: number | undefined;
    for (const segment of path) {
      const next = childPlace(node, segment, pairs);
      if (next === 'unsure') return undefined;
      if (!next) break;
      node = next.value;
      keyAt = next.key;
    }
    if (key && keyAt !== undefined) return linePos(lineStarts, startOf(text, keyAt));
    if (node.result === null || node.result === undefined) return undefined;
    return linePos(lineStarts, startOf(text, node.open));
  };
}

/** The pair (or item) at one step of a path: undefined where the path ends, 'unsure' where the nodes cannot be paired with the values. */
function childPlace(outer: Closed, segment: string | number, pairs: Map<Closed, Map<string, Place> | undefined>): Place | undefined | 'unsure' {
  // js-yaml may read one node in two nested steps (a block mapping's first key tried, then found to be
  // a flow collection): the inner one holds its keys and values.
  const node = innermost(outer);
  if (node.kind === 'sequence' && Array.isArray(node.result)) {
    if (typeof segment !== 'number') return undefined;
    if (node.children.length !== node.result.length) return 'unsure';
    const item = node.children[segment];
    return item ? { value: item } : undefined;
  }
  if (node.kind !== 'mapping' || !isObj(node.result)) return undefined;
  if (!pairs.has(node)) pairs.set(node, pairsOf(node));
  const map = pairs.get(node);
  if (!map) return 'unsure';
  const pair = map.get(String(segment));
  if (!pair) return undefined;
  return { key: pair.key, value: pair.value };
}

function innermost(node: Closed): Closed {
  const inner = node.children[0];
  return node.children.length === 1 && inner !== undefined && inner.result === node.result && typeof node.result === 'object' ? innermost(inner) : node;
}

/** A mapping's keys and values by name, in the order read; undefined when they do not pair up with its keys (an empty value has no node). */
function pairsOf(node: Closed): Map<string, Place & { key: number }> | undefined {
  const keys = Object.keys(node.result as Obj);
  if (node.children.length !== keys.length * 2) return undefined;
  const map = new Map<string, Place & { key: number }>();
  for (let i = 0; i < node.children.length; i += 2) {
    const k = node.children[i];
    const v = node.children[i + 1];
    if (!k || !v || k.kind !== 'scalar' || (typeof k.result !== 'string' && typeof k.result !== 'number' && typeof k.result !== 'boolean')) return undefined;
    const name = String(k.result);
    if (map.has(name)) return undefined;
    map.set(name, { key: k.open, value: v });
  }
  return map.size === keys.length && keys.every((k) => map.has(k)) ? map : undefined;
}

/** Where a node's text starts: js-yaml begins reading a value before the blanks, line breaks and comments in front of it. */
function startOf(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
    else if (c === 0x23) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end;
    } else break;
  }
  return i;
}

/** `yaml`'s `LineCounter.linePos`: the 1-based line and column of an offset, from the offsets where lines start. */
function linePos(lineStarts: readonly number[], offset: number): { line: number; column: number } {
  let low = 0;
  let high = lineStarts.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((lineStarts[mid] ?? 0) < offset) low = mid + 1;
    else high = mid;
  }
  if (lineStarts[low] === offset) return { line: low + 1, column: 1 };
  if (low === 0) return { line: 0, column: offset };
  return { line: low, column: offset - (lineStarts[low - 1] ?? 0) + 1 };
}
