import type { AreaModule } from '../areas/area.ts';
import { CONSTRAINTS, innerShapes, type Shape, type ShapeAt } from '../areas/shape.ts';
import type { Path } from '../facet/path.ts';
import { stated } from '../facet/state.ts';
import { markdownCode } from '../safety/markdown.ts';

/** Bounds whose smaller value lets fewer values through, and those whose greater value does. */
const UPPER = ['maximum', 'exclusive_maximum', 'max_length', 'max_items'] as const;
const LOWER = ['minimum', 'exclusive_minimum', 'min_length', 'min_items'] as const;

export const capital = (words: string) => `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
const numberIn = (v: unknown): number | undefined => {
  const s = stated(v);
  return typeof s === 'number' ? s : undefined;
};
const key = (path: Path) => JSON.stringify(path);

type Shapes = NonNullable<AreaModule['shapes']>;
type Item = Parameters<Shapes>[0];

/** The place inside a shape as a reader writes it: `.name` for a field, `[]` for an array's items, `{}` for a map's values. */
function suffix(inner: Path): string {
  let out = '';
  for (let i = 0; i < inner.length; i++) {
    const step = inner[i];
    if (step === 'items') out += '[]';
    else if (step === 'values') out += '{}';
    else if (step === 'fields') out += `.${String(inner[++i] ?? '')}`;
    else if (step === 'of') out += `.of[${String(inner[++i] ?? '')}]`;
  }
  return out;
}

/**
 * The key a shape's name gives it (its path's last segment), with the words before it, where the
 * area's module names it so, its key fenced by `markdownCode`: `words \`key\`` (`query parameter \`status\``, `field \`total\``) or a
 * body's header, `header key of the 201 response`. Read by exact comparison with the key, never by
 * looking for backticks, so a key that holds a backtick (``q`x``) is found whole.
 */
function keyed(outer: ShapeAt): { words: string; key: string; after: string } | undefined {
  const key = String(outer.path.at(-1) ?? '');
  const coded = ` ${markdownCode(key)}`;
  if (outer.name.endsWith(coded)) return { words: outer.name.slice(0, -coded.length), key, after: '' };
  const header = `header ${key} of `;
  if (outer.path.at(-2) === 'headers' && outer.name.startsWith(header)) return { words: 'header', key, after: ` of ${outer.name.slice(header.length)}` };
  return undefined;
}

/**
 * What a message calls a shape, or a shape inside it (`inner`): its key in one code span made by
 * `markdownCode`, the place inside it in the same span (`field \`lines[].sku\``, `header
 * \`Location\` of the 201 response`), or `field \`a\` in the request` where the outer name holds no
 * key of its own.
 */
export function nameOf(outer: ShapeAt, inner: Path = []): string {
  const rest = suffix(inner);
  const named = keyed(outer);
  if (named) return `${named.words} ${markdownCode(`${named.key}${rest}`)}${named.after}`;
  if (rest === '') return outer.name;
  return rest.startsWith('.') ? `field ${markdownCode(rest.slice(1))} in ${outer.name}` : `${markdownCode(rest)} in ${outer.name}`;
}

/**
 * Where a shape's allowed values are, as a message names them: a field of the item itself by its
 * dotted path from the item (`Order.status`, `Order.lines[].sku`), anything else as the bounds name
 * it (`query parameter \`status[]\` of \`list-orders\``).
 */
function allowedWhere(outer: ShapeAt, inner: Path, id: string): string {
  const named = keyed(outer);
  return named?.words === 'field' && named.after === '' ? markdownCode(`${id}.${named.key}${suffix(inner)}`) : `${nameOf(outer, inner)} of ${markdownCode(id)}`;
}

/** Allowed values as they read: text as written, other values as JSON (`"1"` and `1` stay apart). */
const allowedValues = (shape: Shape): string[] | undefined => stated(shape.allowed)?.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));

/** A set of allowed values that lets through less than before: values dropped, or a set stated where any value went. */
function narrowedAllowed(was: Shape, is: Shape, where: string): string | undefined {
  const [before, after] = [allowedValues(was), allowedValues(is)];
  if (!after) return undefined;
  if (!before) return `Allowed values of ${where} narrowed to ${after.map((v) => markdownCode(v)).join(', ')}.`;
  const dropped = before.filter((v) => !after.includes(v));
  return dropped.length > 0 ? `Allowed values of ${where} narrowed: ${dropped.map((v) => markdownCode(v)).join(', ')} no longer allowed.` : undefined;
}

