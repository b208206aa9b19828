import { hasErrors, type Diagnostic } from './diagnostic.ts';
import { formatHuman, summary } from './format.ts';

/**
 * Why a command will not work on a spec with errors (counting its gaps, exporting it), with the
 * errors located; undefined when it has none.
 */
export function refuseOnErrors(diagnostics: readonly Diagnostic[], sourceText: (file: string) => string | undefined, root: string, doing: string): string | undefined {
  if (!hasErrors(diagnostics)) return undefined;
  const errors = diagnostics.filter((d) => d.severity === 'error');
  return `${formatHuman(errors, sourceText, root)}\n${summary(errors)}: fix these before ${doing}.\n`;
}
