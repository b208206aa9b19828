/**
 * Every optional refinement a facet can be (a field's `format`, an event's `channel`), by the key
 * it is written under. A spec makes them gaps wherever they can apply with `require: [...]` in
 * specbench.yaml; a test keeps this list equal to the refinements the area modules declare.
 */
export const REFINEMENTS = [
  'description',
  'format',
  'allowed',
  'nullable',
  'default',
  'examples',
  'read_only',
  'write_only',
  'deprecated',
  'items',
  'values',
  'fields',
  'minimum',
  'maximum',
  'exclusive_minimum',
  'exclusive_maximum',
  'multiple_of',
  'min_length',
  'max_length',
  'pattern',
  'min_items',
  'max_items',
  'unique_items',
  'headers',
  'tags',
  'channel',
  'direction',
  'location',
  'token_format',
  'summary',
  'servers',
  'contact',
  'license',
  'terms_of_service',
] as const;
export type Refinement = (typeof REFINEMENTS)[number];
