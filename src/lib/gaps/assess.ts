import type { z } from 'zod';
import { AREAS, areaModule, type AreaKey, type AreaModule } from '../areas/index.ts';
import { isResourceType } from '../areas/shape.ts';
import { childSchema, entrySchema, facetFields, type ChildMeta, type FacetField, type FacetMeta } from '../facet/define.ts';
import { idSegment } from '../facet/ids.ts';
import type { Path } from '../facet/path.ts';
import { closedAs, dataState, facetState, isGap, isObj, isOpenValue, own, stated } from '../facet/state.ts';
import { areaOf, itemKey, type Spec } from '../model/spec.ts';
import { markdownCode } from '../safety/markdown.ts';
import { statedAt, walkAcross } from './across.ts';
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

/**
 * What the engine keeps of one file's walk (`summarizeFile`): the facets a file's result reads (its
 * gaps, its stated prose, those blocked by others), how much of it is stated, and the rest as
 * `assessFile` gives it. No owners.
 */
export interface FileSummary extends Omit<FileAssessment, 'owners'> {
  coverage: Coverage;
}

/**
 * Where the walk is: the owner's id and path, its file, and the label its facets get. The id, the
 * path and the label are made only when something kept asks for them (most facets of a real spec
 * are stated values that are only counted): the id and path as links to the owner's, the label as
 * the function that writes it and the name it is written from.
 */
interface Place {
  module: AreaModule;
  item?: string;
  file: string;
  /** The owner's id, `/`-separated (see `idOf`). */
  id: IdStep;
  /** The owner's path (see `pathOf`). */
  at: Step | undefined;
  /** The owner's label: `label(name)`, or empty without `label`. */
  label?: ChildMeta['label'];
  name: string;
  /** The parts of one value (an `all_of`'s) the walk is inside: all of them, which one is walked, and where it begins in `at`. */
  parts?: readonly Parts[];
}

/** One step of a path, linked to the path above it; `depth` is the length of the path it ends. */
interface Step {
  up: Step | undefined;
  key: string | number;
  depth: number;
}

/** The path a step ends, as an array. */
function pathOf(step: Step | undefined): Path {
  const path = new Array<string | number>(step?.depth ?? 0);
  for (let s = step; s; s = s.up) path[s.depth - 1] = s.key;
  return path;
}

/** One step down a path. */
const stepDown = (up: Step | undefined, key: string | number): Step => ({ up, key, depth: (up?.depth ?? 0) + 1 });

/** An id: a whole one (an area's, an item's), or the id above it and one more segment (escaped by `idSegment` when it is a name), joined when first asked. */
type IdStep = string | { up: IdStep; segment: string; name: boolean; joined?: string };

function idOf(id: IdStep): string {
  if (typeof id === 'string') return id;
  return (id.joined ??= `${idOf(id.up)}/${id.name ? idSegment(id.segment) : id.segment}`);
}

/** The label a place gives its facets. */
const labelOf = (place: Place): string => (place.label ? place.label(place.name) : '');

/** A facet's label: its owner's, then its own. */
function facetLabel(place: Place, meta: FacetMeta<never>): string {
  const owner = labelOf(place);
  return owner ? `${owner}: ${meta.label}` : meta.label;
}

/** The id of the facet at `key` of a place's owner (made when something asks: a facet only counted needs none). */
const idBelow = (place: Place, key: string): IdStep => ({ up: place.id, segment: key, name: true });

/** The parts of one value, the index of the part being walked, and the length of `at` at that part. */
interface Parts {
  all: readonly unknown[];
  index: number;
  base: number;
}

/** What one walk collects. */
interface Walk extends FileAssessment {
  context: WalkContext;
  /**
   * The ids taken so far where two facets can share one: under a list whose elements do not all
   * have ids of their own (two transitions `a->b`). Nowhere else can they: an owner's keys differ
   * and each becomes one segment (`idSegment` writes no `/`), so an id names one place.
   */
  ids: Set<string> | undefined;
  /** Every facet is listed; otherwise only those a file's result reads (see `FileSummary`). */
  all: boolean;
  stated: number;
  total: number;
}

