import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Parser } from '@asyncapi/parser';
import { describe, expect, it } from 'vitest';
import { areaOf, exportAsyncApi, exportOpenApi, readSpecDir, type Analysis } from '../../src/lib/index.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { importToSpec } from './helpers.ts';

/** Defects an independent tester of issue 31 found on documents outside the corpus, each through the real reader, importer and exporter. */
const REPRO = (n: string) => `test/fixtures/interchange/t31d/repro-${n}.yaml`;
type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function asyncApiProblems(doc: unknown): Promise<string[]> {
  return (await new Parser().parse(JSON.stringify(doc))).diagnostics.filter((d) => d.severity === 0).map((d) => `${d.message} at ${d.path.join('.')}`);
}

/** Imported, exported, imported and exported again. */
async function roundTrip(file: string, format: 'openapi' | 'asyncapi') {
  const write = (a: Analysis): Doc => (format === 'openapi' ? exportOpenApi(a) : exportAsyncApi(a));
  const first = await importToSpec(file);
  const exported = write(first.analysis);
  const exportFile = join(await mkdtemp(join(tmpdir(), 'specbench-t31d-')), 'exported.json');
  await writeFile(exportFile, JSON.stringify(exported));
  const second = await importToSpec(exportFile);
  return { first, exported, again: write(second.analysis) };
}

const errors = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.file}: ${d.message}`);
const specText = async (dir: string) => (await readSpecDir(dir)).map((f) => Buffer.from(f.bytes ?? []).toString('utf8')).join('\n');

describe('issue 31, independent tester: values are data, operations are never merged', () => {
  it('01. a `description` inside an example or a default is part of the value: kept as written, not converted as prose', async () => {
    const { first, exported, again } = await roundTrip(REPRO('01'), 'openapi');
    expect(errors(first.analysis)).toEqual([]);
    expect(first.result.unmapped).toEqual([]);
    expect(await openApiProblems(exported)).toEqual([]);
    const text = JSON.stringify(exported);
    expect(text).toContain('"description":"<some warning>"');
    expect(text).toContain('"description":"<p>x</p>"');
    expect(text).not.toContain('\\\\<some warning>');
    expect(JSON.stringify(again)).toBe(text);
    // The spec's files hold the values as written, and `check` reads no prose in them (no raw-html finding).
    expect(await specText(first.dir)).toContain('description: <some warning>');
  });

  it('01b. the same inside an AsyncAPI message example and a payload default', async () => {
    const { first, exported, again } = await roundTrip(REPRO('01b'), 'asyncapi');
    expect(errors(first.analysis)).toEqual([]);
    expect(first.result.unmapped).toEqual([]);
    expect(await asyncApiProblems(exported)).toEqual([]);
    const text = JSON.stringify(exported);
    expect(text).toContain('"description":"<some warning>"');
    expect(text).toContain('"default":"<none>"');
    expect(JSON.stringify(again)).toBe(text);
  });

  it('02. two operations under one operationId are two endpoints: the second kept under another id, said at its operationId', async () => {
    const { first, exported, again } = await roundTrip(REPRO('02'), 'openapi');
    expect(errors(first.analysis)).toEqual([]);
    const endpoints = areaOf(first.analysis.spec, 'endpoints').items.map((e) => `${e.id} ${String(e.data.method)} ${String(e.data.path)}`);
    expect(endpoints).toEqual(['list GET /pets', 'list-2 GET /owners']);
    expect(first.result.unmapped).toEqual([{ pointer: '/paths/~1owners/get/operationId', reason: expect.stringContaining('`list-2`') }]);
    expect(await openApiProblems(exported)).toEqual([]);
    expect([exported.paths['/pets'].get.operationId, exported.paths['/owners'].get.operationId]).toEqual(['list', 'list-2']);
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
  });
});

/** Every description an exported operation states, through the `$ref`s it follows, as `text at place`. */
function descriptionsOf(doc: Doc, node: unknown, at = '', seen = new Set<unknown>(), out: string[] = []): string[] {
  if (typeof node !== 'object' || node === null || seen.has(node)) return out;
  seen.add(node);
  const ref = (node as Doc).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    const target = ref.slice(2).split('/').reduce<unknown>((v, k) => (v as Doc | undefined)?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    descriptionsOf(doc, target, at, seen, out);
  }
  for (const [k, v] of Object.entries(node)) {
    if (k === 'description' && typeof v === 'string' && v !== '' && at !== '') out.push(`${at}/description`);
    else descriptionsOf(doc, v, `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, seen, out);
  }
  return out;
}

