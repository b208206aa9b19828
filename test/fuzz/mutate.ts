import { siteViews } from '../helpers.ts';
import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parse as parseHtml } from 'node-html-parser';
import { isMap, isSeq, parseDocument, type Document } from 'yaml';
import { analyze, gapReport, gapsMarkdown, levelsOf, gapsText, specMarkdown, type SpecFile } from '../../src/lib/index.ts';
import { unsafeParts } from '../site/scan.ts';

/** The valid fixtures' files, as the seeds every mutation starts from. */
export function seeds(fixtures: readonly string[] = ['complete', 'half-written']): Array<{ path: string; text: string }> {
  const out: Array<{ path: string; text: string }> = [];
  for (const fixture of fixtures) {
    const root = join('test', 'fixtures', fixture);
    for (const e of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!e.isFile() || !e.name.endsWith('.yaml')) continue;
      const full = join(e.parentPath, e.name);
      out.push({ path: relative(root, full).split(sep).join('/'), text: readFileSync(full, 'utf8') });
    }
  }
  return out;
}

/** Fragments of YAML's syntax and of what the loader guards against, inserted anywhere. */
export const NASTY_SYNTAX = [':', ' ', '\n', '\t', '{', '}', '[', ']', '&a', '*a', '!!binary', '|', '>', '"', "'", '#', '- ', '? ', '%YAML 1.1\n', '---\n', '...', '\uFEFF', '\r\n', '\r', '<script>', '[[', ']]', '{base_url}', 'none:', 'open:', '~', 'null', '-1', '1e999', '0x1F', '\u0000', '\uD800', '\u001b[2J', '__proto__', '!!timestamp '] as const;
/** Near-misses of the spec's own words: paths, ids, methods, durations, dates, links, numbers. */
export const NASTY_WORDS = ['resources/../x', 'Ordr', 'GETT', 'P1H', '2025-02-30', 'javascript:alert(1)', '9999'] as const;

/** Text that YAML and the schemas find interesting. */
const nasty = fc.oneof(fc.constantFrom(...NASTY_SYNTAX), fc.string({ maxLength: 12 }), fc.constantFrom(...NASTY_WORDS));

/** What a hostile author writes where text reaches a page: each sets `__pwned` if it ever runs. */
export const PAYLOADS = [
  "<script>window.__pwned='fuzz'</script>",
  `<img src=x onerror="window.__pwned='fuzz'">`,
  "</title><script>window.__pwned='fuzz'</script>",
  "</style><script>window.__pwned='fuzz'</script>",
  `$'<svg onload="window.__pwned='fuzz'">`,
  `"><svg onload="window.__pwned='fuzz'">`,
  '"] {} body { display: none } [x="',
  "javascript:window.__pwned='fuzz'",
  "java\tscript:window.__pwned='fuzz'",
  "[x](javascript:window.__pwned='fuzz')",
  "[x](java&#x09;script:window.__pwned='fuzz')",
  "<java script:window.__pwned='fuzz'>",
  '\u001b[2J\u001b[32mALL CHECKS PASSED\u001b[0m',
  '\u202eevil',
  '> '.repeat(40),
  '* '.repeat(40),
  '[[resources/Order|pwned]]',
  'a/b->c,d~e',
  'start',
];
export const MARKER = /pwned|display: none \} \[x/;

/** Where a payload goes: the places text from the spec reaches a page. */
export const TARGETS = ['title', 'description', 'owner', 'question', 'link', 'state', 'field', 'condition'] as const;
const hostileEdit = fc.record({ target: fc.constantFrom(...TARGETS), payload: fc.constantFrom(...PAYLOADS), pick: fc.nat() });
export type HostileEdit = typeof hostileEdit extends fc.Arbitrary<infer T> ? T : never;

/** One edit to a file's text. */
export const edit = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: nasty }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 20 }) }),
  fc.record({ kind: fc.constant('duplicate-line' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('swap-lines' as const), at: fc.nat(), other: fc.nat() }),
  hostileEdit.map((h) => ({ kind: 'hostile' as const, ...h })),
);
export type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

/** The first mapping found under `key` anywhere in the document, for renaming one of its keys. */
function findMap(doc: Document, key: string): unknown {
  const stack: unknown[] = [doc.contents];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isMap(node)) {
      for (const pair of node.items) {
        if ((pair.key as { value?: unknown } | null)?.value === key && isMap(pair.value)) return pair.value;
        stack.push(pair.value);
      }
    } else if (isSeq(node)) stack.push(...node.items);
  }
  return undefined;
}

