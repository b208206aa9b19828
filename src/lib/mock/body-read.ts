import type { Obj } from '../facet/state.ts';
import { isObj } from '../facet/state.ts';
import { isJsonMedia, isUrlEncodedForm } from '../render/media-example.ts';
import { formFields, MAX_FORM_FIELDS, MAX_PARTS, multipartParts } from './cost.ts';
import { essence } from './media.ts';
import type { PatternBudget } from './patterns.ts';
import type { Check, ErrorObject } from './validators.ts';
import { percentUtf8 } from './wire.ts';

/**
 * A request body read and checked: what the body thread runs, as the thread that answers does
 * (`checkBody`), and the bounds it reads bodies within. Kept apart from the rest of the request's
 * checks (`validate.ts`), and from the core: the body thread loads this module, not the whole core
 * (which cost each thread some 30 MB more at its start: the peak of the mock's memory on GitHub's
 * spec was a body thread checking a large body).
 */

/** A bound of the mock's own that a body passed: the most it reads, and of what. */
export interface OwnBound {
  limit: number;
  unit: 'bytes' | 'bytes once decoded' | 'values' | 'fields' | 'parts' | 'MB of memory' | 'MB of memory to compile its shape';
}

/** A key a client sends set as an own property, `__proto__` too (an assignment would set the object's prototype, or drop the key). */
export const setOwn = (object: Obj, key: string, value: unknown) => Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });

/**
 * At most this many problems in one answer; the rest are counted (`more`), never located or
 * worded: a body that breaks its shape 800,000 times costs one pass of the validator, not 800,000
 * lookups of the spec's lines.
 */
export const MAX_PROBLEMS = 20;

/**
 * JSON a client sends is read up to this many levels of arrays and objects: deeper, the request is
 * refused (400) before anything walks it (the validator and the messages recurse once per level;
 * 5,000 levels ended in a stack overflow). The loader's limit for YAML is 64; GitHub's deepest
 * response schema is 12.
 */
export const MAX_JSON_DEPTH = 256;

/** Whether a parsed JSON value nests arrays and objects deeper than `limit` levels (one pass, no recursion). */
export function deeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() ?? [undefined, 0];
    if (typeof v !== 'object' || v === null) continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
  return false;
}

/** Bodies past this many bytes are parsed and checked in turns of the event loop of their own. */
export const LARGE_BODY = 64 * 1024;

/**
 * A body past this many bytes is checked up to its first problem only: the work is one pass at
 * most, never a problem object per broken value (a 16 MB body can break its shape millions of times).
 */
export const HUGE_BODY = 1024 * 1024;


/** Lets the event loop answer what came meanwhile (a timer of no delay, as any JavaScript host has). */
export const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The most values a JSON body may hold (each item, member name and member value, objects and arrays
 * among them), counted in its bytes before it is parsed: parsed, each costs some 40 bytes (a
 * number) to 180 (a member of a new name), 50 an empty object; 16 MB of `{},` (5.3 million objects)
 * took the process to 2.4 GB, and with objects and arrays alone bounded, the parsing of one body at a
 * time still took it past 600 MB (four clients sending 16 MB of eight million numbers, or two
 * million members).
 */
export const MAX_JSON_VALUES = 1_000_000;

/**
 * Whether JSON text nests arrays and objects deeper than `limit` levels (`deep`), or holds more than
 * `values` values (`values`: items, member names and member values, objects and arrays among them),
 * read from its bytes in one pass before it is parsed (brackets inside strings not counted). Walking
 * the parsed value instead took 1.7 s for a body of 800,000 values, longer than parsing it.
 */
