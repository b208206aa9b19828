import type { Path } from '../load/source.ts';
import { idSegment } from './ids.ts';
import { AREAS } from '../model/areas/index.ts';
import { AREA_KEYS, isObj, statedObj, type AreaDef, type AreaKey, type FacetDef, type Obj, type Refinement } from '../model/facet-def.ts';
import type { Area, Spec } from '../model/spec.ts';
import { GAP_STATES, facetState } from './facet-state.ts';
import type { Assessment, Coverage, FacetResult } from './types.ts';

interface Scope {
  area: AreaDef;
  item?: string;
  file: string;
  /** Spec-wide policy: refinements this spec requires. */
  required: ReadonlySet<Refinement>;
  spec: Spec;
  out: FacetResult[];
  /** Ids of facets whose stated value may name a resource (payloads). */
  payloads: Set<string>;
}

/** Computes every facet's state, the gaps, what blocks what, and coverage. */
export function assess(spec: Spec): Assessment {
  const resources = spec.areas.find((a) => a.key === 'resources');
  const required = new Set<Refinement>(Array.isArray(resources?.data.require) ? (resources.data.require as Refinement[]) : []);
  const facets: FacetResult[] = [];
  const payloads = new Set<string>();
  for (const def of AREAS) {
    const area = spec.areas.find((a) => a.key === def.key);
    if (area) walkArea(def, area, { area: def, file: area.file, required, spec, out: facets, payloads });
  }
  linkBlocks(facets, payloads);
  const gaps = facets.filter((f) => GAP_STATES.has(f.state));
  return { facets, gaps, byArea: coverageByArea(facets), byItem: coverageByItem(facets) };
}

function walkArea(def: AreaDef, area: Area, scope: Scope): void {
  for (const facet of def.facets) visit(area.data, facet, [def.key], [], '', { ...scope, file: area.file }, area);
  for (const item of area.items) {
    const itemScope = { ...scope, item: item.id, file: item.file };
    for (const facet of def.items?.facets(item.data) ?? []) visit(item.data, facet, [def.key, item.id], [], '', itemScope, area);
  }
}

function visit(owner: Obj, def: FacetDef, id: string[], at: Path, labelPrefix: string, scope: Scope, area: Area): void {
  if (def.applies && !def.applies(owner)) return;
  const value = owner[def.key];
  const state = facetState(value);
  const counted = !(def.optional || def.refinement) || state !== 'missing' || (def.refinement !== undefined && scope.required.has(def.refinement));
  if (!counted) return;
  const facetId = [...id, idSegment(def.key)];
  const facetAt = [...at, def.key];
  if (def.namesResource) scope.payloads.add(facetId.join('/'));
  const label = labelPrefix ? `${labelPrefix}: ${def.label}` : def.label;
  const open = state === 'open' && isObj(value) ? value : undefined;
  const source = scope.spec.sources.get(scope.file);
  const pos = source?.locate(state === 'missing' ? at : facetAt, state !== 'missing') ?? { line: 1, column: 1 };
  scope.out.push({
    id: facetId.join('/'),
    area: scope.area.key,
    ...(scope.item !== undefined ? { item: scope.item } : {}),
    label,
    state,
    ...(value !== undefined ? { value } : {}),
    question: typeof open?.open === 'string' ? open.open : question(def, area),
    ...(typeof open?.owner === 'string' ? { owner: open.owner } : {}),
    ...(typeof open?.link === 'string' ? { link: open.link } : {}),
    blockedBy: [
      ...(def.blockedBy?.(owner) ?? []).map((key) => [...id, key].join('/')),
      ...(Array.isArray(open?.blocked_by) ? open.blocked_by.map(String) : []),
    ],
    blocks: [],
    file: scope.file,
    at: state === 'missing' ? at : facetAt,
    line: pos.line,
    column: pos.column,
  });
  if (state === 'stated' && def.children) {
    for (const child of def.children(value)) {
      for (const c of child.facets) visit(child.owner, c, [...facetId, ...child.id], [...facetAt, ...child.at], child.label, scope, area);
    }
  }
}

function question(def: FacetDef, area: Area): string {
  if (!def.inventory) return def.question;
  const count = area.items.filter((i) => def.inventory?.kind === undefined || i.data.kind === def.inventory.kind).length;
  return count === 0 ? def.question : `Is this the complete list of ${def.inventory.noun} (${count} listed)? If so, write \`${def.key}: complete\`.`;
}

/** Inverts blocked-by, and marks stated payloads that name a resource whose fields are a gap. */
function linkBlocks(facets: FacetResult[], payloads: ReadonlySet<string>): void {
  const byId = new Map(facets.map((f) => [f.id, f]));
  for (const f of facets) for (const b of f.blockedBy) byId.get(b)?.blocks.push(f.id);
  for (const f of facets) {
    const resource = payloads.has(f.id) ? statedObj(f.value)?.resource : undefined;
    if (typeof resource !== 'string') continue;
    const fields = byId.get(`resources/${resource}/fields`);
    if (fields && GAP_STATES.has(fields.state)) fields.blocks.push(f.id);
  }
}

function tally(list: FacetResult[]): Coverage {
  return { stated: list.filter((f) => f.state === 'stated' || f.state === 'none').length, total: list.length };
}

function coverageByArea(facets: FacetResult[]): Record<AreaKey, Coverage> {
  return Object.fromEntries(AREA_KEYS.map((key) => [key, tally(facets.filter((f) => f.area === key))])) as Record<AreaKey, Coverage>;
}

function coverageByItem(facets: FacetResult[]): Record<string, Coverage> {
  const groups = new Map<string, FacetResult[]>();
  for (const f of facets) {
    if (f.item === undefined) continue;
    const key = `${f.area}/${f.item}`;
    const list = groups.get(key);
    if (list) list.push(f);
    else groups.set(key, [f]);
  }
  return Object.fromEntries([...groups].map(([key, list]) => [key, tally(list)]));
}

