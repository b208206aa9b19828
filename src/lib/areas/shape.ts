import { z } from 'zod';
import { facet, facetObject, type FacetMeta } from '../facet/define.ts';
import type { Path } from '../facet/path.ts';
import { isObj, stated, type Placeholder } from '../facet/state.ts';
import { withArticle } from '../facet/words.ts';
import { canonicalJson, isMultipleOf } from './json-values.ts';
import { markdownCode } from '../safety/markdown.ts';
import { lineSchema, nameSchema, prose } from '../facet/values.ts';
import type { AddReference } from './keys.ts';

export { canonicalJson, isMultipleOf } from './json-values.ts';

/** Types a shape can have besides a resource's id. */
export const PRIMITIVE_TYPES = ['string', 'integer', 'number', 'boolean', 'object', 'array', 'map', 'null'] as const;
/** Types whose value is one of several shapes: exactly one, at least one, or all of them together. */
export const COMPOSITIONS = ['one_of', 'any_of', 'all_of'] as const;
const PRIMITIVES: ReadonlySet<string> = new Set(PRIMITIVE_TYPES);
const COMPOSED: ReadonlySet<string> = new Set(COMPOSITIONS);

/** A type: a primitive, a composition, or the id of a resource. */
export const typeName = z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'expected a type such as string, integer, object, one_of or a resource id');

/** Whether a type names a resource rather than a primitive or a composition. */
export const isResourceType = (type: string): boolean => !PRIMITIVES.has(type) && !COMPOSED.has(type);

/** How many named values `flagThrough` follows at most (a value that names a value that names…). */
const FLAG_HOPS = 16;

/**
 * A shape's stated flag (`read_only`, `write_only`, `nullable`, `deprecated`): its own where it
 * states it, else the one of the resource its type names (a field `state: { type: DagState }`
 * whose `DagState` value is read-only is read-only, as the OpenAPI rules read a `$ref`), through
 * named values in turn, bounded and safe from cycles. Undefined where none states it. One rule for
 * the example generator, the reference trees, the samples and the mock (t32 D1).
 */
export function flagThrough(shape: unknown, flag: string, resource: (id: string) => { value?: unknown } | undefined): boolean | undefined {
  const seen = new Set<string>();
  let at: unknown = shape;
  for (let hop = 0; hop <= FLAG_HOPS; hop++) {
    if (isObj(at)) {
      const own = stated(at[flag]);
      if (typeof own === 'boolean') return own;
    }
    const name = typeof at === 'string' ? at : isObj(at) ? stated(at.type) : undefined;
    if (typeof name !== 'string' || !isResourceType(name) || seen.has(name)) return undefined;
    seen.add(name);
    at = stated(resource(name)?.value);
    if (!isObj(at)) return undefined;
  }
  return undefined;
}

/** A value of any JSON type, kept exactly as written (allowed values, defaults, examples). */
export const jsonValue = z.json();

type Owner = { type?: unknown };

/** The stated type of a shape, when it is one. */
const typeOf = (shape: Owner): string | undefined => {
  const type = stated(shape.type);
  return typeof type === 'string' ? type : undefined;
};

/** A refinement that only some types take: it cannot apply once the type is stated as another. */
const onlyFor =
  (what: string, ...types: string[]) =>
  (shape: Owner): string | undefined => {
    const type = typeOf(shape);
    if (type === undefined || types.includes(type) || (types.includes('resource') && isResourceType(type))) return undefined;
    return `${aType(type)} has no ${what}`;
  };
const NUMERIC = ['integer', 'number'];

/**
 * The constraints of a shape (JSON Schema's validation keywords), with the types that take them.
 * On a resource's id they apply as far as the resource's own shape allows (`check` resolves it).
 */
