import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Parser } from '@asyncapi/parser';
import { describe, expect, it } from 'vitest';
import { areaOf, exportAsyncApi, readSpecDir, UNEXPORTED_EXTENSION, type Analysis } from '../../src/lib/index.ts';
import { cli, fixture, specAt } from '../helpers.ts';
import { importedSpec } from './helpers.ts';

/** The AsyncAPI reproductions of issue 31, each through the real reader, importer and exporter. */
const REPRO = (n: string) => `test/fixtures/interchange/pass4/repro-${n}.yaml`;
type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Trip {
  first: Imported;
  exported: Doc;
  second: Imported;
  again: Doc;
}
type Imported = Awaited<ReturnType<typeof importedSpec>>;

/**
 * A document imported, exported as AsyncAPI 3.0, imported and exported again: both specs, both exports.
 * Made once per document and shared by the tests that look at it (each parse by the official parser
 * costs a few hundred milliseconds of CPU); the tests only read it.
 */
const trips = new Map<string, Promise<Trip>>();
function roundTrip(file: string): Promise<Trip> {
  const trip = trips.get(file) ?? makeRoundTrip(file);
  trips.set(file, trip);
  return trip;
}

async function makeRoundTrip(file: string): Promise<Trip> {
  const first = await importedSpec(file);
  const exported: Doc = exportAsyncApi(first.analysis);
  const exportFile = join(await mkdtemp(join(tmpdir(), 'specbench-pass4-')), 'exported.json');
  await writeFile(exportFile, JSON.stringify(exported));
  const second = await importedSpec(exportFile);
  const again: Doc = exportAsyncApi(second.analysis);
  return { first, exported, second, again };
}

/** A document written for one test, imported. */
async function importText(text: string) {
  const file = join(await mkdtemp(join(tmpdir(), 'specbench-pass4-')), 'doc.yaml');
  await writeFile(file, text);
  return importedSpec(file);
}

