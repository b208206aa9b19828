export const ONE_LINE = /^[^\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]+$/;
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A text of one line that holds control characters (a tab, BEL, DEL...) with each made a space:
 * the spec's one-line texts forbid them, and a tab is no line break, so the words are kept (and
 * the caller says it, with `CONTROLS_AS_SPACES`). A text with a line break is left to the caller.
 */
export function spacedLine(text: string): string | undefined {
  if (/[\n\r\u0085\u2028\u2029]/.test(text) || ONE_LINE.test(text)) return undefined;
  const spaced = text.replace(CONTROLS, ' ').trim();
  return spaced !== '' && ONE_LINE.test(spaced) ? spaced : undefined;
}

/** What is said where `spacedLine` made a text's control characters spaces. */
export const CONTROLS_AS_SPACES = 'a one-line text holds control characters (a tab, or another), which the spec forbids in one line; each is kept as a space';

/** A one-line text as kept: as written, or its control characters made spaces (said at `pointer`); undefined for one of several lines. */
export function keptLine(text: string, pointer: string, unmapped: Array<{ pointer: string; reason: string }>): string | undefined {
  if (ONE_LINE.test(text)) return text;
  const line = spacedLine(text);
  if (line !== undefined) unmapped.push({ pointer, reason: CONTROLS_AS_SPACES });
  return line;
}

/**
 * A source's summary as a title, and its description. A title is one line; a summary that is not
 * (GitHub's webhooks write paragraphs there) moves in front of the description, so nothing is lost.
 */
export function titled(summary: unknown, description?: unknown, spaced?: () => void): { title?: string; description?: string } {
  // Lines without a blank line between them are one line in Markdown (a soft break reads as a space).
  const raw = typeof summary === 'string' ? summary.trim() : '';
  const text = /\n\s*\n/.test(raw) ? raw : raw.replace(/[ \t]*\r?\n[ \t]*/g, ' ');
  const desc = typeof description === 'string' && description.trim() !== '' ? description : undefined;
  if (text !== '' && ONE_LINE.test(text)) return { title: text, ...(desc !== undefined ? { description: desc } : {}) };
  // A caller that says it (`spaced`) keeps a one-line summary holding a tab as its title, the tab a space.
  const line = spaced ? spacedLine(text) : undefined;
  if (line !== undefined && spaced) {
    spaced();
    return { title: line, ...(desc !== undefined ? { description: desc } : {}) };
  }
  const joined = [text, desc].filter((s): s is string => s !== undefined && s !== '').join('\n\n');
  return joined === '' ? {} : { description: joined };
}

/** What is said where `titled` moved a summary of several lines in front of the description: its words are kept, its place is not. */
export const SUMMARY_OF_LINES = 'a summary of several lines has no place as a one-line summary; it is kept at the start of the description';

/** The service's name from a document's title: one line, else open (a title of several lines is listed as unmapped). */
export function serviceName(title: unknown, unmapped: Array<{ pointer: string; reason: string }>): string | { open: true } {
  const text = typeof title === 'string' ? title.trim() : '';
  if (text !== '' && ONE_LINE.test(text)) return text;
  const line = spacedLine(text);
  if (line !== undefined) {
    unmapped.push({ pointer: '/info/title', reason: CONTROLS_AS_SPACES });
    return line;
  }
  if (text !== '') unmapped.push({ pointer: '/info/title', reason: 'a title of several lines has no place as the service\'s name, which is one line' });
  return { open: true };
}
