import type { GapReport } from './report.ts';
import { showCoverage, showState } from './report.ts';
import { escapeControls, safeJson } from '../safety/terminal.ts';
import { counted } from '../facet/words.ts';

/** The gap report for a terminal; questions and owners come from the spec, so controls are escaped. */
export function gapsText(report: GapReport): string {
  return escapeControls(gapsTextRaw(report));
}

function gapsTextRaw(report: GapReport): string {
  const lines: string[] = [];
  for (const area of report.areas) {
    lines.push(`${area.number}. ${area.title}  ${showCoverage(area.coverage)}  ${area.gaps.length} open`);
    for (const g of area.gaps) {
      lines.push(`   ${g.id}  (${showState(g)})`, `      ${g.question}${g.owner ? `  [owner ${g.owner}]` : ''}`);
      if (g.blockedBy.length) lines.push(`      blocked by ${g.blockedBy.join(', ')}`);
      if (g.blocks.length) lines.push(`      blocks ${g.blocks.join(', ')}`);
    }
  }
  lines.push('', report.gapCount === 0 ? 'No open gaps.' : `${counted(report.gapCount, 'open gap')}; ${showCoverage(report.coverage)} of facets stated.`, '');
  return lines.join('\n');
}

/** The gap report as JSON, for scripts. */
export function gapsJson(report: GapReport): string {
  return `${safeJson(
    {
      gapCount: report.gapCount,
      coverage: report.coverage,
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
