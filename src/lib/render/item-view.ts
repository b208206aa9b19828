import { areaModule, isAreaKey } from '../areas/index.ts';
import { isGap, stated } from '../facet/state.ts';
import { facetTree } from '../gaps/tree.ts';
import type { FacetResult, FileAssessment, OwnerResult } from '../gaps/types.ts';
import { findItem, itemKey } from '../model/spec.ts';
import { detailView, facetView } from './facet-view.ts';
import { machinePage } from './machine-view.ts';
import { itemPath, itemScope } from './paths.ts';
import { referenceBuilder } from './reference.ts';
import type { ItemFacets, ViewContext } from './site-index.ts';
import type { FacetView, ItemView, LinkView, MachinePageView } from './views.ts';

/** No keys: an owner with no facets under it. */
const NONE: ReadonlySet<string> = new Set();

/** An id whose facets the machine block shows: a machine's states and transitions. */
const IN_MACHINE = /^[^/]+\/[^/]+\/(states|transitions)(\/|$)/;

/**
 * One item's page: the blocks its area lays out, its description, its state machine or the
 * machines of its lifecycle, whatever else it states, and its links both ways. Undefined for an
 * item the spec does not have.
 */
export function itemView(ctx: ViewContext, area: string, id: string): ItemView | undefined {
  const { analysis } = ctx.index;
  const item = isAreaKey(area) ? findItem(analysis.spec, area, id) : undefined;
  const walk = analysis.facetsOf(`${area}/${id}`);
  if (!item || !walk) return undefined;
  const key = itemKey(item);
  const module = areaModule(item.area);
  ctx.need(`file:${item.file}`);
  ctx.need('service');
  const own = ctx.index.itemFacets(key);
  if (!own) return undefined;
  const page = itemPath(item.area, item.id);
  // The item's own facets; a resource shown in place from the resource's, read through the
  // context (the page then follows the resource's file); anything else (a scheme's scope, the
  // area's body) looked up by id.
  const walks = new Map<string, ItemFacets | undefined>([[key, own]]);
  const walkOf = (id: string) => {
    const first = id.indexOf('/');
    const second = id.indexOf('/', first + 1);
    const k = second < 0 ? id : id.slice(0, second);
    if (first < 0 || (k !== key && !id.startsWith('resources/'))) return undefined;
    let found = walks.get(k);
    if (found === undefined && !walks.has(k)) {
      found = ctx.facetsOf(k);
      walks.set(k, found);
    }
    return found;
  };
  const lookup = (id: string) => {
    const w = walkOf(id);
    return w ? w.byId.get(id) : ctx.facet(id);
  };
  // A facet's view is the same on every page that shows it (a resource's fields shown in place on many): made once.
  const view = (f: FacetResult, depth = 0, hasChildren = false) => (depth === 0 && !hasChildren ? ctx.shared(f, (c) => facetView(c, f)) : facetView(ctx, f, depth, hasChildren));
  const builder = referenceBuilder({
    facets: { get: lookup, has: (fid) => lookup(fid) !== undefined },
    // An owner of a known item with no facets under it has none (an empty list), not unknown ones.
    under: {
      get: (oid) => {
        const w = walkOf(oid);
        return w ? (w.under.get(oid) ?? []) : undefined;
      },
    },
    keysUnder: (oid) => {
      const w = walkOf(oid);
      return w ? (w.keysUnder.get(oid) ?? NONE) : undefined;
    },
    owners: { get: (oid) => walkOf(oid)?.owners.get(oid) },
    view,
    detail: (owner, k, value) => ctx.shared(`detail\u0000${owner.id}\u0000${k}`, (c) => detailView(c, owner, k, value)),
    prose: (text, on) => ctx.prose(text, on),
    link: (a, i) => ctx.link(`${a}/${i}`, a),
    item: (a, i) => ctx.item(a, i),
    usedBy: (entry) => ctx.usedBy(entry),
    scope: itemScope(item.area, item.id),
    ...(ctx.index.service.baseUrl !== undefined ? { baseUrl: ctx.index.service.baseUrl } : {}),
  });
  const blocks = module.layout ? builder.blocks(key, item.data, module.layout(item.data)) : [];
  const { used } = builder;
  // The description is the page's opening prose; open or empty, it is a gap shown in its place.
  const descriptionFacet = own.byId.get(`${key}/description`);
  if (descriptionFacet) used.add(descriptionFacet.id);
  // The machine block shows the states and transitions, what they state and their gaps.
  if (blocks.some((b) => b.kind === 'machine')) {
    for (const f of walk.facets) if (IN_MACHINE.test(f.id)) used.add(f.id);
    for (const o of walk.owners) if (IN_MACHINE.test(o.id)) for (const [k] of o.details) used.add(`${o.id}/${k}`);
  }
  const extras = module.view?.(item.data, item.id) ?? {};
  const machine = extras.machine ? machinePage(ctx, extras.machine, item.id) : undefined;
  const lifecycles = lifecyclesOf(ctx, key);
  const description = stated(item.data.description);
  ctx.need(`in:${key}`);
  ctx.need(`out:${key}`);
  return {
    area: item.area,
    id: item.id,
    title: item.data.title ?? item.id,
    listing: extras.listing ?? {},
    path: page,
    ...ctx.index.editUrl(item.file),
    blocks,
    ...(machine ? { machine } : {}),
    ...(lifecycles.length > 0 ? { lifecycles } : {}),
    ...(description !== undefined ? { description, descriptionHtml: ctx.prose(description, page) } : {}),
    ...(descriptionFacet && descriptionFacet.state !== 'stated' ? { descriptionUnstated: view(descriptionFacet) } : {}),
    file: item.file,
    coverage: analysis.assessment.byItem[key] ?? { stated: 0, total: 0 },
    gapCount: walk.facets.filter((f) => isGap(f.state)).length,
    facets: facetRows(ctx, walk, 2, used),
    linksTo: ctx.links(analysis.graph.outgoing.get(key), 'to'),
    linkedFrom: ctx.links(analysis.graph.incoming.get(key), 'from'),
  };
}

