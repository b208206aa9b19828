import { AREAS } from '../areas/index.ts';
import { mapProse } from '../link/prose.ts';
import { readApiDocument } from '../load/read-document.ts';
import { importAsyncApi } from './asyncapi/import.ts';
import { importOpenApi } from './openapi/import.ts';
import type { ImportResult } from './result.ts';

/**
 * An OpenAPI, Swagger 2.0 or AsyncAPI file as spec content: read and validated, mapped to items,
 * and its descriptions made Markdown without raw HTML (`htmlToMarkdown`), so that what it imports
 * passes `check`. The HTML converter loads only when a description has something to convert.
 */
export async function importDocument(file: string): Promise<ImportResult> {
  const doc = await readApiDocument(file);
  const result = doc.kind === 'openapi' ? importOpenApi(doc.doc, doc.resolve) : importAsyncApi(doc.doc, doc.raw);
  return markdownDescriptions(result);
}

/** Every description and prose facet of an import as Markdown without raw HTML. */
export async function markdownDescriptions(result: ImportResult): Promise<ImportResult> {
  const { htmlToMarkdown } = await import('./html.ts');
  const areas: Record<string, unknown> = {};
  for (const module of AREAS) {
    const data = result.areas[module.key];
    if (data !== undefined) areas[module.key] = mapProse(module.schema, data, htmlToMarkdown);
  }
  const items = result.items.map((item) => {
    const schema = AREAS.find((m) => m.key === item.area)?.items?.schema;
    return schema ? { ...item, data: mapProse(schema, item.data, htmlToMarkdown) } : item;
  });
  return { ...result, areas: areas as ImportResult['areas'], items: items as ImportResult['items'] };
}
