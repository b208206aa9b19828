import { isObj } from '../facet/state.ts';

/**
 * A text a spreadsheet would not run: one that starts with `=`, `+`, `-`, `@`, a tab or a carriage
 * return is a formula to Excel, LibreOffice and Google Sheets (`=HYPERLINK(...)` calls out when the
 * file is opened), so it gets a leading `'`, as OWASP's advice on CSV injection has it.
 */
function guarded(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * A body as `text/csv` (RFC 4180): a list of records (or one record) as a header line of the
 * fields' names, in the order they first come, then one line per record; a field a record lacks is
 * empty, `null` is empty, a nested list or object is its JSON. Every field is quoted, quotes
 * doubled, so no value can end a field or a line; a text that a spreadsheet would run as a
 * formula is `guarded`. A list of plain values is one a line. Undefined
 * for anything else (a scalar: a text type writes it as it is; a list of lists).
 */
export function csvOf(value: unknown): string | undefined {
  const records = Array.isArray(value) ? value : [value];
  const field = (v: unknown) => `"${(v === null || v === undefined ? '' : typeof v === 'string' ? guarded(v) : JSON.stringify(v)).replace(/"/g, '""')}"`;
  // A list of values: one a line.
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) return value.map((v) => `${field(v)}\r\n`).join('');
  if (records.length === 0 || !records.every(isObj)) return undefined;
  const names: string[] = [];
  const seen = new Set<string>();
  for (const record of records) {
    for (const name of Object.keys(record)) {
      if (seen.has(name)) continue;
      seen.add(name);
      names.push(name);
    }
  }
  const lines = [names.map(field), ...records.map((r) => names.map((n) => field(Object.hasOwn(r, n) ? r[n] : undefined)))];
  return `${lines.map((l) => l.join(',')).join('\r\n')}\r\n`;
}