export const CONSTRAINTS = {
  minimum: { what: 'minimum', types: NUMERIC },
  maximum: { what: 'maximum', types: NUMERIC },
  exclusive_minimum: { what: 'exclusive minimum', types: NUMERIC },
  exclusive_maximum: { what: 'exclusive maximum', types: NUMERIC },
  multiple_of: { what: 'multiple', types: NUMERIC },
  min_length: { what: 'minimum length', types: ['string'] },
  max_length: { what: 'maximum length', types: ['string'] },
  pattern: { what: 'pattern', types: ['string'] },
  min_items: { what: 'minimum number of items', types: ['array'] },
  max_items: { what: 'maximum number of items', types: ['array'] },
  unique_items: { what: 'unique items', types: ['array'] },
} as const satisfies Record<string, { what: string; types: readonly string[] }>;
export type ConstraintKey = keyof typeof CONSTRAINTS;
export const CONSTRAINT_KEYS = Object.keys(CONSTRAINTS) as ConstraintKey[];

/**
 * Whether a constraint applies to a type: its own types, a resource's id (as far as the resource
 * allows), a union or combination (to a value of the constraint's kind, as JSON Schema applies
 * `maxLength` beside `oneOf`), or a type not stated yet.
 */
export const constraintApplies = (key: ConstraintKey, type: string | undefined): boolean =>
  type === undefined || (CONSTRAINTS[key].types as readonly string[]).includes(type) || isResourceType(type) || COMPOSED.has(type);

/** A constraint's metadata: ignored on a type that cannot take it; required by a policy only on the types that take it. */
const constraint = <O extends Owner>(key: ConstraintKey, label: string, question: string): FacetMeta<O> => ({
  ...refinement<O>(key, label, question, (shape) => {
    const type = typeOf(shape);
    return constraintApplies(key, type) ? undefined : `${aType(type ?? '')} has no ${CONSTRAINTS[key].what}`;
  }),
  notRequired: (shape) => {
    const type = typeOf(shape);
    return type !== undefined && (isResourceType(type) || COMPOSED.has(type));
  },
});

/** A refinement: optional until a spec's policy (`require` in specbench.yaml) asks for it. */
const refinement = <O>(key: string, label: string, question: string, notApplicable?: (owner: O) => string | undefined): FacetMeta<O> => ({
  label,
  question,
  refinement: key,
  ...(notApplicable ? { notApplicable } : {}),
});

/**
 * The facets every shape has: what a field, an array's items, a map's values, a union's variants,
 * a parameter, a header or a request body is. Constraints follow JSON Schema's, in snake case.
 */
const shapeShape = {
  /** A short name for the shape, one line. */
  title: lineSchema.optional(),
  /** What the value means (Markdown). */
  description: facet(prose),
  /** `string`, `integer`, `number`, `boolean`, `object`, `array`, `map`, `null`, a resource id, or `one_of`, `any_of`, `all_of` with `of`. */
  type: facet(typeName),
  /** A refinement of the type: `uuid`, `date-time`, `email`, `int64`... */
  format: facet(z.string().trim().min(1)),
  /** The values it may take, of any JSON type, exactly as written. */
  allowed: facet(z.array(jsonValue)),
  /** Whether `null` is a value it may take besides its type. */
  nullable: facet(z.boolean()),
  /** The value assumed when none is given. */
  default: facet(jsonValue),
  /** Example values. */
  examples: facet(z.array(jsonValue)),
  /** Set by the service only: never sent in a request. */
  read_only: facet(z.boolean()),
  /** Sent in requests only: never returned. */
  write_only: facet(z.boolean()),
  /** Still accepted, but on its way out. */
  deprecated: facet(z.boolean()),
  /** For `type: array`: the shape of each element (or a type name). */
  get items() {
    return facet(z.union([typeName, shapeSchema]));
  },
  /** For `type: map`: the shape of each value (or a type name); keys are strings. */
  get values() {
    return facet(z.union([typeName, shapeSchema]));
  },
  /** For `type: object`: the fields of an object that is not a resource of its own. */
  get fields() {
    return facet(z.record(nameSchema, fieldSchema));
  },
  /** For `one_of`, `any_of` and `all_of`: the shapes (or type names), in order. */
  get of() {
    return facet(z.array(z.union([typeName, shapeSchema])));
  },
  /** For `one_of` and `any_of` (and an `object` its subtypes extend): the field that tells the variants apart, and which value means which type. */
  discriminator: facet(z.strictObject({ field: nameSchema, mapping: z.record(z.string().min(1), typeName).optional() })),
  minimum: facet(z.number()),
  maximum: facet(z.number()),
  exclusive_minimum: facet(z.number()),
  exclusive_maximum: facet(z.number()),
  multiple_of: facet(z.number().positive()),
  min_length: facet(z.int().min(0)),
  max_length: facet(z.int().min(0)),
  /** A regular expression (ECMAScript, as JSON Schema's) found anywhere in the text: anchor it with `^…$` to match the whole text. */
  pattern: facet(z.string().min(1)),
  min_items: facet(z.int().min(0)),
  max_items: facet(z.int().min(0)),
  unique_items: facet(z.boolean()),
};

