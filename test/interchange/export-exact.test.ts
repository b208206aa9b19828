import { Parser } from '@asyncapi/parser';
import { describe, expect, it } from 'vitest';
import { exportAsyncApi, exportOpenApi, UNEXPORTED_EXTENSION } from '../../src/lib/index.ts';
import { cli, completeWith, editComplete as edit, fixture, specAt } from '../helpers.ts';
import { openApiProblems } from '../openapi-valid.ts';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('the OpenAPI export states what the spec states, and nothing else', () => {
  it('writes a valid document that carries every part of the complete fixture, and says what it cannot carry', async () => {
    const doc: Doc = exportOpenApi(await specAt(fixture('complete')));
    expect(await openApiProblems(doc)).toEqual([]);
    // What OpenAPI has no place for is listed where it is stated; what it carries is not.
    const unexported: Array<{ id: string; reason: string }> = doc[UNEXPORTED_EXTENSION];
    expect(unexported).toContainEqual({ id: 'purpose/license/url', reason: expect.stringContaining('identifier or a URL') });
    expect(unexported).toContainEqual({ id: 'states/order-status', reason: 'OpenAPI has no place for a state machine' });
    expect(unexported).toContainEqual({ id: 'endpoints/create-order/limits', reason: 'OpenAPI has no place for it' });
    expect(unexported).toContainEqual({ id: 'versioning/v0/sunset', reason: 'OpenAPI has no place for it' });
    expect(unexported.filter((u) => /^(resources|endpoints\/create-order\/(?!limits)|events\/[^/]+\/(payload|tags|headers|security))/.test(u.id))).toEqual([]);
    expect(doc.info.version).toBe('1.4'); // the version's name as written, not its file name
    expect(doc.servers[1]).toEqual({ url: 'https://{region}.sandbox.example.com/{version}', description: 'Sandboxes, one per region.', variables: { region: { default: 'eu', enum: ['eu', 'us'], description: 'Where the sandbox runs.' }, version: { default: 'v1' } } });
    const create = doc.paths['/orders'].post;
    expect(create.requestBody.required).toBe(true);
    expect(Object.keys(create.requestBody.content)).toEqual(['application/json', 'multipart/form-data']);
    expect(create.responses['201'].headers.Location).toEqual({ description: "The new order's address.", required: true, schema: { type: 'string', format: 'uri' } });
    // No media type is stated for the 201 body: none is made up.
    expect(Object.keys(create.responses['201'].content)).toEqual(['*/*']);
    expect(create.tags).toEqual(['Orders']);
    // "or no authentication" is an empty requirement.
    expect(doc.paths['/orders'].get.security).toContainEqual({});
    expect(doc.components.securitySchemes['api-key']).toEqual({ description: 'For partners and the payment provider.', type: 'apiKey', in: 'header', name: 'X-API-Key' });
    // An event's headers are its webhook's header parameters, with its tags.
    expect(doc.webhooks['order.shipped'].post.parameters).toEqual([{ name: 'Webhook-Id', in: 'header', description: 'Unique per delivery; repeated on retries.', required: true, schema: { type: 'string', format: 'uuid' } }]);
    expect(doc.webhooks['order.shipped'].post.tags).toEqual(['Orders', 'Shipping']);
    const order = doc.components.schemas.Order;
    expect(order.properties.discount).toEqual({ type: ['number', 'null'], exclusiveMinimum: 0, exclusiveMaximum: 1, multipleOf: 0.01, default: null });
    expect(order.properties.lines.items.properties.quantity).toEqual({ type: 'integer', minimum: 1, maximum: 999 });
  });

  it('writes no required flag, media type or key location that is not stated, and lists what it leaves out', async () => {
    const spec = await completeWith({
      'endpoints/create-order.yaml': edit('endpoints/create-order.yaml', ({ request, ...e }) => ({ ...e, request: { ...(request as object), required: undefined } })),
      'authentication/api-key.yaml': edit('authentication/api-key.yaml', ({ location: _, ...a }) => a),
      'authentication/oauth2.yaml': edit('authentication/oauth2.yaml', (a) => ({ ...a, token_endpoints: { token: 'https://auth.example.com/oauth/token' } })),
    });
    const doc: Doc = exportOpenApi(spec);
    expect(await openApiProblems(doc)).toEqual([]);
    expect(doc.paths['/orders'].post.requestBody).not.toHaveProperty('required');
    expect(doc.components.securitySchemes ?? {}).toEqual({});
    expect(doc[UNEXPORTED_EXTENSION].map((u: { id: string }) => u.id)).toEqual(expect.arrayContaining(['authentication/api-key', 'authentication/oauth2', 'endpoints/create-order/security']));
    // The command line says the same on stderr, and still writes the document.
    const { code, out, err } = await cli(['export', 'openapi', '--spec', fixture('complete')]);
    expect(code).toBe(0);
    const listed = JSON.parse(out)[UNEXPORTED_EXTENSION];
    expect(err.split('\n')[0]).toBe(`${listed.length} stated values not in the openapi export (all listed under ${UNEXPORTED_EXTENSION} in it):`);
    expect(err).toContain('  purpose/domain: OpenAPI has no place for it\n');
    expect(err).toContain(`  …and ${listed.length - 20} more`);
  });
});

describe('the AsyncAPI export', () => {
  it('keeps channel addresses, sends and receives as stated, and parses with @asyncapi/parser', async () => {
    const doc: Doc = exportAsyncApi(await specAt(fixture('complete')));
    const { diagnostics } = await new Parser().parse(JSON.stringify(doc));
    expect(diagnostics.filter((d) => d.severity === 0).map((d) => d.message)).toEqual([]);
    expect(doc.channels['payment.settled'].address).toBe('payments/{provider}/settled');
    expect(Object.keys(doc.operations).sort()).toEqual(['order.placed.send', 'order.shipped.send', 'payment.settled.receive']);
    expect(doc.operations['payment.settled.receive'].action).toBe('receive');
    // AsyncAPI schemas name a discriminator's property only: the mapping it cannot carry is listed.
    expect(doc.components.schemas.Payment.discriminator).toBe('method');
    expect(doc[UNEXPORTED_EXTENSION]).toContainEqual({ id: 'resources/Payment', reason: expect.stringContaining('discriminator mapping') });
  });
});
