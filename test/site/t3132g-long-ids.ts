// The YAML of an endpoint whose request body is wide and deep with long field names, for
// test/site/t3132g-print-budget.test.ts: every shape's id is some 300 characters, which the page
// writes four times (its anchor, `data-shape`, each facet's `data-facet`), so an estimate that
// leaves ids out is several times below what is written.

/** A request of `groups` objects of `leaves` string fields each, every name `width` characters long. */
export function longIdsEndpoint(groups = 40, leaves = 100, width = 120): string {
  const name = (prefix: string, i: number) => `${prefix}_${String(i).padStart(3, '0')}_`.padEnd(width, 'x');
  const lines = ['method: POST', 'path: /long', 'title: Long ids', 'request:', '  content_type: application/json', '  schema:', '    type: object', '    fields:'];
  for (let g = 0; g < groups; g++) {
    lines.push(`      ${name('group', g)}:`, '        type: object', '        required: false', '        fields:');
    for (let l = 0; l < leaves; l++) lines.push(`          ${name('leaf', l)}: { type: string, required: false, examples: [value ${l}] }`);
  }
  lines.push('responses:', '  "204": { description: Done. }');
  return `${lines.join('\n')}\n`;
}