/**
 * An owner's facets and the values it states besides them, in page order, minus those a
 * reference block already shows. `baseDepth` is the number of id segments of the owner.
 */
export function facetRows(ctx: ViewContext, walk: FileAssessment, baseDepth: number, used: ReadonlySet<string> = new Set()): FacetView[] {
  const owners = new Map<string, OwnerResult>(walk.owners.map((o) => [o.id, o]));
  return facetTree(walk.facets, baseDepth, walk.owners).flatMap((n) => {
    if (used.has(n.kind === 'facet' ? n.facet.id : n.id)) return [];
    if (n.kind === 'facet') return [facetView(ctx, n.facet, n.depth, n.hasChildren)];
    const owner = owners.get(n.id.slice(0, n.id.length - n.key.length - 1));
    return owner ? [detailView(ctx, owner, n.key, n.value, n.depth)] : [];
  });
}

/** The state machines of an item (a resource's lifecycle), each with its page drawn. */
function lifecyclesOf(ctx: ViewContext, key: string): Array<{ link: LinkView; machine: MachinePageView }> {
  ctx.need(`lifecycles:${key}`);
  const { index } = ctx;
  return index.machinesOf(key).flatMap((owner) => {
    const [area = '', id = ''] = owner.key.split('/');
    const item = isAreaKey(area) ? findItem(index.analysis.spec, area, id) : undefined;
    const machine = item ? areaModule(item.area).view?.(item.data, item.id).machine : undefined;
    const link = machine ? ctx.link(owner.key, owner.via) : undefined;
    if (!item || !machine || !link) return [];
    ctx.need(`file:${item.file}`);
    return [{ link, machine: machinePage(ctx, machine, item.id) }];
  });
}
