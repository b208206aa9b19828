import { areaModule, isAreaKey, itemTitle, type AreaKey, type AreaModule } from '../../areas/index.ts';
import { isGap, isObj, own as ownValue, stated } from '../../facet/state.ts';
import { facetTree } from '../../gaps/tree.ts';
import type { FacetResult, FileAssessment, OwnerResult } from '../../gaps/types.ts';
import { areaOf, findItem, itemKey } from '../../model/spec.ts';
import { detailView, facetView } from './facet-view.ts';
import { machinePage } from './machine-view.ts';
import { boundExamples } from './example-budget.ts';
import { wholeLists } from './whole-lists.ts';
import { exampleBytes, printBytes } from './print.ts';
import { itemPath, itemScope, linkOnSite } from './paths.ts';
import { blockContext } from './blocks/context.ts';
import { blockHeading, referenceBlocks } from './blocks/index.ts';
import { titleIsLine, type ViewContext } from './site-index.ts';
import { EXAMPLE_BYTES } from '../example.ts';
import type { BlockView, FacetView, ItemView, LinkView, MachinePageView } from './views.ts';

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
  // Another item's list a page cuts links to where it is whole, as that item's pages place it (made once per item).
  const wholeAt = (id: string) => {
    const owner = id.split('/', 2).join('/');
    return owner === key ? undefined : ctx.shared(`whole-lists\u0000${owner}`, (c) => wholeLists(c, owner)).get(id);
  };
  const blockCtx = blockContext(ctx, key, own, itemScope(item.area, item.id), wholeAt);
  const blocks = module.layout ? referenceBlocks(blockCtx, key, item.data, module.layout(item.data)) : [];
  withholdLongSamples(blocks);
  boundExamples(blocks);
  const { used } = blockCtx;
  const continued = blockCtx.trees.continued();
  const view = (f: FacetResult) => ctx.shared(f, (c) => facetView(c, f));
  // The description is the page's opening prose; open or empty, it is a gap shown in its place.
  const descriptionFacet = own.byId.get(`${key}/description`);
  if (descriptionFacet) used.add(descriptionFacet.id);
  // The machine block shows the states and transitions, what they state and their gaps.
  if (blocks.some((b) => b.kind === 'machine')) {
    for (const f of walk.facets) if (IN_MACHINE.test(f.id)) used.add(f.id);
    for (const o of walk.owners) if (IN_MACHINE.test(o.id)) for (const [k] of o.details) used.add(`${o.id}/${k}`);
  }
  const externalDocs = externalDocsOf(ctx, ownValue(item.data, 'external_docs'), page);
  if (externalDocs) used.add(`${key}/external_docs`);
  const aside = asideOf(ctx, module, item.area, item.data, page);
  const extras = module.view?.(item.data, item.id) ?? {};
  const machine = extras.machine ? machinePage(ctx, extras.machine, item.id) : undefined;
  const lifecycles = lifecyclesOf(ctx, key);
  const description = stated(item.data.description);
  const { title, titleWhole } = boundedTitle(itemTitle(item.area, item));
  // An item titled by its line (an endpoint that states no title: `GET /apps/{name}`) says it once, as its title.
  const signature = blocks.find((b) => b.kind === 'signature');
  if (signature && item.data.title === undefined && extras.listing && titleIsLine(title, extras.listing)) signature.repeatsTitle = true;
  ctx.need(`in:${key}`);
  ctx.need(`out:${key}`);
  return {
    area: item.area,
    id: item.id,
    title,
    ...(titleWhole !== undefined ? { titleWhole } : {}),
    listing: extras.listing ?? {},
    path: page,
    ...ctx.index.editUrl(item.file),
    blocks,
    ...(continued.length > 0 ? { continued } : {}),
    printBytes: printBytes(blockCtx.trees.printed(), exampleBytes(blocks), analysis.spec.sources.size(item.file)),
    ...(machine ? { machine } : {}),
    ...(lifecycles.length > 0 ? { lifecycles } : {}),
    ...(description !== undefined ? { description, descriptionHtml: ctx.prose(description, page, 2) } : {}),
    ...(descriptionFacet && descriptionFacet.state !== 'stated' ? { descriptionUnstated: view(descriptionFacet) } : {}),
    ...(externalDocs ? { externalDocs } : {}),
    ...(aside ? { aside } : {}),
    file: item.file,
    quiet: blockCtx.quiet,
    coverage: analysis.assessment.byItem[key] ?? { stated: 0, total: 0 },
    gapCount: walk.facets.filter((f) => isGap(f.state)).length,
    facets: facetRows(ctx, walk, 2, used),
    linksTo: ctx.links(analysis.graph.outgoing.get(key), 'to'),
    linkedFrom: ctx.links(analysis.graph.incoming.get(key), 'from'),
  };
}

