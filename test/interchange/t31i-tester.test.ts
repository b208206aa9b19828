import { Parser } from '@asyncapi/parser';
import { describe, expect, it } from 'vitest';
import type { Analysis } from '../../src/lib/index.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { roundTrip, type Trip } from './helpers.ts';

/**
 * The defects the independent tester t31i found in the interchange (issue 31), each through the
 * tester's own repro (test/fixtures/interchange/t31i/repro-*.yaml, hand-made; their headers name
 * their origin and what was seen): the real reader, importer and exporter, both validators, and back.
 */
const FIXTURE = (name: string) => `test/fixtures/interchange/t31i/${name}.yaml`;
const problems = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').map((d) => `${d.severity} ${d.code} ${d.file}: ${d.message}`);
const said = (trip: Trip) => trip.first.result.unmapped.map((u) => `${u.pointer} ${u.reason}`);

async function asyncApiProblems(doc: unknown): Promise<string[]> {
  return (await new Parser().parse(JSON.stringify(doc))).diagnostics.filter((d) => d.severity === 0).map((d) => `${d.message} at ${d.path.join('.')}`);
}

/** A clean check, valid exports, a fixed point whose second import says nothing. */
async function sound(trip: Trip, format: 'openapi' | 'asyncapi' = 'openapi', saidAgain: string[] = []): Promise<void> {
  expect(problems(trip.first.analysis)).toEqual([]);
  expect(format === 'openapi' ? await openApiProblems(trip.exported) : await asyncApiProblems(trip.exported)).toEqual([]);
  expect(JSON.stringify(trip.again)).toBe(JSON.stringify(trip.exported));
  expect(trip.second.result.unmapped.map((u) => `${u.pointer} ${u.reason}`)).toEqual(saidAgain);
}

describe('issue 31, t31i #1: an AsyncAPI operation\'s own security', () => {
  it('AsyncAPI 2.4+: an operation\'s `security` is kept as its events\'; the server\'s goes to no operation that states its own, and that is said', async () => {
    const trip = await roundTrip(FIXTURE('repro-01-asyncapi2-operation-security'), 'asyncapi');
    await sound(trip, 'asyncapi');
    const ops = trip.exported.operations;
    expect(Object.fromEntries(Object.entries(ops as Record<string, { security?: unknown }>).map(([k, o]) => [k, o.security]))).toEqual({
      signUp: [{ type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.example.com/token', availableScopes: { 'write:users': 'create users' } } }, scopes: ['write:users'] }],
      userDeleted: [{ $ref: '#/components/securitySchemes/key' }],
    });
    expect(said(trip).filter((s) => s.includes('security'))).toEqual([
      "/servers/prod/security a server's security has no place on the spec's servers, and no operation without security of its own takes it; it is not kept",
    ]);
  });

  it('AsyncAPI 3: security an operation trait gives is applied as the trait is, never replaced by the server\'s', async () => {
    const trip = await roundTrip(FIXTURE('repro-01b-asyncapi3-trait-security'), 'asyncapi');
    await sound(trip, 'asyncapi');
    const ops = trip.exported.operations as Record<string, { security?: unknown }>;
    // The trait's scheme with the scopes it needs, written in place as AsyncAPI 3 states scopes.
    expect(Object.values(ops).map((o) => o.security)).toEqual([[{ type: 'openIdConnect', openIdConnectUrl: 'https://auth.example.com/.well-known/openid-configuration', scopes: ['chat:write'] }]]);
    expect(said(trip).filter((s) => s.includes('security'))).toEqual([
      "/servers/ws/security a server's security has no place on the spec's servers, and no operation without security of its own takes it; it is not kept",
    ]);
  });
});

describe('issue 31, t31i #2: two URL expressions under one callback', () => {
  it('are two events with their own bodies, exported each under its expression with its own operationId', async () => {
    const trip = await roundTrip(FIXTURE('repro-02-callback-two-expressions'));
    await sound(trip);
    const events = trip.first.analysis.spec.areas.find((x) => x.key === 'events')?.items ?? [];
    // The import's count is the files it writes.
    expect(events.map((e) => e.id)).toEqual(['subscribe.onChange', 'subscribe.onChange-2']);
    expect(trip.first.result.items.filter((i) => i.area === 'events').map((i) => i.id)).toEqual(['subscribe.onChange', 'subscribe.onChange-2']);
    const callback = trip.exported.paths['/subscribe'].post.callbacks.onChange;
    expect(Object.keys(callback)).toEqual(['{$request.body#/callbackUrl}', 'https://static.example.com/hook']);
    expect(callback['{$request.body#/callbackUrl}'].post.requestBody.content).toEqual({ 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } } } });
    expect(callback['https://static.example.com/hook'].post.requestBody.content).toEqual({ 'text/plain': { schema: { type: 'string' } } });
    const ids = Object.values(callback as Record<string, { post: { operationId: string } }>).map((x) => x.post.operationId);
    expect(new Set(ids).size).toBe(2);
  });
});

