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
    const table = order?.tables[0];
    expect(table?.rows.map((r) => r.name)).toEqual(['id', 'status', 'total', 'paid', 'created_at', 'currency', 'priority', 'discount', 'notes', 'legacy_ref', 'lines', 'labels', 'metadata', 'payment', 'delivery_window']);
    const cells = new Set(table?.rows.flatMap((r) => Object.values(r.cells).map((c) => c.id)));
    expect(cells).toContain('resources/Order/fields/status/allowed');
    // Facets a column shows are not listed again; the others (a default, a constraint) are.
    expect(order?.facets.filter((f) => cells.has(f.id))).toEqual([]);
    expect(order?.facets.map((f) => f.id)).toContain('resources/Order/fields/status/default');
  });
});
