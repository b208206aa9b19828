import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, gapLines, scratchCopy, specAt } from './helpers.ts';

/** What the empty spec must come out as: nine areas, every facet open, nothing else. */
const EMPTY_SPEC_GAPS = [
  'purpose/name',
  'purpose/base_url',
  'purpose/purpose',
  'purpose/domain',
  'purpose/users',
  'resources/inventory',
  'states/inventory',
  'endpoints/inventory',
  'authentication/inventory',
  'events/inventory',
  'events/delivery',
  'events/retries',
  'events/signing',
  'errors/inventory',
  'errors/body',
  'limits/quotas',
  'limits/size_bounds',
  'limits/timeouts',
  'limits/headers',
  'versioning/scheme',
  'versioning/inventory',
  'versioning/deprecation',
];

describe('the real content', () => {
  it('states nothing but the base address placeholder: every facet of the nine areas is open', async () => {
    const analysis = await specAt('content');
    expect(analysis.diagnostics).toEqual([]);
    expect(gapLines(analysis)).toEqual(EMPTY_SPEC_GAPS.map((id) => `${id} ${id === 'purpose/base_url' ? 'placeholder' : 'open'}`));
    expect(analysis.assessment.facets).toHaveLength(EMPTY_SPEC_GAPS.length);
    expect(analysis.assessment.facets.find((f) => f.id === 'purpose/base_url')?.value).toBe('{base_url}');
    expect(analysis.spec.areas.map((a) => [a.key, a.present, a.items.length])).toEqual(
      ['purpose', 'resources', 'states', 'endpoints', 'authentication', 'events', 'errors', 'limits', 'versioning'].map((k) => [k, true, 0]),
    );
  });
});

describe('fixtures', () => {
  it('the empty spec: the same facets, all missing', async () => {
    const analysis = await specAt(fixture('empty'));
    expect(analysis.diagnostics).toEqual([]);
    expect(gapLines(analysis)).toEqual(EMPTY_SPEC_GAPS.map((id) => `${id} missing`));
  });

  it('the complete service: no diagnostics and zero gaps', async () => {
    const analysis = await specAt(fixture('complete'));
    expect(analysis.diagnostics).toEqual([]);
    expect(gapLines(analysis)).toEqual([]);
    expect(analysis.assessment.facets.length).toBeGreaterThan(100);
    expect(Object.values(analysis.assessment.byArea).every((c) => c.stated === c.total && c.total > 0)).toBe(true);
  });

  it('the half-written service: exactly these gaps, in order', async () => {
    const analysis = await specAt(fixture('half-written'));
    expect(analysis.diagnostics).toEqual([]);
    expect(gapLines(analysis)).toEqual([
      'purpose/base_url placeholder',
      'purpose/domain open',
      'purpose/users missing',
      'resources/inventory missing',
      'resources/Book/fields open',
      'resources/Loan/fields/status/required open',
      'resources/Loan/fields/status/format missing',
      'resources/Loan/fields/renewals/format missing',
      'states/loan-status/states open',
      'states/loan-status/transitions missing',
      'endpoints/inventory open',
      'endpoints/create-loan/responses missing',
      'endpoints/get-loan/parameters missing',
      'endpoints/get-loan/responses/404 open',
      'authentication/api-key/credentials missing',
      'errors/inventory missing',
      'errors/body missing',
      'limits/size_bounds open',
      'limits/gateway-timeout/duration open',
      'versioning/deprecation missing',
      'versioning/v1/released missing',
    ]);
    const gap = (id: string) => analysis.assessment.gaps.find((g) => g.id === id);
    expect(gap('purpose/domain')).toMatchObject({ owner: '@library-core', link: 'https://example.com/issues/12', blocks: ['resources/Book/fields'] });
    expect(gap('resources/Book/fields')).toMatchObject({ blockedBy: ['purpose/domain'], blocks: ['endpoints/create-loan/request'] });
    expect(gap('states/loan-status/transitions')?.blockedBy).toEqual(['states/loan-status/states']);
    expect(gap('endpoints/inventory')).toMatchObject({ question: 'Are renewals an endpoint of their own?', owner: '@api' });
    expect(gap('resources/inventory')?.question).toContain('(2 listed)');
    expect(analysis.assessment.byArea).toMatchObject({ purpose: { stated: 2, total: 5 }, events: { stated: 1, total: 1 }, errors: { stated: 0, total: 2 } });
  });

  it('the half-written service under a stricter policy: the rows of each refinement it requires join the list in place', async () => {
    const dir = await scratchCopy(fixture('half-written'));
    await writeFile(join(dir, 'specbench.yaml'), 'require: [format, description, tags, summary, headers, examples]\n');
    const analysis = await specAt(dir);
    expect(analysis.diagnostics).toEqual([]);
    expect(gapLines(analysis)).toEqual([
      'purpose/base_url placeholder',
      'purpose/domain open',
      'purpose/users missing',
      'purpose/summary missing',
      'resources/inventory missing',
      'resources/Book/description missing',
      'resources/Book/fields open',
      'resources/Loan/description missing',
      'resources/Loan/fields/id/description missing',
      'resources/Loan/fields/id/examples missing',
      'resources/Loan/fields/status/required open',
      'resources/Loan/fields/status/description missing',
      'resources/Loan/fields/status/format missing',
      'resources/Loan/fields/status/examples missing',
      'resources/Loan/fields/renewals/description missing',
      'resources/Loan/fields/renewals/format missing',
      'resources/Loan/fields/renewals/examples missing',
      'resources/Loan/fields/overdue/description missing',
      'resources/Loan/fields/overdue/examples missing',
      'resources/Loan/fields/book/description missing',
      'resources/Loan/fields/book/examples missing',
      'states/loan-status/description missing',
      'states/loan-status/states open',
      'states/loan-status/transitions missing',
      'endpoints/inventory open',
      'endpoints/create-loan/description missing',
      'endpoints/create-loan/request/description missing',
      'endpoints/create-loan/responses missing',
      'endpoints/create-loan/tags missing',
      'endpoints/get-loan/description missing',
      'endpoints/get-loan/parameters missing',
      'endpoints/get-loan/responses/200/description missing',
      'endpoints/get-loan/responses/200/headers missing',
      'endpoints/get-loan/responses/404 open',
      'endpoints/get-loan/tags missing',
      'authentication/api-key/description missing',
      'authentication/api-key/credentials missing',
      'errors/inventory missing',
      'errors/body missing',
      'limits/size_bounds open',
      'limits/gateway-timeout/description missing',
      'limits/gateway-timeout/duration open',
      'versioning/deprecation missing',
      'versioning/v1/description missing',
      'versioning/v1/released missing',
    ]);
  });
});
