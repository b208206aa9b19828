import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Parser } from '@asyncapi/parser';
import { describe, expect, it } from 'vitest';
import { areaOf, readSpecDir, type Analysis } from '../../src/lib/index.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { importToSpec, roundTrip } from './helpers.ts';

/**
 * Defects a third independent tester of issue 31 (t31f) found: AsyncAPI 3 payloads in the Multi
 * Format Schema form, `additionalProperties: false` with no property beside it, a long HTML text
 * converted before it is measured, numbers and examples a spec file cannot hold as written, unused
 * response and header components, a schema's `examples` written as a map, and a security scheme
 * type the spec lacks. Each reproduction goes through the real reader, importer and exporter.
 */
const REPRO = (n: string) => `test/fixtures/interchange/t31f/repro-${n}.yaml`;

async function asyncApiProblems(doc: unknown): Promise<string[]> {
  return (await new Parser().parse(JSON.stringify(doc))).diagnostics.filter((d) => d.severity === 0).map((d) => `${d.message} at ${d.path.join('.')}`);
}

const errors = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.file}: ${d.message}`);
const specText = async (dir: string) => (await readSpecDir(dir)).map((f) => Buffer.from(f.bytes ?? []).toString('utf8')).join('\n');

/** A document written as JSON to a fresh folder, for the cases made in the test (a text of megabytes, a value nested deep). */
async function written(doc: unknown): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'specbench-t31f-')), 'source.json');
  await writeFile(file, JSON.stringify(doc));
  return file;
}

describe('issue 31, t31f: AsyncAPI 3 payloads and security', () => {
  it('01. a payload written as `{schemaFormat, schema}` (the default format) is the payload: kept, exported, a fixed point', async () => {
    const { first, exported, again } = await roundTrip(REPRO('01'), 'asyncapi');
    expect(errors(first.analysis)).toEqual([]);
    expect(first.result.unmapped).toEqual([]);
    expect(exported.components.messages.UserSignedUp.payload).toEqual({ type: 'object', properties: { email: { type: 'string', format: 'email', maxLength: 254 } }, required: ['email'] });
    expect(await asyncApiProblems(exported)).toEqual([]);
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
  });

  it('01b. a payload in a format other than AsyncAPI’s own is read as the 2.x form is, and its format said at its pointer', async () => {
    const file = await written({
      asyncapi: '3.0.0',
      info: { title: 'sf3', version: '1' },
      channels: { signup: { address: 'user/signedup', messages: { M: { $ref: '#/components/messages/M' } } } },
      operations: { send: { action: 'send', channel: { $ref: '#/channels/signup' } } },
      components: { messages: { M: { payload: { schemaFormat: 'application/schema+json;version=draft-07', schema: { type: 'object', properties: { email: { type: 'string' } } } } } } },
    });
    const { result, analysis } = await importToSpec(file);
    expect(errors(analysis)).toEqual([]);
    expect(result.unmapped).toEqual([{ pointer: '/components/messages/M/payload/schemaFormat', reason: expect.stringContaining('the schema format `application/schema+json;version=draft-07` has no place in the spec') }]);
    expect(JSON.stringify(areaOf(analysis.spec, 'events').items[0]?.data.payload)).toContain('"email"');
  });

  it('11. one alternative naming a scheme type the spec lacks is said and left out; the others are kept and exported, the security a fixed point', async () => {
    const { first, exported, second, again } = await roundTrip(REPRO('11'), 'asyncapi');
    expect(errors(first.analysis)).toEqual([]);
    expect(first.result.unmapped).toContainEqual({ pointer: '/servers/prod/security/1', reason: expect.stringContaining('a scheme of type `symmetricEncryption`') });
    expect(exported.operations.onTick.security).toEqual([{ $ref: '#/components/securitySchemes/cert' }]);
    expect(await asyncApiProblems(exported)).toEqual([]);
    const security = (a: Analysis) => areaOf(a.spec, 'events').items.map((e) => e.data.security);
    expect(security(second.analysis)).toEqual(security(first.analysis));
    expect(again.operations).toEqual(exported.operations);
  });
});

describe('issue 31, t31f: what a schema states is kept or said', () => {
  it('02. `additionalProperties: false` in an `allOf` part or on a bare object is said at its pointer, as beside fields', async () => {
    const { first, exported } = await roundTrip(REPRO('02'));
    expect(errors(first.analysis)).toEqual([]);
    expect(first.result.unmapped.map((u) => u.pointer)).toEqual([
      '/components/schemas/Closed/allOf/1/additionalProperties',
      '/components/schemas/Closed2/additionalProperties',
      '/components/schemas/Closed3/additionalProperties',
    ]);
    expect(await openApiProblems(exported)).toEqual([]);
  });

  it('12. a schema’s `examples` written as a map of named examples is refused at its line (an OpenAPI 3.1 Schema Object is checked against JSON Schema 2020-12, whose `examples` is a list: brief F31f of session 12)', async () => {
    await expect(importToSpec(REPRO('12'))).rejects.toThrow(`${REPRO('12')}:22:9: \`examples\` is a mapping; it must be a list (at /components/schemas/ExcelStatus/examples)`);
  });

  it('06. response and header components no operation uses are said, each at its pointer', async () => {
    const { result, analysis } = await importToSpec(REPRO('06'));
    expect(errors(analysis)).toEqual([]);
    expect(result.unmapped.map((u) => u.pointer)).toEqual(['/components/responses/Unknown', '/components/headers/ExpiresAfter']);
  });
});

