import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { gapReport, gapsMarkdown, gapsText, levelsOf, specMarkdown } from '../../src/lib/index.ts';
import { droppedFromDocument } from '../invariant/reach.ts';
import { contentFiles } from '../invariant/stated.ts';
import { cli, fixture, specAt, specFrom } from '../helpers.ts';

/** `## ` sections of a Markdown text, headings dropped. */
const sections = (md: string) => md.split(/^## .*$/m).slice(1).map((s) => s.trim());

/** The facets a seed section names: its parenthesised list, or its subject before the colon. */
function seedFacets(section: string): string[] {
  const first = section.split('\n')[0] ?? '';
  const list = /\(([^)]*)\)/.exec(first)?.[1] ?? first.split(':')[0] ?? '';
  return list.split(/,| and /).map((s) => s.trim().toLowerCase()).filter(Boolean);
}

describe('the spec as one Markdown document', () => {
  it('for the empty spec, says what the seed says, part by part and facet by facet', async () => {
    const seed = sections(await readFile('test/fixtures/seed/service-interface-spec.md', 'utf8'));
    const ours = sections(specMarkdown(await specAt('content')));
    expect(seed).toHaveLength(9);
    expect(ours).toHaveLength(9);
    seed.forEach((part, i) => {
      const mine = (ours[i] ?? '').toLowerCase();
      expect(part, `seed part ${i + 1}`).toContain('not shown');
      expect(mine, `part ${i + 1}`).toContain('nothing is stated yet');
      for (const facet of seedFacets(part)) expect(mine, `part ${i + 1}: ${facet}`).toContain(facet.replace(/^(and|the) /, ''));
      // The seed names the base address under endpoints; MODEL.md also makes it a purpose facet.
      if (part.includes('{base_url}')) expect(mine, `part ${i + 1}: base address`).toContain('the base address is {base_url}, a placeholder');
      else if (i !== 0) expect(mine).not.toContain('{base_url}');
      expect(mine.includes('no transition table can be written'), `part ${i + 1}: transition table`).toBe(part.includes('no transition table can be written'));
      expect(mine).not.toMatch(/: (?!\*\*open|\{base_url\}, a placeholder)[^\n]*stated$/m);
    });
  });

  it('marks every open facet with its id, and nothing else as open', async () => {
    const analysis = await specAt(fixture('half-written'));
    const md = specMarkdown(analysis);
    for (const g of analysis.assessment.gaps) expect(md).toContain(`\`${g.id}\``);
    expect(md.split('\n').filter((l) => /^\s*- .*\*\*open\*\*/.test(l))).toHaveLength(analysis.assessment.gaps.length);
    expect(md).toContain('- method: GET');
  });

  it('is byte-identical across runs, and `export markdown` prints it', async () => {
    const a = specMarkdown(await specAt(fixture('complete')));
    expect(specMarkdown(await specAt(fixture('complete')))).toBe(a);
    expect((await cli(['export', 'markdown', '--spec', fixture('complete')])).out).toBe(a);
    expect(a).toContain('| draft | placed | endpoint place-order |');
  });

  it('writes a variant given as a resource name on a line of its own, in its place, linked to the resource', async () => {
    const md = specMarkdown(await specAt(fixture('complete')));
    const shipped = md.slice(md.indexOf('### Shipped order'), md.indexOf('## 3. States'));
    expect(shipped).toContain(
      ['  - value: variants: 2 listed below', '    - variant 0: [Order](#order-resourcesorder)', '    - variant 1: type: object'].join('\n'),
    );
  });

  it('shows every stated value of the fixtures in its own row, and misses a row that is left out', async () => {
    for (const dir of [fixture('complete'), fixture('half-written'), 'content']) {
      expect(droppedFromDocument(await contentFiles(dir), await specAt(dir)), dir).toEqual([]);
    }
    // Without the variant's line the resource name still stands in the item's part (`ShippedOrder`
    // in its heading), but not in the row of the variants: the check looks there.
    const analysis = await specAt(fixture('complete'));
    const without = specMarkdown(analysis).replace('    - variant 0: [Order](#order-resourcesorder)\n', '');
    expect(droppedFromDocument(await contentFiles(fixture('complete')), analysis, without)).toEqual(['resources/ShippedOrder.yaml /value/of/0 = "Order": not on its row of the Markdown document']);
  });
});

describe('a spec with 140,000 gaps in one area', () => {
  // More than one call's arguments can hold (about 125,000): spreading them into push() overflowed the stack.
  it('is listed whole by SPEC_GAPS.md, the text report and the single document, without overflowing the stack', () => {
    const analysis = specFrom({ 'resources/Wide.yaml': `fields:\n${Array.from({ length: 70_000 }, (_, i) => `  f${i.toString(36)}: {}\n`).join('')}` });
    expect(analysis.diagnostics).toEqual([]);
    const report = gapReport(analysis.assessment, levelsOf(analysis.spec));
    expect(report.areas.find((a) => a.key === 'resources')?.gaps.length).toBeGreaterThanOrEqual(140_000);
    const last = `resources/Wide/fields/f${(69_999).toString(36)}/type`;
    expect(gapsMarkdown(report, 'wide')).toContain(last);
    expect(gapsText(report)).toContain(last);
    expect(specMarkdown(analysis)).toContain(`f${(69_999).toString(36)}`);
  }, 300_000);
});
