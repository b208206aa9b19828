import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/lib/checks/index.ts';
import { patternMatcher } from '../../../src/lib/checks/shapes.ts';
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
      // An escaped backslash escapes no bracket: `\\[[endpoint]]` is a backslash and a link.
      [{ 'resources/Problem.yaml': 'description: See \\\\[[endpoint]].\nfields: { none: free-form }' }, { message: expect.stringContaining('did you mean `endpoints`?') }],
    ],
    quiet: [
      { 'resources/Problem.yaml': 'description: "See [[endpoints/get-order|getting an order]], [[errors]], [[gap:resources/Order/fields]] and `[[not a link]]`."\nfields: { none: free-form }' },
      // An escaped `[` starts no link (issue 31, t31e repro-01: an imported document's `[[Pet]]` is written `\[[Pet]]`).
      { 'resources/Problem.yaml': 'description: |\n  Returns \\[[Pet]]s, \\[\\[Pet\\]\\] and [\\[Pet]].\nfields: { none: free-form }' },
    ],
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
  'reserved-item-id': {
    // The errors area's own `body` holds facets (`errors/body/schema/type`); an error named `body` would share those ids and links.
    fire: [[{ 'errors/body.yaml': 'status: 400' }, { file: 'errors/body.yaml', severity: 'error', message: expect.stringContaining('`errors/body` has the name of the errors area’s own `body`') }]],
    quiet: [{ 'errors/bodies.yaml': 'status: 400', 'endpoints/get-order.yaml': getOrder('  "200": { resource: Order }\n  "400": { error: bodies }') }],
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
  'overlapping-transition': {
    fire: [
      [
        { 'states/order-status.yaml': machine(STATES, `${TRANSITIONS}\n  - { from: draft, to: cancelled, trigger: { condition: expired } }`) },
        { file: 'states/order-status.yaml', line: 12, column: 13, severity: 'warning', message: 'The step `draft -> cancelled` is also made by transition 2 (from `draft`, `placed`); write it once, unless two triggers each make it.' },
      ],
    ],
    quiet: [{ 'states/order-status.yaml': machine(STATES, `${TRANSITIONS}\n  - { from: [cancelled, shipped], to: draft, trigger: { condition: reopened } }`) }],
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
  'bidi-control': {
    fire: [
      [{ 'resources/Problem.yaml': 'description: "Totals are in \\u202Estnec\\u202C."\nfields: { none: x }' }, { line: 1, severity: 'warning' }],
      [{ 'resources/Problem.yaml': 'fields:\n  code: { type: string, allowed: [EUR, "\\u202EPBG"] }' }, { line: 2, severity: 'warning' }],
    ],
    quiet: [{ 'resources/Problem.yaml': 'description: "שלום, Hello: right-to-left text as written."\nfields: { none: x }' }],
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
    quiet: [{ 'resources/Problem.yaml': 'description: "[x](https://example.com) [y](mailto:a@example.com) [z](../../errors/)"\nfields: { none: x }' }],
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
      // Allowed values of any type, each checked against it, down to the fields and items inside.
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  paid: { type: boolean, required: true, allowed: [true, "no"] }` }, { line: 3, column: 58, severity: 'error', message: 'The allowed values of field `paid` (type boolean) include the text `no`; make every value a boolean.' }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  point: { type: object, required: true, fields: { x: { type: integer, required: true } }, allowed: [{ x: 1 }, { x: one }] }` }, { line: 3, column: 117, message: 'The allowed value `{"x":"one"}` of field `point`, at `x`, is the text `one`, not an integer; make it one.' }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  tags: { type: array, required: true, items: string, allowed: [[a, b], [a, 1]] }` }, { line: 3, column: 77, message: expect.stringContaining('at `[1]`, is number `1`, not a string') }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  nothing: { type: "null", required: false, allowed: [null, 0] }` }, { line: 3, column: 61, message: expect.stringContaining('include number `0`; make every value `null`') }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  total: { type: Amount, required: true, allowed: [1, one] }`, 'resources/Amount.yaml': 'value: { type: integer }' }, { line: 3, column: 55, message: 'The allowed value `"one"` of field `total` is the text `one`, not of the type `Amount`; make it one.' }],
    ],
    quiet: [
      { 'resources/Order.yaml': `${ORDER_STATUS}\n  code: { type: string, required: true, allowed: ["007", "0x1F", !!str 1e3] }\n  n: { type: number, required: true, allowed: [1, 2.5, 0x1F] }` },
      {
        'resources/Order.yaml': `${ORDER_STATUS}\n  gift: { type: boolean, required: true, allowed: [true] }\n  tags: { type: array, required: true, items: string, allowed: [[a, b], [c]] }\n  point: { type: object, required: true, fields: { x: { type: integer, required: true } }, allowed: [{ x: 1 }, { x: 2, label: extra }] }\n  nothing: { type: "null", required: false, allowed: [null] }\n  maybe: { type: boolean, required: false, nullable: true, allowed: [false, null] }\n  points: { type: Amount, required: true, allowed: [1, 2] }`,
        'resources/Amount.yaml': 'value: { type: integer }',
      },
    ],
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
      [{ 'authentication/oauth2.yaml': 'scheme: api-key\ncredentials: [key]\nheaders: [X-Key]\ntoken_lifetimes: { access_token: PT1H }' }, { line: 4, message: expect.stringContaining('Token lifetimes is ignored: an api-key scheme has no tokens') }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  qty: { type: integer, required: true, items: { type: string } }` }, { line: 3, message: expect.stringContaining('Field qty: items is ignored: an integer has no items') }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  tags: { type: array, required: true, items: { type: string }, fields: { none: x } }` }, { line: 3, message: expect.stringContaining('Field tags: fields is ignored: an array has no fields') }],
    ],
    quiet: [{ 'endpoints/get-order.yaml': `${getOrder('  "200": { resource: Order }')}\nrequest: { none: A GET has no body. }`.replace('method: GET', 'method: POST') }],
  },
  'inexact-number': {
    fire: [[{ 'resources/Order.yaml': `${ORDER_STATUS}\n  serial: { type: integer, required: true, examples: [12345678901234567890] }` }, { line: 3, column: 55, severity: 'warning', message: expect.stringContaining('The example of field `serial` `12345678901234567890` is past 2^53') }]],
    quiet: [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  serial: { type: number, required: true, examples: [9007199254740991, 12345678901234567168, 1.5e300] }` }],
  },
  'default-value': {
    fire: [
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  size: { type: integer, required: true, default: big }` }, { line: 3, column: 51, message: 'The default of field `size` is the text `big`, not an integer; make it one.' }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS.replace('] }', '], default: shipped, examples: [lost] }')}` }, { line: 2, message: expect.stringContaining('the text `lost`, which is not among its allowed values') }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  note: { type: string, required: false, default: null }` }, { line: 3, message: expect.stringContaining('The default of field `note` is `null`, not a string') }],
      // The stated constraints, each located at the value that breaks it.
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  size: { type: integer, required: true, minimum: 10, default: 3 }` }, { line: 3, column: 64, severity: 'error', message: 'The default of field `size` is 3, below its minimum 10.' }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  size: { type: integer, required: true, maximum: 10, examples: [5, 11] }` }, { line: 3, column: 69, message: 'The example of field `size` is 11, above its maximum 10.' }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  rate: { type: number, required: false, exclusive_maximum: 1, examples: [0.5, 1] }` }, { line: 3, column: 80, message: expect.stringContaining('is 1, not below its exclusive maximum 1') }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  rate: { type: number, required: false, exclusive_minimum: 0, default: 0 }` }, { line: 3, column: 73, message: expect.stringContaining('is 0, not above its exclusive minimum 0') }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  rate: { type: number, required: false, multiple_of: 0.25, examples: [0.75, 0.3] }` }, { line: 3, column: 78, message: expect.stringContaining('is 0.3, not a multiple of 0.25') }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  code: { type: string, required: true, max_length: 3, default: ABCD }` }, { line: 3, column: 65, message: 'The default of field `code` is the text `ABCD`, 4 characters long, longer than its maximum length 3.' }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  code: { type: string, required: true, min_length: 3, examples: [ab] }` }, { line: 3, column: 67, message: expect.stringContaining('shorter than its minimum length 3') }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  code: { type: string, required: true, pattern: "^[A-Z]{3}$", default: eur }` }, { line: 3, column: 73, message: 'The default of field `code` is the text `eur`, which does not match its pattern `^[A-Z]{3}$`.' }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  tags: { type: array, required: true, items: string, min_items: 1, examples: [[]] }` }, { line: 3, column: 80, message: expect.stringContaining('has 0 items, fewer than its minimum 1') }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  tags: { type: array, required: true, items: string, max_items: 1, unique_items: true, default: [a, a] }` }, { line: 3, column: 102, message: expect.stringContaining('at `[1]`, repeats the text `a`, though its items must differ') }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  tags: { type: array, required: true, items: string, max_items: 1, unique_items: true, default: [a, a] }` }, { line: 3, column: 98, message: expect.stringContaining('has 2 items, more than its maximum 1') }],
      [
        { 'resources/Order.yaml': `${ORDER_STATUS}\n  lines: { type: array, required: true, items: { type: object, fields: { qty: { type: integer, required: true, minimum: 1 } } }, examples: [[{ qty: 1 }, { qty: 0 }]] }` },
        { line: 3, column: 161, message: 'The example of field `lines`, at `[1].qty`, is 0, below its minimum 1.' },
      ],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  labels: { type: map, required: false, values: { type: string, max_length: 2 }, default: { a: ok, b: long } }` }, { line: 3, column: 103, message: expect.stringContaining('at `b`, is the text `long`') }],
      [
        { 'resources/Order.yaml': `${ORDER_STATUS}\n  total: { type: Amount, required: true, default: -1, examples: [x] }`, 'resources/Amount.yaml': 'value: { type: integer, minimum: 0 }' },
        { line: 3, column: 51, message: 'The default of field `total` is -1, below its minimum 0.' },
      ],
      [
        { 'resources/Order.yaml': `${ORDER_STATUS}\n  total: { type: Amount, required: true, default: -1, examples: [x] }`, 'resources/Amount.yaml': 'value: { type: integer, minimum: 0 }' },
        { line: 3, column: 66, message: 'The example of field `total` is the text `x`, not of the type `Amount`; make it one.' },
      ],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  payment: { type: one_of, required: false, of: [integer, { type: string, max_length: 2 }], examples: [abc] }` }, { line: 3, column: 104, message: expect.stringContaining('is the text `abc`, which is none of its variants') }],
      [{ 'endpoints/get-order.yaml': getOrder('  "200": { resource: Order }').replace('{ type: string, required: true }', '{ type: string, required: true, pattern: "^ord_", examples: [ord_1, 42x] }') }, { file: 'endpoints/get-order.yaml', line: 5, column: 83, message: expect.stringContaining('does not match its pattern `^ord_`') }],
      // A body's example against its resource, a list of it, its own shape, a media type's shape.
      [{ 'endpoints/get-order.yaml': getOrder('  "200": { resource: Order, example: { status: lost } }') }, { file: 'endpoints/get-order.yaml', line: 7, column: 48, message: 'The example of the `200` response, at `status`, is the text `lost`, which is not among its allowed values ("draft", "placed", "cancelled", "shipped").' }],
      [{ 'endpoints/get-order.yaml': getOrder('  "200": { resource: Order, list: true, example: [{ status: draft }, { total: -5 }] }') }, { line: 7, column: 79, message: 'The example of the `200` response, at `[1].total`, is -5, below its minimum 0.' }],
      [{ 'endpoints/get-order.yaml': getOrder('  "200": { schema: { type: object, fields: { n: { type: integer } } }, example: { n: x } }') }, { line: 7, column: 86, message: 'The example of the `200` response, at `n`, is the text `x`, not an integer; make it one.' }],
      [{ 'endpoints/get-order.yaml': getOrder('  "200":\n    content:\n      application/json: { resource: Order, example: { paid: maybe } }') }, { line: 9, message: 'The example of the `200` response as `application/json`, at `paid`, is the text `maybe`, not a boolean; make it one.' }],
      [
        { 'purpose/_area.yaml': 'name: x\nbase_url: https://x.example.com\npurpose: x\ndomain: x\nusers: [x]\nservers:\n  - url: https://{region}.example.com\n    variables:\n      region: { default: asia, allowed: [eu, us] }' },
        { file: 'purpose/_area.yaml', line: 9, column: 26, message: 'The default of server variable `region` is the text `asia`, which is not among its allowed values ("eu", "us").' },
      ],
    ],
    quiet: [
      { 'endpoints/get-order.yaml': getOrder('  "200": { resource: Order, list: true, example: [{ status: draft, total: 0 }] }\n  "404":\n    content:\n      application/json: { schema: { type: object, fields: { n: { type: integer } } }, example: { n: 1, more: x } }') },
      { 'resources/Order.yaml': `${ORDER_STATUS.replace('] }', '], default: draft, examples: [placed] }')}\n  note: { type: string, required: false, nullable: true, default: null, examples: [Leave at the door.] }` },
      // Every constraint met: floating-point steps, lengths in characters, an unanchored pattern, partial objects, unions.
      {
        'resources/Order.yaml': [
          ORDER_STATUS,
          '  rate: { type: number, required: false, minimum: 0, exclusive_maximum: 1.5, multiple_of: 0.01, examples: [0.07, 0.3, 1.1], default: 0 }',
          '  code: { type: string, required: true, pattern: "[A-Z]", min_length: 2, max_length: 3, examples: [aBc, 😀X] }',
          '  tags: { type: array, required: true, items: { type: string, max_length: 2 }, min_items: 1, max_items: 2, unique_items: true, examples: [[a, b], [ab]] }',
          '  lines: { type: array, required: true, items: { type: object, fields: { qty: { type: integer, required: true, minimum: 1 }, sku: { type: string, required: true } } }, examples: [[{ qty: 2 }]] }',
          '  payment: { type: one_of, required: false, of: [integer, { type: string, max_length: 2 }], examples: [ab, 12345] }',
          '  total: { type: Amount, required: true, nullable: true, default: null, examples: [0, 7] }',
        ].join('\n'),
        'resources/Amount.yaml': 'value: { type: integer, minimum: 0 }',
      },
    ],
  },
  'bad-constraint': {
    fire: [
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  size: { type: integer, required: true, minimum: 10, maximum: 1 }` }, { line: 3, column: 51, message: expect.stringContaining('`minimum: 10` and `maximum: 1` of field `size` leave no value') }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  code: { type: string, required: true, pattern: "[a-" }` }, { line: 3, message: expect.stringContaining('The pattern of field `code` is not a regular expression') }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  tags: { type: array, required: true, items: { type: string, min_length: 5, max_length: 2 } }` }, { line: 3, message: expect.stringContaining('of items of field `tags`') }],
    ],
    quiet: [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  size: { type: integer, required: true, minimum: 1, maximum: 1 }\n  code: { type: string, required: true, pattern: "^[A-Z]{3}$" }` }],
  },
  'constraint-type': {
    fire: [
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  paid: { type: boolean, required: true, minimum: 1 }` }, { line: 3, column: 42, severity: 'error', message: '`minimum` applies to integer and number values, but field `paid` is a boolean: no value is checked against it. Remove it, or change the type.' }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  code: { type: integer, required: true, pattern: "^[0-9]+$" }` }, { line: 3, column: 42, message: expect.stringContaining('`pattern` applies to string values, but field `code` is an integer') }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  tags: { type: array, required: true, items: { type: string, max_items: 3 } }` }, { line: 3, column: 63, message: expect.stringContaining('but items of field `tags` is a string') }],
      [{ 'resources/Order.yaml': `${ORDER_STATUS}\n  problem: { type: Problem, required: false, min_items: 1 }` }, { line: 3, column: 46, message: expect.stringContaining('field `problem` is `Problem`, an object of fields') }],
      [{ 'endpoints/get-order.yaml': getOrder('  "200": { resource: Order }').replace('{ type: string, required: true }', '{ type: string, required: true, unique_items: true }') }, { file: 'endpoints/get-order.yaml', line: 5, column: 47, message: expect.stringContaining('but path parameter `order_id` is a string') }],
    ],
    quiet: [
      {
        'resources/Order.yaml': `${ORDER_STATUS}\n  size: { type: integer, required: true, minimum: 1, multiple_of: 2 }\n  code: { type: string, required: true, pattern: "^[A-Z]+$", max_length: 3 }\n  total: { type: Amount, required: true, minimum: 0 }`,
        'resources/Amount.yaml': 'value: { type: integer }',
      },
    ],
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
  'discriminator-overlap': {
    fire: [
      [
        { 'resources/PCard.yaml': 'fields:\n  kind: { type: string, required: true }', 'resources/PBank.yaml': 'fields:\n  kind: { type: string, required: true }\n  iban: { type: string, required: false }', 'resources/Order.yaml': `${ORDER_STATUS}\n  payment: { type: one_of, required: true, of: [PCard, PBank], discriminator: { field: kind, mapping: { card: PCard, bank: PBank } } }` },
        { file: 'resources/Order.yaml', line: 3, column: 88, severity: 'warning', message: expect.stringContaining('`PCard` (`allowed: [card]`), `PBank` (`allowed: [bank]`)') },
      ],
    ],
    quiet: [
      { 'resources/PCard.yaml': 'fields:\n  kind: { type: string, required: true, allowed: [card] }', 'resources/PBank.yaml': 'fields:\n  kind: { type: string, required: true, allowed: [bank] }', 'resources/Order.yaml': `${ORDER_STATUS}\n  payment: { type: one_of, required: true, of: [PCard, PBank], discriminator: { field: kind, mapping: { card: PCard, bank: PBank } } }` },
      { 'resources/PCard.yaml': 'fields:\n  kind: { type: string, required: true }\n  last4: { type: string, required: true }', 'resources/PBank.yaml': 'fields:\n  kind: { type: string, required: true }\n  iban: { type: string, required: true }', 'resources/Order.yaml': `${ORDER_STATUS}\n  payment: { type: one_of, required: true, of: [PCard, PBank], discriminator: { field: kind } }` },
    ],
  },
  'empty-inventory': {
    fire: [
      [
        { 'versioning/v0.yaml': null, 'versioning/v1.yaml': null },
        { file: 'versioning/_area.yaml', severity: 'warning', message: expect.stringContaining('`inventory: complete` says the list of supported versions is whole, but it lists none (no file in `versioning/`). If there are none, write `inventory: { none: "why there are none" }`') },
      ],
      [
        { 'limits/_area.yaml': 'quotas: complete\nsize_bounds: complete\ntimeouts: complete\nheaders: [RateLimit]' },
        { file: 'limits/_area.yaml', line: 3, column: 11, severity: 'warning', message: expect.stringContaining('the list of time-outs is whole, but it lists none (no `kind: timeout` file in `limits/`)') },
      ],
    ],
    quiet: [{ 'versioning/v0.yaml': null }],
  },
  'payload-shape': {
    fire: [
      [{ 'endpoints/create-order.yaml': 'method: POST\npath: /orders\nparameters: { none: x }\nrequest: { resource: Order, schema: { type: object } }\nresponses: { "201": { resource: Order } }' }, { line: 4, column: 29, message: expect.stringContaining('says `resource` and `schema`') }],
      [{ 'endpoints/create-order.yaml': 'method: POST\npath: /orders\nparameters: { none: x }\nrequest: { list: true, content_type: text/csv }\nresponses: { "201": { resource: Order } }' }, { line: 4, message: expect.stringContaining('no `resource` is named') }],
    ],
    quiet: [{ 'endpoints/create-order.yaml': 'method: POST\npath: /orders\nparameters: { none: x }\nrequest: { schema: { type: object, fields: { note: { type: string, required: false } } }, content_type: [application/json, application/x-www-form-urlencoded], required: true }\nresponses: { "201": { resource: Order, headers: { Location: { type: string, format: uri } } }, "400": { error: invalid_order }, "429": { error: rate_limited } }\nlimits: [default-rate, request-size]' }],
  },
  'missing-page': {
    fire: [
      [{ 'resources/Problem.yaml': 'description: See [the scopes](/documentation/web-api/concepts/scopes) first.\nfields: { none: free-form }' }, { file: 'resources/Problem.yaml', line: 1, column: 31, severity: 'warning', message: expect.stringContaining('`/documentation/web-api/concepts/scopes` leads to no page of the spec') }],
      [{ 'resources/Problem.yaml': 'description: "See [x][d].\\n\\n[d]: /endpoints/no-such-endpoint/"\nfields: { none: free-form }' }, { message: expect.stringContaining('`/endpoints/no-such-endpoint/`') }],
      // t32j: links relative to the page that shows them, as copied from the document's own site (Spotify's guides, ExaVault's Redoc anchors).
      [{ 'resources/Problem.yaml': 'description: See [the guide](guide/start.html) first.\nfields: { none: free-form }' }, { file: 'resources/Problem.yaml', line: 1, column: 30, severity: 'warning', message: expect.stringContaining('relative to the page that shows it (`/resources/Problem/`), it names `/resources/Problem/guide/start.html`') }],
      [{ 'resources/Problem.yaml': 'description: Call [send](#operation/completeDirectSend) after.\nfields: { none: free-form }' }, { line: 1, column: 26, message: expect.stringContaining('`#operation/completeDirectSend` leads to no place of the spec: it is an anchor of the document') }],
    ],
    quiet: [{ 'resources/Problem.yaml': 'description: "See [the order](/resources/Order/), [the gaps](/gaps/), [elsewhere](https://example.com/documentation/x), [here](../Order/), [its description](#f-resources/Problem/description) and `[code](/documentation/)`."\nfields: { none: free-form }' }],
  },
  'not-a-name': {
    fire: [
      [{ 'authentication/api-key.yaml': 'scheme: api-key\ncredentials: [api_key (from the dashboard, one per partner)]\nheaders: [X-API-Key]\nlocation: header' }, { file: 'authentication/api-key.yaml', line: 2, column: 15, severity: 'warning', message: expect.stringContaining('so this was read as two, `api_key (from the dashboard` and `one per partner)`') }],
      [{ 'authentication/api-key.yaml': 'scheme: api-key\ncredentials: [api_key]\nheaders:\n  - X API Key\nlocation: header' }, { line: 4, message: expect.stringContaining('`X API Key` in `headers` is not a name') }],
    ],
    quiet: [{ 'authentication/api-key.yaml': 'scheme: api-key\ncredentials: [api_key, "partner-id"]\nheaders: [X-API-Key, X-Partner]\nlocation: header' }],
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

describe('shapes and their values', () => {
  it('a constraint on the wrong type is said once, as an error; with `constraint-type: off` it is an ignored-facet hint again', async () => {
    const order = `${ORDER_STATUS}\n  paid: { type: boolean, required: true, minimum: 1, format: yes-no }`;
    const on = await completeWith({ 'resources/Order.yaml': order });
    expect(on.diagnostics.map((d) => `${d.severity} ${d.code} ${d.line}:${d.column}`)).toEqual(['error constraint-type 3:42', 'hint ignored-facet 3:54']);
    const off = await completeWith({ 'resources/Order.yaml': order, 'specbench.yaml': 'checks:\n  constraint-type: off' });
    expect(off.diagnostics.map((d) => `${d.severity} ${d.code} ${d.line}:${d.column}`)).toEqual(['hint ignored-facet 3:42', 'hint ignored-facet 3:54']);
  });

  it('allowed values on a boolean, an object or a list are kept and checked, not ignored', async () => {
    const { diagnostics, assessment } = await completeWith({ 'resources/Order.yaml': `${ORDER_STATUS}\n  gift: { type: boolean, required: true, allowed: [true] }\n  point: { type: object, required: true, allowed: [{ x: 1 }] }` });
    expect(diagnostics).toEqual([]);
    expect(assessment.ignored).toEqual([]);
    expect(assessment.facets.filter((f) => /fields\/(gift|point)\/allowed$/.test(f.id)).map((f) => [f.id, f.value])).toEqual([
      ['resources/Order/fields/gift/allowed', [true]],
      ['resources/Order/fields/point/allowed', [{ x: 1 }]],
    ]);
  });

  it('a pattern that backtracks without end in JavaScript is judged by RE2 in linear time, the same on any machine', async () => {
    // Each of these takes JavaScript 2^40 steps or more to refuse; RE2 refuses each at once.
    const examples = Array.from({ length: 200 }, (_, i) => `${'a'.repeat(40 + i)}b`).join(', ');
    const { diagnostics } = await completeWith({ 'resources/Order.yaml': `${ORDER_STATUS}\n  code: { type: string, required: true, pattern: "^(a+)+$", examples: [${examples}, aaa] }` });
    expect(diagnostics).toHaveLength(200);
    expect(diagnostics.filter((d) => !(d.code === 'default-value' && /, which does not match its pattern `\^\(a\+\)\+\$`\.$/.test(d.message)))).toEqual([]);
  });

  it('a pattern RE2 cannot run (lookaround) runs in JavaScript: one that backtracks without end does not hold the check hostage, it is not judged', async () => {
    const examples = Array.from({ length: 200 }, (_, i) => `${'a'.repeat(40 + i)}b`).join(', ');
    const { diagnostics } = await completeWith({ 'resources/Order.yaml': `${ORDER_STATUS}\n  code: { type: string, required: true, pattern: "^(?=a)(a+)+\\\\s$", examples: [${examples}] }` });
    expect(diagnostics).toEqual([]);
  });

  it('a pattern with `\\s` or `.` is run by RE2 spelt as JavaScript reads it: the same backtracking pattern is judged, in linear time, on any machine', async () => {
    const examples = Array.from({ length: 200 }, (_, i) => `${'a'.repeat(40 + i)}b`).join(', ');
    const { diagnostics } = await completeWith({ 'resources/Order.yaml': `${ORDER_STATUS}\n  code: { type: string, required: true, pattern: "^(a+)+\\\\s$", examples: [${examples}] }` });
    expect(diagnostics).toHaveLength(200);
    expect(new Set(diagnostics.map((d) => d.code))).toEqual(new Set(['default-value']));
  });

  it('RE2 and JavaScript agree on the patterns RE2 runs: \\u escapes, classes, anchors, Unicode properties', async () => {
    const cases: Array<[string, string, boolean]> = [
      ['^[A-Z]{3}$', 'EUR', true],
      ['^[A-Z]{3}$', 'eur', false],
      ['^\\u00e9t\\u00e9$', 'été', true],
      ['^\\u{1F600}$', '\u{1F600}', true],
      ['^\\p{Lu}+$', 'ÉTÉ', true],
      ['^\\d{4}-\\d{2}$', '2024-01', true],
      ['\\\\s', 'a\\s', true],
      ['^a\\.b$', 'a.b', true],
      ['^a\\.b$', 'axb', false],
    ];
    const matches = patternMatcher();
    for (const [pattern, text, expected] of cases) {
      expect([pattern, text, matches(pattern, text)]).toEqual([pattern, text, expected]);
      expect(new RegExp(pattern, 'u').test(text), pattern).toBe(expected);
    }
  });
});

describe('empty-inventory', () => {
  it('counts an item file with errors as listed: it is reported on its own', async () => {
    const { diagnostics } = await completeWith({ 'versioning/v0.yaml': null, 'versioning/v1.yaml': 'status: [' });
    expect(diagnostics.map((d) => d.code)).toEqual(['yaml-syntax']);
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
