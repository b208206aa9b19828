import { describe, expect, it } from 'vitest';
import { areaOf, type Analysis } from '../../src/lib/index.ts';
import { unmappedKeywords } from '../../src/lib/interchange/result.ts';
import { openApiProblems } from '../openapi-valid.ts';
import { roundTrip } from './helpers.ts';

/**
 * Issue 31, brief F31d: what a Swagger 2.0 body parameter's name becomes, extensions inside
 * schemas, reasons that say what was kept, errors named from what the document says, and summaries
 * kept as the plain text they are; each through the real reader, importer, exporter and validator,
 * and back. Fixtures: test/fixtures/interchange/f31d/*.yaml, each headed by its origin.
 */
const FIXTURE = (name: string) => `test/fixtures/interchange/f31d/${name}.yaml`;
const problems = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').map((d) => `${d.severity} ${d.code} ${d.file}: ${d.message}`);
const said = (list: ReadonlyArray<{ pointer: string; reason: string }>) => list.map((u) => `${u.pointer} ${u.reason}`);

describe('F31d #1: a Swagger 2.0 body parameter\'s `name` (t31 D14)', () => {
  it('is said at the parameter, inline and shared through `$ref`, and the body kept: a clean check, a valid export, a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('swagger2-body-name'));
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(JSON.stringify(trip.again)).toBe(JSON.stringify(trip.exported));
    const word = (name: string) => `the body parameter's name \`${name}\` is not kept: a request body has no name in OpenAPI 3 or in the spec (the name is never sent; code generators name the argument with it), so an export writes none; the body itself is kept as the endpoint's request`;
    // (Its `host` without `schemes` is said too, since F31g: T31s D17.)
    expect(said(trip.first.result.unmapped.filter((u) => u.pointer !== '/host')).sort()).toEqual([`/parameters/PetBody/name ${word('pet')}`, `/paths/~1pets/post/parameters/0/name ${word('payload')}`]);
    expect(trip.exported.paths['/pets'].post.requestBody.description).toBe('The pet to add.');
    expect(Object.keys(trip.exported.paths['/pets'].put.requestBody.content)).toEqual(['application/json']);
    expect(trip.second.result.unmapped).toEqual([]);
  });
});

describe('F31d #2: extensions inside a schema (t31 D14)', () => {
  it('are said as extensions, at the schema and as not kept, and counted by name; a JSON Schema keyword beside them still as one', async () => {
    const trip = await roundTrip(FIXTURE('schema-extensions'));
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(JSON.stringify(trip.again)).toBe(JSON.stringify(trip.exported));
    expect(said(trip.first.result.unmapped).sort()).toEqual([
      "/components/schemas/Note the extension `x-examples` (a tool's own, not a JSON Schema keyword) has no place in a shape: it is not kept, and an export does not write it",
      '/components/schemas/Note/properties/text JSON Schema keyword `not` has no place in the spec',
      "/components/schemas/Note/properties/text the extensions `x-nullable`, `x-order` (a tool's own, not JSON Schema keywords) have no place in a shape: they are not kept, and an export does not write them",
    ]);
    // The text summary counts them by their own names, as the keywords.
    expect(unmappedKeywords(trip.first.result.unmapped)).toEqual([{ keyword: 'not', count: 1 }, { keyword: 'x-examples', count: 1 }, { keyword: 'x-nullable', count: 1 }, { keyword: 'x-order', count: 1 }]);
    expect(JSON.stringify(trip.exported)).not.toContain('x-order');
    expect(trip.second.result.unmapped).toEqual([]);
  });
});

