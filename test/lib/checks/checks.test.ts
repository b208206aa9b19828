import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/lib/checks/index.ts';
import { completeWith, specAt, fixture } from '../../helpers.ts';

type Files = Record<string, string | null>;

const getOrder = (responses: string) => `method: GET\npath: /orders/{order_id}\nparameters:\n  path:\n    order_id: { type: string, required: true }\nresponses:\n${responses}`;
const machine = (states: string, transitions: string, field = 'status') => `resource: Order\nfield: ${field}\nstates:\n${states}\ntransitions:\n${transitions}`;
const ORDER_STATUS = 'fields:\n  status: { type: string, required: true, allowed: [draft, placed, cancelled, shipped] }';
const STATES = '  draft: { initial: true }\n  placed: {}\n  cancelled: { final: true }\n  shipped: { final: true }';
const TRANSITIONS = '  - { from: draft, to: placed, trigger: { endpoint: place-order } }\n  - { from: [draft, placed], to: cancelled, trigger: { endpoint: cancel-order } }\n  - { from: placed, to: shipped, trigger: { condition: dispatched } }';

/** Each check: a change that makes it fire (with where), and a near miss that keeps it quiet. */
const ROWS: Record<string, { fire: Array<[Files, Record<string, unknown>]>; quiet: Files[] }> = {
  'unresolved-reference': {
    fire: [
      [{ 'endpoints/get-order.yaml': getOrder('  "200": { resource: Ordr }') }, { file: 'endpoints/get-order.yaml', line: 7, column: 22, message: 'Unknown resource `Ordr` in 200 response; did you mean `Order`?' }],
      [{ 'endpoints/get-order.yaml': getOrder('  "404": { error: order_not_fond }') }, { line: 7, column: 19, message: expect.stringContaining('did you mean `order_not_found`?') }],
      [{ 'resources/Order.yaml': 'fields:\n  id: { type: strng, required: true }' }, { file: 'resources/Order.yaml', line: 2, column: 15, message: expect.stringContaining('did you mean `string`?') }],
      [{ 'states/order-status.yaml': machine(STATES, TRANSITIONS.replace('place-order', 'place-ordr')) }, { message: expect.stringContaining('Unknown endpoint `place-ordr` in transition trigger; did you mean `place-order`?') }],
      [{ 'events/order.placed.yaml': 'payload: { resource: Nope }' }, { file: 'events/order.placed.yaml', line: 1, column: 22 }],
      [{ 'endpoints/get-order.yaml': `${getOrder('  "200": { resource: Order }')}\nsecurity: [{ scheme: oauth }]` }, { message: expect.stringContaining('Unknown authentication scheme `oauth`') }],
      [{ 'endpoints/get-order.yaml': `${getOrder('  "200": { resource: Order }')}\nlimits: [default-rat]` }, { message: expect.stringContaining('did you mean `default-rate`?') }],
      [{ 'errors/_area.yaml': 'inventory: complete\nbody: { resource: Problm }' }, { file: 'errors/_area.yaml', line: 2 }],
      [{ 'purpose/_area.yaml': 'name: { open: true, blocked_by: [purpose/domian] }' }, { line: 1, message: expect.stringContaining('did you mean `purpose/domain`?') }],
    ],
    quiet: [{ 'endpoints/get-order.yaml': getOrder('  "200": { resource: Order, list: true }') }],
  },
  'broken-link': {
    fire: [
      [{ 'resources/Problem.yaml': 'description: |\n  An RFC 9457 problem,\n  returned by [[endpoints/get-ordr]].\nfields: { none: free-form }' }, { file: 'resources/Problem.yaml', line: 3, column: 15, message: expect.stringContaining('did you mean `get-order`?') }],
      [{ 'resources/Problem.yaml': 'description: See [[gap:resources/Problem/fieldz]].\nfields: { none: free-form }' }, { line: 1, column: 18 }],
      [{ 'resources/Problem.yaml': 'description: See [[endpoint]].\nfields: { none: free-form }' }, { message: expect.stringContaining('did you mean `endpoints`?') }],
      [{ 'resources/Problem.yaml': 'description: See [[endpoints/get-order|the *endpoint*]].\nfields: { none: free-form }' }, { message: expect.stringContaining('labels are plain text') }],
    ],
    quiet: [{ 'resources/Problem.yaml': 'description: "See [[endpoints/get-order|getting an order]], [[errors]], [[gap:resources/Order/fields]] and `[[not a link]]`."\nfields: { none: free-form }' }],
  },
  'path-parameters': {
    fire: [
      [{ 'endpoints/get-order.yaml': 'method: GET\npath: /orders/{order_id}\nparameters:\n  path:\n    id: { type: string }\nresponses: { "200": { resource: Order } }' }, { line: 2, message: expect.stringContaining('`{order_id}`') }],
      [{ 'endpoints/get-order.yaml': 'method: GET\npath: /orders/{order_id}\nparameters: { none: none }\nresponses: { "200": { resource: Order } }' }, { line: 3 }],
      [{ 'endpoints/get-order.yaml': 'method: GET\npath: /orders/{order_id}\nparameters:\n  path:\n    order_id: { type: string, required: false }\nresponses: { "200": { resource: Order } }' }, { line: 5, message: expect.stringContaining('always required') }],
    ],
    quiet: [{ 'endpoints/get-order.yaml': 'method: GET\npath: /orders/{order_id}\nparameters:\n  path:\n    order_id: { type: string }\n  query:\n    expand: { type: string }\nresponses: { "200": { resource: Order } }' }],
  },
  'duplicate-endpoint': {
    fire: [[{ 'endpoints/get-order-2.yaml': getOrder('  "200": { resource: Order }').replace('{order_id}', '{id}').replace('order_id:', 'id:') }, { file: 'endpoints/get-order-2.yaml', line: 2, related: [expect.objectContaining({ file: 'endpoints/get-order.yaml', line: 4 })] }]],
    quiet: [{ 'endpoints/delete-order.yaml': 'method: DELETE\npath: /orders/{order_id}\nparameters:\n  path:\n    order_id: { type: string }\nresponses: { "204": { none: no body } }\nsecurity: [{ scheme: oauth2 }]' }],
  },
  'bad-status': {
    fire: [
      [{ 'endpoints/get-order.yaml': getOrder('  "600": { resource: Order }') }, { line: 7, column: 3 }],
      [{ 'errors/order_not_found.yaml': 'status: 44' }, { file: 'errors/order_not_found.yaml', line: 1, column: 9 }],
    ],
    quiet: [{ 'endpoints/get-order.yaml': getOrder('  "200": { resource: Order }\n  "4XX": { error: order_not_found }\n  default: { error: invalid_order }') }],
  },
  'status-mismatch': {
    fire: [[{ 'endpoints/get-order.yaml': getOrder('  "200": { resource: Order }\n  "404": { error: invalid_order }') }, { line: 8, column: 19, severity: 'warning', related: [expect.objectContaining({ file: 'errors/invalid_order.yaml', line: 3 })] }]],
    quiet: [{ 'endpoints/get-order.yaml': getOrder('  "200": { resource: Order }\n  "4XX": { error: invalid_order }') }],
  },
  'unknown-state': {
    fire: [
      [{ 'states/order-status.yaml': machine(STATES, TRANSITIONS.replace('to: placed', 'to: plced')) }, { line: 9, message: expect.stringContaining('did you mean `placed`?') }],
      [{ 'states/order-status.yaml': machine(STATES, TRANSITIONS.replace('[draft, placed]', '[draft, paid]')) }, { line: 10 }],
    ],
    quiet: [{ 'states/order-status.yaml': machine(STATES, `${TRANSITIONS}\n  - { from: cancelled, to: draft, trigger: { condition: reopened } }`) }],
  },
  'initial-state': {
    fire: [
      [{ 'states/order-status.yaml': machine(STATES.replace('{ initial: true }', '{}'), TRANSITIONS) }, { line: 3, column: 1 }],
      [{ 'states/order-status.yaml': machine(STATES.replace('placed: {}', 'placed: { initial: true }'), TRANSITIONS) }, { line: 5, related: [expect.objectContaining({ line: 4 })] }],
    ],
    quiet: [{ 'states/order-status.yaml': machine(STATES.replace('{ initial: true }', '{ initial: true, description: new }'), TRANSITIONS) }],
  },
  'unreachable-state': {
    fire: [[{ 'states/order-status.yaml': machine(STATES, TRANSITIONS.split('\n').slice(0, 2).join('\n')) }, { line: 7, severity: 'warning', message: expect.stringContaining('`shipped`') }]],
    quiet: [{ 'states/order-status.yaml': machine(STATES, TRANSITIONS.replace('from: placed, to: shipped', 'from: [placed], to: shipped')) }],
  },
  'state-field': {
    fire: [[{ 'states/order-status.yaml': machine(STATES, TRANSITIONS, 'stauts') }, { line: 2, message: expect.stringContaining('did you mean `status`?') }]],
    quiet: [{ 'states/order-status.yaml': machine(STATES, TRANSITIONS, '"{status_field}"') }],
  },
  'state-values': {
    fire: [[{ 'states/order-status.yaml': machine(`${STATES}\n  refunded: { final: true }`, `${TRANSITIONS}\n  - { from: shipped, to: refunded, trigger: { condition: x } }`) }, { line: 3, message: expect.stringContaining('states not allowed by the field: refunded'), related: [expect.objectContaining({ file: 'resources/Order.yaml', line: 6 })] }]],
    quiet: [{ 'resources/Order.yaml': 'fields:\n  status: { type: string, required: true, allowed: [shipped, placed, draft, cancelled] }' }],
  },
  'unknown-scope': {
    fire: [[{ 'endpoints/get-order.yaml': `${getOrder('  "200": { resource: Order }')}\nsecurity: [{ scheme: oauth2, scopes: ["orders:red"] }]` }, { line: 8, message: expect.stringContaining('did you mean `orders:read`?'), related: [expect.objectContaining({ file: 'authentication/oauth2.yaml', line: 7, column: 1 })] }]],
    quiet: [{ 'endpoints/get-order.yaml': `${getOrder('  "200": { resource: Order }')}\nsecurity: [{ scheme: oauth2, scopes: ["orders:read", "orders:write"] }]` }],
  },
  'version-dates': {
    fire: [[{ 'versioning/v1.yaml': 'status: deprecated\nreleased: 2025-06-01\ndeprecated: 2025-01-01' }, { line: 3, column: 13, related: [expect.objectContaining({ line: 2 })] }]],
    quiet: [{ 'versioning/v1.yaml': 'status: deprecated\nreleased: 2025-01-01\ndeprecated: 2025-01-01\nsunset: 2026-01-01' }],
  },
  'raw-html': {
    fire: [[{ 'resources/Problem.yaml': 'description: "Hello <script>alert(1)</script>"\nfields: { none: x }' }, { line: 1, column: 21, severity: 'error' }]],
    quiet: [{ 'resources/Problem.yaml': 'description: "Compare `a < b` and 1 < 2."\nfields: { none: x }' }],
  },
  'unsafe-link': {
    fire: [
      [{ 'resources/Problem.yaml': 'description: "[x](javascript:alert(1))"\nfields: { none: x }' }, { line: 1, column: 19, severity: 'error' }],
      [{ 'resources/Problem.yaml': 'description: "[x](java&#x09;script:alert(1))"\nfields: { none: x }' }, { line: 1, message: expect.stringContaining('reads it as a `javascript:` link') }],
      [{ 'resources/Problem.yaml': 'description: "Click <java script:alert(1)> now"\nfields: { none: x }' }, { line: 1, column: 22, message: expect.stringContaining('hides the scheme `javascript:`') }],
      [{ 'resources/Problem.yaml': 'description: "[x]( JaVaScRiPt:alert(1))"\nfields: { none: x }' }, { line: 1 }],
    ],
    quiet: [{ 'resources/Problem.yaml': 'description: "[x](https://example.com) [y](mailto:a@example.com) [z](../errors/)"\nfields: { none: x }' }],
  },
  'blocked-by-cycle': {
    fire: [
      [{ 'purpose/_area.yaml': 'name: { open: true, blocked_by: [purpose/name] }' }, { file: 'purpose/_area.yaml', line: 1, column: 34, message: expect.stringContaining('blocked by itself') }],
      [
        { 'purpose/_area.yaml': 'name: { open: true, blocked_by: [purpose/domain] }\ndomain: { open: true, blocked_by: [purpose/users] }\nusers: { open: true, blocked_by: [purpose/name] }' },
        { line: 3, message: expect.stringContaining('`purpose/name` → `purpose/domain` → `purpose/users` → `purpose/name`') },
      ],
    ],
    quiet: [{ 'purpose/_area.yaml': 'name: { open: true, blocked_by: [purpose/domain] }\ndomain: { open: true, blocked_by: [purpose/users] }\nusers: { open: true }' }],
  },
  'allowed-type': {
    fire: [
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  code: { type: string, required: true, allowed: [007, 0x1F, 1e3, ok] }` }, { line: 3, column: 51, message: '`007` in the allowed values of field `code` is read by YAML as the number 7, but the field is a string; quote it: `"007"`.' }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  code: { type: string, required: true, allowed: [007, 0x1F, 1e3, ok] }` }, { line: 3, column: 56, message: expect.stringContaining('`0x1F` in the allowed values of field `code` is read by YAML as the number 31') }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  n: { type: integer, required: true, allowed: [1, 2.5] }` }, { line: 3, column: 52, message: expect.stringContaining('number `2.5`') }],
    ],
    quiet: [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  code: { type: string, required: true, allowed: ["007", "0x1F", !!str 1e3] }\n  n: { type: number, required: true, allowed: [1, 2.5, 0x1F] }` }],
  },
  'diagram-too-large': {
    fire: [
      [
        { 'states/order-status.yaml': `resource: Order\nfield: status\nstates:\n${Array.from({ length: 51 }, (_, i) => `  s${i}: {${i === 0 ? ' initial: true ' : ''}}`).join('\n')}\ntransitions:\n${Array.from({ length: 50 }, (_, i) => `  - { from: s${i}, to: s${i + 1}, trigger: { condition: next } }`).join('\n')}`, 'resources/Order.yaml': 'fields:\n  status: { type: string, required: true }' },
        { line: 3, column: 1, severity: 'warning', message: expect.stringContaining('51 states and 50 transitions') },
      ],
    ],
    quiet: [{ 'states/order-status.yaml': `resource: Order\nfield: status\nstates:\n${Array.from({ length: 50 }, (_, i) => `  s${i}: {${i === 0 ? ' initial: true ' : ''}}`).join('\n')}\ntransitions:\n${Array.from({ length: 49 }, (_, i) => `  - { from: s${i}, to: s${i + 1}, trigger: { condition: next } }`).join('\n')}`, 'resources/Order.yaml': 'fields:\n  status: { type: string, required: true }' }],
  },
  'prose-limit': {
    fire: [
      [{ 'resources/Problem.yaml': `description: "${'> '.repeat(3000)}x"\nfields: { none: x }` }, { line: 1, column: 14, message: expect.stringContaining('nests 3000 block quotes') }],
      [{ 'resources/Problem.yaml': `description: "${'* '.repeat(5000)}x"\nfields: { none: x }` }, { line: 1, message: expect.stringContaining('nests 5000') }],
      [{ 'resources/Problem.yaml': `description: "${'[x]('.repeat(25000)}"\nfields: { none: x }` }, { line: 1, message: expect.stringContaining('100,000 characters long') }],
      [{ 'resources/Problem.yaml': `description: |\n${Array.from({ length: 20 }, (_, i) => `  ${'  '.repeat(i)}- level ${i}`).join('\n')}\nfields: { none: x }` }, { line: 1, message: expect.stringContaining('Line 20 of the text nests') }],
    ],
    quiet: [{ 'resources/Problem.yaml': `description: |\n${Array.from({ length: 8 }, (_, i) => `  ${'  '.repeat(i)}- level ${i}`).join('\n')}\n  ${'[x](https://example.com) '.repeat(100)}\nfields: { none: x }` }],
  },
  'duplicate-facet': {
    fire: [[{ 'states/order-status.yaml': machine(STATES, `${TRANSITIONS}\n  - { from: draft, to: placed, trigger: { condition: again } }`) }, { line: 12, column: 41, message: expect.stringContaining('Transition draft->placed: trigger is written twice') }]],
    quiet: [{ 'states/order-status.yaml': machine(STATES, `${TRANSITIONS}\n  - { from: [placed], to: draft, trigger: { condition: reopened } }`) }],
  },
  'ignored-facet': {
    fire: [
      [{ 'endpoints/get-order.yaml': `${getOrder('  "200": { resource: Order }')}\nrequest: { resource: Order }` }, { line: 8, column: 1, severity: 'hint', message: 'Request payload is ignored: a GET request has no body. Remove it, or change what makes it not apply.' }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  paid: { type: boolean, required: true, format: yes-no }` }, { line: 3, column: 42, message: expect.stringContaining('Field paid: format is ignored: a boolean has no format') }],
      [{ 'authentication/oauth2.yaml': 'scheme: api-key\ncredentials: [key]\nheaders: [X-Key]\ntoken_lifetimes: { access_token: PT1H }' }, { line: 4, message: expect.stringContaining('a api-key scheme has no tokens') }],
    ],
    quiet: [{ 'endpoints/get-order.yaml': `${getOrder('  "200": { resource: Order }')}\nrequest: { none: A GET has no body. }`.replace('method: GET', 'method: POST') }],
  },
  'default-value': {
    fire: [
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  size: { type: integer, required: true, default: big }` }, { line: 3, column: 51, message: 'The default of field `size` is the text `big`, not an integer; make it one.' }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS.replace('] }', '], default: shipped, examples: [lost] }')}` }, { line: 2, message: expect.stringContaining('the text `lost`, which is not among its allowed values') }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  note: { type: string, required: false, default: null }` }, { line: 3, message: expect.stringContaining('The default of field `note` is `null`, not a string') }],
    ],
    quiet: [{ 'resources/Order.yaml': `${ORDER_STATUS.replace('] }', '], default: draft, examples: [placed] }')}\n  note: { type: string, required: false, nullable: true, default: null, examples: [Leave at the door.] }` }],
  },
  'bad-constraint': {
    fire: [
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  size: { type: integer, required: true, minimum: 10, maximum: 1 }` }, { line: 3, column: 51, message: expect.stringContaining('`minimum: 10` and `maximum: 1` of field `size` leave no value') }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  code: { type: string, required: true, pattern: "[a-" }` }, { line: 3, message: expect.stringContaining('The pattern of field `code` is not a regular expression') }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  tags: { type: array, required: true, items: { type: string, min_length: 5, max_length: 2 } }` }, { line: 3, message: expect.stringContaining('of items of field `tags`') }],
    ],
    quiet: [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  size: { type: integer, required: true, minimum: 1, maximum: 1 }\n  code: { type: string, required: true, pattern: "^[A-Z]{3}$" }` }],
  },
  'discriminator-field': {
    fire: [
      [
        { 'resources/Order.yaml': `${ORDER_STATUS}\n  payment: { type: one_of, required: true, of: [Problem, { type: object, fields: { kind: { type: string, required: true } } }], discriminator: { field: kind } }` },
        { line: 3, severity: 'warning', message: 'The discriminator of field `payment` is the field `kind`, but `Problem` has no such field; add it to every variant.' },
      ],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  payment: { type: one_of, required: true, of: [Problem, Order], discriminator: { field: status, mapping: { p: Problem, x: Nope } } }` }, { line: 3, message: expect.stringContaining('maps `x` to `Nope`, which is not one of its variants') }],
    ],
    quiet: [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  payment: { type: one_of, required: true, of: [Problem, { type: object, fields: { status: { type: integer, required: true } } }], discriminator: { field: status, mapping: { p: Problem } } }` }],
  },
  'payload-shape': {
    fire: [
      [{ 'endpoints/create-order.yaml': 'method: POST\npath: /orders\nparameters: { none: x }\nrequest: { resource: Order, schema: { type: object } }\nresponses: { "201": { resource: Order } }' }, { line: 4, column: 29, message: expect.stringContaining('says `resource` and `schema`') }],
      [{ 'endpoints/create-order.yaml': 'method: POST\npath: /orders\nparameters: { none: x }\nrequest: { list: true, content_type: text/csv }\nresponses: { "201": { resource: Order } }' }, { line: 4, message: expect.stringContaining('no `resource` is named') }],
    ],
    quiet: [{ 'endpoints/create-order.yaml': 'method: POST\npath: /orders\nparameters: { none: x }\nrequest: { schema: { type: object, fields: { note: { type: string, required: false } } }, content_type: [application/json, application/x-www-form-urlencoded], required: true }\nresponses: { "201": { resource: Order, headers: { Location: { type: string, format: uri } } }, "400": { error: invalid_order }, "429": { error: rate_limited } }\nlimits: [default-rate, request-size]' }],
  },
  'unused-item': {
    fire: [[{ 'errors/gone.yaml': 'status: 410' }, { file: 'errors/gone.yaml', severity: 'hint' }]],
    quiet: [{ 'errors/gone.yaml': 'status: 410', 'endpoints/get-order.yaml': getOrder('  "200": { resource: Order }\n  "410": { error: gone }') }],
  },
};

