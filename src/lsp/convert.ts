import { fileURLToPath, pathToFileURL } from 'node:url';
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic, type Position, type Range } from 'vscode-languageserver/node';
import type { Diagnostic, Severity } from '../lib/index.ts';

/** A place as the core writes it: 1-based line and column, an optional end. */
export interface Place {
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
}

/** The core's 1-based place as an LSP range (0-based; UTF-16 columns on both sides); a place without an end is an empty range. */
export function toRange(place: Place): Range {
  const start = { line: place.line - 1, character: place.column - 1 };
  const end = place.endLine === undefined ? start : { line: place.endLine - 1, character: (place.endColumn ?? place.column) - 1 };
  return { start, end };
}

/** An LSP position as the core's 1-based line and column. */
export function fromPosition(p: Position): { line: number; column: number } {
  return { line: p.line + 1, column: p.character + 1 };
}

const SEVERITY: Record<Severity, DiagnosticSeverity> = { error: DiagnosticSeverity.Error, warning: DiagnosticSeverity.Warning, hint: DiagnosticSeverity.Hint };

/** What an LSP diagnostic carries back to the server (a code action asks for it): the core's diagnostic, as `check` gives it. */
export interface DiagnosticData {
  specbench: Diagnostic;
}

/** `check`'s diagnostic as the editor shows it: the same code, severity, range, message (with its hints) and related places. */
export function toLspDiagnostic(d: Diagnostic, uriOf: (file: string) => string): LspDiagnostic {
  return {
    range: toRange(d),
    severity: SEVERITY[d.severity],
    code: d.code,
    source: 'specbench',
    message: d.message,
    ...(d.related && d.related.length > 0 ? { relatedInformation: d.related.map((r) => ({ location: { uri: uriOf(r.file), range: toRange(r) }, message: r.message })) } : {}),
    data: { specbench: d } satisfies DiagnosticData,
  };
}

/** A file URI as a path; undefined for a URI that is no file (`untitled:`, a remote one). */
export function uriToPath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

export function pathToUri(path: string): string {
  return pathToFileURL(path).href;
}
