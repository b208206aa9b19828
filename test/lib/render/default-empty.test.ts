import { describe, expect, it } from 'vitest';
import { exportOpenApi, specMarkdown } from '../../../src/lib/index.ts';
import { siteViews, specFrom } from '../../helpers.ts';

// t32 (session 10) D7: ShipEngine's `partial_shipment.items = {type: array, default: []}` was imported
// faithfully, then read as an empty list of entries: the pages asked "What is assumed when it is not
// given?" and listed an open gap. A default of `[]` or `{}` is a value stated.
const spec = () =>
  specFrom({
    'resources/Shipment.yaml': [
      'description: A shipment.',
      'fields:',
      '  items: { type: array, required: false, description: Its items., items: string, default: [] }',
      '  labels: { type: map, required: false, description: Its labels., values: string, default: {} }',
    ].join('\n'),
    'endpoints/get-shipment.yaml': 'method: GET\npath: /shipment\nsummary: The shipment.\nparameters: { none: It takes none. }\nresponses: { "200": { resource: Shipment } }\nsecurity: { none: Public. }',
  });

describe('a default of [] or {}', () => {
  it('is shown as stated on the pages, in the Markdown document and in the export', () => {
    const analysis = spec();
    const shipment = siteViews(analysis).areas.find((a) => a.key === 'resources')?.items.find((i) => i.id === 'Shipment');
    const block = shipment?.blocks.find((b) => b.kind === 'shape');
    const fields = block?.kind === 'shape' ? block.fields : [];
    const field = (name: string) => fields.find((f) => f.name === name) as { default?: { state: string; text?: string } } | undefined;
    expect(field('items')?.default).toMatchObject({ state: 'stated', text: '[]' });
    expect(field('labels')?.default).toMatchObject({ state: 'stated', text: '{}' });
    expect(analysis.assessment.gaps.map((g) => g.id).filter((id) => id.endsWith('/default'))).toEqual([]);
    const doc = specMarkdown(analysis);
    expect(doc).toContain('`[]` (an empty list)');
    expect(doc).not.toMatch(/default[^\n]*\*\*open\*\*/);
    const exported = exportOpenApi(analysis) as { components: { schemas: Record<string, { properties: Record<string, { default?: unknown }> }> } };
    expect(exported.components.schemas.Shipment?.properties.items?.default).toEqual([]);
    expect(exported.components.schemas.Shipment?.properties.labels?.default).toEqual({});
  });
});
