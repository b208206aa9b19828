import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importToSpec } from '../../interchange/helpers.ts';
import { blockOf as block, itemOf as item, siteViews } from '../../helpers.ts';

// t32r (session 10), the tester's mini2 (test/fixtures/interchange/t32r/mini2.json).
const MINI2 = 'test/fixtures/interchange/t32r/mini2.json';

describe('a request body of a type the document marks read-only (t32r N2)', () => {
  it('carries the flag on the body line and a word that the document sends a read-only type', async () => {
    const { analysis } = await importToSpec(MINI2);
    const body = block(item(siteViews(analysis), 'endpoints', 'make_place'), 'body')?.body;
    expect(body?.resource?.key).toBe('resources/Place');
    expect(body?.against).toEqual({
      flag: 'read-only',
      word: 'The document sends Place, a type it marks read-only: by the OpenAPI rules a read-only value is not sent in a request. The body is shown as the document states it.',
    });
    // A body of a type not so marked says nothing of it.
    expect(block(item(siteViews(analysis), 'endpoints', 'make_pair'), 'body')?.body.against).toBeUndefined();
  });
});

describe('an all-of that restates a field, or holds a one-of part (t32r N1)', () => {
  it('shows a field restated identically once, from both parts, with no second row', async () => {
    const { analysis } = await importToSpec(MINI2);
    const body = block(item(siteViews(analysis), 'endpoints', 'make_pair'), 'body')?.body;
    const fields = body?.inline?.tree?.shape.children.find((c) => c.kind === 'fields');
    expect(fields?.shapes.map((s) => s.name)).toEqual(['value', 'key']);
    const value = fields?.shapes[0];
    expect(value?.also).toBeUndefined();
    expect(value?.from?.map((f) => (typeof f === 'string' ? f : f.label))).toEqual(['PairBase', 'its own part']);
    // On the type's own page, the row shown is its own part's (its gap anchored there), not PairBase's borrowed one.
    const own = block(item(siteViews(analysis), 'resources', 'Pair'), 'shape');
    const ownFields = (own?.shape?.children ?? []).find((c) => c.kind === 'fields');
    expect(ownFields?.shapes.map((s) => [s.name, s.id, s.also, s.from?.map((f) => (typeof f === 'string' ? f : f.label))])).toEqual([
      ['value', 'resources/Pair/value/of/1/fields/value', undefined, ['PairBase', 'its own part']],
      ['key', 'resources/Pair/value/of/1/fields/key', undefined, undefined],
    ]);
  });

  it('names a one-of part among the parts and puts it after the merged fields', async () => {
    const { analysis } = await importToSpec(MINI2);
    const body = block(item(siteViews(analysis), 'endpoints', 'make_set'), 'body')?.body;
    const shape = body?.inline?.tree?.shape;
    expect(shape?.also).toBeUndefined();
    const fields = shape?.children.find((c) => c.kind === 'fields');
    expect(fields?.parts?.map((p) => ('own' in p ? p.label : p.label))).toEqual(['SetBase', 'one of (2)']);
    expect(fields?.shapes.map((s) => s.name)).toEqual(['setid']);
    expect(fields?.unions?.map((u) => u.children[0]?.combine)).toEqual(['one_of']);
  });
});

describe('a string body of a media type the page does not know (t32r D12)', () => {
  it('is not called binary', async () => {
    const text = { description: 'ok', content: { 'plain/text': { schema: { type: 'string' } }, 'image/png': { schema: { type: 'string', format: 'binary' } } } };
    const doc = { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: { '/t': { get: { operationId: 'get_text', responses: { '200': text } } } } };
    const file = join(await mkdtemp(join(tmpdir(), 'specbench-d12-')), 'd12.json');
    await writeFile(file, JSON.stringify(doc));
    const { analysis } = await importToSpec(file);
    const response = block(item(siteViews(analysis), 'endpoints', 'get_text'), 'responses')?.responses.find((r) => r.status === '200');
    const reasons = [response?.body, ...(response?.body.media ?? []).map((m) => m.body)].flatMap((b) => b?.noExample ?? []);
    expect(reasons).toContain('plain/text: the page does not know how a value is written in this media type');
    expect(reasons.filter((r) => r.includes('binary'))).toEqual(['image/png: a binary body has no example a page can show']);
  });
});
