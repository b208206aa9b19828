import { Parser } from '@asyncapi/parser';
import { execFile } from 'node:child_process';
import { appendFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { areaOf, type Analysis } from '../../src/lib/index.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { roundTrip, type Doc } from './helpers.ts';

/**
 * Issue 31, brief F31g of session 13: the defects hostile tester T31s found (session 12,
 * /work/notes/s12/t31s/README.md), each through the real importer and exporter (and, where a user
 * would see it, the real command line). Fixtures: test/fixtures/interchange/t31s/, each headed by
 * its origin.
 */
const FIXTURE = (name: string) => `test/fixtures/interchange/t31s/${name}.yaml`;
const problems = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').map((d) => `${d.severity} ${d.code} ${d.file}: ${d.message}`);
const asyncApiProblems = async (doc: unknown) => (await new Parser().parse(JSON.stringify(doc))).diagnostics.filter((d) => d.severity === 0).map((d) => `${d.message} at ${d.path.join('.')}`);

/** The real command line, as a user runs it. */
const specbench = (args: string[]) =>
  promisify(execFile)(process.execPath, ['src/cli/launch.mjs', ...args], { env: { ...process.env, SPECBENCH_NO_BUNDLE: '1', NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );

/** What the import says, by pointer. */
const said = (trip: Awaited<ReturnType<typeof roundTrip>>) => Object.fromEntries(trip.first.result.unmapped.map((u) => [u.pointer, u.reason]));
/** An item's data in a spec. */
const item = (a: Analysis, area: string, id: string) => (a.spec.areas.find((x) => x.key === area)?.items ?? []).find((i) => i.id === id)?.data as Record<string, unknown> | undefined;
/** The response schema of the only operation of a one-path export. */
const schemaOf = (doc: Doc, method = 'get', status = '200') => doc.paths['/a'][method].responses[status].content['application/json'].schema;

describe('F31g T31s D1: an event whose security its AsyncAPI operation cannot write is said, never dropped', () => {
  it("`said` (the server's apiKey) is received by `receiveBoth` beside `say` (none kept): its security is said at the operation and not kept, so export -> import -> export and import -> export -> import are fixed points", async () => {
    const trip = await roundTrip(FIXTURE('d01-asyncapi-server-security'), 'asyncapi');
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(said(trip)['/operations/receiveBoth']).toBe('the operation `receiveBoth` also sends or receives messages with other security (or none), and an operation states one security for all its messages, so the security of the message `said` is not kept');
    expect(item(trip.first.analysis, 'events', 'said')?.security).toBeUndefined();
    expect(trip.exported.operations.receiveBoth.security).toBeUndefined();
    expect(trip.exported['x-specbench-unexported']).toBeUndefined();
    expect(await asyncApiProblems(trip.exported)).toEqual([]);
    expect(trip.again).toEqual(trip.exported);
    for (const id of ['say', 'said']) expect(item(trip.second.analysis, 'events', id)).toEqual(item(trip.first.analysis, 'events', id));
  });

  it('a spec whose event states security its operation cannot write (written by hand): the export lists it under x-specbench-unexported and on stderr', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'specbench-f31g-')), 'spec');
    expect((await specbench(['import', FIXTURE('d01-asyncapi-server-security'), '--spec', dir])).code).toBe(0);
    await appendFile(join(dir, 'events/said.yaml'), 'security:\n  - scheme: apiKey\n');
    const run = await specbench(['export', 'asyncapi', '--spec', dir]);
    expect(run.code).toBe(0);
    expect(run.err).toContain('events/said/security: the operation `receiveBoth` also receives events with other security (or none), and AsyncAPI states security once for an operation, so it is not written there');
    const doc = JSON.parse(run.out) as Doc;
    expect(doc.operations.receiveBoth.security).toBeUndefined();
    expect(doc['x-specbench-unexported']).toContainEqual({ id: 'events/said/security', reason: expect.stringContaining('`receiveBoth`') });
  });
});

