import { describe, expect, it } from 'vitest';
import { exampleCutWords, exampleOf, exampleOrCuts } from '../../../src/lib/render/example.ts';
import { bodyExamples, firstExampleValue } from '../../../src/lib/render/site/body-examples.ts';
import { importToSpec } from '../../interchange/helpers.ts';
import { blockOf as block, itemOf as item, siteViews } from '../../helpers.ts';

// Issue 32: r14's H4 and L2 (/work/notes/s14/r14/README.md) and T32u's N-g and N-a (/work/notes/s14/t32u/README.md),
// through the functions the pages, the code samples and the mock use; the fixture says where each shape comes from.
const F = 'test/fixtures/interchange/f32h/f32h.yaml';
const ctx = { resource: () => undefined };
const bad = { type: 'string', required: true, pattern: '^(?=b)a$' };
const patternWords = (at: string, name: string) => `Cut at ${at}: the example leaves out the field ${name}, as no text was made that its pattern \`^(?=b)a$\` matches; a placeholder would not match it.`;
const insideWords = (at: string, name: string) => `Cut at ${at}: the example leaves out the required field ${name}, as something it requires is left out inside it (said below).`;

describe('a required field left out for what is left out inside it (r14 H4)', () => {
  it('is said, with what inside it is left out, whatever the depth', () => {
    // r14's cut2.ts: `outer`'s own required `code` has a pattern no text is made for.
    const nested = { type: 'object', fields: { outer: { type: 'object', required: true, fields: { code: bad } }, name: { type: 'string', required: true } } };
    const made = firstExampleValue({ schema: nested }, ctx, 'request');
    expect(made).toEqual({ value: { name: 'string' }, cutWords: [insideWords('the top level', 'outer'), patternWords('outer', 'code')] });
    // Two levels down, through a list of objects and a map of them.
    const deeper = { type: 'object', fields: { a: { type: 'object', required: true, fields: { rows: { type: 'array', required: true, min_items: 1, items: { type: 'object', fields: { code: bad } } } } }, m: { type: 'map', required: true, values: { type: 'object', fields: { code: bad } } }, name: { type: 'string', required: true } } };
    const two = exampleOf(deeper, ctx, 'response');
    expect(two?.value).toEqual({ name: 'string' });
    expect(exampleCutWords(two?.cuts)).toEqual([insideWords('the top level', '2 required fields: a, m').replace('something it requires is', 'something each requires is').replace('the required field 2', '2').replace('inside it', 'inside them'), insideWords('a', 'rows'), patternWords('a.rows[0]', 'code'), patternWords('m.key', 'code')]);
  });

  it('never gives an earlier field\'s reason: a required object whose required field states no type is said so', () => {
    const untyped = { type: 'object', fields: { outer: { type: 'object', required: true, fields: { inner: { required: true, description: 'no type' } } }, name: { type: 'string', required: true } } };
    const made = exampleOf(untyped, ctx, 'request');
    const words = exampleCutWords(made?.cuts);
    expect(words).toEqual([insideWords('the top level', 'outer'), 'Cut at outer: the example leaves out the required field inner, as nothing the spec states of it makes a value (no type, or parts no value fits).']);
    expect(words.join(' ')).not.toContain('1,500 values');
  });

  it('leaves a body with no example saying why, on its page and in its code samples', () => {
    const list = { schema: { type: 'object', fields: { codes: { type: 'array', required: true, min_items: 1, items: { type: 'string', pattern: '^(?=b)a$' } } } } };
    expect(exampleOf(list.schema, ctx, 'request')).toBeUndefined();
    expect(exampleOrCuts(list.schema, ctx, 'request')).toEqual({ cuts: [{ at: '', why: 'pattern', names: ['codes'], patterns: ['^(?=b)a$'] }] });
    const why = `no value of its shape can be made without what it requires. ${patternWords('the top level', 'codes').replace(/\.$/, '')}`;
    expect(firstExampleValue(list, ctx, 'request')).toEqual({ unmade: why });
    expect(bodyExamples(list, { ...ctx, prose: (s) => s }, 'request', ['application/json'])).toEqual({ examples: [], noExample: [`application/json: ${why}`] });
  });

  it('reads so on the site views of an imported document: the example, the samples, a body with none', async () => {
    const { analysis } = await importToSpec(F);
    const views = siteViews(analysis);
    const nested = item(views, 'endpoints', 'post_nested');
    const [made] = block(nested, 'body')?.body.examples ?? [];
    expect(JSON.parse(made?.text ?? 'null')).toEqual({ name: 'string' });
    expect(made?.cutWords).toEqual([insideWords('the top level', 'outer'), patternWords('outer', 'code')]);
    const curl = block(nested, 'samples')?.samples.find((s) => s.label === 'cURL')?.code ?? '';
    expect(curl.split('\n').slice(0, 2)).toEqual([`# ${insideWords('the top level', 'outer')}`, `# ${patternWords('outer', 'code')}`]);

    const rows = item(views, 'endpoints', 'post_rows');
    const said = `application/json: no value of its shape can be made without what it requires. ${insideWords('the top level', 'rows')} ${patternWords('rows[0]', 'code').replace(/\.$/, '')}`;
    expect(block(rows, 'body')?.body).toMatchObject({ examples: [], noExample: [said] });
    expect(block(rows, 'responses')?.responses[0]?.body).toMatchObject({ examples: [], noExample: [said] });
    const samples = block(rows, 'samples');
    expect(samples?.notes).toContain(`The request body is left out: ${said.slice('application/json: '.length)}.`);
    expect(samples?.samples.find((s) => s.label === 'cURL')?.code).not.toContain('--data');

    // T32u N-a: a required field stating only `nullable` (no type): the body with no example says why.
    const codes = item(views, 'endpoints', 'post_codes');
    expect(block(codes, 'responses')?.responses[0]?.body.noExample).toEqual([
      'application/json: no value of its shape can be made without what it requires. Cut at the top level: the example leaves out the required field results, as nothing the spec states of it makes a value (no type, or parts no value fits)',
    ]);
  });
});

