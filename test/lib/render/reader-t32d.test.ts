import { describe, expect, it } from 'vitest';
import type { DiscriminatorView, ShapeChildren, ShapeView } from '../../../src/lib/index.ts';
import { childrenHeading, errorWords, namedTypeWords, requiredWords } from '../../../src/lib/index.ts';
import { importToSpec } from '../../interchange/helpers.ts';
import { blockOf as block, itemOf as item, siteViews, specFrom } from '../../helpers.ts';

// t32s (session 11), /work/notes/s11/t32s/README.md; fixtures in test/fixtures/interchange/t32s/.
const KINDS = 'test/fixtures/interchange/t32s/inheritance-kinds.yaml';

/** The names of a list of shapes, and of the fields under each. */
const names = (c: ShapeChildren | undefined): string[] => (c?.shapes ?? []).map((s) => s.name ?? s.type?.text ?? '');
const fieldsOf = (s: ShapeView | undefined): ShapeChildren | undefined => s?.children.find((c) => c.kind === 'fields');
const kindsOf = (s: ShapeView | undefined): ShapeChildren | undefined => s?.children.find((c) => c.kinds !== undefined);

describe('a discriminator by inheritance, its base shown in place (t32s R9)', () => {
  it('shows each kind the base’s discriminator tells apart with the fields it adds, required ones marked', async () => {
    const { analysis } = await importToSpec(KINDS);
    const body = block(item(siteViews(analysis), 'endpoints', 'make_job'), 'body')?.body;
    const request = fieldsOf(body?.shape);
    expect(names(request)).toEqual(['output', 'format']);
    const output = request?.shapes[0]?.inline?.tree?.shape;
    // The base's own fields, then its kinds.
    expect(names(fieldsOf(output))).toEqual(['@odata.type', 'label']);
    const kinds = kindsOf(output);
    expect(kinds?.kinds).toEqual({ field: '@odata.type', base: 'Output' });
    expect(childrenHeading(output as ShapeView, kinds as ShapeChildren, false)).toBe('Kinds, one of');
    const asset = kinds?.shapes[0];
    expect(asset?.typeLink?.key).toBe('resources/AssetOutput');
    expect(asset?.inline?.descriptionHtml).toContain('An asset output.');
    // Only what the kind adds: the base's fields are the rows above.
    const added = fieldsOf(asset);
    expect(names(added)).toEqual(['assetName', 'codecs']);
    expect(added?.shapes.map((s) => [s.name, s.required?.text])).toEqual([
      ['assetName', 'true'],
      ['codecs', 'false'],
    ]);
    // A kind's field of a base type shows that base's kinds in turn (Codec → H264Codec's required `layers`).
    const codec = added?.shapes[1]?.children.find((c) => c.kind === 'items')?.shapes[0]?.inline?.tree?.shape;
    const h264 = kindsOf(codec)?.shapes[0];
    expect(h264?.typeLink?.key).toBe('resources/H264Codec');
    expect(names(fieldsOf(h264))).toEqual(['layers']);
  });

  it('shows a chain of subtypes, each kind with what it adds below the base (Format → MultiBitrateFormat → Mp4Format)', async () => {
    const { analysis } = await importToSpec(KINDS);
    const body = block(item(siteViews(analysis), 'endpoints', 'make_job'), 'body')?.body;
    const format = fieldsOf(body?.shape)?.shapes[1]?.inline?.tree?.shape;
    expect(names(fieldsOf(format))).toEqual(['kind', 'filenamePattern']);
    const kinds = kindsOf(format);
    expect(kinds?.shapes.map((s) => s.typeLink?.key)).toEqual(['resources/MultiBitrateFormat', 'resources/Mp4Format']);
    expect(names(fieldsOf(kinds?.shapes[0]))).toEqual(['outputFiles']);
    // Mp4Format's own `fragment` and what MultiBitrateFormat adds (from it), never the base's `kind` again.
    const mp4 = fieldsOf(kinds?.shapes[1]);
    expect(mp4?.shapes.map((s) => [s.name, s.origin?.label, s.required?.text])).toEqual([
      ['outputFiles', 'MultiBitrateFormat', 'false'],
      ['fragment', undefined, 'true'],
    ]);
  });

  it('leaves a base’s own page as it was: its kinds are linked from its mapping, not shown there', async () => {
    const { analysis } = await importToSpec(KINDS);
    const own = block(item(siteViews(analysis), 'resources', 'Output'), 'shape')?.shape;
    expect(own?.children.some((c) => c.kinds !== undefined)).toBe(false);
  });
});

