import { z } from 'zod';
import { facet, facetObject, inventoryMeta, inventorySchema } from '../../facet/define.ts';
import type { Path } from '../../facet/path.ts';
import { own, stated } from '../../facet/state.ts';
import { itemCommon, nameSchema, prose } from '../../facet/values.ts';
import { defineArea, type AddReference } from '../area.ts';

/** Primitive field types; any other type name refers to a resource. */
export const PRIMITIVE_TYPES = ['string', 'integer', 'number', 'boolean', 'object', 'array'] as const;
const PRIMITIVES: ReadonlySet<string> = new Set(PRIMITIVE_TYPES);

/** A type: a primitive or the id of a resource. */
export const typeName = z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'expected a type such as string, integer or a resource id');

/** Types a format can refine, and types that can have a set of allowed values. */
const REFINABLE: ReadonlySet<string> = new Set(['string', 'integer', 'number']);

/** Why a refinement cannot apply to a field: its type is stated and takes none (no format on a boolean). */
const unrefinable = (what: string) => (field: { type?: unknown }) =>
  typeof field.type === 'string' && !REFINABLE.has(field.type) ? `a field of type ${field.type} has no ${what}` : undefined;

const fieldShape = {
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
};
const fieldMetas = {
  type: { label: 'type', question: 'What is the type of this field?' },
  required: { label: 'required flag', question: 'Is this field always present?' },
  format: { label: 'format', question: 'What format refines this field’s type?', refinement: 'format', notApplicable: unrefinable('format') },
  allowed: { label: 'allowed values', question: 'Which values may this field take?', refinement: 'allowed', notApplicable: unrefinable('set of allowed values') },
} as const;

/** One field of a resource. */
export const fieldSchema = facetObject(fieldShape, fieldMetas);
export type Field = z.infer<typeof fieldSchema>;

/** A resource that is one value rather than an object with fields: an enum, an id, a list. */
const { required: _required, ...valueShape } = fieldShape;
const { required: _requiredMeta, ...valueMetas } = fieldMetas;
export const valueSchema = facetObject(valueShape, valueMetas);

/** Field refinements a spec may require in its resources area file. */
export const REFINEMENTS = ['format', 'allowed'] as const;

/** `resources/_area.yaml`. */
export const resourcesArea = facetObject(
  {
    inventory: inventorySchema,
    /** Field refinements this spec requires everywhere they can apply (by default they are optional). */
    require: z.array(z.enum(REFINEMENTS)).optional(),
    description: prose.optional(),
  },
  { inventory: inventoryMeta('resources', 'its fields with name, type, required flag, format and allowed values') },
);

/** `resources/<Resource>.yaml`: one resource and its fields (or, for a single value, its `value`). */
export const resourceItem = facetObject(
  {
    ...itemCommon,
    /** The fields, by name. */
    fields: facet(z.record(nameSchema, fieldSchema)),
    /** Instead of fields: the resource is a single value of this type. */
    value: facet(valueSchema),
  },
  {
    fields: {
      label: 'fields',
      question: 'Which fields does this resource have?',
      notApplicable: (r) => (r.value !== undefined ? 'a resource that is a single `value` has no fields' : undefined),
      children: { label: (name) => `field ${name}`, table: ['type', 'required', 'format', 'allowed'] },
    },
    value: { label: 'value', question: 'What kind of value is this resource?', optional: true, children: { label: () => 'value' } },
  },
);
export type ResourceItem = z.infer<typeof resourceItem>;

/** A field's or value's type and element type, as references to resources where they are not primitives. */
function typeReferences(field: unknown, path: Path, name: string, add: AddReference): void {
  for (const key of ['type', 'items'] as const) {
    const type = own(field, key);
    if (typeof type === 'string' && !PRIMITIVES.has(type)) add({ path: [...path, key], area: 'resources', id: type, via: `${key === 'type' ? 'type' : 'items'} of ${name}` });
  }
}

const allowedValues = (field: unknown) => {
  const allowed = own(field, 'allowed');
  return Array.isArray(allowed) ? allowed.map(String) : undefined;
};

export const resources = defineArea({
  key: 'resources',
  title: 'Resources',
  covers: 'Resources and their fields (names, types, required flags, formats, allowed values)',
  schema: resourcesArea,
  items: { noun: 'resource', plural: 'resources', schema: resourceItem, referable: true },
  policy: (area) => area.require ?? [],
  references(item, add) {
    for (const [name, field] of Object.entries(stated(item.fields) ?? {})) typeReferences(field, ['fields', name], `field ${name}`, add);
    typeReferences(stated(item.value), ['value'], 'value', add);
  },
  breaking(before, after, say, id) {
    if (!after) return say(`Resource \`${id}\` removed.`);
    const now = stated(after.fields) ?? {};
    for (const [name, was] of Object.entries(stated(before.fields) ?? {})) {
      const is = own(now, name);
      if (is === undefined) {
        say(`Field \`${name}\` of \`${id}\` removed.`);
        continue;
      }
      const [wasType, isType] = [stated(was.type), stated(own(is, 'type'))];
      if (stated(was.required) !== true && stated(own(is, 'required')) === true) say(`Field \`${name}\` of \`${id}\` made required.`);
      if (typeof wasType === 'string' && typeof isType === 'string' && wasType !== isType) say(`Field \`${name}\` of \`${id}\` changed type from \`${wasType}\` to \`${isType}\`.`);
      const [wasAllowed, isAllowed] = [allowedValues(was), allowedValues(is)];
      const dropped = isAllowed ? (wasAllowed ?? []).filter((v) => !isAllowed.includes(v)) : [];
      if (isAllowed && (!wasAllowed || dropped.length > 0)) {
        say(`Allowed values of \`${id}.${name}\` narrowed${wasAllowed ? `: ${dropped.map((v) => `\`${v}\``).join(', ')} no longer allowed` : ` to ${isAllowed.map((v) => `\`${v}\``).join(', ')}`}.`);
      }
    }
  },
});

