import { describe, expect, it } from 'vitest';
import { linkOnSite } from '../../../src/lib/render/site/paths.ts';
import { completeWith, editComplete as edit, siteViews } from '../../helpers.ts';


describe('a link written in the spec, on the site', () => {
  it('resolves a relative link against the page of what states it, so every page that shows it leads to the same place', () => {
    expect(linkOnSite('../gaps/', '/purpose/')).toBe('/gaps/');
    expect(linkOnSite('../../gaps/', '/spec/endpoints/get-order/')).toBe('/spec/gaps/');
    expect(linkOnSite('#f-x', '/purpose/')).toBe('/purpose/#f-x');
    expect(linkOnSite('notes/?q=<b>"x"', '/purpose/')).toBe('/purpose/notes/?q=%3Cb%3E%22x%22');
  });

  it('leaves absolute links as written', () => {
    expect(linkOnSite('https://github.com/acme/spec/issues/1', '/purpose/')).toBe('https://github.com/acme/spec/issues/1');
    expect(linkOnSite('//cdn.example/x', '/purpose/')).toBe('//cdn.example/x');
  });
});

describe('relative links in prose', () => {
  it('resolve against the page of the item or area that states the prose, wherever it is shown', async () => {
    const spec = await completeWith({
      'resources/Order.yaml': edit('resources/Order.yaml', (o) => ({ ...o, fields: { ...(o.fields as object), paid: { type: 'boolean', required: true, description: 'See [the states](../../states/order-status/#ref-states), [[resources/Payment|Payment]] and [mail](mailto:a@b.example).' } } })),
      'states/order-status.yaml': edit('states/order-status.yaml', (m) => ({ ...m, description: 'Drawn [beside](../../resources/Order/).' })),
    });
    for (const base of ['/', '/spec/']) {
      const model = siteViews(spec, { base });
      const order = model.areas.find((a) => a.key === 'resources')?.items.find((i) => i.id === 'Order');
      // The item's description, its field's description on its own page and shown in place on an endpoint's page.
      expect(order?.descriptionHtml).toContain(`<a href="${base}resources/Payment/">Payment</a>`);
      const own = order?.blocks.flatMap((b) => (b.kind === 'shape' ? b.fields : [])).find((f) => f.name === 'paid')?.description?.html;
      const expected = `<p>See <a href="${base}states/order-status/#ref-states">the states</a>, <a href="${base}resources/Payment/">Payment</a> and <a href="mailto:a@b.example">mail</a>.</p>`;
      expect(own).toBe(expected);
      const getOrder = model.areas.find((a) => a.key === 'endpoints')?.items.find((i) => i.id === 'get-order');
      const response = getOrder?.blocks.flatMap((b) => (b.kind === 'responses' ? b.responses : []))[0];
      expect(response?.body.inline?.tree?.shape.children[0]?.shapes.find((f) => f.name === 'paid')?.description?.html).toBe(expected);
      // A machine's prose, shown as a resource's lifecycle, resolves against the machine's page.
      expect(order?.lifecycles?.[0]?.machine.states).toBeDefined();
      const states = model.areas.find((a) => a.key === 'states')?.items.find((i) => i.id === 'order-status');
      expect(states?.descriptionHtml).toBe(`<p>Drawn <a href="${base}resources/Order/">beside</a>.</p>`);
    }
  });
});
