import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { exportAsyncApi, exportOpenApi } from '../../src/lib/index.ts';
import { importToSpec } from './helpers.ts';
import { compare, inventory, visibleWords, type Entry } from './inventory.ts';

/**
 * The corpus inventory's text facts (issue 31: one document lost 1,403 response descriptions and
 * the corpus rule could not see it): every description, summary and title a document states, the
 * document's, a tag's and a schema's external docs, a path item's words, OpenAPI server variables'
 * allowed values, AsyncAPI channel parameters, correlation ids and server tags, each a fact at its
 * own pointer. For each kind, an export that drops it loses it, one that adds it invents it, and one
 * that states the same is 0/0; Swagger 2.0 and AsyncAPI 2.x spellings are read as OpenAPI 3's and
 * AsyncAPI 3's; a text with HTML is compared by its words (an import writes it as Markdown), any
 * other as written. Then four small fixtures that carry every kind go through the real import and
 * export with nothing lost or invented.
 */
type Doc = Record<string, unknown>;
const yaml = (text: string) => parse(text) as Doc;
const shown = (entries: readonly Entry[]) => entries.map((e) => `${e.key} @ ${e.pointer}`).sort();
/** What an export loses and invents against its source, with the import's unmapped list. */
const judged = (source: Doc, exported: Doc, unmapped: ReadonlyArray<{ pointer: string; reason?: string }> = []) => {
  const { lost, invented } = compare(inventory(source), inventory(exported), unmapped);
  return { lost: shown(lost), invented: shown(invented) };
};
const none = { lost: [], invented: [] };

