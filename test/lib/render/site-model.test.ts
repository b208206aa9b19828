import { describe, expect, it } from 'vitest';
import { siteModel } from '../../../src/lib/index.ts';
import { fixture, specAt } from '../../helpers.ts';

describe('the site model', () => {
  it('hands the gaps page every gap of each area, field gaps included, in order', async () => {
    const analysis = await specAt(fixture('half-written'));
    const model = siteModel(analysis);
    expect(model.areas.flatMap((a) => a.gaps.map((g) => g.id))).toEqual(analysis.assessment.gaps.map((g) => g.id));
    expect(model.areas.find((a) => a.key === 'resources')?.gaps.map((g) => g.id)).toContain('resources/Loan/fields/status/required');
  });

  it('shows resource fields as table rows, not again as facets', async () => {
    const model = siteModel(await specAt(fixture('complete')));
    const order = model.areas.find((a) => a.key === 'resources')?.items.find((i) => i.id === 'Order');
    expect(order?.tables[0]?.rows.map((r) => r.name)).toEqual(['id', 'status', 'total', 'paid', 'created_at']);
    expect(order?.facets.map((f) => f.id)).toEqual(['resources/Order/fields']);
  });
});
