import { AREAS, areaModule, type AreaKey, type AreaModule } from '../areas/index.ts';
import { childSchema, entrySchema, facetFields, type ChildMeta, type FacetField, type FacetMeta } from '../facet/define.ts';
import { idSegment } from '../facet/ids.ts';
import type { Path } from '../facet/path.ts';
import { facetState, isGap, isObj, isOpenValue, own } from '../facet/state.ts';
import { areaOf, itemKey, type Spec } from '../model/spec.ts';
import { markdownCode } from '../safety/markdown.ts';
import type { Assessment, Coverage, FacetResult, FileAssessment } from './types.ts';

/** Where a facet is written, 1-based; asked only for gaps, the facets whose place is shown. */
export type Locate = (at: Path, key: boolean) => { line: number; column: number };

/** One file the gap walk reads: an area's own file, or one item. */
export interface WalkUnit {
  area: AreaKey;
  item?: string;
  file: string;
  data: unknown;
}

/** What the walk of one file needs besides the file. */
export interface WalkContext {
  /** Refinements the spec's policy requires. */
  required: ReadonlySet<string>;
  /** How many items an area file's inventory lists (of one kind, for limits); only area files ask. */
  count?: (kind: string | undefined) => number;
  /** Where a gap is written; without it, gaps carry no line. */
  locate?: Locate;
  /** False: the owners are not listed (a file's result in the engine keeps none; its pages walk the file again). */
  owners?: boolean;
}

/** Where the walk is: the owner's id and path, its file, and the label its facets get. */
interface Place {
  module: AreaModule;
  item?: string;
  file: string;
  id: string[];
  at: Path;
  label: string;
}

/** What one walk collects. */
interface Walk extends FileAssessment {
  context: WalkContext;
  ids: Set<string>;
}

/**
 * The facets of one file (an area's own, or an item's), their states and questions, from the facet
 * metadata the area modules attach to their schemas. The same walk for every area: no area is
 * special here. What spans files (what blocks what, coverage) is `combine`'s.
 */
export function assessFile(unit: WalkUnit, context: WalkContext): FileAssessment {
  const module = areaModule(unit.area);
  const schema = unit.item === undefined ? module.schema : module.items?.schema;
  const walk: Walk = { context, facets: [], owners: [], ids: new Set(), duplicates: [], ignored: [], heldUp: [] };
  const id = unit.item === undefined ? [unit.area] : [unit.area, unit.item];
  if (schema) visitOwner(schema, unit.data, { module, ...(unit.item !== undefined ? { item: unit.item } : {}), file: unit.file, id, at: [], label: '' }, walk);
  const { context: _context, ids: _ids, ...found } = walk;
  return found;
}

/**
 * Computes every facet's state, the gaps, what blocks what, and coverage, for a whole spec at
 * once (the engine does the same file by file). `locate` gives a file's gaps their places.
 */
export function assess(spec: Spec, locate?: (file: string) => Locate | undefined): Assessment {
  const required = new Set(spec.config.require);
  const files: FileAssessment[] = [];
  const at = (file: string) => {
    const where = locate?.(file);
    return where ? { locate: where } : {};
  };
  for (const module of AREAS) {
    const area = areaOf(spec, module.key);
    const count = (kind: string | undefined) => area.items.filter((i) => kind === undefined || own(i.data, 'kind') === kind).length;
    files.push(assessFile({ area: module.key, file: area.file, data: area.data }, { required, count, ...at(area.file) }));
    for (const item of area.items) files.push(assessFile({ area: module.key, item: item.id, file: item.file, data: item.data }, { required, ...at(item.file) }));
  }
  return combine(files);
}

/** Several files' walks as one assessment: what blocks what across them, and coverage by area and item. */
export function combine(files: readonly FileAssessment[]): Assessment {
  const facets = files.flatMap((f) => f.facets);
  linkBlocks(facets, files.flatMap((f) => f.heldUp));
  return {
    facets,
    gaps: facets.filter((f) => isGap(f.state)),
    owners: files.flatMap((f) => f.owners),
    byArea: coverageByArea(facets),
    byItem: coverageByItem(facets),
    duplicates: files.flatMap((f) => f.duplicates),
    ignored: files.flatMap((f) => f.ignored),
  };
}

function visitOwner(schema: Parameters<typeof facetFields>[0], owner: unknown, place: Place, walk: Walk): void {
  const fields = facetFields(schema, owner);
  if (walk.context.owners !== false) {
    const facetKeys = new Set(fields.map((f) => f.key));
    const details = isObj(owner) ? Object.entries(owner).filter(([key]) => !facetKeys.has(key)) : [];
    walk.owners.push({ id: place.id.join('/'), area: place.module.key, ...(place.item !== undefined ? { item: place.item } : {}), label: place.label, file: place.file, at: place.at, details });
  }
  for (const field of fields) visit(owner, field, place, walk);
}

function visit(owner: unknown, { key, meta, value: valueSchema }: FacetField, place: Place, walk: Walk): void {
  const value = own(owner, key);
  const state = value === null && meta.acceptsNull ? 'stated' : facetState(value);
  // The metadata was attached to this owner's own schema, so the owner has the type it expects.
  const reason = meta.notApplicable?.(owner as never);
  const counted = !(meta.optional || meta.refinement) || state !== 'missing' || (meta.refinement !== undefined && walk.context.required.has(meta.refinement) && meta.notRequired?.(owner as never) !== true);
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
  const pos = isGap(state) ? walk.context.locate?.(where, state !== 'missing') : undefined;
  walk.facets.push({
    id,
    area: place.module.key,
    ...(place.item !== undefined ? { item: place.item } : {}),
    label,
    state,
    ...(value !== undefined ? { value } : {}),
    ...(meta.prose ? { prose: true as const } : {}),
    ...(state === 'stated' && meta.show ? { shown: meta.show(value as never) } : {}),
    question: typeof open?.open === 'string' ? open.open : question(key, meta, walk.context.count),
    ...(open?.owner !== undefined ? { owner: open.owner } : {}),
    ...(open?.link !== undefined ? { link: open.link } : {}),
    blockedBy: [...(meta.blockedBy?.(owner as never) ?? []).map((k) => [...place.id, idSegment(k)].join('/')), ...(open?.blocked_by ?? [])],
    blocks: [],
    file: place.file,
    at: where,
    ...(pos ? { line: pos.line, column: pos.column } : {}),
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

function question(key: string, meta: FacetMeta<never>, items: WalkContext['count']): string {
  const inventory = meta.inventory;
  if (!inventory) return meta.question;
  const count = items?.(inventory.kind) ?? 0;
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
