// The shapes a cache entry is checked against (zod, in the engine and the summary) take back
// everything a run keeps, as it was: a shape that drifted from what the engine makes (a field added
// to a file's result, say) would set every entry aside, and the cache would silently stop working.
import { describe, expect, it } from 'vitest';
import { Engine, parseSummary, readSpecDir, summarize, type ResultStore } from '../../src/lib/index.ts';
import { prepare } from '../broken-prepare.ts';
import { fixture } from '../helpers.ts';

/** A store that keeps what it is given as JSON text, as the cache on disk does. */
function jsonStore(): ResultStore {
  const kept = new Map<string, string>();
  return {
    get: (key) => {
      const text = kept.get(key);
      return text === undefined ? undefined : JSON.parse(text);
    },
    set: (key, value) => void kept.set(key, JSON.stringify(value)),
  };
}

const FOLDERS = [
  ...['complete', 'half-written', 'hostile'].map((name) => ({ name, dir: async () => fixture(name) })),
  { name: 'content', dir: async () => 'content' },
  // Broken specs, for the diagnostics, related places, prose findings and partial data they hold.
  ...['many-mistakes', 'prose-everywhere', 'unsafe-urls', 'control-characters', 'common-slips', 'blocked-by-cycle'].map((name) => ({ name: `broken/${name}`, dir: async () => (await prepare(name)).dir })),
];

describe('what a run keeps is taken back whole', () => {
  it.each(FOLDERS)('$name: every file result and checks memo from a JSON store, and the answer', async ({ dir }) => {
    const files = await readSpecDir(await dir());
    const store = jsonStore();
    const first = new Engine({ store }).update(files);
    expect(first.analysed).toBeGreaterThan(0);
    // A new engine on the same store reads no file: every entry passed its shape.
    const again = new Engine({ store }).update(files);
    expect(again.analysed).toBe(0);
    expect(again.analysis.diagnostics).toEqual(first.analysis.diagnostics);
    const summary = summarize(first.analysis);
    expect(JSON.stringify(parseSummary(JSON.parse(JSON.stringify(summary))))).toBe(JSON.stringify(summary));
  });
});
