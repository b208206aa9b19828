import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { areaOf, type Analysis } from '../../src/lib/index.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { roundTrip } from './helpers.ts';

/**
 * Issue 31, brief F31e of session 11 (the tester t31r's D1-D11): a document is checked against the
 * official schema of its version as written before anything maps it, and refused with every
 * violation at its line and column; what a valid document states is kept or said. Through the real
 * command line, reader, importer, exporter and validators. Fixtures: test/fixtures/interchange/f31e/s11-*.yaml.
 */
const FIXTURE = (name: string) => `test/fixtures/interchange/f31e/s11-${name}.yaml`;
const problems = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').map((d) => `${d.severity} ${d.code} ${d.file}: ${d.message}`);
const said = (unmapped: ReadonlyArray<{ pointer: string; reason: string }>) => unmapped.map((u) => `${u.pointer} ${u.reason}`);

/** The real command line, as a user runs it. */
const specbench = (args: string[]) =>
  promisify(execFile)(process.execPath, ['src/cli/launch.mjs', ...args], { env: { ...process.env, SPECBENCH_NO_BUNDLE: '1', NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );

/** An import of a fixture into a fresh folder: exit code, output, and the error lines. */
async function importing(name: string) {
  const file = FIXTURE(name);
  const run = await specbench(['import', file, '--spec', join(await mkdtemp(join(tmpdir(), 'specbench-f31e-')), 'spec')]);
  return { ...run, lines: run.err.trimEnd().split('\n') };
}

describe('F31e s11 D1-D4: a document its version\'s official schema refuses is refused, every violation at its line', () => {
  it('Swagger 2.0 `parameters` written as a `$ref` (D1): no internal error, both violations located, nothing written', async () => {
    const run = await importing('swagger-parameters-ref');
    expect(run.code).toBe(2);
    expect(run.out).toBe('');
    expect(run.err).not.toContain('internal error');
    expect(run.lines).toEqual([
      `specbench: \`${FIXTURE('swagger-parameters-ref')}\` is not a valid Swagger 2.0 document (2 violations of its official schema; nothing was imported):`,
      `${FIXTURE('swagger-parameters-ref')}:11:9: \`parameters\` is a mapping; it must be a list (at /paths/~1pets/get/parameters)`,
      `${FIXTURE('swagger-parameters-ref')}:16:5: \`filters\` is a list; it must be a mapping (at /definitions/filters)`,
    ]);
  });

  it('`parameters` as a mapping (D2), `responses` as a list and `tags` as a text (D3) are refused where written', async () => {
    const two = await importing('parameters-not-a-list');
    expect(two.code).toBe(2);
    expect(two.lines.slice(1)).toEqual([`${FIXTURE('parameters-not-a-list')}:9:19: \`parameters\` is a mapping; it must be a list (at /paths/~1pets/get/parameters)`]);
    const three = await importing('responses-a-list');
    expect(three.code).toBe(2);
    expect(three.lines.slice(1)).toEqual([
      `${FIXTURE('responses-a-list')}:8:13: \`tags\` is the text \`"ops"\`; it must be a list (at /paths/~1pets/get/tags)`,
      `${FIXTURE('responses-a-list')}:10:9: \`responses\` is a list; it must be a mapping (at /paths/~1pets/get/responses)`,
    ]);
  });

  it('members of the wrong type or range (D4: `required: id`, `enum: []`, `null`, `tags: [null, 5]`, `multipleOf: 0`) are each said in words, in the order of the file', async () => {
    const run = await importing('malformed-members');
    expect(run.code).toBe(2);
    const f = FIXTURE('malformed-members');
    expect(run.lines).toEqual([
      `specbench: \`${f}\` is not a valid OpenAPI 3.0.3 document (8 violations of its official schema; nothing was imported):`,
      `${f}:11:14: item 0 of \`tags\` is \`null\`; it must be a text (at /paths/~1a/get/tags/0)`,
      `${f}:11:20: item 1 of \`tags\` is the integer 5; it must be a text (at /paths/~1a/get/tags/1)`,
      `${f}:17:48: \`required\` is the text \`"id"\`; it must be a list (at /paths/~1a/get/responses/200/content/application~1json/schema/required)`,
      `${f}:18:16: \`404\` is \`null\`; it must be a mapping (at /paths/~1a/get/responses/404)`,
      `${f}:22:68: \`multipleOf\` is the integer 0; it must be greater than 0 (at /paths/~1b/get/parameters/0/schema/multipleOf)`,
      `${f}:28:48: \`required\` lists the same value twice (items 1 and 0) (at /paths/~1b/get/responses/200/content/application~1json/schema/required)`,
      `${f}:28:68: \`properties\` is a list; it must be a mapping (at /paths/~1b/get/responses/200/content/application~1json/schema/properties)`,
      `${f}:31:29: \`enum\` is a list of 0; it must have at least 1 (at /components/schemas/E/enum)`,
    ]);
  });

  it('of a Swagger 2.0 parameter\'s five kinds, only what the kind it names finds at fault is said', async () => {
    const run = await importing('swagger-parameter-alternatives');
    const f = FIXTURE('swagger-parameter-alternatives');
    expect(run.code).toBe(2);
    expect(run.lines.slice(1)).toEqual([
      `${f}:11:38: \`type\` is the text \`"strin"\`, which is not among the allowed values (\`"string"\`, \`"number"\`, \`"boolean"\`, \`"integer"\`, \`"array"\`, \`"file"\`) (at /paths/~1a/get/parameters/0/type)`,
      `${f}:12:58: item 1 of \`parameters\` has the member \`descripton\`, which is not allowed there (at /paths/~1a/get/parameters/1/descripton)`,
    ]);
  });

  it('a refusal names at most 20 violations and counts the rest', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'specbench-f31e-'));
    const file = join(dir, 'many.yaml');
    const paths = Array.from({ length: 25 }, (_, i) => `  /p${i}:\n    get:\n      tags: t${i}\n      responses: {'200': {description: ok}}\n`).join('');
    await writeFile(file, `openapi: 3.0.3\ninfo: {title: many, version: '1'}\npaths:\n${paths}`);
    const run = await specbench(['import', file, '--spec', join(dir, 'spec')]);
    expect(run.code).toBe(2);
    const lines = run.err.trimEnd().split('\n');
    expect(lines[0]).toContain('(25 violations of its official schema; nothing was imported):');
    expect(lines.slice(1, -1)).toHaveLength(20);
    expect(lines[1]).toBe(`${file}:6:13: \`tags\` is the text \`"t0"\`; it must be a list (at /paths/~1p0/get/tags)`);
    expect(lines.at(-1)).toBe('and 5 more');
  });

  it('AsyncAPI: what @asyncapi/parser refuses is located too, and its own failure is no stack trace', async () => {
    const run = await importing('asyncapi-malformed');
    const f = FIXTURE('asyncapi-malformed');
    expect(run.code).toBe(2);
    expect(run.lines).toEqual([
      `specbench: \`${f}\` is not valid AsyncAPI 3.0.0 (3 violations; nothing was imported):`,
      `${f}:10:45: "required" property type must be array (at /channels/signup/messages/m/payload/required)`,
      `${f}:10:55: "enum" property must not have fewer than 1 items (at /channels/signup/messages/m/payload/enum)`,
      `${f}:15:11: "tags" property type must be array (at /operations/op/tags)`,
    ]);
    const nul = await importing('asyncapi-null-message');
    expect(nul.code).toBe(2);
    expect(nul.err).not.toMatch(/stack|\n\s+at /);
    expect(nul.lines.slice(1)).toEqual([`${FIXTURE('asyncapi-null-message')}:4:1: the AsyncAPI parser failed on the document, most likely on a member that is \`null\` or of the wrong type (TypeError: Cannot read properties of null (reading 'schemaFormat')) (at /)`]);
  });
});

