import { describe, expect, it } from 'vitest';
import { importToSpec } from '../../interchange/helpers.ts';
import { blockOf as block, itemOf as item, siteViews } from '../../helpers.ts';
import { childrenHeading } from '../../../src/lib/render/site/shape-words.ts';

// Issue 32's fourth hostile round (t32t, /work/notes/s12/t32t/README.md), its defects read in the site's views;
// each fixture under test/fixtures/interchange/t32t/ says which S it comes from. The browser's part: test/browser/reader-t32e.test.ts.
const T = 'test/fixtures/interchange/t32t';

describe('a base address that ends in a slash (T32t S13)', () => {
  it('joins the signature’s base and path as the code samples do, with one slash', async () => {
    const { analysis } = await importToSpec(`${T}/site.yaml`);
    const sig = block(item(siteViews(analysis), 'endpoints', 'listPayees'), 'signature');
    expect(`${sig?.base}${sig?.cells.at(-1)?.text}`).toBe('https://api.sandbox.velopayments.com/v3/payees');
  });
});

describe('a referenced error response (T32t S3)', () => {
  it('says its own words under its status, as an error written in place does, the Markdown rendered', async () => {
    const { analysis } = await importToSpec(`${T}/site.yaml`);
    const responses = block(item(siteViews(analysis), 'endpoints', 'make_job'), 'responses')?.responses ?? [];
    const tooMany = responses.find((r) => r.status === '429')?.body;
    expect(tooMany?.error?.key).toBe('errors/TooMany');
    expect(tooMany?.errorSaid).toBe(
      '<p>You have exceeded one of the enforced rate limits in the API. See the <a href="https://developers.example.com/docs/#rate-limits">documentation on rate limiting</a> for more information.</p>',
    );
    // An error written in place keeps its words as the response's own, said once.
    const notFound = responses.find((r) => r.status === '404')?.body;
    expect(notFound?.description?.text).toBe('Job not found.');
    expect(notFound?.errorSaid).toBeUndefined();
  });
});

describe('an all-of written in place inside an all-of (T32t S4)', () => {
  it('says its own description once, as the words of the parts it became', async () => {
    const { analysis } = await importToSpec(`${T}/mini-new.yaml`);
    const body = block(item(siteViews(analysis), 'endpoints', 'put_item'), 'body')?.body;
    const fields = body?.shape?.children.find((c) => c.kind === 'fields');
    expect(fields?.parts?.map((p) => p.label)).toEqual(['part 1', 'part 2', 'part 3']);
    expect(fields?.partGroups?.map((g) => [g.label, g.description?.text])).toEqual([['part 1 + part 2', 'Tracked top level resource.']]);
    // The innermost part's words stay its own.
    expect(fields?.parts?.flatMap((p) => ('own' in p && p.description ? [[p.label, p.description.text]] : []))).toEqual([['part 1', 'Base resource.']]);
  });
});

describe('an all-of part that states no fields, `properties: {}` (T32t S7)', () => {
  it('merges as nothing: the type built on it reads as its merged fields, the empty part named among the parts', async () => {
    const { analysis } = await importToSpec(`${T}/mini-new.yaml`);
    const shape = block(item(siteViews(analysis), 'resources', 'Leaf'), 'shape')?.shape;
    expect(shape?.children.map((c) => [c.kind, c.combine])).toEqual([['fields', 'all_of']]);
    const fields = shape?.children[0];
    expect(fields?.parts?.map((p) => p.label)).toEqual(['Root', 'Middle', 'its own fields']);
    expect(fields?.shapes.map((s) => s.name)).toEqual(['_type', 'id', 'value']);
    // No other type's kinds offered inside Leaf's value (Thing, Person: Root's other descendants).
    expect(JSON.stringify(shape)).not.toContain('resources/Person');
  });
});

