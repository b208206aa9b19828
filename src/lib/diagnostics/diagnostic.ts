/** How bad a diagnostic is; `error` fails `check` and the site build. */
export type Severity = 'error' | 'warning' | 'hint';

/** A place in a content file, 1-based like `yaml`'s LineCounter. */
export interface Span {
  file: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
}

/** Another place involved in a diagnostic, e.g. the first of two duplicates. */
export interface Related extends Span {
  message: string;
}

/** One problem in the spec, from YAML syntax to a dangling reference. */
export interface Diagnostic extends Span {
  /** Stable code, e.g. `yaml-syntax`, `unknown-key`. */
  code: string;
  severity: Severity;
  /** What was found, what was expected, what to do. */
  message: string;
  related?: Related[];
}

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, hint: 2 };

/** Orders diagnostics by file, position, then code, so every output is deterministic. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    compareStrings(a.file, b.file) ||
    a.line - b.line ||
    a.column - b.column ||
    SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
    compareStrings(a.code, b.code) ||
    compareStrings(a.message, b.message)
  );
}

/**
 * The order of `compareDiagnostics`, but the diagnostics of `causes` first: files that could not be
 * read, whose own errors others' ("… could not be read; fix that file first") only follow from, so
 * the one that matters is read first.
 */
export function causesFirst(causes: ReadonlySet<string>): (a: Diagnostic, b: Diagnostic) => number {
  if (causes.size === 0) return compareDiagnostics;
  return (a, b) => Number(!causes.has(a.file)) - Number(!causes.has(b.file)) || compareDiagnostics(a, b);
}

/** Code-point order: the same on every machine and locale. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}
