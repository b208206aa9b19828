import { areaOf } from '../../model/spec.ts';
import { isObj, own, stated } from '../../facet/state.ts';
import { externalDocsOf } from './item-view.ts';
import { groupPath, itemGroups, readerOrder } from './navigation.ts';
import { areaPath } from './paths.ts';
import { serverVariables, type ViewContext } from './site-index.ts';
import type { AreaSummary, HomeOperations, HomeView, ItemSummary } from './views.ts';

/** Up to this many operations are listed one by one on the home page; past it, their groups (GitHub's 1,223 are 45 tags). */
export const HOME_OPERATIONS = 200;

/**
 * What the home page tells a reader before the workbench: the API's name, its summary and
 * description, its servers and base address, from the purpose area. Its operations come from the
 * areas' summaries the dashboard has already (`homeOperations`), so an edit to an endpoint builds
 * no view of the home page again.
 */
export function homeView(ctx: ViewContext): HomeView {
  const { analysis } = ctx.index;
  ctx.need('service');
  ctx.need('area:purpose');
  const purpose = areaOf(analysis.spec, 'purpose').data;
  const page = areaPath('purpose');
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const [summary, about, description] = [text(stated(purpose.summary)), text(stated(purpose.purpose)), text(purpose.description)];
  const servers = stated(purpose.servers);
  const externalDocs = externalDocsOf(ctx, own(purpose, 'external_docs'), page);
  return {
    ...(ctx.index.service.name !== undefined ? { name: ctx.index.service.name } : {}),
    ...(summary !== undefined ? { summary } : {}),
    ...(about !== undefined ? { purposeHtml: ctx.prose(about, page, 2) } : {}),
    ...(description !== undefined ? { descriptionHtml: ctx.prose(description, page, 2) } : {}),
    servers: (Array.isArray(servers) ? servers : []).flatMap((s) => {
      if (!isObj(s) || typeof s.url !== 'string') return [];
      const variables = serverVariables(s);
      return [{ url: s.url, ...(typeof s.name === 'string' ? { name: s.name } : {}), ...(typeof s.description === 'string' ? { descriptionHtml: ctx.question(s.description, page) } : {}), ...(variables.length > 0 ? { variables } : {}) }];
    }),
    ...(ctx.index.service.baseUrl !== undefined ? { baseUrl: ctx.index.service.baseUrl } : {}),
    ...(externalDocs ? { externalDocs } : {}),
  };
}

/**
 * The API's operations by group, as the home page lists them: the items of every area whose items
 * have a line (an endpoint's path, an event's channel), in the order a reader looks for them; one
 * by one where there are at most `HOME_OPERATIONS`, else their groups.
 */
export function homeOperations(areas: readonly AreaSummary[]): HomeOperations {
  return readerOrder(areas).flatMap((area) => {
    if (!area.items.some((i) => i.listing.line !== undefined)) return [];
    const listed = area.items.length <= HOME_OPERATIONS;
    // The area page lists items under their groups only where some have one.
    const tagged = area.items.some((i) => i.listing.groups?.length);
    // What the area's file says of each group, shown under the group's heading.
    const notes = new Map((area.groups ?? []).filter((g) => g.descriptionHtml !== undefined || g.externalDocs !== undefined).map((g) => [g.name, g]));
    return [{
      area: area.key,
      title: area.title,
      path: area.path,
      count: area.items.length,
      groups: itemGroups(area).map((g) => {
        const note = notes.get(g.name);
        return { name: g.name, path: tagged ? groupPath(area, g.anchor) : `${area.path}#items`, count: g.items.length, ...(note ? { note } : {}), ...(listed ? { items: g.items.map(operation) } : {}) };
      }),
    }];
  });
}

/** An operation as the home page lists it: its method (or kind), its path (or channel) and its title, where that says more than they do. */
const operation = (item: ItemSummary) => {
  const { badge, line } = item.listing;
  return { ...(item.titleIsLine ? {} : { title: item.title }), path: item.path, ...(badge !== undefined ? { badge } : {}), ...(line !== undefined ? { line } : {}) };
};
