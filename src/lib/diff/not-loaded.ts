import { compareDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { counted } from '../facet/words.ts';
import { markdownCode, markdownQuiet } from '../safety/markdown.ts';
import { safeJson } from '../safety/terminal.ts';
import { DIFF_MARKER } from './render.ts';

/** How many of the head's errors a report names; `specbench check` lists them all. */
export const NOT_LOADED_SHOWN = 10;

/** A message as a report shows it: at most this many characters (a message may quote a whole value). */
const MESSAGE_MAX = 300;

const errorsOf = (diagnostics: readonly Diagnostic[]) => diagnostics.filter((d) => d.severity === 'error').sort(compareDiagnostics);
const cut = (text: string) => (text.length > MESSAGE_MAX ? `${text.slice(0, MESSAGE_MAX - 1)}…` : text);

/**
 * The report of a change whose head does not load (a YAML error, a value `check` refuses): nothing
 * about it is counted, since a file that does not load reads as an item removed and a value that
 * is refused as a gap closed. It says so, with the first errors located, in place of the diff
 * (the pull-request comment says what to fix, never that a gap closed that no one answered).
 */
export function notLoadedMarkdown(diagnostics: readonly Diagnostic[], range: string): string {
  const errors = errorsOf(diagnostics);
  const shown = errors.slice(0, NOT_LOADED_SHOWN);
  const more = errors.length - shown.length;
  return [
    DIFF_MARKER,
    '## Spec changes',
    '',
    `The spec at ${range} does not load: ${counted(errors.length, 'error')}. Nothing of this change is counted until it loads: no gap is said to close or open, no item to be added, removed or changed, no change to break clients. \`specbench check\` lists every error${more > 0 ? '' : ''}; ${shown.length === errors.length ? 'they are' : `the first ${shown.length} are`}:`,
    '',
    ...shown.map((d) => `- ${markdownCode(`${d.file}:${d.line}:${d.column}`)} ${markdownCode(d.code)} ${markdownQuiet(cut(d.message))}`),
    ...(more > 0 ? [`- and ${counted(more, 'more error')}`] : []),
    '',
  ].join('\n');
}

/** The same as JSON: `loaded: false` and every error, located (a program reading `diff --format json` never mistakes it for a change). */
export function notLoadedJson(diagnostics: readonly Diagnostic[], range: { base: string; head: string }): string {
  const errors = errorsOf(diagnostics).map((d) => ({ file: d.file, line: d.line, column: d.column, code: d.code, message: d.message }));
  return `${safeJson({ ...range, loaded: false, errors })}\n`;
}