const ONE_OF_REQUIRES = 'test/fixtures/interchange/t32s/one-of-requires.yaml';

describe('an object whose one-of lists the names each variant requires (t32s R6)', () => {
  it('says above its fields what every variant requires, and the choice between them, never "all optional"', async () => {
    const { analysis } = await importToSpec(ONE_OF_REQUIRES);
    const model = siteViews(analysis);
    for (const shape of [block(item(model, 'endpoints', 'PostDBRP'), 'body')?.body.inline?.tree?.shape, block(item(model, 'resources', 'DBRPCreate'), 'shape')?.shape]) {
      const fields = fieldsOf(shape);
      expect(names(fields)).toEqual(['orgID', 'org', 'bucketID', 'database', 'retention_policy', 'default']);
      expect(fields?.unionsRequire).toEqual({ always: ['bucketID', 'database', 'retention_policy'], choices: [[['orgID'], ['org']]] });
      expect(requiredWords(fields as ShapeChildren)).toBe('3 required by every variant below (bucketID, database, retention_policy), and orgID or org');
    }
  });

  it('keeps "all optional" and "N required" where no union requires more', () => {
    const row = (name: string, required: string): ShapeView => ({ id: name, anchor: '', name, required: { id: `${name}/required`, anchor: '', path: '', label: 'required', state: 'stated', text: required, blockedBy: [], blocks: [], links: [], depth: 0 }, flags: [], constraints: [], children: [], extras: [] });
    const facet = { id: 'f', anchor: '', path: '', label: 'fields', state: 'stated' as const, blockedBy: [], blocks: [], links: [], depth: 0 };
    expect(requiredWords({ kind: 'fields', facet, shapes: [row('a', 'false')] })).toBe('all optional');
    expect(requiredWords({ kind: 'fields', facet, shapes: [row('a', 'true'), row('b', 'false')] })).toBe('1 required');
    expect(requiredWords({ kind: 'fields', facet, shapes: [row('a', 'true'), row('b', 'false')], unionsRequire: { always: ['b'], choices: [] } })).toBe('1 required, 1 more required by every variant below (b)');
    expect(requiredWords({ kind: 'fields', facet, shapes: [row('a', 'false')], unionsRequire: { always: [], choices: [[['x', 'y'], ['z']]] } })).toBe('required by the variants below: x and y or z');
  });
});

const DISCRIMINATORS = 'test/fixtures/interchange/t32s/discriminator-partial.yaml';

/** Every discriminator a shape tree holds, depth first. */
function discriminators(s: ShapeView | undefined): DiscriminatorView[] {
  if (!s) return [];
  return [
    ...(s.discriminator ? [s.discriminator] : []),
    ...discriminators(s.inline?.tree?.shape),
    ...s.children.flatMap((c) => [...c.shapes, ...(c.unions ?? [])].flatMap(discriminators)),
  ];
}

describe('a discriminator that cannot work, or maps only some of its variants (t32s R13, R14)', () => {
  it('says where no variant has the discriminator’s field (R13)', async () => {
    const { analysis } = await importToSpec(DISCRIMINATORS);
    const model = siteViews(analysis);
    const [told] = discriminators(block(item(model, 'endpoints', 'getPaymentMethod'), 'responses')?.responses.find((r) => r.status === '200')?.body.inline?.tree?.shape);
    expect(told?.field).toBe('type');
    expect(told?.absent).toBe(true);
    // A discriminator whose variants have the field says nothing of it.
    const [offers] = discriminators(block(item(model, 'endpoints', 'getOffers'), 'responses')?.responses.find((r) => r.status === '200')?.body.inline?.tree?.shape);
    expect(offers?.field).toBe('Type');
    expect(offers?.absent).toBeUndefined();
  });

  it('gives the variants the mapping does not name their value by OpenAPI’s rule, each row marked (R14)', async () => {
    const { analysis } = await importToSpec(DISCRIMINATORS);
    const [told] = discriminators(block(item(siteViews(analysis), 'endpoints', 'getOffers'), 'responses')?.responses.find((r) => r.status === '200')?.body.inline?.tree?.shape);
    expect(told?.field).toBe('Type');
    expect(told?.mapping.map((m) => [m.value, m.type, m.implicit])).toEqual([
      ['Percent', 'Percent', undefined],
      ['ActiveConsumerOffer', 'ActiveConsumerOffer', true],
    ]);
  });
});

