import { describe, expect, it } from 'vitest';
import { siteModel } from '../../../src/lib/index.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { completeWith, fixture, specAt } from '../../helpers.ts';

/** A file of the complete fixture, changed. */
const edit = (path: string, change: (data: Record<string, unknown>) => Record<string, unknown>) => stringify(change(parse(readFileSync(join(fixture('complete'), path), 'utf8'))));

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

  it('shows what is stated as none or left open in bodies, descriptions and transitions, where it would stand', async () => {
    const model = siteModel(
      await completeWith({
        'endpoints/get-order.yaml': edit('endpoints/get-order.yaml', (e) => ({ ...e, description: { none: 'The title says it all.' }, responses: { '200': { resource: 'Order', list: false, content: { open: 'JSON only, or CSV too?' } }, '404': { error: 'order_not_found', schema: { none: 'The error has no body.' } } } })),
        'states/order-status.yaml': edit('states/order-status.yaml', (m) => ({ ...m, transitions: [...(m.transitions as object[]).slice(0, 2), { from: 'placed', to: 'shipped', trigger: { none: 'It happens outside the service.' } }] })),
      }),
    );
    const item = (area: string, id: string) => model.areas.find((a) => a.key === area)?.items.find((i) => i.id === id);
    const get = item('endpoints', 'get-order');
    expect(get?.descriptionUnstated).toMatchObject({ state: 'none', text: 'The title says it all.' });
    const responses = get?.blocks.find((b) => b.kind === 'responses');
    const bodies = responses?.kind === 'responses' ? Object.fromEntries(responses.responses.map((r) => [r.status, r.body])) : {};
    expect(bodies['200']?.extras.map((f) => [f.label, f.state, f.text])).toEqual([['response: list', 'stated', 'false'], ['response: media types', 'open', undefined]]);
    expect(bodies['404']?.extras.map((f) => [f.state, f.text])).toEqual([['none', 'The error has no body.']]);
    const shipped = item('states', 'order-status')?.machine?.transitions.find((t) => t.to === 'shipped');
    expect(shipped?.triggerUnstated).toMatchObject({ state: 'none', text: 'It happens outside the service.' });
  });

  it('puts names from the spec into generated gap questions as code, so a name never becomes a link', async () => {
    const name = '[admin](https://evil.example/x) *all*';
    const model = siteModel(await completeWith({ 'authentication/oauth2.yaml': edit('authentication/oauth2.yaml', (a) => ({ ...a, scopes: { [name]: { open: true } } })) }));
    const gap = model.areas.find((a) => a.key === 'authentication')?.gaps.find((g) => g.label.startsWith('scope: '));
    expect(gap?.questionHtml).toBe('What does the scope <code>[admin](https://evil.example/x) *all*</code> allow?');
  });
});