describe('F31g T31s D17: Swagger 2.0 `host` without `schemes` invents no `http://`', () => {
  it('no server and no base address are claimed; the host, its base path and why are said at `/host`; the export is valid and a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('d17-swagger-host-without-schemes'));
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(said(trip)['/host']).toBe('the document states no `schemes`, and Swagger 2.0 then takes the scheme the document itself is read by, which the file does not say, so no server is kept for the host `api.example.com:8443` (base path `/`), and the base address is left open');
    const purpose = areaOf(trip.first.analysis.spec, 'purpose').data;
    expect(purpose.servers).toBeUndefined();
    expect(purpose.base_url).toBe('{base_url}');
    expect(JSON.stringify(trip.exported)).not.toContain('http://');
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(trip.again).toEqual(trip.exported);
  });
});

describe('F31g T31s D10: OpenAPI 3.1 `enum: []` is said, never exported as any value without a word', () => {
  it('`never: {enum: []}` and `closed: {type: string, enum: []}`: each `enum` said at its pointer; export valid and a fixed point, the spec the same after it', async () => {
    const trip = await roundTrip(FIXTURE('d10-enum-empty-31'));
    expect(problems(trip.first.analysis)).toEqual([]);
    const at = '/paths/~1a/get/responses/200/content/application~1json/schema/properties';
    expect(said(trip)[`${at}/never/enum`]).toBe('`enum: []` allows no value; the spec cannot say a schema that allows nothing, so it is not kept (its value is left open)');
    expect(said(trip)[`${at}/closed/enum`]).toBe(said(trip)[`${at}/never/enum`]);
    expect(schemaOf(trip.exported).properties).toEqual({ never: {}, closed: { type: 'string' } });
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(trip.again).toEqual(trip.exported);
    expect(item(trip.second.analysis, 'endpoints', 'getA')).toEqual(item(trip.first.analysis, 'endpoints', 'getA'));
  });
});

describe('F31g T31s D12: OpenAPI 3.1 boolean schema components', () => {
  it('`Any: true` is read as `{}` (any value), `Never: false` said at its component; export valid and a fixed point, the spec the same after it', async () => {
    const trip = await roundTrip(FIXTURE('d12-boolean-schema-components'));
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(said(trip)['/components/schemas/Never']).toBe('the schema `false` allows no value; the spec cannot say a schema that allows nothing, so it is not kept (its value is left open)');
    expect(said(trip)['/components/schemas/Any']).toBeUndefined();
    expect(item(trip.first.analysis, 'resources', 'Any')).toEqual({ value: { type: { open: 'The source gives no type.' } } });
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(trip.again).toEqual(trip.exported);
    for (const id of ['Any', 'Never', 'Base']) expect(item(trip.second.analysis, 'resources', id)).toEqual(item(trip.first.analysis, 'resources', id));
  });
});

describe('F31g T31s D14: boolean members of unions', () => {
  it('`anyOf: [false, integer]` is exported as integers only (the `false` member said, left out); `allOf: [true, string]` as the string; a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('d14-boolean-members-of-unions'));
    expect(problems(trip.first.analysis)).toEqual([]);
    const at = '/paths/~1a/get/responses/200/content/application~1json/schema/properties';
    expect(said(trip)[`${at}/u2/anyOf/0`]).toBe('a `false` member of anyOf allows no value, so it is never the one a value matches: the union is the same without it, and it is left out');
    expect(schemaOf(trip.exported).properties).toEqual({ u2: { anyOf: [{ type: 'integer' }] }, a1: { allOf: [{ type: 'string', maxLength: 2 }] } });
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(trip.again).toEqual(trip.exported);
    expect(item(trip.second.analysis, 'endpoints', 'getA')).toEqual(item(trip.first.analysis, 'endpoints', 'getA'));
  });
});

