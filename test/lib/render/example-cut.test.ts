import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commentText } from '../../../src/lib/render/sample-quote.ts';
import { importToSpec } from '../../interchange/helpers.ts';
import { blockOf as block, itemOf as item, siteViews } from '../../helpers.ts';

// t32r (session 10) N6: a generated example cut at a type cycle (Telegram's getChat: Chat -> Message -> Chat)
// or at the example budget (2,500 required fields, 1,231 kept) left out REQUIRED fields without a word, and
// so did every code sample. A cycle is now cut at an optional field first; a required field that must still be
// cut is said under the example and in a comment line of each sample.
const FIXTURE = 'test/fixtures/interchange/t32r/required-cut.yaml';

describe('a generated example never leaves out a required field silently', () => {
  it('cuts the Chat -> Message -> Chat cycle at an optional field, keeping the required chat', async () => {
    const { analysis } = await importToSpec(FIXTURE);
    const views = siteViews(analysis);
    const [made] = block(item(views, 'endpoints', 'get_chat'), 'responses')?.responses.find((r) => r.status === '200')?.body.examples ?? [];
    expect(made?.generated).toBe(true);
    const example = JSON.parse(made?.text ?? 'null') as { pinned: { message_id: unknown; chat: { id: unknown; pinned?: unknown } } };
    expect(example.pinned.chat.id).toBe(0);
    // The chat made again stops at its optional `pinned`: nothing required is left out, so nothing is said.
    expect(example.pinned.chat.pinned).toBeUndefined();
    expect(made?.cutWords).toBeUndefined();
    const samples = block(item(views, 'endpoints', 'send_message'), 'samples');
    expect(samples?.samples.find((s) => s.label === 'cURL')?.code).toContain('"chat": {');
  });

  it('says a cut in a cycle of required fields under the example and in every sample', async () => {
    const { analysis } = await importToSpec(FIXTURE);
    const views = siteViews(analysis);
    const endpoint = item(views, 'endpoints', 'send_loop');
    const [made] = block(endpoint, 'body')?.body.examples ?? [];
    expect(made?.generated).toBe(true);
    const word = 'Cut at yang.ying.yang: the example leaves out the required field ying, as its type, Ying, holds this place already (a cycle of required fields, which the example follows no further).';
    expect(made?.cutWords).toEqual([word]);
    const samples = block(endpoint, 'samples');
    expect(samples?.samples).toHaveLength(8);
    for (const s of samples?.samples ?? []) {
      const mark = ['cURL', 'Python', 'Ruby'].includes(s.label) ? '#' : '//';
      expect(s.code.split('\n'), s.label).toContain(`${mark} ${word}`);
    }
    expect(samples?.notes).toContain(word);
  });

  it('says the required fields the example budget leaves out, by name and count', async () => {
    const props = Object.fromEntries(Array.from({ length: 1_700 }, (_, i) => [`f${i}`, { type: 'string' }]));
    const doc = {
      openapi: '3.0.3',
      info: { title: 'Wide', version: '1' },
      paths: { '/wide': { post: { operationId: 'send_wide', requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Wide' } } } }, responses: { '204': { description: 'ok' } } } } },
      components: { schemas: { Wide: { type: 'object', required: Object.keys(props), properties: props } } },
    };
    const file = join(await mkdtemp(join(tmpdir(), 'specbench-wide-')), 'wide.json');
    await writeFile(file, JSON.stringify(doc));
    const { analysis } = await importToSpec(file);
    const endpoint = item(siteViews(analysis), 'endpoints', 'send_wide');
    const [made] = block(endpoint, 'body')?.body.examples ?? [];
    const kept = Object.keys(JSON.parse(made?.text ?? '{}') as object).length;
    expect(kept).toBeLessThan(1_700);
    const left = 1_700 - kept;
    expect(made?.cutWords).toEqual([`Cut at the top level: the example leaves out ${left.toLocaleString('en-US')} required fields: f${kept}, f${kept + 1}, f${kept + 2}, f${kept + 3}, f${kept + 4}, f${kept + 5}, f${kept + 6}, f${kept + 7} and ${(left - 8).toLocaleString('en-US')} more, as an example holds at most 1,500 values and about 32 KB.`]);
    const curl = block(endpoint, 'samples')?.samples.find((s) => s.label === 'cURL')?.code ?? '';
    expect(curl.startsWith(`# ${made?.cutWords?.[0] ?? 'none'}\ncurl `)).toBe(true);
  });

  it('writes a comment line no language reads past: printable ASCII, no backslash, no `?>`', () => {
    const text = commentText('a\nb\u2028c\\u000a d ?> e é');
    expect(text).toBe('aU+000AbU+2028cU+005Cu000a d ?U+003E e U+00E9');
    expect(text).toMatch(/^[\x20-\x5b\x5d-\x7e]*$/);
  });
});
