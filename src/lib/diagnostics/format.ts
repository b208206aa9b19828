import { codeFrameColumns } from '@babel/code-frame';
import { escapeControls, safeJson, visible } from '../safety/terminal.ts';
import type { Diagnostic } from './diagnostic.ts';

/**
 * `file:line:col severity code message`, with a code frame when the source text is known. Names,
 * messages and source lines come from the spec, so control characters are shown as visible
 * symbols and each message is one line: nothing in a file can move the cursor, clear the
 * screen, fake a verdict or start a line of its own.
 */
export function formatHuman(diagnostics: readonly Diagnostic[], sourceText: (file: string) => string | undefined, root = ''): string {
  return escapeControls(formatHumanRaw(diagnostics, sourceText, root));
}

function formatHumanRaw(diagnostics: readonly Diagnostic[], sourceText: (file: string) => string | undefined, root: string): string {
  // Each file's lines are found once: a frame then costs its three lines, not the whole file.
  const indexed = new Map<string, SourceLines | undefined>();
  const linesOf = (file: string) => {
    if (!indexed.has(file)) {
      const text = sourceText(file);
      indexed.set(file, text === undefined ? undefined : new SourceLines(text));
    }
    return indexed.get(file);
  };
  return diagnostics
    .map((d) => {
      // One line each: a line break from the content (a key, a file name) is shown as `\n`.
      const head = `${root}${visible(d.file)}:${d.line}:${d.column} ${d.severity} ${d.code} ${visible(d.message)}`;
      const lines = linesOf(d.file);
      const related = (d.related ?? []).map((r) => `\n  ${root}${visible(r.file)}:${r.line}:${r.column} ${visible(r.message)}`).join('');
      return `${head}${related}${lines === undefined ? '' : `\n${frame(lines, d)}`}\n`;
    })
    .join('\n');
}

/** The lines of a text, found by their starts in one pass; a line is sliced out when it is asked for. */
class SourceLines {
  readonly text: string;
  readonly starts: number[] = [0];

  constructor(text: string) {
    this.text = text;
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) this.starts.push(at + 1);
  }

  get count(): number {
    return this.starts.length;
  }

  /** Line `n` (1-based) without its line end. */
  line(n: number): string {
    const start = this.starts[n - 1];
    if (start === undefined) return '';
    const end = this.starts[n];
    return this.text.slice(start, end === undefined ? this.text.length : end - 1).replace(/\r$/, '');
  }
}

/** Widest part of a line a frame shows; longer lines are cut around the column. */
const WIDTH = 100;

/** The lines around a diagnostic, each cut to a window around its column so huge lines stay readable. */
function frame(lines: SourceLines, d: Diagnostic): string {
  const first = Math.max(1, Math.min(d.line, lines.count) - 1);
  const last = Math.min(lines.count, d.line + 1);
  const start = Math.max(0, d.column - 1 - WIDTH / 2);
  const shift = (line: string) => (line.length > WIDTH ? start - (start > 0 ? 1 : 0) : 0);
  const cut = (line: string) => (line.length <= WIDTH ? line : `${start > 0 ? '…' : ''}${line.slice(start, start + WIDTH)}${line.length > start + WIDTH ? '…' : ''}`);
  // Cut, then made safe: control characters become one-column symbols, so the caret stays under the
  // right column, and a line or paragraph separator (which the frame would take for a line end) a symbol too.
  const shown: string[] = [];
  for (let n = first; n <= last; n++) shown.push(escapeControls(cut(lines.line(n))).replace(/[\u2028\u2029]/g, '\u2424'));
  const offset = shift(lines.line(d.line));
  const column = d.column - offset;
  const end = d.endLine === d.line && d.endColumn !== undefined ? Math.min(d.endColumn - offset, column + WIDTH) : undefined;
  // @babel/code-frame 8 counts columns from 0; ours count from 1.
  const loc = { start: { line: d.line, column: column - 1 }, ...(end !== undefined && end > column ? { end: { line: d.line, column: end - 1 } } : {}) };
  return codeFrameColumns(shown.join('\n'), loc, { linesAbove: 1, linesBelow: 1, startLine: first });
}

/** One JSON document with every diagnostic. */
export function formatJson(diagnostics: readonly Diagnostic[]): string {
  return `${safeJson({ diagnostics })}\n`;
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
      return `::${COMMAND[d.severity]} ${props.map((p) => escapeProperty(escapeControls(p))).join(',')}::${escapeData(escapeControls(d.message))}\n`;
    })
    .join('');
}

/** "2 errors, 1 warning" or "no problems". */
export function summary(diagnostics: readonly Diagnostic[]): string {
  const count = (s: Diagnostic['severity']) => diagnostics.filter((d) => d.severity === s).length;
  const parts = (['error', 'warning', 'hint'] as const).map((s) => [count(s), s] as const).filter(([n]) => n > 0);
  return parts.length === 0 ? 'no problems' : parts.map(([n, s]) => `${n} ${s}${n === 1 ? '' : 's'}`).join(', ');
}
