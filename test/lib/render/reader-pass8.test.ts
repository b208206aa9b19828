import { describe, expect, it } from 'vitest';
import { AREAS, areaView, exportOpenApi, homeOperations, homeView, SiteIndex, type Analysis, type ShapeView } from '../../../src/lib/index.ts';
import { importToSpec } from '../../interchange/helpers.ts';
import { blockOf, itemOf, siteViews } from '../../helpers.ts';

// Issue 32, found by its tester after the seventh pass on wiremock, amadeus-flight-create-orders,
// Azure iotcentral and Streetlights: import artefacts and raw schema keys on a reader's path. Each
// case is a document of test/fixtures/reader/pass8/, imported through the real importer and read
// back through the real loader; the pages' HTML is read in test/site/reader-pass8.test.ts.

const PASS8 = 'test/fixtures/reader/pass8';

/** The home page's operations, from the areas' summaries as the site passes them. */
const operationsOf = (analysis: Analysis) => {
  const ctx = new SiteIndex(analysis).context(() => {});
  return homeOperations(AREAS.map((m) => areaView(ctx, m.key))).flatMap((o) => o.groups.flatMap((g) => g.items ?? []));
};

describe('an operation without a request body, and a schema’s own example (repro-04)', async () => {
  const { analysis } = await importToSpec(`${PASS8}/04-no-body-and-stated-example.yaml`);
  const model = siteViews(analysis);

  it('a) has no Request section: the import’s "none" stays with the authoring facts, as parameters stated as none do', () => {
    const shutdown = itemOf(model, 'endpoints', 'post-shutdown');
    expect(shutdown.blocks.map((b) => b.kind)).toEqual(['signature', 'responses', 'samples']);
    // An operation with a body keeps its Request section.
    expect(itemOf(model, 'endpoints', 'post-orders').blocks.map((b) => b.kind)).toEqual(['signature', 'body', 'responses', 'samples']);
    expect(shutdown.quiet.map((f) => [f.id, f.state, f.text])).toContainEqual(['endpoints/post-shutdown/request', 'none', 'The OpenAPI description declares none.']);
  });

  it('b) shows the schema’s stated example once, as stated (not "generated"), written out; its title names the body instead of a row', () => {
    const body = blockOf(itemOf(model, 'endpoints', 'post-orders'), 'body')?.body;
    expect(body?.examples).toEqual([
      { facetId: 'endpoints/post-orders/request/schema/examples', mediaType: 'application/json', lang: 'json', text: JSON.stringify({ data: { id: '1', note: 'a long example body' } }, null, 2) },
    ]);
    // Not again as a one-line "Examples" fact of the shape.
    expect(body?.shape?.examples).toBeUndefined();
    expect(body?.shape?.title).toBe('OrderQuery');
    expect(body?.shape?.extras.map((f) => f.label)).toEqual([]);
  });

  it('b) shows the stated example of the resource an error’s body carries once, as stated, not again as a row of the resource in place', () => {
    const response = blockOf(itemOf(model, 'endpoints', 'post-orders'), 'responses')?.responses.find((r) => r.status === '400');
    const carried = response?.body.errorBody?.body;
    expect(carried?.resource?.key).toBe('resources/Problem');
    expect(carried?.examples).toEqual([{ mediaType: 'application/json', lang: 'json', text: '{\n  "code": 477\n}' }]);
    const tree = carried?.inline?.tree?.shape;
    expect(tree?.children[0]?.shapes.map((f) => f.name)).toEqual(['code']);
    expect(tree?.examples).toBeUndefined();
    // The resource's own page still shows it among its facts.
    expect(blockOf(itemOf(model, 'resources', 'Problem'), 'shape')?.shape?.examples?.items).toEqual(['{"code":477}']);
  });
});

