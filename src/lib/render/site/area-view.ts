import { AREA_KEYS, areaModule, type AreaKey } from '../../areas/index.ts';
import { areaOf } from '../../model/spec.ts';
import { facetView } from './facet-view.ts';
import { own } from '../../facet/state.ts';
import { externalDocsOf, facetRows } from './item-view.ts';
import { areaPath } from './paths.ts';
import type { ViewContext } from './site-index.ts';
import type { AreaSummary, GroupNoteView } from './views.ts';

/** An area as its page, the dashboard, the gaps page and the sidebar show it: its own facets, its items summed up, and every gap in it. */
export function areaView(ctx: ViewContext, key: AreaKey): AreaSummary {
  const { analysis } = ctx.index;
  const module = areaModule(key);
  const area = areaOf(analysis.spec, key);
  ctx.need(`area:${key}`);
  ctx.need(`gaps:${key}`);
  const walk = analysis.facetsOf(key);
  const description = area.data.description;
  const gaps = analysis.assessment.gaps.filter((g) => g.area === key);
  const page = areaPath(key);
  // Where to read more, and what the file says of its items' groups: shown with the area's description and its groups, not again among its facets.
  const externalDocs = externalDocsOf(ctx, own(area.data, 'external_docs'), page);
  const groups = (module.groups?.(area.data) ?? []).map((g): GroupNoteView => {
    const docs = externalDocsOf(ctx, g.external_docs, page);
    return { name: g.name, ...(g.description !== undefined ? { descriptionHtml: ctx.prose(g.description, page) } : {}), ...(docs ? { externalDocs: docs } : {}) };
  });
  const placed = new Set([...(externalDocs ? [`${key}/external_docs`] : []), ...(module.groups ? [`${key}/tags`] : [])]);
  return {
    number: AREA_KEYS.indexOf(key) + 1,
    key,
    title: module.title,
    path: areaPath(key),
    ...ctx.index.editUrl(area.file),
    covers: module.covers,
    ...(module.items ? { noun: module.items.noun, plural: module.items.plural } : {}),
    file: area.file,
    ...(typeof description === 'string' ? { description, descriptionHtml: ctx.prose(description, page, 2) } : {}),
    ...(externalDocs ? { externalDocs } : {}),
    ...(groups.length > 0 ? { groups } : {}),
    coverage: analysis.assessment.byArea[key],
    gapCount: gaps.length,
    facets: walk ? facetRows(ctx, walk, 1, placed) : [],
    items: ctx.index.itemSummaries(key),
    gaps: gaps.map((g) => facetView(ctx, g)),
  };
}
