import { z } from 'zod';
import { facet, facetObject, type FacetMeta } from '../facet/define.ts';
import type { Path } from '../facet/path.ts';
import { isObj, stated, type Placeholder } from '../facet/state.ts';
import { lineSchema, nameSchema, prose } from '../facet/values.ts';
import type { AddReference } from './keys.ts';

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
    return `a ${type.replace('_', ' ')} has no ${what}`;
  };
const NUMERIC = ['integer', 'number'];

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
  /** For `one_of` and `any_of`: the field that tells the variants apart, and which value means which type. */
  discriminator: facet(z.strictObject({ field: nameSchema, mapping: z.record(z.string().min(1), typeName).optional() })),
  minimum: facet(z.number()),
  maximum: facet(z.number()),
  exclusive_minimum: facet(z.number()),
  exclusive_maximum: facet(z.number()),
  multiple_of: facet(z.number().positive()),
  min_length: facet(z.int().min(0)),
  max_length: facet(z.int().min(0)),
  /** A regular expression (ECMAScript, as JSON Schema's) the whole text matches. */
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
    allowed: refinement<O>('allowed', 'allowed values', 'Which values may it take?', onlyFor('set of allowed values', 'string', 'integer', 'number')),
    nullable: refinement<O>('nullable', 'nullable', 'May it be null?'),
    default: { ...refinement<O>('default', 'default', 'What is assumed when it is not given?'), acceptsNull: true },
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
      notApplicable: (shape: O) => (typeOf(shape) !== undefined && !COMPOSED.has(typeOf(shape) ?? '') ? `a ${typeOf(shape)} has no variants` : typeOf(shape) === undefined ? 'its type is not stated yet' : undefined),
      children: { label: (index: string) => `variant ${index}` },
    },
    discriminator: {
      label: 'discriminator',
      question: 'Which field tells the variants apart?',
      optional: true,
      notApplicable: onlyFor('discriminator', 'one_of', 'any_of'),
    },
    minimum: refinement<O>('minimum', 'minimum', 'What is the least value?', onlyFor('minimum', ...NUMERIC)),
    maximum: refinement<O>('maximum', 'maximum', 'What is the greatest value?', onlyFor('maximum', ...NUMERIC)),
    exclusive_minimum: refinement<O>('exclusive_minimum', 'exclusive minimum', 'What must it stay above?', onlyFor('exclusive minimum', ...NUMERIC)),
    exclusive_maximum: refinement<O>('exclusive_maximum', 'exclusive maximum', 'What must it stay below?', onlyFor('exclusive maximum', ...NUMERIC)),
    multiple_of: refinement<O>('multiple_of', 'multiple of', 'Of what must it be a multiple?', onlyFor('multiple', ...NUMERIC)),
    min_length: refinement<O>('min_length', 'minimum length', 'How short may it be?', onlyFor('minimum length', 'string')),
    max_length: refinement<O>('max_length', 'maximum length', 'How long may it be?', onlyFor('maximum length', 'string')),
    pattern: refinement<O>('pattern', 'pattern', 'Which pattern does it match?', onlyFor('pattern', 'string')),
    min_items: refinement<O>('min_items', 'minimum items', 'How few elements may it have?', onlyFor('minimum number of items', 'array')),
    max_items: refinement<O>('max_items', 'maximum items', 'How many elements may it have?', onlyFor('maximum number of items', 'array')),
    unique_items: refinement<O>('unique_items', 'unique items', 'Must its elements differ?', onlyFor('unique items', 'array')),
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
}

/** Every shape inside a shape, with its path: items, values, fields and variants, depth first. */
export function* innerShapes(shape: unknown, path: Path, name: string): Generator<{ shape: Shape; path: Path; name: string }> {
  if (!isObj(shape)) return;
  const s = shape as Shape;
  yield { shape: s, path, name };
  for (const key of ['items', 'values'] as const) {
    const inner = stated(s[key]);
    if (isObj(inner)) yield* innerShapes(inner, [...path, key], `${key} of ${name}`);
  }
  for (const [field, f] of Object.entries(stated(s.fields) ?? {})) yield* innerShapes(f, [...path, 'fields', field], `field ${field}`);
  for (const [i, v] of (stated(s.of) ?? []).entries()) if (isObj(v)) yield* innerShapes(v, [...path, 'of', i], `variant ${i} of ${name}`);
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
