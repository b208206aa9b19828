import { stringify } from 'yaml';
import { areaDef } from '../model/areas/index.ts';
import type { AreaKey } from '../model/facet-def.ts';

/**
 * A new item file with every facet present and marked open, so the author sees what to fill in.
 * Limits need a kind; it defaults to `quota`.
 */
export function scaffoldItem(area: AreaKey, id: string, kind = 'quota'): { text: string } | { error: string } {
  const def = areaDef(area);
  if (!def.items) return { error: `The ${area} area has no items; edit ${area}/_area.yaml instead.` };
  const base: Record<string, unknown> = area === 'limits' ? { kind } : {};
  const facets = def.items.facets(base).filter((f) => !f.optional && !f.refinement);
  if (area === 'limits' && facets.length === 0) return { error: `Unknown limit kind \`${kind}\`; use quota, size or timeout.` };
  const data: Record<string, unknown> = { title: id, ...base };
  for (const f of facets) data[f.key] = { open: f.question };
  return { text: stringify(data, { lineWidth: 0 }) };
}
