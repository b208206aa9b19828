import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { areaOf, type Analysis } from '../../src/lib/index.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { roundTrip } from './helpers.ts';

/**
 * Issue 31, brief F31f of session 12: an OpenAPI 3.1 document's Schema Objects are checked against
 * JSON Schema 2020-12 with OpenAPI's base vocabulary (the OAI's schema-base) and refused where
 * written; tester t31r's D6 (a pointer into an annotating `allOf` member), D12 (a name written
 * exactly keeps it), D13 (AsyncAPI refusals located) and D14 (sizes of long texts as a range in the
 * summary). Through the real command line, importer and exporter. Fixtures: test/fixtures/interchange/f31f/.
 */
const FIXTURE = (name: string) => `test/fixtures/interchange/f31f/${name}.yaml`;
const problems = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').map((d) => `${d.severity} ${d.code} ${d.file}: ${d.message}`);

/** The real command line, as a user runs it. */
const specbench = (args: string[]) =>
  promisify(execFile)(process.execPath, ['src/cli/launch.mjs', ...args], { env: { ...process.env, SPECBENCH_NO_BUNDLE: '1', NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );

async function importing(name: string, extra: string[] = []) {
  const run = await specbench(['import', FIXTURE(name), '--spec', join(await mkdtemp(join(tmpdir(), 'specbench-f31f-')), 'spec'), ...extra]);
  return { ...run, lines: run.err.trimEnd().split('\n') };
}

/** The value at a JSON pointer of a document, or undefined where the document has no such place. */
function at(doc: unknown, pointer: string): unknown {
  let value = doc;
  for (const key of pointer.split('/').slice(1).map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))) {
    if (value === null || typeof value !== 'object' || !(key in value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

describe('F31f task 2: OpenAPI 3.1 Schema Objects are checked as written', () => {
  it('`required: id`, `type: 5`, `properties` as a list, `items` as a text, `minLength: -1` at depth and a `discriminator` without `propertyName` are each refused at their line', async () => {
    const f = FIXTURE('s12-openapi31-bad-schemas');
    const run = await importing('s12-openapi31-bad-schemas');
    expect(run.code).toBe(2);
    expect(run.out).toBe('');
    expect(run.lines).toEqual([
      `specbench: \`${f}\` is not a valid OpenAPI 3.1.0 document (6 violations of its official schema; nothing was imported):`,
      `${f}:18:27: \`required\` is the text \`"id"\`; it must be a list (at /paths/~1things/get/responses/200/content/application~1json/schema/required)`,
      `${f}:25:13: \`type\` is the integer 5; it must be one of \`"array"\`, \`"boolean"\`, \`"integer"\`, \`"null"\`, \`"number"\`, \`"object"\`, \`"string"\` or a list (at /components/schemas/Typed/type)`,
      `${f}:28:9: \`properties\` is a list; it must be a mapping (at /components/schemas/Listed/properties)`,
      `${f}:32:14: \`items\` is the text \`"string"\`; it must be a mapping or \`true\` or \`false\` (at /components/schemas/Items/items)`,
      `${f}:38:26: \`minLength\` is the integer -1; it must be at least 0 (at /components/schemas/Deep/properties/inner/properties/x/minLength)`,
      `${f}:40:22: \`discriminator\` lacks the member \`propertyName\`, which it must state (at /components/schemas/Disc/discriminator)`,
    ]);
  });

  it('a valid 3.1 document using the base vocabulary (`discriminator`, `xml`, `externalDocs`, `example`) and 2020-12 keywords still imports, checks clean and exports valid', async () => {
    const trip = await roundTrip(FIXTURE('s12-openapi31-good-schemas'));
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(areaOf(trip.first.analysis.spec, 'resources').items.map((r) => r.id).sort()).toEqual(['Cat', 'Pet']);
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(trip.again).toEqual(trip.exported);
  });
});

describe('F31f t31r D6: what is said of a keyword an annotating `allOf` member wrote points into that member', () => {
  it('the example of `allOf: [$ref, {description}, {example}]` is said at `allOf/2/example`, a place the file has', async () => {
    const run = await importing('r06-pointer-not-in-file', ['--force', '--format', 'json']);
    expect(run.code).toBe(0);
    const unmapped = (JSON.parse(run.out) as { unmapped: Array<{ pointer: string; reason: string }> }).unmapped;
    expect(unmapped.map((u) => u.pointer)).toEqual(['/components/schemas/Collab/properties/created_by/allOf/2/example']);
    const source = parse(await readFile(FIXTURE('r06-pointer-not-in-file'), 'utf8')) as unknown;
    for (const u of unmapped) expect(at(source, u.pointer), u.pointer).not.toBeUndefined();
  });
});

describe('F31f t31r D12: a name the source writes exactly keeps it; only the name that must change is renamed', () => {
  it('schemas `Café`, `Cafe`, `Cafe-2`: `Cafe` and `Cafe-2` keep their names, `Café` alone takes `Cafe-3`, and the export means by each name what the source did', async () => {
    const trip = await roundTrip(FIXTURE('r10-cafe-names'));
    expect(problems(trip.first.analysis)).toEqual([]);
    const fields = Object.fromEntries(areaOf(trip.first.analysis.spec, 'resources').items.map((r) => [r.id, Object.keys(r.data.fields as object)]));
    expect(fields).toEqual({ Cafe: ['y'], 'Cafe-2': ['z'], 'Cafe-3': ['x'] });
    const schemas = trip.exported.components.schemas as Record<string, { properties: object }>;
    expect(Object.fromEntries(Object.entries(schemas).map(([k, v]) => [k, Object.keys(v.properties)]))).toEqual({ Cafe: ['y'], 'Cafe-2': ['z'], 'Cafe-3': ['x'] });
    expect(trip.first.result.unmapped.filter((u) => u.pointer.startsWith('/components/schemas/')).map((u) => u.pointer)).toEqual(['/components/schemas/Café']);
    // The operationIds: `listCafe` and `listCafe-2` keep theirs.
    expect(areaOf(trip.first.analysis.spec, 'endpoints').items.map((e) => `${e.id} ${String(e.data.path)}`).sort()).toEqual(['listCafe /b', 'listCafe-2 /c', 'listCafe-3 /a']);
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(trip.again).toEqual(trip.exported);
  });
});

describe('F31f t31r D13: an invalid AsyncAPI document is refused at file:line:col', () => {
  it('a `null` payload and a `$ref` to a missing channel or message are each located', async () => {
    const one = await importing('d13-x01', ['--force']);
    expect(one.code).toBe(2);
    expect(one.lines).toEqual([
      `specbench: \`${FIXTURE('d13-x01')}\` is not valid AsyncAPI 3.0.0 (2 violations; nothing was imported):`,
      `${FIXTURE('d13-x01')}:6:43: "payload" property type must be object,boolean (at /channels/c/messages/m/payload)`,
      `${FIXTURE('d13-x01')}:8:37: '#/channels/nope' does not exist (at /operations/o/channel/$ref)`,
    ]);
    const three = await importing('d13-x03', ['--force']);
    expect(three.code).toBe(2);
    expect(three.lines.slice(1).every((l) => l.startsWith(`${FIXTURE('d13-x03')}:`) && /^[^:]+:\d+:\d+: /.test(l))).toBe(true);
  });
});

describe('F31f t31r D14: the merged reason of long texts is readable', () => {
  it('examples that are long texts of several sizes: one `…` and the range of their sizes, no run of brackets', async () => {
    const run = await importing('d14-long-examples', ['--force']);
    expect(run.code).toBe(0);
    expect(run.out).toContain('  5 × the example is the text … (130–260 characters), not an object; it is not kept\n');
    expect(run.out).not.toMatch(/characters\), \(/);
  });
});
