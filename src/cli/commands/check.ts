import { blockingWords, didYouMean, formatGithub, formatHuman, formatJson, readiness, summary as countWords, visible, type Summary } from '../../lib/index.ts';
import { EXIT, UsageError, type Io } from '../io.ts';
import { loadSummary } from '../load.ts';
import type { Options } from '../options.ts';

const FORMATS = ['human', 'json', 'github'] as const;

/** `specbench check`: every diagnostic, exit 1 when one reaches `--fail-on` or the spec is short of `--target-level`. */
export async function checkCommand(options: Options, io: Io): Promise<number> {
  const format = options.format ?? 'human';
  if (!(FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format for check is one of ${FORMATS.join(', ')}`);
  const failOn = options['fail-on'] ?? 'error';
  if (failOn !== 'error' && failOn !== 'warning') throw new UsageError('--fail-on is error or warning');
  const { summary, text, root } = await loadSummary(io, options);
  const { diagnostics } = summary;
  const failing = diagnostics.some((d) => d.severity === 'error' || (failOn === 'warning' && d.severity === 'warning'));
  // Before anything is printed: an unknown level is a usage error.
  const target = options['target-level'];
  const level = target === undefined ? undefined : targetLevel(summary, target, failing);
  if (format === 'json') io.out(formatJson(diagnostics));
  else if (format === 'github') io.out(formatGithub(diagnostics, root));
  else {
    if (diagnostics.length > 0) io.out(`${formatHuman(diagnostics, text, root)}\n`);
    io.out(`${countWords(diagnostics)}\n`);
  }
  if (!level) return failing ? EXIT.problems : EXIT.ok;
  // Human output goes with the diagnostics; JSON and GitHub output keep stdout to their format.
  (format === 'human' ? io.out : io.err)(level.message);
  return failing || !level.ok ? EXIT.problems : EXIT.ok;
}

/** How many blocking gap ids `--target-level` names before it counts the rest. */
const FIRST_FEW = 10;

/** Whether the spec reaches `target`, in words; an unknown level is a usage error (unless errors may hide the spec's own levels). */
function targetLevel({ levels, gaps }: Summary, target: string, failing: boolean): { ok: boolean; message: string } {
  const names = levels.map((l) => l.name);
  if (!names.includes(target)) {
    const problem = `--target-level \`${visible(target)}\` is not a level of this spec${didYouMean(target, names) || '.'} Its levels: ${names.join(', ')}.`;
    if (failing) return { ok: false, message: `${problem} (The spec has errors; its levels are known once they are fixed.)\n` };
    throw new UsageError(problem);
  }
  // The level is one of the spec's (checked above), so its status is there.
  const open = readiness(gaps, levels).levels.find((l) => l.name === target)?.open ?? [];
  if (open.length === 0) return { ok: true, message: `Level ${target} reached.\n` };
  const { count, list } = blockingWords(open, visible, FIRST_FEW, ' (`specbench gaps` lists them)');
  return { ok: false, message: `Level ${target} not reached: ${count} in the way: ${list}. Close them, or state them as none.\n` };
}