/** A shape's facet metadata, shared by shapes, fields, parameters and headers. */
function shapeMetas<O extends Owner>() {
  return {
    type: { label: 'type', question: 'What is its type?' },
    description: { ...refinement<O>('description', 'description', 'What does it mean?'), prose: true },
    format: refinement<O>('format', 'format', 'What format refines its type?', onlyFor('format', 'string', 'integer', 'number')),
    // Allowed values apply to every type (`allowed: [true]`, a list of objects); a policy that
    // requires them asks for them only where a set of values is usual: strings and numbers.
    allowed: { ...refinement<O>('allowed', 'allowed values', 'Which values may it take?'), notRequired: (shape: O) => onlyFor('set of allowed values', 'string', 'integer', 'number')(shape) !== undefined },
    nullable: refinement<O>('nullable', 'nullable', 'May it be null?'),
    default: { ...refinement<O>('default', 'default', 'What is assumed when it is not given?'), data: true },
    examples: refinement<O>('examples', 'examples', 'What is an example value?'),
    read_only: refinement<O>('read_only', 'read-only', 'Is it set by the service only?'),
    write_only: refinement<O>('write_only', 'write-only', 'Is it sent in requests only?'),
    deprecated: refinement<O>('deprecated', 'deprecated', 'Is it deprecated?'),
    items: { ...refinement<O>('items', 'items', 'What is each element?', onlyFor('items', 'array')), children: { label: () => 'items' } },
    values: { ...refinement<O>('values', 'values', 'What is each value of the map?', onlyFor('values', 'map')), children: { label: () => 'values' } },
    fields: { ...refinement<O>('fields', 'fields', 'Which fields does the object have?', onlyFor('fields', 'object')), children: { label: (name: string) => `field ${name}` } },
    of: {
      label: 'variants',
      question: 'Which shapes does it combine?',
      notApplicable: (shape: O) => (typeOf(shape) !== undefined && !COMPOSED.has(typeOf(shape) ?? '') ? `${aType(typeOf(shape) ?? '')} has no variants` : typeOf(shape) === undefined ? 'its type is not stated yet' : undefined),
      children: { label: (index: string) => `variant ${index}` },
      // An all_of's parts describe one value together: a field one part narrows is typed by another.
      parts: (shape: O) => typeOf(shape) === 'all_of',
    },
    discriminator: {
      label: 'discriminator',
      question: 'Which field tells the variants apart?',
      optional: true,
      // A base object's too (OpenAPI's discriminator on a type its subtypes extend with all_of): which value means which subtype;
      // that base may itself be an all_of of its own bases (t32l #5: Azure's `ReplicaHealth`, `allOf [EntityHealth]`).
      notApplicable: onlyFor('discriminator', 'one_of', 'any_of', 'object', 'all_of'),
    },
    minimum: constraint<O>('minimum', 'minimum', 'What is the least value?'),
    maximum: constraint<O>('maximum', 'maximum', 'What is the greatest value?'),
    exclusive_minimum: constraint<O>('exclusive_minimum', 'exclusive minimum', 'What must it stay above?'),
    exclusive_maximum: constraint<O>('exclusive_maximum', 'exclusive maximum', 'What must it stay below?'),
    multiple_of: constraint<O>('multiple_of', 'multiple of', 'Of what must it be a multiple?'),
    min_length: constraint<O>('min_length', 'minimum length', 'How short may it be?'),
    max_length: constraint<O>('max_length', 'maximum length', 'How long may it be?'),
    pattern: constraint<O>('pattern', 'pattern', 'Which pattern does it match?'),
    min_items: constraint<O>('min_items', 'minimum items', 'How few elements may it have?'),
    max_items: constraint<O>('max_items', 'maximum items', 'How many elements may it have?'),
    unique_items: constraint<O>('unique_items', 'unique items', 'Must its elements differ?'),
  } as const;
}

