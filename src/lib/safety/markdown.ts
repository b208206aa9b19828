import { escapeControls } from './terminal.ts';

/**
 * Text from the spec placed into a generated Markdown document (SPEC_GAPS.md, the pull-request
 * comment): one line, no raw HTML (`<` is written `&lt;`), no control characters. Backticks and
 * other Markdown stay, so `code` in a question still reads as code.
 */
export function markdownText(text: string): string {
  return escapeControls(text.replace(/\s*\r?\n\s*/g, ' ').replace(/</g, '&lt;'));
}

/** `markdownText` for a table cell: a `|` is written `\|`. */
export function markdownCell(text: string): string {
  return markdownText(text).replace(/\|/g, '\\|');
}

/**
 * A value from the spec read literally in a generated Markdown document: one line, every
 * character that Markdown or HTML would read as markup backslash-escaped, so it renders exactly
 * as written.
 */
export function markdownLiteral(text: string): string {
  return escapeControls(text.replace(/\s*\r?\n\s*/g, ' ')).replace(/[\\`*_[\]<>#|~&!]/g, (c) => `\\${c}`);
}

/**
 * `markdownLiteral` for what GitHub renders (SPEC_GAPS.md, the pull-request comment), which also
 * links bare URLs (`https://…`, `www.…`, `a@b.c`) and turns `@name` into a mention that
 * notifies: a zero-width space after each `@` and inside each `://` and `www.` keeps a name from
 * the spec from being either (as Dependabot and Renovate do), and it still reads the same.
 */
export function markdownQuiet(text: string): string {
  return markdownLiteral(text)
    .replace(/:\/\//g, ':\u200b//')
    .replace(/\b(www)\./gi, '$1\u200b.')
    .replace(/@/g, '@\u200b');
}

/** A value from the spec as an inline code span, fenced with more backticks than it holds: it reads literally wherever Markdown is rendered. */
export function markdownCode(value: string): string {
  const text = escapeControls(value.replace(/\s*\r?\n\s*/g, ' '));
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || text.startsWith(' ') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}
