import { z } from 'zod';
import { facet, inventorySchema, itemCommon, nameSchema, prose } from './facet.ts';

/** Primitive field types; any other type name refers to a resource. */
export const PRIMITIVE_TYPES = ['string', 'integer', 'number', 'boolean', 'object', 'array'] as const;

/** A type: a primitive or the id of a resource. */
export const typeName = z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'expected a type such as string, integer or a resource id');

/** One field of a resource. */
export const fieldSchema = z.strictObject({
  description: prose.optional(),
  /** `string`, `integer`, `number`, `boolean`, `object`, `array` or a resource id. */
  type: facet(typeName),
  /** For `type: array`: the type of the elements. */
  items: typeName.optional(),
  /** Whether every instance carries the field. */
  required: facet(z.boolean()),
  /** A refinement of the type: `uuid`, `date-time`, `email`, `int64`... */
  format: facet(z.string().trim().min(1)),
  /** The values the field may take. */
  allowed: facet(z.array(z.union([z.string(), z.number()]))),
});
export type Field = z.infer<typeof fieldSchema>;

/** Refinements a spec may require in its resources area file. */
export const REFINEMENTS = ['format', 'allowed'] as const;

/** `resources/_area.yaml`. */
export const resourcesArea = z.strictObject({
  inventory: inventorySchema,
  /** Field refinements this spec requires everywhere they can apply (by default they are optional). */
  require: z.array(z.enum(REFINEMENTS)).optional(),
  description: prose.optional(),
});

/** A resource that is one value rather than an object with fields: an enum, an id, a list. */
export const valueSchema = fieldSchema.omit({ required: true });

/** `resources/<Resource>.yaml`: one resource and its fields (or, for a single value, its `value`). */
export const resourceItem = z.strictObject({
  ...itemCommon,
  /** The fields, by name. */
  fields: facet(z.record(nameSchema, fieldSchema)),
  /** Instead of fields: the resource is a single value of this type. */
  value: valueSchema.optional(),
});
export type ResourceItem = z.infer<typeof resourceItem>;
