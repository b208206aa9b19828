import type { Analysis } from '../analyze.ts';
import { specMarkdown } from '../render/text/spec-markdown.ts';
import { safeJson } from '../safety/terminal.ts';
import { exportAsyncApi } from './asyncapi/export.ts';
import { UNEXPORTED_EXTENSION } from './export-common.ts';
import { exportOpenApi } from './openapi/export.ts';
import { madeOperationIds } from './openapi/made-ids.ts';
import { yamlText } from './yaml-text.ts';

/** What `export` writes and the site publishes. */
export const EXPORT_TARGETS = ['openapi', 'asyncapi', 'markdown'] as const;
export type ExportTarget = (typeof EXPORT_TARGETS)[number];

/**
 * An export as text: OpenAPI and AsyncAPI as JSON (or YAML), the spec as one Markdown document;
 * with what the spec states that the document cannot carry (also listed inside it), and notes on
 * what it writes that the spec does not state.
 */
export function exported(analysis: Analysis, target: ExportTarget, format: 'json' | 'yaml' = 'json'): { text: string; unexported: Array<{ id: string; reason: string }>; notes: string[] } {
  if (target === 'markdown') return { text: specMarkdown(analysis), unexported: [], notes: [] };
  const doc = target === 'openapi' ? exportOpenApi(analysis) : exportAsyncApi(analysis);
  const unexported = Array.isArray(doc[UNEXPORTED_EXTENSION]) ? (doc[UNEXPORTED_EXTENSION] as Array<{ id: string; reason: string }>) : [];
  // What the export writes that no one stated (OpenAPI's operationIds, from the items' ids).
  const notes = target === 'openapi' ? madeOperationIds(analysis) : [];
  return { text: format === 'yaml' ? yamlText(doc) : `${safeJson(doc)}\n`, unexported, notes };
}

/** The files the site publishes for download, linked from its dashboard: each made from the analysis when it is asked for. */
export const DOWNLOADS: ReadonlyArray<{ file: string; title: string; target: ExportTarget }> = [
  { file: 'openapi.json', title: 'OpenAPI 3.1 (JSON)', target: 'openapi' },
  { file: 'asyncapi.json', title: 'AsyncAPI 3.0 (JSON)', target: 'asyncapi' },
  { file: 'spec.md', title: 'The whole spec as one Markdown document', target: 'markdown' },
];

/** One published file's text, byte for byte what `specbench export` writes. */
export function download(analysis: Analysis, file: string): string | undefined {
  const target = DOWNLOADS.find((d) => d.file === file)?.target;
  return target === undefined ? undefined : exported(analysis, target).text;
}
