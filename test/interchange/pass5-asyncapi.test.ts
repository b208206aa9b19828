import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Parser } from '@asyncapi/parser';
import { describe, expect, it } from 'vitest';
import { areaOf, exportOpenApi, readSpecDir, UNEXPORTED_EXTENSION, type Analysis } from '../../src/lib/index.ts';
import { importedSpec, roundTrip, type Doc } from './helpers.ts';
import { compare, inventory } from './inventory.ts';

/** Every document here is AsyncAPI. */
const asyncTrip = (file: string) => roundTrip(file, 'asyncapi');

/** The AsyncAPI reproductions of interchange pass 5, each through the real reader, importer and exporter. */
const REPRO = (n: string) => `test/fixtures/interchange/pass5/repro-${n}.yaml`;
/** The idioms of real documents outside the corpus, found by this pass. */
const FOUND = (n: string) => `test/fixtures/interchange/pass5/corpus-${n}.yaml`;

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
const unexported = (doc: Doc) => (doc[UNEXPORTED_EXTENSION] ?? []) as Array<{ id: string; reason: string }>;
/** The value a JSON pointer names in a document, or undefined. */
const at = (doc: unknown, pointer: string) => pointer.split('/').slice(1).reduce<unknown>((v, s) => (v as Doc | undefined)?.[s.replace(/~1/g, '/').replace(/~0/g, '~')], doc);

describe.each([...['server-security', 'userpass', 'op-extension', 'noname', 'samename-3'].map((n) => REPRO(n)), FOUND('ref-aliases')])('%s', (file) => {
  it('imports with a clean check, exports AsyncAPI 3.0 the parser accepts, and export → import → export is a fixed point', async () => {
    const { first, exported, second, again } = await asyncTrip(file);
    expect(problems(first.analysis)).toEqual([]);
    expect(await invalid(exported)).toEqual([]);
    expect(await files(second.dir)).toEqual(await files(first.dir));
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
    for (const u of first.result.unmapped) expect(at(first.raw, u.pointer), u.pointer).toBeDefined();
    expect(second.result.unmapped.filter((u) => u.pointer.includes('x-specbench'))).toEqual([]);
  });
});

