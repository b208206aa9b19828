import { stringify } from 'yaml';
import { areaModule, type AreaKey } from '../areas/index.ts';
import { facetFields } from '../facet/define.ts';

/**
 * A new item file with every facet it must state present and marked open, so the author sees
 * what to fill in. The area's module adds what the file needs besides (a limit's `kind`).
 */
export function scaffoldItem(area: AreaKey, id: string, options: { kind?: string } = {}): { text: string } | { error: string } {
  const items = areaModule(area).items;
  if (!items) return { error: `The ${area} area has no items; edit ${area}/_area.yaml instead.` };
  const base = items.scaffold?.(options) ?? {};
  if ('error' in base && typeof base.error === 'string') return { error: base.error };
  const data: Record<string, unknown> = { title: id, ...base };
  for (const { key, meta } of facetFields(items.schema, base)) if (!meta.optional && !meta.refinement) data[key] = { open: meta.question };
  return { text: stringify(data, { lineWidth: 0 }) };
}