/** The content files of a spec folder, without the header line that names the source format. */
async function files(dir: string): Promise<Record<string, string>> {
  return Object.fromEntries((await readSpecDir(dir)).map((f) => [f.path, Buffer.from(f.bytes ?? []).toString('utf8').replace(/^# Imported from .*\n/m, '')]));
}

/** The official parser, one for the file: it holds its rules and schema parsers, nothing of a document it parsed. */
const parser = new Parser();

/** What the official parser finds wrong with a document (errors only). */
async function invalid(doc: Doc): Promise<string[]> {
  return (await parser.parse(JSON.stringify(doc))).diagnostics.filter((d) => d.severity === 0).map((d) => `${d.message} at ${d.path.join('.')}`);
}

const problems = (a: Analysis) => a.diagnostics.filter((d) => d.severity !== 'hint').map((d) => `${d.severity} ${d.code} ${d.file}: ${d.message}`);
const event = (a: Analysis, id: string) => areaOf(a.spec, 'events').items.find((i) => i.id === id)?.data as Doc | undefined;
const purpose = (a: Analysis) => areaOf(a.spec, 'purpose').data as Doc;
const unexported = (doc: Doc) => (doc[UNEXPORTED_EXTENSION] ?? []) as Array<{ id: string; reason: string }>;

describe.each(['01', '02', '03', '05', '06', '08'])('repro-%s', (n) => {
  it('imports with a clean check, exports AsyncAPI 3.0 the parser accepts, and export → import → export is a fixed point', async () => {
    const { first, exported, second, again } = await roundTrip(REPRO(n));
    expect(problems(first.analysis)).toEqual([]);
    expect(await invalid(exported)).toEqual([]);
    expect(await files(second.dir)).toEqual(await files(first.dir));
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
    // The project's own extensions are not the source's: a re-import reports none of them.
    expect(second.result.unmapped.filter((u) => u.pointer.includes('x-specbench'))).toEqual([]);
  });
});

describe('issue 31, the AsyncAPI reproductions one by one', () => {
  it("01. info.contact, info.license and a server's name, description and variables are kept, and exported", async () => {
    const { first, exported } = await roundTrip(REPRO('01'));
    // Nothing is left out, so "Every element was mapped." is true.
    expect(first.result.unmapped).toEqual([]);
    expect(purpose(first.analysis)).toMatchObject({
      base_url: 'mqtt://broker.example.org:1883',
      contact: { name: 'Lights team', email: 'lights@example.org' },
      license: { name: 'Apache 2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' },
      servers: [{ name: 'production', url: 'mqtt://broker.example.org:{port}', description: 'Production broker', variables: { port: { default: '1883', allowed: ['1883', '8883'], description: 'TLS on 8883' } } }],
    });
    expect(exported.info).toMatchObject({ contact: { name: 'Lights team', email: 'lights@example.org' }, license: { name: 'Apache 2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' } });
    expect(exported.servers).toEqual({ production: { host: 'broker.example.org:{port}', protocol: 'mqtt', description: 'Production broker', variables: { port: { enum: ['1883', '8883'], default: '1883', description: 'TLS on 8883' } } } });
    expect(unexported(exported).filter((u) => u.id.startsWith('purpose/') || u.id === 'events/delivery')).toEqual([]);
  });

  it('01. the command line says every element was mapped only when it was', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'specbench-pass4-'));
    const kept = await cli(['import', REPRO('01'), '--spec', join(dir, 'kept')]);
    expect(kept.code).toBe(0);
    expect(kept.out).toContain('Every element was mapped.');
    const text = (await readFile(REPRO('01'), 'utf8')).replace('    protocol: mqtt\n', '    protocol: mqtt\n    protocolVersion: "5"\n');
    await writeFile(join(dir, 'lossy.yaml'), text);
    const lossy = await cli(['import', join(dir, 'lossy.yaml'), '--spec', join(dir, 'lossy'), '--format', 'json']);
    expect(lossy.code).toBe(0);
    expect(lossy.out).not.toContain('Every element was mapped.');
    expect(JSON.parse(lossy.out).unmapped).toEqual([{ pointer: '/servers/production/protocolVersion', reason: "a server's `protocolVersion` has no place in the spec" }]);
  });

  it('02. an AsyncAPI 2.x server address without a scheme takes its protocol as the scheme: exit 0 and a clean check', async () => {
    const { first, exported } = await roundTrip(REPRO('02'));
    expect(first.result.unmapped).toEqual([]);
    expect(purpose(first.analysis)).toMatchObject({ base_url: 'kafka://test.mykafkacluster.org:8092', servers: [{ name: 'production', url: 'kafka://test.mykafkacluster.org:8092' }] });
    expect(exported.servers).toEqual({ production: { host: 'test.mykafkacluster.org:8092', protocol: 'kafka' } });
    const dir = await mkdtemp(join(tmpdir(), 'specbench-pass4-'));
    const run = await cli(['import', REPRO('02'), '--spec', join(dir, 'spec')]);
    expect(run.code).toBe(0);
    expect(run.out).toContain('Check: no problems.');
  });

  it('03. two different messages sharing a name stay two events, each keeping the name and its payload', async () => {
    const { first, exported } = await roundTrip(REPRO('03'));
    expect(first.result.unmapped).toEqual([]);
    expect(areaOf(first.analysis.spec, 'events').items.map((i) => i.id)).toEqual(['Registration-response', 'userDetails']);
    expect(event(first.analysis, 'Registration-response')).toMatchObject({ name: 'Registration response', channel: 'Register', payload: { schema: { fields: { jwt: { type: 'string' } } } } });
    expect(event(first.analysis, 'userDetails')).toMatchObject({ name: 'Registration response', channel: 'GetUserDetails', payload: { schema: { fields: { posts: { type: 'array', items: 'string' } } } } });
    expect(exported.components.messages.userDetails).toMatchObject({ name: 'Registration response', payload: { properties: { posts: { type: 'array', items: { type: 'string' } } } } });
    // Each under its component key as written (`registered`), nothing renamed.
    expect(exported.components.messages.registered).toMatchObject({ name: 'Registration response', payload: { properties: { jwt: { type: 'string' } } } });
  });

  it('03. copies of one message written alike under one name stay one event', async () => {
    const message = '{ name: ping, payload: { type: object, properties: { at: { type: string } } } }';
    const { result, analysis } = await importText(['asyncapi: 2.6.0', "info: { title: T, version: '1' }", 'channels:', `  a: { subscribe: { message: ${message} } }`, `  b: { subscribe: { message: ${message} } }`, ''].join('\n'));
    expect(areaOf(analysis.spec, 'events').items.map((i) => i.id)).toEqual(['ping']);
    expect(result.unmapped).toEqual([{ pointer: '/channels/a/subscribe/message', reason: "the message travels on 2 channels; the event's own channel is the first (the events area's channels keep it on b too)" }]);
  });

  it('03. two messages of one name whose payloads refer to themselves are compared without going round: two events, a fixed point', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'specbench-pass4-')), 'recursive.yaml');
    const node = (key: string) => `    ${key}: { type: object, properties: { next: { $ref: '#/components/schemas/${key}' } } }`;
    await writeFile(file, ['asyncapi: 2.6.0', "info: { title: T, version: '1' }", 'channels:', "  a: { subscribe: { message: { $ref: '#/components/messages/A' } } }", "  b: { subscribe: { message: { $ref: '#/components/messages/B' } } }", 'components:', '  schemas:', node('N'), node('M'), '  messages:', "    A: { name: same, payload: { $ref: '#/components/schemas/N' } }", "    B: { name: same, payload: { $ref: '#/components/schemas/M' } }", ''].join('\n'));
    const { first, second, exported, again } = await roundTrip(file);
    expect(Object.fromEntries(areaOf(first.analysis.spec, 'events').items.map((i) => [i.id, (i.data as Doc).payload]))).toEqual({ same: { resource: 'N' }, B: { resource: 'M' } });
    expect(problems(first.analysis)).toEqual([]);
    expect(await files(second.dir)).toEqual(await files(first.dir));
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
  });

  it('05. AsyncAPI 3.0 message tags are exported, so the export is a fixed point', async () => {
    const { first, exported } = await roundTrip(REPRO('05'));
    expect(event(first.analysis, 'lightMeasured')?.tags).toEqual(['telemetry']);
    expect(exported.components.messages.lightMeasured.tags).toEqual([{ name: 'telemetry' }]);
    expect(unexported(exported).filter((u) => u.id.startsWith('events/lightMeasured'))).toEqual([]);
  });

  it("05. what a message's tag states besides its name is kept as the events area's declaration of the group, and said (issue 31, pass 8)", async () => {
    const { result, analysis } = await importText(['asyncapi: 3.0.0', "info: { title: T, version: '1' }", 'channels:', '  c:', '    address: c', '    messages:', '      m: { payload: { type: string }, tags: [{ name: telemetry, description: Measurements. }] }', ''].join('\n'));
    expect(result.unmapped).toEqual([{ pointer: '/channels/c/messages/m/tags/0', reason: "the tag's words are kept as the events area's declaration of the group `telemetry`, which the document does not declare (the spec keeps a group's words once); an export declares it in `info.tags` and names it here" }]);
    expect(areaOf(analysis.spec, 'events').data.tags).toEqual({ telemetry: { description: 'Measurements.' } });
  });

  it('06. a message keeps its name and its summary as a summary, and the export writes both', async () => {
    const { first, exported } = await roundTrip(REPRO('06'));
    expect(first.result.unmapped).toEqual([]);
    const data = event(first.analysis, 'Login-request');
    expect(data).toMatchObject({ name: 'Login request', summary: 'Log in with a user name or email' });
    expect(data?.description).toBeUndefined();
    // Under its component key as written (`loginRequest`), nothing renamed.
    expect(exported.components.messages.loginRequest).toMatchObject({ name: 'Login request', summary: 'Log in with a user name or email' });
    expect(exported.components.messages.loginRequest.description).toBeUndefined();
  });

  it('06. a summary of several lines leads the description, and is said', async () => {
    const { result, analysis } = await importText(['asyncapi: 2.6.0', "info: { title: T, version: '1' }", 'channels:', '  c:', '    subscribe:', '      message:', '        name: tick', '        summary: "First line.\\n\\nSecond paragraph."', '        description: More.', '        payload: { type: string }', ''].join('\n'));
    expect(event(analysis, 'tick')).toMatchObject({ description: 'First line.\n\nSecond paragraph.\n\nMore.' });
    expect(event(analysis, 'tick')?.summary).toBeUndefined();
    expect(result.unmapped).toEqual([{ pointer: '/channels/c/subscribe/message/summary', reason: 'a summary of several lines has no place as a one-line summary; it is kept at the start of the description' }]);
  });

  it('08. every server is kept with its name, the first is the base address, and the delivery it gives is exported', async () => {
    const { first, exported, second } = await roundTrip(REPRO('08'));
    expect(first.result.unmapped).toEqual([]);
    expect(purpose(first.analysis)).toMatchObject({
      base_url: 'ws://chat.example.org/api/v2/ws',
      servers: [
        { name: 'production', url: 'ws://chat.example.org/api/v2/ws' },
        { name: 'local', url: 'ws://localhost:1235/api/v2/ws' },
      ],
    });
    expect(exported.servers).toEqual({ production: { host: 'chat.example.org', protocol: 'ws', pathname: '/api/v2/ws' }, local: { host: 'localhost:1235', protocol: 'ws', pathname: '/api/v2/ws' } });
    expect(unexported(exported).map((u) => u.id)).not.toContain('events/delivery');
    expect(areaOf(second.analysis.spec, 'events').data.delivery).toEqual({ transport: 'ws' });
  });
});

