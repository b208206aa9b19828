import { cp, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocumentError, importDocument, type Analysis } from '../../src/lib/index.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { roundTrip, type Trip } from './helpers.ts';

/**
 * Issue 31, session 10: the defects the independent testers T31 and T32 found in the OpenAPI and
 * Swagger 2.0 import of schemas and prose, each through its reproduction
 * (test/fixtures/interchange/f31b/*.yaml, each headed by its origin): the real reader, importer and
 * exporter, the official validator, and back (a fixed point).
 */
const FIXTURE = (name: string) => `test/fixtures/interchange/f31b/${name}.yaml`;
const problems = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').map((d) => `${d.severity} ${d.code} ${d.file}: ${d.message}`);
const said = (trip: Trip) => trip.first.result.unmapped.map((u) => `${u.pointer} ${u.reason}`);

/** A clean check, a valid export, a fixed point whose second import says nothing. */
async function sound(trip: Trip): Promise<void> {
  expect(problems(trip.first.analysis)).toEqual([]);
  expect(await openApiProblems(trip.exported)).toEqual([]);
  expect(JSON.stringify(trip.again)).toBe(JSON.stringify(trip.exported));
  expect(trip.second.result.unmapped).toEqual([]);
}

/** The message an import refuses a document with. */
async function refusal(file: string): Promise<string> {
  const error: unknown = await importDocument(file).then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(DocumentError);
  return (error as Error).message;
}

describe('issue 31, T31 D9: type names in angle brackets that are HTML tag names', () => {
  it('are kept as written (escaped), not read as HTML: no word lost, no italic, quote or image invented', async () => {
    const trip = await roundTrip(FIXTURE('repro-generic-type-names-read-as-html'));
    await sound(trip);
    expect(said(trip)).toEqual([]);
    const a = trip.exported.paths['/a'].get;
    expect(a.description).toBe('Returns Option\\<A> when found, else Either\\<B, C> with the error.');
    expect(a.responses['200'].description).toBe('Returns Future\\<I> of the job; Result\\<S, E> holds the outcome.');
    expect(a.responses['201'].description).toBe('A Box\\<U> wraps it and a Quote\\<Q> quotes it.');
    expect(a.responses['202'].description).toBe('The paragraph type X\\<P> and Y\\<Em> and the list type Z\\<Ul>.');
    expect(trip.exported.paths['/b'].get.description).toBe('Pass Array\\<Img> here; see Wrapper\\<Img>.');
  });

  it('beside real HTML, which stays mapped; one-line summaries keep them too; a lone `<I>` and a bare `<img>` are words', async () => {
    const trip = await roundTrip(FIXTURE('generics-beside-real-html'));
    await sound(trip);
    expect(said(trip)).toEqual([]);
    const a = trip.exported.paths['/a'].get;
    expect(a.summary).toBe('Get Option<A> by id');
    expect(trip.exported.paths['/b'].get.summary).toBe('List Page<I> items');
    expect(a.description).toBe('A **bold** word, a Foo**x** name, line\\\ntwo, and Map\\<K, List\\<V>>.\n\nThen Page\\<I> of items.');
    expect(a.responses['200'].description).toBe('A lone \\<I> stays; so does an \\<img> without a source; _this_ is italic.');
    expect(a.responses['201'].description).toBe('Items:\n\n- one\n- two');
  });
});

describe('issue 31, T31 D1: a valid OpenAPI 3.1 document with only `components`', () => {
  it('imports (one resource per schema), checks clean, exports a valid document, a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('repro-components-only-31'));
    await sound(trip);
    expect(said(trip)).toEqual([]);
    expect(trip.first.result.items.filter((i) => i.area === 'resources').map((i) => i.id)).toEqual(['A']);
    expect(trip.exported.components.schemas.A).toEqual({ type: 'string' });
  });

  it('an OpenAPI 3.0 document without `paths` (3.0 requires it) is refused where it says its version', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'f31b-'));
    const file = join(dir, 'c30.yaml');
    await writeFile(file, 'openapi: 3.0.3\ninfo: {title: t, version: "1"}\ncomponents: {schemas: {A: {type: string}}}\n');
    expect(await refusal(file)).toBe(`${file}:1:10: an OpenAPI 3.0 document states its \`paths\` (\`paths: {}\` where it has none); this one does not`);
  });
});