describe('issue 31, independent tester: what a file cannot hold is said where that file lost it', () => {
  it('13. a text a file’s prose budget leaves out is said at the place of each operation that loses it, not where it is kept', async () => {
    const { first, exported, again } = await roundTrip(REPRO('13'), 'openapi');
    expect(errors(first.analysis)).toEqual([]);
    expect(await openApiProblems(exported)).toEqual([]);
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
    const said = new Set(first.result.unmapped.filter((u) => u.reason.includes('prose one file holds')).map((u) => u.pointer));
    // GET /a keeps the header's words: nothing is said there. GET /b and GET /c lose them through their `$ref`s, and each says so.
    const header = (p: string) => `/paths/~1${p}/get/responses/200/headers/ratelimit-limit/description`;
    expect(exported.paths['/a'].get.responses['200'].headers['ratelimit-limit'].description).toContain('The default limit');
    expect(said.has(header('a'))).toBe(false);
    for (const p of ['b', 'c']) {
      expect(exported.paths[`/${p}`].get.responses['200'].headers?.['ratelimit-limit']?.description).toBeUndefined();
      expect(said.has(header(p))).toBe(true);
    }
    // Every description the source states under /b and /c (one YAML anchor for both) that their exports do not is said under that operation.
    const source = first.raw as Doc;
    for (const p of ['b', 'c']) {
      const op = `/paths/~1${p}/get`;
      const kept = new Set(descriptionsOf(exported, exported.paths[`/${p}`].get, op));
      const lost = descriptionsOf(source, source.paths[`/${p}`].get, op).filter((d) => !kept.has(d));
      expect(lost.length).toBeGreaterThan(50);
      expect(lost.filter((d) => !said.has(d))).toEqual([]);
    }
  });

  it('13. a text past the limits of one value says its length as written beside its length as Markdown; an HTML table is not padded', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => `<tr><td>Row ${i}</td><td>${'w'.repeat(i % 7 === 0 ? 60 : 2)}</td></tr>`).join('');
    const description = `<table><tr><th>Row</th><th>Words</th></tr>${rows}</table>`;
    const file = join(await mkdtemp(join(tmpdir(), 'specbench-t31d-')), 'long.json');
    await writeFile(file, JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1', description }, paths: {} }));
    const { result } = await importToSpec(file);
    const said = (result.unmapped.find((u) => u.pointer === '/info/description')?.reason ?? '').match(/The text is ([\d,]+) characters long as Markdown, ([\d,]+) as written/);
    const [markdown, written] = [said?.[1], said?.[2]].map((n) => Number((n ?? '').replace(/,/g, '')));
    expect(written).toBe(description.length);
    // Each row as `| Row n | ww |`, not padded to the widest cell of its column (which made zuora's 50,227 characters 126,482).
    expect(markdown).toBeGreaterThan(32 * 1024);
    expect(markdown).toBeLessThan(description.length);
  });
});

describe('issue 31, independent tester: a type beside a composition is kept', () => {
  it('03. `type: object` beside oneOf or allOf whose parts state no type is a part of its own (an all_of), exported back; a fixed point', async () => {
    const { first, exported, again } = await roundTrip(REPRO('03'), 'openapi');
    expect(errors(first.analysis)).toEqual([]);
    expect(first.result.unmapped.map((u) => u.reason).join('\n')).not.toContain('the variants state their own types');
    expect(await openApiProblems(exported)).toEqual([]);
    expect(exported.components.schemas.Tagged.allOf[0]).toEqual({ type: 'object' });
    // Beside an allOf, the object is the type of its part of properties (t31r D5): no part of its own, no question of the part's type.
    expect(exported.components.schemas.DomainsList.properties.domains.items.allOf).toEqual([{ type: 'object', properties: { domain: { type: 'string' } } }]);
    expect(first.analysis.assessment.gaps.map((g) => g.id)).not.toContain('resources/DomainsList/fields/domains/items/of/0/type');
    // The value as a whole has its type: no gap asks it.
    expect(first.analysis.assessment.gaps.map((g) => g.id)).not.toContain('resources/Tagged/value/type');
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
  });
});