describe('the example budget (T32u N-g)', () => {
  it('makes the required fields first at every level: the optional ones deep under the first take only what the others leave', async () => {
    const { analysis } = await importToSpec(F);
    const page = item(siteViews(analysis), 'endpoints', 'post_deep');
    const [made] = block(page, 'body')?.body.examples ?? [];
    const value = JSON.parse(made?.text ?? 'null') as { a: { inner: Record<string, unknown>; last: number }; b: string };
    expect(value.b).toBe('kept');
    expect(value.a.last).toBe(0);
    // The optional fields under `a.inner` still fill what is left of the budget.
    expect(Object.keys(value.a.inner).length).toBeGreaterThan(0);
    expect((made?.text ?? '').length).toBeGreaterThan(20_000);
    expect(made?.cutWords).toBeUndefined();
    expect(block(page, 'samples')?.samples.find((s) => s.label === 'cURL')?.code).toContain('"b": "kept"');
  });

  it('says so where the required fields alone do not fit', () => {
    const props = Object.fromEntries(Array.from({ length: 1_700 }, (_, i) => [`f${i}`, { type: 'string', required: true }]));
    const made = exampleOf({ type: 'object', fields: { opt: { type: 'object', fields: { x: { type: 'string' } } }, ...props } }, ctx, 'request');
    expect(Object.keys(made?.value as object)).not.toContain('opt');
    expect(exampleCutWords(made?.cuts)[0]).toMatch(/^Cut at the top level: the example leaves out \d+ required fields: .* as an example holds at most 1,500 values and about 32 KB\.$/);
  });
});

describe('named examples of different values (r14 L2)', () => {
  it('are shown one by one: "1" and 1 are two values; the same value under two names is one', async () => {
    const { analysis } = await importToSpec(F);
    const groups = block(item(siteViews(analysis), 'endpoints', 'get_items'), 'parameters')?.groups ?? [];
    const q = groups.find((g) => g.location === 'query')?.rows.find((r) => r.name === 'q');
    expect(q?.named).toEqual([
      { name: 'text', text: '1', alike: ['again'] },
      { name: 'number', text: '1' },
    ]);
  });
});

describe('what the spec keeps no mapping of: XML names and attributes, multipart encodings (T32u N-h, N-j)', () => {
  it('an XML example says its elements are the fields\' own, and a multipart one says what each part is sent as, never "the document states no other encoding"', async () => {
    const { analysis, result } = await importToSpec(F);
    // The import leaves `xml` and `encoding` out, and says so (for the interchange: T32u N-h, N-j).
    const said = JSON.stringify(result);
    expect(said).toContain('`xml`');
    expect(said).toContain('`encoding`');
    const page = item(siteViews(analysis), 'endpoints', 'put_thing');
    const [xml] = block(page, 'responses')?.responses[0]?.body.examples ?? [];
    expect(xml?.lang).toBe('xml');
    expect(xml?.encoding).toBe("Each field is an element of its own name, as OpenAPI writes XML where no xml mapping is stated: the spec keeps no XML names or attributes (an OpenAPI document's xml mapping is not kept: its import says so where it leaves one out).");
    const [form] = block(page, 'body')?.body.examples ?? [];
    expect(form?.text).toContain('Content-Type: application/octet-stream');
    expect(form?.encoding).toBe(
      "meta is a part of JSON text, as OpenAPI sends an object part (its Content-Type being application/json); file is a file part of Content-Type application/octet-stream, OpenAPI's default for a file; the spec states no other encoding of the parts (an OpenAPI document's encoding object is not kept: its import says so where it leaves one out).",
    );
    expect(form?.encoding).not.toContain('the document states');
  });
});