/** A copy of a document with the value at `path` set, or removed when `value` is undefined. */
function edited(doc: Doc, path: ReadonlyArray<string | number>, value: unknown): Doc {
  const copy = structuredClone(doc);
  let node: Record<string | number, unknown> = copy;
  for (const step of path.slice(0, -1)) {
    if (typeof node[step] !== 'object' || node[step] === null) node[step] = {};
    node = node[step] as Record<string | number, unknown>;
  }
  const last = path.at(-1) ?? '';
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

const OPENAPI = yaml(`
openapi: 3.1.0
info: { title: Kennel, version: 1.0.0 }
servers:
  - url: https://{region}.example.org
    variables:
      region: { default: eu }
tags: [{ name: dogs }]
paths:
  /dogs:
    post:
      tags: [dogs]
      parameters:
        - { name: q, in: query, schema: { type: string } }
      requestBody:
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Dog' }
            examples:
              rex: { value: { name: Rex } }
      responses:
        '201':
          description: ''
          headers:
            Location: { schema: { type: string } }
components:
  schemas:
    Dog:
      type: object
      properties:
        name: { type: string }
    Puppy:
      allOf:
        - { $ref: '#/components/schemas/Dog' }
        - { type: object, properties: { age: { type: integer } } }
  securitySchemes:
    oauth:
      type: oauth2
      flows:
        clientCredentials:
          tokenUrl: https://auth.example.org/token
          scopes: { write: '' }
`);

const SWAGGER = yaml(`
swagger: '2.0'
info: { title: Kennel, version: 1.0.0 }
host: kennel.example.org
paths:
  /dogs:
    post:
      consumes: [application/json]
      parameters:
        - { name: q, in: query, type: string }
        - { name: dog, in: body, schema: { type: object } }
      responses:
        '201':
          description: ''
          headers:
            Location: { type: string }
  /photos:
    put:
      consumes: [multipart/form-data]
      parameters:
        - { name: photo, in: formData, type: file }
      responses:
        '204': { description: '' }
securityDefinitions:
  oauth: { type: oauth2, flow: application, tokenUrl: 'https://auth.example.org/token', scopes: { write: '' } }
`);

const ASYNCAPI = yaml(`
asyncapi: 3.0.0
info: { title: Kennel events, version: 1.0.0, tags: [{ name: dogs }] }
servers:
  production:
    host: broker.example.org:{port}
    protocol: mqtt
    variables:
      port: { default: '1883' }
channels:
  walked:
    address: dogs/{dogId}/walked
    messages:
      walked: { $ref: '#/components/messages/walked' }
operations:
  onWalked:
    action: send
    channel: { $ref: '#/channels/walked' }
    messages: [{ $ref: '#/channels/walked/messages/walked' }]
components:
  messages:
    walked:
      name: walked
      payload: { type: object }
      examples: [{ name: short, payload: {} }]
`);

const ASYNCAPI2 = yaml(`
asyncapi: 2.6.0
info: { title: Kennel events, version: 1.0.0 }
channels:
  dogs/{dogId}:
    parameters:
      dogId: {}
    subscribe:
      operationId: onWalked
      message: { name: walked, payload: { type: object } }
`);

const POST = '/paths/~1dogs/post';
const MESSAGE = '/components/messages/walked';
/** A kind of fact: the document, where it is written, what is written, what the document states without it (removed when undefined), and the facts it is, `key @ pointer`. */
type Case = [name: string, doc: Doc, path: Array<string | number>, value: unknown, without: unknown, facts: string[]];
const CASES: Case[] = [
  // OpenAPI 3
  ['info title', OPENAPI, ['info', 'title'], 'Kennel', undefined, ['info title="Kennel" @ /info/title']],
  ['info summary', OPENAPI, ['info', 'summary'], 'Dogs.', undefined, ['info summary="Dogs." @ /info/summary']],
  ['info description', OPENAPI, ['info', 'description'], 'The API.', undefined, ['info description="The API." @ /info/description']],
  ['the document\'s external docs', OPENAPI, ['externalDocs'], { url: 'https://docs.example.org', description: 'The handbook.' }, undefined, ['document externalDocs=https://docs.example.org @ /externalDocs', 'document externalDocs description="The handbook." @ /externalDocs/description']],
  ['a tag\'s description', OPENAPI, ['tags', 0, 'description'], 'Dogs we keep.', undefined, ['tag dogs description="Dogs we keep." @ /tags/0/description']],
  ['a tag\'s external docs', OPENAPI, ['tags', 0, 'externalDocs'], { url: 'https://docs.example.org/dogs', description: 'About dogs.' }, undefined, ['tag dogs externalDocs=https://docs.example.org/dogs @ /tags/0/externalDocs', 'tag dogs externalDocs description="About dogs." @ /tags/0/externalDocs/description']],
  ['a path item\'s summary', OPENAPI, ['paths', '/dogs', 'summary'], 'The dogs.', undefined, ['path /dogs summary="The dogs." @ /paths/~1dogs/summary']],
  ['a path item\'s description', OPENAPI, ['paths', '/dogs', 'description'], 'All of them.', undefined, ['path /dogs description="All of them." @ /paths/~1dogs/description']],
  ['an operation\'s summary', OPENAPI, ['paths', '/dogs', 'post', 'summary'], 'Add a dog', undefined, [`POST /dogs summary="Add a dog" @ ${POST}/summary`]],
  ['an operation\'s description', OPENAPI, ['paths', '/dogs', 'post', 'description'], 'Keeps it.', undefined, [`POST /dogs description="Keeps it." @ ${POST}/description`]],
  ['a parameter\'s description', OPENAPI, ['paths', '/dogs', 'post', 'parameters', 0, 'description'], 'A query.', undefined, [`POST /dogs query q description="A query." @ ${POST}/parameters/0/description`]],
  ['a request body\'s description', OPENAPI, ['paths', '/dogs', 'post', 'requestBody', 'description'], 'The dog.', undefined, [`POST /dogs request description="The dog." @ ${POST}/requestBody/description`]],
  ['a response\'s description', OPENAPI, ['paths', '/dogs', 'post', 'responses', '201', 'description'], 'Kept.', '', [`POST /dogs 201 description="Kept." @ ${POST}/responses/201/description`]],
  ['a header\'s description', OPENAPI, ['paths', '/dogs', 'post', 'responses', '201', 'headers', 'Location', 'description'], 'Where.', undefined, [`POST /dogs 201 header location description="Where." @ ${POST}/responses/201/headers/Location/description`]],
  ['a named example\'s summary', OPENAPI, ['paths', '/dogs', 'post', 'requestBody', 'content', 'application/json', 'examples', 'rex', 'summary'], 'Good dog.', undefined, [`POST /dogs request application/json example rex summary="Good dog." @ ${POST}/requestBody/content/application~1json/examples/rex/summary`]],
  ['a named example\'s description', OPENAPI, ['paths', '/dogs', 'post', 'requestBody', 'content', 'application/json', 'examples', 'rex', 'description'], 'Rex.', undefined, [`POST /dogs request application/json example rex description="Rex." @ ${POST}/requestBody/content/application~1json/examples/rex/description`]],
  ['a server\'s description', OPENAPI, ['servers', 0, 'description'], 'Production.', undefined, ['server https://{region}.example.org description="Production." @ /servers/0/description']],
  ['a server variable\'s description', OPENAPI, ['servers', 0, 'variables', 'region', 'description'], 'Where.', undefined, ['server https://{region}.example.org {region} description="Where." @ /servers/0/variables/region/description']],
  ['a server variable\'s allowed values', OPENAPI, ['servers', 0, 'variables', 'region', 'enum'], ['eu', 'us'], undefined, ['server https://{region}.example.org {region} enum "eu" @ /servers/0/variables/region/enum/0', 'server https://{region}.example.org {region} enum "us" @ /servers/0/variables/region/enum/1']],
  ['a schema\'s title', OPENAPI, ['components', 'schemas', 'Dog', 'title'], 'A dog', undefined, ['schema Dog title="A dog" @ /components/schemas/Dog/title']],
  ['a schema\'s description', OPENAPI, ['components', 'schemas', 'Dog', 'description'], 'A dog we keep.', undefined, ['schema Dog description="A dog we keep." @ /components/schemas/Dog/description']],
  ['a property\'s description', OPENAPI, ['components', 'schemas', 'Dog', 'properties', 'name', 'description'], 'Its name.', undefined, ['schema Dog.name description="Its name." @ /components/schemas/Dog/properties/name/description']],
  ['the description of an allOf member', OPENAPI, ['components', 'schemas', 'Puppy', 'allOf', 1, 'description'], 'A young dog.', undefined, ['schema Puppy description="A young dog." @ /components/schemas/Puppy/allOf/1/description']],
  ['a schema\'s external docs', OPENAPI, ['components', 'schemas', 'Dog', 'externalDocs'], { url: 'https://docs.example.org/dog', description: 'Its record.' }, undefined, ['schema Dog externalDocs=https://docs.example.org/dog @ /components/schemas/Dog/externalDocs', 'schema Dog externalDocs description="Its record." @ /components/schemas/Dog/externalDocs/description']],
  ['a security scheme\'s description', OPENAPI, ['components', 'securitySchemes', 'oauth', 'description'], 'Our login.', undefined, ['scheme oauth description="Our login." @ /components/securitySchemes/oauth/description']],
  ['a scope\'s description', OPENAPI, ['components', 'securitySchemes', 'oauth', 'flows', 'clientCredentials', 'scopes', 'write'], 'Change dogs.', '', ['scheme oauth scope write description="Change dogs." @ /components/securitySchemes/oauth/flows/clientCredentials/scopes/write']],
  // Swagger 2.0, said as OpenAPI 3 says it
  ['Swagger 2.0: a body parameter\'s description (the request body\'s)', SWAGGER, ['paths', '/dogs', 'post', 'parameters', 1, 'description'], 'The dog.', undefined, [`POST /dogs request description="The dog." @ ${POST}/parameters/1/description`]],
  ['Swagger 2.0: a form field\'s description (its property\'s)', SWAGGER, ['paths', '/photos', 'put', 'parameters', 0, 'description'], 'The photo.', undefined, ['PUT /photos request multipart/form-data.photo description="The photo." @ /paths/~1photos/put/parameters/0/description']],
  ['Swagger 2.0: a parameter\'s description', SWAGGER, ['paths', '/dogs', 'post', 'parameters', 0, 'description'], 'A query.', undefined, [`POST /dogs query q description="A query." @ ${POST}/parameters/0/description`]],
  ['Swagger 2.0: a response\'s description', SWAGGER, ['paths', '/dogs', 'post', 'responses', '201', 'description'], 'Kept.', '', [`POST /dogs 201 description="Kept." @ ${POST}/responses/201/description`]],
  ['Swagger 2.0: a header\'s description', SWAGGER, ['paths', '/dogs', 'post', 'responses', '201', 'headers', 'Location', 'description'], 'Where.', undefined, [`POST /dogs 201 header location description="Where." @ ${POST}/responses/201/headers/Location/description`]],
  ['Swagger 2.0: a scope\'s description', SWAGGER, ['securityDefinitions', 'oauth', 'scopes', 'write'], 'Change dogs.', '', ['scheme oauth scope write description="Change dogs." @ /securityDefinitions/oauth/scopes/write']],
  // AsyncAPI 3
  ['AsyncAPI: info description', ASYNCAPI, ['info', 'description'], 'Events.', undefined, ['info description="Events." @ /info/description']],
  ['AsyncAPI: the document\'s external docs (in info)', ASYNCAPI, ['info', 'externalDocs'], { url: 'https://docs.example.org', description: 'The handbook.' }, undefined, ['document externalDocs=https://docs.example.org @ /info/externalDocs', 'document externalDocs description="The handbook." @ /info/externalDocs/description']],
  ['AsyncAPI: a declared tag\'s description', ASYNCAPI, ['info', 'tags', 0, 'description'], 'Dogs.', undefined, ['tag dogs description="Dogs." @ /info/tags/0/description']],
  ['AsyncAPI: a server\'s title', ASYNCAPI, ['servers', 'production', 'title'], 'Broker', undefined, ['server production title="Broker" @ /servers/production/title']],
  ['AsyncAPI: a server\'s summary', ASYNCAPI, ['servers', 'production', 'summary'], 'Where events go.', undefined, ['server production summary="Where events go." @ /servers/production/summary']],
  ['AsyncAPI: a server\'s description', ASYNCAPI, ['servers', 'production', 'description'], 'Production.', undefined, ['server production description="Production." @ /servers/production/description']],
  ['AsyncAPI: a server variable\'s description', ASYNCAPI, ['servers', 'production', 'variables', 'port', 'description'], 'The port.', undefined, ['server production {port} description="The port." @ /servers/production/variables/port/description']],
  ['AsyncAPI: a server\'s tags', ASYNCAPI, ['servers', 'production', 'tags'], [{ name: 'live', description: 'Serves users.' }], undefined, ['server production tag=live @ /servers/production/tags/0', 'tag live @ /servers/production/tags/0', 'tag live description="Serves users." @ /servers/production/tags/0/description']],
  ['AsyncAPI: a channel\'s title', ASYNCAPI, ['channels', 'walked', 'title'], 'Walks', undefined, ['channel walked title="Walks" @ /channels/walked/title']],
  ['AsyncAPI: a channel\'s summary', ASYNCAPI, ['channels', 'walked', 'summary'], 'A walk.', undefined, ['channel walked summary="A walk." @ /channels/walked/summary']],
  ['AsyncAPI: a channel\'s description', ASYNCAPI, ['channels', 'walked', 'description'], 'Per walk.', undefined, ['channel walked description="Per walk." @ /channels/walked/description']],
  ['AsyncAPI: a channel\'s parameter', ASYNCAPI, ['channels', 'walked', 'parameters'], { dogId: { description: 'The dog.', location: '$message.payload#/dogId', enum: ['rex'], default: 'rex', examples: ['rex'] } }, undefined, [
    'channel walked parameter dogId @ /channels/walked/parameters/dogId',
    'channel walked parameter dogId description="The dog." @ /channels/walked/parameters/dogId/description',
    'channel walked parameter dogId location=$message.payload#/dogId @ /channels/walked/parameters/dogId/location',
    'channel walked parameter dogId enum "rex" @ /channels/walked/parameters/dogId/enum/0',
    'channel walked parameter dogId default="rex" @ /channels/walked/parameters/dogId/default',
    'channel walked parameter dogId example="rex" @ /channels/walked/parameters/dogId/examples/0',
  ]],
  ['AsyncAPI: an operation\'s title', ASYNCAPI, ['operations', 'onWalked', 'title'], 'Tell', undefined, ['operation onWalked title="Tell" @ /operations/onWalked/title']],
  ['AsyncAPI: an operation\'s summary', ASYNCAPI, ['operations', 'onWalked', 'summary'], 'Sends.', undefined, ['operation onWalked summary="Sends." @ /operations/onWalked/summary']],
  ['AsyncAPI: an operation\'s description', ASYNCAPI, ['operations', 'onWalked', 'description'], 'After walks.', undefined, ['operation onWalked description="After walks." @ /operations/onWalked/description']],
  ['AsyncAPI: an operation\'s external docs', ASYNCAPI, ['operations', 'onWalked', 'externalDocs'], { url: 'https://docs.example.org/op', description: 'More.' }, undefined, ['operation onWalked externalDocs=https://docs.example.org/op @ /operations/onWalked/externalDocs', 'operation onWalked externalDocs description="More." @ /operations/onWalked/externalDocs/description']],
  ['AsyncAPI: a message\'s title', ASYNCAPI, ['components', 'messages', 'walked', 'title'], 'A walk', undefined, [`message walked title="A walk" @ ${MESSAGE}/title`]],
  ['AsyncAPI: a message\'s description', ASYNCAPI, ['components', 'messages', 'walked', 'description'], 'Who walked.', undefined, [`message walked description="Who walked." @ ${MESSAGE}/description`]],
  ['AsyncAPI: a message\'s external docs', ASYNCAPI, ['components', 'messages', 'walked', 'externalDocs'], { url: 'https://docs.example.org/m' }, undefined, [`message walked externalDocs=https://docs.example.org/m @ ${MESSAGE}/externalDocs`]],
  ['AsyncAPI: a message\'s correlation id', ASYNCAPI, ['components', 'messages', 'walked', 'correlationId'], { location: '$message.header#/walkId', description: 'The walk.' }, undefined, [`message walked correlationId location=$message.header#/walkId @ ${MESSAGE}/correlationId/location`, `message walked correlationId description="The walk." @ ${MESSAGE}/correlationId/description`]],
  ['AsyncAPI: a message example\'s summary', ASYNCAPI, ['components', 'messages', 'walked', 'examples', 0, 'summary'], 'Short.', undefined, [`message walked example short summary="Short." @ ${MESSAGE}/examples/0/summary`]],
  ['AsyncAPI: a payload\'s description', ASYNCAPI, ['components', 'messages', 'walked', 'payload', 'description'], 'The walk.', undefined, [`message walked payload description="The walk." @ ${MESSAGE}/payload/description`]],
  // AsyncAPI 2.x, said as AsyncAPI 3 says it
  ['AsyncAPI 2: the document\'s external docs (at the top)', ASYNCAPI2, ['externalDocs'], { url: 'https://docs.example.org' }, undefined, ['document externalDocs=https://docs.example.org @ /externalDocs']],
  ['AsyncAPI 2: an operation\'s summary', ASYNCAPI2, ['channels', 'dogs/{dogId}', 'subscribe', 'summary'], 'Sends.', undefined, ['operation onWalked summary="Sends." @ /channels/dogs~1{dogId}/subscribe/summary']],
  ['AsyncAPI 2: a channel\'s description', ASYNCAPI2, ['channels', 'dogs/{dogId}', 'description'], 'Walks.', undefined, ['channel dogs/{dogId} description="Walks." @ /channels/dogs~1{dogId}/description']],
  ['AsyncAPI 2: a channel parameter\'s description and schema', ASYNCAPI2, ['channels', 'dogs/{dogId}', 'parameters', 'dogId'], { description: 'The dog.', schema: { enum: ['rex'], default: 'rex' } }, {}, [
    'channel dogs/{dogId} parameter dogId description="The dog." @ /channels/dogs~1{dogId}/parameters/dogId/description',
    'channel dogs/{dogId} parameter dogId enum "rex" @ /channels/dogs~1{dogId}/parameters/dogId/schema/enum/0',
    'channel dogs/{dogId} parameter dogId default="rex" @ /channels/dogs~1{dogId}/parameters/dogId/schema/default',
  ]],
];

describe.each(CASES)('%s', (_name, doc, path, value, without, facts) => {
  const stating = edited(doc, path, value);
  const silent = edited(doc, path, without);

  it('is counted, each fact at its own pointer', () => {
    const all = shown(inventory(stating));
    for (const fact of facts) expect(all).toContain(fact);
    expect(shown(inventory(silent)).filter((f) => facts.includes(f))).toEqual([]);
  });

  it('an export that drops it loses it', () => {
    expect(judged(stating, silent)).toEqual({ lost: [...facts].sort(), invented: [] });
  });

  it('an export that adds it invents it', () => {
    expect(judged(silent, stating)).toEqual({ lost: [], invented: [...facts].sort() });
  });

  it('an export that states it the same loses and invents nothing', () => {
    expect(judged(stating, structuredClone(stating))).toEqual(none);
  });
});

describe('a text is compared as written', () => {
  const RESPONSE = [...['paths', '/dogs', 'post', 'responses', '201', 'description']];
  const KEY = `POST /dogs 201 description`;
  const at = `${POST}/responses/201/description`;
  const withText = (text: string) => edited(OPENAPI, RESPONSE, text);

  it('a changed word is one text lost and one invented', () => {
    expect(judged(withText('The dog is kept.'), withText('The dog is kept'))).toEqual({ lost: [`${KEY}="The dog is kept." @ ${at}`], invented: [`${KEY}="The dog is kept" @ ${at}`] });
  });

  it('Markdown without HTML is compared as written: emphasis written another way is another text', () => {
    expect(judged(withText('Kept **now**.'), withText('Kept _now_.'))).toEqual({ lost: [`${KEY}="Kept **now**." @ ${at}`], invented: [`${KEY}="Kept _now_." @ ${at}`] });
  });

  it('the white space Markdown ignores (at either end) is not compared; a summary\'s line breaks read as spaces', () => {
    expect(judged(withText('Kept.\n'), withText('  Kept.'))).toEqual(none);
    const summary = (text: string) => edited(OPENAPI, ['paths', '/dogs', 'post', 'summary'], text);
    expect(judged(summary('Add\n  a dog'), summary('Add a dog'))).toEqual(none);
    expect(judged(summary('Add\n  a dog'), summary('Add dog'))).toEqual({ lost: [`POST /dogs summary="Add a dog" @ ${POST}/summary`], invented: [`POST /dogs summary="Add dog" @ ${POST}/summary`] });
  });

  it('a text with HTML is compared by its words, as the import writes it as Markdown; a word lost there is still lost', () => {
    const html = withText('<p>Walks are booked <b>ahead</b>, see <a href="https://docs.example.org">the rules</a>.</p><ul><li>one</li><li>two &amp; three</li></ul>');
    expect(judged(html, withText('Walks are booked **ahead**, see [the rules](https://docs.example.org).\n\n- one\n- two & three'))).toEqual(none);
    expect(judged(html, withText('Walks are booked **ahead**, see [the rules](https://docs.example.org).\n\n- one'))).toEqual({
      lost: [`${KEY}=${JSON.stringify('<p>Walks are booked <b>ahead</b>, see <a href="https://docs.example.org">the rules</a>.</p><ul><li>one</li><li>two &amp; three</li></ul>')} @ ${at}`],
      invented: [`${KEY}="Walks are booked **ahead**, see [the rules](https://docs.example.org).\\n\\n- one" @ ${at}`],
    });
    // An address in angle brackets (HTML's had a space in it) is the address.
    expect(judged(withText('The <a href="https://iso.org/codes ">ISO</a> code.'), withText('The [ISO](<https://iso.org/codes >) code.'))).toEqual(none);
    // The link's address is a word: one dropped is seen.
    expect(judged(html, withText('Walks are booked **ahead**, see the rules.\n\n- one\n- two & three')).lost).toHaveLength(1);
  });

  it('HTML with no words (`<p/>`) states nothing, as an empty text does', () => {
    expect(judged(withText('<p/>'), withText(''))).toEqual(none);
    expect(judged(withText('<p>Kept.</p>'), withText(''))).toEqual({ lost: [`${KEY}="<p>Kept.</p>" @ ${at}`], invented: [] });
  });

  it('reads a word in angle brackets, escaped or not, and entities alike', () => {
    expect(visibleWords('Send <service> &amp; <b>wait</b>')).toBe(visibleWords('Send \\<service> & **wait**'));
    expect(visibleWords('a <title> of the page')).not.toBe(visibleWords('a'));
  });

  it('a text the import reports it changed (at its pointer or above) is reported, and the export\'s text there is not invented', () => {
    const source = withText('See [this](javascript:alert(1)).');
    const exported = withText('See this.');
    expect(judged(source, exported)).toEqual({ lost: [`${KEY}="See [this](javascript:alert(1))." @ ${at}`], invented: [`${KEY}="See this." @ ${at}`] });
    expect(judged(source, exported, [{ pointer: at, reason: 'the link to `javascript:alert(1)` is not kept' }])).toEqual(none);
  });

  it('each allowed value of a server variable is a fact of its own: one dropped beside one kept is lost', () => {
    const variable = (values: string[]) => edited(OPENAPI, ['servers', 0, 'variables', 'region', 'enum'], values);
    expect(judged(variable(['eu', 'us']), variable(['eu']))).toEqual({ lost: ['server https://{region}.example.org {region} enum "us" @ /servers/0/variables/region/enum/1'], invented: [] });
  });
});

describe('Swagger 2.0 and AsyncAPI 2.x texts are read as OpenAPI 3 and AsyncAPI 3 say them', () => {
  const texts = (doc: Doc) => inventory(doc).map((e) => e.key).filter((k) => / (title|summary|description)=| externalDocs=/.test(k)).sort();

  it('a body parameter\'s description is the request body\'s, a form field\'s its property\'s', () => {
    const swagger = edited(edited(SWAGGER, ['paths', '/dogs', 'post', 'parameters', 1, 'description'], 'The dog.'), ['paths', '/photos', 'put', 'parameters', 0, 'description'], 'The photo.');
    const openapi = yaml(`
openapi: 3.0.3
info: { title: Kennel, version: 1.0.0 }
paths:
  /dogs:
    post:
      requestBody: { description: The dog., content: { application/json: { schema: { type: object } } } }
      responses: { '201': { description: '' } }
  /photos:
    put:
      requestBody:
        content:
          multipart/form-data:
            schema: { type: object, properties: { photo: { type: string, format: binary, description: The photo. } } }
      responses: { '204': { description: '' } }
`);
    expect(texts(swagger)).toEqual(['POST /dogs request description="The dog."', 'PUT /photos request multipart/form-data.photo description="The photo."', 'info title="Kennel"']);
    expect(texts(openapi)).toEqual(texts(swagger));
  });

  it('AsyncAPI 2\'s external docs at the top level are AsyncAPI 3\'s in info; a 2.x channel parameter\'s schema gives 3\'s enum and default', () => {
    const v2 = yaml(`
asyncapi: 2.6.0
info: { title: Kennel events, version: 1.0.0 }
externalDocs: { url: https://docs.example.org, description: The handbook. }
channels:
  dogs/{dogId}:
    description: Walks.
    parameters:
      dogId: { description: The dog., schema: { enum: [rex], default: rex } }
`);
    const v3 = yaml(`
asyncapi: 3.0.0
info:
  title: Kennel events
  version: 1.0.0
  externalDocs: { url: https://docs.example.org, description: The handbook. }
channels:
  dogs/{dogId}:
    address: dogs/{dogId}
    description: Walks.
    parameters:
      dogId: { description: The dog., enum: [rex], default: rex }
`);
    expect(shown(inventory(v2))).toEqual(expect.arrayContaining([
      'document externalDocs description="The handbook." @ /externalDocs/description',
      'channel dogs/{dogId} parameter dogId enum "rex" @ /channels/dogs~1{dogId}/parameters/dogId/schema/enum/0',
    ]));
    expect(judged(v2, v3)).toEqual(none);
    expect(judged(v3, v2)).toEqual(none);
  });
});

describe('an AsyncAPI correlation id or channel parameter of the components', () => {
  const doc = yaml(`
asyncapi: 3.0.0
info: { title: Kennel events, version: 1.0.0 }
channels:
  walked:
    address: dogs/{dogId}
    parameters:
      dogId: { $ref: '#/components/parameters/dogId' }
    messages:
      walked: { $ref: '#/components/messages/walked' }
components:
  parameters:
    dogId: { description: The dog. }
  correlationIds:
    walk: { location: $message.header#/walkId, description: The walk. }
  messages:
    walked:
      payload: { type: object }
      correlationId: { $ref: '#/components/correlationIds/walk' }
`);
  const facts = [
    'channel walked parameter dogId @ /channels/walked/parameters/dogId',
    'channel walked parameter dogId description="The dog." @ /channels/walked/parameters/dogId/description',
    `message walked correlationId location=$message.header#/walkId @ ${MESSAGE}/correlationId/location`,
    `message walked correlationId description="The walk." @ ${MESSAGE}/correlationId/description`,
  ];

  it('is the channel\'s or the message\'s, located where they refer to it (where the import reports it has no place)', () => {
    expect(shown(inventory(doc))).toEqual(expect.arrayContaining(facts));
    const bare = edited(edited(doc, ['channels', 'walked', 'parameters'], undefined), ['components', 'messages', 'walked', 'correlationId'], undefined);
    expect(judged(doc, bare)).toEqual({ lost: [...facts].sort(), invented: [] });
    const reported = [{ pointer: '/channels/walked/parameters' }, { pointer: `${MESSAGE}/correlationId` }];
    expect(judged(doc, bare, reported)).toEqual(none);
  });
});

/** A fixture through the real reader, importer and exporter: its inventory and its export's, with the import's unmapped list. */
async function throughImport(file: string) {
  const first = await importToSpec(file);
  const asyncapi = typeof first.raw.asyncapi === 'string';
  const exported = (asyncapi ? exportAsyncApi : exportOpenApi)(first.analysis) as Doc;
  return { source: inventory(first.raw), result: compare(inventory(first.raw), inventory(exported), first.result.unmapped) };
}

describe.each([
  ['openapi-texts.yaml', 29],
  ['swagger-texts.yaml', 20],
  ['asyncapi-texts.yaml', 24],
  ['asyncapi2-texts.yaml', 15],
])('texts/%s through the real import and export', (name, count) => {
  it('states every kind of text fact, each kept or reported where the import says so: nothing lost, nothing invented', async () => {
    const file = `test/fixtures/interchange/texts/${name}`;
    const { source, result } = await throughImport(file);
    // Every text the fixture writes (each `title:`, `summary:`, `description:` and external docs, and each scope's words) is a fact.
    const written = (await readFile(file, 'utf8')).split('\n').filter((l) => !l.startsWith('#'));
    const texts = source.filter((e) => / (title|summary|description)=| externalDocs=/.test(e.key));
    expect(texts.length).toBe(count);
    expect(texts.length).toBe(written.filter((l) => /\b(title|summary|description): |externalDocs:|^\s+write: \S/.test(l)).length);
    expect({ lost: shown(result.lost), invented: shown(result.invented) }).toEqual(none);
  });
});