describe('issue 31, T31 D3 and D4: a document an import cannot read is refused at file:line:col, for the true reason', () => {
  it('a `$ref` to a missing component: located at the reference', async () => {
    const file = FIXTURE('repro-missing-ref-unlocated');
    expect(await refusal(file)).toMatch(new RegExp(`^${file}:9:78: the reference \`#/components/schemas/Missing\` at /paths/~1a/get/responses/200/content/application~1json/schema points to nothing in the document`));
  });

  it('a Swagger 2.0 `$ref` to a missing definition: located at the reference as the file writes it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'f31b-'));
    const file = join(dir, 's2.yaml');
    await writeFile(file, "swagger: '2.0'\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n      responses:\n        '200': {description: ok, schema: {$ref: '#/definitions/Gone'}}\n");
    expect(await refusal(file)).toMatch(new RegExp(`^${file}:7:49: the reference \`#/definitions/Gone\` at /paths/~1a/get/responses/200/schema points to nothing`));
  });

  it('a numeric `info.version`: located at the version', async () => {
    const file = FIXTURE('repro-version-number-unlocated');
    expect(await refusal(file)).toBe(`${file}:4:27: \`info.version\` is 1, not a text: write the version in quotes (\`version: "1"\`)`);
  });

  it('OpenAPI 3.2.0 and Swagger 1.2: the version is named as one an import does not read, where it is written', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'f31b-'));
    const v32 = join(dir, 'v32.yaml');
    await writeFile(v32, 'openapi: 3.2.0\ninfo: {title: t, version: "1"}\npaths: {}\n');
    expect(await refusal(v32)).toBe(`${v32}:1:10: OpenAPI 3.2.0 is not read: an import reads OpenAPI 3.0.0 to 3.0.4 and 3.1.0 to 3.1.2, Swagger 2.0, and AsyncAPI 2 and 3`);
    const s12 = FIXTURE('repro-swagger12-wrong-message');
    expect(await refusal(s12)).toBe(`${s12}:3:10: Swagger 1.2 is not read: an import reads Swagger 2.0, OpenAPI 3.0 and 3.1, and AsyncAPI 2 and 3 (convert the document to OpenAPI first)`);
    const listing = join(dir, 's12.json');
    await writeFile(listing, JSON.stringify({ swaggerVersion: '1.2', apis: [] }));
    expect(await refusal(listing)).toBe(`${listing}:1:19: Swagger 1.2 is not read: an import reads Swagger 2.0, OpenAPI 3.0 and 3.1, and AsyncAPI 2 and 3 (convert the document to OpenAPI first)`);
  });
});

describe('issue 31, T31 D13: a Swagger 2.0 discriminator whose property is not required', () => {
  it('keeps `required` as the file writes it (nothing added), and says the Swagger 2.0 rule at the discriminator', async () => {
    const trip = await roundTrip(FIXTURE('repro-swagger2-discriminator-required-invented'));
    await sound(trip);
    expect(said(trip)).toEqual(["/definitions/Pet/discriminator Swagger 2.0 says a discriminator's property MUST be required, and this schema's `required` does not list `kind`: the spec keeps `required` as the file writes it (`kind` not required), not the rule"]);
    expect(trip.exported.components.schemas.Pet.required).toBeUndefined();
    expect(trip.exported.components.schemas.Pet.discriminator).toEqual({ propertyName: 'kind' });
  });
});

