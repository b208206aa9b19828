import { describe, expect, it } from 'vitest';
import { importToSpec } from '../../interchange/helpers.ts';
import { blockOf as block, itemOf as item, siteViews } from '../../helpers.ts';

// Issue 32's fourth hostile round (t32t, /work/notes/s12/t32t/README.md), what its fixers left (S3's rest, S6, S10),
// read in the site's views; each fixture under test/fixtures/interchange/t32t/ says which S it comes from.
const T = 'test/fixtures/interchange/t32t';

describe('a referenced error response whose words are a description (T32t S3)', () => {
  it('is named by its key on its page and in every link to it, its words rendered as Markdown, never raw', async () => {
    const { analysis, result } = await importToSpec(`${T}/site.yaml`);
    const views = siteViews(analysis);
    const error = item(views, 'errors', 'TooMany');
    expect(error.title).toBe('TooMany');
    expect(error.titleWhole).toBeUndefined();
    expect(error.descriptionHtml).toBe(
      '<p>You have exceeded one of the enforced rate limits in the API. See the <a href="https://developers.example.com/docs/#rate-limits">documentation on rate limiting</a> for more information.</p>',
    );
    // "Links to:" on each operation that answers with it.
    for (const id of ['make_job', 'listPayees']) {
      const link = item(views, 'endpoints', id).linksTo.find((l) => l.key === 'errors/TooMany');
      expect(link?.label, id).toBe('TooMany');
    }
    // Under its status, its words as before (t32e), once.
    const tooMany = block(item(views, 'endpoints', 'make_job'), 'responses')?.responses.find((r) => r.status === '429')?.body;
    expect(tooMany?.errorSaid).toBe(error.descriptionHtml);
    // The words are kept whole, as the error's description, and exported back as the response's.
    expect(JSON.stringify(result.items.find((i) => i.area === 'errors' && i.id === 'TooMany')?.data)).toContain('"description":"You have exceeded');
  });
});

describe('a pattern the example generator meets (T32t S6)', () => {
  it('gets a text the pattern matches, in the examples and every code sample, or is left out and that said, never a placeholder the pattern refuses', async () => {
    const { analysis, source } = await importToSpec(`${T}/f32f.yaml`);
    const page = item(siteViews(analysis), 'endpoints', 'post-models');
    const schema = (source.components as { schemas: { Model: { properties: Record<string, { pattern?: string }> } } }).schemas.Model.properties;
    const said =
      'Cut at the top level: the example leaves out 2 fields: zip, tags, as no text was made that their patterns `/^[0-9]{5}$/i`, `/^[a-z]+$/` match (a pattern written between slashes, as a regular expression is in code: JSON Schema reads the slashes and any letters after them as characters of the text); a placeholder would not match them.';
    const examples = [...(block(page, 'body')?.body.examples ?? []), ...(block(page, 'responses')?.responses[0]?.body.examples ?? [])];
    expect(examples.length).toBe(2);
    for (const e of examples) {
      const value = JSON.parse(e.text ?? '{}') as Record<string, string>;
      expect(Object.keys(value)).toEqual(['modelId', 'createdTime', 'postprocessUrl', 'name', 'currency']);
      for (const [name, text] of Object.entries(value)) expect(text, name).toMatch(new RegExp(schema[name]?.pattern ?? '', 'u'));
      expect(value.modelId).toBe('las:model:a');
      expect(e.cutWords).toEqual([said]);
    }
    const samples = block(page, 'samples');
    expect(samples?.samples.length).toBeGreaterThan(3);
    for (const s of samples?.samples ?? []) {
      expect(s.code, s.label).toContain('las:model:a');
      expect(s.code, s.label).not.toContain('a string matching');
    }
    expect(samples?.notes).toContain(said);
  });
});

describe('an OpenAPI 3.1 type that lets null in, beside an enum that does not list it (T32t S10)', () => {
  it('is not read as nullable, its null example not kept, both said at import, and the example sends an allowed value', async () => {
    const { analysis, result } = await importToSpec(`${T}/f32f.yaml`);
    const at = '/paths/~1deployments/post/responses/200/content/application~1json/schema/properties/target';
    expect(result.unmapped.filter((u) => u.pointer.startsWith(at))).toEqual([
      { pointer: `${at}/type`, reason: 'its type lets the value be null, but its `enum` does not allow null, and JSON Schema holds both: null is not allowed, so the value is not kept as nullable' },
      { pointer: `${at}/examples/0`, reason: 'the example is `null`, not a string; it is not kept' },
    ]);
    const body = block(item(siteViews(analysis), 'endpoints', 'createDeployment'), 'responses')?.responses[0]?.body;
    const fields = body?.shape?.children.find((c) => c.kind === 'fields')?.shapes;
    expect(fields?.find((s) => s.name === 'target')?.flags.map((f) => f.label)).toEqual([]);
    // An enum that lists null keeps it nullable.
    expect(fields?.find((s) => s.name === 'stage')?.flags.map((f) => f.label)).toEqual(['field stage: nullable']);
    expect(body?.examples.map((e) => JSON.parse(e.text ?? 'null'))).toEqual([{ target: 'production', stage: 'a' }]);
  });
});

describe('a parameter whose named examples state one value under many names (T32t R11, datamigration)', () => {
  it('shows each value once, with every name that states it, in the order stated; an example that says more keeps its own line', async () => {
    const { analysis } = await importToSpec(`${T}/f32f.yaml`);
    const groups = block(item(siteViews(analysis), 'endpoints', 'Services_List'), 'parameters')?.groups ?? [];
    const row = (location: string, name: string) => groups.find((g) => g.location === location)?.rows.find((r) => r.name === name);
    expect(row('query', 'api-version')?.named).toEqual([
      { name: 'Operations_List', text: '2018-03-15-preview', alike: ['Services_List', 'Services_Usages'] },
      { name: 'Services_Old', summary: 'The version before', text: '2018-03-15-preview' },
    ]);
    expect(row('path', 'subscriptionId')?.named).toEqual([
      { name: 'Services_CheckNameAvailability', text: 'fc04246f-04c5-437e-ac5e-206a19e7193f', alike: ['Services_List'] },
      { name: 'Services_Usages', text: '90fb80a6-0f71-4761-8f03-921e7396f3c0' },
      { name: 'ListSkus', text: 'subid' },
    ]);
  });
});

describe('a body that is one text whose pattern no text is made for (T32t S6)', () => {
  it('has no made example, and says why where the example would be', async () => {
    const { analysis } = await importToSpec(`${T}/f32f.yaml`);
    const body = block(item(siteViews(analysis), 'endpoints', 'putCode'), 'body')?.body;
    expect(body?.examples).toEqual([]);
    expect(body?.noExample).toEqual(['application/json: no text was made that its pattern `/^[A-Z]{3}$/` matches, and a placeholder would not match it']);
  });
});
