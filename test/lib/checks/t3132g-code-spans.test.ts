// Issue 32 (brief s7-B point 4): the area modules name shapes in check messages through the one
// code-span helper diff's messages use (`markdownCode`): a backtick in a field's, a parameter's or
// a header's name, a type or a value no longer ends the span early. Real YAML through the real loader and checks.
import { describe, expect, it } from 'vitest';
import { completeWith } from '../../helpers.ts';

const ORDER_STATUS = 'fields:\n  status: { type: string, required: true, allowed: [draft, placed, cancelled, shipped] }';
const messages = async (files: Record<string, string>) => (await completeWith(files)).diagnostics.map((d) => d.message);

describe('shape names in check messages hold a backtick whole', () => {
  it('a resource field', async () => {
    const got = await messages({ 'resources/Order.yaml': `${ORDER_STATUS}\n  "pa\`id": { type: boolean, required: true, minimum: 1 }` });
    expect(got).toContain('`minimum` applies to integer and number values, but field ``pa`id`` is a boolean: no value is checked against it. Remove it, or change the type.');
  });

  it('an endpoint’s query parameter', async () => {
    const endpoint = 'method: GET\npath: /orders/{order_id}\nparameters:\n  path:\n    order_id: { type: string, required: true }\n  query:\n    "q`x": { type: boolean, minimum: 1 }\nresponses:\n  "200": { resource: Order }';
    const got = await messages({ 'endpoints/get-order.yaml': endpoint });
    expect(got.some((m) => m.includes('but query parameter ``q`x`` is a boolean'))).toBe(true);
  });

  it('an event’s header', async () => {
    const got = await messages({ 'events/order.placed.yaml': 'payload: { resource: Order }\nheaders:\n  "X-`Trace": { type: boolean, max_length: 3 }' });
    expect(got.some((m) => m.includes('but header ``X-`Trace`` is a boolean'))).toBe(true);
  });

  it('a value and the type it is not of', async () => {
    const got = await messages({ 'resources/Order.yaml': `${ORDER_STATUS}\n  code: { type: string, required: true, pattern: "^[a-z]+$", examples: ["a\`b"] }` });
    expect(got.some((m) => m.includes('is the text ``a`b``, which does not match its pattern `^[a-z]+$`'))).toBe(true);
  });
});
