import { formatGithub, formatHuman, formatJson, summary } from '../../lib/index.ts';
import { EXIT, UsageError, type Io } from '../io.ts';
import { loadFromDisk } from '../load.ts';
import type { Options } from '../options.ts';

const FORMATS = ['human', 'json', 'github'] as const;

/** `specbench check`: every diagnostic, exit 1 when one reaches `--fail-on`. */
export async function checkCommand(options: Options, io: Io): Promise<number> {
  const format = options.format ?? 'human';
  if (!(FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format for check is one of ${FORMATS.join(', ')}`);
  const failOn = options['fail-on'] ?? 'error';
  if (failOn !== 'error' && failOn !== 'warning') throw new UsageError('--fail-on is error or warning');
  const { analysis, root } = await loadFromDisk(io, options.spec);
  const { diagnostics, spec } = analysis;
  if (format === 'json') io.out(formatJson(diagnostics));
  else if (format === 'github') io.out(formatGithub(diagnostics, root));
  else {
    if (diagnostics.length > 0) io.out(`${formatHuman(diagnostics, (f) => spec.sources.get(f)?.text, root)}\n`);
    io.out(`${summary(diagnostics)}\n`);
  }
  const failing = diagnostics.some((d) => d.severity === 'error' || (failOn === 'warning' && d.severity === 'warning'));
  return failing ? EXIT.problems : EXIT.ok;
}
