import { Parser } from '@asyncapi/parser';
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { importedFiles, type Analysis } from '../../src/lib/index.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { roundTrip, type Trip } from './helpers.ts';

/**
 * Brief F31c of session 10 (issue 31): the export side of the defects testers T31 and T32 found,
 * each through its reproduction (test/fixtures/interchange/f31c/: the testers' own, copied
 * unchanged under a line naming them, or written anew from the idiom they name): the real reader,
 * importer and exporter, the official validators, and back; the content files of the import and of
 * the export's import are the same (the export's bytes may be a fixed point while the files differ).
 */
const FIXTURE = (name: string) => `test/fixtures/interchange/f31c/${name}.yaml`;
const problems = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').map((d) => `${d.severity} ${d.code} ${d.file}: ${d.message}`);
const said = (trip: Trip) => trip.first.result.unmapped.map((u) => `${u.pointer} ${u.reason}`);

async function asyncApiProblems(doc: unknown): Promise<string[]> {
  return (await new Parser().parse(JSON.stringify(doc))).diagnostics.filter((d) => d.severity === 0).map((d) => `${d.message} at ${d.path.join('.')}`);
}

/** The content files an import writes, without the line naming the format it came from. */
const contentFiles = (result: Trip['second']['result']) => Object.fromEntries(importedFiles(result, 'spec').map((f) => [f.path, f.text.replace(/^# Imported from .*\n/m, '')]));

/** A clean check, a valid export, the same export twice and the same content files twice. */
async function sound(trip: Trip, format: 'openapi' | 'asyncapi' = 'openapi'): Promise<void> {
  expect(problems(trip.first.analysis)).toEqual([]);
  expect(format === 'openapi' ? await openApiProblems(trip.exported) : await asyncApiProblems(trip.exported)).toEqual([]);
  expect(JSON.stringify(trip.again)).toBe(JSON.stringify(trip.exported));
  expect(contentFiles(trip.second.result)).toEqual(contentFiles(trip.first.result));
}

describe('T31 D5: a link to an endpoint in prose', () => {
  it('is exported as the Redoc anchor of its operation, which the import reads back as the same link', async () => {
    const trip = await roundTrip(FIXTURE('repro-endpoint-link-dropped-by-export'));
    await sound(trip);
    expect(trip.first.result.items.find((i) => i.id === 'createJob')?.data.description).toBe('Creates a job. Use [[endpoints/getJob|Get a job]] to follow it.');
    expect(trip.exported.paths['/jobs'].post.description).toBe('Creates a job. Use [Get a job](#operation/getJob) to follow it.');
    expect(said(trip)).toEqual([]);
  });
});

describe('T31 D10: operationIds that differ only in letter case', () => {
  it('keep the same endpoint ids through export and import, whatever the order of their paths', async () => {
    const trip = await roundTrip(FIXTURE('repro-operationids-differing-in-case-not-fixed-point'));
    await sound(trip);
    const ids = (r: Trip['second']['result']) => r.items.filter((i) => i.area === 'endpoints').map((i) => `${i.id} ${String(i.data.path)} ${String(i.data.operation_id ?? '')}`).sort();
    expect(ids(trip.first.result)).toEqual(['GetItem /b ', 'getItem-2 /a getItem']);
    expect(ids(trip.second.result)).toEqual(ids(trip.first.result));
  });
});

describe('T32 D2, D3: an error made from many operations\' inline responses under one status', () => {
  it('claims no operation\'s words; each operation keeps its own, and the export gives each back', async () => {
    const trip = await roundTrip(FIXTURE('shared-status-errors'));
    await sound(trip);
    const errors = trip.first.result.items.filter((i) => i.area === 'errors').map((i) => [i.id, i.data]);
    expect(errors).toEqual([['http-400', { status: 400 }], ['http-401', { status: 401 }]]);
    const responses = (id: string) => (trip.first.result.items.find((i) => i.area === 'endpoints' && i.id === id)?.data as { responses?: Record<string, unknown> } | undefined)?.responses;
    expect(responses('reportAbuse')).toEqual({ '204': { description: 'done' }, '400': { error: 'http-400', description: 'incorrect request parameters' } });
    expect(responses('addPlugin')?.['400']).toEqual({ error: 'http-400', description: 'should have either `npmName` or `path` set' });
    expect(responses('getToken')?.['401']).toEqual({ error: 'http-401', description: 'Tell them apart by `type`:\n- the default, for a failed login\n- `invalid_token`, for a token that expired' });
    expect(responses('ping')?.['400']).toEqual({ error: 'http-400' });
    const source = trip.first.raw as { paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>> };
    for (const [path, item] of Object.entries(source.paths)) {
      for (const [method, op] of Object.entries(item)) {
        for (const [status, r] of Object.entries(op.responses)) {
          const out = trip.exported.paths[path][method].responses[status];
          expect(out.description ?? trip.exported.components.responses[out.$ref.split('/').pop()].description).toBe(r.description);
        }
      }
    }
    // `http-401`'s every response is written out in full: no shared response for it (T31u N4); `http-400` is one `ping` refers to.
    expect(trip.exported.components.responses).toEqual({ 'http-400': { description: '' } });
    expect(said(trip)).toEqual([]);
  });
});

describe('T31 D6: an AsyncAPI 2.x server whose address\'s scheme is a variable', () => {
  it('is carried (host, port variable, protocol), its scheme variable under the extension the import reads back, said once; a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('repro-asyncapi-scheme-variable-not-fixed-point'), 'asyncapi');
    await sound(trip, 'asyncapi');
    expect(said(trip)).toEqual([]);
    expect(trip.exported.servers).toEqual({ k: { host: 'kafka.example.com:{port}', protocol: 'kafka', 'x-specbench-scheme': '{scheme}', variables: { scheme: { default: 'tcp' }, port: { default: '9092' } } } });
    const note = "AsyncAPI 3 states a server's protocol (`kafka`), not its address's scheme: the scheme `{scheme}`, a variable, is written under `x-specbench-scheme` (which an import reads back), and other tools take the protocol for it";
    expect(trip.exported['x-specbench-unexported']).toEqual([{ id: 'purpose/servers/0/url', reason: note }]);
    expect(trip.second.result.areas.purpose?.servers).toEqual(trip.first.result.areas.purpose?.servers);
  });
});

describe('T31 D12: one AsyncAPI server asks for security, the other server of the channel none', () => {
  it('the events take neither (the spec keeps one security per event, an export writes it for every server), said at the server\'s security', async () => {
    const trip = await roundTrip(FIXTURE('repro-asyncapi-server-security-spread-to-all-servers'), 'asyncapi');
    await sound(trip, 'asyncapi');
    expect(said(trip)).toEqual(["/servers/prod/security a server's security has no place on the spec's servers; it is not kept: the channels this server carries are also on `dev`, which asks other security or none (the spec keeps one security per event, and an export writes it for every server)"]);
    for (const op of Object.values(trip.exported.operations as Record<string, { security?: unknown }>)) expect(op.security).toBeUndefined();
  });
});

describe('T31 D7: an AsyncAPI 2.x payload whose `schemaFormat` is Avro', () => {
  it('is said as AsyncAPI 3\'s is: not JSON Schema, read as JSON Schema only where it can be, so the keywords listed beside it are why', async () => {
    const trip = await roundTrip(FIXTURE('repro-asyncapi2-avro-read-as-json-schema'), 'asyncapi');
    await sound(trip, 'asyncapi');
    expect(said(trip)).toContain("/channels/avro/publish/message/schemaFormat the schema format `application/vnd.apache.avro;version=1.9.0` is not JSON Schema, which the spec's shapes are; its schema is read as JSON Schema where it can be (what cannot is listed), and an export writes it in AsyncAPI's default format");
    expect(said(trip).filter((s) => s.includes('schemaFormat has no place'))).toEqual([]);
  });
});

describe('T31 D8: an example of an XML media type, the text of the body', () => {
  it('is said as that, not as a value of the wrong type', async () => {
    const trip = await roundTrip(FIXTURE('repro-xml-example-dropped'));
    await sound(trip);
    expect(said(trip)).toContain("/paths/~1pets/get/responses/200/content/application~1xml/example the example is the body as `application/xml` writes it, text (`<pets><pet>Rex</pet></pets>`), which the spec does not read: its examples are values of the body's shape, which `check` checks; it is not kept");
  });
});

/** The real command line, as a user runs it. */
const specbench = (args: string[]) =>
  promisify(execFile)(process.execPath, ['src/cli/launch.mjs', ...args], { env: { ...process.env, SPECBENCH_NO_BUNDLE: '1', NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );

describe('T31 D16: the reason lines of the import\'s text summary', () => {
  it('name what they are about, most used first, up to three and how many more, the same each time', async () => {
    const runs = await Promise.all([0, 1].map(async () => specbench(['import', FIXTURE('summary-names'), '--spec', join(await mkdtemp(join(tmpdir(), 'specbench-f31c-')), 'spec')])));
    const [one, two] = runs.map((r) => ({ ...r, out: r.out.replace(/ into \S+:/, ' into DIR:') }));
    expect(one?.code, one?.err).toBe(0);
    expect(one?.out).toContain('7 elements could not be mapped (--format json lists each with its JSON pointer):\n  not kept as written, by keyword: 2 × `xml`, 1 × `contains`, 1 × `else`, 1 × `if`, 1 × `not`, 1 × `then`\n  7 × JSON Schema keyword `xml`, `contains`, `else` or 3 more has no place in the spec\n');
    expect(two?.out).toBe(one?.out);
  });

  it('an Avro payload\'s lines name its keywords and its format', async () => {
    const run = await specbench(['import', FIXTURE('repro-asyncapi2-avro-read-as-json-schema'), '--spec', join(await mkdtemp(join(tmpdir(), 'specbench-f31c-')), 'spec')]);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain('  1 × JSON Schema keywords `name`, `fields` have no place in the spec\n');
    expect(run.out).toContain('  1 × the schema format `application/vnd.apache.avro;version=1.9.0` is not JSON Schema');
  });
});