/** A response as an export writes it, its `$ref` followed. */
const responseOf = (doc: Doc, path: string, method: string, status: string): Doc => {
  const r = doc.paths[path][method].responses[status];
  return typeof r.$ref === 'string' ? doc.components.responses[r.$ref.split('/').pop()] : r;
};

describe('issue 31, independent tester: each error response exported as written', () => {
  it('04. a response with `description: ""` is not given the words an earlier response of its error had, whatever the order', async () => {
    const { first, exported, again } = await roundTrip(REPRO('04'), 'openapi');
    expect(errors(first.analysis)).toEqual([]);
    expect(first.result.unmapped).toEqual([]);
    expect(await openApiProblems(exported)).toEqual([]);
    expect(responseOf(exported, '/teams', 'delete', '402').description).toBe('');
    expect(responseOf(exported, '/a', 'post', '402').description).toBe('The account was soft-blocked.\nThe account is missing a payment');
    expect(responseOf(exported, '/b', 'post', '402').description).toBe('The account was soft-blocked.\nThe account is missing a payment');
    expect(responseOf(exported, '/c', 'post', '402').description).toBe('This feature is only available for Enterprise customers.');
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
  });
});

describe('issue 31, independent tester: four documents that were no fixed points', () => {
  /** Imported with a clean check, exported valid, and exported the same from its export. */
  async function fixedPoint(n: string): Promise<{ exported: Doc; first: Awaited<ReturnType<typeof importToSpec>> }> {
    const { first, exported, again } = await roundTrip(REPRO(n), 'openapi');
    expect(errors(first.analysis)).toEqual([]);
    expect(await openApiProblems(exported)).toEqual([]);
    expect(JSON.stringify(again, null, 1)).toBe(JSON.stringify(exported, null, 1));
    return { exported, first };
  }

  it('05. an alias schema (`allOf: [{ $ref: B }]`) stays the alias its users refer to', async () => {
    const { exported } = await fixedPoint('05');
    expect(exported.paths['/order-line-items/{id}'].put.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/PutOrderLineItemUpdateType' });
  });

  it('06. a nullable enum without a type keeps its gap’s id', async () => {
    const { exported, first } = await fixedPoint('06');
    // The null of its `enum` restates what `nullable` allows: read once, as nullable (T31u N1).
    expect(exported.components.schemas.OwnershipType.anyOf).toEqual([{ enum: ['individual', 'joint'] }, { type: 'null' }]);
    expect(first.analysis.assessment.gaps.map((g) => g.id).filter((id) => id.startsWith('resources/OwnershipType'))).toEqual(['resources/OwnershipType/value/type']);
  });

  it('07. `allOf: [{ $ref }]` with `deprecated` and an extension beside it is written one way', async () => {
    const { exported } = await fixedPoint('07');
    expect(exported.components.schemas.TransferCreateRequest.properties.ach_class).toEqual({ $ref: '#/components/schemas/ACHClass', deprecated: true });
  });

  it('08. error descriptions that differ by a `<br>` or a last line break are each written back the same way twice', async () => {
    const { exported } = await fixedPoint('08');
    // GET /b's words are GET /a's once the `<br>` is Markdown and the last line break gone; each
    // response keeps its own (an error made from statuses claims none of them: t32 s10 D2, D3).
    for (const path of ['/a', '/b']) expect(exported.paths[path].get.responses['401']).toEqual({ description: '**Code:** `124`\\\nAccount does not exist.', 'x-specbench-error': 'http-401' });
    // An error without words whose every response is written in full has no shared response (T31u N4).
    expect(exported.components.responses).toBeUndefined();
  });
});

describe('issue 31, independent tester: the document’s order of its tags', () => {
  it('12. declared tags without descriptions keep their declared order (not by name)', async () => {
    const { first, exported, again } = await roundTrip(REPRO('12'), 'openapi');
    expect(errors(first.analysis)).toEqual([]);
    expect(first.result.unmapped).toEqual([]);
    expect(await openApiProblems(exported)).toEqual([]);
    expect(exported.tags).toEqual([{ name: 'Users' }, { name: 'Accounts' }]);
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
  });
});

describe('issue 31, independent tester: words that name tags', () => {
  it('11. tags written as words (`html tags <b><i>`, never closed, enclosing no text) are kept as the words they are', async () => {
    const { first, exported, again } = await roundTrip(REPRO('11'), 'openapi');
    expect(errors(first.analysis)).toEqual([]);
    expect(first.result.unmapped).toEqual([]);
    expect(await openApiProblems(exported)).toEqual([]);
    const schema = exported.paths['/spellcheck'].get.responses['200'].content['application/json'].schema;
    expect(schema.properties.corrected_text_html.description).toBe('The corrected text, where misspelled tokens are replaced and wrapped in html tags \\<b>\\<i>');
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
  });
});

describe('issue 31, independent tester: what moves is said', () => {
  it('10. a parameter’s schema description kept as the parameter’s, and a parameter’s example among its schema’s examples, are said where written', async () => {
    const { first, exported, again } = await roundTrip(REPRO('10'), 'openapi');
    expect(errors(first.analysis)).toEqual([]);
    expect(await openApiProblems(exported)).toEqual([]);
    expect(first.result.unmapped).toEqual([
      { pointer: '/components/parameters/companyId/schema/description', reason: expect.stringContaining('kept as the parameter’s or header’s own'.replace(/’/g, "'")) },
      { pointer: '/paths/~1companies~1{companyId}/get/parameters/1/example', reason: expect.stringContaining("kept among the schema's examples") },
    ]);
    const [companyId, page] = exported.paths['/companies/{companyId}'].get.parameters;
    expect(companyId.description).toBe('Unique identifier for your SMB in Codat.');
    expect(page.schema.examples).toEqual([2]);
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
  });
});

describe('issue 31, independent tester: nesting within what `check` reads', () => {
  it('09. 32 nested object schemas: the import keeps what a spec file can hold, says where it stops, and the spec checks clean and exports', async () => {
    const { first, exported, again } = await roundTrip(REPRO('09'), 'openapi');
    expect(errors(first.analysis)).toEqual([]);
    const deep = first.result.unmapped.filter((u) => u.reason.startsWith('a schema nested more than'));
    expect(deep).toHaveLength(1);
    expect(deep[0]?.pointer).toMatch(/^\/components\/schemas\/Tree(\/properties\/[^/]+)+$/);
    expect(await openApiProblems(exported)).toEqual([]);
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
  });
});

describe('issue 31, independent tester: small findings', () => {
  it('`jsonSchemaDialect` is said, `items: false` is said as what it is (not a tuple), and `type: object` alone gets no `properties: {}`', async () => {
    const { first, exported, again } = await roundTrip('test/fixtures/interchange/t31d/minor-dialect-items.yaml', 'openapi');
    expect(errors(first.analysis)).toEqual([]);
    expect(await openApiProblems(exported)).toEqual([]);
    const said = Object.fromEntries(first.result.unmapped.map((u) => [u.pointer, u.reason]));
    expect(said['/jsonSchemaDialect']).toContain('dialect');
    expect(said['/components/schemas/Pair/items']).toContain('`items: false`');
    // An object that states no properties is exported as written: no `properties: {}` beside its type.
    expect(exported.components.schemas.Team).toEqual({ description: 'A team.', type: 'object' });
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
  });
});

describe('issue 31, independent tester: an error’s title is a line of text', () => {
  it('a one-line error description with HTML is the response\'s, converted as prose; a link a page would not follow is dropped and said', async () => {
    const { first, exported, again } = await roundTrip('test/fixtures/interchange/t31d/error-title-html.yaml', 'openapi');
    expect(errors(first.analysis)).toEqual([]);
    expect(first.result.unmapped).toEqual([{ pointer: '/paths/~1a/get/responses/400/description', reason: expect.stringContaining('`javascript:alert(1)` is not kept') }]);
    expect(await openApiProblems(exported)).toEqual([]);
    const text = JSON.stringify(exported);
    expect(text).not.toContain('javascript:');
    expect(text).not.toContain('<code>');
    // The response's own words (an error made from statuses claims none of them: t32 s10 D2, D3), its HTML as Markdown.
    expect(responseOf(exported, '/a', 'get', '400').description).toBe('Bad `request`');
    expect(responseOf(exported, '/a', 'get', '404').description).toBe('**Not** found');
    expect(JSON.stringify(again)).toBe(text);
  });
});

describe('issue 31, a second independent tester (t31e): ids of operations', () => {
  const T31E = (n: string) => `test/fixtures/interchange/t31e/repro-${n}.yaml`;
  const endpointIds = (a: Analysis) => areaOf(a.spec, 'endpoints').items.map((e) => `${e.id} ${String(e.data.method)} ${String(e.data.path)}`);

  it('05. a repeated operationId takes an id no operation writes: the document\'s own `listPets-2` keeps its name, every exported operationId is unique, and it is a fixed point', async () => {
    const { first, exported, again } = await roundTrip(T31E('05'), 'openapi');
    expect(errors(first.analysis)).toEqual([]);
    const ids = Object.values(exported.paths as Doc).flatMap((item: Doc) => Object.values(item).map((op: Doc) => op.operationId as string));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(['listPets', 'listPets-2', 'listPets-3']);
    expect(first.result.unmapped).toEqual([{ pointer: expect.stringMatching(/\/operationId$/), reason: expect.stringContaining('`listPets-3`') }]);
    expect(await openApiProblems(exported)).toEqual([]);
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
  });

  it('06. an operation without an operationId gives way to one that writes the id its method and path would make', async () => {
    const { first, exported, again } = await roundTrip(T31E('06'), 'openapi');
    expect(errors(first.analysis)).toEqual([]);
    expect(endpointIds(first.analysis).sort()).toEqual(['get-pets POST /other', 'get-pets-2 GET /pets']);
    expect(first.result.unmapped).toEqual([]);
    expect(exported.paths['/other'].post.operationId).toBe('get-pets');
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
  });

  it('01. a description\'s `[[Pet]]` is two brackets, never a prose link: imported as `\\[[Pet]]` with a clean check, exported as written, a fixed point', async () => {
    const { first, exported, again } = await roundTrip(T31E('01'), 'openapi');
    expect(errors(first.analysis)).toEqual([]);
    expect(first.result.unmapped).toEqual([]);
    expect(await openApiProblems(exported)).toEqual([]);
    const text = await specText(first.dir);
    // `[[purpose]]` names an area, and stays the document's words rather than a live link.
    expect(text).toContain('description: A \\[[purpose]] thing');
    expect(text).toContain('description: Returns \\[[Pet]]s.');
    expect(exported.paths['/a'].get.description).toBe('Returns [[Pet]]s.');
    expect(exported.paths['/b'].get.description).toBe('escaped \\[\\[Pet\\]\\] here');
    // HTML made Markdown escapes the brackets its own way; they stay text.
    expect(exported.paths['/c'].get.description).toBe('html \\[\\[Pet]] in a paragraph');
    expect(exported.components.schemas.Pet.description).toBe('A [[purpose]] thing');
    expect(exported.components.schemas.Pet.properties.a.description).toBe('[[ x ]] marks');
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
  });

  it('01b. the same in an AsyncAPI message\'s and a payload property\'s description', async () => {
    const { first, exported, again } = await roundTrip(T31E('01b'), 'asyncapi');
    expect(errors(first.analysis)).toEqual([]);
    expect(first.result.unmapped).toEqual([]);
    expect(await asyncApiProblems(exported)).toEqual([]);
    expect(exported.components.messages.petAdded.description).toBe('Carries a [[Pet]]; see [[pets]].');
    expect(JSON.stringify(exported)).toContain('"description":"The [[purpose]] of it"');
    expect(JSON.stringify(again)).toBe(JSON.stringify(exported));
  });
});