describe('the complete fixture', () => {
  it('passes every check', async () => {
    expect((await specAt(fixture('complete'))).diagnostics).toEqual([]);
  });
});

describe.each(CHECKS.map((c) => [c.code, c] as const))('%s', (code) => {
  const rows = ROWS[code];
  it('has rows that make it fire and keep it quiet', () => {
    expect(rows?.fire.length).toBeGreaterThan(0);
    expect(rows?.quiet.length).toBeGreaterThan(0);
  });
  it.each(rows?.fire ?? [])('fires %#', async (files, expected) => {
    const { diagnostics } = await completeWith(files);
    expect(diagnostics.filter((d) => d.code === code)).toContainEqual(expect.objectContaining(expected));
  });
  it.each(rows?.quiet ?? [])('stays quiet %#', async (files) => {
    const { diagnostics } = await completeWith(files);
    expect(diagnostics).toEqual([]);
  });
});

describe('severities', () => {
  it('follow specbench.yaml, and `off` silences a check', async () => {
    const files = { 'errors/gone.yaml': 'status: 410' };
    const warn = await completeWith({ ...files, 'specbench.yaml': 'checks:\n  unused-item: warning' });
    expect(warn.diagnostics).toEqual([expect.objectContaining({ code: 'unused-item', severity: 'warning' })]);
    const off = await completeWith({ ...files, 'specbench.yaml': 'checks:\n  unused-item: off' });
    expect(off.diagnostics).toEqual([]);
  });

  it('an unknown check code in specbench.yaml is an error with a suggestion', async () => {
    const { diagnostics } = await completeWith({ 'specbench.yaml': 'checks:\n  unused-items: off' });
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'unknown-check', file: 'specbench.yaml', line: 2, column: 3, message: expect.stringContaining('did you mean `unused-item`?') })]);
  });
});
