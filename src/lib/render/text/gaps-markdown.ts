import type { FacetResult } from '../../gaps/types.ts';
import { markdownCode, markdownLiteral, markdownQuiet, markdownText } from '../../safety/markdown.ts';
import { levelsSummary, readinessSentence } from '../readiness.ts';
import { coverageSentence, type GapReport, showCoverage, showState } from '../report.ts';

/** The commands that rewrite and verify a gap report: `npm run gaps` and `npm run gaps:check` where the project's scripts do exactly that. */
export type GapsCommands = { write: string; check: string };

const NPM_SCRIPTS: GapsCommands = { write: 'npm run gaps', check: 'npm run gaps:check' };

/** `SPEC_GAPS.md`: the gap report as Markdown, byte-identical for the same content; its header names the commands that keep it current. */
export function gapsMarkdown(report: GapReport, specDir: string, commands: GapsCommands = NPM_SCRIPTS): string {
  const lines: string[] = [
    '# Spec gaps',
    '',
    `<!-- Generated from \`${specDir}/\` by \`${commands.write}\`; do not edit by hand. \`${commands.check}\` fails when it is stale. -->`,
    '',
    `${coverageSentence(report)}.`,
    '',
    readinessSentence(report.readiness, markdownCode),
    '',
    `Levels (each needs the ones before it): ${levelsSummary(report.readiness)}.`,
    '',
    '| # | Area | Stated | Open gaps |',
    '|---|------|--------|-----------|',
    ...report.areas.map((a) => `| ${a.number} | [${a.title}](#${a.number}-${a.key}) | ${showCoverage(a.coverage)} | ${a.gaps.length} |`),
  ];
  for (const area of report.areas) {
    lines.push('', `## ${area.number}. ${area.title}`, '', `${area.covers}. Stated: ${showCoverage(area.coverage)}.`, '');
    if (area.gaps.length === 0) lines.push('No open gaps.');
    // One at a time: an area may have 400,000 gaps, too many to spread into one call.
    else for (const g of area.gaps) lines.push(gapLine(g));
  }
  lines.push('');
  return lines.join('\n');
}

function gapLine(g: FacetResult): string {
  // Ids, labels and owners hold names from the spec: each reads literally, never as markup. The
  // question is prose, which `check` has read as the site renders it.
  const parts = [`- ${markdownCode(g.id)}: ${markdownQuiet(g.label)} (${markdownText(showState(g))}). ${markdownText(g.question)}`];
  if (g.owner) parts.push(`Owner: ${markdownLiteral(g.owner)}.`);
  if (g.link) parts.push(`Discussion: <${markdownText(g.link)}>.`);
  if (g.blockedBy.length) parts.push(`Blocked by ${g.blockedBy.map(markdownCode).join(', ')}.`);
  if (g.blocks.length) parts.push(`Blocks ${g.blocks.map(markdownCode).join(', ')}.`);
  parts.push(`In ${markdownCode(g.file)}.`);
  return parts.join(' ');
}
