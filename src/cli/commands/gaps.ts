import { gapReport, gapsJson, gapsMarkdown, gapsText, refuseOnErrors } from '../../lib/index.ts';
import { compareFile, writeFileAtomic } from '../files.ts';
import { EXIT, UsageError, type Io } from '../io.ts';
import { loadSummary } from '../load.ts';
import type { Options } from '../options.ts';
import { rerunCommand } from '../rerun.ts';

const FORMATS = ['text', 'markdown', 'json'] as const;

/** What `npm run gaps` and `npm run gaps:check` run (package.json), spelt with the folder they read by default. */
const NPM_GAPS = { name: 'gaps', args: ['gaps', '--spec', 'content', '--write', 'SPEC_GAPS.md'] };
const NPM_GAPS_CHECK = { name: 'gaps:check', args: ['gaps', '--spec', 'content', '--check', 'SPEC_GAPS.md'] };

/** `specbench gaps`: the gap report; `--write` and `--check` keep SPEC_GAPS.md current. */
export async function gapsCommand(options: Options, io: Io): Promise<number> {
  const format = options.format ?? 'text';
  if (!(FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format for gaps is one of ${FORMATS.join(', ')}`);
  const { summary, text, dir, root } = await loadSummary(io, options);
  const refusal = refuseOnErrors(summary.diagnostics, text, root, 'the gaps can be counted');
  if (refusal) {
    io.err(refusal);
    return EXIT.problems;
  }
  const report = gapReport(summary, summary.levels, options.owner !== undefined ? { owner: options.owner } : {});
  // The commands that rewrite and verify this very file from this very folder: `npm run gaps` only does content/.
  const file = options.write ?? options.check ?? 'SPEC_GAPS.md';
  const owner = options.owner !== undefined ? ['--owner', options.owner] : [];
  const commands = {
    write: rerunCommand(NPM_GAPS, ['gaps', '--spec', dir, ...owner, '--write', file]),
    check: rerunCommand(NPM_GAPS_CHECK, ['gaps', '--spec', dir, ...owner, '--check', file]),
  };
  const markdown = gapsMarkdown(report, dir, commands);
  if (options.check !== undefined) {
    const state = await compareFile(options.check, markdown);
    if (state === 'current') {
      io.out(`${options.check} is current (${report.gapCount} open gaps).\n`);
      return EXIT.ok;
    }
    io.err(`${options.check} is ${state}: run \`${commands.write}\` and commit it.\n`);
    return EXIT.problems;
  }
  if (options.write !== undefined) {
    await writeFileAtomic(options.write, markdown);
    io.out(`Wrote ${options.write}: ${report.gapCount} open gaps.\n`);
    return EXIT.ok;
  }
  io.out(format === 'markdown' ? markdown : format === 'json' ? gapsJson(report) : gapsText(report));
  return EXIT.ok;
}
