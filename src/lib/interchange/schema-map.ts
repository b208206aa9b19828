import type { ItemInput } from '../areas/index.ts';
import { aType, COMPOSITIONS, CONSTRAINT_KEYS, isResourceType, PRIMITIVE_TYPES, constraintApplies, quoted, valuePath, valueProblems, type Field, type Shape, type ValueContext } from '../areas/shape.ts';
import type { Path } from '../facet/path.ts';
import { isObj, type Obj } from '../facet/state.ts';
import { nameSchema } from '../facet/values.ts';
import { patternMatcher } from '../checks/shapes.ts';
import { MAX_DEPTH } from '../load/shape.ts';
import { writtenBesideUnion } from './export-common.ts';
import { importExternalDocs } from './external-docs.ts';
import { fieldValues, impliedWord, schemaRef } from './openapi/ms-discriminator.ts';
import { Ids, seg, type Unmapped } from './result.ts';
import { CONTROLS_AS_SPACES, ONE_LINE, spacedLine } from './text.ts';

const PRIMITIVE = new Set(['string', 'integer', 'number', 'boolean', 'object', 'array', 'null']);

/** Whether a spec file can hold the name: the spec's names, and not `__proto__` (reserved, refused by the reader). */
export function usableName(name: string): boolean {
  return name !== '__proto__' && nameSchema.safeParse(name).success;
}

/**
 * The first pair of a schema's bounds, as written, that leaves no value (`minLength: 5` with
 * `maxLength: 2`, `minimum: 10` with `maximum: 1`; OpenAPI 3.0's boolean `exclusiveMinimum` and
 * 3.1's numeric one both read), or none.
 */
function emptyRange(schema: Obj): string[] {
  const n = (k: string) => (typeof schema[k] === 'number' && Number.isFinite(schema[k]) ? (schema[k] as number) : undefined);
  for (const [low, high] of [['minLength', 'maxLength'], ['minItems', 'maxItems'], ['minProperties', 'maxProperties']] as const) {
    const [a, b] = [n(low), n(high)];
    if (a !== undefined && b !== undefined && a > b) return [low, high];
  }
  const lows = [['minimum', schema.exclusiveMinimum === true], ['exclusiveMinimum', true]] as const;
  const highs = [['maximum', schema.exclusiveMaximum === true], ['exclusiveMaximum', true]] as const;
  for (const [low, lowStrict] of lows) {
    for (const [high, highStrict] of highs) {
      const [a, b] = [n(low), n(high)];
      // OpenAPI 3.0's `exclusiveMinimum: true` belongs to its `minimum`, and goes with it.
      if (a !== undefined && b !== undefined && (lowStrict || highStrict ? a >= b : a > b)) return [low, ...(low === 'minimum' && lowStrict ? ['exclusiveMinimum'] : []), high, ...(high === 'maximum' && highStrict ? ['exclusiveMaximum'] : [])];
    }
  }
  return [];
}

/** The keywords whose value is a number a schema bounds or steps by. */
const NUMERIC_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'] as const;

/** What OpenAPI 3.0 tools read beside a schema's `$ref` although the specification ignores it: words, flags and examples (`type` has a rule of its own). */
const REF_SIBLINGS_KEPT: ReadonlySet<string> = new Set(['$ref', 'type', 'description', 'title', 'nullable', 'readOnly', 'writeOnly', 'deprecated', 'example', 'examples', 'default', 'externalDocs', 'format']);

/** The name a local `$ref` gives a schema component, e.g. `#/components/schemas/Order` → `Order`. */
export function refName(ref: unknown, prefix = '#/components/schemas/'): string | undefined {
  if (typeof ref !== 'string' || !ref.startsWith(prefix)) return undefined;
  const rest = ref.slice(prefix.length);
  if (rest.includes('/')) return undefined; // a part of a component, not a component
  return decodeURIComponent(rest).replace(/~1/g, '/').replace(/~0/g, '~');
}

/** JSON Schema keywords with a place in a shape, and the shape key each becomes. */
const REFINEMENTS: ReadonlyArray<[string, keyof Shape]> = [
  ['format', 'format'],
  ['default', 'default'],
  ['readOnly', 'read_only'],
  ['writeOnly', 'write_only'],
  ['deprecated', 'deprecated'],
  ['minimum', 'minimum'],
  ['maximum', 'maximum'],
  ['multipleOf', 'multiple_of'],
  ['minLength', 'min_length'],
  ['maxLength', 'max_length'],
  ['pattern', 'pattern'],
  ['minItems', 'min_items'],
  ['maxItems', 'max_items'],
  ['uniqueItems', 'unique_items'],
];

/** Whether a value holds a `$ref` anywhere: a reference where a literal value belongs, which tools read differently. */
export function holdsReference(value: unknown, depth = 0): boolean {
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => holdsReference(v, depth + 1));
  return '$ref' in value || Object.values(value).some((v) => holdsReference(v, depth + 1));
}

/** A pattern as the spec checks it: an ECMAScript regular expression in Unicode mode. */
const compiles = (pattern: string) => {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
};

/** Whether two JSON values are equal as JSON Schema compares them (`const` with a value of `enum`): objects whatever the order of their keys. */
function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (isObj(a) && isObj(b)) return Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((k) => k in b && sameValue(a[k], b[k]));
  return a === b;
}

/** Where inside a value a problem is, as a message says it: `, at \`payload.completed_at\`,`. */
const within = (at: Path) => (at.length > 0 ? `, at \`${valuePath(at)}\`,` : '');