describe('issue 31, t31f: values a spec file cannot hold as written are said, never written for check to refuse', () => {
  it('04. `1e400` and whole numbers past 2^53 are not kept, each said at its pointer; the numbers that are exact stay; the import checks clean and exports', async () => {
    const { first, exported, again } = await roundTrip(REPRO('04'));
    expect(errors(first.analysis)).toEqual([]);
    expect(first.result.unmapped.map((u) => u.pointer)).toEqual([
      '/components/schemas/V/properties/big/example',
      '/components/schemas/V/properties/id/default',
      '/components/schemas/V/properties/huge/example',
    ]);
    expect(first.result.unmapped[0]?.reason).toContain('past 2^53');
    expect(first.result.unmapped[2]?.reason).toContain('infinity');
    expect(exported.components.schemas.V.properties.price).toEqual({ type: 'number', default: 0.1, enum: [0.1, 1000] });
    expect(await openApiProblems(exported)).toEqual([]);
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
  });

  it('04b. an allowed value past a number’s range, and big numbers in AsyncAPI message examples, are said, not written', async () => {
    const file = await written({
      asyncapi: '2.6.0',
      info: { title: 'n', version: '1' },
      channels: { c: { subscribe: { message: { name: 'M', payload: { type: 'integer' }, examples: [{ name: 'big', payload: 12345678901234567890 }] } } } },
    });
    const { result, analysis } = await importToSpec(file);
    expect(errors(analysis)).toEqual([]);
    expect(result.unmapped).toContainEqual({ pointer: '/channels/c/subscribe/message/examples/0/payload', reason: expect.stringContaining('past 2^53') });
    expect(JSON.stringify(areaOf(analysis.spec, 'events').items[0]?.data.payload)).not.toContain('12345678901234567');
    // YAML reads `1e400` as a number past a double's range.
    const dir = await mkdtemp(join(tmpdir(), 'specbench-t31f-'));
    await writeFile(join(dir, 'enum.yaml'), "openapi: 3.0.3\ninfo: {title: e, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    P: {type: number, enum: [0.5, 1e400]}\n");
    const e = await importToSpec(join(dir, 'enum.yaml'));
    expect(errors(e.analysis)).toEqual([]);
    expect(e.result.unmapped).toEqual([{ pointer: '/components/schemas/P/enum', reason: expect.stringContaining('`Infinity`') }]);
  });

  it('07. an example nested 62 levels deep is said at its pointer and not written: the import checks clean and exports', async () => {
    const { first, exported } = await roundTrip(REPRO('07'));
    expect(errors(first.analysis)).toEqual([]);
    expect(first.result.unmapped).toEqual([{ pointer: '/components/schemas/D/example', reason: expect.stringContaining('nests more than 32 levels') }]);
    expect(exported.components.schemas.D.example).toBeUndefined();
    expect(await openApiProblems(exported)).toEqual([]);
  });
});

describe('issue 31, t31f: a long HTML text is measured before it is converted', () => {
  const html = (times: number) => `<p>${'a<b>b</b> '.repeat(times)}</p>`;
  const doc = (description: string) => ({ openapi: '3.0.3', info: { title: 'huge', version: '1', description }, paths: {} });

  it('08. 3 MB of HTML is said past the limit, with its least length as Markdown, without being converted', async () => {
    const { result, analysis, dir } = await importToSpec(await written(doc(html(300_000))));
    expect(errors(analysis)).toEqual([]);
    expect(result.unmapped).toEqual([{ pointer: '/info/description', reason: 'the text is past the limits of one prose value (The text is at least 900,000 characters long as Markdown, 3,000,007 as written); it is not kept' }]);
    expect(await specText(dir)).not.toContain('a**b**');
  });

  it('08b. 1 MB of tags with little text is said past the limit without being converted', async () => {
    const { result } = await importToSpec(await written(doc(`x${'<span></span>'.repeat(80_000)}`)));
    expect(result.unmapped).toEqual([{ pointer: '/info/description', reason: expect.stringContaining('The text is 1,040,001 characters long as written, more than 8 times the 32,768 of one prose value, too long to convert') }]);
  });
});
