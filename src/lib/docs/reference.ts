import GithubSlugger from 'github-slugger';
import type { z } from 'zod';
import { AREAS } from '../areas/index.ts';
import { authSchemeItem, SCHEMES } from '../areas/authentication/index.ts';
import { facetFields, isFacetSchema, type FacetMeta } from '../facet/define.ts';
import type { Path } from '../facet/path.ts';
import { configSchema } from '../model/config.ts';
import { AREA_FILE, CONFIG_FILE } from '../model/spec.ts';
import { exampleLine, keyExample } from './examples.ts';
import { bare, defOf, formOf, FORM_WORDS, NAMED_OBJECTS } from './forms.ts';

/** One key of an object: its form, how the gap engine treats it, and the example spec's use of it. */
export interface KeyDoc {
  key: string;
  form: string;
  /** Absent: a plain key (optional unless `required`); else a facet with its label and question. */
  facet?: { label: string; question: string; kind: 'facet' | 'refinement' | 'optional' };
  /** A key that must be written (a limit's `kind`, a transition's `from`). */
  required: boolean;
  /** The object this key holds, where it is described in a section of its own. */
  section?: ObjectDoc;
  example?: { line: string; file: string; path: Path; list: boolean };
}

/** One object the files hold (a file, a transition, a shape): where it is, and its keys. */
export interface ObjectDoc {
  /** The heading: the file (`states/<id>.yaml`), or where inside a file the object is. */
  title: string;
  /** The area it belongs to; undefined for `specbench.yaml` and the objects shared by several areas. */
  area?: string;
  /** Written the same way wherever it is (a shape, a body), or inside such an object: described once, after the areas. */
  shared: boolean;
  keys: KeyDoc[];
  schema: z.ZodType;
}

/** The objects a kind of file holds, found by walking its schema from the file down. */
export function keyCatalogue(): ObjectDoc[] {
  const docs: ObjectDoc[] = [];
  const seen = new Map<z.ZodType, ObjectDoc>();
  /** Whether an object is described in a section of its own: a named one (a shape), or one too wide to write out in a form. */
  const ownSection = (object: z.ZodType) => {
    const form = formOf(object, 8);
    return NAMED_OBJECTS.has(object) || !form.startsWith('{') || form.includes(': …');
  };
  const visit = (object: z.ZodType, title: string, area: string | undefined, inShared = false): ObjectDoc => {
    const known = seen.get(object);
    if (known) return known;
    const named = NAMED_OBJECTS.get(object);
    const shared = inShared || named !== undefined;
    const doc: ObjectDoc = { title: named ? `A ${named}` : title, ...(shared || area === undefined ? {} : { area }), shared, keys: [], schema: object };
    seen.set(object, doc);
    docs.push(doc);
    const metas = new Map(facetFields(object, undefined).map((f) => [f.key, f.meta]));
    for (const [key, field] of Object.entries(defOf(object).shape ?? {})) {
      const meta = metas.get(key);
      const inner = innerObjects(field);
      // The objects inside this key that have sections of their own, described after this one.
      const sections = inner.filter(ownSection).map((o) => visit(o, `${doc.title.replace(/^A /, '')} › ${key}${suffix(field)}`, area, shared));
      // The objects written out in this key's form have no section; theirs, if any, are found through them.
      for (const o of inner.filter((o) => !ownSection(o))) for (const deeper of innerObjectsOf(o)) if (ownSection(deeper)) visit(deeper, `${doc.title.replace(/^A /, '')} › ${key}${suffix(field)}`, area, shared);
      const example = keyExample(object, key);
      doc.keys.push({
        key,
        form: formOf(field),
        ...(meta ? { facet: { label: meta.label, question: meta.question, kind: facetKind(meta) } } : {}),
        required: !isFacetSchema(field) && !['optional', 'default'].includes(defOf(field).type),
        ...(sections[0] ? { section: sections[0] } : {}),
        ...(example ? { example: { line: exampleLine(key, example.value, example.list), file: example.file, path: example.path, list: example.list } } : {}),
      });
    }
    return doc;
  };
  visit(configSchema, CONFIG_FILE, undefined);
  for (const module of AREAS) {
    for (const object of branches(module.schema)) visit(object, `${module.key}/${AREA_FILE}`, module.key);
    const items = module.items;
    if (!items) continue;
    const kinds = branches(items.schema);
    for (const object of kinds) {
      const tag = kindOf(object);
      visit(object, `${module.key}/<id>.yaml${tag ? ` (kind: ${tag})` : ''}`, module.key);
    }
  }
  return docs;
}

