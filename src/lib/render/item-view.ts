import { areaModule, isAreaKey } from '../areas/index.ts';
import { isGap, stated } from '../facet/state.ts';
import { facetTree } from '../gaps/tree.ts';
import type { FacetResult, FileAssessment, OwnerResult } from '../gaps/types.ts';
import { findItem, itemKey } from '../model/spec.ts';
import { detailView, facetView } from './facet-view.ts';
import { machinePage } from './machine-view.ts';
import { itemPath } from './paths.ts';
import { referenceBuilder } from './reference.ts';
import type { ViewContext } from './site-index.ts';
import type { FacetView, ItemView, LinkView, MachinePageView } from './views.ts';

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
  const own = ownFacets(walk);
  const prefix = `${key}/`;
  const view = (f: FacetResult, depth = 0, hasChildren = false) => facetView(ctx, f, depth, hasChildren);
  const builder = referenceBuilder({
    // The item's own facets from its walk; another page's (a scheme's scope, the area's body) looked up.
    facets: { get: (fid) => (fid.startsWith(prefix) ? own.byId.get(fid) : ctx.facet(fid)), has: (fid) => (fid.startsWith(prefix) ? own.byId.has(fid) : ctx.facet(fid) !== undefined) },
    under: own.under,
    owners: own.owners,
    view,
    detail: (owner, k, value) => detailView(ctx, owner, k, value),
    link: (a, i) => ctx.link(`${a}/${i}`, a),
    item: (a, i) => ctx.item(a, i),
    usedBy: (entry) => ctx.usedBy(entry),
    ...(ctx.index.service.baseUrl !== undefined ? { baseUrl: ctx.index.service.baseUrl } : {}),
  });
  const blocks = module.layout ? builder.blocks(key, item.data, module.layout(item.data)) : [];
  // The description is the page's opening prose; open or empty, it is a gap shown in its place.
  const descriptionFacet = own.byId.get(`${key}/description`);
  if (descriptionFacet) builder.used.add(descriptionFacet.id);
  // The machine block shows the states and transitions, what they state and their gaps.
  if (blocks.some((b) => b.kind === 'machine')) {
    for (const f of walk.facets) if (IN_MACHINE.test(f.id)) builder.used.add(f.id);
    for (const o of walk.owners) if (IN_MACHINE.test(o.id)) for (const [k] of o.details) builder.used.add(`${o.id}/${k}`);
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
    path: itemPath(item.area, item.id),
    ...ctx.index.editUrl(item.file),
    blocks,
    ...(machine ? { machine } : {}),
    ...(lifecycles.length > 0 ? { lifecycles } : {}),
    ...(description !== undefined ? { description, descriptionHtml: ctx.prose(description) } : {}),
    ...(descriptionFacet && descriptionFacet.state !== 'stated' ? { descriptionUnstated: view(descriptionFacet) } : {}),
    file: item.file,
    coverage: analysis.assessment.byItem[key] ?? { stated: 0, total: 0 },
    gapCount: walk.facets.filter((f) => isGap(f.state)).length,
    facets: facetRows(ctx, walk, 2, builder.used),
    linksTo: ctx.links(analysis.graph.outgoing.get(key), 'to'),
    linkedFrom: ctx.links(analysis.graph.incoming.get(key), 'from'),
  };
}

/** An item's facets by id, the facets directly under each id, and its owners by id. */
function ownFacets(walk: FileAssessment) {
  const byId = new Map(walk.facets.map((f) => [f.id, f]));
  const under = new Map<string, FacetResult[]>();
  for (const f of walk.facets) {
    const parent = f.id.slice(0, f.id.lastIndexOf('/'));
    const list = under.get(parent);
    if (list) list.push(f);
    else under.set(parent, [f]);
  }
  return { byId, under, owners: new Map(walk.owners.map((o) => [o.id, o])) };
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