export function textTooBig(bytes: Uint8Array, limit: number, values = Infinity): 'deep' | 'values' | undefined {
  let depth = 0;
  let count = 0;
  // A value (or a member's name) may begin: at the start, after `[`, `{`, `,` and `:`.
  let expecting = true;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === 0x5c) i++;
      else if (b === 0x22) inString = false;
    } else if (b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09) continue;
    else if (b === 0x5b || b === 0x7b) {
      if (++depth > limit) return 'deep';
      if (++count > values) return 'values';
      expecting = true;
    } else if (b === 0x5d || b === 0x7d) {
      depth--;
      expecting = false;
    } else if (b === 0x2c || b === 0x3a) expecting = true;
    else {
      if (b === 0x22) inString = true;
      if (expecting && ++count > values) return 'values';
      expecting = false;
    }
  }
  return undefined;
}

export const TOO_DEEP = `expected JSON nested at most ${MAX_JSON_DEPTH} levels deep`;

/**
 * A value as a problem shows what came: JSON, clipped; a number JSON reads past a double's range
 * (`1e400`, read as Infinity, which JSON writes as `null`) said to be one.
 */
export const shownValue = (v: unknown) => {
  if (typeof v === 'number' && !Number.isFinite(v)) return `a number out of the range of numbers (beyond ${v > 0 ? '' : '-'}1.8e308)`;
  const text = JSON.stringify(v, (_, x: unknown) => (typeof x === 'number' && !Number.isFinite(x) ? `${x > 0 ? '' : '-'}out-of-range number` : x)) ?? String(v);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

/** The part of a value at an Ajv instance path. */
export function valueAt(value: unknown, instance: string): unknown {
  let at = value;
  for (const part of instance.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    at = Array.isArray(at) ? at[Number(key)] : isObj(at) && Object.hasOwn(at, key) ? at[key] : undefined;
  }
  return at;
}

/**
 * The errors a problem is shown for: Ajv reports every variant a union's value misses; the union
 * itself says it in one line. The unions' schema paths are few (one per union of the schema,
 * however many values break them): each error is held against them once (comparing every error
 * with every other took 58 s for 160,000 errors, on the one thread that answers every client).
 */
export function shownErrors(errors: readonly ErrorObject[]): readonly ErrorObject[] {
  const unions = [...new Set(errors.flatMap((o) => (o.keyword === 'oneOf' || o.keyword === 'anyOf' ? [o.schemaPath.replace(/\/(oneOf|anyOf)$/, '/$1/')] : [])))];
  return unions.length === 0 ? errors : errors.filter((e) => !unions.some((u) => e.schemaPath.startsWith(u)));
}

/** The name of the field a `required` error says is missing, else undefined. */
export const missingOf = (e: ErrorObject) => (e.keyword === 'required' && typeof (e.params as Obj).missingProperty === 'string' ? String((e.params as Obj).missingProperty) : undefined);

/** How deep a `deepObject` parameter's brackets may go (`filter[a][b]` is 2). */
/** A union's error (`oneOf`, `anyOf`). */
export const isUnion = (e: ErrorObject) => e.keyword === 'oneOf' || e.keyword === 'anyOf';

/** At most this many members of a union's value travel with its error from a body thread (the discriminator is read from them). */
const MAX_MEMBERS = 64;

/** The members of an object value that are text, numbers or booleans (what a discriminator can be), at most `MAX_MEMBERS`; undefined for no object. */
export function scalarMembers(value: unknown): Obj | undefined {
  if (!isObj(value) || Array.isArray(value)) return undefined;
  const out: Obj = {};
  let n = 0;
  for (const [k, v] of Object.entries(value)) {
    if (n >= MAX_MEMBERS) break;
    if ((typeof v === 'string' && v.length <= 200) || typeof v === 'number' || typeof v === 'boolean') {
      setOwn(out, k, v);
      n++;
    }
  }
  return out;
}

export const MAX_DEEP_OBJECT = 32;

/**
 * What the mock reads of request bodies, said where a body in another type goes unchecked: no XML
 * or CSV parser is among its dependencies, and a hand-written one would read what clients send
 * other than as their servers will.
 */
export const BODIES_READ = 'the mock reads JSON, forms, multipart and text/plain';

/** A text/plain body's text, in the charset its media type names (UTF-8 when none); undefined when it is not text in that charset. */
function plainText(bytes: Uint8Array, type: string): { text: string } | { unreadable: string } {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(type)?.[1] ?? 'utf-8';
  try {
    return { text: new TextDecoder(charset, { fatal: true }).decode(bytes) };
  } catch {
    return { unreadable: `expected text in the charset ${JSON.stringify(charset)}` };
  }
}

/** Whether a body's schema takes texts, the one kind of value a text/plain body is read as. */
const takesText = (schema: Obj) => schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));

