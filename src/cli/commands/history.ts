import { AREAS, readGapHistory, safeJson, specDir } from '../../lib/index.ts';
import { EXIT, UsageError, type Io } from '../io.ts';
import type { Options } from '../options.ts';

/** `specbench history`: open gaps per area at each commit that touched the spec. */
export async function historyCommand(options: Options, io: Io): Promise<number> {
  const format = options.format ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError('--format for history is text or json');
  const limit = options.limit === undefined ? 100 : Number(options.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit is a whole number of commits, at least 1');
  const history = await readGapHistory(options.spec ?? specDir(io.env), limit);
  if (format === 'json') {
    io.out(`${safeJson(history)}\n`);
    return EXIT.ok;
  }
  const head = ['commit ', 'date      ', 'total', ...AREAS.map((a) => a.key.slice(0, 5).padStart(5))].join(' ');
  const rows = history.points.map((p) =>
    [p.sha.slice(0, 7), p.date.slice(0, 10), String(p.total).padStart(5), ...AREAS.map((a) => String(p.gaps[a.key]).padStart(5))].join(' ') + (p.errors ? `  (${p.errors} errors)` : ''),
  );
  io.out(`${[head, ...rows].join('\n')}\n\n${history.note}\n`);
  return EXIT.ok;
}