/**
 * The shape's keys with more added, keeping the getters that make the schemas recursive as getters
 * (a spread would call them before the schemas they name exist).
 */
function extended<S extends z.ZodRawShape>(extra: S): typeof shapeShape & S {
  return Object.defineProperties({}, { ...Object.getOwnPropertyDescriptors(shapeShape), ...Object.getOwnPropertyDescriptors(extra) }) as typeof shapeShape & S;
}

/** A shape: the type of a value and everything that refines it. */
export const shapeSchema: z.ZodType<Shape> = facetObject(shapeShape, shapeMetas<Shape>());

/**
 * A shape with more keys (a parameter's location flags, a header's `required`): the shape's facets
 * and metadata, plus the extra shape and metas given.
 */
export function shapeWith<S extends z.ZodRawShape>(extra: S) {
  return { shape: extended(extra), metas: <O extends Owner>() => shapeMetas<O>() };
}

/** One field of an object: a shape, and whether every instance carries it. */
export const fieldSchema: z.ZodType<Field> = facetObject(
  extended({
    /** Whether every instance carries the field. */
    required: facet(z.boolean()),
  }),
  // The type and whether it is required come first: the order facets are listed in everywhere.
  (({ type, ...rest }) => ({ type, required: { label: 'required flag', question: 'Is this field always present?' }, ...rest }))(shapeMetas<Field>()),
);

/** What a shape's facets hold once written; the schemas are recursive, so their types are spelled out. */
type FacetOf<T> = T | { none: string } | { open: true | string; owner?: string | undefined; link?: string | undefined; blocked_by?: string[] | undefined } | Placeholder | undefined;
type Json = z.infer<typeof jsonValue>;
export interface Shape {
  title?: string;
  description?: FacetOf<string>;
  type?: FacetOf<string>;
  format?: FacetOf<string>;
  allowed?: FacetOf<Json[]>;
  nullable?: FacetOf<boolean>;
  default?: FacetOf<Json>;
  examples?: FacetOf<Json[]>;
  read_only?: FacetOf<boolean>;
  write_only?: FacetOf<boolean>;
  deprecated?: FacetOf<boolean>;
  items?: FacetOf<string | Shape>;
  values?: FacetOf<string | Shape>;
  fields?: FacetOf<Record<string, Field>>;
  of?: FacetOf<Array<string | Shape>>;
  discriminator?: FacetOf<{ field: string; mapping?: Record<string, string> | undefined }>;
  minimum?: FacetOf<number>;
  maximum?: FacetOf<number>;
  exclusive_minimum?: FacetOf<number>;
  exclusive_maximum?: FacetOf<number>;
  multiple_of?: FacetOf<number>;
  min_length?: FacetOf<number>;
  max_length?: FacetOf<number>;
  pattern?: FacetOf<string>;
  min_items?: FacetOf<number>;
  max_items?: FacetOf<number>;
  unique_items?: FacetOf<boolean>;
}
export interface Field extends Shape {
  required?: FacetOf<boolean>;
}

/** A shape somewhere in a file, with where it is and what to call it in messages. */
export interface ShapeAt {
  shape: Shape;
  path: Path;
  name: string;
  /** Clients send values of this shape (a parameter, a request, a resource's fields): narrowing it breaks them. */
  sent?: true;
}

