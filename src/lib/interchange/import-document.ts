import { AREAS } from '../areas/index.ts';
import { isObj } from '../facet/state.ts';
import { mapProse } from '../link/prose.ts';
import { readApiDocument, type RefPolicy } from '../load/read-document.ts';
import { importAsyncApi } from './asyncapi/import.ts';
import { importOpenApi } from './openapi/import.ts';
import { swaggerPointer } from './openapi/swagger2.ts';
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
  const mapped = doc.kind === 'openapi' ? importOpenApi(doc.doc, doc.resolve, doc.source) : importAsyncApi(doc.doc, doc.raw);
  const result = doc.source === 'Swagger 2.0' ? { ...mapped, unmapped: uniqueUnmapped(mapped.unmapped.map((u) => ({ ...u, pointer: swaggerPointer(u.pointer, doc.raw, doc.doc) }))) } : mapped;
  return markdownDescriptions(result, doc.raw);
}

/**
 * Every description and prose facet of an import as Markdown without raw HTML. A link a page would
 * not follow (`javascript:`, `data:`…) keeps its text and loses its address, which is listed as
 * unmapped at each string of `source` (the document as written) that holds it.
 */
export async function markdownDescriptions(result: ImportResult, source?: unknown): Promise<ImportResult> {
  const { describedAsMarkdown } = await import('./html.ts');
  const dropped = new Set<string>();
  const convert = (text: string) => {
    const out = describedAsMarkdown(text);
    for (const url of out.dropped) dropped.add(url);
    return out.text;
  };
  const areas: Record<string, unknown> = {};
  for (const module of AREAS) {
    const data = result.areas[module.key];
    if (data !== undefined) areas[module.key] = mapProse(module.schema, data, convert);
  }
  const items = result.items.map((item) => {
    const schema = AREAS.find((m) => m.key === item.area)?.items?.schema;
    return schema ? { ...item, data: mapProse(schema, item.data, convert) } : item;
  });
  const unmapped: Unmapped[] = [...result.unmapped];
  if (dropped.size > 0) {
    for (const { pointer, text } of strings(source)) {
      for (const url of dropped) {
        if (text.includes(url)) unmapped.push({ pointer, reason: `the link to \`${url.length > 80 ? `${url.slice(0, 79)}…` : url}\` is not kept, as a page would not follow it; its text is` });
      }
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
