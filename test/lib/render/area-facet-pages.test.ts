import { describe, expect, it } from 'vitest';
import { pageOf } from '../../../src/lib/render/site/paths.ts';
import { areaPath, itemPath } from '../../../src/lib/render/site/paths.ts';
import { specAt } from '../../helpers.ts';
import { importToSpec } from '../../interchange/helpers.ts';
import type { Analysis } from '../../../src/lib/index.ts';

// Issue 32 (found on ix-api.net): with one error in a document its body is the errors area's own,
// and the gap links of that body pointed at /errors/body/, a page that is not built (404): the id
// `errors/body/schema/...` was read as an item `body`'s.

/** Every gap and facet of an analysis is shown on the page of its owner: its item's, or its area's. */
function everyFacetOnItsPage(analysis: Analysis) {
  const wrong = analysis.assessment.facets.filter((f) => pageOf(f.id) !== (f.item === undefined ? areaPath(f.area) : itemPath(f.area, f.item)));
  expect(wrong.map((f) => f.id)).toEqual([]);
  return analysis.assessment.facets.length;
}

describe('the page of a facet', () => {
  it('is the area’s page for what the area’s own file holds, at any depth (the errors area’s body)', async () => {
    const { analysis } = await importToSpec('test/fixtures/reader/pass7/04-allof-override-and-raw-tokens.yaml');
    expect(analysis.assessment.facets.some((f) => f.id.startsWith('errors/body/schema/') && f.item === undefined)).toBe(true);
    expect(everyFacetOnItsPage(analysis)).toBeGreaterThan(10);
    expect(pageOf('errors/body/schema/of/1/fields/status/type')).toBe('errors/');
    expect(pageOf('errors/http-400/body/schema/type')).toBe('errors/http-400/');
  });

  it('is right for every facet of the complete, half-written and hostile fixtures', async () => {
    for (const name of ['complete', 'half-written', 'hostile']) expect(everyFacetOnItsPage(await specAt(`test/fixtures/${name}`))).toBeGreaterThan(0);
  });
});
