import { writeFile } from 'node:fs/promises';
import { safeJson } from '../../lib/safety/terminal.ts';
import { stringify } from 'yaml';
import { exportAsyncApi, exportOpenApi, formatHuman, hasErrors, specMarkdown, summary } from '../../lib/index.ts';
import { EXIT, UsageError, type Io } from '../io.ts';
import { loadFromDisk } from '../load.ts';
import type { Options } from '../main.ts';

const TARGETS = ['openapi', 'asyncapi', 'markdown'] as const;

/** `specbench export openapi|asyncapi|markdown`: what is stated, in the formats others use. */
export async function exportCommand(options: Options, io: Io, args: string[]): Promise<number> {
  const [target, ...extra] = args;
  if (!target || extra.length > 0 || !(TARGETS as readonly string[]).includes(target)) throw new UsageError(`usage: specbench export ${TARGETS.join('|')} [--write FILE]`);
  const { analysis, root } = await loadFromDisk(io, options.spec);
  if (hasErrors(analysis.diagnostics)) {
    const errors = analysis.diagnostics.filter((d) => d.severity === 'error');
    io.err(`${formatHuman(errors, (f) => analysis.spec.sources.get(f)?.text, root)}\n${summary(errors)}: fix these before exporting.\n`);
    return EXIT.problems;
  }
  const file = options.write;
  const text =
    target === 'markdown'
      ? specMarkdown(analysis)
      : ((doc) => (file && /\.ya?ml$/.test(file) ? stringify(doc, { lineWidth: 0, aliasDuplicateObjects: false }) : `${safeJson(doc)}\n`))(target === 'openapi' ? exportOpenApi(analysis) : exportAsyncApi(analysis));
  if (file) {
    await writeFile(file, text);
    io.out(`Wrote ${file}.\n`);
  } else io.out(text);
  return EXIT.ok;
}