/**
 * Gives a body's bytes back at once, once read into a text: their buffer is detached (moved into
 * one of no bytes), not left to the collector. Only for bytes their reader owns whole (a body
 * thread's, sent or moved to it): any other view of the buffer is emptied too.
 */
function releaseBytes(bytes: Uint8Array): void {
  const buffer = bytes.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer };
  if (buffer instanceof ArrayBuffer && typeof buffer.transfer === 'function') buffer.transfer(0);
}

/** A body's bytes read as its media type says: JSON parsed, a form's fields, multipart's parts, plain text as a text (`text`); undefined for a type whose body is not read. */
async function readBody(bytes: Uint8Array, type: string, release: boolean): Promise<{ value: unknown; coerce: boolean; text?: true } | { unreadable: string } | { own: OwnBound } | undefined> {
  const kind = essence(type);
  if (kind === 'text/plain') {
    const read = plainText(bytes, type);
    if (release) releaseBytes(bytes);
    return 'unreadable' in read ? read : { value: read.text, coerce: false, text: true };
  }
  if (isJsonMedia(kind)) {
    const big = textTooBig(bytes, MAX_JSON_DEPTH, MAX_JSON_VALUES);
    if (big === 'deep') return { unreadable: TOO_DEEP };
    if (big === 'values') return { own: { limit: MAX_JSON_VALUES, unit: 'values' } };
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return { unreadable: 'expected JSON' };
    }
    // The bytes go before the text is parsed: a 16 MB body was held three times over at once (its bytes, its text, its value).
    if (release) releaseBytes(bytes);
    let value: unknown;
    try {
      value = JSON.parse(text) as unknown;
    } catch {
      return { unreadable: 'expected JSON' };
    }
    return { value, coerce: false };
  }
  if (isUrlEncodedForm(kind)) {
    if (formFields(bytes, MAX_FORM_FIELDS) > MAX_FORM_FIELDS) return { own: { limit: MAX_FORM_FIELDS, unit: 'fields' } };
    // UTF-8, as its bytes and as its percent-encoded bytes (`a=%FF%FE`): anything else is refused,
    // as it is in a path or a query, never read as U+FFFD.
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return { unreadable: 'expected a form in UTF-8' };
    }
    if (!percentUtf8(text)) return { unreadable: 'expected a form whose percent-encoded bytes are UTF-8' };
    const read = fields(new URLSearchParams(text));
    return 'unreadable' in read ? read : { value: read.value, coerce: true };
  }
  if (kind === 'multipart/form-data') {
    if (multipartParts(bytes, type, MAX_PARTS) > MAX_PARTS) return { own: { limit: MAX_PARTS, unit: 'parts' } };
    try {
      const form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': type } }).formData();
      const pairs: Array<[string, string]> = [];
      form.forEach((v, k) => pairs.push([k, typeof v === 'string' ? v : v.name]));
      const read = fields(pairs);
      return 'unreadable' in read ? read : { value: read.value, coerce: true };
    } catch {
      return { unreadable: 'expected multipart/form-data with the boundary its Content-Type names' };
    }
  }
  return undefined;
}

/** A form's fields as named, before they are gathered: each name's values (`list`: sent as `name[]`, a list even of one), or the fields under it (`a[b]`). */
type FormNode = { values: string[]; list: boolean } | Map<string, FormNode>;

/** A bracketed form field's name, `a[b][0][c]`: its first name and the names in brackets (the one form OpenAPI's `deepObject`, Rails and Stripe send). */
const BRACKETED = /^([^[\]]+)((?:\[[^[\]]*\])+)$/;

