import { parse, stringify } from 'yaml';
import type { z } from 'zod';
import { areaModule, isAreaKey } from '../areas/index.ts';
import { isFacetSchema } from '../facet/define.ts';
import type { Path } from '../facet/path.ts';
import { facetState, isObj } from '../facet/state.ts';
import { configSchema } from '../model/config.ts';
import { AREA_FILE, CONFIG_FILE } from '../model/spec.ts';
import { parameterSchema } from '../areas/parameters.ts';
import { headerSchema } from '../areas/payload.ts';
import { fieldSchema, shapeSchema } from '../areas/shape.ts';
import { EXAMPLE_SPEC } from './example-spec.ts';
import { bare, defOf, formOf, objectsOf, schemaAt } from './forms.ts';

/** A value as YAML on one line (flow style). */
const flow = (key: string, value: unknown) => stringify({ [key]: value }, { collectionStyle: 'flow', lineWidth: 0 }).trim().replace(/^\{ (.*) \}$/s, '$1').replace(/\s*\n\s*/g, ' ');

/** Where the example spec uses a key: the value, and the file and path it is written at. */
export interface KeyExample {
  value: unknown;
  /** The value is a list, or a mapping by names of the author's choice: its first entries are an example too. */
  list: boolean;
  file: string;
  path: Path;
}

/** The schema a file of the example spec follows, from its path (`endpoints/get-order.yaml`): docs/ stands below the loader, whose classification it cannot use. */
function fileSchema(path: string): z.ZodType | undefined {
  if (path === CONFIG_FILE) return configSchema;
  const [area = '', name, ...rest] = path.split('/');
  if (!isAreaKey(area) || name === undefined || rest.length > 0) return undefined;
  const module = areaModule(area);
  return name === AREA_FILE ? module.schema : module.items?.schema;
}

let index: Map<z.ZodType, Map<string, KeyExample>> | undefined;

/**
 * The example spec's use of each key of each object schema (the shortest, written on one line, so
 * that a message or a table shows it whole): keyed by the object's schema itself, so a key of a shape is found wherever shapes are (a field, a
 * parameter, an array's items). Only stated values count (`{ none: … }` shows no form).
 */
export function exampleIndex(): ReadonlyMap<z.ZodType, ReadonlyMap<string, KeyExample>> {
  if (index) return index;
  const found = new Map<z.ZodType, Map<string, KeyExample>>();
  const note = (object: z.ZodType, key: string, example: KeyExample) => {
    let keys = found.get(object);
    if (!keys) found.set(object, (keys = new Map()));
    // The shortest use, written on one line: the one a message or a table can show whole.
    const known = keys.get(key);
    if (!known || flow(key, example.value).length < flow(key, known.value).length) keys.set(key, example);
  };
  const walk = (schema: z.ZodType, value: unknown, file: string, path: Path, budget: { steps: number }): void => {
    if (--budget.steps < 0) return;
    const s = bare(schema);
    const def = defOf(s);
    if (def.type === 'object' && isObj(value)) {
      for (const [key, inner] of Object.entries(value)) {
        const field = def.shape?.[key];
        if (!field || (isFacetSchema(field) && facetState(inner) !== 'stated')) continue;
        const type = defOf(bare(field)).type;
        note(s, key, { value: inner, list: type === 'array' || type === 'record', file, path: [...path, key] });
        walk(field, inner, file, [...path, key], budget);
      }
    } else if (def.type === 'array' && Array.isArray(value) && def.element) {
      value.forEach((element: unknown, i) => walk(def.element as z.ZodType, element, file, [...path, i], budget));
    } else if (def.type === 'record' && isObj(value) && def.valueType) {
      for (const [key, inner] of Object.entries(value)) {
        if (isFacetSchema(def.valueType) && facetState(inner) !== 'stated') continue;
        walk(def.valueType, inner, file, [...path, key], budget);
      }
    } else if (def.type === 'union') {
      // The branch the value is written in: the first that takes it whole.
      const branch = (def.options ?? []).find((o) => o.safeParse(value).success);
      if (branch) walk(branch, value, file, path, budget);
    }
  };
  for (const file of EXAMPLE_SPEC) {
    const schema = fileSchema(file.path);
    if (schema) walk(schema, parse(file.text) as unknown, file.path, [], { steps: 100_000 });
  }
  index = found;
  return found;
}

