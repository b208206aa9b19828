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
 * but "Variants" where the head line above already says "one of" (t32h #5: said twice), "Parts" where it says "all of"; an
 * `all_of` merged into fields "Fields, all of". `head`: whether the head line is shown (a table's
 * row and a scalar in place leave it out).
 */
export function childrenHeading(s: ShapeView, c: ShapeChildren, head: boolean): string {
  // A base type's kinds, told apart by its discriminator (t32s R9).
  if (c.kinds) return 'Kinds, one of';
  // An all-of's parts are not a choice: "Parts" under a head line saying "all of" (t32t S11: vercel's `{type: "null", oneOf: […]}` read "all of · Variants").
  if (c.kind === 'variants' && c.combine) return head && headSaysCombination(s) ? (c.combine === 'all_of' ? 'Parts' : KIND.variants) : `${COMBINATION_WORDS[c.combine]?.[0]?.toUpperCase() ?? ''}${COMBINATION_WORDS[c.combine]?.slice(1) ?? ''}`;
  return c.combine === 'all_of' ? 'Fields, all of' : KIND[c.kind];
}

/**
 * How many of a list of fields are required, as the heading over them says it, where any of them
 * says whether it is: "2 required", "all optional"; where the unions among an `all_of`'s parts
 * require more (t32s R6: "all optional" above a one-of whose every variant required three of the
 * fields), those too: "3 required by every variant below (bucketID, database, retention_policy),
 * and orgID or org". Undefined where no field says.
 */
export function requiredWords(c: ShapeChildren): string | undefined {
  const stated = c.shapes.some((x) => x.required?.state === 'stated');
  const count = c.shapes.filter((x) => x.required?.state === 'stated' && x.required.text === 'true').length;
  const more = c.unionsRequire;
  if (!more) return stated ? (count > 0 ? `${count.toLocaleString('en-US')} required` : 'all optional') : undefined;
  const said: string[] = [];
  if (count > 0) said.push(`${count.toLocaleString('en-US')} required`);
  const { always, choices } = more;
  if (always.length > 0) said.push(`${count > 0 ? `${always.length.toLocaleString('en-US')} more` : always.length.toLocaleString('en-US')} required by every variant below (${always.join(', ')})`);
  const either = choices.map((variants) => variants.map((names) => names.join(' and ')).join(' or '));
  if (either.length > 0) said.push(`${said.length > 0 ? 'and ' : 'required by the variants below: '}${either.join('; and ')}`);
  return said.join(', ');
}

/**
 * What a shape's head line writes beside the name of the resource its type names: a named scalar's
 * or list's own type before it (`string RuleTag`, `array Labels`); a named combination's kind after
 * it, in parentheses (`PlayMediaIntent (all of its parts)`), as "all of PlayMediaIntent" read as a
 * combination of one part (t32s R3). Nothing for a resource of fields.
 */
export function namedTypeWords(s: ShapeView): { before?: string; after?: string } {
  const scalar = s.inline?.scalar?.type?.text;
  if (scalar !== undefined) return { before: scalar };
  const head = s.inline?.head?.type?.text;
  if (head === undefined) return {};
  const kind = NAMED_COMBINATION[head];
  return kind !== undefined ? { after: `(${kind})` } : { before: head };
}

const NAMED_COMBINATION: Readonly<Record<string, string>> = { all_of: 'all of its parts', one_of: 'one of its variants', any_of: 'any of its variants' };