describe('interchange pass 5, the AsyncAPI reproductions one by one', () => {
  it("server-security. a server's security is said where it is written, and kept on the events the operation sends or receives", async () => {
    const { first, exported } = await asyncTrip(REPRO('server-security'));
    expect(first.result.unmapped).toEqual([{ pointer: '/servers/prod/security', reason: "a server's security has no place on the spec's servers; it is kept as the security of the events sent or received by operations that state none of their own on the channels this server carries (an export writes it on those operations)" }]);
    expect(event(first.analysis, 'm')?.security).toEqual([{ scheme: 'scram' }]);
    expect(exported.operations.o.security).toEqual([{ $ref: '#/components/securitySchemes/scram' }]);
  });

  it("server-security. a server's security no operation takes is said not to be kept (AsyncAPI 2.x)", async () => {
    const { result } = await importText(['asyncapi: 2.6.0', "info: { title: T, version: '1' }", 'servers:', "  s: { url: 'mqtt://b.example.org', protocol: mqtt, security: [{ k: [] }] }", 'channels: {}', 'components:', '  securitySchemes:', '    k: { type: X509 }', ''].join('\n'));
    expect(result.unmapped).toEqual([{ pointer: '/servers/s/security', reason: "a server's security has no place on the spec's servers, and no operation without security of its own takes it; it is not kept" }]);
  });

  it('userpass. AsyncAPI `userPassword` is a user name and password of the connection, never HTTP Basic, and exports as `userPassword`', async () => {
    const { first, exported, second } = await asyncTrip(REPRO('userpass'));
    expect(areaOf(first.analysis.spec, 'authentication').items.map((i) => [i.id, i.data])).toEqual([['userPass', { description: 'MQTT username and password', scheme: 'user-password' }]]);
    expect(exported.components.securitySchemes).toEqual({ userPass: { description: 'MQTT username and password', type: 'userPassword' } });
    expect(unexported(exported).filter((u) => u.id.startsWith('authentication/'))).toEqual([]);
    // No header and no credential names are claimed, and none is asked for: the kind settles them.
    expect(first.analysis.assessment.gaps.map((g) => g.id).filter((id) => id.startsWith('authentication/userPass'))).toEqual([]);
    expect(areaOf(second.analysis.spec, 'authentication').items.map((i) => i.data.scheme)).toEqual(['user-password']);
  });

  it('userpass. the OpenAPI export does not claim HTTP Basic for it: the scheme is listed as not carried', async () => {
    const { first } = await asyncTrip(REPRO('userpass'));
    const openapi: Doc = exportOpenApi(first.analysis);
    expect(openapi.components?.securitySchemes ?? {}).toEqual({});
    expect(unexported(openapi)).toContainEqual({ id: 'authentication/userPass', reason: expect.stringContaining('OpenAPI has no user name and password of a connection') });
  });

  it('op-extension. an extension on an operation is said where it is written', async () => {
    const { first } = await asyncTrip(REPRO('op-extension'));
    expect(first.result.unmapped).toEqual([
      { pointer: '/info/x-java-package', reason: '`info.x-java-package` has no place in the spec' },
      { pointer: '/channels/a~1b/publish/x-function-name', reason: "an operation's `x-function-name` has no place in the spec" },
    ]);
  });

  it('op-extension. extensions on AsyncAPI 3 channels and operations are said too', async () => {
    const { result } = await importText(['asyncapi: 3.0.0', "info: { title: T, version: '1' }", 'channels:', '  c: { address: c, x-owner: team, messages: { m: { payload: { type: string } } } }', 'operations:', "  o: { action: send, channel: { $ref: '#/channels/c' }, x-function-name: f }", ''].join('\n'));
    expect(result.unmapped).toEqual([
      { pointer: '/channels/c/x-owner', reason: "a channel's `x-owner` has no place in the spec" },
      { pointer: '/operations/o/x-function-name', reason: "an operation's `x-function-name` has no place in the spec" },
    ]);
  });

  it('noname. a message with no `name` gets none in the export (its component key is not a name)', async () => {
    const { first, exported } = await asyncTrip(REPRO('noname'));
    expect(event(first.analysis, 'botChanged')?.name).toBeUndefined();
    expect(exported.components.messages.botChanged).not.toHaveProperty('name');
    expect(exported.components.messages.botChanged.summary).toBe('A bot user was changed.');
  });

  it('samename-3. two component messages of one name stay two events through export and import, each under its own component', async () => {
    const { first, second, exported } = await asyncTrip(REPRO('samename-3'));
    expect(areaOf(first.analysis.spec, 'events').items.map((i) => [i.id, (i.data as Doc).name, (i.data as Doc).direction])).toEqual([
      ['Msg', 'Msg', 'sent'],
      ['Other', 'Other', 'received'],
      ['PubMsg', 'Msg', 'received'],
    ]);
    expect(areaOf(second.analysis.spec, 'events').items.map((i) => i.id)).toEqual(['Msg', 'Other', 'PubMsg']);
    expect(Object.keys(exported.components.messages).sort()).toEqual(['Other', 'PubMsg', 'SubMsg']);
  });
});

describe('interchange pass 5, what real documents outside the corpus showed', () => {
  it('mqtt: components that are each a reference to one schema stay themselves, with their own words, wherever they are named', async () => {
    const { first, exported } = await asyncTrip(FOUND('ref-aliases'));
    expect(first.result.unmapped).toEqual([]);
    const resource = (id: string) => areaOf(first.analysis.spec, 'resources').items.find((i) => i.id === id)?.data as Doc | undefined;
    expect(resource('deviceId')).toEqual({ description: 'Device identifier', value: { type: 'id', examples: ['d44d8a14-5fbb-4e4a-96a6-ed0c71c11fa8'] } });
    expect(resource('command')?.fields).toEqual({ deviceId: { type: 'deviceId', required: false }, groupId: { type: 'deviceGroupId', required: false }, installation: { type: 'installationId', required: false } });
    expect(exported.components.schemas.command.properties).toEqual({ deviceId: { $ref: '#/components/schemas/deviceId' }, groupId: { $ref: '#/components/schemas/deviceGroupId' }, installation: { $ref: '#/components/schemas/installationId' } });
    const { lost, invented } = compare(inventory(first.raw), inventory(exported), first.result.unmapped);
    expect({ lost, invented }).toEqual({ lost: [], invented: [] });
  });
});

/** A document written for one test, imported. */
async function importText(text: string) {
  const file = join(await mkdtemp(join(tmpdir(), 'specbench-pass5-')), 'doc.yaml');
  await writeFile(file, text);
  return importedSpec(file);
}
