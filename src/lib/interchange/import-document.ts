import { AREAS } from '../areas/index.ts';
import { isObj, isOpenValue } from '../facet/state.ts';
import { PROSE_LIMITS, proseLimit } from '../link/markdown.ts';
import { mapProse } from '../link/prose.ts';
import { readApiDocument, type RefPolicy } from '../load/read-document.ts';
import { importAsyncApi } from './asyncapi/import.ts';
import { importOpenApi } from './openapi/import.ts';
import { restoreProduces, swaggerPointer } from './openapi/swagger2.ts';
import { seg, uniqueUnmapped, type ImportResult, type Unmapped } from './result.ts';

/**
 * An OpenAPI, Swagger 2.0 or AsyncAPI file as spec content: read within bounds and validated,
 * mapped to items, and its descriptions made Markdown without raw HTML (`htmlToMarkdown`), so that
 * what it imports passes `check`. Every pointer of the unmapped list is into the file as written
 * (a Swagger 2.0 file's own, not the upgraded document's). The HTML converter loads only when a
 * description has something to convert.
 */
export async function importDocument(file: string, policy: RefPolicy = {}): Promise<ImportResult> {
  const doc = await readApiDocument(file, policy);
  if (doc.source === 'Swagger 2.0') restoreProduces(doc.raw, doc.doc);
  const mapped = doc.kind === 'openapi' ? importOpenApi(doc.doc, doc.resolve, doc.source) : importAsyncApi(doc.doc, doc.raw);
  const result = doc.source === 'Swagger 2.0' ? { ...mapped, unmapped: uniqueUnmapped(mapped.unmapped.map((u) => ({ ...u, pointer: swaggerPointer(u.pointer, doc.raw, doc.doc) }))) } : mapped;
  return markdownDescriptions(result, doc.raw);
}

/** What stands for a prose value that is not kept, until its key is removed. */
const DROPPED = '\u0000specbench-dropped\u0000';

/** Data with every key whose value is `DROPPED` removed. */
function withoutDropped(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDropped);
  if (!isObj(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== DROPPED).map(([k, v]) => [k, withoutDropped(v)]));
}

/** The questions open facets ask in their own words, which count as prose. */
function questions(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) questions(v, out);
  else if (isObj(value)) {
    if (isOpenValue(value) && typeof value.open === 'string') out.push(value.open);
    for (const v of Object.values(value)) questions(v, out);
  }
  return out;
}

/**
 * Every description and prose facet of an import as Markdown without raw HTML, within the limits
 * `check` holds prose to. A link a page would not follow (`javascript:`, `data:`…) keeps its text
 * and loses its address; a value past the limits of one prose value is not kept, nor, longest
 * first, the values that take a file past its prose budget. Each is listed as unmapped at every
 * string of `source` (the document as written) that holds it.
 */
export async function markdownDescriptions(result: ImportResult, source?: unknown): Promise<ImportResult> {
  const { describedAsMarkdown } = await import('./html.ts');
  const dropped = new Set<string>();
  const comments = new Set<string>();
  const notKept = new Map<string, string>();
  const original = new Map<string, string>();
  const convert = (text: string) => {
    const out = describedAsMarkdown(text);
    for (const url of out.dropped) dropped.add(url);
    for (const c of out.comments) comments.add(c);
    // HTML with no text (`<p/>`, as AWS documents write an empty description) says nothing: no description is kept, as for an empty one.
    if (out.text !== text && out.text.trim() === '' && text.trim() !== '') return DROPPED;
    const limit = proseLimit(out.text);
    if (limit !== undefined) {
      notKept.set(text, `the text is past the limits of one prose value (${limit.split(';')[0]}); it is not kept`);
      return DROPPED;
    }
    original.set(out.text, text);
    return out.text;
  };
  /** One file's data: converted, and within the file's prose budget. */
  const fit = <T>(schema: Parameters<typeof mapProse>[0], data: T): T => {
    const mapped = mapProse(schema, data, convert);
    const prose: string[] = [];
    mapProse(schema, mapped, (t) => (t !== DROPPED && prose.push(t), t));
    let total = [...prose, ...questions(mapped)].reduce((n, t) => n + t.length, 0);
    const over = new Set<string>();
    for (const text of [...prose].sort((a, b) => b.length - a.length || (a < b ? -1 : 1))) {
      if (total <= PROSE_LIMITS.file) break;
      over.add(text);
      total -= text.length;
      notKept.set(original.get(text) ?? text, `the file it would go to passes the ${PROSE_LIMITS.file.toLocaleString('en')} characters of prose one file holds; this text of ${text.length.toLocaleString('en')} characters, among the longest, is not kept`);
    }
    return withoutDropped(over.size > 0 ? mapProse(schema, mapped, (t) => (over.has(t) ? DROPPED : t)) : mapped) as T;
  };
  const areas: Record<string, unknown> = {};
  for (const module of AREAS) {
    const data = result.areas[module.key];
    if (data !== undefined) areas[module.key] = fit(module.schema, data);
  }
  const items = result.items.map((item) => {
    const schema = AREAS.find((m) => m.key === item.area)?.items?.schema;
    return schema ? { ...item, data: fit(schema, item.data) } : item;
  });
  const unmapped: Unmapped[] = [...result.unmapped];
  if (dropped.size > 0 || notKept.size > 0 || comments.size > 0) {
    for (const { pointer, text } of strings(source)) {
      for (const c of comments) {
        if (text.includes(c)) unmapped.push({ pointer, reason: `the HTML comment \`${c.length > 80 ? `${c.slice(0, 79)}…` : c}\` is not kept, as a page does not show it` });
      }
      for (const url of dropped) {
        if (text.includes(url)) unmapped.push({ pointer, reason: `the link to \`${url.length > 80 ? `${url.slice(0, 79)}…` : url}\` is not kept, as a page would not follow it; its text is` });
      }
      const why = notKept.get(text);
      if (why !== undefined) unmapped.push({ pointer, reason: why });
    }
  }
  return { ...result, areas: areas as ImportResult['areas'], items: items as ImportResult['items'], unmapped: uniqueUnmapped(unmapped) };
}

/** Every string of a document, with its JSON pointer. */
function strings(value: unknown): Array<{ pointer: string; text: string }> {
  const out: Array<{ pointer: string; text: string }> = [];
  const stack: Array<[unknown, string]> = [[value, '']];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const [v, pointer] = stack.pop() as [unknown, string];
    if (typeof v === 'string') out.push({ pointer, text: v });
    else if ((Array.isArray(v) || isObj(v)) && !seen.has(v)) {
      seen.add(v);
      for (const [k, x] of Object.entries(v)) stack.push([x, `${pointer}/${seg(k)}`]);
    }
  }
  return out.sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));
}
