import { jsonSchemas, schemaForPath } from '../lib/index.ts';

type Json = { [key: string]: unknown };

const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A key a mapping may hold, with what its schema says of it. */
export interface KeyInfo {
  key: string;
  description?: string;
}

/** How far a schema's `$ref`s and branches are followed: the content's schemas nest far less. */
const MAX_STEPS = 64;

/**
 * The keys each content file's mappings may hold, read from the JSON Schemas editors get
 * (`jsonSchemas`, made from the zod schemas): the schema of the file's kind, walked along a data
 * path through `$ref`s, unions (`anyOf`, `oneOf`, `allOf`), `properties`, `additionalProperties`
 * and `items`.
 */
export class SchemaKeys {
  readonly #schemas: Map<string, Json>;

  constructor(schemas: ReadonlyArray<{ file: string; text: string }> = jsonSchemas()) {
    this.#schemas = new Map(schemas.map((s) => [s.file, JSON.parse(s.text) as Json]));
  }

  /** The keys the mapping at `path` of a content file may hold, each once, in the schema's order. */
  keysAt(file: string, path: readonly (string | number)[]): KeyInfo[] {
    const root = this.#root(file);
    if (!root) return [];
    const seen = new Map<string, KeyInfo>();
    for (const object of this.#at(root, root, path)) {
      const properties = object.properties;
      if (!isJson(properties)) continue;
      for (const [key, value] of Object.entries(properties)) {
        if (seen.has(key)) continue;
        const description = this.#describe(root, value);
        seen.set(key, { key, ...(description !== undefined ? { description } : {}) });
      }
    }
    return [...seen.values()];
  }

  /** What the schema says of the key at the end of `path`, when it says something. */
  describe(file: string, path: readonly (string | number)[]): string | undefined {
    const key = path[path.length - 1];
    if (typeof key !== 'string') return undefined;
    return this.keysAt(file, path.slice(0, -1)).find((k) => k.key === key)?.description;
  }

  #root(file: string): Json | undefined {
    const name = schemaForPath(file);
    return name === undefined ? undefined : this.#schemas.get(name);
  }

  /** The object schemas a value at `path` may be. */
  #at(root: Json, schema: unknown, path: readonly (string | number)[]): Json[] {
    let current = this.#objects(root, schema);
    for (const segment of path) {
      const next: Json[] = [];
      for (const s of current) {
        if (typeof segment === 'number') {
          if (s.items !== undefined) next.push(...this.#objects(root, s.items));
          continue;
        }
        const named = isJson(s.properties) && Object.hasOwn(s.properties, segment) ? s.properties[segment] : undefined;
        if (named !== undefined) next.push(...this.#objects(root, named));
        else if (isJson(s.additionalProperties)) next.push(...this.#objects(root, s.additionalProperties));
      }
      current = next;
    }
    return current;
  }

  /** A schema with its `$ref`s followed and its unions spread: the schemas a value may meet. */
  #objects(root: Json, schema: unknown, steps = 0): Json[] {
    if (!isJson(schema) || steps > MAX_STEPS) return [];
    if (typeof schema.$ref === 'string') return this.#objects(root, resolveRef(root, schema.$ref), steps + 1);
    const branches = [schema.anyOf, schema.oneOf, schema.allOf].filter(Array.isArray).flat();
    if (branches.length > 0) return [schema, ...branches.flatMap((b) => this.#objects(root, b, steps + 1))];
    return [schema];
  }

  /** A property's description, or that of what it refers to. */
  #describe(root: Json, schema: unknown): string | undefined {
    if (!isJson(schema)) return undefined;
    if (typeof schema.description === 'string') return schema.description;
    return typeof schema.$ref === 'string' ? this.#describe(root, resolveRef(root, schema.$ref)) : undefined;
  }
}

/** `#/$defs/name` in a schema. */
function resolveRef(root: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) node = isJson(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return node;
}

/**
 * What the guide says each key means, from its tables of keys (`| \`type\` | what it states |`):
 * every key a row names in its first cell, with the row's second cell. The guide is the one place
 * these meanings are written; the server reads them as it starts.
 */
export function guideMeanings(markdown: string): Map<string, string> {
  const meanings = new Map<string, string>();
  for (const line of markdown.split('\n')) {
    const cells = /^\|([^|]*)\|(.*)\|\s*$/.exec(line);
    if (!cells) continue;
    const [, first = '', second = ''] = cells;
    const keys = [...first.matchAll(/`([a-z_]+)`/g)].map((m) => m[1] ?? '');
    // A row of keys only (`type`, or `minimum`, `maximum`), not one of the areas' table.
    if (keys.length === 0 || first.replace(/`[a-z_]+`|[,\s]/g, '') !== '') continue;
    const meaning = second.split('|')[0]?.trim() ?? '';
    if (meaning === '' || /^-+$/.test(meaning)) continue;
    for (const key of keys) if (!meanings.has(key)) meanings.set(key, meaning);
  }
  return meanings;
}