describe('F31g T31s D13: `items` beside `prefixItems` is not widened to every element', () => {
  it('`{type: array, prefixItems: [string], items: integer}`: `items` said and not kept, so the export claims no element an integer', async () => {
    const trip = await roundTrip(FIXTURE('d13-prefixitems-items'));
    expect(problems(trip.first.analysis)).toEqual([]);
    const at = '/paths/~1a/post/requestBody/content/application~1json/schema';
    expect(said(trip)[`${at}/items`]).toContain('`items` beside `prefixItems` holds only for the elements past those `prefixItems` states');
    expect(said(trip)[at]).toBe('JSON Schema keyword `prefixItems` has no place in the spec');
    expect(trip.exported.paths['/a'].post.requestBody.content['application/json'].schema).toEqual({ type: 'array' });
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(trip.again).toEqual(trip.exported);
  });
});

describe('F31g T31s D2: `<sup>` and `<sub>` keep their meaning, never run into the words before them', () => {
  it('`10<sup>6</sup>`, `mc<sup>2</sup>`, `x<sub>12</sub>` become `10⁶`, `mc²`, `x₁₂`, in the spec and the export', async () => {
    const trip = await roundTrip(FIXTURE('d02-sup-sub-digits'));
    expect(problems(trip.first.analysis)).toEqual([]);
    const text = 'At most 10⁶ requests per day; E = mc²; x₁₂ is an index.';
    expect(item(trip.first.analysis, 'endpoints', 'getA')?.description).toBe(text);
    expect(trip.exported.paths['/a'].get.description).toBe(text);
    expect(trip.again).toEqual(trip.exported);
  });

  it('an ordinal ending as written, a power of letters, of several characters, a subscript letter, a linked mark, an empty one', async () => {
    const trip = await roundTrip(FIXTURE('d02-sup-sub-more'));
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(item(trip.first.analysis, 'endpoints', 'getA')?.description).toBe('The 2nd call; 2ⁿ tries; x^(n+k); x_i; H₂O; see^([1](https://example.com/n)); bc');
    expect(trip.again).toEqual(trip.exported);
  });
});