describe('a discriminator a type inherits from its base (T32t S8)', () => {
  it('shows the kinds built on the type, each with the fields it adds, where the type is used', async () => {
    const { analysis } = await importToSpec(`${T}/mini-new.yaml`);
    const body = block(item(siteViews(analysis), 'endpoints', 'get_things'), 'responses')?.responses[0]?.body;
    const provider = body?.shape?.children.find((c) => c.kind === 'fields')?.shapes.find((s) => s.name === 'provider');
    const thing = provider?.children.find((c) => c.kind === 'items')?.shapes[0]?.inline?.tree?.shape;
    const kinds = thing?.children.find((c) => c.kinds !== undefined);
    expect(kinds?.kinds).toEqual({ field: '_type', base: 'Thing' });
    expect(kinds?.shapes.map((k) => k.typeLink?.label)).toEqual(['Person']);
    expect(kinds?.shapes[0]?.children.find((c) => c.kind === 'fields')?.shapes.map((s) => s.name)).toEqual(['jobTitle']);
  });
});

describe('an all-of whose parts do not merge into fields (T32t S11)', () => {
  it('heads its parts "Parts", not "Variants" (a choice), under its "all of" line', async () => {
    const { analysis } = await importToSpec(`${T}/all-of-parts.yaml`);
    const body = block(item(siteViews(analysis), 'endpoints', 'searchRepo'), 'responses')?.responses[0]?.body;
    const field = body?.shape?.children.find((c) => c.kind === 'fields')?.shapes.find((s) => s.name === 'namespaceId');
    expect(field?.type?.text).toBe('all_of');
    const parts = field?.children.find((c) => c.combine === 'all_of');
    expect(parts && field ? childrenHeading(field, parts, true) : undefined).toBe('Parts');
    // Its one-of part still reads as a choice.
    const oneOf = parts?.shapes[1];
    const variants = oneOf?.children.find((c) => c.combine === 'one_of');
    expect(variants && oneOf ? childrenHeading(oneOf, variants, true) : undefined).toBe('Variants');
  });
});

describe('an all-of whose parts give one field two types (T32t S12)', () => {
  it('says on the row that no value fits both, and the generated examples leave the field out', async () => {
    const { analysis } = await importToSpec(`${T}/all-of-parts.yaml`);
    const page = item(siteViews(analysis), 'endpoints', 'createRecurringInvoice');
    const request = block(page, 'body')?.body;
    const discount = request?.inline?.tree?.shape.children.find((c) => c.kind === 'fields')?.shapes.find((s) => s.name === 'discount');
    expect(discount?.type?.text).toBe('object');
    expect(discount?.also?.map((a) => [a.type?.text, a.conflict])).toEqual([
      ['integer', 'The parts conflict: one states discount is an object, this one an integer; no value is both, so none fits it (a generated example leaves it out).'],
    ]);
    const response = block(page, 'responses')?.responses[0]?.body;
    for (const e of [...(request?.examples ?? []), ...(response?.examples ?? [])]) {
      expect(e.generated).toBe(true);
      expect(JSON.parse(e.text ?? '{}')).toEqual({ label: 'string', every: 'string' });
    }
    expect((request?.examples.length ?? 0) + (response?.examples.length ?? 0)).toBe(2);
  });
});

describe('a discriminator the document gives no kind to tell apart (T32t S5)', () => {
  it('says so beside it, in place and on the type’s page', async () => {
    const { analysis } = await importToSpec(`${T}/no-kinds.yaml`);
    const views = siteViews(analysis);
    const request = block(item(views, 'endpoints', 'putTask'), 'body')?.body;
    const properties = request?.shape?.children.find((c) => c.kind === 'fields')?.shapes.find((s) => s.name === 'properties');
    expect(properties?.discriminator).toMatchObject({ field: 'taskType', mapping: [], noKinds: true });
    const response = block(item(views, 'endpoints', 'putTask'), 'responses')?.responses[0]?.body;
    expect(response?.inline?.tree?.shape.discriminator).toMatchObject({ field: 'kind', mapping: [], noKinds: true });
    expect(block(item(views, 'resources', 'Task'), 'shape')?.shape?.discriminator).toMatchObject({ field: 'kind', noKinds: true });
    // A discriminator with kinds says nothing of the kind (mini-new's Root, whose kinds are built on it).
    const root = block(item(siteViews((await importToSpec(`${T}/mini-new.yaml`)).analysis), 'resources', 'Root'), 'shape')?.shape?.discriminator;
    expect(root?.mapping.length).toBeGreaterThan(0);
    expect(root?.noKinds).toBeUndefined();
  });
});
