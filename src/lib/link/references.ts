import { AREAS, areaModule, type AreaKey } from '../areas/index.ts';
import type { AddReference, ReferenceFound } from '../areas/area.ts';
import { areaOf, itemKey, type Spec } from '../model/spec.ts';

/** A mention of another item, where it is written and what it names. */
export interface Reference extends ReferenceFound {
  /** The file of the mention. */
  file: string;
  /** `area/item` of the mentioning item, or `area` for an area file. */
  source: string;
}

/** Every item-to-item reference that MODEL.md lists, in file order, as each area's module finds them. */
export function collectReferences(spec: Spec): Reference[] {
  return AREAS.flatMap((module) => {
    const area = areaOf(spec, module.key);
    return [fileReferences({ area: module.key, file: area.file, data: area.data }, area.key), ...area.items.map((item) => fileReferences({ area: module.key, item: item.id, file: item.file, data: item.data }, itemKey(item)))];
  }).flat();
}

/** The references one file makes (an area's own file, or an item), as its area's module finds them; `source` is its page. */
export function fileReferences(unit: { area: AreaKey; item?: string; file: string; data: unknown }, source: string): Reference[] {
  const refs: Reference[] = [];
  const sink: AddReference = (found) => refs.push({ ...found, file: unit.file, source });
  const module = areaModule(unit.area);
  if (unit.item === undefined) module.areaReferences?.(unit.data as never, sink);
  else module.references?.(unit.data as never, sink);
  return refs;
}


/** The references written at or under a path of a file, found through an index built once. */
export function referencesAt(references: readonly Reference[]): (file: string, at: readonly (string | number)[]) => Reference[] {
  const byFile = new Map<string, Reference[]>();
  for (const r of references) {
    const list = byFile.get(r.file);
    if (list) list.push(r);
    else byFile.set(r.file, [r]);
  }
  return (file, at) => (byFile.get(file) ?? []).filter((r) => at.length <= r.path.length && at.every((p, i) => r.path[i] === p));
}
