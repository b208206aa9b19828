import { execFile } from 'node:child_process';
import { Parser } from '@asyncapi/parser';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { areaOf, exported, type Analysis } from '../../src/lib/index.ts';
import { yamlText } from '../../src/lib/interchange/yaml-text.ts';
import { completeWith } from '../helpers.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { importToSpec, roundTrip, type Doc } from './helpers.ts';
import { compare, inventory } from './inventory.ts';

/**
 * The defects of the independent tester t31f that its first round of fixes left open: YAML 1.1
 * readers, header names in other letter case, a discriminator beside `properties` and `oneOf`, an
 * AsyncAPI security scheme the spec lacks, AsyncAPI 3 operation tags, HTML elements the converter
 * does not map, `const`, and `nullable: false` in an allOf part. Each reproduction goes through the
 * real reader, importer and exporter.
 */
const REPRO = (n: string) => `test/fixtures/interchange/t31g/repro-${n}.yaml`;

async function asyncApiProblems(doc: unknown): Promise<string[]> {
  return (await new Parser().parse(JSON.stringify(doc))).diagnostics.filter((d) => d.severity === 0).map((d) => `${d.message} at ${d.path.join('.')}`);
}

/** What the official validators find wrong with an export. */
const invalid = (doc: Doc, kind: 'openapi' | 'asyncapi') => (kind === 'openapi' ? openApiProblems(doc) : asyncApiProblems(doc));
const problems = (a: Analysis) => a.diagnostics.map((d) => `${d.severity} ${d.code} ${d.file}: ${d.message}`);
const errors = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.file}: ${d.message}`);

/** What PyYAML, a YAML 1.1 reader (Python's code generators read with it), reads from a text, as JSON with each value's Python type. */
function pyYaml(text: string): Promise<unknown> {
  const script = 'import sys, json, yaml\nd = yaml.safe_load(sys.stdin.read())\ndef t(v):\n  if isinstance(v, dict): return {str(k) + ":" + type(k).__name__: t(x) for k, x in v.items()}\n  if isinstance(v, list): return [t(x) for x in v]\n  return [type(v).__name__, str(v)]\nprint(json.dumps(t(d)))';
  return new Promise((resolve, reject) => {
    const child = execFile('python3', ['-c', script], (error, stdout, stderr) => (error ? reject(new Error(`python3 with PyYAML (Debian: python3-yaml): ${stderr || error.message}`)) : resolve(JSON.parse(stdout))));
    child.stdin?.end(text);
  });
}

describe('issue 31, t31g: the exported YAML reads the same in YAML 1.1', () => {
  it('09. strings a YAML 1.1 reader would take for booleans, numbers, dates or null are written quoted', async () => {
    const { analysis } = await importToSpec(REPRO('09'));
    const { text } = exported(analysis, 'openapi', 'yaml');
    const strings = ['yes', 'no', 'on', 'off', '1_000', '2020-01-01'];
    // The yaml package reading as YAML 1.1 (its yaml-1.1 schema: booleans, sexagesimals, timestamps...).
    expect(parse(text, { version: '1.1' }).components.schemas.Flag).toEqual({ type: 'string', enum: strings, default: 'off' });
    // A real YAML 1.1 reader.
    const py = (await pyYaml(text)) as Record<string, Record<string, Record<string, Record<string, unknown>>>>;
    expect(py['components:str']?.['schemas:str']?.['Flag:str']).toEqual({ 'type:str': ['str', 'string'], 'enum:str': strings.map((s) => ['str', s]), 'default:str': ['str', 'off'] });
  });

  it('09b. every plain scalar YAML 1.1 resolves to another type, as a value and as a key, stays a string for PyYAML and YAML 1.1', async () => {
    const tricky = ['y', 'n', 'Y', 'N', 'True', 'ON', 'No', '0o17', '017', '0x1F', '0b101', '1:20', '190:20:30.15', '2001-12-14t21:59:43.10-05:00', '2020-01-01T00:00:00Z', '~', 'Null', '<<', '=', '.inf', '-.Inf', '.NaN', '1e3', '+1', '1_0.5', '12:30'];
    // The writer of the export's YAML, given a document holding these as values and as keys.
    const doc = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, 'x-values': tricky, 'x-keys': Object.fromEntries(tricky.map((k) => [k, 1])) };
    const text = yamlText(doc);
    expect(parse(text, { version: '1.1' })).toEqual(doc);
    const py = (await pyYaml(text)) as Record<string, unknown>;
    expect(py['x-values:str']).toEqual(tricky.map((s) => ['str', s]));
    expect(Object.keys(py['x-keys:str'] as object)).toEqual(tricky.map((k) => `${k}:str`));
  });
});

describe('issue 31, t31g: one HTTP header written twice in other letter case', () => {
  it('10. the import keeps the first of `X-Id`/`x-id` and `ETag`/`etag`, says the second at its pointer; checks clean; a fixed point', async () => {
    const { first, exported: e1, again } = await roundTrip(REPRO('10'));
    expect(errors(first.analysis)).toEqual([]);
    expect(first.result.unmapped).toEqual([
      { pointer: '/paths/~1pets/get/parameters/1', reason: expect.stringContaining('`x-id` is `X-Id` written again (HTTP header names are case-insensitive)') },
      { pointer: '/paths/~1pets/get/responses/200/headers/etag', reason: expect.stringContaining('`etag` is `ETag` written again') },
    ]);
    expect(e1.paths['/pets'].get.parameters).toEqual([{ name: 'X-Id', in: 'header', schema: { type: 'string' } }]);
    expect(Object.keys(e1.paths['/pets'].get.responses['200'].headers)).toEqual(['ETag']);
    expect(await openApiProblems(e1)).toEqual([]);
    expect(JSON.stringify(again)).toBe(JSON.stringify(e1));
  });

  it('10b. a path item’s header replaced by the operation’s own in another letter case is said at the path item’s', async () => {
    const { result, analysis } = await importToSpec('test/fixtures/interchange/t31g/headers-override.yaml');
    expect(errors(analysis)).toEqual([]);
    expect(result.unmapped).toEqual([{ pointer: '/paths/~1pets/parameters/0', reason: expect.stringContaining("the operation's own replaces it") }]);
    expect(Object.keys((areaOf(analysis.spec, 'endpoints').items[0]?.data.parameters as { header?: object } | undefined)?.header ?? {})).toEqual(['x-request-id']);
  });

  it('10c. check reports header parameters and response headers that differ only in letter case, located; query names (case-sensitive) do not', async () => {
    const analysis = await completeWith({
      'endpoints/get-pet-headers.yaml': [
        'method: GET',
        'path: /pet-headers',
        'parameters:',
        '  header:',
        '    X-Id: { type: string }',
        '    x-id: { type: integer }',
        '  query:',
        '    q: { type: string }',
        '    Q: { type: string }',
        'responses:',
        '  "200":',
        '    none: nothing',
        '  "204":',
        '    headers:',
        '      ETag: { type: string }',
        '      etag: { type: integer }',
      ].join('\n'),
    });
    const found = analysis.diagnostics.filter((d) => d.code === 'duplicate-facet').map((d) => ({ file: d.file, line: d.line, column: d.column, severity: d.severity, message: d.message }));
    expect(found).toEqual([
      { file: 'endpoints/get-pet-headers.yaml', line: 6, column: 11, severity: 'error', message: expect.stringContaining('The header parameter `x-id` is also written as `X-Id`: HTTP header names are case-insensitive') },
      { file: 'endpoints/get-pet-headers.yaml', line: 16, column: 13, severity: 'error', message: expect.stringContaining('The header of response 204 `etag` is also written as `ETag`') },
    ]);
  });
});

describe('issue 31, t31g: AsyncAPI security of a scheme type the spec lacks', () => {
  it('11. the scheme is said and not kept as an open question the export cannot write; the X509 alternative is exported; a fixed point', async () => {
    const { first, exported: e1, second, again } = await roundTrip('test/fixtures/interchange/t31f/repro-11.yaml', 'asyncapi');
    expect(errors(first.analysis)).toEqual([]);
    expect(first.result.unmapped).toContainEqual({ pointer: '/components/securitySchemes/sym', reason: expect.stringContaining('`symmetricEncryption` has no equivalent in the spec: the scheme is not kept') });
    expect(areaOf(first.analysis.spec, 'authentication').items.map((i) => i.id)).toEqual(['cert']);
    expect(e1.operations.onTick.security).toEqual([{ $ref: '#/components/securitySchemes/cert' }]);
    expect(await asyncApiProblems(e1)).toEqual([]);
    expect(areaOf(second.analysis.spec, 'authentication').items.map((i) => i.id)).toEqual(['cert']);
    expect(JSON.stringify(again)).toBe(JSON.stringify(e1));
  });
});

describe.each([
  ['repro-03.yaml', 'openapi'],
  ['repro-05.yaml', 'openapi'],
  ['html-elements.yaml', 'openapi'],
  ['const.yaml', 'openapi'],
  ['operation-traits.yaml', 'asyncapi'],
  ['nullable-false.yaml', 'openapi'],
] as const)('t31g/%s', (name, kind) => {
  it('imports with a clean check, exports a valid document, is a fixed point, and nothing is lost without a word or invented', async () => {
    const { first, exported: e1, second, again } = await roundTrip(`test/fixtures/interchange/t31g/${name}`, kind);
    // Hints aside: a resource nothing refers to is one (the documents are minimal).
    expect(problems(first.analysis).filter((p) => !p.startsWith('hint'))).toEqual([]);
    expect(await invalid(e1, kind)).toEqual([]);
    expect(JSON.stringify(again)).toBe(JSON.stringify(e1));
    expect(second.result.unmapped).toEqual([]);
    const { lost, invented } = compare(inventory(first.raw), inventory(e1), first.result.unmapped);
    expect({ lost, invented }).toEqual({ lost: [], invented: [] });
  });
});

describe('issue 31, t31g: `properties`, `oneOf` and `discriminator` side by side', () => {
  it('03. the discriminator is the union’s (check clean: the field is every variant’s through the object part), exported where the source has it', async () => {
    const { first, exported: e1 } = await roundTrip(REPRO('03'));
    expect(problems(first.analysis)).toEqual([expect.stringContaining('hint unused-item')]);
    expect(first.result.unmapped).toEqual([]);
    const pet = areaOf(first.analysis.spec, 'resources').items.find((r) => r.id === 'Pet')?.data.value as Doc;
    expect(pet.discriminator).toBeUndefined();
    expect(pet.of[1]).toEqual({ type: 'one_of', of: ['Dog', 'Cat'], discriminator: { field: 'petType', mapping: { dog: 'Dog', cat: 'Cat' } } });
    expect(e1.components.schemas.Pet).toEqual({
      type: 'object',
      properties: { petType: { type: 'string' } },
      required: ['petType'],
      oneOf: [{ $ref: '#/components/schemas/Dog' }, { $ref: '#/components/schemas/Cat' }],
      discriminator: { propertyName: 'petType', mapping: { dog: '#/components/schemas/Dog', cat: '#/components/schemas/Cat' } },
    });
  });

  it('03b. written by hand, a union in an all_of whose object part lacks the field still has the field check warns of', async () => {
    const analysis = await completeWith({
      'resources/Pet.yaml': [
        'value:',
        '  type: all_of',
        '  of:',
        '    - { type: object, fields: { name: { type: string, required: true } } }',
        '    - type: one_of',
        '      of: [Card, BankTransfer]',
        '      discriminator: { field: petType }',
      ].join('\n'),
    });
    expect(analysis.diagnostics.filter((d) => d.code === 'discriminator-field').map((d) => d.message).sort()).toEqual([
      expect.stringContaining('`BankTransfer` has no such field'),
      expect.stringContaining('`Card` has no such field'),
    ]);
  });
});

describe('issue 31, t31g: HTML elements the converter does not map', () => {
  it('05. `<iframe src="https://…"></iframe>Then click.`: the element said at its pointer, the words kept, a fixed point', async () => {
    const { first, exported: e1, again } = await roundTrip(REPRO('05'));
    expect(first.result.unmapped).toEqual([{ pointer: '/info/description', reason: 'the HTML element `<iframe src="https://a.example.com">` is not kept, as a spec\'s prose holds no markup; the words a page shows of it are kept in its place in the text, as plain words' }]);
    expect(e1.info.description).toBe('Then click.');
    expect(JSON.stringify(again)).toBe(JSON.stringify(e1));
  });

  it('05b. scripts, styles, plugins, forms and frames in descriptions, titles and summaries: each said where written, the words a page shows kept, tags named in words kept as words', async () => {
    const { first, exported: e1 } = await roundTrip('test/fixtures/interchange/t31g/html-elements.yaml');
    const said = first.result.unmapped.map((u) => `${u.pointer} ${/`(<[^`]*>)`/.exec(u.reason)?.[1] ?? u.reason}`);
    expect(said).toEqual([
      '/info/description <script>',
      '/info/description <style>',
      '/info/description <object data="https://x.example.com/a.swf">',
      '/info/description <embed src="https://e.example.com/x">',
      '/info/description <form action="https://f.example.com/login">',
      '/info/description <label>',
      '/info/description <input name="n">',
      '/info/description <button>',
      '/paths/~1a/get/description <video src="https://v.example.com/v.mp4">',
    ]);
    // A form is a block of a page of its own (t3132g #5): its words are a paragraph of their own.
    expect(e1.info.description).toBe('Read this.\n\nFallback words. Then done.\n\nName Send\n\nThe \\<title> of the page, and \\<script> tags named in words, stay.');
    // A summary is plain text (t32r N9): its characters kept as written, shown as text by pages.
    expect(e1.paths['/a'].get.summary).toBe('Get <iframe src="https://a.example.com/frame"></iframe>things');
    // A tag-like word with an address, written back escaped, is read back as the same words (no address made of it).
    // A video's words are a box's, apart from the words after it (t3132g #5).
    expect(e1.paths['/a'].get.description).toBe('A video of it. \\<foo href="https\\://a.example.com">\\</foo>Then click.');
    // No live markup in prose: every such tag left is escaped words (a summary is plain text).
    expect(JSON.stringify(e1, (k, v: unknown) => (k === 'summary' ? undefined : v))).not.toMatch(/(?<!\\)<(script|iframe|object|embed|form|input|style|video)\b/i);
  });
});