/** Keywords that only annotate or constrain a type: an `allOf` member made of them refines the member with a type. */
const REFINING = new Set(['title', 'description', 'default', 'example', 'examples', 'deprecated', 'readOnly', 'writeOnly', 'nullable', 'format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems', 'uniqueItems', 'externalDocs', 'xml']);
/** Keywords that say what a field is without constraining its type: a field of a resource's type carries them itself. */
const ANNOTATING = new Set(['title', 'description', 'default', 'example', 'examples', 'deprecated', 'readOnly', 'writeOnly', 'nullable']);
/** The keywords that apply to values of one type only, with the types they apply to. */
const TYPE_KEYWORDS: Partial<Record<string, readonly string[]>> = {
  ...Object.fromEntries(['properties', 'required', 'additionalProperties'].map((k) => [k, ['object']])),
  ...Object.fromEntries(['items', 'minItems', 'maxItems', 'uniqueItems'].map((k) => [k, ['array']])),
  ...Object.fromEntries(['minLength', 'maxLength', 'pattern'].map((k) => [k, ['string']])),
  ...Object.fromEntries(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'].map((k) => [k, ['number', 'integer']])),
};
/** The keywords that give a value of one type its structure: beside several types, each goes to its type's variant. */
const STRUCTURAL = ['properties', 'required', 'additionalProperties', 'items'];
/** Keywords that give a schema a type or a structure of its own. */
const STRUCTURE = new Set(['$ref', 'type', 'properties', 'items', 'additionalProperties', 'allOf', 'anyOf', 'oneOf', 'enum', 'const', 'required', 'discriminator', 'not']);

/** The JSON Schema keyword of each shape key, for pointers. */
const KEYWORD: Partial<Record<string, string>> = Object.fromEntries([...REFINEMENTS.map(([k, key]) => [key, k]), ['exclusive_minimum', 'exclusiveMinimum'], ['exclusive_maximum', 'exclusiveMaximum']]);

/** Keywords a shape carries, or that are read as part of another (so never reported as unmapped). */
const CARRIED = new Set([
  ...REFINEMENTS.map(([k]) => k),
  ...['$ref', 'type', 'title', 'description', 'enum', 'const', 'nullable', 'example', 'examples', 'exclusiveMinimum', 'exclusiveMaximum'],
  ...['items', 'properties', 'required', 'additionalProperties', 'oneOf', 'anyOf', 'allOf', 'discriminator'],
]);

/** The order a shape's keys are written in, whatever order the source used: a round trip writes the same file. */
const ORDER = ['title', 'description', 'type', 'required', 'format', 'allowed', 'nullable', 'default', 'examples', 'read_only', 'write_only', 'deprecated', 'items', 'values', 'fields', 'of', 'discriminator', 'minimum', 'maximum', 'exclusive_minimum', 'exclusive_maximum', 'multiple_of', 'min_length', 'max_length', 'pattern', 'min_items', 'max_items', 'unique_items', 'style', 'explode', 'content_type'];
const rank = (k: string) => {
  const i = ORDER.indexOf(k);
  return i === -1 ? ORDER.length : i;
};
export function canonical<T extends object>(shape: T): T {
  return Object.fromEntries(Object.entries(shape).sort(([a], [b]) => rank(a) - rank(b))) as T;
}

/** A shape that says nothing but a primitive or a resource's name, as that name. */
const bare = (shape: Shape, named: boolean): Shape | string => {
  const keys = Object.keys(shape);
  return keys.length === 1 && typeof shape.type === 'string' && shape.type !== 'null' && (PRIMITIVE.has(shape.type) || shape.type === 'map' || named) ? shape.type : shape;
};

/** A shape that states nothing but that its type is open: what a schema of no keyword the spec keeps becomes. */
const saysNothing = (shape: Shape | string): boolean => typeof shape !== 'string' && Object.keys(shape).length === 1 && isObj(shape.type) && 'open' in shape.type;

/**
 * What a variant of a union restates of a property stated beside the union, to make it required
 * there: its reference, or its type (and nullability), which the property beside it holds all the
 * same; undefined for a property of no single type (a composition, a list of types, none).
 */
function restatement(p: unknown): Obj | undefined {
  if (!isObj(p) || ['allOf', 'oneOf', 'anyOf'].some((k) => p[k] !== undefined)) return undefined;
  if (typeof p.$ref === 'string') return { $ref: p.$ref };
  if (typeof p.type === 'string') return { type: p.type, ...(p.nullable === true ? { nullable: true } : {}) };
  // OpenAPI 3.1's nullable type (`[string, 'null']`, as an export writes 3.0's `nullable: true`) is restated as written.
  const types = p.type;
  return Array.isArray(types) && types.length === 2 && types.includes('null') && types.every((t) => typeof t === 'string') ? { type: [...types] } : undefined;
}

/**
 * A variant of a union with properties of its own that requires a name stated beside the union,
 * not in it (GitHub's check-runs PATCH: `anyOf: [{properties: {status: {enum: [completed]}},
 * required: [conclusion]}, …]` beside `properties: {conclusion, …}`: a conditional requirement):
 * the property is restated in the variant, so the requirement is kept, not said lost.
 */
function withFieldsBeside(v: unknown, schema: Obj): unknown {
  if (!isObj(v) || !isObj(v.properties) || !Array.isArray(v.required) || !isObj(schema.properties)) return v;
  const own = v.properties;
  const beside = schema.properties;
  const added = Object.fromEntries(v.required.map(String).flatMap((n) => {
    const r = Object.hasOwn(own, n) ? undefined : restatement(beside[n]);
    return r === undefined ? [] : [[n, r] as const];
  }));
  return Object.keys(added).length > 0 ? { ...v, properties: { ...own, ...added } } : v;
}

/**
 * Whether a schema states its type: a `type`, a reference, or a composition whose variants all do
 * (for `allOf`, one part). A `type: object` beside variants that all state theirs adds nothing.
 */
function statesType(v: unknown, depth = 0): boolean {
  if (!isObj(v) || depth > 32) return false;
  if (v.type !== undefined || typeof v.$ref === 'string') return true;
  if ((['oneOf', 'anyOf'] as const).some((k) => Array.isArray(v[k]) && v[k].length > 0 && (v[k] as unknown[]).every((x) => statesType(x, depth + 1)))) return true;
  return Array.isArray(v.allOf) && v.allOf.some((x) => statesType(x, depth + 1));
}

/**
 * How deep schemas nest in what an import writes: each level of fields is two levels of a spec file
 * (`fields`, the name), which nests at most `MAX_DEPTH` levels, with room for where an endpoint's
 * file holds a schema (`responses`, a status, `content`…). Deeper, `check` would refuse the file.
 */
const SCHEMA_DEPTH = Math.floor(MAX_DEPTH / 2) - 4;

/**
 * How deep a default or an example may nest: it sits inside its shape in a spec file, which nests
 * at most `MAX_DEPTH` levels (a value deeper than the rest of the file allows would make `check`
 * refuse the file, `too-deep`), so half of them.
 */
export const VALUE_DEPTH = MAX_DEPTH / 2;

/**
 * Why a default, an example or an allowed value is not kept as it is, or undefined: it nests more
 * than `VALUE_DEPTH` levels of lists and maps, or holds a number no spec file holds as written (a
 * number past a double's range, read as infinity, which a file writes `.inf` and `check` refuses; a
 * whole number past 2^53 written in digits, read as the nearest double, so other digits would be
 * written). A walk with a stack: the value may be deep.
 */
export function unkeptValue(value: unknown): { at: Path; message: string } | undefined {
  const stack: Array<[unknown, Path]> = [[value, []]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [v, at] = next;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return { at, message: 'is a number past the range a number is read in (it would be read as infinity, which no value may be)' };
      // Past 1e21 a number is written with an exponent, as such numbers are: only digits would change.
      if (Number.isInteger(v) && !Number.isSafeInteger(v) && Math.abs(v) < 1e21) return { at, message: `is a whole number past 2^53, read as the nearest double (${BigInt(v).toString()}), so its digits as written may not be kept` };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (at.length >= VALUE_DEPTH) return { at: [], message: `nests more than ${VALUE_DEPTH} levels of lists and maps, deeper than a spec file holds it (a file nests at most ${MAX_DEPTH} levels)` };
    for (const [k, x] of Object.entries(v)) stack.push([x, [...at, Array.isArray(v) ? Number(k) : k]]);
  }
  return undefined;
}

/** Where a bound past 2^53 is said (`roundedBounds`): an import drops the words where the file wrote the very number an export writes (`keptAsWritten`). */
export const PAST_2_53 = 'is a whole number past 2^53, more than a double holds exactly';

/** What is said of `nullable: true` in an OpenAPI 3.1 document. */
export const NULLABLE_IN_31 = "`nullable: true` is OpenAPI 3.0's keyword, not 3.1's (JSON Schema has none; 3.1 writes `type: [string, 'null']`), so a 3.1 reader gives it no effect: the spec reads it as its writer meant it, null allowed, and an export writes that as 3.1's `null` type";

/** What is said of a schema that allows no value (`false`, `enum: []`): the spec cannot say it. */
const NOTHING_ALLOWED = (what: string) => `${what} allows no value; the spec cannot say a schema that allows nothing, so it is not kept (its value is left open)`;

/** A shape whose source states no type: its type an open question. */
const untyped = (): Shape => ({ type: { open: 'The source gives no type.' } });

/** The question a schema cut at the nesting bound asks: what the source states there is not mapped, and why. */
const DEEPER = `Not mapped: the source nests this schema more than ${SCHEMA_DEPTH} levels deep, deeper than a spec file holds; the import lists it at its JSON pointer, and the source states it whole.`;

/** What is said of `nullable: false` that narrows another part of an `allOf` but is written in a schema a `$ref` reaches. */
const NARROWED_BY_REFERENCE = '`nullable: false` in a part of an allOf, where another part lets the value be null, is not kept here: it is written in a schema a `$ref` reaches, which is mapped on its own (there it says no more than its type), so the spec does not state that this part takes null away';

/** Why a union's own `type: object` is not kept. */
const TYPE_BESIDE_VARIANTS = '`type: object` beside oneOf, anyOf or allOf is not kept; the variants state their own types';
/** Why an `allOf`'s own `type: object` is not kept where no part is read as the object (`typeOnParts`): all of its parts hold, and one states the type. */
const TYPE_BESIDE_ALLOF = '`type: object` beside an allOf is not kept as a part of its own: all of its parts hold, and a part of it states the type';
/** Where an `allOf`'s own `type: object` is kept: on its parts of properties and no type (indexes in the allOf). */
const typeOnParts = (parts: readonly number[]) =>
  `\`type: object\` beside an allOf is kept as the type of ${parts.length === 1 ? 'its part' : 'its parts'} ${parts.map((i) => `allOf/${i}`).join(', ')}, which ${parts.length === 1 ? 'states' : 'state'} properties and no type: the value is an object, and each part states what that object holds`;

/** A part of an `allOf` of properties and no type, nor anything that would make it other than an object (a union, items, values of its own). */
const untypedProperties = (v: unknown): boolean => isObj(v) && v.type === undefined && v.$ref === undefined && isObj(v.properties) && v.nullable !== true && ['allOf', 'oneOf', 'anyOf', 'not', 'enum', 'const', 'items'].every((k) => v[k] === undefined);

/** A schema's one stated type as a shape's: an object of other properties only (no named ones) is a map. */
const ownType = (schema: Obj, type: string): string =>
  type === 'object' && !isObj(schema.properties) && schema.additionalProperties !== undefined && schema.additionalProperties !== false ? 'map' : type;

/** What is said of the extensions (`x-…`) inside a schema: a shape has no place for a tool's own keys, so they are not kept. */
const schemaExtensionWord = (keys: readonly string[]) => {
  const named = keys.map((k) => `\`${(k.length > 80 ? `${k.slice(0, 79)}…` : k).replace(/`/g, "'")}\``).join(', ');
  return keys.length === 1
    ? `the extension ${named} (a tool's own, not a JSON Schema keyword) has no place in a shape: it is not kept, and an export does not write it`
    : `the extensions ${named} (a tool's own, not JSON Schema keywords) have no place in a shape: they are not kept, and an export does not write them`;
};

/** The type of a value as a shape states it, to check a keyword's value before carrying it. */
const fits = (keyword: string, v: unknown): boolean => {
  if (['readOnly', 'writeOnly', 'deprecated', 'uniqueItems'].includes(keyword)) return typeof v === 'boolean';
  if (['minLength', 'maxLength', 'minItems', 'maxItems'].includes(keyword)) return Number.isInteger(v) && (v as number) >= 0;
  if (keyword === 'multipleOf') return typeof v === 'number' && v > 0;
  if (['minimum', 'maximum'].includes(keyword)) return typeof v === 'number';
  if (['format', 'pattern'].includes(keyword)) return typeof v === 'string' && v.trim() !== '';
  return true;
};

/**
 * Turns JSON Schemas into the spec's shapes: named components become resources, and everything
 * else (nested objects, arrays, maps, unions, compositions, nullability, constraints, defaults,
 * examples, flags) stays a shape inside its parent. Every keyword with no place in a shape is
 * listed as unmapped at its pointer; nothing is flattened or invented.
 */
export class SchemaMapper {
  readonly resources = new Map<string, ItemInput<'resources'>>();
  /** Where each resource is written in the document (`/components/schemas/Pet`), by id. */
  readonly origins = new Map<string, string>();
  /** A resource's id is a type name: it may not be one of the spec's own types. */
  readonly ids = new Ids([...PRIMITIVE_TYPES, ...COMPOSITIONS]);
  private unmapped: Unmapped[];
  /** Each component's schema as written, by name, and its id's shape once mapped (for checking values against it). */
  private readonly raw = new Map<string, unknown>();
  private readonly asShape = new Map<string, Shape | undefined>();
  private readonly values: ValueContext;
  /** Looks a local `$ref` up through the parser; nothing without one. */
  private readonly resolve: (ref: string) => unknown;
  private readonly prefix: string;
  /** Local references being inlined, so that a reference to itself ends. */
  private readonly inlining = new Set<string>();
  /** Where each example of a shape's `examples` was written, relative to its schema (`examples/0`, `example`), by the list. */
  private readonly exampleAt = new WeakMap<readonly unknown[], string[]>();

  /** OpenAPI 3.0 (and Swagger 2.0): what is written beside a `$ref` in a schema "SHALL be ignored", so a constraint there is no constraint. */
  private readonly refSiblingsIgnored: boolean;

  /** OpenAPI 3.1: `nullable` is 3.0's keyword, none of JSON Schema's; read as its writer meant it (null allowed), and said. */
  private readonly nullableNotAKeyword: boolean;
  /** Whether a discriminator's implied values for renamed variants are made mapping entries (OpenAPI's; `impliedEntries`). */
  private readonly impliedMapping: boolean;

  constructor(unmapped: Unmapped[], resolve: (ref: string) => unknown = () => undefined, prefix = '#/components/schemas/', options: { refSiblingsIgnored?: boolean; nullableNotAKeyword?: boolean; impliedMapping?: boolean } = {}) {
    this.refSiblingsIgnored = options.refSiblingsIgnored === true;
    this.impliedMapping = options.impliedMapping === true;
    this.nullableNotAKeyword = options.nullableNotAKeyword === true;
    this.unmapped = unmapped;
    this.resolve = resolve;
    this.prefix = prefix;
    this.values = { resource: (id) => this.resourceShape(id), matches: patternMatcher() };
  }