describe('F31g T31s D4: a cycle of bare `$ref`s is read as written', () => {
  it('`A: {$ref: B}`, `B: {$ref: A}`, a response of `A`: the response keeps `A`, each resource is the other, check clean; export valid and a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('d04-ref-cycle'));
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(item(trip.first.analysis, 'resources', 'A')).toEqual({ value: { type: 'B' } });
    expect(item(trip.first.analysis, 'resources', 'B')).toEqual({ value: { type: 'A' } });
    expect(trip.exported.paths['/a'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/A' });
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(trip.again).toEqual(trip.exported);
  });
});

describe('F31g T31s D11: `$ref` to a JSON Schema 2020-12 `$anchor` is followed', () => {
  it('`owner: {$ref: "#node"}` with `$anchor: node` on `Person`: `owner` is a `Person`, nothing said of a reference that does not resolve', async () => {
    const trip = await roundTrip(FIXTURE('d11-anchor-ref'));
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(Object.keys(said(trip))).toEqual(['/components/schemas/Person']);
    expect(schemaOf(trip.exported).properties.owner).toEqual({ $ref: '#/components/schemas/Person' });
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(trip.again).toEqual(trip.exported);
  });
});

describe('F31g T31s D3: Swagger 2.0 response without `produces`: its one schema under every media type its `examples` name', () => {
  it('`text/plain` gets the response schema, and its text example is said as the body written as text, as with `produces`', async () => {
    const trip = await roundTrip(FIXTURE('d03-swagger-examples-without-produces'));
    expect(problems(trip.first.analysis)).toEqual([]);
    const content = trip.exported.paths['/nop'].get.responses['200'].content;
    expect(Object.keys(content)).toEqual(['application/json', 'text/plain']);
    expect(content['text/plain'].schema).toEqual(content['application/json'].schema);
    expect(content['text/plain'].example).toBeUndefined();
    expect(said(trip)['/paths/~1nop/get/responses/200/examples/text~1plain']).toBe("the example is the body as `text/plain` writes it, text (`x=1`), which the spec does not read: its examples are values of the body's shape, which `check` checks; it is not kept");
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(trip.again).toEqual(trip.exported);
  });
});

describe('F31g T31s D18: Swagger 2.0 form fields without `consumes` state a form, not which form type', () => {
  it('both form media types are kept (as a body without a type is `*/*`), in the spec and the export', async () => {
    const trip = await roundTrip(FIXTURE('d18-swagger-formdata-without-consumes'));
    expect(problems(trip.first.analysis)).toEqual([]);
    expect((item(trip.first.analysis, 'endpoints', 'postForm')?.request as { content_type: unknown }).content_type).toEqual(['multipart/form-data', 'application/x-www-form-urlencoded']);
    expect(Object.keys(trip.exported.paths['/form'].post.requestBody.content)).toEqual(['multipart/form-data', 'application/x-www-form-urlencoded']);
    expect(Object.keys(trip.exported.paths['/body'].post.requestBody.content)).toEqual(['*/*']);
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(trip.again).toEqual(trip.exported);
  });
});

describe('F31g T31s D19: a named example the schema does not allow is said and not kept, as the unnamed one is', () => {
  it('OpenAPI: `examples: {good: {n: 3}, bad: {n: three}}` keeps `good` only, `bad` said at it (its value, and its summary with it)', async () => {
    const trip = await roundTrip(FIXTURE('d19-named-example-not-checked'));
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(said(trip)).toEqual({ '/paths/~1a/get/responses/200/content/application~1json/examples/bad': 'the example, at `n`, is the text `three`, not an integer; it is not kept' });
    expect(schemaOf(trip.exported).properties).toEqual({ n: { type: 'integer' } });
    expect(Object.keys(trip.exported.paths['/a'].get.responses['200'].content['application/json'].examples)).toEqual(['good']);
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(trip.again).toEqual(trip.exported);
  });

  it('AsyncAPI: the named example `bad` is said and not kept, as the unnamed one; no word about the place of an example that is not there', async () => {
    const trip = await roundTrip(FIXTURE('d19-asyncapi-named-example'), 'asyncapi');
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(said(trip)).toEqual({
      '/channels/c/messages/m/examples/0': 'the example, at `n`, is the text `three`, not an integer; it is not kept',
      '/channels/c/messages/m/examples/1': 'the example, at `n`, is the text `four`, not an integer; it is not kept',
    });
    expect(await asyncApiProblems(trip.exported)).toEqual([]);
    expect(trip.again).toEqual(trip.exported);
  });
});

describe('F31g T31s D15: blocks in an HTML table cell keep their words apart, and the table stays a table', () => {
  it('paragraphs apart by a blank, list items by a semicolon: every row one line', async () => {
    const trip = await roundTrip(FIXTURE('d15-html-table-cell-blocks'));
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(item(trip.first.analysis, 'endpoints', 'getA')?.description).toBe('| A | one two |\n| - | - |\n| x; y | z |');
    expect(trip.again).toEqual(trip.exported);
  });

  it('a line break and preformatted text in a cell: a blank, and code on the one line', async () => {
    const trip = await roundTrip(FIXTURE('d15-html-table-cell-pre'));
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(item(trip.first.analysis, 'endpoints', 'getA')?.description).toBe('| k | v |\n| - | - |\n| a b | `x\\n y` |\n| `c\\|d` | e |');
    expect(trip.again).toEqual(trip.exported);
  });
});

describe('F31g T31s D5: a description beside a response `$ref` (3.1) is the use\'s, not the component\'s', () => {
  it('the error keeps the component\'s own words; the operation that overrides keeps its override; a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('d05-ref-description-override'));
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(item(trip.first.analysis, 'errors', 'Problem')).toEqual({ title: 'a problem', status: 404 });
    expect((item(trip.first.analysis, 'endpoints', 'getA')?.responses as Record<string, unknown>)['404']).toEqual({ error: 'Problem', description: 'a client error (override)' });
    expect((item(trip.first.analysis, 'endpoints', 'getB')?.responses as Record<string, unknown>)['404']).toEqual({ error: 'Problem' });
    expect(trip.exported.components.responses.Problem.description).toBe('a problem');
    expect(trip.exported.paths['/a'].get.responses['404'].description).toBe('a client error (override)');
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(trip.again).toEqual(trip.exported);
  });
});

