import { describe, expect, it } from 'vitest';
import { exampleOf } from '../../../src/lib/render/example.ts';
import { blockOf as block, completeWith, editComplete as edit, fixture, itemOf as item, siteViews, specAt } from '../../helpers.ts';



describe('generated examples and the requests of code samples', () => {
  it('makes a response example from the resource it carries, within its constraints, leaving write-only fields out', async () => {
    const model = siteViews(await specAt(fixture('complete')));
    const ok = block(item(model, 'endpoints', 'get-order'), 'responses')?.responses.find((r) => r.status === '200');
    const [json] = ok?.body.examples ?? [];
    expect([json?.generated, json?.mediaType]).toEqual([true, 'application/json']);
    const example = JSON.parse(json?.text ?? 'null');
    expect(example).toMatchObject({
      id: '00000000-0000-0000-0000-000000000000',
      status: 'draft', // the default wins over the first allowed value
      total: 1999, // a stated example wins
      paid: true,
      created_at: '2024-01-01T00:00:00Z',
      priority: 2,
      discount: null, // a null default is a default
      lines: [{ sku: 'A', quantity: 1 }], // one the stated pattern ^[A-Z0-9-]+$ matches
      labels: ['gift', 'express'],
      metadata: { key: 'string' },
      delivery_window: '2024-01-01',
    });
    expect(example).not.toHaveProperty('notes'); // write-only: never returned
  });

  it('shows stated examples as they are, named ones with their names, and sends the request’s in the code samples', async () => {
    const model = siteViews(await specAt(fixture('complete')));
    const create = item(model, 'endpoints', 'create-order');
    const json = block(create, 'body')?.body.media.find((m) => m.type === 'application/json')?.body;
    expect(json?.examples.map((e) => [e.name, e.generated, e.mediaType, e.facetId])).toEqual([[undefined, undefined, 'application/json', 'endpoints/create-order/request/content/application~1json/example']]);
    expect(JSON.parse(json?.examples[0]?.text ?? 'null')).toEqual({ status: 'draft', total: 1999, paid: false, lines: [{ sku: 'A-1', quantity: 2 }] });
    const created = block(create, 'responses')?.responses.find((r) => r.status === '201')?.body;
    expect(created?.examples.map((e) => [e.name, e.summary, e.generated])).toEqual([['drafted', 'A draft of one line', undefined]]);
    expect(JSON.parse(created?.examples[0]?.text ?? 'null')).toMatchObject({ id: '6f1c2b1e-8d3a-4f7e-9a51-2b7f0d3c9e11', total: 1999 });
    const curl = block(create, 'samples')?.samples.find((s) => s.label === 'cURL')?.code;
    expect(curl).toContain(`--data '{\n  "status": "draft",\n  "total": 1999,`);
    // The parameter's named example, with its summary, beside the others it states.
    const cursor = block(item(model, 'endpoints', 'list-orders'), 'parameters')?.groups.find((g) => g.location === 'query')?.rows.find((r) => r.name === 'cursor');
    expect(cursor?.named).toEqual([{ name: 'second', summary: 'The page after the first', text: 'c2Vjb25k' }]);
    expect(cursor?.extras.map((e) => e.label)).not.toContain('query parameter cursor: named examples');
  });

  it('writes the placeholder base address as it stands and notes what it cannot fill in', async () => {
    const spec = await completeWith({
      'purpose/_area.yaml': edit('purpose/_area.yaml', (p) => ({ ...p, base_url: '{base_url}' })),
      'authentication/api-key.yaml': edit('authentication/api-key.yaml', (a) => ({ ...a, location: { open: 'Header or query?' } })),
      'endpoints/get-order.yaml': edit('endpoints/get-order.yaml', (e) => ({ ...e, security: [{ scheme: 'api-key' }], parameters: { ...(e.parameters as object), query: { expand: { type: 'string', required: true, allowed: ['lines'] } } } })),
    });
    const samples = block(item(siteViews(spec), 'endpoints', 'get-order'), 'samples');
    expect(samples?.samples.find((s) => s.label === 'cURL')?.code).toBe("curl '{base_url}/orders/{order_id}?expand=lines' \\\n  --globoff");
    expect(samples?.notes).toEqual([
      'Fill in {order_id} in the URL: the spec states no example of this path parameter.',
      'The api-key credentials are left out: where the key goes and under which name is not stated yet.',
      "Put the service's base address in place of {base_url}: the spec does not state it yet.",
    ]);
  });

  it('puts a path parameter’s stated example into the samples, and says which ones are left to fill in', async () => {
    const spec = await completeWith({
      'endpoints/get-order.yaml': edit('endpoints/get-order.yaml', (e) => ({ ...e, parameters: { path: { order_id: { type: 'string', required: true, examples: ['6f1c2b1e'] } } } })),
    });
    const samples = block(item(siteViews(spec), 'endpoints', 'get-order'), 'samples');
    expect(samples?.samples[0]?.code.split('\n')[0]).toBe("curl https://api.example.com/v1/orders/6f1c2b1e \\");
    expect(samples?.notes).toEqual([]);
    const place = block(item(siteViews(await specAt(fixture('complete'))), 'endpoints', 'place-order'), 'samples');
    expect(place?.samples[0]?.code.split('\n')[0]).toBe("curl 'https://api.example.com/v1/orders/{order_id}/place' \\");
    expect(place?.notes[0]).toBe('Fill in {order_id} in the URL: the spec states no example of this path parameter.');
  });

  it('makes a string its stated pattern matches, and none (never a placeholder the pattern refuses) where it cannot', () => {
    const ctx = { resource: () => undefined };
    const string = (shape: object) => exampleOf({ type: 'string', ...shape }, ctx, 'response')?.value;
    for (const pattern of ['^[A-Z]{3}$', '^[0-9]{4}$', '^\\d{3}-\\d{2}$', '^[a-z]+\\.json$', 'abc']) {
      const made = string({ pattern });
      expect(made, pattern).toMatch(new RegExp(pattern));
    }
    expect(string({ pattern: '^x+$', min_length: 4 })).toBe('xxxx');
    // A format's example is kept where it matches the pattern, replaced where it does not.
    expect(string({ format: 'uuid', pattern: '^[0-9a-f-]+$' })).toBe('00000000-0000-0000-0000-000000000000');
    expect(string({ format: 'email', pattern: '^[a-z]+$' })).toBe('a');
    // Alternatives, groups and negated classes by fixed choices (t32t S6): the first alternative, a class's first letter.
    expect(string({ pattern: '^(EUR|USD)$' })).toBe('EUR');
    expect(string({ pattern: '^[^x]{2}$' })).toBe('aa');
    // A pattern no string is made for: no value (the field that holds it is left out, and that said: reader-f32f).
    expect(exampleOf({ type: 'string', pattern: '(?<=a)b' }, ctx, 'response')).toBeUndefined();
    // Without a pattern, the stated lengths.
    expect(string({ max_length: 3 })).toBe('str');
    expect(string({ min_length: 8 })).toBe('stringxx');
  });

  it('keeps a generated number within its bounds and on its step', () => {
    const ctx = { resource: () => undefined };
    expect(exampleOf({ type: 'integer', minimum: 1, multiple_of: 5 }, ctx, 'response')).toEqual({ value: 5 });
    expect(exampleOf({ type: 'number', exclusive_minimum: 0, exclusive_maximum: 1, multiple_of: 0.25 }, ctx, 'response')).toEqual({ value: 0.5 });
    expect(exampleOf({ type: 'integer', maximum: 12, multiple_of: 5 }, ctx, 'response')).toEqual({ value: 10 });
  });
});
