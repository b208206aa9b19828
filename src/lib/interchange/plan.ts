import type { Analysis } from '../analyze.ts';
import { AREA_KEYS } from '../areas/index.ts';
import type { ImportResult } from './result.ts';
import { importedFiles } from './write.ts';

/** What an import does to a spec folder: the files it removes and writes, or why it refuses. */
export type ImportPlan = { refuse: string } | { remove: string[]; write: Array<{ path: string; text: string }> };

/**
 * An import replaces a spec: it refuses to when the spec already states something (unless
 * forced), and removes the area folders' YAML files first, so nothing stale stays behind.
 */
export function importPlan(current: Analysis, existing: readonly string[], result: ImportResult, dir: string, force: boolean, schemaDir?: string): ImportPlan {
  const written = current.spec.areas.some((a) => a.items.length > 0) || current.assessment.facets.some((f) => f.state === 'stated' || f.state === 'none');
  if (written && !force) return { refuse: `${dir} already states things; importing would overwrite them. Use --force to replace the spec with the import.` };
  const remove = existing.filter((path) => AREA_KEYS.some((a) => path.startsWith(`${a}/`)) && /\.ya?ml$/.test(path));
  return { remove, write: importedFiles(result, dir, schemaDir) };
}
