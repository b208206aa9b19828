import { AREAS, type AreaModule } from '../areas/index.ts';
import { childSchema, entrySchema, facetFields, type ChildMeta, type FacetField, type FacetMeta } from '../facet/define.ts';
import { idSegment } from '../facet/ids.ts';
import type { Path } from '../facet/path.ts';
import { facetState, isGap, isObj, isOpenValue, own } from '../facet/state.ts';
import { areaOf, itemKey, type Area, type Spec } from '../model/spec.ts';
import { markdownCode } from '../safety/markdown.ts';
import type { Assessment, Coverage, FacetResult, Misplaced, OwnerResult } from './types.ts';

/** Where the walk is: the owner's id and path, its file, and the label its facets get. */
interface Place {
  module: AreaModule;
  area: Area;
  item?: string;
  file: string;
  id: string[];
  at: Path;
  label: string;
}

/** What one assessment collects as it walks. */
interface Walk {
  spec: Spec;
  /** Refinements the spec's policy requires. */
  required: ReadonlySet<string>;
  facets: FacetResult[];
  owners: OwnerResult[];
  ids: Set<string>;
  duplicates: Misplaced[];
  ignored: Misplaced[];
  /** Facets whose stated value is held up by another gap (a payload by its resource's fields). */
  heldUp: Array<{ id: string; by: string }>;
}

/**
 * Computes every facet's state, the gaps, what blocks what, and coverage, from the facet metadata
 * the area modules attach to their schemas. The same walk for every area: no area is special here.
 */
export function assess(spec: Spec): Assessment {
  const required = new Set(spec.config.require);
  const walk: Walk = { spec, required, facets: [], owners: [], ids: new Set(), duplicates: [], ignored: [], heldUp: [] };
  for (const module of AREAS) {
    const area = areaOf(spec, module.key);
    visitOwner(module.schema, area.data, { module, area, file: area.file, id: [module.key], at: [], label: '' }, walk);
    for (const item of area.items) {
      const schema = module.items?.schema;
      if (schema) visitOwner(schema, item.data, { module, area, item: item.id, file: item.file, id: [module.key, item.id], at: [], label: '' }, walk);
    }
  }
  linkBlocks(walk.facets, walk.heldUp);
  const gaps = walk.facets.filter((f) => isGap(f.state));
  return { facets: walk.facets, gaps, owners: walk.owners, byArea: coverageByArea(walk.facets), byItem: coverageByItem(walk.facets), duplicates: walk.duplicates, ignored: walk.ignored };
}

function visitOwner(schema: Parameters<typeof facetFields>[0], owner: unknown, place: Place, walk: Walk): void {
  const fields = facetFields(schema, owner);
  const facetKeys = new Set(fields.map((f) => f.key));
  const details = isObj(owner) ? Object.entries(owner).filter(([key]) => !facetKeys.has(key)) : [];
  walk.owners.push({ id: place.id.join('/'), area: place.module.key, ...(place.item !== undefined ? { item: place.item } : {}), label: place.label, file: place.file, at: place.at, details });
  for (const field of fields) visit(owner, field, place, walk);
}

function visit(owner: unknown, { key, meta, value: valueSchema }: FacetField, place: Place, walk: Walk): void {
  const value = own(owner, key);
  const state = value === null && meta.acceptsNull ? 'stated' : facetState(value);
  // The metadata was attached to this owner's own schema, so the owner has the type it expects.
  const reason = meta.notApplicable?.(owner as never);
  const counted = !(meta.optional || meta.refinement) || state !== 'missing' || (meta.refinement !== undefined && walk.required.has(meta.refinement) && meta.notRequired?.(owner as never) !== true);
  // Most optional facets are not written: they are passed over before anything is built for them.
  if ((reason !== undefined && state === 'missing') || (reason === undefined && !counted)) return;
  const label = place.label ? `${place.label}: ${meta.label}` : meta.label;
  const at = [...place.at, key];
  if (reason !== undefined) {
    walk.ignored.push({ file: place.file, at, id: [...place.id, idSegment(key)].join('/'), message: `${label} is ignored: ${reason}.` });
    return;
  }
  const idParts = [...place.id, idSegment(key)];
  const id = idParts.join('/');
  // Where the facet is written, or, when it is not, its owner.
  const where = state === 'missing' ? place.at : at;
  if (walk.ids.has(id)) {
    walk.duplicates.push({ file: place.file, at: where, id, message: `${label[0]?.toUpperCase() ?? ''}${label.slice(1)} is written twice: both would be \`${id}\`, so only the first counts. Merge the two, or make them differ.` });
    return;
  }
  walk.ids.add(id);
  const by = state === 'stated' ? meta.heldUpBy?.(value) : undefined;
  if (by !== undefined) walk.heldUp.push({ id, by });
  const open = state === 'open' && isOpenValue(value) ? value : undefined;
  const pos = walk.spec.sources.get(place.file)?.locate(where, state !== 'missing') ?? { line: 1, column: 1 };
  walk.facets.push({
    id,
    area: place.module.key,
    ...(place.item !== undefined ? { item: place.item } : {}),
    label,
    state,
    ...(value !== undefined ? { value } : {}),
    ...(meta.prose ? { prose: true as const } : {}),
    ...(state === 'stated' && meta.show ? { shown: meta.show(value as never) } : {}),
    question: typeof open?.open === 'string' ? open.open : question(key, meta, place.area),
    ...(open?.owner !== undefined ? { owner: open.owner } : {}),
    ...(open?.link !== undefined ? { link: open.link } : {}),
    blockedBy: [...(meta.blockedBy?.(owner as never) ?? []).map((k) => [...place.id, idSegment(k)].join('/')), ...(open?.blocked_by ?? [])],
    blocks: [],
    file: place.file,
    at: where,
    line: pos.line,
    column: pos.column,
  });
  if (state === 'stated' && meta.children) visitChildren(value, valueSchema, meta.children, { ...place, id: idParts, at }, walk);
}