/** Every shape inside a shape, with its path: items, values, fields and variants, depth first. */
export function innerShapes(shape: unknown, path: Path, name: string): Array<{ shape: Shape; path: Path; name: string }> {
  const out: Array<{ shape: Shape; path: Path; name: string }> = [];
  // A list, not a generator: a generator's `yield*` passes every shape up through each level above it (a fresh `check` of GitHub's spec walks its shapes for every file, issue 37).
  const collect = (shape: unknown, path: Path, name: string): void => {
    if (!isObj(shape)) return;
    const s = shape as Shape;
    out.push({ shape: s, path, name });
    for (const key of ['items', 'values'] as const) {
      const inner = stated(s[key]);
      if (isObj(inner)) collect(inner, [...path, key], `${key} of ${name}`);
    }
    for (const [field, f] of Object.entries(stated(s.fields) ?? {})) collect(f, [...path, 'fields', field], `field ${field}`);
    for (const [i, v] of (stated(s.of) ?? []).entries()) if (isObj(v)) collect(v, [...path, 'of', i], `variant ${i} of ${name}`);
  };
  collect(shape, path, name);
  return out;
}

/** The resources a shape and the shapes inside it name as types (or as the items, values or variants given by name). */
export function shapeReferences(shape: unknown, path: Path, name: string, add: AddReference): void {
  for (const { shape: s, path: at, name: where } of innerShapes(shape, path, name)) {
    const type = stated(s.type);
    if (typeof type === 'string' && isResourceType(type)) add({ path: [...at, 'type'], area: 'resources', id: type, via: `type of ${where}` });
    for (const key of ['items', 'values'] as const) {
      const inner = stated(s[key]);
      if (typeof inner === 'string' && isResourceType(inner)) add({ path: [...at, key], area: 'resources', id: inner, via: `${key} of ${where}` });
    }
    (stated(s.of) ?? []).forEach((v, i) => {
      if (typeof v === 'string' && isResourceType(v)) add({ path: [...at, 'of', i], area: 'resources', id: v, via: `variant of ${where}` });
    });
    for (const [value, type] of Object.entries(stated(s.discriminator)?.mapping ?? {})) {
      if (isResourceType(type)) add({ path: [...at, 'discriminator', 'mapping', value], area: 'resources', id: type, via: `discriminator of ${where}` });
    }
  }
}

/** A value as a message shows it: text as written, anything else as JSON. */
export const shown = (v: unknown): string => (typeof v === 'string' ? `the text ${markdownCode(v)}` : v === null ? '`null`' : `${Array.isArray(v) ? 'a list' : typeof v} ${markdownCode(JSON.stringify(v))}`);

/** The most characters of a value a message quotes: past them, its start and its size (an import quoted a 19 KB example whole). */
export const QUOTED_AT_MOST = 120;
const QUOTED_START = 60;

/** A value as a message quotes it (`shown`), one past `QUOTED_AT_MOST` characters as its start and its length. */
export const quoted = (v: unknown): string => {
  const text = typeof v === 'string' ? v : v === null ? 'null' : (JSON.stringify(v) ?? String(v));
  if (text.length <= QUOTED_AT_MOST) return shown(v);
  // Cut on a whole character (not half of a surrogate pair).
  const start = `${Array.from(text.slice(0, QUOTED_START + 1)).slice(0, QUOTED_START).join('')}…`;
  const size = `${text.length.toLocaleString('en')} characters${typeof v === 'string' ? '' : ' as JSON'}`;
  return typeof v === 'string' ? `the text ${markdownCode(start)} (${size})` : `${Array.isArray(v) ? 'a list' : typeof v} ${markdownCode(start)} (${size})`;
};

/** Allowed values as a message lists them, the first `LISTED_AT_MOST` (each quoted as `quoted` does) and how many more. */
const LISTED_AT_MOST = 20;
const listed = (values: readonly unknown[]): string => {
  const each = values.slice(0, LISTED_AT_MOST).map((a) => (JSON.stringify(a) ?? String(a)).length > QUOTED_AT_MOST ? quoted(a) : JSON.stringify(a));
  return `${each.join(', ')}${values.length > LISTED_AT_MOST ? `, and ${(values.length - LISTED_AT_MOST).toLocaleString('en')} more` : ''}`;
};

/** A type with its article, as a message says it: "an integer", "a string", "`null`". */
export const aType = (type: string): string => (type === 'null' ? '`null`' : withArticle(type.replace('_', ' ')));

