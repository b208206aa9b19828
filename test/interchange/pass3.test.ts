import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Parser } from '@asyncapi/parser';
import { describe, expect, it } from 'vitest';
import { areaOf, readSpecDir, type Analysis } from '../../src/lib/index.ts';
import { exampleOf } from '../../src/lib/render/example.ts';
import { specMarkdown } from '../../src/lib/render/text/spec-markdown.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { importToSpec, roundTrip, type Doc } from './helpers.ts';

/** The reproductions of issue 25, each through the real reader, importer and exporters. */
const REPRO = (name: string) => `test/fixtures/interchange/pass3/${name}.yaml`;

/** The content files of a spec folder, without the header line that names the source format. */
async function files(dir: string): Promise<Record<string, string>> {
  return Object.fromEntries((await readSpecDir(dir)).map((f) => [f.path, Buffer.from(f.bytes ?? []).toString('utf8').replace(/^# Imported from .*\n/m, '')]));
}

const errors = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error');
const item = (a: Analysis, area: 'events' | 'endpoints' | 'resources' | 'authentication' | 'versioning', id: string) => (areaOf(a.spec, area).items as ReadonlyArray<{ id: string; data: unknown }>).find((i) => i.id === id)?.data as Doc | undefined;

/** Every repro is a fixed point: the same content files and the same export the second time, and a clean check. */
describe.each([
  'webhook-silent-drops',
  'star-media-range-body-lost',
  'import-yields-check-errors',
  'callback-placeholder-expression',
  'case-collision-renamed',
  'long-schema-name-truncated',
  'info-version-rewritten',
  'bearer-format-dropped',
  'swagger2-probe',
  'untyped-schema-export-invents-object',
  'allof-description-member-gap',
  'empty-properties-roundtrip',
  'kitchen-sink-31',
])('%s', (name) => {
  it('imports with a clean check, exports a valid document, and export → import → export is a fixed point', async () => {
    const { first, exported, second, again } = await roundTrip(REPRO(name));
    expect(errors(first.analysis)).toEqual([]);
    expect(await openApiProblems(exported)).toEqual([]);
    expect(await files(second.dir)).toEqual(await files(first.dir));
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
    // The project's own extensions are not the source's: a re-import reports none of them.
    expect(second.result.unmapped.filter((u) => u.pointer.includes('x-specbench'))).toEqual([]);
  });
});

describe('issue 25, defect by defect', () => {
  it('1. a webhook keeps its query and path-item parameters, operationId, deprecation and the request body’s description and required flag', async () => {
    const { first, exported } = await roundTrip(REPRO('webhook-silent-drops'));
    expect(first.result.unmapped).toEqual([]);
    expect(item(first.analysis, 'events', 'orderPaid')).toMatchObject({
      operation_id: 'onOrderPaid',
      deprecated: true,
      payload: { description: 'The paid order, as JSON', required: true, content_type: 'application/json' },
      parameters: { query: { tenant: { type: 'string', required: true, description: 'Tenant the event is for' } }, header: { 'X-Path-Level-Signature': { type: 'string', required: true }, 'X-Op-Signature': { type: 'string' } } },
    });
    const post = exported.webhooks.orderPaid.post;
    expect(post).toMatchObject({ operationId: 'onOrderPaid', deprecated: true, requestBody: { description: 'The paid order, as JSON', required: true } });
    expect(post.parameters.map((p: Doc) => `${p.in} ${p.name} ${p.required === true}`)).toEqual(['query tenant true', 'header X-Path-Level-Signature true', 'header X-Op-Signature false']);
  });

  it('2. a body under a media range keeps its schema, and the export carries it', async () => {
    const { first, exported } = await roundTrip(REPRO('star-media-range-body-lost'));
    expect(item(first.analysis, 'endpoints', 'post-api-v1-namespaces')?.request).toEqual({ resource: 'Namespace', content_type: '*/*', required: true });
    expect(exported.paths['/api/v1/namespaces'].post.requestBody).toEqual({ required: true, content: { '*/*': { schema: { $ref: '#/components/schemas/Namespace' } } } });
  });

  it('3. a valid document never yields check errors: a parameter under */*, examples checked through the resources they name, each refusal said with a pointer', async () => {
    const { first } = await roundTrip(REPRO('import-yields-check-errors'));
    expect(item(first.analysis, 'endpoints', 'get-mdr-id')?.parameters.path.id).toEqual({ type: 'string', required: true, format: 'uuid', content_type: '*/*' });
    expect(first.result.unmapped).toEqual([
      { pointer: '/components/schemas/Msg/example', reason: 'the example, at `payload.completed_at`, is `null`, not a string; it is not kept' },
      { pointer: '/paths/~1mdr~1{id}/get/parameters/1/schema/description', reason: "the schema's description is kept as the parameter's or header's own (the spec keeps one, and an export writes it on the object, not its schema)" },
      { pointer: '/paths/~1mdr~1{id}/get/parameters/1/example', reason: 'the example is the text `true`, not a boolean; it is not kept' },
    ]);
  });

  it('4. a callback at a bare {name} stays a callback of its endpoint, at that address, and opens no gap', async () => {
    const { first, exported } = await roundTrip(REPRO('callback-placeholder-expression'));
    expect(item(first.analysis, 'endpoints', 'post-webhooks')?.callbacks).toEqual({ Event: { '{webhookURL}': 'post-webhooks.Event' } });
    expect(first.analysis.assessment.gaps.filter((g) => g.item === 'post-webhooks.Event')).toEqual([]);
    expect(Object.keys(exported.paths['/webhooks'].post.callbacks.Event)).toEqual(['{webhookURL}']);
    expect(exported.webhooks).toBeUndefined();
  });

  it('5. AsyncAPI channels and operations survive as written; a message on no channel stays a message', async () => {
    const { first, exported, second } = await roundTrip(REPRO('asyncapi-operations-regrouped'), 'asyncapi');
    expect(errors(first.analysis)).toEqual([]);
    expect(areaOf(first.analysis.spec, 'events').data).toMatchObject({ channels: { root: { address: '/', messages: ['hello', 'bye'] } }, operations: { sendEvents: { action: 'send', channel: 'root', messages: ['hello', 'bye'] } } });
    expect(Object.keys(exported.channels)).toEqual(['root']);
    expect(exported.operations).toEqual({ sendEvents: { action: 'send', channel: { $ref: '#/channels/root' }, messages: [{ $ref: '#/channels/root/messages/hello' }, { $ref: '#/channels/root/messages/bye' }] } });
    expect(Object.keys(exported.components.messages).sort()).toEqual(['bye', 'hello', 'lonely']);
    expect((await new Parser().parse(JSON.stringify(exported))).diagnostics.filter((d) => d.severity === 0)).toEqual([]);
    expect(await files(second.dir)).toEqual(await files(first.dir));
    expect(item(second.analysis, 'events', 'lonely')?.channel).toBeUndefined();
  });

  it('5. AsyncAPI 2.x channels and their publish and subscribe operations survive too, as AsyncAPI 3 holds them', async () => {
    const { first, exported, second } = await roundTrip(REPRO('asyncapi2-operations'), 'asyncapi');
    expect(first.analysis.diagnostics.filter((d) => d.severity !== 'hint')).toEqual([]);
    expect(areaOf(first.analysis.spec, 'events').data).toMatchObject({
      // A channel lists its messages under their component keys as written (`Created`), each naming its event.
      channels: { 'orders/{orderId}': { address: 'orders/{orderId}', description: 'Where order events go.', messages: { Cancel: 'cancel', Cancelled: 'cancelled', Created: 'created' } } },
      operations: {
        onOrder: { action: 'send', channel: 'orders/{orderId}', summary: 'Order events the service sends.', messages: ['Created', 'Cancelled'] },
        'orders/{orderId}.publish': { action: 'receive', channel: 'orders/{orderId}', messages: ['Cancel'] },
      },
    });
    // What has no place is said at its pointer into the file as written, so "every element was mapped" is not claimed.
    expect(first.result.unmapped).toEqual(expect.arrayContaining([{ pointer: '/channels/orders~1{orderId}/parameters', reason: 'channel parameters have no place in the spec; the address keeps their names' }]));
    expect(Object.keys(exported.channels)).toEqual(['orders/{orderId}']);
    expect(Object.keys(exported.operations)).toEqual(['onOrder', 'orders/{orderId}.publish']);
    expect(exported.operations.onOrder.messages).toEqual([{ $ref: '#/channels/orders~1%7BorderId%7D/messages/Created' }, { $ref: '#/channels/orders~1%7BorderId%7D/messages/Cancelled' }]);
    expect((await new Parser().parse(JSON.stringify(exported))).diagnostics.filter((d) => d.severity === 0)).toEqual([]);
    expect(await files(second.dir)).toEqual(await files(first.dir));
  });

  it("3. a body's or a message's example its schema does not allow is reported at its pointer, not kept, so the spec checks clean", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'specbench-pass3-'));
    const pair = { type: 'array', items: { type: 'string' } };
    const oas = join(dir, 'oas.json');
    await writeFile(oas, JSON.stringify({ openapi: '3.1.0', info: { title: 's', version: '1' }, paths: { '/a': { post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Sub' }, example: { pair: 'XBT/EUR' } } } }, responses: { '204': { description: 'ok' } } } } }, components: { schemas: { Sub: { type: 'object', properties: { pair } } } } }));
    const a = await importToSpec(oas);
    expect(a.result.unmapped).toContainEqual({ pointer: '/paths/~1a/post/requestBody/content/application~1json/example', reason: "the example, at `pair`, is the text `XBT/EUR`, not an array; it is not kept" });
    expect(a.analysis.diagnostics.filter((d) => d.severity !== 'hint')).toEqual([]);
    const async = join(dir, 'async.json');
    await writeFile(async, JSON.stringify({ asyncapi: '3.0.0', info: { title: 's', version: '1' }, channels: { c: { address: 'c', messages: { m: { $ref: '#/components/messages/m' } } } }, components: { schemas: { Sub: { type: 'object', properties: { pair } } }, messages: { m: { payload: { $ref: '#/components/schemas/Sub' }, examples: [{ payload: { pair: 'XBT/EUR' } }, { name: 'ok', payload: { pair: ['XBT/EUR'] } }] } } } }));
    const b = await importToSpec(async);
    expect(b.result.unmapped).toContainEqual({ pointer: '/components/messages/m/examples/0', reason: expect.stringMatching(/^the example, at `pair`, is the text .*; it is not kept$/) });
    expect(b.analysis.diagnostics.filter((d) => d.severity !== 'hint')).toEqual([]);
  });

  it('5. an AsyncAPI 2.x operationId that another operation has is kept under another id and said; a channel\'s servers are said', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'specbench-pass3-'));
    const file = join(dir, 'odd.yaml');
    await writeFile(file, [
      'asyncapi: 2.6.0',
      'info: { title: Odd, version: 1.0.0 }',
      'servers: { prod: { url: broker.example.com, protocol: kafka } }',
      'channels:',
      '  x:',
      '    servers: [prod]',
      "    subscribe: { operationId: y.publish, message: { $ref: '#/components/messages/Other' } }",
      '  y:',
      "    publish: { message: { $ref: '#/components/messages/Other2' } }",
      'components:',
      '  messages:',
      '    Other: { name: Other, payload: { type: string } }',
      '    Other2: { name: Other2, payload: { type: integer } }',
      '',
    ].join('\n'));
    const { analysis, result } = await importToSpec(file);
    expect(areaOf(analysis.spec, 'events').data.operations).toEqual({
      'y.publish': { action: 'send', channel: 'x', messages: ['Other'] },
      'y.publish-2': { action: 'receive', channel: 'y', messages: ['Other2'] },
    });
    expect(result.unmapped).toEqual(expect.arrayContaining([
      { pointer: '/channels/y/publish', reason: 'the operation is kept under the id `y.publish-2`, and an export names it so: `y.publish` is another operation\'s' },
      { pointer: '/channels/x/servers', reason: "a channel's `servers` has no place in the spec, so an export puts the channel on every server; its operations that state no security of their own keep only the security of the servers named here" },
    ]));
    expect(analysis.diagnostics.filter((d) => d.severity !== 'hint')).toEqual([]);
  });

  it("3. what an AsyncAPI message cannot keep is said where the message is written: under its component's key, or in place in a channel", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'specbench-pass3-'));
    const file = join(dir, 'places.yaml');
    const payload = '{ type: object, properties: { n: { type: integer, minimum: 10 } } }';
    await writeFile(file, [
      'asyncapi: 3.0.0',
      "info: { title: T, version: '1' }",
      'channels:',
      '  ch:',
      '    address: orders',
      '    messages:',
      "      placedMsg: { $ref: '#/components/messages/PlacedKey' }",
      `      inlineMsg: { payload: ${payload}, examples: [{ payload: { n: 3 } }] }`,
      'components:',
      '  messages:',
      `    PlacedKey: { name: Placed, payload: ${payload}, examples: [{ payload: { n: 3 } }] }`,
      '',
    ].join('\n'));
    const { analysis, result } = await importToSpec(file);
    expect(result.unmapped.filter((u) => /examples/.test(u.pointer)).map((u) => u.pointer).sort()).toEqual(['/channels/ch/messages/inlineMsg/examples/0', '/components/messages/PlacedKey/examples/0']);
    expect(analysis.diagnostics.filter((d) => d.severity !== 'hint')).toEqual([]);
  });

  it('6. a name the spec cannot keep as an id is reported with both names', async () => {
    const cases = await importToSpec(REPRO('case-collision-renamed'));
    expect(cases.result.unmapped).toEqual([
      { pointer: '/components/schemas/name', reason: 'the schema `name` is kept under the id `name-2`, and an export names it so: ids must differ in more than letter case, and `Name` is taken' },
      { pointer: '/components/securitySchemes/bearerAuth', reason: 'the security scheme `bearerAuth` is kept under the id `bearerAuth-2`, and an export names it so: ids must differ in more than letter case, and `BearerAuth` is taken' },
    ]);
    const long = await importToSpec(REPRO('long-schema-name-truncated'));
    expect(long.result.unmapped).toEqual([{ pointer: expect.stringMatching(/_end$/), reason: expect.stringMatching(/^the schema `a_very_long.*_end` is kept under the id `a_very_long.*_name_`, and an export names it so: an id has at most 120 characters \(this name has 147\)$/) }]);
  });

  it('7. an error whose response is shared keeps its text on every use', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'specbench-pass3-'));
    const text = 'The resource was not found.\n\nCheck the id.';
    const file = join(dir, 'shared.json');
    const get = { get: { responses: { '200': { description: 'ok' }, '404': { $ref: '#/components/responses/NotFound' } } } };
    await writeFile(file, JSON.stringify({ openapi: '3.0.0', info: { title: 's', version: '1' }, paths: { '/a': get, '/b': get }, components: { responses: { NotFound: { description: text } } } }));
    const { first, exported } = await roundTrip(file);
    expect(exported.components.responses.NotFound.description).toBe(text);
    expect(exported.paths['/a'].get.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
    expect(errors(first.analysis)).toEqual([]);
  });

  it('8. named examples of bodies, parameters and headers keep their summary, description and value, are exported, and win over generated ones', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'specbench-pass3-'));
    const file = join(dir, 'named.yaml');
    await writeFile(
      file,
      `openapi: 3.1.0
info: { title: n, version: '1' }
paths:
  /a:
    get:
      parameters:
        - name: q
          in: query
          required: true
          schema: { type: string }
          examples: { short: { summary: A short one, value: ab }, long: { description: A longer one., value: abcdef } }
      responses:
        '200':
          description: ok
          headers:
            X-Count: { schema: { type: integer }, examples: { one: { value: 1 } } }
          content:
            application/json:
              schema: { type: object, properties: { id: { type: string } } }
              examples:
                first: { summary: The first, value: { id: a } }
                second: { $ref: '#/components/examples/Second' }
components:
  examples:
    Second: { summary: The second, description: From the components., value: { id: b } }
`,
    );
    const { first, exported } = await roundTrip(file);
    expect(first.result.unmapped).toEqual([]);
    const endpoint = item(first.analysis, 'endpoints', 'get-a');
    expect(endpoint?.parameters.query.q.named_examples).toEqual({ short: { summary: 'A short one', value: 'ab' }, long: { description: 'A longer one.', value: 'abcdef' } });
    expect(endpoint?.responses['200'].named_examples).toEqual({ first: { summary: 'The first', value: { id: 'a' } }, second: { summary: 'The second', description: 'From the components.', value: { id: 'b' } } });
    expect(endpoint?.responses['200'].headers['X-Count'].named_examples).toEqual({ one: { value: 1 } });
    expect(exported.paths['/a'].get.responses['200'].content['application/json'].examples.second).toEqual({ summary: 'The second', description: 'From the components.', value: { id: 'b' } });
    expect(exported.paths['/a'].get.parameters[0].examples.short).toEqual({ summary: 'A short one', value: 'ab' });
    // A stated named example is the example, not one made up from the type.
    expect(exampleOf(endpoint?.parameters.query.q, { resource: () => undefined }, 'request')).toEqual({ value: 'ab' });
    // The Markdown document carries them.
    expect(specMarkdown(first.analysis)).toContain('The second');
  });

  it('9. info.version is exported as written', async () => {
    const { first, exported } = await roundTrip(REPRO('info-version-rewritten'));
    // The version as written and nothing the document does not state (t31h #13e: no title, no status).
    expect(item(first.analysis, 'versioning', '2.0-v2')).toEqual({ name: '2.0 (v2)' });
    expect(exported.info.version).toBe('2.0 (v2)');
  });

  it('10. bearerFormat is the scheme’s token format, and exported', async () => {
    const { first, exported } = await roundTrip(REPRO('bearer-format-dropped'));
    expect(item(first.analysis, 'authentication', 'jwtAuth')?.token_format).toBe('JWT');
    expect(exported.components.securitySchemes.jwtAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  });

  it('11. a Swagger 2.0 import says so, and points into the file as written', async () => {
    const { first } = await roundTrip(REPRO('swagger2-probe'));
    expect(first.result.format).toBe('Swagger 2.0');
    const at = (pointer: string) => pointer.split('/').slice(1).reduce<unknown>((v, s) => (v as Doc | undefined)?.[s.replace(/~1/g, '/').replace(/~0/g, '~')], first.raw);
    // Read as OpenAPI 3.0, whose schemas say what 2.0's say: the `type: file` field is a binary string, and nothing is reported under a keyword the file never wrote (issue 31, repro 16);
    // that `type: file` became a binary string is said where the file writes it, as the guide says (t31h #13a).
    // A discriminator whose property the schema does not require keeps `required` as written, the 2.0 rule said; `x-nullable` is read, and said (issue 31, T31 D13, D14).
    expect(first.result.unmapped).toEqual([
      { pointer: '/paths/~1pets~1{petId}~1upload/post/parameters/2/type', reason: 'Swagger 2.0’s `type: file` is kept as OpenAPI 3 writes it: `type: string`, `format: binary`' },
      { pointer: '/definitions/Pet/discriminator', reason: "Swagger 2.0 says a discriminator's property MUST be required, and this schema's `required` does not list `petType`: the spec keeps `required` as the file writes it (`petType` not required), not the rule" },
      { pointer: '/definitions/Pet/properties/nick/x-nullable', reason: "the extension `x-nullable: true` (AutoRest's and go-swagger's, not Swagger 2.0's own) is read as OpenAPI 3.0's `nullable: true`: the value may be null" },
    ]);
    for (const u of first.result.unmapped) expect(at(u.pointer), u.pointer).toBeDefined();
    // The file form field keeps a type: binary text.
    expect(item(first.analysis, 'endpoints', 'MARK_OPID')?.request.schema.fields.file).toEqual({ type: 'string', required: true, format: 'binary' });
  });

  it('12. an export claims no type an untyped schema does not state, so a round trip closes no gap', async () => {
    const { first, exported, second } = await roundTrip(REPRO('untyped-schema-export-invents-object'));
    expect(exported.components.schemas.Patch).not.toHaveProperty('type');
    expect(second.analysis.assessment.gaps.map((g) => g.id)).toEqual(first.analysis.assessment.gaps.map((g) => g.id));
  });

  it('13. allOf: [{$ref}, {description}] is the referenced type, described: no gap', async () => {
    const first = await importToSpec(REPRO('allof-description-member-gap'));
    expect(item(first.analysis, 'resources', 'Component')?.fields.appId).toEqual({ description: 'The unique ID of the Amplify app associated with the component.', type: 'AppId', required: false });
    expect(first.analysis.assessment.gaps.filter((g) => g.id.includes('appId'))).toEqual([]);
  });

  it('14. properties: {} survives a round trip; extensions outside schemas are reported; webhook tags are in the tag list', async () => {
    const { first, exported } = await roundTrip(REPRO('empty-properties-roundtrip'));
    expect(exported.paths['/v1/account'].delete.requestBody.content['application/x-www-form-urlencoded'].schema).toEqual({ type: 'object', properties: {} });
    expect(item(first.analysis, 'endpoints', 'delete-v1-account')?.request.schema).toEqual({ type: 'object', fields: { none: 'The source schema is an object with no properties.' } });
    const sink = await importToSpec(REPRO('kitchen-sink-31'));
    expect(sink.result.unmapped).toContainEqual({ pointer: '/info/x-logo', reason: 'the extension `x-logo` has no place in the spec' });
    const file = join(await mkdtemp(join(tmpdir(), 'specbench-pass3-')), 'tags.json');
    await writeFile(file, JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, webhooks: { paid: { post: { tags: ['Billing'], requestBody: { content: { 'application/json': { schema: { type: 'string' } } } } } } } }));
    expect((await roundTrip(file)).exported.tags).toEqual([{ name: 'Billing' }]);
  });
});
