import { z } from 'zod';
import { linkUrlSchema } from '../safety/url.ts';
import { PLACEHOLDER } from './state.ts';
import { lineSchema, noneSchema, openSchema, placeholderSchema, prose } from './values.ts';

/** How the gap engine treats one facet. Attached to a field of a shape by `facetObject`. */
export interface FacetMeta<Owner> {
  /** Short name, e.g. "path shape". */
  label: string;
  /** Asked when the facet is missing or open without a question of its own. */
  question: string;
  /** An override of a default (an endpoint's security): counted only once it is written. */
  optional?: boolean;
  /** An optional refinement (a field's format): counted once written, or where the spec's policy requires it. */
  refinement?: string;
  /** Why the facet cannot apply to this owner (no body on GET), or undefined when it applies. */
  notApplicable?(owner: Owner): string | undefined;
  /** A refinement that applies here once written, but that the spec's policy does not ask for here (allowed values on a boolean). */
  notRequired?(owner: Owner): boolean;
  /** Sibling facets that must be closed before this one can be (transitions wait for the state list). */
  blockedBy?(owner: Owner): ReadonlyArray<keyof Owner & string>;
  /** An inventory of the area's items (of one kind, for limits): open until it says `complete`. */
  inventory?: { noun: string; covers: string; kind?: string };
  /** The gap that holds up a stated value, where it names one (a payload names a resource whose fields are open). */
  heldUpBy?: (value: unknown) => string | undefined;
  /** The stated value is Markdown prose. */
  prose?: boolean;
  /** Its value is data (a default): `null`, `[]` and `{}` are values it states (`dataState`), not a facet left unwritten or empty. */
  data?: boolean;
  /** The facets inside a stated value: the fields of a resource, the transitions of a machine. */
  children?: ChildMeta;
  /**
   * The stated list's elements are parts of one value (an `all_of`'s): a facet inside a part (a
   * field's type) that the part leaves unwritten is answered where another part states it at the
   * same place (a part that narrows a field another part types), so it opens no gap of its own.
   */
  parts?(owner: Owner): boolean;
  /** The stated value in words, where a structure reads better as a sentence (security alternatives). */
  show?(value: never): string;
}

/** How the owners inside a stated value are named, or, for a map of facets, how each entry is asked for. */
export interface ChildMeta {
  /** Shown before a child's facet labels: "field status". */
  label: (name: string) => string;
  /** The id segment of a list element; map entries use their key. */
  id?: (element: unknown, index: number) => string;
  /** Each entry of the map is itself a facet (responses by status). */
  /** `question` gets the entry's name as a Markdown code span, so that no name reads as markup. */
  entry?: { question: (name: string) => string; heldUpBy?: (value: unknown) => string | undefined; children?: ChildMeta; prose?: boolean };
}

declare const FACET: unique symbol;
/** Marks a schema made by `facet()` in the type system, so `facetObject` can ask for its metadata. */
export interface FacetMarker {
  readonly [FACET]: true;
}

/** The schema inside each facet: what a stated value must be. */
const STATED = new WeakMap<z.ZodType, z.ZodType>();

/**
 * A facet: stated (a value of `value`), stated as none, open, a placeholder, or missing (absent).
 * Stated values never carry a `none` or `open` key, so the states cannot be confused.
 */
export function facet<T extends z.ZodType>(value: T) {
  const union = z.union([noneSchema, openSchema, placeholderSchema, value]);
  statedFirst(union, value);
  const schema = union.optional();
  STATED.set(schema, value);
  return schema as typeof schema & FacetMarker;
}

/** What zod runs to parse a value (its `_zod.parse` and `_zod.run`): a result with no issues is a pass. */
type ZodRun = (payload: { value: unknown; issues: unknown[] }, ctx: unknown) => { value: unknown; issues: unknown[] } | Promise<unknown>;
interface ZodSteps {
  parse: ZodRun;
  run: ZodRun;
}
const stepsOf = (schema: z.ZodType): ZodSteps => (schema as unknown as { _zod: ZodSteps })._zod;

/** Whether a value may be a facet's `none`, `open` or placeholder form (zod's own test of presence, `key in value`). */
const mayBeMarker = (value: unknown): boolean =>
  typeof value === 'string' ? PLACEHOLDER.test(value) : typeof value === 'object' && value !== null && ('none' in value || 'open' in value);

/**
 * A facet's union tries the stated value first when the value cannot be a `none`, `open` or
 * placeholder form. Almost every facet of a real spec is a stated value, and the union tries its
 * options in order: three that fail, each building its issues, before the one that passes (a
 * third of the time zod took over GitHub's imported description). Such a value fails the three
 * (`none` and `open` are strict objects that require their key, a placeholder is a string that
 * matches `PLACEHOLDER`), so when the stated value passes, the union's answer is that option's, as
 * it would have been; anything else (a marker, or a value that fails) is parsed by the union as
 * zod wrote it, so every issue, and so every diagnostic, is the same and in the same order.
 */
function statedFirst(union: z.ZodType, value: z.ZodType): void {
  const steps = stepsOf(union);
  const stated = stepsOf(value);
  const parse = steps.parse;
  const first: ZodRun = (payload, ctx) => {
    if (!mayBeMarker(payload.value)) {
      const result = stated.run({ value: payload.value, issues: [] }, ctx);
      if (!(result instanceof Promise) && result.issues.length === 0) return result;
    }
    return parse(payload, ctx);
  };
  // A schema without checks runs its parse directly (zod sets `run` to `parse` when it is made).
  if (steps.run === parse) steps.run = first;
  steps.parse = first;
}

