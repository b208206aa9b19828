import { posix } from 'node:path';
import { stringify } from 'yaml';
import { AREAS } from '../areas/index.ts';
import { AREA_FILE } from '../model/spec.ts';
import { schemaFile } from '../render/json-schema.ts';
import { modeline } from '../scaffold/modeline.ts';
import type { ImportResult } from './result.ts';

/** The content files of an import, each with its schema line; `dirFromRoot` is the spec folder from the repository root. */
export function importedFiles(result: ImportResult, dirFromRoot: string, schemaDir?: string): Array<{ path: string; text: string }> {
  const yaml = (data: unknown) => stringify(data, { lineWidth: 0, aliasDuplicateObjects: false });
  const header = (path: string, schema: string) => `${modeline(posix.join(dirFromRoot, path), schema, schemaDir)}\n# Imported from ${result.format}; what it did not say is open.\n`;
  const areas = AREAS.map((a) => {
    const path = `${a.key}/${AREA_FILE}`;
    return { path, text: `${header(path, schemaFile(a.key, 'area'))}${yaml(result.areas[a.key] ?? {})}` };
  });
  const items = result.items.map((i) => {
    const path = `${i.area}/${i.id}.yaml`;
    return { path, text: `${header(path, schemaFile(i.area, 'item'))}${yaml(i.data)}` };
  });
  return [...areas, ...items];
}
