import { describe, expect, it } from 'vitest';
import { exampleCutWords, exampleOrCuts } from '../../../src/lib/render/example.ts';
import { firstExampleValue } from '../../../src/lib/render/site/body-examples.ts';
import { importToSpec } from '../../interchange/helpers.ts';
import { blockOf as block, itemOf as item, siteViews } from '../../helpers.ts';

// Issue 32: T32v's H-1, M-6 and M-7 (/work/notes/s15/t32v/README.md), through the site views the pages and code samples
// are made from, and the maker the mock uses; the fixture says where each shape comes from.
const F = 'test/fixtures/interchange/f32i/f32i.yaml';
const ctx = { resource: () => undefined };
const unique = (names: string) =>
  `Cut at the top level: the example leaves out ${names}, as fewer different values of ${names.includes(':') ? 'their' : 'its'} items were made than ${names.includes(':') ? 'their' : 'its'} \`min_items\` asks, each item differing (\`unique_items\`) and each one ${names.includes(':') ? 'their' : 'its'} items' shape allows; a list short of it, or with an item repeated or invented, would not fit.`;

describe('generated examples (T32v)', async () => {
  const { analysis } = await importToSpec(F);
  const views = siteViews(analysis);
  const example = (id: string) => {
    const page = item(views, 'endpoints', id);
    const [made] = block(page, 'body')?.body.examples ?? [];
    const curl = block(page, 'samples')?.samples.find((s) => s.label === 'cURL')?.code ?? '';
    return { value: JSON.parse(made?.text ?? 'null') as Record<string, unknown>, words: made?.cutWords ?? [], curl };
  };

  it('makes a unique list of different items its shape allows, else leaves it out and says so (H-1)', () => {
    const { value, words, curl } = example('unique');
    expect(value).toEqual({
      two: ['a', 'b'],
      pat: ['AA', 'AB'],
      bools: [true, false],
      codes: ['404', '000'],
      fmt: ['00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000001'],
      len: ['str', 'st2'],
    });
    // `Code`'s pattern (`^\d{3}$`, the item a named type) holds for the item made past its example.
    // No value exists for these: `enum [only]`, 3 integers in [1, 2], 2 different `Tag`s of `kind` x.
    expect(words).toEqual([unique('3 fields: one, ints, named')]);
    // The code samples send the same body and say the same.
    expect(curl.split('\n')[0]).toBe(`# ${unique('3 fields: one, ints, named')}`);
    expect(JSON.parse(/--data '([^']*)'/.exec(curl)?.[1] ?? 'null')).toEqual(value);
  });

  it('says a unique list that is the whole body, and one with too few values past the first', () => {
    const only = { type: 'array', min_items: 2, unique_items: true, items: { type: 'string', allowed: ['only'] } };
    expect(exampleOrCuts(only, ctx, 'request')).toEqual({ cuts: [{ at: '', why: 'unique', names: [] }] });
    const words = exampleCutWords([{ at: '', why: 'unique', names: [] }]);
    expect(words[0]).toMatch(/^Cut at the top level: the example leaves out the list it is, as fewer different values/);
    expect(firstExampleValue({ schema: only }, ctx, 'request')).toEqual({ unmade: `no value of its shape can be made without what it requires. ${words[0]?.replace(/\.$/, '')}` });
    // Numbers counted within the bounds by the step, never past them.
    const ints = { type: 'array', min_items: 3, unique_items: true, items: { type: 'integer', minimum: 10, maximum: 30, multiple_of: 10 } };
    expect(exampleOrCuts(ints, ctx, 'request')).toEqual({ value: [10, 20, 30] });
    expect(exampleOrCuts({ ...ints, min_items: 4 }, ctx, 'request')).toEqual({ cuts: [{ at: '', why: 'unique', names: [] }] });
  });

  it('tries the next variants of a one-of or any-of whose first cannot be made (M-6)', () => {
    expect(example('variants')).toMatchObject({ value: { items: [{ name: 'string' }], one: { name: 'string' }, any: 3 }, words: [] });
    // With a discriminator: the variant made whole, its value in the field.
    expect(example('told')).toMatchObject({ value: { kind: 'square', side: 0 }, words: [] });
  });

  it('says a list whose min_items is past what an example makes (M-7)', () => {
    const words = "Cut at the top level: the example leaves out the field many, as its `min_items` asks for more items than the 100 an example makes (a bound of the example's own, not the spec's).";
    const { value, words: said, curl } = example('big');
    expect(value).toEqual({ name: 'string' });
    expect(said).toEqual([words]);
    expect(curl.split('\n')[0]).toBe(`# ${words}`);
  });
});
