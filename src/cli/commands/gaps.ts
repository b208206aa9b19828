import { readFile, writeFile } from 'node:fs/promises';
import { gapReport, gapsJson, gapsMarkdown, gapsText, levelsOf, refuseOnErrors } from '../../lib/index.ts';
import { EXIT, UsageError, type Io } from '../io.ts';
import { loadFromDisk } from '../load.ts';
import type { Options } from '../options.ts';

const FORMATS = ['text', 'markdown', 'json'] as const;

/** `specbench gaps`: the gap report; `--write` and `--check` keep SPEC_GAPS.md current. */
export async function gapsCommand(options: Options, io: Io): Promise<number> {
  const format = options.format ?? 'text';
  if (!(FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format for gaps is one of ${FORMATS.join(', ')}`);
  const { analysis, dir, root } = await loadFromDisk(io, options);
  const refusal = refuseOnErrors(analysis.diagnostics, (f) => analysis.spec.sources.get(f)?.text, root, 'the gaps can be counted');
  if (refusal) {
    io.err(refusal);
    return EXIT.problems;
  }
  const report = gapReport(analysis.assessment, levelsOf(analysis.spec), options.owner !== undefined ? { owner: options.owner } : {});
  const markdown = gapsMarkdown(report, dir);
  if (options.check !== undefined) {
    const current = await readFile(options.check, 'utf8').catch(() => undefined);
    if (current === markdown) {
      io.out(`${options.check} is current (${report.gapCount} open gaps).\n`);
      return EXIT.ok;
    }
    io.err(`${options.check} is ${current === undefined ? 'missing' : 'stale'}: run \`npm run gaps\` and commit it.\n`);
    return EXIT.problems;
  }
  if (options.write !== undefined) {
    await writeFile(options.write, markdown);
    io.out(`Wrote ${options.write}: ${report.gapCount} open gaps.\n`);
    return EXIT.ok;
  }
  io.out(format === 'markdown' ? markdown : format === 'json' ? gapsJson(report) : gapsText(report));
  return EXIT.ok;
}
