import { Parser } from '@asyncapi/parser';
import { describe, expect, it } from 'vitest';
import { areaOf, readSpecDir, type Analysis } from '../../src/lib/index.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { roundTrip, type Doc } from './helpers.ts';
import { compare, inventory } from './inventory.ts';

/**
 * Interchange pass 8 (issue 31): the one loss the corpus inventory's text facts found (a link inside
 * HTML `<code>`, amazonaws.com/datasync.json) and the same class of defect in the other elements
 * rehype-remark reads as code; AsyncAPI 2.x servers relative to the document and the words of tags
 * written on messages, channels and operations, which were said and not kept. Each fixture goes
 * through the real reader, importer and exporter: a clean check, a document the official validators
 * accept, export → import → export a fixed point, nothing lost without a word, nothing invented.
 */
const CASE = (n: string) => `test/fixtures/interchange/pass8/${n}`;
type Kind = 'openapi' | 'asyncapi';

/** The content files of a spec folder, without the header line that names the source format. */
async function files(dir: string): Promise<Record<string, string>> {
  return Object.fromEntries((await readSpecDir(dir)).map((f) => [f.path, Buffer.from(f.bytes ?? []).toString('utf8').replace(/^# Imported from .*\n/m, '')]));
}

/** The official AsyncAPI parser, one for the file: it holds its rules and schema parsers, nothing of a document it parsed. */
const parser = new Parser();

/** What the official validators find wrong with an export: OpenAPI's schema and reference resolution, or the AsyncAPI parser (errors). */
async function invalid(doc: Doc, kind: Kind): Promise<string[]> {
  if (kind === 'openapi') return openApiProblems(doc);
  return (await parser.parse(JSON.stringify(doc))).diagnostics.filter((d) => d.severity === 0).map((d) => `${d.message} at ${d.path.join('.')}`);
}

const problems = (a: Analysis) => a.diagnostics.filter((d) => d.severity !== 'hint').map((d) => `${d.severity} ${d.code} ${d.file}: ${d.message}`);
/** The value a JSON pointer names in a document, or undefined. */
const at = (doc: unknown, pointer: string) => pointer.split('/').slice(1).reduce<unknown>((v, s) => (v as Doc | undefined)?.[s.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
const area = (a: Analysis, key: 'events' | 'purpose') => areaOf(a.spec, key).data as Doc;
const item = (a: Analysis, key: 'endpoints' | 'events', id: string) => (areaOf(a.spec, key).items as ReadonlyArray<{ id: string; data: unknown }>).find((i) => i.id === id)?.data as Doc | undefined;

const CASES: Array<[string, Kind]> = [
  ['texts-01-link-in-code.yaml', 'openapi'],
  ['texts-02-links-in-code-elements.yaml', 'openapi'],
  ['asyncapi2-relative-server.yaml', 'asyncapi'],
  ['asyncapi2-tag-words.yaml', 'asyncapi'],
  ['asyncapi3-channel-tag-words.yaml', 'asyncapi'],
];

describe.each(CASES)('%s', (name, kind) => {
  it('imports with a clean check, exports a valid document, export → import → export is a fixed point, and nothing is lost without a word or invented', async () => {
    const { first, exported, second, again } = await roundTrip(CASE(name), kind);
    expect(problems(first.analysis)).toEqual([]);
    expect(await invalid(exported, kind)).toEqual([]);
    expect(await files(second.dir)).toEqual(await files(first.dir));
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
    // Every pointer is into the file as written, at something it states.
    for (const u of first.result.unmapped) expect(at(first.raw, u.pointer), u.pointer).toBeDefined();
    // What the export states, a re-import reads whole.
    expect(second.result.unmapped).toEqual([]);
    const { lost, invented } = compare(inventory(first.raw), inventory(exported), first.result.unmapped);
    expect({ lost, invented }).toEqual({ lost: [], invented: [] });
  });
});

describe('a link inside HTML code keeps its address', () => {
  it("texts-01. datasync's `<code> <a href>BytesPerSecond</a> </code>` is a link whose text is code, in the spec and in the export, said nowhere as dropped", async () => {
    const { first, exported } = await roundTrip(CASE('texts-01-link-in-code.yaml'), 'openapi');
    const text = 'Only [`BytesPerSecond`](https://docs.example.org/options) can be changed.';
    expect(item(first.analysis, 'endpoints', 'post-tasks')?.description).toBe(text);
    expect(exported.paths['/tasks'].post.description).toBe(text);
    expect(first.result.unmapped).toEqual([]);
  });

  it('texts-02. every element read as code (kbd, samp, var, tt, pre, code) keeps the links and images inside it; a javascript: link in code is said, an anchor without an address is its text', async () => {
    const { first, exported } = await roundTrip(CASE('texts-02-links-in-code-elements.yaml'), 'openapi');
    const get = exported.paths['/keys'].get;
    const post = exported.paths['/keys'].post;
    expect(get.description).toBe('Press [`Enter`](https://docs.example.org/keys#enter), then `OK` [`details`](https://docs.example.org/ok).');
    expect(get.responses['200'].description).toBe('Set [`LIMIT`](https://docs.example.org/vars) or [`TT`](https://docs.example.org/tt).');
    // A code block cannot hold a link: its lines, as code and links, with hard breaks.
    expect(post.description).toBe('`GET /keys`\\\n`see` [`the guide`](https://docs.example.org/pre)');
    expect(post.responses['204'].description).toBe('Badge: ![badge](https://docs.example.org/badge.png); code with a Markdown link: [`name`](https://docs.example.org/md).');
    expect(get.parameters[0].description).toBe('Never `run`; see why.');
    expect(first.result.unmapped).toEqual([{ pointer: '/paths/~1keys/get/parameters/0/description', reason: 'the link to `javascript:alert(1)` is not kept, as a page would not follow it; the link\'s text is kept in its place, as plain words' }]);
  });
});

describe('AsyncAPI 2.x: what was said and not kept is kept', () => {
  it('a server whose url is a path from the root is kept as written with its protocol and description, exported as AsyncAPI 3.0 with an empty host, and read back', async () => {
    const { first, exported, second } = await roundTrip(CASE('asyncapi2-relative-server.yaml'), 'asyncapi');
    expect(first.result.unmapped).toEqual([]);
    const servers = [
      { name: 'local', url: '/ws', protocol: 'ws', description: 'The socket beside the page that serves this document.' },
      { name: 'broker', url: 'wss://events.example.org/ws' },
    ];
    expect(area(first.analysis, 'purpose').servers).toEqual(servers);
    expect(exported.servers.local).toEqual({ host: '', protocol: 'ws', pathname: '/ws', description: 'The socket beside the page that serves this document.' });
    expect(area(second.analysis, 'purpose').servers).toEqual(servers);
  });

  it("a message's and an operation's tag words are kept as the events area's declared groups and exported in info.tags; a declared tag keeps the declaration's words, the message's other ones are said", async () => {
    const { first, exported } = await roundTrip(CASE('asyncapi2-tag-words.yaml'), 'asyncapi');
    const message = '/components/messages/lightMeasured/tags';
    const kept = (name: string) => `the tag's words are kept as the events area's declaration of the group \`${name}\`, which the document does not declare (the spec keeps a group's words once); an export declares it in \`info.tags\` and names it here`;
    expect(first.result.unmapped).toEqual([
      { pointer: `${message}/0`, reason: kept('telemetry') },
      { pointer: `${message}/1`, reason: kept('metrics') },
      { pointer: `${message}/2`, reason: 'the document declares the tag `lighting` with other words; the declaration\'s are kept, these are not' },
      { pointer: '/channels/light~1measured/publish/tags/0', reason: kept('sensors') },
    ]);
    expect(area(first.analysis, 'events').tags).toEqual({
      lighting: { description: 'Everything about street lights.' },
      telemetry: { description: 'Readings sent on a schedule.', external_docs: { url: 'https://docs.example.org/telemetry', description: 'How often readings are sent.' } },
      metrics: { external_docs: { url: 'https://docs.example.org/metrics' } },
      sensors: { description: 'What the sensors report.' },
    });
    expect(item(first.analysis, 'events', 'lightMeasured')?.tags).toEqual(['telemetry', 'metrics', 'lighting', 'plain']);
    expect(exported.info.tags).toEqual([
      { name: 'lighting', description: 'Everything about street lights.' },
      { name: 'telemetry', description: 'Readings sent on a schedule.', externalDocs: { url: 'https://docs.example.org/telemetry', description: 'How often readings are sent.' } },
      { name: 'metrics', externalDocs: { url: 'https://docs.example.org/metrics' } },
      { name: 'sensors', description: 'What the sensors report.' },
    ]);
    expect(exported.components.messages.lightMeasured.tags).toEqual([{ name: 'telemetry' }, { name: 'metrics' }, { name: 'lighting' }, { name: 'plain' }]);
  });

  it("AsyncAPI 3.0: a channel's and an operation's tag words are kept the same way; the same words written twice are one group's", async () => {
    const { first, exported } = await roundTrip(CASE('asyncapi3-channel-tag-words.yaml'), 'asyncapi');
    expect(area(first.analysis, 'events').tags).toEqual({ commerce: { description: 'Orders and payments.' }, outbound: { external_docs: { url: 'https://docs.example.org/outbound' } } });
    expect(exported.info.tags).toEqual([{ name: 'commerce', description: 'Orders and payments.' }, { name: 'outbound', externalDocs: { url: 'https://docs.example.org/outbound' } }]);
    expect(first.result.unmapped.map((u) => u.pointer)).toEqual(['/channels/orders/tags', '/channels/orders/messages/placed/tags/0', '/channels/orders/tags/0', '/operations/sendPlaced/tags/0']);
  });
});
