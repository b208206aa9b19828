// `npx node test/bench/prose-worst.ts [RUNS]`: the slowest prose found that still passes the limits
// of README's Security section, timed as `check` reads it and as the site renders it (the best of
// RUNS, default 5), and a file whose prose is at its budget, checked once from cold.
import { analyze } from '../../src/lib/analyze.ts';
import { inspectProse, PROSE_LIMITS, proseRenderer } from '../../src/lib/link/markdown.ts';

const RUNS = Math.max(1, Number(process.argv[2] ?? 5));
const L = PROSE_LIMITS.length;
const fill = (unit: string, length: number) => unit.repeat(Math.max(0, Math.floor(length / unit.length)));
const upTo = (head: string, unit: string) => head + fill(unit, L - head.length);

// Each marker the limits count, at its limit, then the cheapest blocks to repeat (short paragraphs).
const atLimits = `${'*a_'.repeat(PROSE_LIMITS.emphasis / 2)}${'[x]('.repeat(PROSE_LIMITS.brackets / 4)}${'a\n=\n\n'.repeat(PROSE_LIMITS.underlines)}\n${'- a\n'.repeat(PROSE_LIMITS.containers - 4)}\n`;
const WORST: Record<string, string> = {
  'every limit, then paragraphs': upTo(atLimits, 'a\n\n'),
  'list items at the limit, then paragraphs': upTo('- a\n'.repeat(PROSE_LIMITS.containers), 'a\n\n'),
  'emphasis at the limit (`*a_`), then paragraphs': upTo('*a_'.repeat(PROSE_LIMITS.emphasis / 2), 'a\n\n'),
  'short paragraphs': fill('a\n\n', L),
  'ATX headings': fill('# a\n', L),
  // GFM tables (issue 32): a header of 4,096 cells over one-word rows, which HTML would fill out to 33 million cells.
  'a table of 4,096 columns, then one-word rows': upTo(`${'a|'.repeat(4096)}\n${'-|'.repeat(4096)}\n`, 'a\n'),
};

const ms = (f: () => void) => {
  let best = Infinity;
  for (let r = 0; r < RUNS; r++) {
    const t = performance.now();
    f();
    best = Math.min(best, performance.now() - t);
  }
  return Math.round(best);
};

const render = proseRenderer(() => undefined);
for (const [name, text] of Object.entries(WORST)) {
  const limit = inspectProse(text).limit;
  if (limit) throw new Error(`${name} is past a limit: ${limit}`);
  console.log(`${name} (${text.length.toLocaleString('en')} characters): check ${ms(() => inspectProse(text))} ms, render ${ms(() => render(text))} ms`);
}

// One file with ten such values: the first two fit the file's budget, the third is a prose-limit error.
const worst = WORST['every limit, then paragraphs'] ?? '';
const file = `fields:\n${Array.from({ length: 10 }, (_, i) => `  f${i}: { type: string, required: true, description: ${JSON.stringify(worst)} }\n`).join('')}`;
const started = performance.now();
const { diagnostics } = analyze([{ path: 'resources/Worst.yaml', bytes: new TextEncoder().encode(file) }]);
console.log(`a file of ten such values (${file.length.toLocaleString('en')} bytes), checked cold: ${Math.round(performance.now() - started)} ms, ${diagnostics.map((d) => d.code).join(', ')}`);