/**
 * The facets of one file (an area's own, or an item's), their states and questions, from the facet
 * metadata the area modules attach to their schemas. The same walk for every area: no area is
 * special here. What spans files (what blocks what, coverage) is `combine`'s.
 */
export function assessFile(unit: WalkUnit, context: WalkContext): FileAssessment {
  const { facets, owners, duplicates, ignored, heldUp } = walkFile(unit, context, true);
  return { facets, owners, duplicates, ignored, heldUp };
}

/**
 * The same walk, keeping only what a file's result reads: its gaps, its stated prose and the
 * facets blocked by others (in the order `assessFile` lists them), and how much of it is stated.
 * Most facets of a real spec are stated values nothing else reads, so they are counted, never built.
 */
export function summarizeFile(unit: WalkUnit, context: Omit<WalkContext, 'owners'>): FileSummary {
  const { facets, duplicates, ignored, heldUp, stated, total } = walkFile(unit, { ...context, owners: false }, false);
  return { facets, coverage: { stated, total }, duplicates, ignored, heldUp };
}

function walkFile(unit: WalkUnit, context: WalkContext, all: boolean): Walk {
  const module = areaModule(unit.area);
  const schema = unit.item === undefined ? module.schema : module.items?.schema;
  const walk: Walk = { context, facets: [], owners: [], ids: undefined, duplicates: [], ignored: [], heldUp: [], all, stated: 0, total: 0 };
  const id = unit.item === undefined ? unit.area : `${unit.area}/${unit.item}`;
  if (schema) visitOwner(schema, unit.data, { module, ...(unit.item !== undefined ? { item: unit.item } : {}), file: unit.file, id, at: undefined, name: '' }, walk);
  return walk;
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
  // What an all_of's part naming a resource answers, as the engine asks it (`across.ts`).
  const resource = (id: string) => areaOf(spec, 'resources').items.find((i) => i.id === id)?.data;
  return combine(files.map((f) => walkAcross(f, resource)));
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

/** An object schema's facets, which its data does not change (a union's branch depends on the data): the walk meets each schema thousands of times. */
const OBJECT_FIELDS = new WeakMap<z.ZodType, readonly FacetField[]>();

function fieldsOf(schema: z.ZodType, owner: unknown): readonly FacetField[] {
  if (schema.def.type !== 'object') return facetFields(schema, owner);
  let fields = OBJECT_FIELDS.get(schema);
  if (!fields) OBJECT_FIELDS.set(schema, (fields = facetFields(schema, owner)));
  return fields;
}

function visitOwner(schema: z.ZodType, owner: unknown, place: Place, walk: Walk): void {
  const fields = fieldsOf(schema, owner);
  if (walk.context.owners !== false) {
    const facetKeys = new Set(fields.map((f) => f.key));
    const details = isObj(owner) ? Object.entries(owner).filter(([key]) => !facetKeys.has(key)) : [];
    walk.owners.push({ id: idOf(place.id), area: place.module.key, ...(place.item !== undefined ? { item: place.item } : {}), label: labelOf(place), file: place.file, at: pathOf(place.at), details });
  }
  const written = isObj(owner) ? owner : undefined;
  const required = walk.context.required;
  for (const field of fields) {
    // A facet that is not written and may go unwritten (`visit`'s first test) is passed over before a call: most of a shape's facets are (85% of the fields of GitHub's spec).
    const { key, meta } = field;
    if ((meta.optional || meta.refinement) && !(written && Object.hasOwn(written, key)) && !(meta.refinement !== undefined && required.has(meta.refinement))) continue;
    visit(owner, field, place, walk);
  }
}

function visit(owner: unknown, { key, meta, value: valueSchema }: FacetField, place: Place, walk: Walk, ask?: () => string): void {
  const value = own(owner, key);
  const state = meta.data ? dataState(value) : facetState(value);
  const missing = state === 'missing';
  // What a part leaves to the others: nothing written, or only the bare question an import writes for `{}` (see `leftOpen`).
  const left = missing || (place.parts !== undefined && leftOpen(value));
  // Most optional facets are not written: they are passed over before anything is built for them.
  if (missing && (meta.optional || meta.refinement) && !(meta.refinement !== undefined && walk.context.required.has(meta.refinement) && meta.notRequired?.(owner as never) !== true)) return;
  // The metadata was attached to this owner's own schema, so the owner has the type it expects.
  const reason = meta.notApplicable?.(owner as never);
  if (reason !== undefined && missing) return;
  // A part that narrows what another part of the same value states (an all_of's part giving a field's allowed values) leaves the rest to it.
  if (left && place.parts !== undefined && answeredByAnotherPart(place, key, meta.data === true)) return;
  if (reason !== undefined) {
    walk.ignored.push({ file: place.file, at: pathOf(stepDown(place.at, key)), id: idOf(idBelow(place, key)), message: `${facetLabel(place, meta)} is ignored: ${reason}.` });
    return;
  }
  if (walk.ids !== undefined) {
    const id = idOf(idBelow(place, key));
    if (walk.ids.has(id)) {
      const label = facetLabel(place, meta);
      // Where the facet is written, or, when it is not, its owner.
      walk.duplicates.push({ file: place.file, at: missing ? pathOf(place.at) : pathOf(stepDown(place.at, key)), id, message: `${label[0]?.toUpperCase() ?? ''}${label.slice(1)} is written twice: both would be \`${id}\`, so only the first counts. Merge the two, or make them differ.` });
      return;
    }
    walk.ids.add(id);
  }
  const by = state === 'stated' ? meta.heldUpBy?.(value) : undefined;
  if (by !== undefined) walk.heldUp.push({ id: idOf(idBelow(place, key)), by });
  walk.total++;
  if (state === 'stated' || state === 'none') walk.stated++;
  const open = state === 'open' && isOpenValue(value) ? value : undefined;
  const named = meta.blockedBy?.(owner as never);
  const blocked = (named !== undefined && named.length > 0) || (open?.blocked_by !== undefined && open.blocked_by.length > 0);
  const children = state === 'stated' && meta.children ? meta.children : undefined;
  const parts = children !== undefined && meta.parts?.(owner as never) === true;
  // A summary builds only the facets a file's result reads; the others are counted above.
  if (!walk.all && !isGap(state) && !blocked && !(meta.prose && state === 'stated')) {
    if (children) visitChildren(value, valueSchema, children, { ...place, id: idBelow(place, key), at: stepDown(place.at, key) }, walk, parts);
    return;
  }
  const idStep = idBelow(place, key);
  const id = idOf(idStep);
  const label = facetLabel(place, meta);
  const step = stepDown(place.at, key);
  const at = pathOf(step);
  const where = missing ? pathOf(place.at) : at;
  const pos = isGap(state) ? walk.context.locate?.(where, !missing) : undefined;
  // A part beside it that names a resource may state it: the spec put together asks the resource.
  const answeredBy = left && place.parts !== undefined ? namedParts(place, key, meta.data === true) : [];
  walk.facets.push({
    id,
    area: place.module.key,
    ...(place.item !== undefined ? { item: place.item } : {}),
    label,
    state,
    ...(value !== undefined ? { value } : {}),
    ...(meta.prose ? { prose: true as const } : {}),
    ...(state === 'stated' && meta.show ? { shown: meta.show(value as never) } : {}),
    question: typeof open?.open === 'string' ? open.open : (ask?.() ?? question(key, meta, walk.context.count)),
    ...(open?.owner !== undefined ? { owner: open.owner } : {}),
    ...(open?.link !== undefined ? { link: open.link } : {}),
    blockedBy: [...(named ?? []).map((k) => `${idOf(place.id)}/${idSegment(k)}`), ...(open?.blocked_by ?? [])],
    blocks: [],
    file: place.file,
    at: where,
    ...(pos ? { line: pos.line, column: pos.column } : {}),
    ...(answeredBy.length > 0 ? { answeredBy } : {}),
  });
  if (children) visitChildren(value, valueSchema, children, { ...place, id: idStep, at: step }, walk, parts);
}

/**
 * A facet a part of an `all_of` leaves open with its question only (no owner, discussion or
 * blocker): what an import writes for a field the part names and types not (`f: {}`, or
 * `a: {nullable: false}` once its keyword is dropped). Another part that states it answers it, as
 * it answers a facet the part does not write; a question someone took up stays theirs to close.
 */
const leftOpen = (value: unknown): boolean => isOpenValue(value) && value.owner === undefined && value.link === undefined && value.blocked_by === undefined;

/**
 * Whether another part of a value the walk is inside states this facet at the same place inside it
 * as the part being walked (a field's type, which the narrowing part leaves out). A part's own
 * facets are its own: a part that states no type keeps that gap (the source gave none).
 */
function answeredByAnotherPart(place: Place, key: string, data: boolean): boolean {
  const path = pathOf(place.at);
  return (place.parts ?? []).some(({ all, index, base }) => {
    const within = path.slice(base);
    if (within.length === 0) return false;
    return all.some((part, other) => {
      if (other === index) return false;
      const value = own(statedAt(part, within), key);
      return closedAs(value, data);
    });
  });
}

/**
 * The resources that other parts of a value the walk is inside name (`- Pet`, `- type: Pet`), with
 * where inside each the facet would be: another file, which only the spec put together can read.
 */
function namedParts(place: Place, key: string, data: boolean): NonNullable<FacetResult['answeredBy']> {
  const path = pathOf(place.at);
  return (place.parts ?? []).flatMap(({ all, index, base }) => {
    const within = path.slice(base);
    if (within.length === 0) return [];
    return all.flatMap((part, other) => {
      const type = typeof part === 'string' ? part : isObj(part) && part.fields === undefined && part.of === undefined ? stated(part.type) : undefined;
      if (other === index || typeof type !== 'string' || !isResourceType(type)) return [];
      return [{ resource: type, at: [...within, key], ...(data ? { data: true as const } : {}) }];
    });
  });
}

/** The facets inside a stated value: a map's entries, a list's elements, or the value's own. */
function visitChildren(value: unknown, valueSchema: FacetField['value'], children: ChildMeta, place: Place, walk: Walk, parts = false): void {
  const entry = children.entry;
  if (entry) {
    // Each entry of the map is a facet of the map (responses by status).
    const schema = entrySchema(valueSchema);
    for (const name of isObj(value) ? Object.keys(value) : []) {
      // Its question is asked only of an entry that becomes a facet (`ask`).
      const meta: FacetMeta<never> = { label: name, question: '', ...(entry.heldUpBy ? { heldUpBy: entry.heldUpBy } : {}), ...(entry.children ? { children: entry.children } : {}), ...(entry.prose ? { prose: true } : {}) };
      visit(value, { key: name, meta, value: schema }, { ...place, label: children.label, name }, walk, () => entry.question(markdownCode(name)));
    }
    return;
  }
  const child = childSchema(valueSchema);
  if (!child) return;
  if (child.of === 'one') {
    if (isObj(value)) visitOwner(child.schema, value, { ...place, label: children.label, name: '' }, walk);
    return;
  }
  if (child.of === 'map' && isObj(value)) {
    for (const name of Object.keys(value)) {
      const element = value[name];
      if (isObj(element)) visitOwner(child.schema, element, { ...place, id: { up: place.id, segment: name, name: true }, at: stepDown(place.at, name), label: children.label, name }, walk);
    }
  }
  if (child.of === 'list' && Array.isArray(value)) {
    // Elements without ids of their own are told apart by their index, which no two share.
    const ids = children.id;
    const segments = ids ? value.map((element: unknown, index) => ids(element, index) ?? String(index)) : undefined;
    // Elements that share an id (or whose id is more than one segment) may give two facets one id: those are told apart from here.
    const shared = walk.ids === undefined && segments !== undefined && (new Set(segments).size < segments.length || segments.some((s) => s.includes('/')));
    if (shared) walk.ids = new Set();
    value.forEach((element: unknown, index) => {
      if (!isObj(element)) return;
      const segment = segments?.[index] ?? String(index);
      // Each part of one value is walked knowing the others, which may state what it leaves out.
      const below: Place = { ...place, id: { up: place.id, segment, name: false }, at: stepDown(place.at, index), label: children.label, name: segment };
      if (parts) below.parts = [...(place.parts ?? []), { all: value, index, base: (place.at?.depth ?? 0) + 1 }];
      visitOwner(child.schema, element, below, walk);
    });
    if (shared) walk.ids = undefined;
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
