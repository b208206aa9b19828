import { areaModule, isAreaKey } from '../../areas/index.ts';
import { findItem, itemKey } from '../../model/spec.ts';
import { blockContext } from './blocks/context.ts';
import { referenceBlocks } from './blocks/index.ts';
import { continuedPath, itemPath, itemScope } from './paths.ts';
import type { ViewContext } from './site-index.ts';
import type { ShapeView } from './views.ts';

/** Where a list of rows is cut (`ShapeChildren.cut`, a block's or a parameter group's): only the first `shown` are on the page. */
const LISTS = ['shapes', 'fields', 'rows'] as const;

const isShape = (x: object): x is ShapeView => 'id' in x && 'anchor' in x && 'children' in x && 'flags' in x;

/**
 * Where each of an item's own shapes is whole, by id (and `id/discriminator` for a mapping too long for a page): for one whose long list of allowed values the
 * item's pages cut, the first continued page that lists them; for the others, the page that holds
 * its row (the item's page, or the continued page of the print version its budget put it on), at
 * its anchor. What another item's page links to for a shape's list (t32l #2: "and 8,960 more: on its
 * page" led to a resource page that its budget had cut before that field). Its blocks are made as
 * the item's page makes them, without these links of its own (no item's map waits on another's).
 */
export function wholeLists(ctx: ViewContext, key: string): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  const [area = '', id = ''] = key.split('/');
  const item = isAreaKey(area) ? findItem(ctx.index.analysis.spec, area, id) : undefined;
  const own = item ? ctx.index.itemFacets(itemKey(item)) : undefined;
  const module = item ? areaModule(item.area) : undefined;
  if (!item || !own || !module?.layout) return out;
  const scope = itemScope(item.area, item.id);
  const c = blockContext(ctx, itemKey(item), own, scope);
  const blocks = referenceBlocks(c, itemKey(item), item.data, module.layout(item.data));
  const walk = (x: unknown, page: string): void => {
    if (Array.isArray(x)) {
      for (const y of x) walk(y, page);
      return;
    }
    if (x === null || typeof x !== 'object') return;
    if (isShape(x) && x.anchor !== '' && !out.has(x.id)) out.set(x.id, x.allowedMore?.continued && x.allowedMore.path !== '' ? x.allowedMore.path : `${page}#${x.anchor}`);
    // Its mapping, where too long for a page: whole on the continued pages its own link leads to.
    if (isShape(x) && x.anchor !== '' && x.discriminator?.more?.continued && x.discriminator.more.path !== '' && !out.has(`${x.id}/discriminator`)) out.set(`${x.id}/discriminator`, x.discriminator.more.path);
    const cut = 'cut' in x && x.cut !== null && typeof x.cut === 'object' ? (x.cut as { shown?: number }) : undefined;
    for (const [k, v] of Object.entries(x)) {
      if (k === 'cut' || (cut && k === 'leftOut')) continue;
      // A cut list's rows past those shown are on a continued page, walked there.
      walk(cut && (LISTS as readonly string[]).includes(k) && Array.isArray(v) ? v.slice(0, cut.shown ?? 0) : v, page);
    }
  };
  walk(blocks, itemPath(item.area, item.id));
  c.trees.continued().forEach((shows, i) => walk(shows, continuedPath(scope, i + 2)));
  return out;
}
