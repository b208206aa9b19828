import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The complete example service, which the fixture's two commits start from. */
const COMPLETE = join(import.meta.dirname, '..', 'fixtures', 'complete');

/** One edit of a file of the spec: `from` must be in it exactly once. */
type Edit = { file: string; from: string; to: string };

async function apply(spec: string, edits: readonly Edit[]): Promise<void> {
  for (const { file, from, to } of edits) {
    const path = join(spec, file);
    const text = await readFile(path, 'utf8');
    if (text.split(from).length !== 2) throw new Error(`the fixture's edit of ${file} expects ${JSON.stringify(from)} once`);
    await writeFile(path, text.replace(from, to));
  }
}

/** The three gaps the base leaves open and the head closes, with the text that closes each. */
const CLOSED: Edit[] = [
  { file: 'resources/Order.yaml', from: 'description: Total in cents.,', to: 'description: { open: "In which unit is the total?" },' },
  { file: 'endpoints/get-order.yaml', from: "description: The order's id. }", to: 'description: { open: "How is the id written?" } }' },
  { file: 'limits/default-rate.yaml', from: 'description: Counted per client id, across all endpoints that name it.', to: 'description: { open: "What is counted?" }' },
];

/**
 * What the head changes besides: opens a gap, narrows an allowed value (of a resource's field, and
 * of a query parameter's array items), removes a field, renames a path parameter with its path,
 * drops the reference to the item it removes, edits an area's own file; lowers a quota and shortens
 * a token's lifetime (breaking changes outside fields), retitles an error (nothing else), rewrites
 * an event's prose and its retries.
 */
const HEAD: Edit[] = [
  { file: 'resources/Order.yaml', from: 'description: 1 is the most urgent. }', to: 'description: { open: "Which value is the most urgent?" } }' },
  { file: 'resources/Order.yaml', from: 'allowed: [EUR, USD]', to: 'allowed: [EUR]' },
  { file: 'resources/Order.yaml', from: '  legacy_ref: { type: string, required: false, deprecated: true, description: The id in the old shop system. }\n', to: '' },
  { file: 'endpoints/list-orders.yaml', from: 'allowed: [draft, placed, cancelled, shipped]', to: 'allowed: [draft, placed, cancelled]' },
  { file: 'endpoints/cancel-order.yaml', from: 'path: /orders/{order_id}/cancel', to: 'path: /orders/{orderId}/cancel' },
  { file: 'endpoints/cancel-order.yaml', from: '    order_id: { type: string, required: true }', to: '    orderId: { type: string, required: true }' },
  { file: 'endpoints/create-order.yaml', from: 'limits: [default-rate, request-size]', to: 'limits: [default-rate]' },
  { file: 'limits/_area.yaml', from: 'headers: [RateLimit, RateLimit-Policy, Retry-After]', to: 'headers: [RateLimit, RateLimit-Policy]' },
  { file: 'limits/default-rate.yaml', from: 'quota: 1000', to: 'quota: 500' },
  { file: 'authentication/oauth2.yaml', from: 'access_token: PT1H', to: 'access_token: PT15M' },
  { file: 'errors/order_not_found.yaml', from: 'title: Order not found', to: 'title: No such order' },
  { file: 'events/order.shipped.yaml', from: 'description: Sent when the warehouse confirms dispatch.', to: 'description: Sent once the [warehouse](https://warehouse.example.com/) confirms dispatch.' },
  { file: 'events/order.shipped.yaml', from: 'attempts: 10', to: 'attempts: 3' },
  // A field removed inside an array's items, and an override (U+202E) in a changed description.
  { file: 'resources/Order.yaml', from: '        quantity: { type: integer, required: true, minimum: 1, maximum: 999 }\n', to: '' },
  { file: 'resources/Order.yaml', from: 'description: What was ordered.', to: 'description: "What was \\u202Eordered\\u202C, as \\u202Ethe buyer saw it."' },
  // A response removed, a response that no longer comes in a media type, an API key's header renamed (t34e): each breaking, beside its value.
  { file: 'endpoints/create-order.yaml', from: '  "400": { error: invalid_order }\n', to: '' },
  { file: 'endpoints/get-order.yaml', from: 'content_type: [application/json, application/xml]', to: 'content_type: [application/json]' },
  { file: 'authentication/api-key.yaml', from: 'headers: [X-API-Key]', to: 'headers: [X-Api-Token]' },
];

const ADDED = `# yaml-language-server: $schema=../../../../src/schemas/limits.item.schema.json
title: Burst rate
description: Short bursts above the default rate, per client.
kind: quota
quota: 50
window: PT1S
per: client
`;