/**
 * The bounds, patterns and allowed values narrowed on the shapes clients send (`ShapeAt.sent`: a
 * parameter, a request's body and headers, a resource's fields), inner shapes at any depth
 * included (an object's fields, an array's items, a map's values, a union's variants): a maximum
 * lowered or a minimum raised, one set where there was none, a pattern added or changed (a changed
 * pattern may refuse what the old one took), a multiple that no longer divides the old one, unique
 * items now required, an allowed value dropped. A value a client sent before may be refused now, so
 * each breaks clients; `say` gets the constraint's path as the item has it after the change
 * (`moved`: a path parameter renamed with its address is the one it became).
 */
export function narrowedBounds(shapes: Shapes, before: Item, after: Item, id: string, say: (message: string, at: Path) => void, moved: (path: Path) => Path = (path) => path): void {
  const now = new Map(shapes(after).filter((s) => s.sent).map((s) => [key(s.path), s]));
  for (const outer of shapes(before)) {
    const next = outer.sent ? now.get(key(moved(outer.path))) : undefined;
    if (!next) continue;
    const inner = new Map([...innerShapes(next.shape, [], '')].map((s) => [key(s.path), s.shape]));
    for (const { shape: was, path } of innerShapes(outer.shape, [], '')) {
      const is = inner.get(key(path));
      // A value set by the service only is never sent.
      if (!is || stated(is.read_only) === true) continue;
      const where = `${nameOf(next, path)} of ${markdownCode(id)}`;
      for (const [message, constraint] of narrowings(was, is)) say(message(where), [...next.path, ...path, constraint]);
      const allowed = narrowedAllowed(was, is, allowedWhere(next, path, id));
      if (allowed !== undefined) say(allowed, [...next.path, ...path, 'allowed']);
    }
  }
}

/** Each constraint of `is` that lets through less than `was` did, with its words (given where the shape is). */
function narrowings(was: Shape, is: Shape): Array<[(where: string) => string, string]> {
  const out: Array<[(where: string) => string, string]> = [];
  const bound = (k: (typeof UPPER)[number] | (typeof LOWER)[number], narrower: (b: number, a: number) => boolean, verb: string) => {
    const [b, a] = [numberIn(was[k]), numberIn(is[k])];
    if (a === undefined) return;
    const what = capital(CONSTRAINTS[k].what);
    // A new minimum length or count of 0 lets everything through.
    if (b === undefined && !(a === 0 && (k === 'min_length' || k === 'min_items'))) out.push([(where) => `${what} of ${where} set to ${a} (there was none).`, k]);
    else if (b !== undefined && narrower(b, a)) out.push([(where) => `${what} of ${where} ${verb} from ${b} to ${a}.`, k]);
  };
  for (const k of UPPER) bound(k, (b, a) => a < b, 'lowered');
  for (const k of LOWER) bound(k, (b, a) => a > b, 'raised');
  const [wasPattern, isPattern] = [stated(was.pattern), stated(is.pattern)];
  if (isPattern !== undefined && wasPattern === undefined) out.push([(where) => `Pattern ${markdownCode(isPattern)} added to ${where}.`, 'pattern']);
  else if (isPattern !== undefined && wasPattern !== undefined && isPattern !== wasPattern) {
    out.push([(where) => `Pattern of ${where} changed from ${markdownCode(wasPattern)} to ${markdownCode(isPattern)}: a value the old one accepted may be refused.`, 'pattern']);
  }
  const [wasMultiple, isMultiple] = [numberIn(was.multiple_of), numberIn(is.multiple_of)];
  if (isMultiple !== undefined && (wasMultiple === undefined || !Number.isInteger(wasMultiple / isMultiple))) {
    out.push([(where) => (wasMultiple === undefined ? `${capital(where)} must now be a multiple of ${isMultiple}.` : `Multiple of ${where} changed from ${wasMultiple} to ${isMultiple}.`), 'multiple_of']);
  }
  if (stated(is.unique_items) === true && stated(was.unique_items) !== true) out.push([(where) => `Unique items now required of ${where}.`, 'unique_items']);
  return out;
}
