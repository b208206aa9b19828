import { counted, escapeControls, EXPORT_TARGETS, exported, refuseOnErrors, UNEXPORTED_EXTENSION, type ExportTarget } from '../../lib/index.ts';
import { writeFileAtomic } from '../files.ts';
import { EXIT, UsageError, type Io } from '../io.ts';
import { loadFromDisk } from '../load.ts';
import type { Options } from '../options.ts';

/** How many values the export lists on stderr that it leaves out; the document lists them all. */
const SHOWN = 20;

/** `specbench export openapi|asyncapi|markdown`: what is stated, in the formats others use. */
export async function exportCommand(options: Options, io: Io, args: string[]): Promise<number> {
  const [target, ...extra] = args;
  if (!target || extra.length > 0 || !(EXPORT_TARGETS as readonly string[]).includes(target)) throw new UsageError(`usage: specbench export ${EXPORT_TARGETS.join('|')} [--write FILE]`);
  const { analysis, root } = await loadFromDisk(io, options);
  const refusal = refuseOnErrors(analysis.diagnostics, (f) => analysis.spec.sources.get(f)?.text, root, 'exporting');
  if (refusal) {
    io.err(refusal);
    return EXIT.problems;
  }
  const file = options.write;
  const { text, unexported, notes } = exported(analysis, target as ExportTarget, file && /\.ya?ml$/.test(file) ? 'yaml' : 'json');
  // What the document cannot carry is said, never dropped in silence (it is also listed under x-specbench-unexported).
  if (unexported.length) {
    const shown = unexported.slice(0, SHOWN);
    const more = unexported.length - shown.length;
    io.err(
      `${counted(unexported.length, 'stated value')} not in the ${target} export (all listed under ${UNEXPORTED_EXTENSION} in it):\n` +
        `${shown.map((u) => `  ${escapeControls(u.id)}: ${escapeControls(u.reason)}`).join('\n')}\n${more > 0 ? `  …and ${more} more\n` : ''}`,
    );
  }
  if (notes.length) io.err(`${notes.map((n) => escapeControls(n)).join('\n')}\n`);
  if (file) {
    await writeFileAtomic(file, text);
    io.out(`Wrote ${file}.\n`);
  } else io.out(text);
  return EXIT.ok;
}