/** Shapes, fields, parameters and headers share their keys: an example of one shows the others' too. */
const SHAPES: readonly z.ZodType[] = [fieldSchema, shapeSchema, parameterSchema, headerSchema];

/** The example spec's use of `key` in an object of `object`'s schema (for a key every shape has, in any shape). */
export function keyExample(object: z.ZodType, key: string): KeyExample | undefined {
  const s = bare(object);
  if (!SHAPES.includes(s)) return exampleIndex().get(s)?.get(key);
  // The shortest use among all shapes, of a key this one has.
  if (defOf(s).shape?.[key] === undefined) return undefined;
  let best: KeyExample | undefined;
  for (const other of SHAPES) {
    const found = exampleIndex().get(other)?.get(key);
    if (found && (!best || flow(key, found.value).length < flow(key, best.value).length)) best = found;
  }
  return best;
}

/**
 * What a value at `path` in a file of `root`'s schema should look like, for a message: its form
 * (`{ endpoint: id } | { event: id } | { condition: text }`), and the example spec's use of the
 * nearest key at or above it on one line (`trigger: { endpoint: place-order }`).
 */
export function expectedAt(root: z.ZodType, path: Path, data: unknown): { form?: string; example?: string } {
  const schema = schemaAt(root, path, data);
  const form = schema ? formOfCached(schema) : undefined;
  for (let end = path.length; end > 0; end--) {
    if (typeof path[end - 1] !== 'string') continue;
    const found = exampleAt(root, path.slice(0, end), data);
    if (found) return { ...(form !== undefined ? { form } : {}), example: lineOf(found.key, found.example) };
    break;
  }
  return form !== undefined ? { form } : {};
}

// A file with thousands of mistakes of one kind asks for the same forms and lines thousands of times.
const forms = new WeakMap<z.ZodType, string>();
const formOfCached = (schema: z.ZodType): string => {
  let form = forms.get(schema);
  if (form === undefined) forms.set(schema, (form = formOf(schema)));
  return form;
};
const lines = new WeakMap<KeyExample, string>();
const lineOf = (key: string, example: KeyExample): string => {
  let line = lines.get(example);
  if (line === undefined) lines.set(example, (line = exampleLine(key, example.value, example.list)));
  return line;
};

/**
 * The example of the value at `path` in a file of `root`'s schema (its last segment a key of an
 * object): what the example spec writes under the same key of the same kind of object.
 */
export function exampleAt(root: z.ZodType, path: Path, data: unknown): { key: string; example: KeyExample } | undefined {
  const key = path[path.length - 1];
  if (typeof key !== 'string') return undefined;
  const owner = schemaAt(root, path.slice(0, -1), data);
  if (!owner) return undefined;
  for (const object of objectsOf(owner)) {
    const example = keyExample(object, key);
    if (example) return { key, example };
  }
  return undefined;
}


/**
 * A key and its value as YAML on one line (flow style), within about `width` characters: a list,
 * or a mapping by names of the author's choice (`list`), too long for that shows its first entries
 * (always one) and says how many more there are in a comment, so the line is still YAML that reads
 * as those first entries. Any other value is shown whole.
 */
export function exampleLine(key: string, value: unknown, list: boolean, width = 100): string {
  const whole = flow(key, value);
  if (whole.length <= width) return whole;
  // A mapping of fixed keys (a body, a shape) is shown whole: without some of its keys it may mean something else.
  if (!list) return whole;
  const entries: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((v, i) => [i, v]) : isObj(value) ? Object.entries(value) : [];
  if (entries.length < 2) return whole;
  let taken = 1;
  const first = (n: number) => (Array.isArray(value) ? value.slice(0, n) : Object.fromEntries(entries.slice(0, n)));
  while (taken < entries.length - 1 && flow(key, first(taken + 1)).length <= width) taken++;
  const more = entries.length - taken;
  return `${flow(key, first(taken))} # and ${more} more`;
}