describe('F31g T31s D6: an AsyncAPI 2.x message component whose key is not kept is said, as for 3.0', () => {
  it('`components.messages.Celsius` with `name: celsius`: said at the component', async () => {
    const trip = await roundTrip(FIXTURE('d06-asyncapi2-component-key'), 'asyncapi');
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(said(trip)).toEqual({ '/components/messages/Celsius': "the message component's key `Celsius` is not kept: the event's id is `celsius` (its `name`), and an export keys the message component by that id" });
    expect(Object.keys(trip.exported.components.messages)).toEqual(['celsius']);
    expect(await asyncApiProblems(trip.exported)).toEqual([]);
    expect(trip.again).toEqual(trip.exported);
  });
});

describe('F31g T31s D7, D20: refusals that quote the file as written, with no runtime warning', () => {
  const refusal = async (name: string) => {
    const run = await specbench(['import', FIXTURE(name), '--spec', join(await mkdtemp(join(tmpdir(), 'specbench-f31g-')), 'spec')]);
    expect(run.code).toBe(2);
    return run.err;
  };

  it('D7: `version: 1.0` is quoted as written, and the advice keeps it (`"1.0"`, not `"1"`)', async () => {
    expect(await refusal('d07-numeric-version')).toBe(`specbench: ${FIXTURE('d07-numeric-version')}:6:27: \`info.version\` is written \`1.0\`, which reads as the number 1, not a text: write the version in quotes (\`version: "1.0"\`)\n`);
  });

  it('D20: a key that is a list is refused where written, and the YAML library prints no warning of its own', async () => {
    const err = await refusal('d20-yaml-complex-key');
    expect(err).toContain(`${FIXTURE('d20-yaml-complex-key')}:12:9: \`responses\` has the member \`[ a, b ]\`, which is not allowed there`);
    expect(err).not.toMatch(/Warning|trace-warnings/);
  });

  it('D20: `!!binary` is called binary data, not a mapping', async () => {
    expect(await refusal('d20-yaml-binary')).toContain('`description` is binary data (`!!binary`, 5 bytes); it must be a text');
  });
});

describe('F31g T31s D8: an allowed value past 2^53 is named as written', () => {
  it('`enum: [1, 9007199254740993]`: the reason names 9007199254740993 and the double it reads as', async () => {
    const trip = await roundTrip(FIXTURE('d08-bigint-enum-reason'));
    expect(said(trip)['/paths/~1a/get/responses/200/content/application~1json/schema/enum']).toBe('allowed values that cannot be kept as written (`9007199254740993` is a whole number past 2^53, read as the nearest double (9007199254740992), so its digits as written may not be kept) are not kept');
  });
});

describe('F31g T31s D9, D16: HTML a page shows that Markdown cannot write', () => {
  it('D9: a table\'s caption is a paragraph before the table, an abbreviation\'s expansion follows it in parentheses', async () => {
    const trip = await roundTrip(FIXTURE('d09-html-caption-abbr'));
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(item(trip.first.analysis, 'endpoints', 'getA')?.description).toBe('Table caption words\n\n| |\n| - |\n| a |\n\nUse JSON (JavaScript Object Notation).');
    expect(said(trip)).toEqual({});
    expect(trip.again).toEqual(trip.exported);
  });

  it('D16: an item\'s own number (`<li value="10">`) a Markdown list cannot show is said at the description', async () => {
    const trip = await roundTrip(FIXTURE('d16-html-list-numbers'));
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(said(trip)).toEqual({ '/paths/~1a/get/description': 'the HTML element `<li value="10">` is not kept, as a spec\'s prose holds no markup; the words a page shows of it are kept in its place in the text, as plain words' });
    expect(trip.again).toEqual(trip.exported);
  });
});