/** `[]` for a list, `.<name>` for a mapping, nothing for one value: how a title says where inside a key an object is. */
function suffix(field: z.ZodType): string {
  const def = defOf(bare(field));
  return def.type === 'array' ? '[]' : def.type === 'record' ? '.<name>' : '';
}

/** The object schemas a key's value is or holds (through lists, mappings and unions), not looking inside those objects. */
function innerObjects(schema: z.ZodType, depth = 0): z.ZodType[] {
  if (depth > 8) return [];
  const s = bare(schema);
  if (NAMED_OBJECTS.has(s)) return [s];
  const def = defOf(s);
  switch (def.type) {
    case 'object':
      return [s];
    case 'array':
      return def.element ? innerObjects(def.element, depth + 1) : [];
    case 'record':
      return def.valueType ? innerObjects(def.valueType, depth + 1) : [];
    case 'union':
      return (def.options ?? []).flatMap((o) => innerObjects(o, depth + 1));
    default:
      return [];
  }
}

/** The objects inside the keys of an object. */
function innerObjectsOf(object: z.ZodType): z.ZodType[] {
  return Object.values(defOf(object).shape ?? {}).flatMap((field) => innerObjects(field));
}

/** The objects of a schema: itself, or the branches of a discriminated union (a limit of each kind). */
function branches(schema: z.ZodType): z.ZodType[] {
  const def = defOf(schema);
  return def.type === 'union' ? (def.options ?? []).map(bare) : [bare(schema)];
}

function kindOf(object: z.ZodType): string | undefined {
  const tag = defOf(object).shape?.kind;
  const values = tag ? defOf(tag).values : undefined;
  return typeof values?.[0] === 'string' ? values[0] : undefined;
}

function facetKind(meta: FacetMeta<never>): 'facet' | 'refinement' | 'optional' {
  return meta.refinement !== undefined ? 'refinement' : meta.optional ? 'optional' : 'facet';
}

/**
 * The facets of an authentication scheme by kind of scheme: those asked for, those counted once
 * written (the kind settles them: OAuth 2.0's credentials), and those the kind does not have.
 */
export function schemeKinds(): Array<{ kind: string; asked: string[]; written: string[]; not: string[] }> {
  const fields = facetFields(authSchemeItem, undefined).filter((f) => f.key !== 'scheme' && f.key !== 'description');
  return SCHEMES.map((kind) => {
    const missing = (key: string) => fields.find((f) => f.key === key)?.meta.notApplicable?.({ scheme: kind } as never);
    const written = (key: string) => fields.find((f) => f.key === key)?.meta.notApplicable?.({ scheme: kind, [key]: [] } as never);
    return {
      kind,
      asked: fields.filter((f) => missing(f.key) === undefined).map((f) => f.key),
      written: fields.filter((f) => missing(f.key) !== undefined && written(f.key) === undefined).map((f) => f.key),
      not: fields.filter((f) => written(f.key) !== undefined).map((f) => f.key),
    };
  });
}

/**
 * An example as code that the site's search leaves out: it names the example service's items
 * (`place-order`), which a search of a spec of one's own must not find here before its own pages.
 * HTML, as Markdown gives code no attributes; `|` as an entity, so the table does not split there.
 */
const unindexed = (text: string) => `<code data-pagefind-ignore>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\|/g, '&#124;').replace(/\n/g, ' ')}</code>`;

/** A table cell: `|` escaped, line breaks as spaces. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
/** Text as a code span, with a fence longer than any run of backticks inside. */
const code = (text: string) => {
  const run = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(run + 1);
  return run > 0 ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
};

/**
 * The guide's reference of every key, as Markdown: each kind of file and each object inside one,
 * its keys with their forms, how each counts as a gap, and the example spec's use of it; the kinds
 * of authentication scheme with the facets each has. Generated from the schemas `check` uses and
 * from the example spec, so it says what is checked; a test keeps the guide's page equal to it.
 */
