import { describe, expect, it } from 'vitest';
import { type BlockView, type ItemView } from '../../../src/lib/index.ts';
import { curlCommand, exampleOf, shellWord } from '../../../src/lib/render/example.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { completeWith, fixture, specAt, siteViews } from '../../helpers.ts';

/** A file of the complete fixture, changed. */
const edit = (path: string, change: (data: Record<string, unknown>) => Record<string, unknown>) => stringify(change(parse(readFileSync(join(fixture('complete'), path), 'utf8'))));

const item = (model: ReturnType<typeof siteViews>, area: string, id: string): ItemView => {
  const found = model.areas.find((a) => a.key === area)?.items.find((i) => i.id === id);
  if (!found) throw new Error(`no ${area}/${id}`);
  return found;
};
const block = <K extends BlockView['kind']>(i: ItemView, kind: K) => i.blocks.find((b): b is Extract<BlockView, { kind: K }> => b.kind === kind);

describe('generated examples and curl lines', () => {
  it('makes a response example from the resource it carries, within its constraints, leaving write-only fields out', async () => {
    const model = siteViews(await specAt(fixture('complete')));
    const ok = block(item(model, 'endpoints', 'get-order'), 'responses')?.responses.find((r) => r.status === '200');
    expect(ok?.body.example).toBeUndefined();
    const example = JSON.parse(ok?.body.generated ?? 'null');
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

  it('keeps a stated example instead of generating one, and builds the curl line from it', async () => {
    const model = siteViews(await specAt(fixture('complete')));
    const create = item(model, 'endpoints', 'create-order');
    const json = block(create, 'body')?.body.media.find((m) => m.type === 'application/json')?.body;
    expect(json?.example).toBeDefined();
    expect(json?.generated).toBeUndefined();
    expect(block(create, 'curl')?.command).toBe(
      [
        "curl -X POST 'https://api.example.com/v1/orders'",
        "  -H 'Authorization: Bearer <token>'",
        "  -H 'Content-Type: application/json'",
        `  --data '{"status":"draft","total":1999,"paid":false,"lines":[{"sku":"A-1","quantity":2}]}'`,
      ].join(' \\\n'),
    );
  });

  it('writes the placeholder base address as it stands and notes what it cannot fill in', async () => {
    const spec = await completeWith({
      'purpose/_area.yaml': edit('purpose/_area.yaml', (p) => ({ ...p, base_url: '{base_url}' })),
      'authentication/api-key.yaml': edit('authentication/api-key.yaml', (a) => ({ ...a, location: { open: 'Header or query?' } })),
      'endpoints/get-order.yaml': edit('endpoints/get-order.yaml', (e) => ({ ...e, security: [{ scheme: 'api-key' }], parameters: { ...(e.parameters as object), query: { expand: { type: 'string', required: true, allowed: ["it's"] } } } })),
    });
    const curl = block(item(siteViews(spec), 'endpoints', 'get-order'), 'curl');
    expect(curl?.command).toBe("curl -X GET '{base_url}/orders/{order_id}?expand=it'\\''s'");
    expect(curl?.notes).toEqual([
      'Fill in {order_id} in the URL: the spec states no example of this path parameter.',
      'The api-key credentials are left out: where the key goes and under which name is not stated yet.',
    ]);
  });

  it('puts a path parameter’s stated example into the curl line, and says which ones are left to fill in', async () => {
    const spec = await completeWith({
      'endpoints/get-order.yaml': edit('endpoints/get-order.yaml', (e) => ({ ...e, parameters: { path: { order_id: { type: 'string', required: true, examples: ['6f1c 2b1e'] } } } })),
    });
    const curl = block(item(siteViews(spec), 'endpoints', 'get-order'), 'curl');
    expect(curl?.command.split('\n')[0]).toBe("curl -X GET 'https://api.example.com/v1/orders/6f1c%202b1e' \\");
    expect(curl?.notes).toEqual([]);
    const place = block(item(siteViews(await specAt(fixture('complete'))), 'endpoints', 'place-order'), 'curl');
    expect(place?.command.split('\n')[0]).toBe("curl -X POST 'https://api.example.com/v1/orders/{order_id}/place' \\");
    expect(place?.notes[0]).toBe('Fill in {order_id} in the URL: the spec states no example of this path parameter.');
  });

  it('makes a string its stated pattern matches where the pattern is simple, and a placeholder that says so where it is not', () => {
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
    // Alternatives, groups and negated classes are not made up: the placeholder says what it must match.
    expect(string({ pattern: '^(EUR|USD)$' })).toBe('<a string matching ^(EUR|USD)$>');
    expect(string({ pattern: '^[^x]{2}$' })).toBe('<a string matching ^[^x]{2}$>');
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

  it('quotes any word for the shell so that nothing in it is run', () => {
    expect(shellWord('plain/path')).toBe('plain/path');
    expect(shellWord("$(rm -rf ~)'`x`")).toBe(`'$(rm -rf ~)'\\''\`x\`'`);
    expect(curlCommand({ method: 'GET', url: 'https://x/$HOME', headers: ['A: "b"'] })).toBe(`curl -X GET 'https://x/$HOME' \\\n  -H 'A: "b"'`);
  });
});