/** An item area's inventory: `complete` once every item of the area has its own file. */
export const inventorySchema = facet(z.literal('complete', { error: 'write `complete` once every item has its own file' }));

/** The metadata of an inventory facet: open until its area says `complete`. */
export function inventoryMeta(noun: string, covers: string, kind?: string): FacetMeta<unknown> {
  return { label: `list of ${noun}`, question: `Which ${noun} are there, and is the list complete? For each: ${covers}.`, inventory: { noun, covers, ...(kind !== undefined ? { kind } : {}) } };
}

/**
 * Where to read more about something (OpenAPI's and AsyncAPI's `externalDocs`): the address, and
 * what is there (Markdown). A reader's aid, not a facet: it opens no gap and closes none.
 */
export const externalDocsSchema = z.strictObject({ url: linkUrlSchema, description: prose.optional() });

/** Fields every item file may carry next to its facets: a title, a description a spec may require, and where to read more. */
export const itemCommon = {
  /** A human title (the summary), one line; the file name is the id. */
  title: lineSchema.optional(),
  /** What the item is (Markdown). */
  description: facet(prose),
  /** Where to read more about it (an `externalDocs` of an interface description): the address, and what is there (Markdown). */
  external_docs: externalDocsSchema.optional(),
};

/** The metadata of `itemCommon`'s description: a refinement, required where the spec's policy says so. */
export const itemCommonMetas = {
  description: { label: 'description', question: 'What is it, in a sentence or two?', refinement: 'description', prose: true },
} as const;

/** The keys of a shape whose schema is a facet. */
export type FacetKeys<S> = { [K in keyof S]: S[K] extends FacetMarker ? K : never }[keyof S] & string;

/** The metadata of every facet of a shape, typed by the object it belongs to. */
export type FacetMetas<S extends z.ZodRawShape> = { [K in FacetKeys<S>]: FacetMeta<z.infer<z.ZodObject<S>>> };

const METAS = new WeakMap<z.ZodType, Readonly<Record<string, FacetMeta<never>>>>();

/**
 * A strict object whose facets carry their metadata: every `facet()` field must have an entry,
 * and an entry for anything else (a misspelled key) does not compile.
 */
export function facetObject<S extends z.ZodRawShape>(shape: S, metas: FacetMetas<S>) {
  const schema = z.strictObject(shape);
  METAS.set(schema, metas as Readonly<Record<string, FacetMeta<never>>>);
  return schema;
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  discriminator?: string;
  values?: unknown[];
  valueType?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** One facet of an owner: its key, how to treat it, and the schema of its stated value. */
export interface FacetField {
  key: string;
  meta: FacetMeta<never>;
  value: z.ZodType | undefined;
}

/**
 * The facets of an owner: of its object schema, or of the branch of a discriminated union that its
 * data selects (a limit's `kind`). Empty when the schema has no facets or the branch is unknown.
 */
export function facetFields(schema: z.ZodType, data: unknown): FacetField[] {
  const object = branch(schema, data);
  const metas = object ? METAS.get(object) : undefined;
  const shape = object ? defOf(object).shape : undefined;
  if (!metas || !shape) return [];
  return Object.entries(metas).map(([key, meta]) => {
    const field = shape[key];
    return { key, meta, value: field ? STATED.get(field) : undefined };
  });
}

/** The facets an owner of this schema can have, whatever its data: every branch's, for a union (a limit of any kind). */
export function possibleFacetFields(schema: z.ZodType): FacetField[] {
  const def = defOf(schema);
  const objects = def.type === 'union' && def.discriminator !== undefined ? (def.options ?? []) : [schema];
  return objects.flatMap((object) => facetFields(object, undefined));
}

function branch(schema: z.ZodType, data: unknown): z.ZodType | undefined {
  const def = defOf(schema);
  if (def.type === 'object') return schema;
  if (def.type !== 'union' || def.discriminator === undefined || typeof data !== 'object' || data === null) return undefined;
  const tag = (data as Record<string, unknown>)[def.discriminator];
  return def.options?.find((option) => {
    const literal = defOf(option).shape?.[def.discriminator ?? ''];
    return literal !== undefined && (defOf(literal).values ?? []).includes(tag);
  });
}

/**
 * What a stated value holds that has facets of its own: a map's or a list's entries and their
 * schema, or the value itself when it is an object with facets (a resource's single `value`).
 */
export function childSchema(value: z.ZodType | undefined): { of: 'map' | 'list' | 'one'; schema: z.ZodType } | undefined {
  if (!value) return undefined;
  if (METAS.has(value)) return { of: 'one', schema: value };
  const def = defOf(value);
  if (def.type === 'record' && def.valueType) return { of: 'map', schema: withFacets(def.valueType) };
  if (def.type === 'array' && def.element) return { of: 'list', schema: withFacets(def.element) };
  // A type name or a shape (an array's `items`): the facets are the shape's.
  if (def.type === 'union') {
    const object = def.options?.find((o) => METAS.has(o));
    if (object) return { of: 'one', schema: object };
  }
  return undefined;
}

/** The object with facets among a union's options (a variant given as a type name or a shape), or the schema itself. */
function withFacets(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  return (def.type === 'union' ? def.options?.find((o) => METAS.has(o)) : undefined) ?? schema;
}

/** The schema of each stated entry of a map of facets (a response, a scope). */
export function entrySchema(map: z.ZodType | undefined): z.ZodType | undefined {
  const def = map ? defOf(map) : undefined;
  return def?.type === 'record' && def.valueType ? STATED.get(def.valueType) : undefined;
}

/** Whether a schema is itself a facet (a map of facets, such as responses by status). */
export function isFacetSchema(schema: z.ZodType): boolean {
  return STATED.has(schema);
}