/** The facets inside a stated value: a map's entries, a list's elements, or the value's own. */
function visitChildren(value: unknown, valueSchema: FacetField['value'], children: ChildMeta, place: Place, walk: Walk): void {
  const entry = children.entry;
  if (entry) {
    // Each entry of the map is a facet of the map (responses by status).
    const schema = entrySchema(valueSchema);
    for (const name of isObj(value) ? Object.keys(value) : []) {
      const meta: FacetMeta<never> = { label: name, question: entry.question(markdownCode(name)), ...(entry.heldUpBy ? { heldUpBy: entry.heldUpBy } : {}), ...(entry.children ? { children: entry.children } : {}), ...(entry.prose ? { prose: true } : {}) };
      visit(value, { key: name, meta, value: schema }, { ...place, label: children.label(name) }, walk);
    }
    return;
  }
  const child = childSchema(valueSchema);
  if (!child) return;
  if (child.of === 'one') {
    if (isObj(value)) visitOwner(child.schema, value, { ...place, label: children.label('') }, walk);
    return;
  }
  if (child.of === 'map' && isObj(value)) {
    for (const [name, element] of Object.entries(value)) {
      if (isObj(element)) visitOwner(child.schema, element, { ...place, id: [...place.id, idSegment(name)], at: [...place.at, name], label: children.label(name) }, walk);
    }
  }
  if (child.of === 'list' && Array.isArray(value)) {
    value.forEach((element: unknown, index) => {
      const segment = children.id?.(element, index) ?? String(index);
      if (isObj(element)) visitOwner(child.schema, element, { ...place, id: [...place.id, segment], at: [...place.at, index], label: children.label(segment) }, walk);
    });
  }
}

function question(key: string, meta: FacetMeta<never>, area: Area): string {
  const inventory = meta.inventory;
  if (!inventory) return meta.question;
  const count = area.items.filter((i) => inventory.kind === undefined || own(i.data, 'kind') === inventory.kind).length;
  return count === 0 ? meta.question : `Is this the complete list of ${inventory.noun} (${count} listed)? If so, write \`${key}: complete\`.`;
}

/** Inverts blocked-by, and marks what stated values are held up by a gap (a payload by its resource's open fields). */
function linkBlocks(facets: FacetResult[], heldUp: ReadonlyArray<{ id: string; by: string }>): void {
  const byId = new Map(facets.map((f) => [f.id, f]));
  for (const f of facets) for (const b of f.blockedBy) byId.get(b)?.blocks.push(f.id);
  for (const { id, by } of heldUp) {
    const gap = byId.get(by);
    if (gap && isGap(gap.state)) gap.blocks.push(id);
  }
}

function tally(list: readonly FacetResult[]): Coverage {
  return { stated: list.filter((f) => f.state === 'stated' || f.state === 'none').length, total: list.length };
}

function coverageByArea(facets: readonly FacetResult[]): Assessment['byArea'] {
  const groups = new Map(AREAS.map((m) => [m.key, [] as FacetResult[]]));
  for (const f of facets) groups.get(f.area)?.push(f);
  return Object.fromEntries([...groups].map(([key, list]) => [key, tally(list)])) as Assessment['byArea'];
}

function coverageByItem(facets: readonly FacetResult[]): Record<string, Coverage> {
  const groups = new Map<string, FacetResult[]>();
  for (const f of facets) {
    if (f.item === undefined) continue;
    const key = itemKey({ area: f.area, id: f.item });
    const list = groups.get(key);
    if (list) list.push(f);
    else groups.set(key, [f]);
  }
  return Object.fromEntries([...groups].map(([key, list]) => [key, tally(list)]));
}
