import type { GapReport } from '../report.ts';
import { coverageSentence, showCoverage, showState } from '../report.ts';
import { escapeControls, safeJson, visible } from '../../safety/terminal.ts';
import { levelsSummary, readinessSentence } from '../readiness.ts';

/**
 * The gap report for a terminal; ids, questions and owners come from the spec, so each is one
 * line with its line breaks shown as `\n` (no question can start a line of its own, such as a
 * workflow command), and controls are escaped.
 */
export function gapsText(report: GapReport): string {
  return escapeControls(gapsTextRaw(report));
}

function gapsTextRaw(report: GapReport): string {
  const lines: string[] = [readinessSentence(report.readiness, visible), `Levels: ${levelsSummary(report.readiness)}.`, ''];
  for (const area of report.areas) {
    lines.push(`${area.number}. ${area.title}  ${showCoverage(area.coverage)}  ${area.gaps.length} open`);
    for (const g of area.gaps) {
      lines.push(`   ${visible(g.id)}  (${showState(g)})`, `      ${visible(g.question.trim())}${g.owner ? `  [owner ${visible(g.owner)}]` : ''}`);
      if (g.blockedBy.length) lines.push(`      blocked by ${g.blockedBy.map(visible).join(', ')}`);
      if (g.blocks.length) lines.push(`      blocks ${g.blocks.map(visible).join(', ')}`);
    }
  }
  lines.push('', `${coverageSentence(report)}.`, '');
  return lines.join('\n');
}

/** The gap report as JSON, for scripts. */
export function gapsJson(report: GapReport): string {
  return `${safeJson(
    {
      gapCount: report.gapCount,
      coverage: report.coverage,
      readiness: {
        reached: report.readiness.reached ?? null,
        levels: report.readiness.levels.map((l) => ({ name: l.name, reached: l.reached, open: l.open.length })),
        next: report.readiness.next ? { name: report.readiness.next.name, blocking: report.readiness.next.blocking.map((g) => g.id) } : null,
      },
      areas: report.areas.map((a) => ({
        number: a.number,
        key: a.key,
        title: a.title,
        coverage: a.coverage,
        gaps: a.gaps.map(({ at: _at, value: _value, ...g }) => g),
      })),
    },
  )}\n`;
}
