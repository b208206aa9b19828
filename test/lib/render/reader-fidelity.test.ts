import { describe, expect, it } from 'vitest';
import type { ShapeView } from '../../../src/lib/index.ts';
import { importToSpec } from '../../interchange/helpers.ts';
import { blockOf, itemOf, siteViews } from '../../helpers.ts';

// Issue 32, found by its tester on ix-api.net: small slips between what a document states and what
// a reader sees. Each case of test/fixtures/reader/pass7/08-small-fidelity.yaml.

const FIXTURE = 'test/fixtures/reader/pass7/08-small-fidelity.yaml';

describe('what a reader sees is what the document states', async () => {
  const { analysis, result } = await importToSpec(FIXTURE);
  const model = siteViews(analysis);
  const thing = blockOf(itemOf(model, 'resources', 'Thing'), 'shape');
  const field = (name: string) => thing?.fields.find((s) => s.name === name) as ShapeView;

  it('a) an empty default is seen as the empty string', () => {
    expect(field('purchase_order').default?.text).toBe('""');
  });

  it('b) a string example that would pass for a number is quoted; a number is not', () => {
    expect(field('consuming_account').examples?.items).toEqual(['"2381982"']);
    expect(field('count').examples?.items).toEqual(['2381982']);
  });

  it('c) a body described in its type’s own words says it once', () => {
    const body = blockOf(itemOf(model, 'endpoints', 'postThing'), 'body')?.body;
    expect(body?.description?.html).toContain('A thing.');
    expect(body?.inline?.link.label).toBe('Thing');
    expect(body?.inline?.descriptionHtml).toBeUndefined();
  });

  it('e) an empty title states nothing and is not reported as a title of several lines', () => {
    expect(result.unmapped.filter((u) => /title/.test(u.pointer))).toEqual([]);
  });
});
