import { describe, expect, it } from 'vitest';
import { cli, specFrom, writeSpec } from '../../helpers.ts';

/** One YAML slip in `resources/Order.yaml` (an unquoted `: ` in a flow mapping) that four other files name. */
const SPEC = {
  'purpose/_area.yaml': 'name: Orders\npurpose: See [[resources/Order]].\n',
  'endpoints/create-order.yaml': 'method: POST\npath: /orders\nrequest: { resource: Order }\nresponses:\n  "201": { resource: Order, description: Made. }\n',
  'endpoints/get-order.yaml': 'method: GET\npath: /orders/{id}\nparameters: { path: { id: { type: string, required: true } } }\nresponses:\n  "200": { resource: Order, description: The order. }\n',
  'resources/Order.yaml': 'fields:\n  id: { type: string, required: true }\n  customer: { type: string, required: true, description: Note: the buyer }\n',
  'states/order-lifecycle.yaml': 'resource: Order\nfield: status\nstates:\n  draft: { initial: true }\n  placed: {}\ntransitions:\n  - { from: draft, to: placed, trigger: { endpoint: create-order } }\n',
};

describe('a file that could not be read comes first', () => {
  it('puts the YAML error before the errors that only follow from it, the rest in file order', () => {
    const errors = specFrom(SPEC).diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => `${d.file} ${d.code}`)).toEqual([
      'resources/Order.yaml yaml-syntax',
      'endpoints/create-order.yaml unresolved-reference',
      'endpoints/create-order.yaml unresolved-reference',
      'endpoints/get-order.yaml unresolved-reference',
      'purpose/_area.yaml broken-link',
      'states/order-lifecycle.yaml unresolved-reference',
    ]);
    expect(errors.slice(1).every((d) => d.message.includes('fix that file first'))).toBe(true);
  });

  it('prints it first in `check`, the same bytes every run', async () => {
    const dir = await writeSpec(new Map(Object.entries(SPEC)));
    const first = await cli(['check', '--spec', dir, '--no-cache']);
    const second = await cli(['check', '--spec', dir, '--no-cache']);
    expect(first.code).toBe(1);
    const located = (out: string) => out.split('\n').filter((l) => / (error|warning|hint) [a-z-]+ /.test(l));
    expect(located(first.out + first.err)[0]).toMatch(/resources\/Order\.yaml:3:\d+ error yaml-syntax /);
    expect(second.out + second.err).toBe(first.out + first.err);
  });

  it('keeps plain file order when every file can be read', () => {
    const readable = { ...SPEC, 'resources/Order.yaml': 'fields:\n  id: { type: string, required: true, summry: x }\n', 'endpoints/create-order.yaml': `${SPEC['endpoints/create-order.yaml']}summry: x\n` };
    const order = specFrom(readable).diagnostics.filter((d) => d.severity === 'error').map((d) => d.file);
    expect(order).toEqual(['endpoints/create-order.yaml', 'resources/Order.yaml']);
  });
});
