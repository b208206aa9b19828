import { counted } from '../../facet/words.ts';
import { z } from 'zod';
import { facet, facetObject, inventoryMeta, inventorySchema, itemCommon, itemCommonMetas } from '../../facet/define.ts';
import { isObj, own, stated } from '../../facet/state.ts';
import { nameSchema, prose } from '../../facet/values.ts';
import { defineArea } from '../area.ts';
import { aType, fieldSchema, shapeReferences, shapeSchema, type Field, type Shape } from '../shape.ts';
import { markdownCode } from '../../safety/markdown.ts';

/** `resources/_area.yaml`. */
export const resourcesArea = facetObject(
  { inventory: inventorySchema, description: prose.optional() },
  { inventory: inventoryMeta('resources', 'its fields with name, type, required flag, format and allowed values') },
);

/** `resources/<Resource>.yaml`: one resource and its fields (or, for a single value, its `value`). */
export const resourceItem = facetObject(
  {
    ...itemCommon,
    /** The fields, by name. */
    fields: facet(z.record(nameSchema, fieldSchema)),
    /** Instead of fields: the resource is a single value (an enum, an id, a list, a union of resources). */
    value: facet(shapeSchema),
  },
  {
    ...itemCommonMetas,
    fields: {
      label: 'fields',
      question: 'Which fields does this resource have?',
      notApplicable: (r) => (r.value !== undefined ? 'a resource that is a single `value` has no fields' : undefined),
      children: { label: (name) => `field ${name}` },
    },
    value: { label: 'value', question: 'What kind of value is this resource?', optional: true, children: { label: () => 'value' } },
  },
);
export type ResourceItem = z.infer<typeof resourceItem>;

export const resources = defineArea({
  key: 'resources',
  title: 'Resources',
  covers: 'Resources and their fields (names, types, required flags, formats, allowed values)',
  guide: [
    'Resources: one file per resource in this folder (resources/<Name>.yaml) with its fields.',
    'Write `inventory: complete` once every resource has its file.',
  ],
  schema: resourcesArea,
  items: { noun: 'resource', plural: 'resources', schema: resourceItem, referable: true },
  view: (item) => {
    const fields = stated(item.fields);
    const value = stated(item.value);
    const type = isObj(value) ? stated(value.type) : undefined;
    const note = isObj(fields) ? counted(Object.keys(fields).length, 'field') : typeof type === 'string' ? `${aType(type)} value` : undefined;
    return note === undefined ? {} : { listing: { note } };
  },
  layout: () => [
    { kind: 'shape', key: 'fields', title: 'Fields' },
    { kind: 'shape', key: 'value', title: 'Value' },
  ],
  shapes: (item) => [
    ...Object.entries(stated(item.fields) ?? {}).map(([name, field]) => ({ shape: field, path: ['fields', name], name: `field ${markdownCode(name)}`, sent: true as const })),
    ...(isObj(stated(item.value)) ? [{ shape: stated(item.value) as Shape, path: ['value'], name: 'the value', sent: true as const }] : []),
  ],
  references(item, add) {
    for (const [name, field] of Object.entries(stated(item.fields) ?? {})) shapeReferences(field, ['fields', name], `field ${name}`, add);
    shapeReferences(stated(item.value), ['value'], 'value', add);
  },
  breaking(before, after, say, id) {
    if (!after) return say(`Resource ${markdownCode(id)} removed.`);
    const now = stated(after.fields) ?? {};
    for (const [name, was] of Object.entries(stated(before.fields) ?? {})) {
      const is = own(now, name) as Field | undefined;
      if (is === undefined) {
        say(`Field ${markdownCode(name)} of ${markdownCode(id)} removed.`, ['fields', name]);
        continue;
      }
      const [wasType, isType] = [stated(was.type), stated(is.type)];
      if (stated(was.required) !== true && stated(is.required) === true) say(`Field ${markdownCode(name)} of ${markdownCode(id)} made required.`, ['fields', name, 'required']);
      if (wasType !== undefined && isType !== undefined && wasType !== isType) say(`Field ${markdownCode(name)} of ${markdownCode(id)} changed type from ${markdownCode(wasType)} to ${markdownCode(isType)}.`, ['fields', name, 'type']);
      // Allowed values narrowed, at any depth, are said with the bounds (the diff's `narrowedBounds`).
    }
  },
});