/** Whether a JSON value is of a primitive type (`null` fits when the shape is nullable); undefined for a resource's id, a union or no type. */
export function fitsType(type: string | undefined, value: unknown, nullable: boolean): boolean | undefined {
  if (value === null) return nullable || type === 'null' || type === undefined ? true : type !== undefined && PRIMITIVES.has(type) ? false : undefined;
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return false;
    case 'array':
      return Array.isArray(value);
    case 'object':
    case 'map':
      return isObj(value);
    default:
      return undefined;
  }
}


/** A place inside a value, as a message shows it: `lines[0].sku`. */
export function valuePath(at: Path): string {
  return at.map((k, i) => (typeof k === 'number' ? `[${k}]` : /^[A-Za-z_$][\w$-]*$/.test(k) ? `${i === 0 ? '' : '.'}${k}` : `[${JSON.stringify(k)}]`)).join('');
}

/** What checking a value against a shape needs from the rest of the spec. */
export interface ValueContext {
  /** A resource as a shape (its `value`, or an object of its `fields`); undefined when it is not there or not stated. */
  resource(id: string): Shape | undefined;
  /** Whether a text matches a pattern, found anywhere in it as JSON Schema does; undefined when that cannot be told (not a regular expression, or too slow to test). */
  matches(pattern: string, text: string): boolean | undefined;
}

/** One way a value breaks a shape: where inside the value, which kind of rule, and what is wrong, as a clause ("is 3, below its minimum 10"). */
export interface ValueProblem {
  at: Path;
  rule: 'type' | 'allowed' | 'constraint';
  message: string;
}

/** Steps one check of a value may take (unions inside unions multiply), and resources it may follow without going deeper into the value. */
const VALUE_BUDGET = 10_000;
const RESOURCE_HOPS = 16;

/**
 * How a value (a default, an example, an allowed value) breaks a shape: its type (and the types
 * inside it, through items, values, fields, variants and the resources it names), its allowed
 * values, and its constraints. A rule that cannot be told (an unstated type, a resource that is not
 * there, a pattern that does not compile) is not a problem. With `typesOnly`, only types count.
 * Fields that a value leaves out are not problems: examples are often partial.
 */
export function valueProblems(shape: Shape | string, value: unknown, ctx: ValueContext, options: { typesOnly?: boolean } = {}): ValueProblem[] {
  let budget = VALUE_BUDGET;
  const walk = (s: unknown, v: unknown, at: Path, hops: number): ValueProblem[] => {
    if (--budget < 0 || hops > RESOURCE_HOPS) return [];
    const shape: Shape = typeof s === 'string' ? { type: s } : isObj(s) ? (s as Shape) : {};
    const type = typeOf(shape);
    const nullable = stated(shape.nullable) === true;
    if (v === null && (nullable || type === 'null')) return [];
    const out: ValueProblem[] = [];
    if (type !== undefined && COMPOSED.has(type)) {
      const variants = stated(shape.of) ?? [];
      if (type === 'all_of') out.push(...variants.flatMap((x) => walk(x, v, at, hops + 1)));
      else if (variants.length > 0 && variants.every((x) => walk(x, v, at, hops + 1).length > 0)) out.push({ at, rule: 'type', message: `is ${quoted(v)}, which is none of its variants` });
    } else if (type !== undefined && isResourceType(type)) {
      const resolved = ctx.resource(type);
      // A value of the wrong kind is said to be not of the resource's type; what is wrong inside it keeps its own words.
      if (resolved) out.push(...walk(resolved, v, at, hops + 1).map((p) => (p.rule === 'type' && p.at.length === at.length ? { ...p, message: `is ${quoted(v)}, not of the type ${markdownCode(type)}` } : p)));
    } else if (fitsType(type, v, nullable) === false) {
      return [{ at, rule: 'type', message: `is ${quoted(v)}, not ${aType(type ?? '')}` }];
    }
    if (out.some((p) => p.rule === 'type' && p.at.length === at.length)) return out;
    if (!options.typesOnly) {
      const allowed = stated(shape.allowed);
      if (allowed && !(v === null && nullable) && !allowed.some((a) => canonicalJson(a) === canonicalJson(v))) {
        // A text that reads as one of the allowed values as listed (JSON: `"DISMISS"`, the text `"DISMISS"` with its quotes) is written as JSON too, so the two differ.
        const alike = typeof v === 'string' && allowed.some((a) => JSON.stringify(a) === v);
        out.push({ at, rule: 'allowed', message: `is ${alike ? `the text written in JSON ${markdownCode(JSON.stringify(v))}` : quoted(v)}, which is not among its allowed values (${listed(allowed)})` });
      }
      out.push(...constraintProblems(shape, type, v, at, ctx));
    }
    // What is inside: only where the facet applies to the type (a type not stated yet takes them all).
    const takes = (t: string) => type === undefined || type === t;
    const items = stated(shape.items);
    if (Array.isArray(v) && items !== undefined && takes('array')) v.forEach((x, i) => out.push(...walk(items, x, [...at, i], 0)));
    const values = stated(shape.values);
    if (isObj(v) && values !== undefined && takes('map')) for (const [k, x] of Object.entries(v)) out.push(...walk(values, x, [...at, k], 0));
    const fields = stated(shape.fields);
    if (isObj(v) && fields !== undefined && takes('object')) for (const [k, f] of Object.entries(fields)) if (Object.hasOwn(v, k)) out.push(...walk(f, v[k], [...at, k], 0));
    return out;
  };
  return walk(shape, value, [], 0);
}


