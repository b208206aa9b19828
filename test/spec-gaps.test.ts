import { cp, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { coverageSentence, gapReport, gapsMarkdown, levelsOf, type Analysis } from '../src/lib/index.ts';
import { cli, fixture, specAt } from './helpers.ts';

const reportOf = (analysis: Analysis) => gapReport(analysis.assessment, levelsOf(analysis.spec));

describe('SPEC_GAPS.md', () => {
  it('is current with content/', async () => {
    const analysis = await specAt('content');
    expect(await readFile('SPEC_GAPS.md', 'utf8')).toBe(gapsMarkdown(reportOf(analysis), 'content'));
    expect((await cli(['gaps', '--check', 'SPEC_GAPS.md'])).code).toBe(0);
  });

  it('lists the nine areas in order with coverage, and every gap with its id and question', async () => {
    const text = await readFile('SPEC_GAPS.md', 'utf8');
    const headings = [...text.matchAll(/^## (\d)\. (\w+)$/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(headings).toEqual(['1 Purpose', '2 Resources', '3 States', '4 Endpoints', '5 Authentication', '6 Events', '7 Errors', '8 Limits', '9 Versioning']);
    expect(text).toContain('22 open gaps; 0/22 (0%) of facets stated; 0 of 9 areas state anything yet.');
    expect(text).toContain('- `purpose/base_url`: base address (placeholder `{base_url}`). What is the concrete base address of the service? In `purpose/_area.yaml`.');
    expect(text.match(/^- `/gm)).toHaveLength(22);
  });

  it('is byte-identical across runs', async () => {
    const render = async () => gapsMarkdown(reportOf(await specAt(fixture('half-written'))), 'x');
    expect(await render()).toBe(await render());
  });

  it('says so explicitly when nothing is open', async () => {
    const md = gapsMarkdown(reportOf(await specAt(fixture('complete'))), 'x');
    expect(md).toContain('No open gaps: every facet is stated');
    expect(md.match(/^No open gaps\.$/gm)).toHaveLength(9);
  });
});

describe('the coverage sentence', () => {
  it('says apart from the share of facets which areas state nothing yet, so a high share never reads as nearly done', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'specbench-coverage-'));
    // Three areas written in full and six left empty: most facets stated, most areas empty.
    for (const area of ['purpose', 'resources', 'endpoints']) await cp(fixture(`complete/${area}`), join(dir, area), { recursive: true });
    const report = reportOf(await specAt(dir));
    const sentence = coverageSentence(report);
    expect(sentence).toMatch(/^\d+ open gaps?; \d+\/\d+ \(\d+%\) of facets stated; /);
    expect(sentence).toContain('; 3 of 9 areas state anything yet (nothing in States, Authentication, Events, Errors, Limits, and Versioning)');
  });

  it('lists no area when all are empty', async () => {
    expect(coverageSentence(reportOf(await specAt('content')))).toMatch(/; 0 of 9 areas state anything yet$/);
  });
});
