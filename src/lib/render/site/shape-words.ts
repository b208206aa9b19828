import type { ShapeChildren, ShapeView } from './views.ts';

/** How a combination reads in a shape's head line, as its type: a reader's words, the file's keyword being the authoring view's. */
export const COMBINATION_WORDS: Readonly<Record<string, string>> = { all_of: 'all of', one_of: 'one of', any_of: 'any of' };

const KIND: Record<ShapeChildren['kind'], string> = { fields: 'Fields', items: 'Items', values: 'Values of the map', variants: 'Variants' };

/** Whether a shape's head line writes its type as a combination in words (`one of`): a stated type of its own, no resource named. */
export function headSaysCombination(s: ShapeView): boolean {
  const t = s.type;
  return s.typeLink === undefined && t !== undefined && t.state === 'stated' && t.links.length === 0 && t.html === undefined && t.value === undefined && t.text !== undefined && COMBINATION_WORDS[t.text] !== undefined;
}

/**
 * The heading over what a shape nests: "Fields", "Items"…; a union's variants "One of" or "Any of",
 * but "Variants" where the head line above already says "one of" (t32h #5: said twice); an
 * `all_of` merged into fields "Fields, all of". `head`: whether the head line is shown (a table's
 * row and a scalar in place leave it out).
 */
export function childrenHeading(s: ShapeView, c: ShapeChildren, head: boolean): string {
  if (c.kind === 'variants' && c.combine) return head && headSaysCombination(s) ? KIND.variants : `${COMBINATION_WORDS[c.combine]?.[0]?.toUpperCase() ?? ''}${COMBINATION_WORDS[c.combine]?.slice(1) ?? ''}`;
  return c.combine === 'all_of' ? 'Fields, all of' : KIND[c.kind];
}
