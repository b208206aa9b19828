import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { compare, inventory, type Entry } from './inventory.ts';

/**
 * The inventory the corpus tests judge imports and exports by (issue 31): what it must count that
 * it did not (AsyncAPI's contact, licence, servers and their variables, message names and
 * summaries, operation ids, declared tags, operations' external docs), a type it must not read
 * into a schema that states none, and Swagger 2.0 and AsyncAPI 2.x read as OpenAPI 3 and AsyncAPI
 * 3 say the same things (so that a faithful export of either loses and invents nothing).
 */
const yaml = (text: string) => parse(text) as Record<string, unknown>;
const keys = (entries: readonly Entry[]) => [...new Set(entries.map((e) => e.key))].sort();
const shown = (entries: readonly Entry[]) => entries.map((e) => `${e.key} @ ${e.pointer}`);

describe('the inventory', () => {
  it('reads no type into a schema that states none: an export that adds `type: object` beside `properties` invents it (repro 13)', () => {
    const source = yaml(`
openapi: 3.0.0
info: { title: Checkout, version: '1' }
paths: {}
components:
  schemas:
    CheckoutUpdate:
      properties:
        op: { type: string }
`);
    const exported = yaml(`
openapi: 3.1.0
info: { title: Checkout, version: '1' }
paths: {}
components:
  schemas:
    CheckoutUpdate:
      type: object
      properties:
        op: { type: string }
`);
    const { lost, invented } = compare(inventory(source), inventory(exported), []);
    expect(shown(lost)).toEqual([]);
    expect(shown(invented)).toEqual(['schema CheckoutUpdate type=object @ /components/schemas/CheckoutUpdate/type']);
    // Written the same as the source, nothing is invented.
    expect(compare(inventory(source), inventory(source), []).invented).toEqual([]);
  });

  it("counts an AsyncAPI document's contact, licence, server and its variables, message name and summary, and operation id (repros 01 and 06)", () => {
    const source = yaml(`
asyncapi: 2.6.0
info:
  title: Lights
  version: 1.0.0
  contact: { name: Lights team, email: lights@example.org }
  license: { name: Apache 2.0, url: https://www.apache.org/licenses/LICENSE-2.0 }
servers:
  production:
    url: mqtt://broker.example.org:{port}
    protocol: mqtt
    variables:
      port: { default: '1883', enum: ['1883', '8883'] }
channels:
  light/measured:
    subscribe:
      operationId: onLight
      message:
        name: lightMeasured
        summary: A measurement.
        payload: { type: integer }
`);
    const facts = inventory(source);
    const expected = [
      ['contact name="Lights team"', '/info/contact/name'],
      ['contact email="lights@example.org"', '/info/contact/email'],
      ['license name="Apache 2.0"', '/info/license/name'],
      ['license url="https://www.apache.org/licenses/LICENSE-2.0"', '/info/license/url'],
      ['server production', '/servers/production'],
      ['server production host=broker.example.org:{port}', '/servers/production/url'],
      ['server production protocol=mqtt', '/servers/production/protocol'],
      ['server production {port}="1883"', '/servers/production/variables/port'],
      ['server production {port} enum "1883"', '/servers/production/variables/port/enum/0'],
      ['server production {port} enum "8883"', '/servers/production/variables/port/enum/1'],
      ['operation onLight action=send', '/channels/light~1measured/subscribe'],
      ['message lightMeasured name=lightMeasured', '/channels/light~1measured/subscribe/message/name'],
      ['message lightMeasured summary="A measurement."', '/channels/light~1measured/subscribe/message/summary'],
    ];
    for (const [key, pointer] of expected) expect(facts, key).toContainEqual({ key, pointer });
    // An AsyncAPI 3 export without them loses each, at its place in the source.
    const bare = yaml(`
asyncapi: 3.0.0
info: { title: Lights, version: 1.0.0 }
channels:
  light/measured:
    address: light/measured
    messages:
      lightMeasured: { $ref: '#/components/messages/lightMeasured' }
operations:
  onLight:
    action: send
    channel: { $ref: '#/channels/light~1measured' }
    messages: [{ $ref: '#/channels/light~1measured/messages/lightMeasured' }]
components:
  messages:
    lightMeasured:
      payload: { type: integer }
`);
    expect(keys(compare(facts, inventory(bare), []).lost)).toEqual(keys(expected.filter(([k = '']) => !k.startsWith('operation ')).map(([key = '', pointer = '']) => ({ key, pointer }))));
    // Reported unmapped at the places they are written, they are not lost.
    const reported = compare(facts, inventory(bare), [{ pointer: '/info' }, { pointer: '/servers/production' }, { pointer: '/channels/light~1measured/subscribe/message' }]);
    expect(shown(reported.lost)).toEqual([]);
  });

  it('counts declared tags no operation uses and an operation\'s external docs (repro 15, issue 32)', () => {
    const source = yaml(`
openapi: 3.0.3
info: { title: T, version: '1' }
tags: [{ name: used }, { name: unused }]
paths:
  /a:
    get:
      tags: [used]
      externalDocs: { url: https://example.com/docs/a }
      responses: { '200': { description: ok } }
`);
    const exported = yaml(`
openapi: 3.1.0
info: { title: T, version: '1' }
tags: [{ name: used }]
paths:
  /a:
    get:
      tags: [used]
      responses: { '200': { description: ok } }
`);
    const { lost, invented } = compare(inventory(source), inventory(exported), []);
    expect(shown(lost)).toEqual(['GET /a externalDocs=https://example.com/docs/a @ /paths/~1a/get/externalDocs', 'tag unused @ /tags/1']);
    expect(invented).toEqual([]);
    // A tag an operation uses is the document's, declared or not: an export that declares it invents nothing.
    const undeclared = yaml(`
openapi: 3.0.3
info: { title: T, version: '1' }
paths:
  /a:
    get:
      tags: [used]
      responses: { '200': { description: ok } }
`);
    expect(compare(inventory(undeclared), inventory(exported), []).invented).toEqual([]);
  });

  it('reads Swagger 2.0 as OpenAPI 3 says the same: body and form parameters, produces, examples, definitions, security definitions, host', () => {
    const swagger = yaml(`
swagger: '2.0'
info: { title: Pets, version: '1', contact: { email: pets@example.org } }
host: api.example.org
basePath: /v1
schemes: [https]
consumes: [application/json]
produces: [application/json]
tags: [{ name: pets }, { name: spare }]
securityDefinitions:
  basicAuth: { type: basic }
  oauth: { type: oauth2, flow: accessCode, authorizationUrl: https://example.org/auth, tokenUrl: https://example.org/token, scopes: { read: reads } }
security: [{ oauth: [read] }]
paths:
  /pets/{id}:
    parameters:
      - { name: id, in: path, required: true, type: string, format: uuid }
    put:
      operationId: putPet
      tags: [pets]
      externalDocs: { url: https://example.org/put }
      parameters:
        - { name: verbose, in: query, type: boolean, default: false }
        - { name: body, in: body, required: true, schema: { $ref: '#/definitions/Pet' } }
      responses:
        '200':
          description: ok
          schema: { $ref: '#/definitions/Pet' }
          headers: { X-Rate: { type: integer, minimum: 0 } }
          examples: { application/json: { name: Rex } }
        '404': { description: missing }
  /pets/{id}/photo:
    parameters:
      - { name: id, in: path, required: true, type: string }
    post:
      consumes: [multipart/form-data]
      security: [{ basicAuth: [] }]
      parameters:
        - { name: file, in: formData, required: true, type: file }
        - { name: caption, in: formData, type: string, maxLength: 80 }
      responses: { '204': { description: done } }
definitions:
  Pet:
    type: object
    required: [name]
    properties:
      name: { type: string }
      tags: { type: array, items: { type: string } }
`);
    const openapi = yaml(`
openapi: 3.0.3
info: { title: Pets, version: '1', contact: { email: pets@example.org } }
servers: [{ url: https://api.example.org/v1 }]
tags: [{ name: pets }, { name: spare }]
components:
  securitySchemes:
    basicAuth: { type: http, scheme: basic }
    oauth: { type: oauth2, flows: { authorizationCode: { authorizationUrl: https://example.org/auth, tokenUrl: https://example.org/token, scopes: { read: reads } } } }
  schemas:
    Pet:
      type: object
      required: [name]
      properties:
        name: { type: string }
        tags: { type: array, items: { type: string } }
security: [{ oauth: [read] }]
paths:
  /pets/{id}:
    parameters:
      - { name: id, in: path, required: true, schema: { type: string, format: uuid } }
    put:
      operationId: putPet
      tags: [pets]
      externalDocs: { url: https://example.org/put }
      parameters:
        - { name: verbose, in: query, schema: { type: boolean, default: false } }
      requestBody:
        required: true
        content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } }
      responses:
        '200':
          description: ok
          headers: { X-Rate: { schema: { type: integer, minimum: 0 } } }
          content: { application/json: { schema: { $ref: '#/components/schemas/Pet' }, example: { name: Rex } } }
        '404': { description: missing }
  /pets/{id}/photo:
    parameters:
      - { name: id, in: path, required: true, schema: { type: string } }
    post:
      security: [{ basicAuth: [] }]
      requestBody:
        content:
          multipart/form-data:
            schema:
              type: object
              required: [file]
              properties:
                file: { type: string, format: binary }
                caption: { type: string, maxLength: 80 }
      responses: { '204': { description: done } }
`);
    const facts = inventory(swagger);
    expect(keys(facts)).toEqual(keys(inventory(openapi)));
    expect(facts).toContainEqual({ key: 'PUT /pets/{id} request application/json ref=Pet', pointer: '/paths/~1pets~1{id}/put/parameters/1/schema' });
    expect(facts).toContainEqual({ key: 'POST /pets/{id}/photo request multipart/form-data.file format="binary"', pointer: '/paths/~1pets~1{id}~1photo/post/parameters/0/format' });
    expect(facts).toContainEqual({ key: 'schema Pet.name required', pointer: '/definitions/Pet/required/0' });
  });

  it('reads AsyncAPI 2.x as AsyncAPI 3 says the same, and an operation without an id is the export\'s operation that does the same', () => {
    const v2 = yaml(`
asyncapi: 2.0.0
info: { title: Orders, version: '1' }
defaultContentType: application/json
tags: [{ name: shop }]
servers:
  main: { url: kafka.example.org:9092, protocol: kafka }
channels:
  orders/created:
    publish:
      tags: [{ name: in }]
      message: { $ref: '#/components/messages/OrderCreated' }
    subscribe:
      operationId: sendOrder
      externalDocs: { url: https://example.org/send }
      message: { $ref: '#/components/messages/OrderCreated' }
components:
  messages:
    OrderCreated:
      name: OrderCreated
      summary: An order was placed.
      tags: [{ name: orders }]
      payload: { type: object, properties: { id: { type: string } } }
`);
    const v3 = yaml(`
asyncapi: 3.0.0
info: { title: Orders, version: '1', tags: [{ name: shop }] }
defaultContentType: application/json
servers:
  main: { host: kafka.example.org:9092, protocol: kafka }
channels:
  orders/created:
    address: orders/created
    messages:
      OrderCreated: { $ref: '#/components/messages/OrderCreated' }
operations:
  orders-created-receive:
    action: receive
    channel: { $ref: '#/channels/orders~1created' }
    tags: [{ name: in }]
    messages: [{ $ref: '#/channels/orders~1created/messages/OrderCreated' }]
  sendOrder:
    action: send
    channel: { $ref: '#/channels/orders~1created' }
    externalDocs: { url: https://example.org/send }
    messages: [{ $ref: '#/channels/orders~1created/messages/OrderCreated' }]
components:
  messages:
    OrderCreated:
      name: OrderCreated
      summary: An order was placed.
      tags: [{ name: orders }]
      payload: { type: object, properties: { id: { type: string } } }
`);
    const { lost, invented, kept } = compare(inventory(v2), inventory(v3), []);
    expect(shown(lost)).toEqual([]);
    expect(shown(invented)).toEqual([]);
    expect(keys(kept)).toContain('operation (receive on orders/created) tag=in');
    expect(keys(kept)).toContain('operation sendOrder externalDocs=https://example.org/send');
    // A 2.x requirement with scopes is AsyncAPI 3's copy of the scheme written in place with them.
    const scheme = '{ type: oauth2, flows: { implicit: { authorizationUrl: https://example.org/auth, availableScopes: { read: reads } } } }';
    const withScopes = yaml(`
asyncapi: 2.4.0
info: { title: T, version: '1' }
servers:
  main: { url: example.org, protocol: ws, security: [{ oauth: [read] }] }
channels:
  c:
    subscribe: { operationId: send, message: { name: M, payload: { type: string } } }
components:
  securitySchemes:
    oauth: ${scheme}
`);
    const inPlace = yaml(`
asyncapi: 3.0.0
info: { title: T, version: '1' }
servers:
  main: { host: example.org, protocol: ws }
channels:
  c: { address: c, messages: { M: { $ref: '#/components/messages/M' } } }
operations:
  send:
    action: send
    channel: { $ref: '#/channels/c' }
    messages: [{ $ref: '#/channels/c/messages/M' }]
    security: [{ type: oauth2, flows: { implicit: { authorizationUrl: https://example.org/auth, availableScopes: { read: reads } } }, scopes: [read] }]
components:
  messages:
    M: { name: M, payload: { type: string } }
  securitySchemes:
    oauth: ${scheme}
`);
    expect(inventory(withScopes)).toContainEqual({ key: 'operation send security oauth scopes=read', pointer: '/servers/main/security/0' });
    const scoped = compare(inventory(withScopes), inventory(inPlace), []);
    expect(shown(scoped.lost)).toEqual([]);
    expect(shown(scoped.invented)).toEqual([]);
    // The operation of another id that does something else is not it.
    const other = yaml(JSON.stringify(v3).replace('"action":"receive"', '"action":"send"'));
    expect(keys(compare(inventory(v2), inventory(other), []).lost)).toContain('operation (receive on orders/created) action=receive');
  });
});
