import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Parser } from '@asyncapi/parser';
import { describe, expect, it } from 'vitest';
import { areaOf, exportAsyncApi, readSpecDir, UNEXPORTED_EXTENSION, type Analysis } from '../../src/lib/index.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { roundTrip, type Doc } from './helpers.ts';
import { compare, inventory } from './inventory.ts';

/**
 * Reader aids a real document carries (issue 32 point 10, issue 31's facts "only reported"): an
 * `externalDocs` of an operation, a schema, a message, a channel, a tag or the document; a tag's
 * description; a path item's summary and description; a server that is a path from the root.
 * Each is kept where the spec has a home for it, exported back where it was written, and reads
 * back the same: the tester's four reproductions and what else real documents write of them.
 */
const CASE = (n: string) => `test/fixtures/reader/pass7/${n}.yaml`;
type Format = 'openapi' | 'asyncapi';

/** The content files of a spec folder, without the header line that names the source format. */
async function files(dir: string): Promise<Record<string, string>> {
  return Object.fromEntries((await readSpecDir(dir)).map((f) => [f.path, Buffer.from(f.bytes ?? []).toString('utf8').replace(/^# Imported from .*\n/m, '')]));
}

/** The official AsyncAPI parser, one for the file: it holds its rules and schema parsers, nothing of a document it parsed. */
const parser = new Parser();

/** What the official validators find wrong with an export: OpenAPI's JSON Schema and swagger-parser, or the AsyncAPI parser (errors). */
async function invalid(doc: Doc, format: Format): Promise<string[]> {
  if (format === 'openapi') return openApiProblems(doc);
  return (await parser.parse(JSON.stringify(doc))).diagnostics.filter((d) => d.severity === 0).map((d) => `${d.message} at ${d.path.join('.')}`);
}

const problems = (a: Analysis) => a.diagnostics.filter((d) => d.severity !== 'hint').map((d) => `${d.severity} ${d.code} ${d.file}: ${d.message}`);
const item = (a: Analysis, area: 'endpoints' | 'resources' | 'events', id: string) => (areaOf(a.spec, area).items as ReadonlyArray<{ id: string; data: unknown }>).find((i) => i.id === id)?.data as Doc | undefined;
const area = (a: Analysis, key: 'purpose' | 'endpoints' | 'events') => areaOf(a.spec, key).data as Doc;
/** The value a JSON pointer names in a document, or undefined. */
const at = (doc: unknown, pointer: string) => pointer.split('/').slice(1).reduce<unknown>((v, s) => (v as Doc | undefined)?.[s.replace(/~1/g, '/').replace(/~0/g, '~')], doc);

const CASES: Array<[string, Format]> = [
  ['02-externaldocs-dropped', 'openapi'],
  ['05-relative-server-dropped', 'openapi'],
  ['06-tag-description-dropped', 'openapi'],
  ['13-path-item-summary-description-dropped', 'openapi'],
  ['aids-openapi-more', 'openapi'],
  ['aids-swagger2', 'openapi'],
  ['aids-asyncapi-2', 'asyncapi'],
  ['aids-asyncapi-3', 'asyncapi'],
];

/**
 * Facts the corpus inventory does not count yet in the source, so that it reads their export as
 * invented: Swagger 2.0's `basePath` without a `host` is a server at that path from the root of
 * the host that serves the document (Swagger 2.0, "host"), which the inventory counts only with a host.
 */
const NOT_COUNTED_YET: Readonly<Record<string, readonly string[]>> = { 'aids-swagger2': ['server /v2'] };

describe.each(CASES)('%s', (name, format) => {
  it('imports with a clean check, exports a document the official validators accept, and export → import → export is a fixed point that loses and invents nothing', async () => {
    const { first, exported, second, again } = await roundTrip(CASE(name), format);
    expect(problems(first.analysis)).toEqual([]);
    expect(await invalid(exported, format)).toEqual([]);
    expect(await files(second.dir)).toEqual(await files(first.dir));
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
    // Every word is said where the file writes what it is about; a re-import has nothing to say.
    for (const u of first.result.unmapped) expect(at(first.raw, u.pointer), u.pointer).toBeDefined();
    expect(second.result.unmapped).toEqual([]);
    const { lost, invented } = compare(inventory(first.raw), inventory(exported), first.result.unmapped);
    expect({ lost, invented: invented.filter((e) => !(NOT_COUNTED_YET[name] ?? []).includes(e.key)) }).toEqual({ lost: [], invented: [] });
    // None of the aids is reported as not carried.
    expect((exported[UNEXPORTED_EXTENSION] ?? []).filter((u: Doc) => /external_docs|\/tags|\/paths|servers/.test(u.id))).toEqual([]);
  });
});

describe('the reproductions, fact by fact', () => {
  it('02. externalDocs of the document, an operation, a named schema and a tag are kept and exported where they were', async () => {
    const { first, exported } = await roundTrip(CASE('02-externaldocs-dropped'));
    expect(first.result.unmapped).toEqual([]);
    expect(area(first.analysis, 'purpose').external_docs).toEqual({ url: 'https://docs.example.com/guide', description: 'The full guide' });
    expect(item(first.analysis, 'endpoints', 'getThing')?.external_docs).toEqual({ url: 'https://docs.example.com/get-thing', description: 'Get thing docs' });
    expect(item(first.analysis, 'resources', 'Thing')?.external_docs).toEqual({ url: 'https://docs.example.com/thing' });
    expect(area(first.analysis, 'endpoints').tags).toEqual({ things: { external_docs: { url: 'https://docs.example.com/things' } } });
    expect(exported.externalDocs).toEqual({ description: 'The full guide', url: 'https://docs.example.com/guide' });
    expect(exported.paths['/things/{id}'].get.externalDocs).toEqual({ description: 'Get thing docs', url: 'https://docs.example.com/get-thing' });
    expect(exported.components.schemas.Thing.externalDocs).toEqual({ url: 'https://docs.example.com/thing' });
    expect(exported.tags).toEqual([{ name: 'things', externalDocs: { url: 'https://docs.example.com/things' } }]);
  });

  it('05. a server that is a path from the root is kept with its description, beside the absolute one, whose address stays the base address', async () => {
    const { first, exported } = await roundTrip(CASE('05-relative-server-dropped'));
    expect(first.result.unmapped).toEqual([]);
    expect(area(first.analysis, 'purpose')).toMatchObject({ base_url: 'https://apache.local', servers: [{ url: '/api/v1', description: 'Stable API' }, { url: 'https://apache.local' }] });
    expect(exported.servers).toEqual([{ url: '/api/v1', description: 'Stable API' }, { url: 'https://apache.local' }]);
  });

  it('06. a tag\'s description is the endpoints area\'s, and exported on the tag', async () => {
    const { first, exported } = await roundTrip(CASE('06-tag-description-dropped'));
    expect(first.result.unmapped).toEqual([]);
    const description = 'An `Account` represents an individual customer account. Accounts can have sub-accounts.';
    expect(area(first.analysis, 'endpoints').tags).toEqual({ accounts: { description } });
    expect(exported.tags).toEqual([{ name: 'accounts', description }]);
  });

  it('13. a path item\'s summary and description are the endpoints area\'s, by path, and exported on the path item', async () => {
    const { first, exported } = await roundTrip(CASE('13-path-item-summary-description-dropped'));
    expect(first.result.unmapped).toEqual([]);
    const note = { summary: 'Account settings', description: 'Settings that apply to the whole account, read by every label request.' };
    expect(area(first.analysis, 'endpoints').paths).toEqual({ '/account/settings': note });
    expect(exported.paths['/account/settings']).toMatchObject(note);
    expect(exported.paths['/account/settings'].get.operationId).toBe('listSettings');
  });
});

describe('what else real documents write of the same facts', () => {
  it('OpenAPI: the only server a path from the root, every declared tag in order, a webhook\'s docs; what cannot be kept is said where it is written', async () => {
    const { first, exported } = await roundTrip(CASE('aids-openapi-more'));
    expect(first.result.unmapped).toEqual([
      { pointer: '/components/schemas/Account/properties/name', reason: 'JSON Schema keyword `externalDocs` has no place in the spec' },
      { pointer: '/paths/~1accounts/summary', reason: "a path item's summary of paragraphs has no place as a one-line summary; it is not kept" },
      // A relative address of external docs is relative to the document's own site: not kept, said (T32u N-b, brief F32g).
      { pointer: '/paths/~1accounts/get/externalDocs', reason: "the external documentation's address `../guide/accounts/` is relative to a page of the document's own site, and no page of the spec answers it: the external documentation is not kept" },
      { pointer: '/tags/3', reason: 'the tag `accounts` is declared a second time; the first is kept' },
      { pointer: '/tags/4/externalDocs', reason: '`javascript:alert(1)` is not an address a page links to (http, https or relative); the external documentation is not kept' },
    ]);
    const purpose = area(first.analysis, 'purpose');
    // No host is stated: the base address stays a placeholder, and its gap stays open.
    expect(purpose).toMatchObject({ base_url: '{base_url}', servers: [{ url: '/api/v2', description: 'The only server, where the document is served.' }] });
    expect(first.analysis.assessment.gaps.map((g) => g.id)).toContain('purpose/base_url');
    const endpoints = area(first.analysis, 'endpoints');
    expect(Object.keys(endpoints.tags)).toEqual(['accounts', 'archive', 'billing', 'hostile']);
    expect(endpoints.tags).toEqual({
      accounts: { description: 'An **Account** is a customer; accounts can have sub-accounts.', external_docs: { url: 'https://docs.example.com/accounts', description: 'Accounts in depth' } },
      archive: { description: 'Old accounts; no operation is in this group yet.' },
      billing: {},
      hostile: { description: 'Its docs link is a script.' },
    });
    expect(endpoints.paths).toEqual({ '/accounts': { description: 'Every account the caller can see.' }, '/accounts/{id}': { summary: 'One account, by its id in the path', description: 'One account by its id.' } });
    expect(item(first.analysis, 'endpoints', 'listAccounts')?.external_docs).toBeUndefined();
    expect(item(first.analysis, 'events', 'accountClosed')?.external_docs).toEqual({ url: 'https://docs.example.com/webhooks#closed', description: 'When it is sent' });
    expect(item(first.analysis, 'resources', 'Account')?.external_docs).toEqual({ url: 'https://docs.example.com/schemas/account', description: 'The account object' });
    expect(exported.tags.map((t: Doc) => t.name)).toEqual(['accounts', 'archive', 'billing', 'hostile']);
    expect(exported.webhooks.accountClosed.post.externalDocs).toEqual({ description: 'When it is sent', url: 'https://docs.example.com/webhooks#closed' });
    expect(exported.paths['/accounts/{id}'].description).toBe('One account by its id.');
    expect(exported.servers).toEqual([{ url: '/api/v2', description: 'The only server, where the document is served.' }]);
  });

  it('OpenAPI: declared tags that only name the groups operations use are not written twice; an export declares them again', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'specbench-aids-')), 'bare-tags.yaml');
    await writeFile(file, ['openapi: 3.0.3', "info: { title: Bare tags, version: '1' }", 'tags: [{ name: a }, { name: b }]', 'paths:', '  /x:', '    get: { operationId: getX, tags: [a, b], responses: { "204": { description: ok } } }', ''].join('\n'));
    const { first, exported } = await roundTrip(file);
    expect(first.result.unmapped).toEqual([]);
    expect(area(first.analysis, 'endpoints').tags).toBeUndefined();
    expect(exported.tags).toEqual([{ name: 'a' }, { name: 'b' }]);
  });

  it('Swagger 2.0: a base path without a host is a server that is a path from the root; tags and every externalDocs are kept', async () => {
    const { first, exported } = await roundTrip(CASE('aids-swagger2'));
    expect(first.result.format).toBe('Swagger 2.0');
    expect(first.result.unmapped).toEqual([]);
    expect(area(first.analysis, 'purpose')).toMatchObject({ base_url: '{base_url}', servers: [{ url: '/v2' }], external_docs: { url: 'https://docs.example.com/swagger' } });
    expect(area(first.analysis, 'endpoints').tags).toEqual({ pets: { description: 'Everything about pets.', external_docs: { url: 'https://docs.example.com/pets', description: 'Find out more' } } });
    expect(item(first.analysis, 'endpoints', 'listPets')?.external_docs).toEqual({ url: 'https://docs.example.com/pets/list' });
    expect(item(first.analysis, 'resources', 'Pet')?.external_docs).toEqual({ url: 'https://docs.example.com/pets/object' });
    expect(exported.servers).toEqual([{ url: '/v2' }]);
  });

  it('AsyncAPI 2: the document\'s tags and externalDocs, a message\'s, an operation\'s and a schema\'s are kept, and exported as AsyncAPI 3 writes them', async () => {
    const { first, exported } = await roundTrip(CASE('aids-asyncapi-2'), 'asyncapi');
    expect(first.result.unmapped).toEqual([]);
    expect(area(first.analysis, 'purpose').external_docs).toEqual({ url: 'https://docs.example.com/lights', description: 'The lighting guide' });
    expect(area(first.analysis, 'events').tags).toEqual({ lights: { description: 'Street lights and what they measure.', external_docs: { url: 'https://docs.example.com/lights/tags' } }, maintenance: {} });
    expect(area(first.analysis, 'events').operations.sendLightMeasured.external_docs).toEqual({ url: 'https://docs.example.com/lights/send' });
    expect(item(first.analysis, 'events', 'LightMeasured')?.external_docs).toEqual({ url: 'https://docs.example.com/lights/measured', description: 'What is measured' });
    expect(item(first.analysis, 'resources', 'Measurement')?.external_docs).toEqual({ url: 'https://docs.example.com/lights/measurement' });
    expect(exported.info.externalDocs).toEqual({ description: 'The lighting guide', url: 'https://docs.example.com/lights' });
    expect(exported.info.tags).toEqual([{ name: 'lights', description: 'Street lights and what they measure.', externalDocs: { url: 'https://docs.example.com/lights/tags' } }, { name: 'maintenance' }]);
    expect(exported.operations.sendLightMeasured.externalDocs).toEqual({ url: 'https://docs.example.com/lights/send' });
    expect(exported.components.messages.LightMeasured.externalDocs).toEqual({ description: 'What is measured', url: 'https://docs.example.com/lights/measured' });
    expect(exported.components.schemas.Measurement.externalDocs).toEqual({ url: 'https://docs.example.com/lights/measurement' });
  });

  it('AsyncAPI 3: info\'s tags and externalDocs, a channel\'s, an operation\'s and a message\'s are kept and exported where they were', async () => {
    const { first, exported } = await roundTrip(CASE('aids-asyncapi-3'), 'asyncapi');
    expect(first.result.unmapped).toEqual([]);
    expect(area(first.analysis, 'purpose').external_docs).toEqual({ url: 'https://docs.example.com/', description: 'The guide' });
    const events = area(first.analysis, 'events');
    expect(events.tags).toEqual({ orders: { description: 'What happens to orders.', external_docs: { url: 'https://docs.example.com/orders' } } });
    expect(events.channels.placed.external_docs).toEqual({ url: 'https://docs.example.com/channels/placed' });
    expect(events.operations.sendPlaced.external_docs).toEqual({ url: 'https://docs.example.com/operations/send' });
    expect(item(first.analysis, 'events', 'OrderPlaced')?.external_docs).toEqual({ url: 'https://docs.example.com/messages/placed', description: 'The message' });
    expect(exported.info.tags).toEqual([{ name: 'orders', description: 'What happens to orders.', externalDocs: { url: 'https://docs.example.com/orders' } }]);
    expect(exported.channels.placed.externalDocs).toEqual({ url: 'https://docs.example.com/channels/placed' });
    expect(exported.operations.sendPlaced.externalDocs).toEqual({ url: 'https://docs.example.com/operations/send' });
  });

  it('AsyncAPI 3 has no server without a host: a path from the root is said not to be carried, never written wrong', async () => {
    const { first } = await roundTrip(CASE('aids-openapi-more'));
    const exported: Doc = exportAsyncApi(first.analysis);
    expect(exported.servers).toBeUndefined();
    expect(exported[UNEXPORTED_EXTENSION]).toContainEqual({ id: 'purpose/servers/0', reason: 'AsyncAPI states a server by protocol, host and path: an address whose scheme is a variable and whose protocol is not stated, with a query or fragment, or without a host (a path from the root, `/api/v1`) is not carried' });
    expect(await invalid(exported, 'asyncapi')).toEqual([]);
  });
});
