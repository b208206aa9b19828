import type { Analysis } from '../analyze.ts';
import type { AreaData, AreaKey } from '../areas/index.ts';
import { PRIMITIVE_TYPES } from '../areas/shape.ts';
import { facetState, isObj, statedObj, type Obj } from '../facet/state.ts';
import { areaOf, type Item } from '../model/spec.ts';

/** The extension that carries open gaps into exported documents: `[{ id, question }]`. */
export const GAPS_EXTENSION = 'x-specbench-gaps';

const PRIMITIVES: ReadonlySet<string> = new Set(PRIMITIVE_TYPES);

/** A stated string, or undefined for none, open, placeholders and missing. */
export const text = (v: unknown): string | undefined => (typeof v === 'string' && facetState(v) === 'stated' ? v : undefined);

/** The items of an area, typed by its module. */
export const itemsOf = <K extends AreaKey>(a: Analysis, area: K): ReadonlyArray<Item<K>> => areaOf(a.spec, area).items;
export const areaData = <K extends AreaKey>(a: Analysis, area: K): AreaData<K> => areaOf(a.spec, area).data;

/** Gaps as the extension lists them, grouped once by owner; ask with an area and an item id. */
export function gapsByOwner(a: Analysis): (area: string, item?: string) => Array<{ id: string; question: string }> {
  const groups = new Map<string, Array<{ id: string; question: string }>>();
  for (const g of a.assessment.gaps) {
    const key = `${g.area}/${g.item ?? ''}`;
    const list = groups.get(key) ?? [];
    list.push({ id: g.id, question: g.question });
    groups.set(key, list);
  }
  return (area, item) => groups.get(`${area}/${item ?? ''}`) ?? [];
}

/** A JSON Schema for a spec type: a primitive or a reference to a resource schema. */
export function typeSchema(type: unknown, items: unknown, ref: (id: string) => Obj): Obj {
  if (typeof type !== 'string') return {};
  if (!PRIMITIVES.has(type)) return ref(type);
  if (type === 'array') return { type: 'array', items: typeof items === 'string' ? typeSchema(items, undefined, ref) : {} };
  return { type };
}

/** A resource as a JSON Schema object. */
export function resourceSchema(item: Item<'resources'>, ref: (id: string) => Obj): Obj {
  const d = item.data;
  const base: Obj = { ...(text(d.title) ? { title: d.title } : {}), ...(text(d.description) ? { description: d.description } : {}) };
  if (isObj(d.value)) return { ...base, ...fieldSchema(d.value, ref) };
  const fields = statedObj(d.fields);
  if (!fields) return { ...base, type: 'object' };
  const required = Object.entries(fields).filter(([, f]) => isObj(f) && f.required === true).map(([n]) => n);
  return {
    ...base,
    type: 'object',
    properties: Object.fromEntries(Object.entries(fields).map(([n, f]) => [n, isObj(f) ? fieldSchema(f, ref) : {}])),
    ...(required.length ? { required } : {}),
  };
}

function fieldSchema(f: Obj, ref: (id: string) => Obj): Obj {
  return {
    ...typeSchema(f.type, f.items, ref),
    ...(text(f.description) ? { description: f.description } : {}),
    ...(text(f.format) ? { format: f.format } : {}),
    ...(Array.isArray(f.allowed) && f.allowed.length ? { enum: f.allowed } : {}),
  };
}

/** The version to state in an exported document: the current version's id, else the first. */
export function versionOf(a: Analysis): string {
  const versions = itemsOf(a, 'versioning');
  return (versions.find((v) => v.data.status === 'current') ?? versions[0])?.id ?? '0.0.0';
}
