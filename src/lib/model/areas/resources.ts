import { idSegment } from '../../gaps/ids.ts';
import { resourceItem, resourcesArea } from '../../schema/resource.ts';
import { inventory, isObj, type AreaDef, type FacetDef, type Obj } from '../facet-def.ts';

/** Types a format can refine, and types that can have a set of allowed values. */
const FORMATTABLE = new Set(['string', 'integer', 'number']);

function typeOf(field: Obj): string | undefined {
  return typeof field.type === 'string' ? field.type : undefined;
}

/** A refinement applies unless the type is stated and cannot take it (no format on a boolean). */
const refinable = (field: Obj): boolean => {
  const type = typeOf(field);
  return type === undefined || FORMATTABLE.has(type);
};

export const FIELD_FACETS: FacetDef[] = [
  { key: 'type', label: 'type', question: 'What is the type of this field?' },
  { key: 'required', label: 'required flag', question: 'Is this field always present?' },
  { key: 'format', label: 'format', question: 'What format refines this field’s type?', refinement: 'format', applies: refinable },
  { key: 'allowed', label: 'allowed values', question: 'Which values may this field take?', refinement: 'allowed', applies: refinable },
];

export const resources: AreaDef = {
  key: 'resources',
  title: 'Resources',
  covers: 'Resources and their fields (names, types, required flags, formats, allowed values)',
  schema: resourcesArea,
  facets: [inventory('inventory', 'resources', 'its fields with name, type, required flag, format and allowed values')],
  items: {
    noun: 'resource',
    plural: 'resources',
    schema: resourceItem,
    facets: (item) => [
      {
        key: 'fields',
        label: 'fields',
        question: 'Which fields does this resource have?',
        // A resource that is a single value has no fields.
        applies: () => item.value === undefined,
        children: (value) =>
          isObj(value)
            ? Object.entries(value).flatMap(([name, field]) =>
                isObj(field) ? [{ id: [idSegment(name)], at: [name], label: `field ${name}`, owner: field, facets: FIELD_FACETS }] : [],
              )
            : [],
      },
      {
        key: 'value',
        label: 'value',
        question: 'What kind of value is this resource?',
        optional: true,
        children: (value) => (isObj(value) ? [{ id: [], at: [], label: 'value', owner: value, facets: FIELD_FACETS.filter((f) => f.key !== 'required') }] : []),
      },
    ],
  },
};