export function keyReference(): string {
  const docs = keyCatalogue();
  const shared = docs.filter((d) => d.shared);
  const byArea = (area: string | undefined) => docs.filter((d) => d.area === area && !d.shared);
  // The page's headings in order, each with its anchor as the site makes it: GitHub's slug of its text.
  /** Sections an area's part of the page has beyond its keys: the scheme kinds, in one table. */
  const AREA_SECTIONS: Partial<Record<(typeof AREAS)[number]['key'], () => Array<{ level: string; text: string; after: string[] }>>> = {
    authentication: () => [{ level: '###', text: 'The kinds of scheme', after: schemeTable() }],
  };
  const slugger = new GithubSlugger();
  const headings: Array<{ level: string; text: string; doc?: ObjectDoc; after?: string[] }> = [
    { level: '##', text: `Settings: ${CONFIG_FILE}` },
    ...byArea(undefined).map((doc) => ({ level: '###', text: doc.title, doc })),
    ...AREAS.flatMap((module) => [
      { level: '##', text: module.title },
      ...byArea(module.key).map((doc) => ({ level: '###', text: doc.title, doc })),
      ...(AREA_SECTIONS[module.key]?.() ?? []),
    ]),
    { level: '##', text: 'Shared objects', after: ['Shapes, fields, parameters, headers, bodies and responses are written the same way wherever they are.', ''] },
    ...shared.map((doc) => ({ level: '###', text: doc.title, doc })),
  ];
  const anchors = new Map<ObjectDoc, string>();
  const slugs = headings.map((h) => slugger.slug(h.text));
  headings.forEach((h, i) => h.doc && anchors.set(h.doc, slugs[i] ?? ''));
  const out: string[] = [
    '---',
    'title: Every key',
    'description: Every key of every file of the spec, its form and an example, generated from the schemas that check uses.',
    '---',
    '',
    '<!-- Generated from the schemas and the example spec (src/lib/docs/reference.ts); do not edit. -->',
    '',
    'Every key of every file, with the form of its value and an example from the example spec',
    '(`specbench init --example` writes it: a small order service that uses every key). This page is',
    'made from the same schemas `check` validates with, so it says exactly what `check` takes; a',
    'wrong type or an unknown key is reported with the same form and the first line of the same',
    'example.',
    '',
    '**Facets** (marked *facet* below) also take `{ none: reason }` (stated as none),',
    '`{ open: question }` with `owner`, `link` and `blocked_by` (a gap), or a placeholder such as',
    '`"{base_url}"` (see [Writing this spec](../)). A *refinement* counts once written, or where',
    '`specbench.yaml` requires it; an *optional* facet counts once written. A key marked *required*',
    'must be written; any other key may be left out.',
    '',
    '| form | means |',
    '|---|---|',
    ...FORM_WORDS.map(([form, means]) => `| ${code(cell(form))} | ${cell(means)} |`),
    '',
  ];
  for (const h of headings) {
    out.push(`${h.level} ${h.doc && !NAMED_OBJECTS.has(h.doc.schema) ? code(h.text) : h.text}`, '');
    if (h.after) out.push(...h.after);
    if (!h.doc) continue;
    out.push('| key | form | counts as | example |', '|---|---|---|---|');
    for (const k of h.doc.keys) {
      const section = k.section ? anchors.get(k.section) : undefined;
      const form = `${code(cell(k.form))}${section ? ` ([see](#${section}))` : ''}`;
      const counts = k.facet ? `*${k.facet.kind}*: ${cell(k.facet.question)}` : k.required ? '*required*' : '';
      out.push(`| \`${k.key}\` | ${form} | ${counts} | ${k.example ? unindexed(k.example.line) : ''} |`);
    }
    out.push('');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/** The table of the kinds of authentication scheme, and the facets each has. */
function schemeTable(): string[] {
  const keys = (list: string[]) => list.map((k) => `\`${k}\``).join(', ');
  return [
    '`scheme` is one of these kinds. A kind asks for its own facets; some it settles itself, and those count only once written; the rest it does not have (written, they are ignored, with an `ignored-facet` hint). An API key in the query, a cookie or a broker\'s user or password (`location`) has no `headers`.',
    '',
    '| `scheme` | asked for | counted once written | not for this kind |',
    '|---|---|---|---|',
    ...schemeKinds().map((s) => `| \`${s.kind}\` | ${keys(s.asked)} | ${keys(s.written)} | ${keys(s.not)} |`),
    '',
  ];
}

/** The keys no example shows: empty while the example spec uses every key. */
export function keysWithoutExample(): string[] {
  return keyCatalogue().flatMap((doc) => doc.keys.filter((k) => !k.example).map((k) => `${doc.title}: ${k.key}`));
}

