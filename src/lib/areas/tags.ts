import { z } from 'zod';
import { externalDocsSchema } from '../facet/define.ts';
import { isObj } from '../facet/state.ts';
import { nameSchema, prose } from '../facet/values.ts';

/** What an interface description says of one group of items (a tag object): what it is (Markdown), and where to read more. */
export const tagNoteSchema = z.strictObject({ description: prose.optional(), external_docs: externalDocsSchema.optional() });
export type TagNote = z.infer<typeof tagNoteSchema>;

/**
 * The groups an area's items are listed under (their `tags`), by name, in the order the
 * description declares them, each with what it says of the group; a group no item is in yet is
 * declared here too. Reader's aids: no gap is opened or closed by them.
 */
export const tagNotesSchema = z.record(nameSchema, tagNoteSchema);

/** The declared groups of an area file's `tags`, in order; none where it declares none. */
export function tagNotes(area: { tags?: unknown }): Array<{ name: string } & TagNote> {
  return isObj(area.tags) ? Object.entries(area.tags).flatMap(([name, note]) => (isObj(note) ? [{ name, ...(note as TagNote) }] : [])) : [];
}
