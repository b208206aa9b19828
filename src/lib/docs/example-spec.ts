/**
 * The complete example spec: a small order service that uses every key of every area, so that a
 * reader who learns by copying finds each key in use. `specbench init --example` writes it; the
 * guide's reference of every key takes its examples from it, and the loader's messages show the
 * first line of the example of the key they are about. A test checks that it passes `check` and
 * uses every key the schemas have, so it stays true as they change.
 *
 * Paths are relative to the spec folder; the files carry no schema line (`init` adds one that
 * points where the schemas are installed).
 */
export const EXAMPLE_SPEC: ReadonlyArray<{ path: string; text: string }> = [
  {
    path: 'authentication/_area.yaml',
    text: `inventory: complete
description: Partners use an API key; shops use OAuth 2.0.
`,
  },
  {
    path: 'authentication/api-key.yaml',
    text: `title: API key
description: For partners and the payment provider.
scheme: api-key
credentials: [api_key]
headers: [X-API-Key]
location: header
`,
  },
  {
    path: 'authentication/bearer.yaml',
    text: `title: Bearer token
description: A token from the shop's admin page, for its own systems.
scheme: http-bearer
credentials: [access_token]
headers: [Authorization]
token_format: JWT
token_lifetimes: { access_token: P90D }
`,
  },
  {
    path: 'authentication/broker.yaml',
    text: `title: Broker login
description: How the payment provider logs in to the message broker.
scheme: sasl
mechanism: scram-sha-256
credentials: [username, password]
`,
  },
  {
    path: 'authentication/digest.yaml',
    text: `title: HTTP digest
description: For older warehouse systems that cannot send a token.
scheme: http
http_scheme: digest
credentials: [username, password]
headers: [Authorization]
`,
  },
  {
    path: 'authentication/oauth2.yaml',
    text: `title: OAuth 2.0 client credentials
scheme: oauth2
credentials: [client_id, client_secret]
headers: [Authorization]
token_lifetimes: { access_token: PT1H }
scopes:
  "orders:read": Read orders.
  "orders:write": Create, place and cancel orders.
token_endpoints: { clientCredentials.token: "https://auth.example.com/oauth/token" }
flow_scopes: { clientCredentials: ["orders:read", "orders:write"] }
external_docs: { url: https://example.com/docs/oauth }
`,
  },
  {
    path: 'endpoints/_area.yaml',
    text: `inventory: complete
description: "The operations on orders, over HTTPS."
tags:
  Orders: { description: "Create, place, cancel and track orders.", external_docs: { url: https://example.com/docs/orders } }
  Returns: { description: Not open yet; no endpoint is in it. }
paths:
  /orders/{order_id}: { summary: One order, description: What the service does with an order it knows by id. }
`,
  },
  {
    path: 'endpoints/cancel-order.yaml',
    text: `title: Cancel an order
method: POST
path: /orders/{order_id}/cancel
parameters:
  path:
    order_id: { type: string, required: true }
request: { none: No body. }
responses:
  "200": { resource: Order }
  "404": { error: order_not_found }
  "409": { error: invalid_transition }
security: [{ scheme: oauth2, scopes: ["orders:write"] }]
limits: [default-rate]
`,
  },
  {
    path: 'endpoints/create-order.yaml',
    text: `title: Create an order
method: POST
path: /orders
tags: [Orders]
parameters: { none: Takes no parameters. }
request:
  required: true
  description: The order as the shop drafts it.
  content:
    application/json: { resource: Order, example: { status: draft, total: 1999, paid: false, lines: [{ sku: A-1, quantity: 2 }] } }
    multipart/form-data:
      schema:
        type: object
        fields:
          order: { type: string, required: true, description: The order as JSON. }
          attachment: { type: string, required: false, format: binary }
responses:
  "201":
    resource: Order
    named_examples:
      drafted: { summary: A draft of one line, value: { id: 6f1c2b1e-8d3a-4f7e-9a51-2b7f0d3c9e11, status: draft, total: 1999, paid: false, lines: [{ sku: A-1, quantity: 1 }] } }
    headers:
      Location: { type: string, format: uri, required: true, description: The new order's address. }
  "400": { error: invalid_order }
  "429": { error: rate_limited }
security: [{ scheme: oauth2, scopes: ["orders:write"] }]
limits: [default-rate, request-size, request-time]
callbacks:
  onPlaced: [order.placed]
`,
  },
  {
    path: 'endpoints/get-order.yaml',
    text: `title: Get an order
method: GET
path: /orders/{order_id}
parameters:
  path:
    order_id: { type: string, required: true, description: The order's id. }
responses:
  "200": { resource: Order, content_type: [application/json, application/xml] }
  "404": { error: order_not_found }
security:
  - { scheme: oauth2, scopes: ["orders:read"] }
  - { scheme: digest }
limits: [default-rate]
`,
  },
  {
    path: 'endpoints/import-orders.yaml',
    text: `title: Import orders
description: Drafts many orders at once, from a shop's own system.
method: POST
path: /orders/import
tags: [Orders]
operation_id: importOrders
external_docs: { url: https://example.com/docs/import, description: How to prepare an import. }
servers: [{ url: https://bulk.example.com/v1, description: Imports run on a host of their own. }]
parameters:
  query:
    dry_run: { type: boolean, title: Dry run, default: false, description: Check the orders without keeping them. }
  cookie:
    session: { type: string, description: "The shop's session, from its login." }
  header:
    X-Import-Options: { type: object, content_type: application/json, fields: { notify: { type: boolean, required: false } } }
request:
  resource: Order
  list: true
  required: true
  description: The orders to draft, at most 100.
  named_examples:
    one: { summary: A single order, value: [{ status: draft, total: 1999, paid: false, lines: [{ sku: A-1, quantity: 1 }] }] }
responses:
  "200":
    description: What became of each order, in the order sent.
    content:
      application/json:
        resource: Order
        list: true
        named_examples:
          drafted: { summary: One order drafted, value: [{ id: 6f1c2b1e-8d3a-4f7e-9a51-2b7f0d3c9e11, status: draft }] }
  "202":
    description: A large import, taken in for later.
    schema:
      type: object
      fields:
        job: { type: string, required: true, title: Import job, description: Where to ask how the import goes. }
  "400": { error: invalid_order }
security:
  - { scheme: bearer }
limits: [default-rate, request-size]
`,
  },
  {
    path: 'endpoints/list-order-lines.yaml',
    text: `title: List an order's lines
method: GET
path: /orders/{id}/lines
deprecated: true
tags: [Orders]
parameters:
  path:
    id: { type: string, required: true, format: uuid, description: The order's id. }
  query:
    id: { type: array, items: string, description: Only the lines with these SKUs. }
responses:
  "200":
    content:
      application/json: { schema: { type: array, items: { type: object, fields: { sku: { type: string, required: true }, quantity: { type: integer, required: true } } } } }
  "404": { error: order_not_found }
security: [{ scheme: oauth2, scopes: ["orders:read"] }]
`,
  },
  {
    path: 'endpoints/list-orders.yaml',
    text: `title: List orders
description: The shop's orders, newest first, a page at a time.
method: GET
path: /orders
operation_id: listOrders
tags: [Orders]
parameters:
  query:
    status: { type: array, items: { type: string, allowed: [draft, placed, cancelled, shipped] }, style: form, explode: false, description: Only orders in these states. }
    limit: { type: integer, minimum: 1, maximum: 100, default: 20 }
    cursor: { type: string, description: Where the previous page ended., named_examples: { second: { summary: The page after the first, value: c2Vjb25k } } }
  header:
    If-None-Match: { type: string, description: The ETag of a page already held. }
  cookie: { none: No cookies are read. }
responses:
  "200":
    resource: Order
    list: true
    description: One page of orders.
    content_type: [application/json, text/csv]
    headers:
      Link: { type: string, description: 'The next page, as rel="next".' }
      ETag: { type: string, required: true }
    example: [{ id: 6f1c2b1e-8d3a-4f7e-9a51-2b7f0d3c9e11, status: draft }]
  "304": { description: Not modified since the ETag given. }
  4XX: { error: invalid_order, description: Any client error. }
security:
  - { scheme: oauth2, scopes: ["orders:read"] }
  - all: [{ scheme: api-key }, { scheme: oauth2 }]
  - { anonymous: true }
limits: [default-rate]
`,
  },
  {
    path: 'endpoints/place-order.yaml',
    text: `title: Place an order
method: POST
path: /orders/{order_id}/place
parameters:
  path:
    order_id: { type: string, required: true }
request: { none: The order is placed as it stands; no body. }
responses:
  "200": { resource: Order }
  "404": { error: order_not_found }
  "409": { error: invalid_transition }
security: [{ scheme: oauth2, scopes: ["orders:write"] }]
limits: [default-rate]
`,
  },
  {
    path: 'errors/_area.yaml',
    text: `inventory: complete
body: { resource: Problem, content_type: application/problem+json }
description: Every error is an RFC 9457 problem.
`,
  },
  {
    path: 'errors/invalid_order.yaml',
    text: `title: Invalid order
status: 400
description: The body is not a valid order; the problem lists each invalid field.
body:
  schema:
    type: object
    fields:
      type: { type: string, required: true, format: uri }
      title: { type: string, required: true }
      status: { type: integer, required: true }
      errors:
        type: array
        required: true
        items: { type: object, fields: { field: { type: string, required: true }, reason: { type: string, required: true } } }
  content_type: application/problem+json
`,
  },
  {
    path: 'errors/invalid_transition.yaml',
    text: `title: Invalid transition
status: 409
description: The order is not in a state that allows this move.
external_docs: { url: https://example.com/docs/states, description: Which moves each state allows. }
`,
  },
  {
    path: 'errors/order_not_found.yaml',
    text: `title: Order not found
status: 404
`,
  },
  {
    path: 'errors/rate_limited.yaml',
    text: `title: Rate limited
status: 429
body: { resource: Problem, description: Says when to try again. }
`,
  },
  {
    path: 'events/_area.yaml',
    text: `inventory: complete
delivery: { transport: webhook (HTTPS POST to the subscriber's URL) }
retries: { attempts: 5, backoff: exponential, within: PT24H }
signing: { algorithm: HMAC-SHA256, header: Webhook-Signature }
description: Webhooks to the shops, and the payment provider's notices.
channels:
  orders:
    address: orders.{event}
    title: Orders
    summary: What happens to orders.
    description: One address per kind of order event.
    messages: [order.placed, order.shipped]
    external_docs: { url: https://example.com/docs/channels }
  payments:
    address: null
    messages: { settled: payment.settled }
operations:
  notifyShops:
    action: send
    channel: orders
    messages: [order.placed, order.shipped]
    title: Notify the shops
    summary: Tells the shop about its orders.
    description: Sent to the webhook URL each shop registers.
    external_docs: { url: https://example.com/docs/webhooks }
  hearPayments:
    action: receive
    channel: payments
    tags: [Payments]
tags:
  Payments: { description: What the payment provider tells the service. }
`,
  },
  {
    path: 'events/order.placed.yaml',
    text: `title: Order placed
summary: A shop placed an order.
name: OrderPlaced
payload: { resource: Order, content_type: application/json }
channel: orders.placed
direction: sent
tags: [Orders]
parameters:
  header:
    X-Shop-Id: { type: string, required: true, description: The shop the order belongs to. }
operation_id: onOrderPlaced
deprecated: false
delivery: { transport: webhook (HTTPS POST), description: Sent at once; shops answer within 10 seconds. }
signing: { algorithm: Ed25519, header: Webhook-Signature, description: Signed with the service's key. }
`,
  },
  {
    path: 'events/order.shipped.yaml',
    text: `title: Order shipped
description: Sent when the warehouse confirms dispatch.
payload: { resource: ShippedOrder, description: The order as shipped. }
channel: orders.shipped
direction: sent
headers:
  Webhook-Id: { type: string, required: true, format: uuid, description: Unique per delivery; repeated on retries. }
tags: [Orders, Shipping]
retries: { attempts: 10, backoff: exponential, within: P3D, description: Warehouses retry longer. }
external_docs: { url: https://example.com/docs/shipping, description: How dispatch is confirmed. }
`,
  },
  {
    path: 'events/payment.settled.yaml',
    text: `title: Payment settled
description: The payment provider tells the service that an order is paid.
payload:
  schema:
    type: object
    fields:
      order_id: { type: string, required: true, format: uuid }
      amount: { type: integer, required: true, minimum: 1 }
      payment: { type: Payment, required: true }
  example: { order_id: 6f1c2b1e-8d3a-4f7e-9a51-2b7f0d3c9e11, amount: 1999, payment: { method: card, last4: '4242' } }
channel: payments/{provider}/settled
direction: received
security: [{ scheme: api-key }, { scheme: broker }]
tags: [Payments]
`,
  },
  {
    path: 'limits/_area.yaml',
    text: `quotas: complete
size_bounds: complete
timeouts: complete
headers: [RateLimit, RateLimit-Policy, Retry-After]
description: Limits are counted per client.
`,
  },
  {
    path: 'limits/default-rate.yaml',
    text: `title: Default rate
description: Counted per client id, across all endpoints that name it.
kind: quota
quota: 1000
window: PT1H
per: client
external_docs: { url: https://example.com/docs/rate-limits }
`,
  },
  {
    path: 'limits/request-size.yaml',
    text: `title: Request size
description: A larger request body is refused with 413.
kind: size
max_bytes: 1048576
applies_to: request
external_docs: { url: https://example.com/docs/limits#size }
`,
  },
  {
    path: 'limits/request-time.yaml',
    text: `title: Request time
description: A request that takes longer is answered with 503.
kind: timeout
duration: PT30S
external_docs: { url: https://example.com/docs/limits#time }
`,
  },
  {
    path: 'purpose/_area.yaml',
    text: `name: Order Service
summary: Orders for shops, from draft to shipment.
base_url: https://api.example.com/v1
purpose: Lets shops create, place, cancel and track customer orders. See [[resources/Order]].
domain: Retail order management
users: [Shop front-ends, Warehouse systems]
servers:
  - name: production
    url: https://api.example.com/v1
    description: Production.
  - url: https://{region}.sandbox.example.com/{version}
    description: Sandboxes, one per region.
    variables:
      region: { default: eu, allowed: [eu, us], description: Where the sandbox runs. }
      version: { default: v1 }
  - name: broker
    url: tcp://broker.example.com:9092
    protocol: kafka
    description: The message broker the payment provider publishes to.
contact: { name: Order team, email: orders@example.com, url: https://example.com/support }
license: { name: Apache 2.0, identifier: Apache-2.0, url: https://www.apache.org/licenses/LICENSE-2.0 }
terms_of_service: https://example.com/terms
description: The interface of the order service, as its team maintains it.
external_docs: { url: https://example.com/docs, description: The guide for shops. }
`,
  },
  {
    path: 'resources/BankTransfer.yaml',
    text: `title: Bank transfer
description: Paid by bank transfer.
fields:
  method: { type: string, required: true, allowed: [bank_transfer] }
  iban: { type: string, required: true }
`,
  },
  {
    path: 'resources/Card.yaml',
    text: `title: Card payment
description: Paid by card.
external_docs: { url: https://example.com/docs/cards }
fields:
  method: { type: string, required: true, allowed: [card] }
  last4: { type: string, required: true, pattern: "^[0-9]{4}$" }
`,
  },
  {
    path: 'resources/Order.yaml',
    text: `title: Order
description: A customer's order, from draft to shipment, paid with a [Payment](../Payment/).
fields:
  id: { type: string, required: true, format: uuid, read_only: true, description: The order's id. }
  status: { type: string, required: true, allowed: [draft, placed, cancelled, shipped], default: draft, description: "Where the order is in its [[states/order-status|lifecycle]]." }
  total: { type: integer, required: true, format: int64, description: Total in cents., minimum: 0, examples: [1999] }
  paid: { type: boolean, required: true, title: Paid in full }
  created_at: { type: string, required: true, format: date-time, read_only: true }
  currency: { type: string, required: false, allowed: [EUR, USD], default: EUR, examples: [EUR], min_length: 3, max_length: 3, pattern: "^[A-Z]{3}$" }
  priority: { type: integer, required: false, allowed: [1, 2, 3], default: 2, description: 1 is the most urgent. }
  discount: { type: number, required: false, exclusive_minimum: 0, exclusive_maximum: 1, multiple_of: 0.01, nullable: true, default: null }
  notes: { type: string, required: false, nullable: true, max_length: 500, write_only: true }
  legacy_ref: { type: string, required: false, deprecated: true, description: The id in the old shop system. }
  lines:
    type: array
    required: true
    min_items: 1
    max_items: 100
    description: What was ordered.
    items:
      type: object
      fields:
        sku: { type: string, required: true, pattern: "^[A-Z0-9-]+$" }
        quantity: { type: integer, required: true, minimum: 1, maximum: 999 }
  labels: { type: array, required: false, items: string, unique_items: true, examples: [[gift, express]] }
  metadata: { type: map, required: false, values: { type: string, max_length: 200 }, description: Free key-value pairs for the shop. }
  payment: { type: Payment, required: false, description: "How the order is paid, once it is." }
  delivery_window:
    type: any_of
    required: false
    of:
      - { type: string, format: date, description: One day. }
      - type: object
        fields:
          from: { type: string, format: date, required: true }
          until: { type: string, format: date, required: true }
`,
  },
  {
    path: 'resources/Payment.yaml',
    text: `title: Payment
description: A card payment or a bank transfer, told apart by \`method\`.
value:
  type: one_of
  of: [Card, BankTransfer]
  discriminator: { field: method, mapping: { card: Card, bank_transfer: BankTransfer } }
`,
  },
  {
    path: 'resources/Problem.yaml',
    text: `title: Problem
description: An RFC 9457 problem detail.
fields:
  type: { type: string, required: true, format: uri }
  title: { type: string, required: true }
  status: { type: integer, required: true }
  detail: { type: string, required: false }
`,
  },
  {
    path: 'resources/ShippedOrder.yaml',
    text: `title: Shipped order
description: An order with the parcel's tracking number, as the shipping event carries it.
value:
  type: all_of
  of:
    - Order
    - type: object
      fields:
        tracking: { type: string, required: true, description: The carrier's tracking number. }
`,
  },
  {
    path: 'resources/_area.yaml',
    text: `inventory: complete
description: Every resource a body or an event carries.
`,
  },
  {
    path: 'specbench.yaml',
    text: `# Settings for checking and publishing this spec.
# Where the spec folder is edited, for the site's "Edit this file" links (the publishing workflow sets its own).
edit_url: https://github.com/example/order-service-spec/edit/main/spec/
# The image beside the service's name in the site's header: a file the site serves.
logo: favicon.svg
# A severity for a check, or off.
checks: { unused-item: warning }
# Refinements this spec states wherever they apply (by default they are optional).
require: [summary]
# The readiness levels, in order: each closes the gaps its patterns match.
levels:
  - { name: design-review, close: [purpose/**, "*/inventory"] }
  - { name: publish, close: ["**"] }
`,
  },
  {
    path: 'states/_area.yaml',
    text: `inventory: complete
description: The lifecycles the service keeps.
`,
  },
  {
    path: 'states/order-status.yaml',
    text: `title: Order lifecycle
description: From the shop's draft to the warehouse's dispatch.
external_docs: { url: https://example.com/docs/lifecycle }
resource: Order
field: status
states:
  draft: { initial: true, description: Being filled in. }
  placed: { description: Submitted by the shop. }
  cancelled: { final: true }
  shipped: { final: true }
transitions:
  - { from: draft, to: placed, trigger: { endpoint: place-order } }
  - { from: [draft, placed], to: cancelled, trigger: { endpoint: cancel-order }, description: Shipped orders cannot be cancelled. }
  - { from: placed, to: shipped, trigger: { condition: The warehouse confirms dispatch. } }
`,
  },
  {
    path: 'versioning/_area.yaml',
    text: `scheme: { style: url-path, description: The major version is the first path segment of the base address. }
inventory: complete
deprecation:
  notice: P180D
  headers: [Deprecation, Sunset]
  description: A version is deprecated at least 180 days before it is retired.
description: Versions follow semantic versioning.
`,
  },
  {
    path: 'versioning/v0.yaml',
    text: `title: v0 (beta)
description: The beta; use [[versioning/v1]].
name: 0.9.2
status: deprecated
released: 2024-03-01
deprecated: 2025-01-15
sunset: 2025-07-15
external_docs: { url: https://example.com/docs/migrate-to-v1, description: Moving to v1. }
`,
  },
  {
    path: 'versioning/v1.yaml',
    text: `name: "1.4"
status: current
released: 2025-01-15
`,
  },
];
