export const ONE_LINE = /^[^\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]+$/;

/**
 * A source's summary as a title, and its description. A title is one line; a summary that is not
 * (GitHub's webhooks write paragraphs there) moves in front of the description, so nothing is lost.
 */
export function titled(summary: unknown, description?: unknown): { title?: string; description?: string } {
  // Lines without a blank line between them are one line in Markdown (a soft break reads as a space).
  const raw = typeof summary === 'string' ? summary.trim() : '';
  const text = /\n\s*\n/.test(raw) ? raw : raw.replace(/[ \t]*\r?\n[ \t]*/g, ' ');
  const desc = typeof description === 'string' && description.trim() !== '' ? description : undefined;
  if (text !== '' && ONE_LINE.test(text)) return { title: text, ...(desc !== undefined ? { description: desc } : {}) };
  const joined = [text, desc].filter((s): s is string => s !== undefined && s !== '').join('\n\n');
  return joined === '' ? {} : { description: joined };
}

/** What is said where `titled` moved a summary of several lines in front of the description: its words are kept, its place is not. */
export const SUMMARY_OF_LINES = 'a summary of several lines has no place as a one-line summary; it is kept at the start of the description';

/** The service's name from a document's title: one line, else open (a title of several lines is listed as unmapped). */
export function serviceName(title: unknown, unmapped: Array<{ pointer: string; reason: string }>): string | { open: true } {
  const text = typeof title === 'string' ? title.trim() : '';
  if (text !== '' && ONE_LINE.test(text)) return text;
  if (text !== '') unmapped.push({ pointer: '/info/title', reason: 'a title of several lines has no place as the service\'s name, which is one line' });
  return { open: true };
}