/** A list's index as a bracket writes it: `0`, `12`, never `01` or `-1`. */
const INDEX = /^(?:0|[1-9]\d*)$/;

/**
 * The fields under a bracketed name as a value: a list where the names in brackets are its indexes
 * 0 to n - 1 (`list[0][kind]`), an object otherwise (`obj[a]`, whose 422 then says `expected a
 * list` where the shape states one); a name's values a list where sent several times or as `name[]`.
 */
function formValue(node: FormNode): unknown {
  if (!(node instanceof Map)) return node.values.length === 1 && !node.list ? node.values[0] : node.values;
  const keys = [...node.keys()];
  if (keys.every((k) => INDEX.test(k)) && keys.every((_, i) => node.has(String(i)))) return keys.map((_, i) => formValue(node.get(String(i)) ?? { values: [], list: true }));
  const out: Obj = {};
  for (const [k, child] of node) setOwn(out, k, formValue(child));
  return out;
}

/**
 * Form fields as an object: a name sent several times is a list, collected in one pass (copying
 * the list at each repeat took 14-40 s for one field sent 40,000 times, a 280 KB body). A bracketed
 * name is read all the way down, as a `deepObject` query parameter is (`obj[a]=1` a field of `obj`,
 * `list[0][kind]=x` a field of an item, `tags[]=x` a list), at most `MAX_DEEP_OBJECT` levels; a name
 * sent both as a value and with brackets under it is unreadable.
 */
function fields(pairs: Iterable<[string, string]>): { value: Obj } | { unreadable: string } {
  const root = new Map<string, FormNode>();
  for (const [k, v] of pairs) {
    const bracketed = BRACKETED.exec(k);
    const names = bracketed ? [bracketed[1] ?? '', ...(bracketed[2] ?? '').slice(1, -1).split('][')] : [k];
    if (names.length - 1 > MAX_DEEP_OBJECT) return { unreadable: `expected form fields at most ${MAX_DEEP_OBJECT} levels of brackets deep, got \`${k.length > 80 ? `${k.slice(0, 77)}...` : k}\`` };
    const list = names.length > 1 && names[names.length - 1] === '';
    if (list) names.pop();
    if (names.slice(1).includes('')) return { unreadable: `expected \`[]\` only at the end of a form field's name, got \`${k.length > 80 ? `${k.slice(0, 77)}...` : k}\`` };
    let at = root;
    for (const [i, name] of names.entries()) {
      const had = at.get(name);
      const shown = () => names.slice(0, i + 1).map((n, j) => (j === 0 ? n : `[${n}]`)).join('');
      if (i === names.length - 1) {
        if (had instanceof Map) return { unreadable: `expected form field \`${shown()}\` as a value or as fields in brackets, not both` };
        if (had) {
          had.values.push(v);
          had.list ||= list;
        } else at.set(name, { values: [v], list });
      } else if (had === undefined) {
        const inner = new Map<string, FormNode>();
        at.set(name, inner);
        at = inner;
      } else if (had instanceof Map) at = had;
      else return { unreadable: `expected form field \`${shown()}\` as a value or as fields in brackets, not both` };
    }
  }
  const out: Obj = {};
  for (const [k, node] of root) setOwn(out, k, formValue(node));
  return { value: out };
}

/**
 * A body read and checked: one that cannot be read as its media type says (`unreadable`), a media
 * type the mock does not read (`notRead`), a schema that does not compile (`uncompiled`), or the
 * errors of its shape (none when it fits, or when nothing is stated to check it against) with what
 * came at each (`got`), and `more` errors already left out (by a body thread, which sends the first
 * `MAX_PROBLEMS` shown only).
 */
export type BodyChecked =
  | { unreadable: string }
  | { own: OwnBound }
  | { notRead: string }
  | { uncompiled: string }
  | { errors: readonly ErrorObject[]; got: (instancePath: string) => string | undefined; coerce: boolean; more: number; members?: (instancePath: string) => Obj | undefined };