describe('what an AsyncAPI server and info state that the spec cannot hold is said where it is written', () => {
  it('a variable without a default and keys with no place (a protocol that is not the address scheme is kept beside it)', async () => {
    const { result, analysis } = await importText(
      [
        'asyncapi: 2.6.0',
        'id: urn:example:t',
        "info: { title: T, version: '1', contact: { name: Team, url: 'ftp://example.org' }, x-audience: internal }",
        'tags: [{ name: a }]',
        'servers:',
        '  one: { url: "mqtt://broker.example.org:{port}", protocol: secure-mqtt, variables: { port: { enum: ["1883"], examples: ["1883"] } } }',
        '  two: { url: "?", protocol: ws }',
        'channels:',
        '  c: { subscribe: { message: { payload: { type: string } } } }',
        '',
      ].join('\n'),
    );
    expect(result.unmapped).toEqual(expect.arrayContaining([
      { pointer: '/id', reason: "the document's `id` has no place in the spec" },
      { pointer: '/info/x-audience', reason: '`info.x-audience` has no place in the spec' },
      { pointer: '/info/contact/url', reason: '`ftp://example.org` is not a web address (http or https), as the spec\'s contact holds it; it is not kept' },
      { pointer: '/servers/one/variables/port', reason: 'a server variable without a default is not kept: the spec gives each one a default (the address keeps `{port}`)' },
      { pointer: '/servers/two', reason: "the server's address `ws://?` is not one the spec holds (an absolute address with a host, or a path from the root); the server is not kept" },
    ]));
    expect(result.unmapped.filter((u) => u.pointer === '/servers/one/protocol')).toEqual([]);
    // The document's tags are the events area's (issue 32 point 10).
    expect(result.unmapped.filter((u) => u.pointer.startsWith('/tags'))).toEqual([]);
    expect(areaOf(analysis.spec, 'events').data.tags).toEqual({ a: {} });
    expect(purpose(analysis)).toMatchObject({ base_url: '{base_url}', contact: { name: 'Team' }, servers: [{ name: 'one', url: 'mqtt://broker.example.org:{port}', protocol: 'secure-mqtt' }] });
    expect(problems(analysis)).toEqual([]);
  });

  it("the spec's servers, contact and licence go to an AsyncAPI export; what it has no place for is listed", async () => {
    const doc: Doc = exportAsyncApi(await specAt(fixture('complete')));
    expect(await invalid(doc)).toEqual([]);
    expect(doc.servers).toEqual({
      main: { host: 'api.example.com', protocol: 'https', pathname: '/v1', description: 'Production.' },
      'server-2': { host: '{region}.sandbox.example.com', protocol: 'https', pathname: '/{version}', description: 'Sandboxes, one per region.', variables: { region: { enum: ['eu', 'us'], default: 'eu', description: 'Where the sandbox runs.' }, version: { default: 'v1' } } },
    });
    expect(doc.info).toMatchObject({ termsOfService: 'https://example.com/terms', contact: { name: 'Order team', email: 'orders@example.com', url: 'https://example.com/support' }, license: { name: 'Apache 2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' } });
    const ids = unexported(doc).map((u) => u.id);
    expect(ids).toContain('purpose/license/identifier');
    expect(ids.filter((id) => /^purpose\/(servers|contact|base_url|terms_of_service)/.test(id))).toEqual([]);
  });
});

