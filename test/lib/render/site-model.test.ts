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

  it('lays out a resource as a tree of fields: every field in order, nested ones inside their parent', async () => {
    const model = siteModel(await specAt(fixture('complete')));
    const order = model.areas.find((a) => a.key === 'resources')?.items.find((i) => i.id === 'Order');
    const block = order?.blocks.find((b) => b.kind === 'shape');
    const fields = block?.kind === 'shape' ? block.fields : [];
    expect(fields.map((f) => f.name)).toEqual(['id', 'status', 'total', 'paid', 'created_at', 'currency', 'priority', 'discount', 'notes', 'legacy_ref', 'lines', 'labels', 'metadata', 'payment', 'delivery_window']);
    const lines = fields.find((f) => f.name === 'lines');
    expect(lines?.children.map((c) => c.kind)).toEqual(['items']);
    expect(lines?.children[0]?.shapes[0]?.children[0]?.shapes.map((s) => s.name)).toEqual(['sku', 'quantity']);
    expect(fields.find((f) => f.name === 'payment')?.typeLink?.path).toBe('resources/Payment/');
    // The layout takes every facet and value the resource states: nothing is left to list after it.
    expect(order?.facets).toEqual([]);
  });
});
