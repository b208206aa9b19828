import { codeFrameColumns } from '@babel/code-frame';
import type { Diagnostic } from './diagnostic.ts';

/** `file:line:col severity code message`, with a code frame when the source text is known. */
export function formatHuman(diagnostics: readonly Diagnostic[], sourceText: (file: string) => string | undefined, root = ''): string {
  return diagnostics
    .map((d) => {
      const head = `${root}${d.file}:${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`;
      const text = sourceText(d.file);
      const frame =
        text === undefined
          ? ''
          : `\n${codeFrameColumns(text, { start: { line: d.line, column: d.column }, ...(d.endLine !== undefined ? { end: { line: d.endLine, column: d.endColumn ?? d.column } } : {}) }, { linesAbove: 1, linesBelow: 1 })}`;
      const related = (d.related ?? []).map((r) => `\n  ${root}${r.file}:${r.line}:${r.column} ${r.message}`).join('');
      return `${head}${related}${frame}\n`;
    })
    .join('\n');
}

/** One JSON document with every diagnostic. */
export function formatJson(diagnostics: readonly Diagnostic[]): string {
  return `${JSON.stringify({ diagnostics }, null, 2)}\n`;
}

const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
const COMMAND = { error: 'error', warning: 'warning', hint: 'notice' } as const;

/** GitHub Actions workflow commands: each diagnostic becomes an annotation on the pull request. */
export function formatGithub(diagnostics: readonly Diagnostic[], root = ''): string {
  return diagnostics
    .map((d) => {
      const props = [`file=${root}${d.file}`, `line=${d.line}`, `col=${d.column}`];
      if (d.endLine !== undefined) props.push(`endLine=${d.endLine}`);
      if (d.endColumn !== undefined && d.endLine === d.line) props.push(`endColumn=${d.endColumn}`);
      props.push(`title=${d.code}`);
      return `::${COMMAND[d.severity]} ${props.map(escapeProperty).join(',')}::${escapeData(d.message)}\n`;
    })
    .join('');
}

/** "2 errors, 1 warning" or "no problems". */
export function summary(diagnostics: readonly Diagnostic[]): string {
  const count = (s: Diagnostic['severity']) => diagnostics.filter((d) => d.severity === s).length;
  const parts = (['error', 'warning', 'hint'] as const).map((s) => [count(s), s] as const).filter(([n]) => n > 0);
  return parts.length === 0 ? 'no problems' : parts.map(([n, s]) => `${n} ${s}${n === 1 ? '' : 's'}`).join(', ');
}