describe('a field whose type names a resource that is itself an all-of (t32s R3)', () => {
  it('writes the kind after the name, "PlayMediaIntent (all of its parts)", never "all of PlayMediaIntent"; a named scalar’s type before it', () => {
    const model = siteViews(
      specFrom({
        'resources/Intent.yaml': 'fields:\n  id: { type: string, required: true }\n',
        'resources/PlayMediaIntent.yaml': 'value:\n  type: all_of\n  of:\n    - Intent\n    - type: object\n      fields:\n        media: { type: string, required: false }\n',
        'resources/RuleTag.yaml': 'value:\n  type: string\n  max_length: 8\n',
        'resources/Handling.yaml': 'fields:\n  intent: { type: PlayMediaIntent, required: true }\n  tag: { type: RuleTag, required: false }\n',
      }),
    );
    const rows = block(item(model, 'resources', 'Handling'), 'shape')?.fields ?? [];
    expect(rows.map((r) => [r.name, namedTypeWords(r)])).toEqual([
      ['intent', { after: '(all of its parts)' }],
      ['tag', { before: 'string' }],
    ]);
  });
});

describe('a field whose own description already holds its type’s (t32s R8)', () => {
  it('says the type’s words once, as the field’s; a field with words of its own keeps the type’s beside them', async () => {
    const { analysis } = await importToSpec('test/fixtures/interchange/t32s/enum-words-twice.yaml');
    const body = block(item(siteViews(analysis), 'endpoints', 'list_payments'), 'responses')?.responses.find((r) => r.status === '200')?.body;
    const rows = fieldsOf(body?.shape)?.shapes ?? [];
    expect(rows.map((r) => r.name)).toEqual(['payment_status', 'other_status']);
    expect(rows[0]?.inline?.link.key).toBe('resources/PaymentStatusEnum');
    expect(rows[0]?.inline?.descriptionHtml).toBeUndefined();
    expect(rows[1]?.inline?.descriptionHtml).toContain('Initiated');
  });
});

describe('an error titled by its whole description (t32s R12)', () => {
  it('is named by its key where the title is sentences or holds a Markdown link; names and phrases read as before', () => {
    // Asana's components/responses, whose only words are their descriptions.
    expect(errorWords('This usually occurs because of a missing or malformed parameter. Check the documentation and the syntax of your request and try again.', 'BadRequest')).toEqual({ label: 'BadRequest', titled: false, phrase: false });
    expect(errorWords('You have exceeded one of the enforced rate limits in the API. See the [documentation on rate limiting](https://developers.asana.com/docs/#rate-limits) for more information.', 'TooManyRequests')).toEqual({ label: 'TooManyRequests', titled: false, phrase: false });
    expect(errorWords('See the [limits](https://example.com/limits)', 'Limited').titled).toBe(false);
    // As before (test/site/reader-pass12.test.ts reads them on a page).
    expect(errorWords('The detailed error response.', 'http-404')).toEqual({ label: 'The detailed error response', titled: true, phrase: true });
    expect(errorWords('Conflict on the thing', 'http-409')).toEqual({ label: 'Conflict on the thing', titled: true, phrase: false });
    expect(errorWords('http-410', 'http-410')).toEqual({ label: 'http-410', titled: false, phrase: false });
    expect(errorWords('Unexpected error', 'http-default')).toEqual({ label: 'Unexpected error', titled: true, phrase: true });
  });
});

describe('a form body with object fields, the document stating no encoding (t32s R7)', () => {
  it('says under the form’s and the multipart example that those fields are written as JSON; the JSON example says nothing', async () => {
    const { analysis } = await importToSpec('test/fixtures/interchange/t32s/form-objects.yaml');
    const examples = block(item(siteViews(analysis), 'endpoints', 'create_payment'), 'body')?.body.examples ?? [];
    const by = (type: string) => examples.find((e) => e.mediaType === type);
    expect(by('application/x-www-form-urlencoded')?.text).toContain('creditor_object=%7B');
    expect(by('application/x-www-form-urlencoded')?.encoding).toBe(
      "creditor_object and instructed_amount are written as JSON text in their fields: the spec states no encoding for them (an OpenAPI document's encoding object is not kept: its import says so where it leaves one out), and OpenAPI's form encoding defines none for a nested value.",
    );
    expect(by('multipart/form-data')?.encoding).toBe("creditor_object and instructed_amount are parts of JSON text, as OpenAPI sends an object part (its Content-Type being application/json); the spec states no other encoding of the parts (an OpenAPI document's encoding object is not kept: its import says so where it leaves one out).");
    expect(by('application/json')?.encoding).toBeUndefined();
  });
});
