// `npx node test/bench/many-keys.ts [KEYS...]`: content files with many keys, checked in-process
// (load, validate, every check) and formatted as `check` prints them; one line per file and size.
// The duplicate-key scan and the code frames used to cost time in the square of the keys.
import { analyze } from '../../src/lib/analyze.ts';
import { formatHuman } from '../../src/lib/diagnostics/format.ts';

const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
const keys = (n: number, line: (i: number) => string) => Array.from({ length: n }, (_, i) => line(i)).join('');
const FILES: Record<string, (n: number) => { path: string; text: string }> = {
  'keys of an example, one repeated (valid but for it)': (n) => ({ path: 'resources/Counts.yaml', text: `value: { type: map, values: integer, examples: [{ ${keys(n, (i) => `k${i}: 1, `)}k0: 2 }] }\n` }),
  'unknown top-level keys (one error each)': (n) => ({ path: 'purpose/_area.yaml', text: keys(n, (i) => `k${i}: 1\n`) }),
};
for (const n of sizes.length > 0 ? sizes : [16_000, 32_000, 180_000]) {
  for (const [name, make] of Object.entries(FILES)) {
    const { path, text } = make(n);
    const started = performance.now();
    const { diagnostics, spec } = analyze([{ path, bytes: new TextEncoder().encode(text) }]);
    const checked = performance.now();
    const printed = formatHuman(diagnostics, (f) => spec.sources.get(f)?.text).length;
    const done = performance.now();
    console.log(`${n.toLocaleString('en')} ${name} (${(text.length / 1024).toFixed(0)} KB): check ${Math.round(checked - started)} ms, human output ${Math.round(done - checked)} ms (${diagnostics.length.toLocaleString('en')} diagnostics, ${(printed / 1024 / 1024).toFixed(1)} MB)`);
  }
}
