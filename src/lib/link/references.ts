import { AREAS } from '../areas/index.ts';
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
  const refs: Reference[] = [];
  const sink = (file: string, source: string): AddReference => (found) => refs.push({ ...found, file, source });
  for (const module of AREAS) {
    const area = areaOf(spec, module.key);
    module.areaReferences?.(area.data, sink(area.file, area.key));
    for (const item of area.items) module.references?.(item.data, sink(item.file, itemKey(item)));
  }
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
