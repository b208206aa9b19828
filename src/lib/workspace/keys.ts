import { areaModule } from '../areas/index.ts';
import { facetFields } from '../facet/define.ts';
import { classify } from '../load/classify.ts';

/** A facet a file may state at its top level: its key, its label and the question it answers (what the guide's tables say of it). */
export interface FacetKey {
  key: string;
  label: string;
  question: string;
}

/** The facets of a content file's top level, as its area's module declares them (for an item, by the kind its data names: a limit's `kind`). */
export function facetKeys(file: string, data: unknown): FacetKey[] {
  const place = classify(file);
  if (!('area' in place)) return [];
  const module = areaModule(place.area);
  const schema = place.item === undefined ? module.schema : module.items?.schema;
  return schema ? facetFields(schema, data).map(({ key, meta }) => ({ key, label: meta.label, question: meta.question })) : [];
}