/** Puts a payload where the target says, through the YAML document, so the file stays YAML. */
function applyHostile(text: string, h: HostileEdit): string {
  const doc = parseDocument(text);
  if (doc.errors.length > 0 || !isMap(doc.contents)) return text;
  const top = doc.contents;
  // Facets are the keys that are not an item's title, prose or kind.
  const keys = top.items.map((p) => String((p.key as { value?: unknown } | null)?.value)).filter((k) => !['title', 'description', 'kind', 'limits', 'require'].includes(k));
  const facet = keys[h.pick % Math.max(1, keys.length)] ?? 'title';
  switch (h.target) {
    case 'title':
      doc.set(top.has('inventory') || top.has('name') || top.has('quotas') ? 'description' : 'title', h.payload);
      break;
    case 'description':
      doc.set('description', h.payload);
      break;
    case 'owner':
    case 'question':
    case 'link':
      doc.set(facet, { open: h.target === 'question' ? h.payload : true, ...(h.target === 'owner' ? { owner: h.payload } : {}), ...(h.target === 'link' ? { link: h.payload } : {}) });
      break;
    case 'state':
    case 'field': {
      const map = findMap(doc, h.target === 'state' ? 'states' : 'fields');
      const pair = isMap(map) ? map.items[h.pick % Math.max(1, map.items.length)] : undefined;
      if (pair) pair.key = doc.createNode(h.payload);
      else doc.set('description', h.payload);
      break;
    }
    case 'condition': {
      const transitions = doc.get('transitions');
      const first = isSeq(transitions) ? transitions.items[h.pick % Math.max(1, transitions.items.length)] : undefined;
      if (isMap(first)) first.set('trigger', { condition: h.payload });
      else doc.set('description', h.payload);
      break;
    }
  }
  return doc.toString({ lineWidth: 0 });
}

/** One edit applied to a file's text. */
export function apply(text: string, e: Edit): string {
  if (e.kind === 'hostile') return applyHostile(text, e);
  const at = text.length === 0 ? 0 : e.at % (text.length + 1);
  if (e.kind === 'insert') return text.slice(0, at) + e.text + text.slice(at);
  if (e.kind === 'delete') return text.slice(0, at) + text.slice(at + e.length);
  const lines = text.split('\n');
  const i = e.at % lines.length;
  if (e.kind === 'duplicate-line') lines.splice(i, 0, lines[i] ?? '');
  else {
    const j = e.other % lines.length;
    [lines[i], lines[j]] = [lines[j] ?? '', lines[i] ?? ''];
  }
  return lines.join('\n');
}

/** The changes of a mutated spec: one to three files (by their index among the seeds'), each edited one to four times. */
export const mutation = fc.array(fc.record({ file: fc.nat(), edits: fc.array(edit, { minLength: 1, maxLength: 4 }) }), { minLength: 1, maxLength: 3 });
export type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

/** The seed spec with the changes made. */
export function mutated(all: ReadonlyArray<{ path: string; text: string }>, changes: Mutation): Map<string, string> {
  const files = new Map(all.map((f) => [f.path, f.text]));
  const paths = [...files.keys()];
  for (const change of changes) {
    const path = paths[change.file % paths.length] ?? '';
    files.set(path, change.edits.reduce(apply, files.get(path) ?? ''));
  }
  return files;
}

/** A mutated spec: one seed spec with a few files edited a few times. */
export function mutatedSpec(all = seeds()) {
  const complete = all.slice();
  return mutation.map((changes) => mutated(complete, changes));
}

/**
 * Mutations that between them put every payload at every target and insert every fixed fragment of
 * `nasty`, for the test suite, which runs a few random cases where `npm run fuzz` runs thousands: one
 * mutation per payload, which places it at each target in a file of its own that has that place (a
 * lifecycle's state, a resource's field, a transition's condition, an item's title, a facet), and
 * inserts its share of the fragments into other files. Which file and where follow from the
 * indexes alone, so the list is the same on every run.
 */