/**
 * Reads a body's bytes as its media type says and checks the value with the validator `check`
 * gives (for a value read as text, `coerce`; past `HUGE_BODY`, up to its first problem), its
 * pattern tests spending `budget`: the same work on this thread and on a body thread. `release`:
 * the bytes are the caller's own, given back as soon as they are read into a text (a body thread's).
 */
export async function checkBody(bytes: Uint8Array, type: string, schema: Obj | undefined, check: (coerce: boolean, firstOnly: boolean) => Check | string, budget: PatternBudget, release = false): Promise<BodyChecked> {
  const size = bytes.length;
  if (size > LARGE_BODY) await nextTurn();
  const read = await readBody(bytes, type, release);
  if (read === undefined) return { notRead: BODIES_READ };
  if ('unreadable' in read || 'own' in read) return read;
  if (!schema) return { errors: [], got: () => undefined, coerce: read.coerce, more: 0 };
  if (essence(type) === 'multipart/form-data' && isObj(read.value)) jsonParts(read.value, schema);
  if (read.text === true && !takesText(schema)) return { notRead: 'a text/plain body is read as a text, and its shape is not one' };
  if (size > LARGE_BODY) await nextTurn();
  const validate = check(read.coerce, size > HUGE_BODY && !read.coerce);
  if (typeof validate === 'string') return { uncompiled: validate };
  const { errors, value } = validate(read.value, budget);
  return { errors, got: (at) => shownValue(valueAt(value, at)), members: (at) => scalarMembers(valueAt(value, at)), coerce: read.coerce, more: 0 };
}

/**
 * A multipart body's fields of an object shape sent as JSON text, read as that JSON: OpenAPI's
 * Encoding Object makes `application/json` the default of a part of type object, so the request a
 * client made from the export sends one (T35u U6: `meta={"n":1}` was a 422 "expected an object").
 * Top-level fields of an inline shape only; text that is no JSON object, or nested past the mock's
 * bound, stays text and is refused by the shape.
 */
function jsonParts(value: Obj, schema: Obj): void {
  const properties = isObj(schema.properties) ? schema.properties : undefined;
  if (!properties) return;
  for (const [name, field] of Object.entries(properties)) {
    const sent = Object.hasOwn(value, name) ? value[name] : undefined;
    if (typeof sent !== 'string' || !isObj(field)) continue;
    const types = Array.isArray(field.type) ? field.type : [field.type];
    if (!types.includes('object') || types.includes('string')) continue;
    if (textTooBig(new TextEncoder().encode(sent), MAX_JSON_DEPTH, MAX_JSON_VALUES) !== undefined) continue;
    try {
      const parsed = JSON.parse(sent) as unknown;
      if (isObj(parsed)) setOwn(value, name, parsed);
    } catch {
      // No JSON: the text is checked as it came.
    }
  }
}

/**
 * What a body thread sends back of a `checkBody`: its errors as the answer shows them (the first
 * `MAX_PROBLEMS` past the unions' variants, each with what came at it), never the value itself,
 * which would cost this thread as much to receive as to parse.
 */
export function sendable(checked: BodyChecked): Exclude<BodyChecked, { errors: unknown }> | { errors: Array<ErrorObject & { got?: string }>; coerce: boolean; more: number } {
  if (!('errors' in checked)) return checked;
  const shown = shownErrors(checked.errors);
  const errors = shown.slice(0, MAX_PROBLEMS).map((e) => {
    const got = missingOf(e) === undefined ? checked.got(e.instancePath) : undefined;
    // A union's error carries the value's plain members: a discriminator among them picks the variant whose errors are shown.
    const members = isUnion(e) ? checked.members?.(e.instancePath) : undefined;
    return { ...e, ...(got !== undefined ? { got } : {}), ...(members !== undefined ? { members } : {}) };
  });
  return { errors, coerce: checked.coerce, more: shown.length - errors.length };
}

