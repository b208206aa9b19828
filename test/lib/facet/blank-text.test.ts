import { describe, expect, it } from 'vitest';
import { specFrom } from '../../helpers.ts';

/**
 * Blank text states nothing. A description answered with `""` or spaces passed `check`, counted as
 * stated, and a preview said "description stated in this change" where there was no description at
 * all: a gap closed by accident (an independent tester's t34f repro-03). It is an error where it is
 * written; text with a word in it, an open gap and a reason for none are as before.
 */
describe('blank text', () => {
  const purpose = 'name: Payments\nbase_url: "{base_url}"\npurpose: Takes payments.\n';
  const card = (description: string) => specFrom({ 'purpose/_area.yaml': purpose, 'resources/Card.yaml': `title: Card\ndescription: ${description}\n` });

  for (const blank of ['""', '"   "', "' '", '"\\n\\t"', '|\n  \n']) {
    it(`is an error where it is written: description: ${JSON.stringify(blank)}`, () => {
      const analysis = card(blank);
      const found = analysis.diagnostics.filter((d) => d.file === 'resources/Card.yaml');
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ severity: 'error', line: 2, message: expect.stringContaining('blank text states nothing') });
    });
  }

  it('text with a word, an open gap and a stated none are read as before', () => {
    for (const [value, state] of [['Paid by card.', 'stated'], ['" x "', 'stated'], ['{ open: "What is a card payment?" }', 'open'], ['{ none: "Self-explanatory." }', 'none']] as const) {
      const analysis = card(value);
      expect(analysis.diagnostics.filter((d) => d.file === 'resources/Card.yaml' && d.severity === 'error')).toEqual([]);
      const facet = analysis.assessment.facets.find((f) => f.id === 'resources/Card/description');
      expect(facet?.state).toBe(state);
    }
  });
});
