/**
 * The fewest characters a description can have as Markdown, read from its text as written without
 * converting it: an HTML comment and every tag may go whole, an entity becomes one character, a run
 * of blanks one blank; Markdown escapes only add. Converting HTML costs time and memory faster than
 * linear in the text's length (3 MB of `a<b>b</b> `: tens of seconds, gigabytes), so a text many
 * times the limit of one prose value is said without being converted, with this length.
 * Each pass is one linear regular expression.
 */
export function leastMarkdownLength(text: string): number {
  return text
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(/<[^<>]*>/g, '')
    .replace(/&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);?/gi, '&')
    .replace(/\s+/g, ' ').length;
}

/** How many times the limit of one prose value a text as written may be and still be converted (a second or two at most): past that, the conversion alone would cost what the limit guards against. */
export const CONVERTED_AT_MOST = 8;