describe('F31e s11 D11: `info.version: \'\'` (valid)', () => {
  it('is said at /info/version and left open: a clean check, a valid export, a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('empty-info-version'));
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(areaOf(trip.first.analysis.spec, 'versioning').items).toEqual([]);
    expect(said(trip.first.result.unmapped)).toEqual(['/info/version the version is empty: no version is kept, and which version the document describes is left open']);
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(trip.exported.info.version).toBe('');
    expect(JSON.stringify(trip.again)).toBe(JSON.stringify(trip.exported));
  });
});

describe('F31e s11 D10: a Swagger 2.0 shared response', () => {
  it('takes the media types of the operations using it, where they agree', async () => {
    const trip = await roundTrip(FIXTURE('shared-response-produces'));
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(trip.first.result.unmapped).toEqual([]);
    expect((areaOf(trip.first.analysis.spec, 'errors').data.body as { content_type?: unknown }).content_type).toEqual(['application/json', 'application/xml']);
    expect(Object.keys(trip.exported.components.responses.NotFound.content)).toEqual(['application/json', 'application/xml']);
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(JSON.stringify(trip.again)).toBe(JSON.stringify(trip.exported));
  });

  it('is kept under `*/*` where they differ, and each operation\'s own types are said at its `$ref`', async () => {
    const trip = await roundTrip(FIXTURE('shared-response-produces-differ'));
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(said(trip.first.result.unmapped)).toEqual([
      '/paths/~1things/get/responses/404 the shared response `NotFound` is kept under `*/*` (any media type): the operations using it produce different media types, and this one produces `application/json`, `application/xml`',
      '/paths/~1text/get/responses/404 the shared response `NotFound` is kept under `*/*` (any media type): the operations using it produce different media types, and this one produces `text/plain`',
    ]);
    expect(Object.keys(trip.exported.components.responses.NotFound.content)).toEqual(['*/*']);
  });
});

describe('F31e s11 D7: an OpenAPI 3.1 schema with `$id`', () => {
  it('is imported, its `#/components/…` references read against the document (as swagger-parser\'s validate reads them), the `$id` said', async () => {
    const trip = await roundTrip(FIXTURE('schema-id'));
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(areaOf(trip.first.analysis.spec, 'resources').items.map((r) => r.id).sort()).toEqual(['Line', 'Order']);
    expect(said(trip.first.result.unmapped)).toEqual(['/components/schemas/Order JSON Schema keyword `$id` has no place in the spec']);
    expect(trip.exported.components.schemas.Order.properties.lines.items).toEqual({ $ref: '#/components/schemas/Line' });
    expect(await openApiProblems(trip.exported)).toEqual([]);
  });
});

describe('F31e s11 D9: an example that is not an allowed value', () => {
  it('is written so that it reads differently from the allowed value it resembles', async () => {
    const run = await importing('example-quoted');
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain('1 × the example is the text written in JSON `"\\"DISMISS\\""`, which is not among its allowed values ("DISMISS"); it is not kept\n');
  });
});

describe('F31e s11 D8: `specbench help import`', () => {
  it('prints the command\'s own help and exits 0, as `import --help` does; `help` alone the usage', async () => {
    const help = await specbench(['help', 'import']);
    const flag = await specbench(['import', '--help']);
    expect(help).toEqual({ code: 0, out: flag.out, err: '' });
    expect(help.out).toContain('Usage: specbench import');
    const all = await specbench(['help']);
    expect(all.code).toBe(0);
    expect(all.out).toContain('Usage: specbench <command> [options]');
    const unknown = await specbench(['help', 'imprt']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('unknown command `imprt`');
  });
});