  /**
   * A resource as `check` reads it when it checks a value (its single value, or an object of its
   * fields), mapped on its own from the schema as written: defaults and examples are checked here
   * as `check` will check them, through the resources they name. A resource being mapped is not
   * followed again (a value inside itself is not judged).
   */
  private resourceShape(id: string): Shape | undefined {
    if (this.asShape.has(id)) return this.asShape.get(id);
    const name = this.ids.nameOf(id);
    const raw = name === undefined ? undefined : (this.raw.get(name) ?? this.resolve(`${this.prefix}${seg(name)}`));
    if (!isObj(raw)) return undefined;
    this.asShape.set(id, undefined);
    // Mapped aside: what it reports belongs to the component's own mapping.
    const kept = this.unmapped;
    this.unmapped = [];
    const data = this.resource(raw, '');
    this.unmapped = kept;
    const shape = isObj(data.value) ? (data.value as Shape) : isObj(data.fields) && !('none' in data.fields) && !('open' in data.fields) ? ({ type: 'object', fields: data.fields } as Shape) : undefined;
    this.asShape.set(id, shape);
    return shape;
  }

  /** The primitive type a resource's id comes to (an object of fields is `object`), followed through resources; undefined for a union or what cannot be told. */
  private primitiveOf(type: string, seen: ReadonlySet<string> = new Set()): string | undefined {
    if ((COMPOSITIONS as readonly string[]).includes(type)) return undefined;
    if (!isResourceType(type)) return type;
    if (seen.has(type)) return undefined;
    const inner = this.resourceShape(type)?.type;
    return typeof inner === 'string' ? this.primitiveOf(inner, new Set(seen).add(type)) : undefined;
  }

  /** The resource id of a named component (created on first use). */
  component(name: string, schema: unknown, pointer: string): string {
    this.raw.set(name, schema);
    const id = this.ids.id(name);
    if (!this.origins.has(id)) this.origins.set(id, pointer);
    if (!this.resources.has(id)) {
      this.resources.set(id, {}); // reserve: schemas may refer to themselves
      this.resources.set(id, this.resource(schema, pointer));
    }
    return id;
  }

  /** A body's schema: a resource (or a list of one) when it names one, else its own shape. */
  payload(schema: unknown, pointer: string): { resource: string; list?: true } | { schema: Shape } | undefined {
    if (!isObj(schema)) return undefined;
    const ref = this.named(schema);
    if (ref !== undefined && Object.keys(schema).length === 1) return { resource: ref };
    // A blank description says nothing (a shape does not keep one), so it does not keep the list from being a list of the resource.
    if (schema.type === 'array' && isObj(schema.items) && Object.keys(schema).every((k) => k === 'type' || k === 'items' || (k === 'description' && typeof schema.description === 'string' && schema.description.trim() === ''))) {
      const inner = this.named(schema.items);
      if (inner !== undefined && Object.keys(schema.items).length === 1) return { resource: inner, list: true };
    }
    const shape = this.object(schema, pointer);
    // A schema that comes to a resource's name alone (`allOf: [{ $ref: X }]`), or a list of it, is that resource, as its export (`$ref: X`) reads back.
    const only = (s: Shape, key: string) => Object.keys(s).every((k) => k === key || (k === 'type' && key === 'items'));
    if (typeof shape.type === 'string' && isResourceType(shape.type) && only(shape, 'type')) return { resource: shape.type };
    if (shape.type === 'array' && typeof shape.items === 'string' && isResourceType(shape.items) && only(shape, 'items')) return { resource: shape.items, list: true };
    return { schema: shape };
  }

  /** A component schema as a resource: its fields when it is a plain object, else its single value. */
  private resource(schema: unknown, pointer: string): ItemInput<'resources'> {
    // OpenAPI 3.1's boolean schemas: `true` allows any value, as `{}` does, and is read as it is;
    // `false` allows none, which the spec cannot say: said, and read as `{}` (its value left open).
    if (schema === true) return this.resource({}, pointer);
    if (schema === false) {
      this.unmapped.push({ pointer, reason: NOTHING_ALLOWED('the schema `false`') });
      return this.resource({}, pointer);
    }
    if (!isObj(schema)) return { fields: { open: 'The source gives no schema.' } };
    // A named schema's external docs are its resource's (a shape has no place for them).
    const { externalDocs, ...own } = schema;
    const docs = importExternalDocs(externalDocs, `${pointer}/externalDocs`, this.unmapped);
    const shape = this.object(externalDocs === undefined ? schema : own, pointer);
    const { title, description, fields, type, ...rest } = shape;
    const head: ItemInput<'resources'> = { ...(title !== undefined ? { title } : {}), ...(description !== undefined ? { description } : {}), ...(docs ? { external_docs: docs } : {}) };
    // An object that states its properties, none included (`properties: {}`), is the resource's fields; one that states none is an object, as written (no `properties: {}` read into it).
    if (type === 'object' && Object.keys(rest).length === 0) return fields !== undefined ? { ...head, fields } : { ...head, value: { type } };
    if (type === undefined && fields === undefined && Object.keys(rest).length === 0) return { ...head, fields: { open: 'The source schema states no type or properties.' } };
    return { ...head, value: { ...(type !== undefined ? { type } : {}), ...(fields !== undefined ? { fields } : {}), ...rest } };
  }

  /** A schema as a shape object (never a bare type name). */
  object(schema: unknown, pointer: string, depth = 0): Shape {
    const s = this.shape(schema, pointer, depth);
    return typeof s === 'string' ? { type: s } : s;
  }

  /** A field: a shape, and whether its object requires it. */
  field(schema: unknown, pointer: string, required: boolean | undefined, depth = 0): Field {
    return canonical({ ...this.object(schema, pointer, depth), ...(required !== undefined ? { required } : {}) });
  }

  /**
   * A whole-number bound past 2^53 (an int64 `maximum: 9223372036854775807`, as drf-spectacular
   * writes for every big integer field) is read as the nearest double, which may not be the value
   * written: said at its pointer, once, with the value kept (and exported).
   */
  private roundedBounds(schema: Obj, pointer: string): void {
    for (const key of NUMERIC_KEYWORDS) {
      const v = schema[key];
      if (typeof v !== 'number' || !Number.isInteger(v) || Number.isSafeInteger(v)) continue;
      const at = `${pointer}/${key}`;
      if (this.roundedSaid.has(at)) continue;
      this.roundedSaid.add(at);
      this.unmapped.push({ pointer: at, reason: `\`${key}\` ${PAST_2_53}: it is kept as the nearest double, ${BigInt(v).toString()} (which an export writes ${String(v)}), and may differ from the value written` });
    }
  }
  private readonly roundedSaid = new Set<string>();

  /**
   * A reference with what OpenAPI 3.0 ignores beside it left out, each said at its pointer: a
   * constraint or structure there (`maxLength`, `properties`, `required`, `enum`…) applies to
   * nothing in 3.0, and kept it would apply in the 3.1 an export writes. Words and flags
   * (description, `nullable`, `readOnly`, examples…) stay, the idioms tools read there; `type` is
   * said by the reference's own rule.
   */
  private withoutIgnoredSiblings(schema: Obj, pointer: string): Obj {
    const ignored = Object.keys(schema).filter((k) => !REF_SIBLINGS_KEPT.has(k) && !k.startsWith('x-'));
    for (const k of ignored) this.unmapped.push({ pointer: `${pointer}/${seg(k)}`, reason: `\`${k}\` beside a \`$ref\` is not kept: OpenAPI 3.0 ignores what is written beside a reference (only OpenAPI 3.1 applies it)` });
    return ignored.length === 0 ? schema : Object.fromEntries(Object.entries(schema).filter(([k]) => !ignored.includes(k)));
  }

