import { z } from 'zod';
import { AREAS } from '../areas/index.ts';
import { configSchema } from '../model/config.ts';

/** Where the JSON Schemas live in the repository, for editors. */
export const SCHEMA_DIR = 'src/schemas';

/** The schema file of an area file or of the area's items. */
export function schemaFile(area: string, kind: 'area' | 'item'): string {
  return `${area}.${kind}.schema.json`;
}

export const CONFIG_SCHEMA_FILE = 'specbench.schema.json';

/** Every content kind's JSON Schema, from the zod schemas (zod 4's own conversion), in a stable order. */
export function jsonSchemas(): Array<{ file: string; text: string }> {
  const kinds = [
    ...AREAS.flatMap((a) => [
      { file: schemaFile(a.key, 'area'), title: `${a.title}: ${a.key}/_area.yaml`, schema: a.schema },
      ...(a.items ? [{ file: schemaFile(a.key, 'item'), title: `${a.title}: one ${a.items.noun} (${a.key}/<id>.yaml)`, schema: a.items.schema }] : []),
    ]),
    { file: CONFIG_SCHEMA_FILE, title: 'Specbench settings: specbench.yaml', schema: configSchema },
  ];
  return kinds.map(({ file, title, schema }) => {
    const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' });
    return { file, text: `${JSON.stringify({ ...json, title }, null, 2)}\n` };
  });
}
