import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Root, Text } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { remark } from 'remark';
import type { Plugin } from 'unified';
import { visit } from 'unist-util-visit';
import { parseDocument } from 'yaml';
import { AREAS, readSpecDir } from '../../src/lib/index.ts';

/**
 * "Nothing stated is ever dropped": every value a content file states, found by walking the YAML
 * itself (not the model), with the text a reader must find for it.
 *
 * Left out, each for a reason:
 * - `specbench.yaml`: settings for checking and publishing, not statements about the service.
 * - Keys that are keywords of the content format (`type`, `fields`, `required`...): they are the
 *   structure, not values. A map key (a field, a status code, a scope) is a value unless its name is
 *   also a keyword (a field called `type`), which this walk cannot tell apart.
 * - `open` markers and what they carry (question, owner, link, blocked_by): gaps, not statements;
 *   the gap tests assert that each is shown in place with its question.
 * - Comments, such as the editor modeline: YAML comments are not values.
 *
 * Booleans are shown as words (a `required` badge, `optional`, `nullable`, `not read-only`, "a
 * list of", "no authentication"), not as `true` and `false`, so for them the walk looks for their
 * key's words; so are the types that combine shapes ("all of" for `all_of`).
 */
export interface Leaf {
  /** The file, relative to the spec folder. */
  file: string;
  /** Where in the file, for the failure message. */
  path: string;
  /** Where in the file, key by key (indexes as numbers): the value's own, or for a key, its entry's. */
  at: Array<string | number>;
  /** The leaf is a map key (the name of its entry), not a value. */
  key?: true;
  /** The text a reader must find. */
  text: string;
  /** For a boolean or a combination's type: the words, one of which a reader must find instead (case aside). */
  words?: string[];
}

/** Every property name any content file's JSON Schema knows: the keywords of the format. */
function keywords(): Set<string> {
  const out = new Set<string>();
  const dir = 'src/schemas';
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'properties' && x && typeof x === 'object') for (const name of Object.keys(x)) out.add(name);
        walk(x);
      }
    }
  };
  for (const file of readdirSync(dir)) walk(JSON.parse(readFileSync(join(dir, file), 'utf8')));
  return out;
}
const KEYWORDS = keywords();

/** Keys whose string values are Markdown prose; `purpose` is the purpose area's prose facet. */
const PROSE_KEYS = new Set(['description', 'purpose']);

export const normalize = (s: string): string => s.replace(/\s+/g, ' ').trim();

/**
 * Text compared without its blanks: where one output separates two paragraphs or list lines with a
 * blank and another with a line break or nothing, the words are still all there.
 */
export const squash = (s: string): string => s.replace(/\s+/g, '');

/**
 * The plain text a reader sees for prose: Markdown read by remark, each `[[target|label]]` as its
 * label, or the title of the item or area it names.
 */
/** Markdown as the pages read it: GFM tables too (a table's text is its cells' words, as a page shows them). */
export function proseReader() {
  const tables: Plugin<[], Root> = function () {
    const data = this.data();
    (data.micromarkExtensions ??= []).push(gfmTable());
    (data.fromMarkdownExtensions ??= []).push(gfmTableFromMarkdown());
  };
  return remark().use(tables);
}

export function proseText(text: string, titles: ReadonlyMap<string, string>): string {
  // `\[[` is a literal `[[`, never a link: held aside so the link reading below cannot take it.
  const LITERAL = '\uE000';
  const tree = proseReader().parse(text.replaceAll('\\[[', LITERAL)) as Root;
  visit(tree, 'text', (node: Text) => {
    node.value = node.value.replace(/\[\[([^[\]|\n]+?)(?:\|([^[\]\n]+?))?\]\]/g, (raw, target: string, label?: string) => {
      if (label !== undefined) return label;
      const t = target.trim();
      if (t.startsWith('gap:')) return t.slice(4);
      return titles.get(t) ?? raw;
    });
  });
  return normalize(toString(tree, { includeImageAlt: false }).replaceAll(LITERAL, '[['));
}

/** Titles by link target: `resources/Order` is its title (or id), `resources` is the area's name. */
export function linkTitles(leavesOf: ReadonlyArray<{ file: string; data: unknown }>): Map<string, string> {
  const titles = new Map<string, string>(AREAS.map((a) => [a.key, a.title]));
  for (const { file, data } of leavesOf) {
    const [area, name] = file.split('/');
    if (!area || !name || name === '_area.yaml') continue;
    const id = name.replace(/\.yaml$/, '');
    const title = data && typeof data === 'object' && 'title' in data && typeof data.title === 'string' ? data.title : id;
    titles.set(`${area}/${id}`, title);
  }
  return titles;
}

/** The content files of a spec folder, parsed. */
export async function contentFiles(dir: string): Promise<Array<{ file: string; data: unknown }>> {
  const files = await readSpecDir(dir);
  return files
    .filter((f) => f.path !== 'specbench.yaml' && f.path.endsWith('.yaml') && f.bytes)
    .map((f) => ({ file: f.path, data: parseDocument(new TextDecoder().decode(f.bytes)).toJS({ maxAliasCount: -1 }) as unknown }));
}

/** The types that combine shapes, which a page names in words ("one of"). */
const COMBINATIONS = new Set(['one_of', 'any_of', 'all_of']);

/** The words that show a boolean: its key as written, with `-` or a blank for `_`; `optional` for `required`. */
const booleanWords = (key: string): string[] => [...new Set([key, key.replace(/_/g, '-'), key.replace(/_/g, ' '), ...(key === 'required' ? ['optional'] : []), ...(key === 'anonymous' ? ['no authentication'] : [])])];

/** Every stated leaf of every content file, with the text that must reach a reader. */
export function statedLeaves(files: ReadonlyArray<{ file: string; data: unknown }>): Leaf[] {
  const titles = linkTitles(files);
  const out: Leaf[] = [];
  const add = (file: string, path: string, at: Array<string | number>, text: string, isKey = false) => {
    const t = normalize(text);
    if (t) out.push({ file, path, at, text: t, ...(isKey ? { key: true as const } : {}) });
  };
  const walk = (file: string, v: unknown, path: string, at: Array<string | number>, key: string | undefined): void => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(file, x, `${path}/${i}`, [...at, i], undefined));
    else if (v && typeof v === 'object') {
      if ('open' in v) return;
      for (const [k, x] of Object.entries(v)) {
        if (!KEYWORDS.has(k)) add(file, `${path}/${k} (key)`, [...at, k], k, true);
        walk(file, x, `${path}/${k}`, [...at, k], k);
      }
    } else if (typeof v === 'string' && key !== undefined && PROSE_KEYS.has(key)) add(file, path, at, proseText(v, titles));
    else if (typeof v === 'boolean' && key !== undefined) out.push({ file, path, at, text: String(v), words: booleanWords(key) });
    // A combination reads as its words on a page ("all of"); the keyword as written is the file's.
    else if (key === 'type' && typeof v === 'string' && COMBINATIONS.has(v)) out.push({ file, path, at, text: v, words: [v.replace('_', ' ')] });
    else if (v !== undefined) add(file, path, at, v === null ? 'null' : String(v));
  };
  for (const { file, data } of files) walk(file, data, '', [], undefined);
  return out;
}
