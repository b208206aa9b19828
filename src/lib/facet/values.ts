import { z } from 'zod';
import { absoluteUrlSchema, linkUrlSchema } from '../safety/url.ts';
import { PLACEHOLDER } from './state.ts';

/** Control characters, and the bidirectional overrides that reorder what a reader sees. */
const NO_CONTROL = '[^\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069]';

/** One line of text: a title, an owner. No newline, no control characters. */
export const lineSchema = z
  .string()
  .trim()
  .min(1)
  .regex(new RegExp(`^${NO_CONTROL}*$`), 'one line of text, without newlines or control characters');

/** A name written as a key (a field, a state, a parameter): no control characters. */
export const nameSchema = z
  .string()
  .min(1, 'expected a name')
  .regex(new RegExp(`^${NO_CONTROL}+$`), 'a name without newlines or control characters');

/** A facet stated as absent, with the reason. Saying there is nothing is a statement: no gap. */
export const noneSchema = z
  .strictObject({
    /** Why there is nothing here, e.g. "The service emits no events." */
    none: z.string().trim().min(1, 'give the reason there is none'),
  })
  .meta({ id: 'none', title: 'Stated as none', description: 'Stated as absent, with the reason. Closes the gap.', examples: [{ none: 'The service emits no events.' }] });

/** A gap marked open on purpose, with what blocks it and who owns it. */
export const openSchema = z
  .strictObject({
    /** `true`, or the question that must be answered to close the gap. */
    open: z.union([z.literal(true), z.string().trim().min(1)]),
    /** Who is expected to answer, e.g. `@payments-team`. */
    owner: lineSchema.optional(),
    /** Where the question is discussed (an issue, a thread): an http(s) or relative URL. */
    link: linkUrlSchema.optional(),
    /** Ids of the gaps that must close first, e.g. `resources/Order/fields`. */
    blocked_by: z.array(z.string().min(1)).min(1).optional(),
  })
  .meta({ id: 'open', title: 'Open', description: 'A gap marked open on purpose, with the question that blocks it.', examples: [{ open: 'Which currency is the total in?', owner: '@billing' }] });

/** A whole value written as a placeholder, e.g. `{base_url}`. */
// `abort` keeps a non-placeholder string from being reported as a failed placeholder.
export const placeholderSchema = z
  .string()
  .regex(PLACEHOLDER, { abort: true })
  .brand<'placeholder'>()
  .meta({ id: 'placeholder', title: 'Placeholder', description: 'A whole value written as a placeholder such as {base_url}: still a gap.' });

export type NoneValue = z.infer<typeof noneSchema>;
export type OpenValue = z.infer<typeof openSchema>;

/**
 * Markdown prose; links to items use the `[[area/id]]` syntax. Blank text states nothing: a gap
 * answered with `""` or spaces would close with no answer (found by an independent tester, t34f).
 */
export const prose = z.string().regex(/\S/, 'blank text states nothing: write the text, or state it open or none');

/** The identifier of an item, which is also its file name without `.yaml`. */
export const ID = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
export const idSchema = z.string().regex(ID, 'use letters, digits, `_`, `.` and `-`, starting with a letter or digit');

/** An ISO 8601 duration such as `PT1H` or `P30D`. */
export const durationSchema = z.iso.duration({ error: 'expected an ISO 8601 duration such as PT30S, PT1H or P30D' });

/** A calendar date, `YYYY-MM-DD`. */
export const dateSchema = z.iso.date({ error: 'expected a date as YYYY-MM-DD' });

/** An absolute http(s) URL. */
export const urlSchema = absoluteUrlSchema;

/** A list of names (tags, headers...): each a name without control characters. Empty, it is a gap. */
export const namesSchema = z.array(nameSchema);