describe('F31d #3: reasons that announce what was kept (t32r N4)', () => {
  it('are complete sentences that say where the words went: an HTML element, an unsafe link, a link into the document\'s own site, a link in an error\'s title', async () => {
    const trip = await roundTrip(FIXTURE('cut-reasons'));
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(JSON.stringify(trip.again)).toBe(JSON.stringify(trip.exported));
    expect(said(trip.first.result.unmapped)).toEqual([
      "/components/responses/NotFound/description these words are an error's title, a line of plain text: the link to `https://x.example.com/nf` is not kept; the link's words are kept in its place in the title",
      '/info/description the HTML element `<iframe src="https://a.example.com">` is not kept, as a spec\'s prose holds no markup; the words a page shows of it are kept in its place in the text, as plain words',
      "/info/description the link to `#authorship` is not kept: it is relative to a page of the document's own site, and no page of the spec answers it; the link's words are kept in its place, as plain words",
      "/paths/~1items/post/description the link to `javascript:window.pwned=3` is not kept, as a page would not follow it; the link's text is kept in its place, as plain words",
    ]);
    // None ends on a verb whose value is missing (`…; its words are`).
    for (const u of trip.first.result.unmapped) expect(u.reason).not.toMatch(/\b(are|is)$/);
    expect(areaOf(trip.first.analysis.spec, 'errors').items.find((e) => e.id === 'NotFound')?.data.title).toBe('Not found here');
  });

  it('an AsyncAPI security alternative left out says the others are kept (t31f\'s repro 11)', async () => {
    const trip = await roundTrip('test/fixtures/interchange/t31f/repro-11.yaml', 'asyncapi');
    expect(said(trip.first.result.unmapped)).toContain('/servers/prod/security/1 an alternative naming `sym`, a scheme of type `symmetricEncryption` (which has no equivalent in the spec), is not kept; the other alternatives of the list are kept');
  });
});

describe('F31d #4: errors a document writes in place under `default`, each with its own body (t32r N8)', () => {
  it('are named from what the document says (the schema\'s title, else the operation\'s id where only it writes the body), one body shared by several operations one error named after none of them (t32s R4); a fixed point', async () => {
    const trip = await roundTrip(FIXTURE('default-errors'));
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(JSON.stringify(trip.again)).toBe(JSON.stringify(trip.exported));
    const errorOf = (a: Analysis) => Object.fromEntries(areaOf(a.spec, 'endpoints').items.map((e) => [e.id, (e.data.responses as Record<string, { error?: string }>).default?.error]));
    const expected = {
      GetBuckets: 'http-default',
      GetOrgs: 'http-default',
      chat_delete: 'Default-error-template',
      chat_meMessage: 'chat_meMessage-default',
      chat_postMessage: 'chat.postMessage-error-schema',
      chat_unfurl: 'chat_unfurl-default',
      chat_update: 'Default-error-template',
    };
    expect(errorOf(trip.first.analysis)).toEqual(expected);
    expect(errorOf(trip.second.analysis)).toEqual(expected);
    // Each error's every response is written out in full, naming it (`x-specbench-error`), and no error has words of its own: no shared response is written (T31u N4), and the second import finds each error again.
    expect(trip.exported.components.responses).toBeUndefined();
    expect(Object.values(trip.exported.paths).flatMap((item) => Object.values(item as Record<string, { responses: Record<string, Record<string, unknown>> }>).map((op) => op.responses.default?.['x-specbench-error'])).sort()).toEqual(['Default-error-template', 'Default-error-template', 'chat.postMessage-error-schema', 'chat_meMessage-default', 'chat_unfurl-default', 'http-default', 'http-default']);
    // The model states one status per error: `default` (any status not listed) stays an open question, never a status made up.
    for (const e of areaOf(trip.first.analysis.spec, 'errors').items) expect(e.data.status).toEqual({ open: 'The source gives this as its default response, for any status it does not list.' });
    expect(trip.first.result.unmapped).toEqual([]);
  });
});

describe('F31d #5: markup in a summary or title (t32r N9)', () => {
  it('is kept as the characters the document writes, as `info.title` is (plain text, shown as text); an error\'s title, made of Markdown words, is the words they show', async () => {
    const trip = await roundTrip(FIXTURE('summary-markup'));
    expect(problems(trip.first.analysis)).toEqual([]);
    expect(await openApiProblems(trip.exported)).toEqual([]);
    expect(JSON.stringify(trip.again)).toBe(JSON.stringify(trip.exported));
    expect(trip.first.result.unmapped).toEqual([]);
    const op = trip.exported.paths['/items'];
    expect(op.summary).toBe('All <i>items</i>');
    expect(op.post.summary).toBe('Make <b onmouseover=alert(1)>item</b> for Price <EUR>');
    expect(op.post.requestBody.content['application/json'].schema.title).toBe('A <i>thing</i>');
    expect(op.post.requestBody.content['application/json'].examples.one.summary).toBe('an <b>example</b>');
    expect(trip.exported.info.title).toBe('Mini <img src=x onerror=alert(1)>');
    expect(areaOf(trip.first.analysis.spec, 'endpoints').items[0]?.data.title).toBe('Make <b onmouseover=alert(1)>item</b> for Price <EUR>');
    expect(areaOf(trip.first.analysis.spec, 'errors').items.find((e) => e.id === 'NotFound')?.data.title).toBe('Not found');
  });
});
