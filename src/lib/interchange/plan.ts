import type { Analysis } from '../analyze.ts';
import { AREA_KEYS } from '../areas/index.ts';
import { MAX_FILE_BYTES } from '../load/read-dir.ts';
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
  const write = importedFiles(result, dir, schemaDir);
  // A file `check` would refuse (`file-too-large`) is said before anything is written (t32i: the
  // import wrote a 2.9 MB file, said "Every element was mapped", and the spec failed its check).
  const bytes = new TextEncoder();
  const large = write.flatMap((f) => {
    const size = bytes.encode(f.text).length;
    return size > MAX_FILE_BYTES ? [`${f.path} would be ${(size / 1024 / 1024).toFixed(1)} MB`] : [];
  });
  if (large.length > 0) return { refuse: `${large.join('; ')}: a spec file holds at most ${MAX_FILE_BYTES / 1024 / 1024} MB (\`check\` refuses a larger one as file-too-large), and one item's file cannot be split. Nothing was written.` };
  return { remove, write };
}