/**
 * What the print version must know of an item before any page renders: what it writes of it
 * (`printBytes`) and how many continued pages its trees cut, as `itemView` has them. Only its
 * blocks are made: the print version measures every item first, and the rest of a view (its
 * facets' rows, links, prose, machines) was a third of that work, made again by the item's pages.
 */
export function itemPrintSize(ctx: ViewContext, area: string, id: string): { printBytes: number; continued: number } | undefined {
  const { analysis } = ctx.index;
  const item = isAreaKey(area) ? findItem(analysis.spec, area, id) : undefined;
  const own = item && analysis.facetsOf(`${area}/${id}`) ? ctx.index.itemFacets(itemKey(item)) : undefined;
  if (!item || !own) return undefined;
  const module = areaModule(item.area);
  const blockCtx = blockContext(ctx, itemKey(item), own, itemScope(item.area, item.id));
  const blocks = module.layout ? referenceBlocks(blockCtx, itemKey(item), item.data, module.layout(item.data)) : [];
  withholdLongSamples(blocks);
  boundExamples(blocks);
  const continued = blockCtx.trees.continued().length;
  return { printBytes: printBytes(blockCtx.trees.printed(), exampleBytes(blocks), analysis.spec.sources.size(item.file)), continued };
}

/** How long a page's title is at most: its heading, above the method and path. */
export const TITLE_CHARS = 120;

/**
 * A page's title as its heading shows it: its first line, up to `TITLE_CHARS` (cut at the last
 * sentence's end, else the last space, within them, marked with an ellipsis), and, where it is cut,
 * the title whole, shown as the page's first words under its signature, so nothing is dropped and
 * the title reads as written (t32k #3: a 3,000-character summary made an h1 8,400 px tall on a
 * phone, the method and path below it).
 */
export function boundedTitle(full: string): { title: string; titleWhole?: string } {
  const line = full.split(/\r?\n/, 1)[0] ?? '';
  if (line.length === full.length && full.length <= TITLE_CHARS) return { title: full };
  let end = Math.min(line.length, TITLE_CHARS);
  if (end < line.length) {
    const head = line.slice(0, TITLE_CHARS);
    const sentence = Math.max(head.lastIndexOf('. '), head.lastIndexOf('? '), head.lastIndexOf('! '));
    const space = head.lastIndexOf(' ');
    end = sentence >= TITLE_CHARS / 3 ? sentence + 1 : space >= TITLE_CHARS / 3 ? space : TITLE_CHARS;
  }
  const title = line.slice(0, end).trimEnd();
  if (full.slice(end).trim() === '') return { title };
  return { title: end < line.length ? `${title} …` : title, titleWhole: full.trim() };
}

/**
 * A code sample longer than this is not written on the page: each sample writes the request body
 * whole, so a stated example of 225 KB was written ten times, 3.9 MB of one page (t32h). A sample
 * of a generated example (at most `EXAMPLE_BYTES` of JSON, written out by a language) stays.
 */
const SAMPLE_BYTES = 3 * EXAMPLE_BYTES;

/** Leaves out the code samples past `SAMPLE_BYTES`, saying which and pointing at the request body's examples, which show what they send. */
function withholdLongSamples(blocks: BlockView[]): void {
  const block = blocks.find((b) => b.kind === 'samples');
  if (block?.kind !== 'samples') return;
  const long = block.samples.filter((s) => s.code.length > SAMPLE_BYTES);
  if (long.length === 0) return;
  const body = blocks.find((b) => b.kind === 'body');
  const anchor = body ? blockHeading(body)?.slug : undefined;
  block.samples = block.samples.filter((s) => s.code.length <= SAMPLE_BYTES);
  block.withheld = { labels: long.map((s) => s.label), bytes: Math.max(...long.map((s) => s.code.length)), ...(anchor !== undefined ? { anchor } : {}) };
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

/**
 * What the area's own file says of an item (the summary and description of an endpoint's path),
 * read through the area's file, which the view then depends on; its description rendered from the
 * item's page.
 */
function asideOf(ctx: ViewContext, module: AreaModule, area: AreaKey, data: unknown, page: string): ItemView['aside'] {
  if (!module.aside) return undefined;
  const own = areaOf(ctx.index.analysis.spec, area);
  ctx.need(`file:${own.file}`);
  const aside = module.aside(data, own.data);
  if (!aside) return undefined;
  return { label: aside.label, ...(aside.summary !== undefined ? { summary: aside.summary } : {}), ...(aside.description !== undefined ? { descriptionHtml: ctx.prose(aside.description, page, 2) } : {}) };
}

/** Where to read more about an item or an area (an `external_docs`): its address as the site links it, and what is there. */
export function externalDocsOf(ctx: ViewContext, value: unknown, page: string): ItemView['externalDocs'] {
  if (!isObj(value) || typeof value.url !== 'string') return undefined;
  const description = typeof value.description === 'string' ? value.description : undefined;
  return { url: linkOnSite(value.url, `${ctx.base}${page}`), ...(description !== undefined ? { descriptionHtml: ctx.question(description, page) } : {}) };
}