describe('issue 31, t31i #3: a 3.1 schema of several types with keywords for each', () => {
  it('keeps each keyword in the variant of its type (`properties`, `required` with `object`, `items`, `maxItems` with `array`)', async () => {
    const trip = await roundTrip(FIXTURE('repro-03-multi-type-structured'));
    await sound(trip);
    const props = trip.exported.paths['/a'].get.responses['200'].content['application/json'].schema.properties;
    expect(props.objOrArr).toEqual({ anyOf: [{ type: 'object', properties: { k: { type: 'string' } }, required: ['k'] }, { type: 'array', items: { type: 'integer' }, maxItems: 3 }] });
    expect(props.strOrObj).toEqual({ anyOf: [{ type: 'string', maxLength: 5 }, { type: 'object', properties: { k: { type: 'string' } } }] });
    expect(props.intOrArr).toEqual({ anyOf: [{ type: 'integer', minimum: 2 }, { type: 'array', items: { type: 'string' } }] });
    expect(props.arrOrNull).toMatchObject({ items: { type: 'integer' } });
    expect(said(trip)).toEqual([]);
  });
});

describe('issue 31, t31i #4: Swagger 2.0 path-level form fields', () => {
  it('are merged into each operation\'s form body (its own field of a name wins), under the operation\'s own `consumes`', async () => {
    const trip = await roundTrip(FIXTURE('repro-04-sw2-path-level-formdata'));
    await sound(trip);
    const forms = trip.exported.paths['/forms'];
    expect(forms.post.requestBody.content).toEqual({ 'multipart/form-data': { schema: { type: 'object', properties: { shared: { type: 'string' }, extra: { type: 'integer' } }, required: ['shared'] } } });
    expect(forms.put.requestBody.content).toEqual({ 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { shared: { type: 'string' } }, required: ['shared'] } } });
    // Path-level `in: body` as before: the operation's own body wins.
    const things = trip.exported.paths['/things/{id}'];
    expect(things.put.requestBody).toMatchObject({ description: 'shared body', required: true });
    expect(things.patch.requestBody).toMatchObject({ description: 'patch body' });
    expect(Object.keys(things.patch.requestBody.content['application/json'].schema.properties)).toEqual(['b']);
  });
});

describe('issue 31, t31i #5: a relative OAuth token URL in a document without servers', () => {
  it('is kept as written with its scheme, so every requirement naming it is exported (no operation reads as open) and the round trip is a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('repro-05-relative-tokenurl'));
    await sound(trip);
    expect(trip.exported.components.securitySchemes.accountAuth).toMatchObject({
      description: 'Account JWT token',
      type: 'oauth2',
      flows: { password: { tokenUrl: '/account/authorization', scopes: { Catalog: 'Access all read only content' } } },
    });
    expect(trip.exported.paths['/account'].get.security).toEqual([{ accountAuth: ['Catalog'] }]);
    expect(JSON.stringify(trip.exported['x-specbench-unexported'] ?? [])).not.toContain('authentication');
    expect(said(trip)).toEqual([]);
  });
});

describe('issue 31, t31i #4: a path-level form field the operation states again', () => {
  it('is the operation\'s (Swagger 2.0: the operation\'s parameter of a name and location wins); the other path-level field is merged in', async () => {
    const trip = await roundTrip(FIXTURE('sw2-form-override'));
    await sound(trip);
    expect(trip.exported.paths['/notes'].post.requestBody.content).toEqual({ 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { lang: { type: 'string' }, text: { type: 'string', maxLength: 500 } } } } });
  });
});

describe('issue 31, t31i #7b: an AsyncAPI server address with a query', () => {
  it('is refused for its query, not as an address without a host', async () => {
    const trip = await roundTrip(FIXTURE('as2srv'), 'asyncapi');
    expect(said(trip).filter((s) => s.startsWith('/servers/ws '))).toEqual([
      "/servers/ws the server's address `wss://{env}.example.com/stream?token=abc` holds a query or fragment, which a server's address (protocol, host and path) has no place for; the server is not kept",
    ]);
  });
});

describe('issue 31, t31i #7a: an Avro payload read as JSON Schema', () => {
  it('says its `type: record`, with its `name` and `fields`, rather than dropping the type unsaid', async () => {
    const trip = await roundTrip(FIXTURE('as26b'), 'asyncapi');
    expect(said(trip).filter((s) => s.startsWith('/components/messages/OrderShipped/payload'))).toEqual([
      '/components/messages/OrderShipped/payload/type `type: record` is not a JSON Schema type (string, integer, number, boolean, object, array, null); not kept',
      '/components/messages/OrderShipped/payload JSON Schema keywords `name`, `fields` have no place in the spec',
    ]);
  });
});

describe('issue 31, t31i #7c: an AsyncAPI 3 message\'s unnamed example after a named one', () => {
  it('is kept, and that its place is not is said (an export writes it first)', async () => {
    const trip = await roundTrip(FIXTURE('as30h'), 'asyncapi');
    expect(said(trip).filter((s) => s.includes('an example without a name after named ones'))).toEqual([
      '/components/messages/ChatMessage/examples/1 the place of an example without a name after named ones is not kept: the spec keeps it apart from them, and an export writes it first',
    ]);
  });
});