describe('issue 31, T31 D2 and T32 D4: `required` beside an `allOf`', () => {
  it('with `additionalProperties` beside it: kept on the fields of the parts (not dropped as "without properties")', async () => {
    const trip = await roundTrip(FIXTURE('repro-required-beside-allof-additionalproperties'));
    await sound(trip);
    expect(said(trip)).toEqual(["/components/schemas/Cause/required required names beside the allOf are kept on its parts' fields; code, which a named part states, is restated in part 2 (its own fields), required, with the type that part gives"]);
    const [base, own] = trip.exported.components.schemas.Cause.allOf;
    expect(base).toEqual({ $ref: '#/components/schemas/Base' });
    expect(own.required).toEqual(['item_id', 'code']);
    expect(own.properties.code).toEqual({ type: 'string' });
  });

  it('peertube OAuthToken-password: no third, typeless part (no "part 3 · NOT STATED type" gap); the five names required where the fields are', async () => {
    const trip = await roundTrip(FIXTURE('peertube-required-beside-allof'));
    await sound(trip);
    const parts = trip.exported.components.schemas['OAuthToken-password'].allOf;
    expect(parts).toHaveLength(2);
    expect(parts[1].type).toBe('object');
    expect(parts[1].required).toEqual(['grant_type', 'password', 'username', 'client_id', 'client_secret']);
    expect(trip.first.analysis.assessment.gaps.map((g) => g.id).filter((id) => id.startsWith('resources/OAuthToken-password'))).toEqual([]);
    expect(said(trip)).toEqual(["/components/schemas/OAuthToken-password/required required names beside the allOf are kept on its parts' fields; client_id, client_secret, which a named part states, are restated in part 2 (its own fields), required, with the type that part gives"]);
  });
});

const NULLABLE_31 = "`nullable: true` is OpenAPI 3.0's keyword, not 3.1's (JSON Schema has none; 3.1 writes `type: [string, 'null']`), so a 3.1 reader gives it no effect: the spec reads it as its writer meant it, null allowed, and an export writes that as 3.1's `null` type";

describe('issue 31, T31 D15 and D14: nullability a document states in words not its own', () => {
  it('OpenAPI 3.0 `nullable` in a 3.1 document: read as null allowed, and said at each', async () => {
    const trip = await roundTrip(FIXTURE('repro-nullable-in-31-applied-silently'));
    await sound(trip);
    expect(said(trip)).toEqual([`/components/schemas/Account/properties/name/nullable ${NULLABLE_31}`]);
    const beside = await roundTrip(FIXTURE('nullable-31-beside-ref'));
    await sound(beside);
    expect(said(beside)).toEqual(['name', 'code'].map((p) => `/components/schemas/Account/properties/${p}/nullable ${NULLABLE_31}`));
    expect(beside.exported.components.schemas.Account.properties.kind).toEqual({ type: ['string', 'null'] });
  });

  it('Swagger 2.0 `x-nullable`: true read as nullable, false as nothing, each said at its pointer', async () => {
    const trip = await roundTrip(FIXTURE('swagger2-x-nullable'));
    await sound(trip);
    expect(said(trip)).toEqual([
      '/definitions/Note/properties/id/x-nullable the extension `x-nullable: false` says what a value is without it (not null): nothing is kept of it',
      "/definitions/Note/properties/note/x-nullable the extension `x-nullable: true` (AutoRest's and go-swagger's, not Swagger 2.0's own) is read as OpenAPI 3.0's `nullable: true`: the value may be null",
    ]);
    expect(trip.exported.components.schemas.Note.properties).toEqual({ note: { type: ['string', 'null'] }, id: { type: 'string' } });
  });
});

describe('issue 31, T31 D11: a schema name with a letter outside A to Z', () => {
  it('keeps the letter without its accent (`Café` is `Cafe`, not `Caf`), and says so', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'f31b-'));
    await cp(FIXTURE('cafe-schema-name'), join(dir, 'cafe.yaml'));
    const trip = await roundTrip(join(dir, 'cafe.yaml'));
    await sound(trip);
    expect(trip.first.result.items.filter((i) => i.area === 'resources').map((i) => i.id).sort()).toEqual(['Caf', 'Cafe']);
    expect(said(trip)).toEqual(['/components/schemas/Café the schema `Café` is kept under the id `Cafe`, and an export names it so: an id uses the letters A to Z without accents, digits, `_`, `.` and `-`: each accent is left out']);
    expect(Object.keys(trip.exported.components.schemas).sort()).toEqual(['Caf', 'Cafe']);
  });
});
