import { describe, expect, it } from 'vitest';
import { specFrom } from '../../helpers.ts';

const diagnose = (files: Record<string, string>) => specFrom(files).diagnostics.filter((d) => d.code === 'unknown-key');
const said = (files: Record<string, string>) => diagnose(files).map((d) => `${d.line}:${d.column} ${d.message}`);

describe('two alternatives of one form written together', () => {
  it('a trigger with an endpoint and a condition: one message at the second, with the form', () => {
    const text = 'resource: Order\nfield: status\nstates:\n  a: { initial: true }\n  b: {}\ntransitions:\n  - { from: a, to: b, trigger: { endpoint: place-order, condition: paid } }\n';
    expect(said({ 'states/s.yaml': text })).toEqual([
      '7:57 `transitions.0.trigger` says `endpoint` and `condition`; it is one of them. Keep the one that is meant: `{ endpoint: id } | { event: id } | { condition: text }`.',
    ]);
  });

  it('a security entry with a scheme and anonymous, its scopes going with the scheme', () => {
    const messages = said({ 'endpoints/e.yaml': 'method: GET\npath: /x\nsecurity:\n  - { scheme: api-key, scopes: [a], anonymous: true }\n' });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^4:37 `security\.0` says `scheme` and `anonymous`; it is one of them\. Keep the one that is meant: `\{ scheme: id, scopes\?: \[name, …\] \} \| .* \| \{ anonymous: true \}`\.$/);
  });

  it('a facet both open and none', () => {
    const [message, ...rest] = said({ 'purpose/_area.yaml': 'name: A\ndomain: { open: true, none: not yet }\n' });
    expect(rest).toEqual([]);
    expect(message).toMatch(/^2:23 `domain` says `open` and `none`; it is one of them\. Keep the one that is meant: `\{ none: text \} \| \{ open: true \| text, /);
  });

  it('says the body the same way (one wording for both)', () => {
    const body = specFrom({ 'endpoints/e.yaml': 'method: POST\npath: /x\nrequest: { resource: Order, schema: { type: object } }\n', 'resources/Order.yaml': 'fields: { id: { type: string } }\n' });
    expect(body.diagnostics).toContainEqual(expect.objectContaining({ code: 'payload-shape', message: 'The body says `resource` and `schema`; it is one of them. Keep the one that is meant.' }));
  });

  it('still names a key no alternative takes as unknown, beside the clash', () => {
    const messages = said({ 'states/s.yaml': 'resource: O\nfield: status\nstates:\n  a: { initial: true }\n  b: {}\ntransitions:\n  - { from: a, to: b, trigger: { endpoint: e, event: v, when: x } }\n' });
    expect(messages).toEqual([expect.stringContaining('says `endpoint` and `event`; it is one of them.'), expect.stringMatching(/^7:57 Unknown key `when` in `transitions\.0\.trigger`\. Expected one of: condition, endpoint, event\./)]);
  });

  it('never offers a key as its own "did you mean": a key of another kind of limit', () => {
    const [message, ...rest] = said({ 'limits/l.yaml': 'kind: size\nmax_bytes: 10\nquota: 5\n' });
    expect(rest).toEqual([]);
    expect(message).toMatch(/^3:1 Unknown key `quota` in the top level\. Expected one of: /);
    expect(message).not.toContain('did you mean `quota`');
    expect(message).toContain('max_bytes');
    expect(message).not.toMatch(/Expected one of: [^.]*\bwindow\b/);
  });
});

describe('OpenAPI habits get the spelling meant', () => {
  it.each([
    ['`summary` on an endpoint', { 'endpoints/e.yaml': 'method: GET\npath: /x\nsummary: One order.\n' }, "3:1 Unknown key `summary` in the top level: OpenAPI's `summary` is written `title` here. For example: `title: "],
    ['`requestBody`', { 'endpoints/e.yaml': 'method: POST\npath: /x\nrequestBody: {}\n' }, "3:1 Unknown key `requestBody` in the top level: OpenAPI's `requestBody` is written `request` here. For example: `request: "],
    ['`enum` on a field', { 'resources/C.yaml': 'fields:\n  n: { type: string, enum: [a] }\n' }, "2:22 Unknown key `enum` in `fields.n`: OpenAPI's `enum` is written `allowed` here. For example: `allowed: "],
    ['`properties`', { 'resources/C.yaml': 'fields:\n  n: { type: object, properties: {} }\n' }, "2:22 Unknown key `properties` in `fields.n`: OpenAPI's `properties` is written `fields` here."],
    ['`oneOf`', { 'resources/C.yaml': 'fields:\n  n: { oneOf: [] }\n' }, "2:8 Unknown key `oneOf` in `fields.n`: OpenAPI's `oneOf` is written `type: one_of` with `of: [ … ]` here."],
    ['`$ref: Order` in a field\'s items', { 'resources/C.yaml': 'fields:\n  orders: { type: array, items: { $ref: Order } }\n' }, '2:35 Unknown key `$ref` in `fields.orders.items`: a resource is referred to by its id, as `type: Order` (in a body, `resource: Order`).'],
    [
      '`$ref` to a component in a response',
      { 'endpoints/e.yaml': 'method: GET\npath: /x\nresponses:\n  "200": { description: x, content: { application/json: { schema: { $ref: "#/components/schemas/Order" } } } }\n' },
      '4:69 Unknown key `$ref` in `responses.200.content.application/json.schema`: a resource is referred to by its id, as `type: Order` (in a body, `resource: Order`).',
    ],
    ['camelCase → snake_case (found by `suggest`, a pin): `operationId`', { 'endpoints/e.yaml': 'method: GET\npath: /x\noperationId: getOrder\n' }, '3:1 Unknown key `operationId` in the top level; did you mean `operation_id`?'],
    ['camelCase → snake_case (a pin): `exclusiveMinimum`', { 'resources/C.yaml': 'fields:\n  n: { type: integer, exclusiveMinimum: 0 }\n' }, '2:23 Unknown key `exclusiveMinimum` in `fields.n`; did you mean `exclusive_minimum`?'],
  ])('%s', (_label, files, start) => {
    const messages = said(files);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.startsWith(start), messages[0]).toBe(true);
  });

  it('leaves a habit alone where the place has no such key', () => {
    expect(said({ 'errors/e.yaml': 'status: 404\nenum: [a]\n' })[0]).not.toContain('allowed');
  });
});