  /**
   * A schema as a shape; a bare reference or a bare primitive type as its name (`Order`, `string`),
   * so that items, values and variants read as written.
   */
  shape(schema: unknown, pointer: string, depth = 0): Shape | string {
    // `true` allows any value, as `{}` does, and is read as it is.
    if (schema === true) return this.shape({}, pointer, depth);
    if (!isObj(schema)) {
      if (schema !== undefined) this.unmapped.push({ pointer, reason: schema === false ? NOTHING_ALLOWED('the schema `false`') : 'a schema that is not an object has no place in the spec' });
      // Said, and its type left open as an export's `{}` reads back (t31t D3: RAML's `title: string` asked "What is its type?" and, exported and read again, "The source gives no type.").
      return schema === undefined || schema === false ? {} : untyped();
    }
    const infinite = NUMERIC_KEYWORDS.filter((k) => typeof schema[k] === 'number' && !Number.isFinite(schema[k]));
    if (infinite.length > 0) {
      // `maximum: 1e400` reads as infinity, which no spec file holds: a bound of no bound.
      for (const k of infinite) this.unmapped.push({ pointer: `${pointer}/${k}`, reason: `\`${k}\` is past the largest number a double holds (it reads as infinity), so it bounds nothing: it is not kept` });
      return this.shape(this.derived(schema, Object.fromEntries(Object.entries(schema).filter(([k]) => !(infinite as string[]).includes(k)))), pointer, depth);
    }
    if (Array.isArray(schema.enum) && schema.enum.length === 0 && !('const' in schema)) {
      // `enum: []` (OpenAPI 3.1; 3.0 refuses it) allows no value: said, never read as any value kept.
      this.unmapped.push({ pointer: `${pointer}/enum`, reason: NOTHING_ALLOWED('`enum: []`') });
      return this.shape(this.derived(schema, Object.fromEntries(Object.entries(schema).filter(([k]) => k !== 'enum'))), pointer, depth);
    }
    const empty = emptyRange(schema);
    if (empty.length > 0) {
      // Bounds that leave no value: the spec cannot say a schema that allows nothing (its check refuses the pair), so neither is kept, and that is said.
      this.unmapped.push({ pointer: `${pointer}/${empty[0]}`, reason: `${empty.map((k) => `\`${k}: ${String(schema[k])}\``).join(' and ')} leave no value the schema could take; the spec cannot say a schema that allows nothing, so ${empty.length > 2 ? 'none' : 'neither'} is kept` });
      return this.shape(this.derived(schema, Object.fromEntries(Object.entries(schema).filter(([k]) => !empty.includes(k)))), pointer, depth);
    }
    this.roundedBounds(schema, pointer);
    if (this.refSiblingsIgnored && typeof schema.$ref === 'string') {
      const kept = this.withoutIgnoredSiblings(schema, pointer);
      if (kept !== schema) return this.shape(this.derived(schema, kept), pointer, depth);
    }
    if (depth > SCHEMA_DEPTH) {
      // What is cut is a value of no stated type, as an export writes it (`{}`) and its import reads
      // it back: the same open question each time (an empty schema cut loses nothing to say).
      if (Object.keys(schema).length > 0) this.unmapped.push({ pointer, reason: `a schema nested more than ${SCHEMA_DEPTH} levels deep is not mapped: a spec file nests at most ${MAX_DEPTH} levels, and each level of fields takes two` });
      // The question says why, never that the source gives no type (t32i: it read so where the source
      // states `integer`); the same for the export's `{}` read back, so a round trip asks the same.
      return { type: { open: DEEPER } };
    }
    if (Array.isArray(schema.allOf)) this.narrowedNull(schema.allOf, pointer, schema);
    const refined = this.refinedAllOf(schema, pointer);
    if (refined) {
      const before = this.unmapped.length;
      const shaped = this.shape(this.derived(schema, refined), pointer, depth + 1);
      // What is said of a keyword a member wrote points into that member.
      const origins = this.memberOrigins.get(refined);
      if (origins) {
        for (const u of this.unmapped.slice(before)) {
          for (const [k, at] of origins) if (u.pointer === `${pointer}/${seg(k)}` || u.pointer.startsWith(`${pointer}/${seg(k)}/`)) u.pointer = `${at}${u.pointer.slice(pointer.length)}`;
        }
      }
      return shaped;
    }
    if (schema.type === undefined && schema.contentMediaType === 'application/octet-stream' && schema.contentEncoding === undefined) {
      // Binary content, as OpenAPI 3.1 writes what 3.0 wrote `type: string, format: binary` (and Swagger 2.0 `type: file`).
      const { contentMediaType: _, ...rest } = schema;
      this.unmapped.push({ pointer: `${pointer}/contentMediaType`, reason: '`contentMediaType: application/octet-stream` is kept as OpenAPI 3.0 writes binary content: `type: string`, `format: binary`' });
      return this.shape(this.derived(schema, { ...rest, type: 'string', format: schema.format ?? 'binary' }), pointer, depth + 1);
    }
    if (schema.type === 'file') {
      // Swagger 2.0's file upload: OpenAPI 3 writes it as binary text.
      this.unmapped.push({ pointer: `${pointer}/type`, reason: 'Swagger 2.0’s `type: file` is kept as OpenAPI 3 writes it: `type: string`, `format: binary`' });
      return this.shape(this.derived(schema, { ...schema, type: 'string', format: schema.format ?? 'binary' }), pointer, depth + 1);
    }
    const nullable = this.nullableOf(schema);
    if (nullable) {
      // `anyOf: [{}, {type: null}]` is how a nullable value of no stated type is written.
      const inner = isObj(nullable.schema) && Object.keys(nullable.schema).length === 0 ? {} : this.object(nullable.schema, nullable.pointer(pointer), depth + 1);
      return canonical({ ...inner, nullable: true, ...this.annotations(schema, pointer, nullable.keep) });
    }
    const out: Shape = {};
    const named = this.named(schema);
    const local = named === undefined && typeof schema.$ref === 'string' ? schema.$ref : undefined;
    if (named !== undefined) {
      out.type = named;
      if (schema.type !== undefined) this.unmapped.push({ pointer: `${pointer}/type`, reason: '`type` beside a reference to a schema is not kept: the type is the schema it names' });
    } else if (local !== undefined) {
      // A reference into another part of the document: its shape, inlined once.
      const anchor = this.anchored(local);
      const target = anchor?.schema ?? this.resolve(local);
      if (this.inlining.has(local) || !isObj(target)) {
        this.unmapped.push({ pointer: `${pointer}/$ref`, reason: `the reference \`${local}\` ${isObj(target) ? 'refers to itself' : 'does not resolve'}; its shape is left open` });
      } else {
        this.inlining.add(local);
        Object.assign(out, this.object(target, anchor?.pointer ?? local.replace(/^#/, ''), depth + 1));
        this.inlining.delete(local);
      }
    }
    const written = Array.isArray(schema.type) ? schema.type : schema.type !== undefined ? [schema.type] : [];
    const types = written.filter((t): t is string => typeof t === 'string' && PRIMITIVE.has(t));
    // A type JSON Schema does not know (Avro's `record`, read as JSON Schema) says nothing the spec can keep: said, not dropped unsaid.
    const unknown = written.filter((t) => typeof t !== 'string' || !PRIMITIVE.has(t));
    if (named === undefined && unknown.length > 0) this.unmapped.push({ pointer: `${pointer}/type`, reason: `${unknown.map((t) => (typeof t === 'string' ? `\`type: ${t}\`` : `the type ${quoted(t)}`)).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not a JSON Schema type (${[...PRIMITIVE].join(', ')}); not kept` });
    const nonNull = types.filter((t) => t !== 'null');
    // A 3.1 type that lets the value be null beside an `enum` (or `const`) that does not list null: both hold, so null
    // is not allowed (t32t S10, vercel's `target: {type: [string, 'null'], enum: [production, staging]}`): not nullable, said.
    const denied = types.includes('null') && nonNull.length > 0 && schema.nullable !== true && ((Array.isArray(schema.enum) && schema.enum.length > 0 && !schema.enum.includes(null)) || ('const' in schema && schema.const !== null));
    if (denied) this.unmapped.push({ pointer: `${pointer}/type`, reason: `its type lets the value be null, but its \`${'const' in schema ? 'const' : 'enum'}\` does not allow null, and JSON Schema holds both: null is not allowed, so the value is not kept as nullable` });
    else if ((types.includes('null') && nonNull.length > 0) || schema.nullable === true) out.nullable = true;
    // Where it takes null away from another part of an allOf, `nullable: false` says something: kept (t32s R1).
    else if (schema.nullable === false && this.notNull.has(schema)) out.nullable = false;
    if (this.nullableNotAKeyword && schema.nullable === true && !types.includes('null')) this.unmapped.push({ pointer: `${pointer}/nullable`, reason: NULLABLE_IN_31 });
    // `allOf` beside `oneOf` or `anyOf` (in one schema): all of its parts hold, and one (or any) of the variants, as one more part.
    const combined = out.type === undefined && Array.isArray(schema.allOf) && (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf));
    const choices: Shape[] = [];
    // The union of variants made beside what the schema states besides them (`properties` and `oneOf`): a discriminator beside them tells its variants apart.
    let union: Shape | undefined;
    for (const [keyword, key] of [['oneOf', 'one_of'], ['anyOf', 'any_of'], ['allOf', 'all_of']] as const) {
      const list = schema[keyword];
      if (!Array.isArray(list)) continue;
      if (combined && key !== 'all_of') {
        choices.push({ type: key, of: list.map((v, i) => this.shape(v, `${pointer}/${keyword}/${i}`, depth + 1)) });
        continue;
      }
      if (out.type !== undefined) {
        this.unmapped.push({ pointer: `${pointer}/${keyword}`, reason: `${keyword} beside another type has no place in a shape` });
        continue;
      }
      // `anyOf`/`oneOf` of required names only ("at least / exactly one of these fields"): kept where the names are fields stated beside it, else said, and no union is made (of empty variants it would accept anything, or, as `oneOf`, nothing).
      if (key !== 'all_of' && list.some((v) => this.requiredOnly(v)) && !this.unionOfRequiredKept(schema, list, `${pointer}/${keyword}`, keyword)) continue;
      // A member of `allOf` that states nothing (`{}`, ix-api.net's every error) or only `nullable: false` (what a schema is without it: Box's documents write it) adds nothing to what all the others hold: no variant is made of it (a variant would be an open question).
      // So does a member that is only a union of required names whose fields it cannot state (`{oneOf: [{required: [a]}, {required: [b]}]}`): said, as `unionOfRequiredKept` says it.
      const dropped = new Set(key === 'all_of' ? list.filter((v, i) => isObj(v) && Object.keys(v).length === 1 && (['anyOf', 'oneOf'] as const).some((k) => Array.isArray(v[k]) && (v[k] as unknown[]).every((x) => this.requiredOnly(x)) && !this.unionOfRequiredKept(v, v[k] as unknown[], `${pointer}/allOf/${i}/${k}`, k))) : []);
      // So does a `true` member (any value, as `{}`); in a union, a `false` member (no value) is never the one that holds: the union is the same without it, which is said.
      const never = (v: unknown) => key !== 'all_of' && v === false && list.some((x) => x !== false);
      const empty = (v: unknown) => never(v) || (key === 'all_of' && (v === true || (isObj(v) && (dropped.has(v) || Object.keys(v).length === 0 || (Object.keys(v).length === 1 && v.nullable === false)))));
      list.forEach((v, i) => never(v) && this.unmapped.push({ pointer: `${pointer}/${keyword}/${i}`, reason: `a \`false\` member of ${keyword} allows no value, so it is never the one a value matches: the union is the same without it, and it is left out` }));
      // Where every member states nothing, the value allows what one of them allows (any value): one is kept, an open question once, not one per member.
      const members = list.some((v) => !empty(v)) ? list.map((v, i) => [v, i] as const).filter(([v]) => !empty(v)) : list.slice(0, key === 'all_of' ? 1 : list.length).map((v, i) => [v, i] as const);
      if (key === 'all_of' && members.length === 1 && list.length > 1 && list.every(empty)) {
        list.forEach((_, i) => i > 0 && this.unmapped.push({ pointer: `${pointer}/allOf/${i}`, reason: 'a member of allOf that states nothing, beside another that states nothing, adds nothing: one is kept' }));
      }
      // `type: object` beside an allOf (box.com's `Collaborations`, t31r D5): the value is an object, and each part states what that one object holds, so a part
      // of properties and no type of its own is that object's (as `{type: object, allOf: [P]}` is `allOf: [{type: object, …P}]`): no "What is its type?" the source answered.
      const objectParts = key === 'all_of' && schema.type === 'object' && schema.nullable !== true ? members.filter(([v]) => untypedProperties(v)).map(([v, i]) => [v, i, this.derived(v as Obj, { type: 'object', ...(v as Obj) })] as const) : [];
      const asWritten = (v: unknown) => objectParts.find(([was]) => was === v)?.[2] ?? v;
      const shaped = members.map(([v, i]) => (this.requiredOnly(v) ? undefined : this.shape(key === 'all_of' ? asWritten(v) : withFieldsBeside(v, schema), `${pointer}/${keyword}/${i}`, depth + 1)));
      const others = shaped.filter((x): x is Shape | string => x !== undefined);
      // In a union, the fields a variant of required names only makes required are those stated beside the union.
      const beside = key !== 'all_of' && shaped.includes(undefined) ? this.objectPart(schema, types, pointer, depth, list.every(statesType)) : undefined;
      // A part that only lists required names makes the fields the other parts bring required: it states each of them, required, with its type.
      // (Where no other part has any of the names, the part is read as any other: its names are said not kept.)
      const variants = shaped.map((x, n) => {
        const [v, i] = members[n]!;
        return x ?? this.requiredPart(v as Obj, key === 'all_of' ? others : beside ? [beside] : [], `${pointer}/${keyword}/${i}`, depth, key === 'all_of') ?? this.shape(v, `${pointer}/${keyword}/${i}`, depth + 1);
      });
      // Properties or a type beside the variants hold as well: all of them, and one (or any) of the variants.
      // Required names beside the `allOf` (`{ allOf: [Base], required: [a] }`) are a part of their own, as in a member.
      // They are kept on the fields of the parts that state them (no part is made of them, which would have no type of its own); only where no part states fields of its own are they a part.
      const ownRequired = key === 'all_of' && this.requiredOnly({ required: schema.required }) && !isObj(schema.properties);
      const merged = ownRequired && this.requiredIntoParts((schema.required as unknown[]).map(String), variants, pointer);
      const requiredHere = ownRequired && !merged ? this.requiredPart({ required: schema.required }, variants, pointer, depth, true) : undefined;
      const { required: _, ...withoutRequired } = schema;
      const extra = beside ?? this.objectPart(merged || requiredHere !== undefined ? withoutRequired : schema, types, pointer, depth, key === 'all_of' ? list.some((v) => statesType(asWritten(v))) : list.every(statesType), key === 'all_of' ? objectParts.map(([, i]) => i) : undefined);
      if (requiredHere !== undefined) variants.push(requiredHere);
      if (extra && key !== 'all_of') {
        // With a discriminator beside them, or a variant that restates fields beside it to make them required, an export writes the two side by side again (`besideUnion`): nothing to say.
        const discriminated = typeof schema.discriminator === 'string' || (isObj(schema.discriminator) && typeof schema.discriminator.propertyName === 'string');
        if (!discriminated && !writtenBesideUnion([bare(extra, false), { type: key, of: variants }])) this.unmapped.push({ pointer: `${pointer}/${keyword}`, reason: `what the schema states beside ${keyword} (its type, properties or items) is kept as all_of: that, and ${keyword === 'oneOf' ? 'one' : 'any'} of the variants` });
        out.type = 'all_of';
        union = { type: key, of: variants };
        out.of = [bare(extra, false), union];
      } else {
        out.type = key;
        out.of = [...variants, ...(extra ? [bare(extra, false)] : []), ...choices];
      }
    }
    // Several types (3.1) with what is written for one of them (`properties` for `object`, `items` for `array`): each type a variant with its own keywords.
    const split = out.type === undefined && nonNull.length > 1 && Object.keys(schema).some((k) => STRUCTURAL.includes(k));
    if (out.type === undefined) {
      if (split) {
        out.type = 'any_of';
        out.of = this.typeVariants(schema, nonNull, pointer, depth);
      } else if (nonNull.length > 1) {
        out.type = 'any_of';
        out.of = nonNull;
      } else if (nonNull.length === 1 || types.length === 1) out.type = ownType(schema, nonNull[0] ?? 'null');
      // No type is read into `properties`, `items` or `additionalProperties`: JSON Schema does not
      // imply one (an untyped schema with properties allows an array), so the type stays open.
    }
    if (out.type !== 'one_of' && out.type !== 'any_of' && out.type !== 'all_of') this.structure(schema, out, pointer, depth);
    Object.assign(out, this.annotations(split ? Object.fromEntries(Object.entries(schema).filter(([k]) => TYPE_KEYWORDS[k] === undefined)) : schema, pointer));
    if (isObj(schema.discriminator)) {
      const d = schema.discriminator;
      if (typeof d.propertyName === 'string') {
        const mapping = Object.entries(isObj(d.mapping) ? d.mapping : {}).map(([value, ref]) => [value, this.named({ $ref: ref }) ?? (typeof ref === 'string' && /^[A-Za-z][A-Za-z0-9_.-]*$/.test(ref) ? this.ids.id(ref) : undefined)] as const);
        const kept = mapping.filter((m): m is readonly [string, string] => m[1] !== undefined);
        if (kept.length < mapping.length) this.unmapped.push({ pointer: `${pointer}/discriminator/mapping`, reason: 'a discriminator mapping to something other than a named schema is not kept' });
        kept.push(...this.impliedEntries(schema, d, kept, pointer));
        // Beside `allOf` and `oneOf`, or `properties` and `oneOf`, it tells the variants of the `oneOf` apart: it is the union's, inside the `all_of`.
        const target = choices[0] ?? union ?? out;
        target.discriminator = { field: d.propertyName, ...(kept.length > 0 ? { mapping: Object.fromEntries(kept) } : {}) };
      }
    } else if (typeof schema.discriminator === 'string') {
      const target = choices[0] ?? union ?? out;
      target.discriminator = { field: schema.discriminator };
    }
    // The project's own extensions are what an export adds to say what is open or not carried: nothing the source states.
    const unread = Object.keys(schema).filter((k) => !CARRIED.has(k) && !k.startsWith('x-specbench-'));
    // An extension (`x-…`) is a tool's, not a JSON Schema keyword: said as one, at the schema, as the keywords are.
    const rest = unread.filter((k) => !k.startsWith('x-'));
    const extensions = unread.filter((k) => k.startsWith('x-'));
    if (extensions.length > 0) this.unmapped.push({ pointer, reason: schemaExtensionWord(extensions) });
    if (rest.length > 0) this.unmapped.push({ pointer, reason: `JSON Schema ${rest.length === 1 ? 'keyword' : 'keywords'} ${rest.map((k) => `\`${k}\``).join(', ')} ${rest.length === 1 ? 'has' : 'have'} no place in the spec` });
    this.withoutContradictions(out, pointer);
    if (Object.keys(out).length === 0) return untyped();
    return bare(canonical(out), named !== undefined);
  }

  /**
   * `allOf: [{ $ref: X }, { description: … }]`, the idiom of hundreds of public documents: members
   * that only annotate or constrain (no type, no structure) refine the one member that has a type,
   * so the schema is that member with their keywords; undefined for any other `allOf`, and where a
   * refining keyword would contradict one the typed member or the schema states. The schema's own
   * `type: object` beside it is not kept where that member states a type (said at `pointer`): else
   * the export, which writes the members, would be read back as the idiom, and differ; where the
   * member states none (properties only), it is that member's type.
   */
  private refinedAllOf(schema: Obj, pointer: string): Obj | undefined {
    const list = schema.allOf;
    if (!Array.isArray(list) || schema.oneOf !== undefined || schema.anyOf !== undefined) return undefined;
    if (list.length === 1) return this.annotatedReference(schema, list[0], pointer);
    if (list.length < 2) return undefined;
    const refines = (m: unknown) => isObj(m) && Object.keys(m).length > 0 && Object.keys(m).every((k) => REFINING.has(k));
    const typed = list.filter((m) => !refines(m));
    const { allOf: _, type, ...own } = schema;
    if (typed.length !== 1 || (type !== undefined && type !== 'object') || Object.keys(own).some((k) => STRUCTURE.has(k))) return undefined;
    const [base] = typed;
    const merged: Obj = { ...(isObj(base) ? base : {}) };
    // Where the file writes each keyword taken from a member (t31r D6): what is said of it points there, not at the `allOf`'s schema.
    const origins = new Map<string, string>(Object.keys(merged).map((k) => [k, `${pointer}/allOf/${list.indexOf(base)}`]));
    for (const [i, member] of list.entries()) {
      if (member === base || !isObj(member)) continue;
      for (const [k, v] of Object.entries(member)) {
        if (k in merged && JSON.stringify(merged[k]) !== JSON.stringify(v)) return undefined;
        if (!(k in merged)) origins.set(k, `${pointer}/allOf/${i}`);
        merged[k] = v;
      }
    }
    for (const [k, v] of Object.entries(own)) {
      if (k in merged && JSON.stringify(merged[k]) !== JSON.stringify(v)) return undefined;
      origins.delete(k);
      merged[k] = v;
    }
    this.memberOrigins.set(merged, origins);
    // The schema's own `type: object` is its one typed member's type where that member states none (`allOf: [{properties: …}, {description: …}]`, t31r D5): kept there.
    if (type !== undefined && !statesType(base)) merged.type = type;
    else if (type !== undefined) this.unmapped.push({ pointer: `${pointer}/type`, reason: TYPE_BESIDE_ALLOF });
    return merged;
  }

  /**
   * `allOf: [{ $ref: X }]` with nothing beside it but what a field says of itself (a description, a
   * title, nullability, a default, examples, flags), as OpenAPI 3.0 documents write an annotated
   * reference: the reference, with those keywords beside it (as OpenAPI 3.1 and the export write
   * it), so that it reads as its type and not as a combination of one part. A constraint beside it
   * (`maxLength`, `format`) keeps the `allOf`: a field states a resource's type or its own
   * constraints, not both. The schema's own `type: object` is not kept (said at `pointer`).
   */
  private annotatedReference(schema: Obj, member: unknown, pointer: string): Obj | undefined {
    if (!isObj(member) || Object.keys(member).length !== 1 || this.named(member) === undefined) return undefined;
    const { allOf: _, type, ...own } = schema;
    // An extension beside it (`x-hidden-from-docs`) says nothing of the value: said where it is, and no reason to keep the `allOf` (its export, without it, would be read as the reference).
    if ((type !== undefined && type !== 'object') || !Object.keys(own).every((k) => ANNOTATING.has(k) || k.startsWith('x-'))) return undefined;
    if (type !== undefined) this.unmapped.push({ pointer: `${pointer}/type`, reason: TYPE_BESIDE_ALLOF });
    return { ...member, ...own };
  }

  /**
   * `nullable: false` in a part of an `allOf` (or a property of one, at any depth), or in a property
   * stated beside it (its own part), where another part lets the same value be null (t32s R1:
   * Apple's `Invocation.params` nullable, a subtype's own `params` not): both parts hold, so the
   * value may not be null, and the part keeps `nullable: false` (`notNull`), which the pages show
   * ("not nullable") and an export writes back. Written in a schema a `$ref` reaches (a named schema,
   * mapped on its own, wherever it is used), it is said at its pointer instead: there it says no
   * more than its type. Elsewhere it is what a schema is without it (Box's documents write it
   * everywhere), and is not kept.
   */
  private narrowedNull(parts: unknown[], pointer: string, own?: Obj): void {
    const follow = (v: unknown, at: string, hops = 0): [Obj | undefined, string, number] =>
      isObj(v) && typeof v.$ref === 'string' && v.$ref.startsWith('#/') && hops < 8 ? follow(this.resolve(v.$ref), v.$ref.slice(1), hops + 1) : [isObj(v) ? v : undefined, at, hops];
    const lets = (s: Obj) => s.nullable === true || (Array.isArray(s.type) && s.type.includes('null')) || (['anyOf', 'oneOf'] as const).some((k) => Array.isArray(s[k]) && (s[k] as unknown[]).some((x) => isObj(x) && x.type === 'null'));
    // The properties stated beside the allOf are one more part of it, at the schema's own pointer.
    const all = own !== undefined && isObj(own.properties) ? [...parts.map((part, i) => [part, `${pointer}/allOf/${i}`] as const), [{ properties: own.properties }, pointer] as const] : parts.map((part, i) => [part, `${pointer}/allOf/${i}`] as const);
    const nullableAt = (part: unknown, path: readonly string[]): boolean => {
      let [s] = follow(part, '');
      for (const name of path) [s] = follow(isObj(s?.properties) ? s.properties[name] : undefined, '');
      return s !== undefined && lets(s);
    };
    const walk = (v: unknown, at: string, path: readonly string[], index: number, reached: boolean): void => {
      const [s, where, hops] = follow(v, at);
      if (s === undefined || path.length > SCHEMA_DEPTH) return;
      const viaRef = reached || hops > 0;
      const said = `${where}/nullable`;
      if (s.nullable === false && all.some(([other], j) => j !== index && nullableAt(other, path))) {
        if (!viaRef) this.notNull.add(s);
        else if (!this.unmapped.some((u) => u.pointer === said)) this.unmapped.push({ pointer: said, reason: NARROWED_BY_REFERENCE });
      }
      if (isObj(s.properties)) for (const [name, p] of Object.entries(s.properties)) walk(p, `${where}/properties/${seg(name)}`, [...path, name], index, viaRef);
    };
    all.forEach(([part, at], i) => walk(part, at, [], i, false));
  }

  /** For a schema merged from an `allOf`'s members (`refinedAllOf`), the member's pointer each keyword came from. */
  private readonly memberOrigins = new WeakMap<object, ReadonlyMap<string, string>>();

  /** The schemas whose `nullable: false` takes null away from what another part of an `allOf` allows (`narrowedNull`): kept, as the spec's `nullable: false`. */
  private readonly notNull = new WeakSet<object>();

  /** A schema made from another by leaving keywords out or putting one in its place: it keeps the other's `nullable: false` where that is kept (`notNull`). */
  private derived(from: Obj, to: Obj): Obj {
    if (this.notNull.has(from)) this.notNull.add(to);
    return to;
  }

  /** An `allOf` part that states nothing but required names (and perhaps `type: object`, a title or a description): its fields are the other parts'. */
  private requiredOnly(member: unknown): member is Obj {
    return isObj(member) && Array.isArray(member.required) && member.required.length > 0 && member.properties === undefined && member.items === undefined && member.additionalProperties === undefined && (member.type === undefined || member.type === 'object') && ['allOf', 'oneOf', 'anyOf', '$ref', 'not'].every((k) => member[k] === undefined);
  }

  /**
   * Whether a union with variants of required names only (`anyOf: [{required: [a]}, {required: [b]}]`
   * beside `properties: {a, b}`: at least, or exactly, one of these fields) can be kept: each such
   * variant's names are properties stated beside the union, of a type a field restates (a type or a
   * reference, no composition), so each variant is those fields, required. Where not, the union is
   * said with what it required, and not kept: a variant without its names would be empty, and a
   * union of empty variants accepts anything (`anyOf`) or, as `oneOf`, nothing.
   */
  private unionOfRequiredKept(schema: Obj, list: unknown[], pointer: string, keyword: 'anyOf' | 'oneOf'): boolean {
    const properties = isObj(schema.properties) ? schema.properties : {};
    const restated = (name: string) => restatement(properties[name]) !== undefined;
    if (list.every((v) => !this.requiredOnly(v) || (v.required as unknown[]).every((n) => restated(String(n))))) return true;
    const groups = list.map((v, i) => (this.requiredOnly(v) ? (v.required as unknown[]).map(String).join(' and ') : `what variant ${i} states`));
    const missing = [...new Set(list.flatMap((v) => (this.requiredOnly(v) ? (v.required as unknown[]).map(String).filter((n) => !restated(n)) : [])))];
    this.unmapped.push({ pointer, reason: `${keyword === 'anyOf' ? 'at least' : 'exactly'} one of ${groups.join(', ')} required: not kept (the spec makes a field required only where it states the field, and ${missing.join(', ')} ${missing.length === 1 ? 'is not a property' : 'are not properties'} of a single type stated beside the ${keyword}), so a value may have none of them${keyword === 'oneOf' ? ', or more than one' : ''}` });
    return false;
  }

  /**
   * The fields the parts of an `allOf` bring, by name (the first part that states one), followed
   * through the resources they name and the `all_of`s they are.
   */
  private broughtFields(parts: ReadonlyArray<Shape | string>, into = new Map<string, Field>(), seen = new Set<string>(), depth = 0, types?: Map<string, unknown>): Map<string, Field> {
    if (depth > 16) return into;
    for (const part of parts) {
      const shape = typeof part === 'string' ? (isResourceType(part) && !seen.has(part) ? (seen.add(part), this.resourceShape(part)) : undefined) : part;
      if (!isObj(shape)) continue;
      if (shape.type === 'all_of' && Array.isArray(shape.of)) this.broughtFields(shape.of as Array<Shape | string>, into, seen, depth + 1, types);
      else if (typeof shape.type === 'string' && isResourceType(shape.type)) this.broughtFields([shape.type], into, seen, depth + 1, types);
      else if (isObj(shape.fields) && !('none' in shape.fields) && !('open' in shape.fields)) {
        for (const [name, f] of Object.entries(shape.fields)) {
          if (into.has(name) || !isObj(f)) continue;
          into.set(name, f as Field);
          // The type of the part that states the field, for a part that only makes it required (`requiredPart`).
          types?.set(name, shape.type);
        }
      }
    }
    return into;
  }

  /**
   * An `allOf` part of required names only (`allOf: [{ $ref: Base }, { required: [a, b] }]`): each
   * name a field of another part has becomes a field of this part, required, restating that
   * field's type (and nullability) and nothing else, which the other part holds all the same. A
   * name no part has, or whose type is a union or open, is listed at the part's `required`. In an
   * `allOf` (not a union's variant), the part is an object where every part stating its fields is.
   */
  private requiredPart(member: Obj, others: ReadonlyArray<Shape | string>, pointer: string, depth: number, allOf: boolean): Shape | undefined {
    const { required, ...rest } = member;
    const typeOf = new Map<string, unknown>();
    const brought = this.broughtFields(others, new Map(), new Set(), 0, typeOf);
    const fields: Record<string, Field> = {};
    const left: string[] = [];
    for (const name of (required as unknown[]).map(String)) {
      const f = brought.get(name);
      const type = f?.type;
      if (typeof type !== 'string' || (COMPOSITIONS as readonly string[]).includes(type)) left.push(name);
      else if (!(name in fields)) fields[name] = canonical({ type, ...(f?.nullable === true ? { nullable: true } : {}), required: true } as Field);
    }
    if (Object.keys(fields).length === 0) return undefined;
    if (left.length > 0) this.unmapped.push({ pointer: `${pointer}/required`, reason: `required names that no other part of the allOf states as a field of a single type (${left.join(', ')}) are not kept` });
    const own = Object.keys(rest).length > 0 ? this.object(rest, pointer, depth + 1) : {};
    // Without a type the part would be an open question its source never raised ("What is its type?"): where every
    // part that states these fields is an object, so is any value the allOf allows, and the part says so.
    const objects = allOf && own.type === undefined && Object.keys(fields).every((name) => typeOf.get(name) === 'object');
    if (objects) this.unmapped.push({ pointer, reason: 'a part of an allOf that only lists required names is kept as an object of those fields, each required with the type the part that states it gives (that part is an object, so is any value the allOf allows)' });
    return canonical({ ...(saysNothing(own) ? {} : own), ...(objects ? { type: 'object' } : {}), fields } as Shape);
  }

  /**
   * Required names written beside an `allOf` (`{ allOf: [Base, { properties: … }], required: [a, b] }`)
   * kept on the fields of its parts: a field a part of its own states is made required there; one a
   * named part brings (`Base`, a resource shared by others) is restated, required, with that part's
   * type, in the first part that states fields of its own; a name no part states as a field of a
   * single type is said. False where no part states fields of its own (the names then make a part).
   */
  private requiredIntoParts(names: readonly string[], variants: Array<Shape | string>, pointer: string): boolean {
    const own = variants.map((v, i) => [v, i] as const).filter((e): e is readonly [Shape, number] => isObj(e[0]) && isObj(e[0].fields) && !('none' in e[0].fields) && !('open' in e[0].fields));
    if (own.length === 0) return false;
    const typeOf = new Map<string, unknown>();
    const brought = this.broughtFields(variants, new Map(), new Set(), 0, typeOf);
    const restated: string[] = [];
    const left: string[] = [];
    const home = own[0]![1];
    for (const name of [...new Set(names)]) {
      const holder = own.find(([v]) => Object.hasOwn(v.fields as Obj, name));
      if (holder !== undefined) {
        const [v, i] = holder;
        const fields = v.fields as Record<string, Field>;
        variants[i] = { ...v, fields: { ...fields, [name]: canonical({ ...fields[name], required: true } as Field) } };
        own[own.indexOf(holder)] = [variants[i] as Shape, i];
        continue;
      }
      const type = brought.get(name)?.type;
      if (typeof type !== 'string' || (COMPOSITIONS as readonly string[]).includes(type)) {
        left.push(name);
        continue;
      }
      const part = variants[home] as Shape;
      variants[home] = { ...part, fields: { ...(part.fields as Record<string, Field>), [name]: canonical({ type, ...(brought.get(name)?.nullable === true ? { nullable: true } : {}), required: true } as Field) } };
      own[0] = [variants[home] as Shape, home];
      restated.push(name);
    }
    if (restated.length > 0) this.unmapped.push({ pointer: `${pointer}/required`, reason: `required names beside the allOf are kept on its parts' fields; ${restated.join(', ')}, which a named part states, ${restated.length === 1 ? 'is' : 'are'} restated in part ${home + 1} (its own fields), required, with the type that part gives` });
    if (left.length > 0) this.unmapped.push({ pointer: `${pointer}/required`, reason: `required names that no part of the allOf states as a field of a single type (${left.join(', ')}) are not kept` });
    return true;
  }

  /** A schema whose only job is to allow `null` beside one other shape (`anyOf: [X, {type: null}]`). */
  private nullableOf(schema: Obj): { schema: unknown; pointer: (p: string) => string; keep: readonly string[] } | undefined {
    for (const keyword of ['anyOf', 'oneOf'] as const) {
      const list = schema[keyword];
      if (!Array.isArray(list) || list.length !== 2) continue;
      const isNull = (v: unknown) => isObj(v) && v.type === 'null' && Object.keys(v).length === 1;
      const index = list.findIndex((v) => !isNull(v));
      if (index === -1 || !isNull(list[1 - index])) continue;
      // The project's own extensions (the gaps an export lists beside the two) are no statement of the source.
      const others = Object.keys(schema).filter((k) => k !== keyword && !k.startsWith('x-specbench-'));
      if (others.some((k) => !['description', 'title', 'default', 'example', 'examples', 'deprecated', 'readOnly', 'writeOnly'].includes(k))) continue;
      return { schema: list[index], pointer: (p) => `${p}/${keyword}/${index}`, keep: others };
    }
    return undefined;
  }

  /** A shape's fields, items or map values. */
  private structure(schema: Obj, out: Shape, pointer: string, depth: number): void {
    if (isObj(schema.properties)) {
      const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
      // A property whose schema is `false` may not be present: no field of the spec says that, so none is written for it (a field would allow it).
      const forbidden = Object.keys(schema.properties).filter((name) => (schema.properties as Obj)[name] === false);
      for (const name of forbidden) this.unmapped.push({ pointer: `${pointer}/properties/${seg(name)}`, reason: 'a property whose schema is `false` (it may not be present) has no place in the spec; no field is kept for it' });
      // A name no spec file can hold (empty, with a line break, `__proto__`) is said, not written: the import passes its own check.
      const unusable = Object.keys(schema.properties).filter((name) => !usableName(name));
      for (const name of unusable) this.unmapped.push({ pointer: `${pointer}/properties/${seg(name)}`, reason: `a property named ${name === '' ? 'with the empty string' : `\`${name}\``} is not kept: a spec file names every field with a usable name (not empty, no line breaks or control characters, not \`__proto__\`)` });
      const fields = Object.fromEntries(Object.entries(schema.properties).filter(([name, p]) => p !== false && usableName(name)).map(([name, p]) => [name, this.field(p, `${pointer}/properties/${seg(name)}`, required.has(name), depth + 1)]));
      out.fields = Object.keys(fields).length > 0 ? fields : { none: 'The source schema is an object with no properties.' };
      const unknown = [...required].filter((r) => !(r in (schema.properties as Obj)));
      if (unknown.length > 0) this.unmapped.push({ pointer: `${pointer}/required`, reason: `required names without a property (${unknown.join(', ')}) are not kept` });
      if (schema.additionalProperties !== undefined) this.unmapped.push({ pointer: `${pointer}/additionalProperties`, reason: 'other properties beside the named fields have no place in the spec' });
    } else if (schema.required !== undefined) this.unmapped.push({ pointer: `${pointer}/required`, reason: 'required names without properties are not kept' });
    if (schema.items !== undefined) {
      const tuple = Array.isArray(schema.prefixItems) && schema.prefixItems.length > 0;
      // Beside `prefixItems`, `items` holds only for the elements past the places it states: kept, it would claim every element (`["a", 1]` refused where the source allows it).
      if ((isObj(schema.items) || schema.items === true) && tuple) this.unmapped.push({ pointer: `${pointer}/items`, reason: '`items` beside `prefixItems` holds only for the elements past those `prefixItems` states, which the spec cannot say (its items hold for every element), so it is not kept' });
      else if (isObj(schema.items) || schema.items === true) out.items = this.shape(schema.items, `${pointer}/items`, depth + 1);
      else if (schema.items === false) this.unmapped.push({ pointer: `${pointer}/items`, reason: tuple ? '`items: false` (no items past those `prefixItems` states) has no place in the spec' : '`items: false` (an array with no elements) has no place in the spec' });
      else this.unmapped.push({ pointer: `${pointer}/items`, reason: 'items given as a list (tuple) have no place in the spec' });
    }
    // `additionalProperties: false` closes the object to every property, with or without `type: object` (alone, or in an `allOf` part): the spec cannot say it, so it is said.
    if (!isObj(schema.properties) && schema.additionalProperties !== undefined) {
      if (isObj(schema.additionalProperties)) {
        // Values that say nothing the spec keeps (a reference to itself cut, an unknown keyword only) are values of any kind, as `{}` is: none is written.
        const values = Object.keys(schema.additionalProperties).length > 0 ? this.shape(schema.additionalProperties, `${pointer}/additionalProperties`, depth + 1) : undefined;
        if (values !== undefined && !saysNothing(values)) out.values = values;
      } else if (schema.additionalProperties === false) this.unmapped.push({ pointer: `${pointer}/additionalProperties`, reason: '`additionalProperties: false` (no property past those named) has no place in the spec' });
    }
  }

  /**
   * The variants of a schema of several types (3.1 `type: [object, array]`), each type with the
   * keywords that apply to it (`properties` and `required` to `object`, `items` and `maxItems` to
   * `array`), as JSON Schema reads them: a keyword for a type the list does not hold has no effect,
   * and is said.
   */
  private typeVariants(schema: Obj, types: readonly string[], pointer: string, depth: number): Array<Shape | string> {
    for (const [k, of] of Object.entries(TYPE_KEYWORDS)) {
      if (schema[k] !== undefined && of !== undefined && !of.some((t) => types.includes(t))) this.unmapped.push({ pointer: `${pointer}/${k}`, reason: `\`${k}\` applies to a value of type ${of.join(' or ')}, which the schema's types (${types.join(', ')}) do not include: it has no effect, and is not kept` });
    }
    return types.map((t) => this.shape({ type: t, ...Object.fromEntries(Object.entries(schema).filter(([k]) => TYPE_KEYWORDS[k]?.includes(t))) }, pointer, depth + 1));
  }

  /**
   * What a schema states beside its composition's variants (its type, properties, items, other
   * properties), as one more variant: it holds as well. Nothing is read into it (an untyped part
   * stays untyped), and `type: 'null'` beside the variants is a part like any other.
   */
  private objectPart(schema: Obj, types: readonly string[], pointer: string, depth: number, typed: boolean, objectParts?: readonly number[]): Shape | undefined {
    const nonNull = types.filter((t) => t !== 'null');
    const structured = isObj(schema.properties) || schema.items !== undefined || schema.additionalProperties !== undefined;
    if (!structured && schema.required !== undefined) this.unmapped.push({ pointer: `${pointer}/required`, reason: 'required names without properties are not kept' });
    // A composition's own `type: object` adds nothing where its variants say what they are (`typed`); with `null`, it is nullable.
    // Where they do not (`type: object, oneOf: [{properties: …}]`), it is what says the value is an object: a part of its own.
    if (typed && !structured && nonNull.length > 0 && nonNull.every((t) => t === 'object')) {
      this.unmapped.push({ pointer: `${pointer}/type`, reason: objectParts === undefined ? TYPE_BESIDE_VARIANTS : objectParts.length > 0 ? typeOnParts(objectParts) : TYPE_BESIDE_ALLOF });
      return undefined;
    }
    const part: Shape = {};
    if (nonNull.length > 1) {
      part.type = 'any_of';
      part.of = nonNull;
    } else if (types.length > 0) part.type = ownType(schema, nonNull[0] ?? 'null');
    if (structured) this.structure(schema, part, pointer, depth);
    this.withoutContradictions(part, pointer);
    return Object.keys(part).length > 0 ? canonical(part) : undefined;
  }

  /** Description, title, allowed values, examples, constraints and flags. */
  private annotations(schema: Obj, pointer: string, only?: readonly string[]): Shape {
    const out: Shape = {};
    const has = (k: string) => schema[k] !== undefined && (only === undefined || only.includes(k));
    // An empty title (or description) states nothing: there is nothing to keep or to report.
    if (has('title') && typeof schema.title === 'string' && schema.title.trim() !== '') {
      const spaced = spacedLine(schema.title.trim());
      if (ONE_LINE.test(schema.title.trim())) out.title = schema.title.trim();
      else if (spaced !== undefined) {
        out.title = spaced;
        this.unmapped.push({ pointer: `${pointer}/title`, reason: CONTROLS_AS_SPACES });
      } else this.unmapped.push({ pointer: `${pointer}/title`, reason: 'a title of several lines has no place as a shape title' });
    }
    if (has('description') && typeof schema.description === 'string' && schema.description.trim() !== '') out.description = schema.description;
    if (has('enum') && Array.isArray(schema.enum) && has('const')) {
      // Both hold (JSON Schema 2020-12): what is allowed is `const` where `enum` lists it. Where it does not, no value is allowed, which the spec cannot state: said at the schema (of both keywords), never made a value.
      if (schema.enum.some((v) => sameValue(v, schema.const))) out.allowed = [schema.const] as Shape['allowed'];
      else this.unmapped.push({ pointer, reason: `its \`const\` (${quoted(schema.const)}) is not among the values of its \`enum\`: the schema allows no value, which the spec cannot state; neither is kept` });
    } else if (has('enum') && Array.isArray(schema.enum)) out.allowed = schema.enum as Shape['allowed'];
    else if (has('const')) out.allowed = [schema.const] as Shape['allowed'];
    for (const [keyword, key] of REFINEMENTS) {
      if (!has(keyword)) continue;
      if (fits(keyword, schema[keyword])) (out as Record<string, unknown>)[key] = schema[keyword];
      // A number out of the keyword's range (`multipleOf: 0`, a negative length) is said as that, not as a wrong type.
      else this.unmapped.push({ pointer: `${pointer}/${keyword}`, reason: typeof schema[keyword] === 'number' ? `\`${keyword}: ${String(schema[keyword])}\` is out of the keyword's range (${keyword === 'multipleOf' ? 'a number greater than 0' : 'a whole number, 0 or more'}); it is not kept` : schema[keyword] === '' ? `\`${keyword}: ''\` is empty${keyword === 'pattern' ? ' (it matches every text, so it constrains nothing)' : ' (it names no format)'}, and the spec holds no empty ${keyword}; it is not kept` : `\`${keyword}\` of an unexpected type is not kept` });
    }
    // OpenAPI 3.0 writes exclusive bounds as flags on minimum and maximum; 3.1 as numbers.
    for (const [keyword, bound, key, plain] of [['exclusiveMinimum', 'minimum', 'exclusive_minimum', 'minimum'], ['exclusiveMaximum', 'maximum', 'exclusive_maximum', 'maximum']] as const) {
      if (!has(keyword)) continue;
      const v = schema[keyword];
      if (typeof v === 'number') out[key] = v;
      else if (v === true && typeof schema[bound] === 'number') {
        out[key] = schema[bound];
        delete out[plain];
      } else if (v !== false) this.unmapped.push({ pointer: `${pointer}/${keyword}`, reason: `\`${keyword}\` without a bound is not kept` });
    }
    const examples = has('examples') && Array.isArray(schema.examples) ? schema.examples : undefined;
    // A schema's `examples` is a list; a map of named examples (a media type's form, which generated documents write on schemas) is no value the shape can hold as it is.
    if (has('examples') && !examples) this.unmapped.push({ pointer: `${pointer}/examples`, reason: isObj(schema.examples) ? 'a schema’s `examples` written as a map of named examples (a media type’s form; a schema’s is a list of values) is not kept' : 'a schema’s `examples` that is not a list is not kept' });
    const list = [...(examples ?? []), ...(has('example') ? [schema.example] : [])];
    if (list.length > 0) {
      out.examples = list as Shape['examples'];
      this.exampleAt.set(list, [...(examples ?? []).map((_, i) => `examples/${i}`), ...(has('example') ? ['example'] : [])]);
    }
    return out;
  }

  /**
   * What JSON Schema lets a document say but gives no effect, or that contradicts the schema it
   * is in, is listed as unmapped rather than carried: a constraint on a type that cannot take it
   * (`minLength` on an integer), allowed values of another type, and defaults and examples the
   * schema does not allow. Carried, they would be a spec that fails its own check.
   */
  private withoutContradictions(out: Shape, pointer: string): void {
    const type = typeof out.type === 'string' ? out.type : undefined;
    // What nests in a shape only where its type takes it: `items` on an array, fields on an object.
    if (type !== undefined && !isResourceType(type)) {
      for (const [key, keyword, takes] of [['items', 'items', 'array'], ['fields', 'properties', 'object'], ['values', 'additionalProperties', 'map']] as const) {
        if (out[key] === undefined || type === takes || (key === 'values' && type === 'object')) continue;
        delete out[key];
        this.unmapped.push({ pointer: `${pointer}/${keyword}`, reason: `\`${keyword}\` has no effect on ${aType(type)}; it is not kept` });
      }
    }
    // A constraint beside a reference is judged by the type the resource comes to (`minLength` beside a reference to an object), as `check` judges it.
    const resolved = type !== undefined && isResourceType(type) ? this.primitiveOf(type) : undefined;
    for (const key of CONSTRAINT_KEYS) {
      if (type === undefined || out[key] === undefined || constraintApplies(key, resolved ?? type)) continue;
      delete out[key];
      this.unmapped.push({ pointer: `${pointer}/${KEYWORD[key] ?? key}`, reason: `\`${KEYWORD[key] ?? key}\` has no effect on ${resolved !== undefined ? `\`${type}\`, ${aType(resolved)}` : aType(type)}; it is not kept` });
    }
    if (typeof out.pattern === 'string' && !compiles(out.pattern)) {
      this.unmapped.push({ pointer: `${pointer}/pattern`, reason: 'the pattern is not an ECMAScript regular expression in Unicode mode, which is how the spec checks patterns; it is not kept' });
      delete out.pattern;
    }
    for (const key of ['default', 'examples'] as const) {
      if (out[key] !== undefined && holdsReference(out[key])) {
        this.unmapped.push({ pointer: `${pointer}/${key === 'default' ? 'default' : 'example'}`, reason: `a ${key === 'default' ? 'default' : 'example'} holding a \`$ref\` is not kept (a literal value, which tools read as a reference)` });
        delete out[key];
      }
    }
    const none: ValueContext = { resource: () => undefined, matches: () => undefined };
    // A nullable value allows null whatever its `enum` lists: a null beside other allowed values restates it (an export
    // lists null so that JSON Schema allows it beside `type: [t, 'null']`, T31u N1), read once, as nullable.
    if (out.nullable === true && Array.isArray(out.allowed) && out.allowed.includes(null) && out.allowed.some((v) => v !== null)) out.allowed = out.allowed.filter((v) => v !== null);
    if (Array.isArray(out.allowed)) {
      const unkept = out.allowed.filter((v) => unkeptValue(v) !== undefined);
      if (unkept.length > 0) {
        out.allowed = out.allowed.filter((v) => !unkept.includes(v));
        this.unmapped.push({ pointer: `${pointer}/enum`, reason: `allowed values that cannot be kept as written (${unkept.map((v) => `${typeof v === 'number' ? `\`${String(v)}\`` : quoted(v)} ${unkeptValue(v)?.message ?? ''}`).join('; ')}) are not kept` });
        if (out.allowed.length === 0) delete out.allowed;
      }
    }
    if (Array.isArray(out.allowed) && type !== undefined) {
      const bad = out.allowed.filter((v) => valueProblems({ type, ...(out.nullable === true ? { nullable: true } : {}) }, v, none, { typesOnly: true }).length > 0);
      if (bad.length > 0) {
        out.allowed = out.allowed.filter((v) => !bad.includes(v));
        this.unmapped.push({ pointer: `${pointer}/enum`, reason: `allowed values not of type ${type} (${bad.map(quoted).join(', ')}) are not kept` });
        if (out.allowed.length === 0) delete out.allowed;
      }
    }
    this.checkValues(out, pointer);
  }

  /**
   * A shape's default and examples, checked as `check` checks them (through the resources they
   * name, patterns included): what the shape does not allow is not kept, and is listed at `pointer`.
   * `example` names the keyword the examples were written under.
   */
  checkValues(out: Shape, pointer: string, example = 'example'): void {
    if (out.default !== undefined) {
      const problem = unkeptValue(out.default) ?? valueProblems(out, out.default, this.values)[0];
      if (problem) {
        this.unmapped.push({ pointer: `${pointer}/default`, reason: `the default${within(problem.at)} ${problem.message}; it is not kept` });
        delete out.default;
      }
    }
    if (Array.isArray(out.examples)) {
      // Each at the keyword it was written under (an OpenAPI 3.1 `examples` entry by its index).
      const written = this.exampleAt.get(out.examples);
      const kept = out.examples.filter((v, i) => {
        const problem = unkeptValue(v) ?? valueProblems(out, v, this.values)[0];
        if (problem) this.unmapped.push({ pointer: `${pointer}/${written?.[i] ?? `${example}${example === 'example' && Array.isArray(out.examples) && out.examples.length > 1 ? 's' : ''}`}`, reason: `the example${within(problem.at)} ${problem.message}; it is not kept` });
        return !problem;
      });
      if (kept.length > 0) out.examples = kept;
      else delete out.examples;
    }
  }

  /**
   * Whether a body allows its example, as `check` reads it: through the body's resource (a list of
   * it) or its own shape. An example it does not allow is listed at `pointer`, for the caller not
   * to keep: carried, it would be a spec that fails its own check.
   */
  fitsBody(body: ReturnType<SchemaMapper['payload']>, value: unknown, pointer: string): boolean {
    const unkept = unkeptValue(value);
    if (body === undefined && unkept === undefined) return true;
    const shape: Shape | string | undefined = body === undefined ? undefined : 'schema' in body ? body.schema : body.list ? ({ type: 'array', items: body.resource } as Shape) : body.resource;
    const problem = unkept ?? (shape === undefined ? undefined : valueProblems(shape, value, this.values)[0]);
    if (problem) this.unmapped.push({ pointer, reason: `the example${within(problem.at)} ${problem.message}; it is not kept` });
    return !problem;
  }

  /**
   * The values a union's discriminator implies for its variants named by a schema the import keeps
   * under another id (`Big Cat` as `Big-Cat`): without a mapping entry the value is the schema's
   * name as written, and an export names the schema by its id, so the value is made an explicit
   * entry (the name to the id) and said at the discriminator (t31t D5). None where the mapping has
   * the value or names the variant already, or where the variant's field does not allow its name.
   * OpenAPI's discriminator only (`impliedMapping`): AsyncAPI's carries no mapping.
   */
  private impliedEntries(schema: Obj, d: Obj, kept: ReadonlyArray<readonly [string, string]>, pointer: string): Array<readonly [string, string]> {
    if (!this.impliedMapping) return [];
    const own = (name: string): Obj | undefined => {
      const found = this.resolve(schemaRef(name));
      return isObj(found) ? found : undefined;
    };
    const renamed: string[] = [];
    for (const v of [...(Array.isArray(schema.oneOf) ? schema.oneOf : []), ...(Array.isArray(schema.anyOf) ? schema.anyOf : [])]) {
      const name = isObj(v) ? refName(v.$ref, this.prefix) : undefined;
      if (name === undefined || renamed.includes(name)) continue;
      const id = this.ids.id(name);
      const source = own(name);
      const allowed = source === undefined ? undefined : fieldValues(own, source, String(d.propertyName));
      if (id === name || kept.some(([value, target]) => value === name || target === id) || (allowed !== undefined && !allowed.includes(name))) continue;
      renamed.push(name);
    }
    if (renamed.length > 0) this.unmapped.push({ pointer: `${pointer}/discriminator`, reason: impliedWord(renamed, (n) => this.ids.id(n)) });
    return renamed.map((name) => [name, this.ids.id(name)] as const);
  }

  /** The resource a reference to a component names (by its pointer, or by the `$anchor` its root states). */
  private named(schema: unknown): string | undefined {
    if (!isObj(schema)) return undefined;
    const name = refName(schema.$ref, this.prefix) ?? this.anchored(schema.$ref)?.component;
    return name === undefined ? undefined : this.ids.id(name);
  }

  /**
   * What a plain-name fragment (`$ref: '#node'`) refers to: the schema among the components whose
   * `$anchor` is that name (JSON Schema 2020-12, OpenAPI 3.1), with its component's name where it
   * is the component's root, else where it is written.
   */
  private anchored(ref: unknown): { component?: string; pointer: string; schema: Obj } | undefined {
    if (typeof ref !== 'string' || !/^#[A-Za-z_][A-Za-z0-9_.:-]*$/.test(ref)) return undefined;
    if (this.anchors === undefined) {
      this.anchors = new Map();
      const components = this.resolve(this.prefix.replace(/\/$/, ''));
      const stack: Array<[unknown, string, string | undefined]> = isObj(components) ? Object.entries(components).map(([k, v]) => [v, `${this.prefix.slice(1)}${seg(k)}`, k]) : [];
      const seen = new Set<unknown>();
      while (stack.length > 0) {
        const [v, at, component] = stack.pop() as [unknown, string, string | undefined];
        if (v === null || typeof v !== 'object' || seen.has(v)) continue;
        seen.add(v);
        if (isObj(v) && typeof v.$anchor === 'string' && !this.anchors.has(v.$anchor)) this.anchors.set(v.$anchor, { ...(component !== undefined ? { component } : {}), pointer: at, schema: v });
        for (const [k, c] of Object.entries(v)) if (!['enum', 'const', 'default', 'example', 'examples'].includes(k)) stack.push([c, `${at}/${seg(k)}`, undefined]);
      }
    }
    return this.anchors.get(ref.slice(1));
  }
  private anchors: Map<string, { component?: string; pointer: string; schema: Obj }> | undefined;
}
