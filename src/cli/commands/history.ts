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
  // Each column as wide as its full name or its widest number, so no area's name is cut.
  const columns = ['total', ...AREAS.map((a) => a.key)];
  const widths = columns.map((c, i) => Math.max(c.length, ...history.points.map((p) => String(i === 0 ? p.total : p.gaps[AREAS[i - 1]!.key]).length)));
  const head = ['commit ', 'date      ', ...columns.map((c, i) => c.padStart(widths[i]!))].join(' ');
  const rows = history.points.map((p) =>
    [p.sha.slice(0, 7), p.date.slice(0, 10), ...[p.total, ...AREAS.map((a) => p.gaps[a.key])].map((n, i) => String(n).padStart(widths[i]!))].join(' ') + (p.errors ? `  (${p.errors} errors)` : ''),
  );
  io.out(`${[head, ...rows].join('\n')}\n\n${history.note}\n`);
  return EXIT.ok;
}