describe('the parts of an all_of and the variants of a one_of (repro-01)', async () => {
  const { analysis } = await importToSpec(`${PASS8}/01-combination-parts.yaml`);
  const shape = blockOf(itemOf(siteViews(analysis), 'endpoints', 'post-stubs'), 'body')?.body.shape;
  const field = (s: ShapeView | undefined, name: string) => s?.children.flatMap((c) => c.shapes).find((x) => x.name === name);

  it('an all_of of one part written in place is its fields, with what the part states besides them under its label', () => {
    const response = field(shape, 'response');
    expect(response?.extras).toEqual([]);
    const merged = response?.children[0];
    expect([merged?.kind, merged?.combine]).toEqual(['fields', 'all_of']);
    // Its stated `type object` is said under its label: nothing a part states is left off the page.
    expect(merged?.parts).toEqual([{ own: true, label: 'its own fields', extras: [expect.objectContaining({ id: 'endpoints/post-stubs/request/schema/fields/response/of/0/type', state: 'stated', text: 'object' })] }]);
    expect(merged?.shapes.map((s) => [s.name, s.part])).toEqual([['body', undefined], ['delay', undefined]]);
  });

  it('names each variant of a one_of by its title, not with a row of its own', () => {
    const variants = field(field(shape, 'response'), 'delay')?.children[0];
    expect(variants?.combine).toBe('one_of');
    expect(variants?.shapes.map((v) => [v.title, v.type?.text, v.extras.map((f) => f.label)])).toEqual([
      ['Log normal', 'object', []],
      ['Uniform', 'object', []],
    ]);
  });

  it('says what each of two parts states besides its fields once, as that part’s, and which part each field comes from; the open type stays a gap, not invented', () => {
    const filters = field(shape, 'filters');
    // Nothing of the parts among the combination's own facts (they read `type object`, `description Filter requests`).
    expect(filters?.extras).toEqual([]);
    const merged = filters?.children[0];
    const [first, second] = (merged?.parts ?? []).map((p) => ('own' in p ? p : undefined));
    expect([first?.label, first?.description?.text, first?.extras.map((f) => [f.id, f.text])]).toEqual(['part 1', 'Filter requests', [['endpoints/post-stubs/request/schema/fields/filters/of/0/type', 'object']]]);
    expect([second?.label, second?.description, second?.extras.map((f) => [f.id, f.state])]).toEqual(['part 2', undefined, [['endpoints/post-stubs/request/schema/fields/filters/of/1/type', 'missing']]]);
    expect(merged?.shapes.map((s) => [s.name, s.part])).toEqual([['ids', 'part 1'], ['url', 'part 2']]);
    expect(analysis.assessment.gaps.map((g) => g.id)).toContain('endpoints/post-stubs/request/schema/fields/filters/of/1/type');
  });
});

describe('an error response whose description is a Markdown table (repro-02)', async () => {
  const { analysis, result, source } = await importToSpec(`${PASS8}/02-multiline-error-description.yaml`);
  const original = ((source.components as Record<string, Record<string, { description: string }>>).responses?.BadRequest?.description ?? '');

  it('keeps the text as the error’s description, exactly; the error has no title made of it and is titled by its name', () => {
    const error = analysis.spec.areas.find((a) => a.key === 'errors')?.items.find((i) => i.id === 'BadRequest');
    expect(original).toContain('\n477  | INVALID FORMAT\n');
    expect(error?.data.description).toBe(original);
    expect(error?.data.title).toBeUndefined();
    expect(itemOf(siteViews(analysis), 'errors', 'BadRequest').title).toBe('BadRequest');
    expect(result.unmapped).toEqual([]);
  });

  it('exports the text back as it was written (a fixed point), and says nothing of it as not exported', () => {
    const exported = exportOpenApi(analysis) as { components: { responses: Record<string, { description: string }> }; 'x-specbench-unexported'?: Array<{ id: string }> };
    expect(exported.components.responses.BadRequest?.description).toBe(original);
    expect((exported['x-specbench-unexported'] ?? []).map((u) => u.id)).not.toContain('errors/BadRequest/description');
  });

  it('still makes a short one-line description the error’s title', async () => {
    const { analysis: short } = await importToSpec(`${PASS8}/02-one-line-error-description.yaml`);
    const error = short.spec.areas.find((a) => a.key === 'errors')?.items.find((i) => i.id === 'NotFound');
    expect([error?.data.title, error?.data.description]).toEqual(['The order does not exist.', undefined]);
    expect((exportOpenApi(short) as { components: { responses: Record<string, { description: string }> } }).components.responses.NotFound?.description).toBe('The order does not exist.');
  });
});

describe('an operation titled by its method and path (repro-03)', async () => {
  const { analysis } = await importToSpec(`${PASS8}/03-untitled-operation.yaml`);
  const model = siteViews(analysis);

  it('says them once: its line under the title keeps only the base address, the home page’s row has no title after them', () => {
    const page = itemOf(model, 'endpoints', 'Apps_Get');
    expect(page.title).toBe('GET /apps/{name}');
    expect(blockOf(page, 'signature')?.repeatsTitle).toBe(true);
    expect(operationsOf(analysis)).toEqual([{ path: 'endpoints/Apps_Get/', badge: 'GET', line: '/apps/{name}' }]);
    expect(new SiteIndex(analysis).itemSummaries('endpoints').map((i) => [i.title, i.titleIsLine])).toEqual([['GET /apps/{name}', true]]);
  });

  it('keeps the line of an operation with a title of its own', async () => {
    const { analysis: titled } = await importToSpec(`${PASS8}/04-no-body-and-stated-example.yaml`);
    const page = itemOf(siteViews(titled), 'endpoints', 'post-orders');
    expect(blockOf(page, 'signature')?.repeatsTitle).toBeUndefined();
    expect(new SiteIndex(titled).itemSummaries('endpoints').map((i) => i.titleIsLine)).toEqual([undefined, undefined]);
    expect(operationsOf(titled).map((i) => i.title)).toEqual(['Create an order', 'Shut down']);
  });
});

describe('prose headings (repro-05)', async () => {
  const { analysis } = await importToSpec(`${PASS8}/05-heading-levels.yaml`);

  it('start at h2 right under the page’s title (the home page), skipping no level below', () => {
    const home = homeView(new SiteIndex(analysis).context(() => {}));
    expect(home.purposeHtml?.match(/<h\d>[^<]*/g)).toEqual(['<h2>Features', '<h3>Detail']);
  });
});
