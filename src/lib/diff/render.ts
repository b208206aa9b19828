import { counted } from '../facet/words.ts';
import type { FacetResult } from '../gaps/types.ts';
import { safeJson } from '../safety/terminal.ts';
import { AREAS } from '../areas/index.ts';
import { markdownCode, markdownQuiet, markdownText } from '../safety/markdown.ts';
import type { Readiness } from '../gaps/levels.ts';
import { reachedWords, readinessSentence } from '../render/readiness.ts';
import type { SpecDiff } from './diff.ts';

/** Marks the pull-request comment so a workflow can find and update it. */
export const DIFF_MARKER = '<!-- specbench-diff -->';

function byArea(gaps: FacetResult[]): string[] {
  return AREAS.flatMap((def) => {
    const list = gaps.filter((g) => g.area === def.key);
    return list.length === 0 ? [] : [`- **${def.title}**`, ...list.map((g) => `  - ${markdownCode(g.id)}: ${markdownQuiet(g.label)}`)];
  });
}

/** The diff as Markdown fit for a pull-request comment. */
export function diffMarkdown(d: SpecDiff, range: string): string {
  const lines = [
    DIFF_MARKER,
    '## Spec changes',
    '',
    `Comparing ${range}: ${counted(d.gapsClosed.length, 'gap')} closed, ${d.gapsOpened.length} opened (${d.gapCount.before} → ${d.gapCount.after} open).`,
    '',
    ...readinessLines(d.readiness),
  ];
  if (d.breaking.length > 0) lines.push('', `### Breaking changes (${d.breaking.length})`, '', ...d.breaking.map((b) => `- ${markdownText(b.message)}`));
  if (d.gapsClosed.length > 0) lines.push('', `### Gaps closed (${d.gapsClosed.length})`, '', ...byArea(d.gapsClosed));
  if (d.gapsOpened.length > 0) lines.push('', `### Gaps opened (${d.gapsOpened.length})`, '', ...byArea(d.gapsOpened));
  const itemLines = [
    ...d.itemsAdded.map((k) => `- Added ${markdownCode(k)}`),
    ...d.itemsRemoved.map((k) => `- Removed ${markdownCode(k)}`),
    ...d.itemsRenamed.map((r) => `- Renamed ${markdownCode(r.from)} to ${markdownCode(r.to)}`),
    ...d.itemsChanged.map((k) => `- Changed ${markdownCode(k)}`),
    ...d.areasChanged.map((k) => `- Changed the ${k} area file`),
  ];
  if (itemLines.length > 0) lines.push('', '### Items', '', ...itemLines);
  if (d.breaking.length + d.gapsClosed.length + d.gapsOpened.length + itemLines.length === 0) lines.push('', 'No change to the spec.');
  lines.push('');
  return lines.join('\n');
}

/** What the change does to the spec's readiness: a level reached or dropped below, then where it stands. */
function readinessLines({ before, after, change }: SpecDiff['readiness']): string[] {
  const was = `(before: ${reachedWords(before)})`;
  const headline =
    change === 'reaches'
      ? [`**This change reaches level ${after.reached ?? ''}** ${was}.`, '']
      : change === 'drops'
        ? [`**This change drops below level ${before.reached ?? ''}**: ${reachedWords(after)} now.`, '']
        : [];
  return [...headline, readinessSentence(after, markdownCode)];
}

/** The diff as JSON, for scripts. */
export function diffJson(d: SpecDiff, range: { base: string; head: string }): string {
  const gap = (g: FacetResult) => ({ id: g.id, area: g.area, label: g.label, state: g.state, question: g.question });
  const level = (r: Readiness) => ({ reached: r.reached ?? null, next: r.next ? { name: r.next.name, blocking: r.next.blocking.map((g) => g.id) } : null });
  const readiness = { change: d.readiness.change, before: level(d.readiness.before), after: level(d.readiness.after) };
  return `${safeJson({ ...range, ...d, gapsClosed: d.gapsClosed.map(gap), gapsOpened: d.gapsOpened.map(gap), readiness })}\n`;
}
