import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { BodyView } from '../../../src/lib/index.ts';
import { inMediaType } from '../../../src/lib/render/media-example.ts';
import { blockOf as block, siteViews, specFrom } from '../../helpers.ts';
import { importToSpec, OAS } from '../../interchange/helpers.ts';

const endpoint = (model: ReturnType<typeof siteViews>, id: string) => model.areas.find((a) => a.key === 'endpoints')?.items.find((i) => i.id === id);

/** The paths of a JSON value that hold lists, as the XML parser names them (`Pet.photoUrls`): those elements repeat. */
function listPaths(value: unknown, path: string, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    out.add(path);
    for (const v of value) listPaths(v, path, out);
  } else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) listPaths(v, `${path}.${k}`, out);
  return out;
}

describe('body examples', () => {
  it('give Petstore’s addPet, whose body is JSON or XML, an example in each: the XML carries what the JSON does', async () => {
    const { analysis } = await importToSpec(`${OAS}/3.0/json/petstore.json`);
    const body: BodyView | undefined = block(endpoint(siteViews(analysis), 'addPet'), 'body')?.body;
    expect(body?.mediaTypes).toEqual(['application/json', 'application/xml']);
    expect(body?.examples.map((e) => [e.mediaType, e.lang, e.generated])).toEqual([
      ['application/json', 'json', true],
      ['application/xml', 'xml', true],
    ]);
    expect(body?.noExample).toEqual([]);
    const json = JSON.parse(body?.examples[0]?.text ?? 'null');
    const lists = listPaths(json, 'Pet');
    const xml = new XMLParser({ isArray: (_name, path) => lists.has(String(path)) }).parse(body?.examples[1]?.text ?? '');
    expect(xml).toEqual({ Pet: json });
  });

  it('show a stated example of a URL-encoded form as written, then as the form sends it (GitHub’s webhooks state values already percent-encoded)', () => {
    const encoded = '%7B%22action%22%3A%22completed%22%7D';
    const analysis = specFrom({
      'events/_area.yaml': 'inventory: complete\n',
      'events/check-run.yaml': `payload:\n  content:\n    application/x-www-form-urlencoded:\n      schema: { type: object, fields: { payload: { type: string } } }\n      named_examples:\n        default: { value: { payload: "${encoded}" } }\n`,
    });
    const item = siteViews(analysis).areas.find((a) => a.key === 'events')?.items.find((i) => i.id === 'check-run');
    const body = block(item, 'body')?.body;
    const form = body?.media.find((m) => m.type === 'application/x-www-form-urlencoded')?.body ?? body;
    expect(form?.examples.map((e) => [e.name, e.mediaType, e.of, e.text])).toEqual([
      ['default', undefined, undefined, JSON.stringify({ payload: encoded }, null, 2)],
      [undefined, 'application/x-www-form-urlencoded', 'default', `payload=${encodeURIComponent(encoded)}`],
    ]);
  });

  it('show a body’s named examples first, each with its name and summary, and generate none beside them', async () => {
    const { analysis } = await importToSpec(`${OAS}/3.0/json/request-examples.json`);
    const body = block(endpoint(siteViews(analysis), 'post-requestBody-multi-media-types'), 'body')?.body;
    const json = body?.media.find((m) => m.type === 'application/json')?.body;
    expect(json?.examples.map((e) => [e.name, e.summary, e.mediaType, e.generated, JSON.parse(e.text ?? 'null')])).toEqual([
      ['cat', 'An example of a cat', 'application/json', undefined, { name: 'Fluffy', petType: 'Cat' }],
      ['dog', 'An example of a dog', 'application/json', undefined, { name: 'Buster', petType: 'Dog' }],
    ]);
    const text = body?.media.find((m) => m.type === 'text/plain')?.body;
    expect(text?.examples.map((e) => [e.name, e.text])).toEqual([['response', 'OK']]);
    // The code samples send the first media type's first named example.
    const curl = block(endpoint(siteViews(analysis), 'post-requestBody-multi-media-types'), 'samples')?.samples[0]?.code;
    expect(curl).toContain("--header 'Content-Type: text/plain'");
    expect(curl).toContain("--data 'OK'");
  });

  it('write a value in each media type that can carry it, and say why where one cannot', () => {
    const value = { name: 'Fluffy', tags: ['a', 'b'], owner: { id: 1 }, note: null };
    // An object field written as JSON, the document stating no encoding, is said (t32s R7).
    expect(inMediaType(value, 'application/x-www-form-urlencoded')).toEqual({
      text: 'name=Fluffy&tags=a&tags=b&owner=%7B%22id%22%3A1%7D&note=',
      lang: 'text',
      encoding: "owner is written as JSON text in its field: the spec states no encoding for it (an OpenAPI document's encoding object is not kept: its import says so where it leaves one out), and OpenAPI's form encoding defines none for a nested value.",
    });
    expect(inMediaType(value, 'multipart/form-data', undefined, ['name'])).toEqual({
      lang: 'text',
      encoding: "owner is a part of JSON text, as OpenAPI sends an object part (its Content-Type being application/json); name is a file part of Content-Type application/octet-stream, OpenAPI's default for a file; the spec states no other encoding of the parts (an OpenAPI document's encoding object is not kept: its import says so where it leaves one out).",
      text: [
        '------specbench',
        'Content-Disposition: form-data; name="name"; filename="name"',
        'Content-Type: application/octet-stream',
        '',
        "(the file's bytes)",
        '------specbench',
        'Content-Disposition: form-data; name="tags"',
        '',
        'a',
        '------specbench',
        'Content-Disposition: form-data; name="tags"',
        '',
        'b',
        '------specbench',
        'Content-Disposition: form-data; name="owner"',
        '',
        '{"id":1}',
        '------specbench',
        'Content-Disposition: form-data; name="note"',
        '',
        '',
        '------specbench--',
      ].join('\n'),
    });
    expect(inMediaType([{ id: 1 }, { id: 2 }], 'application/xml', 'Order')).toEqual({
      lang: 'xml',
      text: '<list>\n  <Order>\n    <id>1</id>\n  </Order>\n  <Order>\n    <id>2</id>\n  </Order>\n</list>',
      // The spec keeps no XML mapping, and the example says so (T32u N-h).
      encoding: "Each field is an element of its own name, as OpenAPI writes XML where no xml mapping is stated: the spec keeps no XML names or attributes (an OpenAPI document's xml mapping is not kept: its import says so where it leaves one out).",
    });
    expect(inMediaType('plain', 'text/plain; charset=utf-8')).toEqual({ text: 'plain', lang: 'text' });
    expect(inMediaType(value, 'text/csv')).toEqual({ reason: 'text/csv: the spec does not say how a structured value is written as text' });
    expect(inMediaType('x', 'image/png')).toEqual({ reason: 'image/png: a binary body has no example a page can show' });
    expect(inMediaType({ 'a b': 1 }, 'application/xml')).toEqual({ reason: 'application/xml: `a b` is no XML element name' });
    expect(inMediaType({ a: '\u0001' }, 'text/xml')).toEqual({ reason: 'text/xml: a value holds characters XML cannot carry' });
    expect(inMediaType({ a: 1 }, 'application/vnd.api+json')).toEqual({ text: '{\n  "a": 1\n}', lang: 'json' });
  });
});