/** The constraints a value breaks, each only where it applies to the shape's type and to the kind of value. */
function constraintProblems(shape: Shape, type: string | undefined, v: unknown, at: Path, ctx: ValueContext): ValueProblem[] {
  const out: ValueProblem[] = [];
  const get = (key: ConstraintKey) => (constraintApplies(key, type) ? stated(shape[key]) : undefined);
  const say = (message: string) => out.push({ at, rule: 'constraint', message });
  if (typeof v === 'number') {
    const [min, max, exMin, exMax, step] = [get('minimum'), get('maximum'), get('exclusive_minimum'), get('exclusive_maximum'), get('multiple_of')];
    if (typeof min === 'number' && v < min) say(`is ${v}, below its minimum ${min}`);
    if (typeof max === 'number' && v > max) say(`is ${v}, above its maximum ${max}`);
    if (typeof exMin === 'number' && v <= exMin) say(`is ${v}, not above its exclusive minimum ${exMin}`);
    if (typeof exMax === 'number' && v >= exMax) say(`is ${v}, not below its exclusive maximum ${exMax}`);
    if (typeof step === 'number' && step > 0 && !isMultipleOf(v, step)) say(`is ${v}, not a multiple of ${step}`);
  }
  if (typeof v === 'string') {
    const length = [...v].length; // in code points, as JSON Schema counts
    const [min, max, pattern] = [get('min_length'), get('max_length'), get('pattern')];
    if (typeof min === 'number' && length < min) say(`is ${quoted(v)}, ${length} characters long, shorter than its minimum length ${min}`);
    if (typeof max === 'number' && length > max) say(`is ${quoted(v)}, ${length} characters long, longer than its maximum length ${max}`);
    if (typeof pattern === 'string' && ctx.matches(pattern, v) === false) say(`is ${quoted(v)}, which does not match its pattern ${markdownCode(pattern)}`);
  }
  if (Array.isArray(v)) {
    const [min, max, unique] = [get('min_items'), get('max_items'), get('unique_items')];
    if (typeof min === 'number' && v.length < min) say(`has ${v.length} item${v.length === 1 ? '' : 's'}, fewer than its minimum ${min}`);
    if (typeof max === 'number' && v.length > max) say(`has ${v.length} items, more than its maximum ${max}`);
    if (unique === true) {
      const seen = new Set<string>();
      v.forEach((x, i) => {
        const key = canonicalJson(x);
        if (seen.has(key)) out.push({ at: [...at, i], rule: 'constraint', message: `repeats ${quoted(x)}, though its items must differ` });
        seen.add(key);
      });
    }
  }
  return out;
}