describe('found on the AsyncAPI documents of the corpus', () => {
  it('the scopes an AsyncAPI 2.x server security asks for survive an AsyncAPI 3.0 export, as a copy of the scheme with them', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'specbench-pass4-')), 'scopes.yaml');
    await writeFile(
      file,
      [
        'asyncapi: 2.0.0',
        "info: { title: T, version: '1', description: '' }",
        'servers:',
        '  production: { url: broker.example.org, protocol: mqtt, security: [{ auth: [lights:on] }] }',
        'channels:',
        '  c: { subscribe: { message: { name: on, payload: { type: string } } } }',
        'components:',
        '  securitySchemes:',
        "    auth: { type: oauth2, flows: { implicit: { authorizationUrl: 'https://auth.example.org/', scopes: { 'lights:on': Switch on } } } }",
        '',
      ].join('\n'),
    );
    const { first, exported, second, again } = await roundTrip(file);
    expect(event(first.analysis, 'on')?.security).toEqual([{ scheme: 'auth', scopes: ['lights:on'] }]);
    expect(exported.operations['c.subscribe'].security).toEqual([{ ...exported.components.securitySchemes.auth, scopes: ['lights:on'] }]);
    expect(await invalid(exported)).toEqual([]);
    expect(second.result.unmapped).toEqual([]);
    expect(await files(second.dir)).toEqual(await files(first.dir));
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
    // An empty description says nothing: no purpose, and a clean check.
    expect(purpose(first.analysis).purpose).toBeUndefined();
    expect(problems(first.analysis)).toEqual([]);
  });

  /** The corpus reproductions: a clean import, an export the parser accepts, a fixed point of export → import → export. */
  const CORPUS = (n: string) => `test/fixtures/interchange/pass4/corpus-${n}.yaml`;
  async function fixedPoint(file: string) {
    const trip = await roundTrip(file);
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(await invalid(trip.exported)).toEqual([]);
    expect(JSON.stringify(trip.again)).toBe(JSON.stringify(trip.exported));
    return trip;
  }

  it('an export writes a message `name` only where the document states one, and never the parser\'s placeholder (AsyncAPI 2)', async () => {
    const { first, exported, second } = await fixedPoint(CORPUS('message-names'));
    expect(await files(second.dir)).toEqual(await files(first.dir));
    const messages = exported.components.messages as Record<string, Doc>;
    expect(Object.keys(messages).sort()).toEqual(['CatMessage', 'DogMessage', 'updates.subscribe']);
    expect(messages.CatMessage?.name).toBeUndefined();
    expect(messages.DogMessage?.name).toBe('DogMessage');
    expect(messages['updates.subscribe']?.name).toBeUndefined();
    expect(JSON.stringify(exported)).not.toContain('anonymous-message');
    expect(event(first.analysis, 'DogMessage')?.name).toBe('DogMessage');
    expect(event(first.analysis, 'CatMessage')?.name).toBeUndefined();
  });

  it('an export writes a message `name` only where the document states one (AsyncAPI 3)', async () => {
    const { first, exported, second } = await fixedPoint(CORPUS('message-names-3'));
    expect(await files(second.dir)).toEqual(await files(first.dir));
    expect(exported.components.messages.hello.name).toBeUndefined();
    expect(exported.components.messages.goodbye.name).toBe('goodbye');
  });

  it('a message component keyed `Billing Receipt Created` is exported under that key, nothing renamed, and is a fixed point', async () => {
    const { first, exported, second } = await fixedPoint(CORPUS('spaced-message-key'));
    expect(await files(second.dir)).toEqual(await files(first.dir));
    expect(Object.keys(exported.components.messages)).toEqual(['Billing Receipt Created']);
    expect(exported.components.messages['Billing Receipt Created'].name).toBeUndefined();
    const [channel] = Object.keys(exported.channels);
    expect(channel).toBeDefined();
    expect(exported.channels[channel ?? ''].messages).toEqual({ 'Billing Receipt Created': { $ref: '#/components/messages/Billing%20Receipt%20Created' } });
    const [operation] = Object.values(exported.operations) as Doc[];
    expect(operation?.messages).toEqual([{ $ref: `#/channels/${encodeURIComponent((channel ?? '').replace(/~/g, '~0').replace(/\//g, '~1'))}/messages/Billing%20Receipt%20Created` }]);
    expect(JSON.stringify(exported)).not.toContain('Billing-Receipt-Created');
  });

  it('a server protocol that is not its address\'s scheme (`SMF` at `tcp://`) is exported as stated, the scheme under the project\'s key', async () => {
    const { first, exported, second } = await fixedPoint(CORPUS('server-protocol'));
    expect(first.result.unmapped).toEqual([]);
    expect(purpose(first.analysis).servers).toEqual([{ name: 'production', url: 'tcp://service.messaging.solace.cloud:55555', protocol: 'SMF' }]);
    expect(exported.servers).toEqual({ production: { host: 'service.messaging.solace.cloud:55555', protocol: 'SMF', 'x-specbench-scheme': 'tcp' } });
    expect(await files(second.dir)).toEqual(await files(first.dir));
    expect(second.result.unmapped).toEqual([]);
  });
});