/** What the fixture's head does, as the test expects `diff` to find it. */
export const EXPECTED = {
  closed: ['endpoints/get-order/parameters/path/order_id/description', 'limits/default-rate/description', 'resources/Order/fields/total/description'],
  opened: ['resources/Order/fields/priority/description'],
  renamed: { from: 'endpoints/list-order-lines', to: 'endpoints/list-lines' },
  removed: 'limits/request-size',
  added: 'limits/burst-rate',
  /** The narrowed allowed value: a breaking change beside this facet. */
  narrowed: 'resources/Order/fields/currency/allowed',
  /** An allowed value narrowed deeper than a resource's field: a query parameter's array items. */
  nestedNarrowed: { facet: 'endpoints/list-orders/parameters/query/status/items/allowed', message: 'Allowed values of query parameter `status[]` of `list-orders` narrowed: `shipped` no longer allowed.' },
  /** A field removed (breaking), marked on its row, struck where it stood: after `follows`. */
  removedField: { facet: 'resources/Order/fields/legacy_ref', follows: 'resources/Order/fields/notes', message: 'Field `legacy_ref` of `Order` removed.' },
  /** A field removed inside an array's items (breaking), marked on its row inside the items' shape. */
  nestedRemoved: { facet: 'resources/Order/fields/lines/items/fields/quantity', follows: 'resources/Order/fields/lines/items/fields/sku', message: 'Field `lines[].quantity` of `Order` removed.' },
  /** A changed description with right-to-left overrides in what it becomes: isolated, the override shown as `<U+202E>`. */
  bidi: 'resources/Order/fields/lines/description',
  /** A path parameter renamed with its path: a rename said on the path's mark, no breaking change. */
  parameterRenamed: { item: 'endpoints/cancel-order', facet: 'endpoints/cancel-order/path', from: 'order_id', to: 'orderId' },
  /** The area file the change edits, and the value it changes there. */
  area: 'limits',
  areaValue: 'limits/headers',
  /** A page the change does not touch. */
  untouched: 'errors/rate_limited/',
  /** Breaking changes outside fields, each flagged beside its facet (a key of a structure, for a token's lifetime). */
  outside: ['limits/default-rate/quota', 'authentication/oauth2/token_lifetimes/access_token'],
  /** An item whose title alone changes. */
  retitled: { key: 'errors/order_not_found', before: 'Order not found', after: 'No such order' },
  /** An item whose prose changes (rendered before -> after), and a structure of it changed key by key. */
  prose: 'events/order.shipped/description',
  retries: 'events/order.shipped/retries',
  /** A response removed: struck where it stood, between the responses before and after it (t34e). */
  removedResponse: { facet: 'endpoints/create-order/responses/400', follows: '201', next: '429', message: 'Response `400` of `create-order` removed.' },
  /** A response that no longer comes in a media type: flagged beside its status (t34e). */
  changedResponse: { facet: 'endpoints/get-order/responses/200', message: 'Response `200` of `get-order` no longer comes as `application/xml`: clients that ask for it are refused.' },
  /** An API key's header renamed: flagged beside the header's name (t34e). */
  apiKeyHeader: { facet: 'authentication/api-key/headers', message: 'Authentication scheme `api-key`: headers changed from `X-API-Key` to `X-Api-Token`.' },
};

async function git(root: string, args: string[]): Promise<string> {
  return (await run('git', args, { cwd: root, env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z', GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z' } })).stdout.trim();
}

/**
 * A git repository made for the comparison mode: the complete example with three gaps left open
 * (the base commit), then a head commit that closes them, opens one, renames an endpoint (same
 * method and path, a new id), narrows an allowed value (breaking), removes a limit and adds one, and
 * edits the limits area's own file.
 * The working tree is the head. Returns the spec folder and the base commit.
 */
export async function compareFixture(): Promise<{ root: string; spec: string; base: string; head: string; done: () => Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'specbench-compare-'));
  const spec = join(root, 'spec');
  await cp(COMPLETE, spec, { recursive: true });
  const originals = CLOSED.map((e) => ({ ...e, from: e.to, to: e.from }));
  await apply(spec, CLOSED);
  await git(root, ['init', '-q', '-b', 'main']);
  await git(root, ['-c', 'user.name=Base', '-c', 'user.email=base@example.com', 'add', '-A']);
  await git(root, ['-c', 'user.name=Base', '-c', 'user.email=base@example.com', 'commit', '-q', '-m', 'base']);
  const base = await git(root, ['rev-parse', 'HEAD']);
  await apply(spec, [...originals, ...HEAD]);
  await rename(join(spec, 'endpoints/list-order-lines.yaml'), join(spec, 'endpoints/list-lines.yaml'));
  await rm(join(spec, 'limits/request-size.yaml'));
  await writeFile(join(spec, 'limits/burst-rate.yaml'), ADDED);
  await git(root, ['add', '-A']);
  await git(root, ['-c', 'user.name=Head', '-c', 'user.email=head@example.com', 'commit', '-q', '-m', 'head']);
  const head = await git(root, ['rev-parse', 'HEAD']);
  return { root, spec, base, head, done: () => rm(root, { recursive: true, force: true }) };
}