export function coveringMutations(all = seeds()): Mutation[] {
  const files = new Map(all.map((f) => [f.path, f.text]));
  const texts = [...files.values()];
  const settings = [...files.keys()].indexOf('specbench.yaml');
  const probe = (target: HostileEdit['target']) => ({ target, payload: 'probe', pick: 0 });
  // A file has a target's place when the payload lands somewhere else than where a description
  // would; the settings file makes no page.
  const has = (text: string, t: HostileEdit['target']) => t === 'description' || applyHostile(text, probe(t)) !== applyHostile(text, probe('description'));
  const places = new Map(TARGETS.map((t) => [t, texts.flatMap((text, i) => (i !== settings && has(text, t) ? [i] : []))]));
  const fragments = [...NASTY_SYNTAX, ...NASTY_WORDS];
  return PAYLOADS.map((payload, p) => {
    const used = new Set<number>();
    const changes: Mutation = [];
    // The targets with the fewest places choose first (one file has the only transitions).
    for (const target of [...TARGETS].sort((a, b) => (places.get(a)?.length ?? 0) - (places.get(b)?.length ?? 0))) {
      const candidates = places.get(target) ?? [];
      const file = candidates.map((_, k) => candidates[(p + k) % candidates.length] ?? -1).find((i) => i >= 0 && !used.has(i));
      // The fixtures changed so that a place is gone: the cases would no longer cover what they claim.
      if (file === undefined) throw new Error(`no seed file left with a place for a payload's ${target}`);
      used.add(file);
      changes.push({ file, edits: [{ kind: 'hostile', target, payload, pick: p }] });
    }
    const others = texts.map((_, i) => i).filter((i) => !used.has(i));
    fragments.forEach((text, f) => {
      if (f % PAYLOADS.length === p) changes.push({ file: others[(f * 7) % others.length] ?? 0, edits: [{ kind: 'insert', at: f * 7919, text }] });
    });
    return changes;
  });
}

/** What the site would put into pages as HTML (prose and diagrams), for the same scan as a built page. */
function renderedHtml(model: ReturnType<typeof siteViews>): string[] {
  const out: string[] = [];
  for (const area of model.areas) {
    if (area.descriptionHtml) out.push(area.descriptionHtml);
    for (const f of area.facets) if (f.html) out.push(f.html);
    for (const item of area.items) {
      if (item.descriptionHtml) out.push(item.descriptionHtml);
      if (item.machine?.svg) out.push(item.machine.svg);
      for (const f of item.facets) if (f.html) out.push(f.html);
    }
  }
  return out;
}

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Runs everything the core does on a spec; returns problems that would be crashes, lies or holes. */
export function exercise(files: Map<string, string>, diagram?: (dot: string) => string): string[] {
  const encoder = new TextEncoder();
  const list: SpecFile[] = [...files].map(([path, text]) => ({ path, bytes: encoder.encode(text) }));
  const analysis = analyze(list);
  const report = gapReport(analysis.assessment, levelsOf(analysis.spec));
  const outputs = { markdown: gapsMarkdown(report, 'fuzz'), text: gapsText(report), doc: specMarkdown(analysis) };
  const model = siteViews(analysis, diagram ? { diagram } : {});
  const problems: string[] = [];
  for (const d of analysis.diagnostics) {
    if (!(d.line >= 1 && d.column >= 1)) problems.push(`unlocated diagnostic ${JSON.stringify(d)}`);
    if (!files.has(d.file)) problems.push(`diagnostic for an unknown file ${d.file}`);
    if (d.code === 'internal-error') problems.push(d.message);
  }
  for (const [name, text] of Object.entries(outputs)) if (CONTROL.test(text)) problems.push(`raw control character in the ${name} output`);
  for (const html of renderedHtml(model)) for (const part of unsafeParts(parseHtml(html), MARKER)) problems.push(`rendered HTML: ${part}`);
  return problems;
}

/** A seed spec with only hostile edits, several per file: payloads everywhere text reaches a page. */
export function hostileSpec(all = seeds()) {
  return fc.array(fc.record({ file: fc.nat(), edits: fc.array(hostileEdit, { minLength: 1, maxLength: 6 }) }), { minLength: 3, maxLength: 8 }).map((changes) => {
    const files = new Map(all.map((f) => [f.path, f.text]));
    const paths = [...files.keys()];
    for (const change of changes) {
      const path = paths[change.file % paths.length] ?? '';
      files.set(path, change.edits.reduce(applyHostile, files.get(path) ?? ''));
    }
    return files;
  });
}

/** `count` hostile specs that `check` passes (so the site builds), the same ones for the same seed. */
export function buildableSamples(count: number, seed: number): Array<Map<string, string>> {
  const out: Array<Map<string, string>> = [];
  const encoder = new TextEncoder();
  for (const files of fc.sample(hostileSpec(), { numRuns: count * 50, seed })) {
    // As in the hostile fixture: raw HTML and unsafe links only warn, so the site renders them.
    files.set('specbench.yaml', 'checks:\n  raw-html: warning\n  unsafe-link: warning\n');
    const { diagnostics } = analyze([...files].map(([path, text]) => ({ path, bytes: encoder.encode(text) })));
    if (!diagnostics.some((d) => d.severity === 'error')) out.push(files);
    if (out.length === count) break;
  }
  return out;
}
