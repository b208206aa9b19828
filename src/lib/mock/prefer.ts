import { headerValues, type MockRequest } from './wire.ts';

/** What `Prefer` asks of the mock (answer.ts's `Asked` holds these; a type of its own, since answer.ts reaches this file through validate.ts and importing `Asked` would be a cycle). */
export interface Preferred {
  code?: number;
  badCode?: string;
  example?: string;
}

/**
 * `Prefer` as RFC 7240 writes it: `Prefer: code=409, example="big one"; x=y`. Preferences are
 * separated by commas, each a token with an optional value (a token or a quoted string, blanks
 * allowed around `=`), then its parameters after `;`; names are read without regard to case;
 * several `Prefer` headers are one list; a preference given twice counts by its first instance
 * (RFC 7240, section 2); one the mock does not know is ignored, and a `code` that is no status
 * (`999`, `2XX`, a bare `code`, a value that is no token or quoted string) is kept as asked, for a
 * 400 that lists the stated ones; so is an `example` without a name (`example=`, `example="a`),
 * for a 400 that lists the named examples: silently ignored, they were answered as though no
 * preference had been given. As Prism
 * is used, `code` and `example` are also read as parameters (`Prefer: code=409; example=x`), after
 * every preference.
 */
export function preferences(request: MockRequest): Preferred {
  const preferred: Pair[] = [];
  const parameters: Pair[] = [];
  for (const line of headerValues(request, 'prefer')) {
    for (const element of splitOutsideQuotes(line, ',')) {
      splitOutsideQuotes(element, ';').forEach((part, i) => {
        const pair = pairOf(part);
        if (pair) (i === 0 ? preferred : parameters).push(pair);
      });
    }
  }
  const asked: Preferred = {};
  const seen = new Set<string>();
  let extended: string | undefined;
  for (const [name, value, malformed] of [...preferred, ...parameters]) {
    if (seen.has(name)) continue;
    seen.add(name);
    // A code that is no status (`999`, `abc`, `2XX`, `0404`, none) is asked for all the same: a 400 says which ones the spec states.
    if (name === 'code') {
      if (value !== undefined && malformed !== true && /^[1-5]\d\d$/.test(value)) asked.code = Number(value);
      else asked.badCode = value ?? '';
    }
    // An example without a name is asked for all the same: a 400 says which ones the spec names.
    if (name === 'example') asked.example = value ?? '';
    // RFC 8187's form, `example*=UTF-8''caf%C3%A9`, is taken over the plain one (its section 3.2.2).
    if (name === 'example*') extended = value ?? '';
  }
  if (extended !== undefined) asked.example = extValue(extended) ?? extended;
  return asked;
}

/** The preferences and parameters the mock reads itself: taken out of a stated `Prefer` parameter before it is checked. */
const OWN_PREFERENCES = new Set(['code', 'example', 'example*']);

/**
 * What a request's `Prefer` says besides the mock's own preferences, for a `Prefer` header
 * parameter the spec states (Azure's required `Prefer: return=representation`, T35v V6): every
 * `code=`/`example=` was checked against its allowed values, so no other status or example could
 * be asked for. `return=representation, code=201` is checked as `return=representation`, and
 * `return=representation; code=201` likewise; undefined when nothing is left (not sent).
 */
export function statedPrefer(request: MockRequest): string | undefined {
  const elements: string[] = [];
  for (const line of headerValues(request, 'prefer')) {
    for (const element of splitOutsideQuotes(line, ',')) {
      const parts = splitOutsideQuotes(element, ';');
      const first = pairOf(parts[0] ?? '');
      if (first !== undefined && OWN_PREFERENCES.has(first[0])) continue;
      const kept = parts.filter((part, i) => {
        if (i === 0) return true;
        const pair = pairOf(part);
        return pair === undefined || !OWN_PREFERENCES.has(pair[0]);
      });
      const text = kept.map((part) => part.trim()).join('; ');
      if (text !== '') elements.push(text);
    }
  }
  return elements.length === 0 ? undefined : elements.join(', ');
}

/** An RFC 8187 `ext-value` in UTF-8 (`UTF-8'en'caf%C3%A9`) as its text; undefined when it is none (another charset, bytes that are no UTF-8). */
function extValue(text: string): string | undefined {
  const m = /^utf-8'[A-Za-z0-9-]*'((?:%[0-9A-Fa-f]{2}|[A-Za-z0-9!#$&+\-.^_`|~])*)$/i.exec(text);
  if (m?.[1] === undefined) return undefined;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return undefined;
  }
}

/** `tchar` of RFC 9110. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** A preference or parameter: its name (lowercased), its value (unquoted), and whether the value is no `word` (a token or a quoted string: then as sent). */
type Pair = [string, string | undefined, boolean?];

/** A preference or parameter (`Pair`); undefined when its name is no token. */
function pairOf(text: string): Pair | undefined {
  const at = text.indexOf('=');
  const name = (at < 0 ? text : text.slice(0, at)).trim().toLowerCase();
  if (!TOKEN.test(name)) return undefined;
  if (at < 0) return [name, undefined];
  const raw = text.slice(at + 1).trim();
  if (raw.startsWith('"')) {
    const m = /^"((?:[^"\\]|\\[\s\S])*)"$/.exec(raw);
    return m?.[1] === undefined ? [name, raw, true] : [name, m[1].replace(/\\([\s\S])/g, '$1')];
  }
  return TOKEN.test(raw) || raw === '' ? [name, raw] : [name, raw, true];
}

/** A text split at a separator that is not inside a quoted string (a backslash escapes inside quotes). */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? '';
    if (quoted && c === '\\' && i + 1 < text.length) {
      current += c + (text[i + 1] ?? '');
      i++;
      continue;
    }
    if (c === '"') quoted = !quoted;
    if (c === separator && !quoted) {
      out.push(current);
      current = '';
    } else current += c;
  }
  out.push(current);
  return out;
}
