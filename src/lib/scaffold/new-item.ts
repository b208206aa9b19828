import { posix } from 'node:path';
import { stringify } from 'yaml';
import { areaModule, isAreaKey, type AreaKey } from '../areas/index.ts';
import { AREA_FILE } from '../model/spec.ts';
import { facetFields } from '../facet/define.ts';
import { schemaFile } from '../render/json-schema.ts';
import { modeline } from './modeline.ts';

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

/**
 * A new area file (`<area>/_area.yaml`): the area's guide as comments, then every facet of the area
 * it must state, one a line, marked open (or as its module starts it: the purpose's placeholder
 * base address), as the seed's spec shows it.
 */
export function scaffoldArea(area: AreaKey): { text: string } {
  const module = areaModule(area);
  const preset = module.areaScaffold ?? {};
  const lines = (module.guide ?? []).map((line) => `# ${line}`);
  for (const { key, meta } of facetFields(module.schema, {})) {
    if (meta.optional || meta.refinement) continue;
    lines.push(`${key}: ${Object.hasOwn(preset, key) ? stringify(preset[key], { lineWidth: 0 }).trim() : '{ open: true }'}`);
  }
  return { text: `${lines.join('\n')}\n` };
}

/**
 * The whole text `specbench new` writes for a new file: the modeline, then the scaffold of an
 * area file (no `id`) or an item file. `fileFromRoot` is where the file goes, from the repository root.
 */
export function scaffoldFile(fileFromRoot: string, area: AreaKey, id?: string, options: { kind?: string; schemaDir?: string } = {}): { text: string } | { error: string } {
  const scaffold = id === undefined ? scaffoldArea(area) : scaffoldItem(area, id, options);
  if ('error' in scaffold) return scaffold;
  return { text: `${modeline(fileFromRoot, schemaFile(area, id === undefined ? 'area' : 'item'), options.schemaDir)}\n${scaffold.text}` };
}


/** What `specbench new` writes for a file of the spec folder (`events/_area.yaml`, `errors/not_found.yaml`), run from the repository root. */
export function newFileText(specDir: string, file: string, schemaDir?: string): string | undefined {
  const [area, name, ...rest] = file.split('/');
  if (area === undefined || name === undefined || rest.length > 0 || !isAreaKey(area) || !name.endsWith('.yaml')) return undefined;
  const id = name === AREA_FILE ? undefined : name.slice(0, -'.yaml'.length);
  const scaffold = scaffoldFile(posix.join(specDir, file), area, id, schemaDir === undefined ? {} : { schemaDir });
  return 'error' in scaffold ? undefined : scaffold.text;
}
