import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { AREAS, CONFIG_FILE, schemaFile, SCHEMA_DIR, CONFIG_SCHEMA_FILE } from '../../../src/lib/index.ts';
import { configSchema } from '../../../src/lib/model/config.ts';
import { mutatedSpec } from '../../fuzz/mutate.ts';
import { cli } from '../../helpers.ts';

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
const validator = (file: string) => {
  let v = compiled.get(file);
  if (!v) {
    v = ajv.compile(JSON.parse(readFileSync(join(SCHEMA_DIR, file), 'utf8')));
    compiled.set(file, v);
  }
  return v;
};

/** The zod schema and JSON Schema file a content file of the spec folder follows. */
function kindOf(path: string): { zod: ZodType; json: string } | undefined {
  if (path === CONFIG_FILE) return { zod: configSchema, json: CONFIG_SCHEMA_FILE };
  const [area, name] = path.split('/');
  const def = AREAS.find((a) => a.key === area);
  if (!def || !name) return undefined;
  if (name === '_area.yaml') return { zod: def.schema, json: schemaFile(def.key, 'area') };
  return def.items ? { zod: def.items.schema, json: schemaFile(def.key, 'item') } : undefined;
}

/** Whether zod and the JSON Schema agree on one file's data. */
function verdicts(path: string, data: unknown): { zod: boolean; ajv: boolean } | undefined {
  const kind = kindOf(path);
  if (!kind) return undefined;
  return { zod: kind.zod.safeParse(data).success, ajv: validator(kind.json)(data) === true };
}

function files(root: string): Array<{ path: string; text: string }> {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.yaml'))
    .map((e) => join(e.parentPath, e.name))
    .map((full) => ({ path: relative(root, full).split(sep).join('/'), text: readFileSync(full, 'utf8') }));
}

describe('the JSON Schemas', () => {
  it('are current with the zod schemas', async () => {
    expect((await cli(['schemas', '--check', SCHEMA_DIR])).code).toBe(0);
  });

  it.each(['content', 'test/fixtures/complete', 'test/fixtures/half-written', 'test/fixtures/hostile'])('accept every file of %s, as zod does', (root) => {
    const list = files(root);
    expect(list.length).toBeGreaterThan(0);
    for (const { path, text } of list) expect(verdicts(path, parse(text)), path).toEqual({ zod: true, ajv: true });
  });

  it('reject the broken corpus’ files that parse, as zod does', () => {
    const root = 'test/fixtures/broken';
    const rejected: string[] = [];
    for (const c of readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory())) {
      for (const { path, text } of files(join(root, c.name, 'spec'))) {
        let data: unknown;
        try {
          data = parse(text, { logLevel: 'error' });
        } catch {
          continue; // a YAML error: neither schema gets to see it
        }
        const v = verdicts(path, data);
        if (!v) continue;
        expect(v.ajv, `${c.name}/${path}`).toBe(v.zod);
        if (!v.zod) rejected.push(`${c.name}/${path}`);
      }
    }
    expect(rejected).toEqual(expect.arrayContaining(['crlf/errors/not_found.yaml', 'wrong-kind/resources/get-order.yaml', 'id-with-slash/endpoints/get-order.yaml']));
  });

  it('agree with zod on 2,000 mutated files', () => {
    let compared = 0;
    let rejectedByBoth = 0;
    fc.assert(
      fc.property(mutatedSpec(), (specFiles) => {
        for (const [path, text] of specFiles) {
          let data: unknown;
          try {
            data = parse(text, { maxAliasCount: 100, logLevel: 'error' });
          } catch {
            continue;
          }
          if (data === null || typeof data !== 'object' || Array.isArray(data)) continue;
          const v = verdicts(path, data);
          if (!v) continue;
          compared++;
          if (!v.zod) rejectedByBoth++;
          expect(v.ajv, `${path}:\n${text}`).toBe(v.zod);
        }
      }),
      { numRuns: 2000 / 20, seed: 5 },
    );
    expect(compared).toBeGreaterThan(1000);
    expect(rejectedByBoth).toBeGreaterThan(10);
  });
});

describe('editor support', () => {
  it('every content file names its schema, and .vscode maps the folders', async () => {
    expect((await cli(['modelines', '--check', 'content'])).code).toBe(0);
    expect(readFileSync('content/endpoints/_area.yaml', 'utf8').split('\n')[0]).toBe('# yaml-language-server: $schema=../../src/schemas/endpoints.area.schema.json');
    const settings = JSON.parse(readFileSync('.vscode/settings.json', 'utf8')) as { 'yaml.schemas': Record<string, string[]> };
    for (const def of AREAS) {
      expect(settings['yaml.schemas'][`./${SCHEMA_DIR}/${schemaFile(def.key, 'area')}`]).toEqual([`**/${def.key}/_area.yaml`]);
      if (def.items) expect(settings['yaml.schemas'][`./${SCHEMA_DIR}/${schemaFile(def.key, 'item')}`]).toEqual([`**/${def.key}/[!_]*.yaml`]);
    }
  });
});