describe('issue 31, t31g: OpenAPI 3.1 `const`', () => {
  it('07. `const` comes back as `const` in the 3.1 export, in schemas and parameters', async () => {
    const { first, exported: e1 } = await roundTrip('test/fixtures/interchange/t31g/const.yaml');
    expect(first.result.unmapped).toEqual([]);
    expect(e1.components.schemas.Thing.properties).toEqual({ object: { type: 'string', const: 'thing' }, version: { type: 'integer', const: 2 }, flags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } } });
    expect(e1.paths['/things'].get.parameters[0].schema).toEqual({ type: 'string', const: 'thing' });
  });
});

describe('issue 31, t31g: AsyncAPI 3 operation tags and traits', () => {
  it('08. an operation trait’s summary and tags, and an operation’s own tags, are the operation’s, exported back; the trait’s bindings are said', async () => {
    const { first, exported: e1 } = await roundTrip('test/fixtures/interchange/t31g/operation-traits.yaml', 'asyncapi');
    expect(first.result.unmapped.map((u) => u.pointer)).toEqual(['/components/operationTraits/common/bindings', '/operations/cancelOrder/tags/0']);
    const operations = (areaOf(first.analysis.spec, 'events').data as Doc).operations;
    expect(operations.publishOrder).toEqual({ action: 'send', channel: 'orders', messages: ['created'], title: 'Publish an order', summary: 'Sends a new order.', tags: ['ops'] });
    expect(operations.cancelOrder.tags).toEqual(['cancellations']);
    expect(e1.operations.publishOrder.summary).toBe('Sends a new order.');
    expect(e1.operations.publishOrder.tags).toEqual([{ name: 'ops' }]);
    expect(e1.operations.cancelOrder.tags).toEqual([{ name: 'cancellations' }]);
    expect(e1.info.tags).toEqual([{ name: 'cancellations', description: 'What undoes an order.' }]);
    // The message's own tags stay its own.
    expect(e1.components.messages.created.tags).toEqual([{ name: 'orders' }]);
    expect(e1.components.messages.cancelled.tags).toBeUndefined();
  });
});

describe('issue 31, t31g: `nullable: false` in an allOf part (OpenAPI 3.0)', () => {
  it('09. kept where it takes null away from the base\'s field (t32s R1), exported back; nothing is made up for the field', async () => {
    const { first, exported: e1, again } = await roundTrip('test/fixtures/interchange/t31g/nullable-false.yaml');
    expect(first.result.unmapped).toEqual([]);
    expect(e1.components.schemas.Strict.allOf[1]).toEqual({ properties: { f: { nullable: false } } });
    expect(e1.components.schemas.Base.properties.f).toEqual({ type: ['string', 'null'] });
    expect(JSON.stringify(again)).toBe(JSON.stringify(e1));
  });
});
