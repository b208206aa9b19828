import { flagThrough, isResourceType } from '../areas/shape.ts';
import { wireValue } from '../areas/discriminator-value.ts';
import { isObj, stated, statedData, statedObj, type Obj } from '../facet/state.ts';
import { linearPattern, patternMatcher } from '../checks/shapes.ts';
import { patternCandidates } from './pattern-example.ts';

/**
 * Example values generated from shapes, for reference pages. A generated example is marked as
 * such wherever it is shown; a stated example (named or not) or default always wins over anything made up, and a
 * field whose type is not stated yet is left out rather than guessed.
 */

/** Whether the example is of something sent (read-only fields left out) or received (write-only left out). */
export type ExampleMode = 'request' | 'response';

export interface ExampleContext {
  /** A resource's data by id (its `fields`, or the `value` shape it is), when the spec has it. */
  resource(id: string): Obj | undefined;
  /**
   * The resources that are `all_of` a base resource (its subtypes by OpenAPI's rule), when the
   * caller can list them: an example of a base whose discriminator states no mapping is then one
   * of them. Without it, such a base's example is the base's own fields.
   */
  subtypes?(base: string): readonly string[];
  /**
   * Whether a value fits a shape, when the caller can tell: a `one_of`'s example is then one that
   * only one variant takes. Without it, a `one_of`'s example is its first variant's.
   */
  fits?(shape: unknown, value: unknown): boolean;
  /**
   * Only the required fields of objects are made (the mock's second try, when the budget left a
   * required field out: a body of them alone may fit where one with the optional fields does not).
   */
  lean?: boolean;
}

/**
 * At most this many values in one example, so that a large schema cannot swell a page: Azure's
 * application gateway, 14 levels of resources deep, takes some 400.
 */
const BUDGET = 1_500;
/**
 * And at most about this many bytes of JSON (names and values), so that long names cannot swell a
 * page either: the page writes the example again in each code sample, so 1,500 values of 120-character
 * names made 1.9 MB of examples and samples on one page (t3132g). Azure's gateway takes some 17 KB.
 */
const BYTES = 32_000;
/** The byte budget of a generated example, for what must stay in step with it (`SAMPLE_BYTES`). */
export const EXAMPLE_BYTES = BYTES;
/** Its budget of values, for what must say it (the mock's refusal of a body past it). */
export const EXAMPLE_VALUES = BUDGET;
/** Nesting deeper than this is cut short (a resource recurses only through others, which `seen` stops). */
const DEPTH = 40;
/** The same, for what must say it (the mock's refusal of a body past it). */
export const EXAMPLE_DEPTH = DEPTH;

/** A value left out because the budget or the depth ran out: its field is left out, never shown hollow (`{}`, `[]`). */
const CUT = Symbol('cut');
/** In `seen`: a resource made again below itself, through a required field (a cycle is cut at optional fields first). */
const AGAIN = '\u0000again:';

/**
 * Required fields an example leaves out, at one place (`at`: the path of the object that lacks
 * them, empty at the top): a cycle of types (`types`, the ones that would repeat), the budget of
 * values and bytes, the depth, or nothing stated of them that makes a value. The pages say it
 * under the example and the code samples in a comment (`exampleCutWords`).
 */
export type ExampleCut = { at: string; why: 'cycle' | 'budget' | 'depth' | 'unmade' | 'pattern' | 'inside' | 'unique' | 'items'; names: string[]; types?: string[]; patterns?: string[] };

const SCALARS: ReadonlySet<string> = new Set(['string', 'integer', 'number', 'boolean']);
/** What a shape may state of its values without a type: a part of an `all_of` that only narrows another. */
const LIMITS = ['allowed', 'format', 'pattern', 'min_length', 'max_length', 'minimum', 'maximum', 'exclusive_minimum', 'exclusive_maximum', 'multiple_of'];

/** The names of the fields an object's fields mark required. */
const namesRequired = (fields: Obj | undefined): string[] => Object.entries(fields ?? {}).filter(([, f]) => isObj(f) && stated(f.required) === true).map(([n]) => n);

const FORMATS: Record<string, unknown> = {
  'date-time': '2024-01-01T00:00:00Z',
  date: '2024-01-01',
  time: '00:00:00Z',
  uuid: '00000000-0000-0000-0000-000000000000',
  email: 'user@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  hostname: 'example.com',
  // JSON Schema's internationalized forms: their ASCII examples are of the format too (t35t D1: the mock sent `"string"`).
  'idn-email': 'user@example.com',
  'idn-hostname': 'example.com',
  iri: 'https://example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  byte: 'U3BlY2JlbmNo',
  duration: 'PT1H',
};

/** An example of a shape (or a type name), or undefined when nothing about it is stated that an example could show. */
export function exampleOf(shape: unknown, ctx: ExampleContext, mode: ExampleMode): { value: unknown; cuts?: ExampleCut[] } | undefined {
  const made = exampleOrCuts(shape, ctx, mode);
  return made && 'value' in made ? made : undefined;
}

/**
 * An example of a shape, as `exampleOf` makes it; where none is made because what its shape
 * requires was left out (a required field whose pattern no text was made for, at any depth: r14 H4),
 * the cuts that say why, so that a body with no example says why (the pages, the code samples).
 * The required fields come first at every level: where a walk with the optional fields leaves a
 * required one out for the budget, the optional ones get only what the required ones leave of it
 * (T32u N-g: the optional fields deep under the first required field spent the budget, and a
 * required top-level field was cut where a valid example fitted).
 */
export function exampleOrCuts(shape: unknown, ctx: ExampleContext, mode: ExampleMode): { value: unknown; cuts?: ExampleCut[] } | { cuts: ExampleCut[] } | undefined {
  const full = makeExample(shape, ctx, mode);
  if (ctx.lean === true || !full.cuts.some((c) => c.why === 'budget')) return full.result;
  // What the required fields alone take; the optional ones get the rest.
  const lean = makeExample(shape, ctx, mode, { lean: true });
  if (lean.cuts.some((c) => c.why === 'budget')) return full.result;
  return makeExample(shape, ctx, mode, { spare: lean.left }).result;
}

/**
 * One walk making an example: `lean`, of the required fields alone; `spare`, the values and bytes
 * the optional fields (and all below them) may take together, so that the required ones keep theirs.
 */
function makeExample(
  shape: unknown,
  ctx: ExampleContext,
  mode: ExampleMode,
  how: { lean?: boolean; spare?: { values: number; bytes: number } } = {},
): { result: { value: unknown; cuts?: ExampleCut[] } | { cuts: ExampleCut[] } | undefined; cuts: ExampleCut[]; left: { values: number; bytes: number } } {
  let budget = BUDGET;
  let bytes = BYTES;
  const lean = ctx.lean === true || how.lean === true;
  /** What the optional fields may still take (unbounded but by the whole budget without `spare`). */
  let spareValues = how.spare?.values ?? Infinity;
  let spareBytes = how.spare?.bytes ?? Infinity;
  /** How many optional fields the walk is inside. */
  let optional = 0;
  /** Whether an optional field was refused for what is spare. */
  let spareOut = false;
  /** Spends values and bytes; false where the budget (or, inside an optional field, what is spare of it) has run out. */
  const spend = (values: number, size: number): boolean => {
    // What is spare is not spent past: an optional field refused for it leaves the rest for the required ones.
    if (optional > 0 && (spareValues - values < 0 || spareBytes - size < 0) && budget - values >= 0 && bytes - size >= 0) {
      spareOut = true;
      return false;
    }
    budget -= values;
    bytes -= size;
    if (optional > 0) {
      spareValues -= values;
      spareBytes -= size;
    }
    return budget >= 0 && bytes >= 0;
  };
  /** Whether only what is spare for the optional fields has run out, not the budget: an optional field left out for it leaves its object as the required fields alone make it. */
  const spareOnly = () => budget >= 0 && bytes >= 0 && spareOut;
  /** The required fields left out so far, and where the walk is (the names and items above it). */
  const cuts: ExampleCut[] = [];
  const trail: string[] = [];
  /** Why the last value cut short was (it ends the walk at once, so the field above it reads it). */
  let why: { why: ExampleCut['why']; type?: string; pattern?: string; at?: string } = { why: 'budget' };
  const made = walk(shape, 0, new Set());
  const left = { values: Math.max(0, budget), bytes: Math.max(0, bytes) };
  if (made === CUT || made === undefined) {
    // Nothing made at the top: what was left out there says why (a top that is itself a text is said by its page;
    // a list that is, by its own cut).
    if (made === CUT && cuts.length === 0 && (why.why === 'unique' || why.why === 'items')) cuts.push({ at: '', why: why.why, names: [] });
    return { result: made === CUT && cuts.length > 0 ? { cuts: merged(cuts) } : undefined, cuts, left };
  }
  return { result: cuts.length > 0 ? { value: made.value, cuts: merged(cuts) } : made, cuts, left };
  /** A value cut short, and why. */
  function cutFor(reason: ExampleCut['why'], type?: string): typeof CUT {
    why = type !== undefined ? { why: reason, type } : { why: reason };
    return CUT;
  }
  /** What a try made, with the cuts it recorded taken back out (to keep them only for the try that is kept). */
  function attempt<T>(make: () => T): { made: T; kept: ExampleCut[] } {
    const mark = cuts.length;
    const made = make();
    return { made, kept: cuts.splice(mark) };
  }
  /**
   * A stated value (an example, a default), counted in the budget as the values and bytes it
   * writes: t32i's 600-item default on 80 fields made 48,000 values and ten 50 KB field examples a
   * 5 MB example, each taken whole as one value. One the budget cannot hold is not taken (a value
   * is made from the shape instead); the shape's own stated value (at the top) is shown as stated.
   */
  function given(value: unknown, depth: number): { value: unknown } | undefined {
    if (depth === 0) return { value };
    const values = valuesIn(value) - 1;
    const size = (JSON.stringify(value) ?? '').length;
    if (budget - values < 0 || bytes - size < 0 || (optional > 0 && (spareValues - values < 0 || spareBytes - size < 0))) return undefined;
    spend(values, size);
    return { value };
  }
  /**
   * `self`: the resource whose value this shape is, when it is one (a variant that is `all_of` its
   * base); `part`: the shape is a part of an `all_of`, so a base it names is made as itself, not as
   * one of its variants.
   */
  function walk(s: unknown, depth: number, seen: ReadonlySet<string>, self?: string, part = false, need = false): { value: unknown } | undefined | typeof CUT {
    if (!spend(1, 0)) return cutFor('budget');
    if (depth > DEPTH) return cutFor('depth');
    const v: Obj = typeof s === 'string' ? { type: s } : isObj(s) ? s : {};
    const examples = stated(v.examples);
    const example = Array.isArray(examples) && examples.length > 0 ? given(examples[0], depth) : undefined;
    if (example) return example;
    // A parameter's or header's named examples are stated examples too: the first with a value.
    const named = isObj(v.named_examples) ? Object.values(v.named_examples).find((e) => isObj(e) && 'value' in e) : undefined;
    const namedValue = isObj(named) ? given(named.value, depth) : undefined;
    if (namedValue) return namedValue;
    const fallback = statedData(v.default) !== undefined ? given(v.default, depth) : undefined;
    if (fallback) return fallback;
    const allowed = stated(v.allowed);
    // The first allowed value that keeps to the stated lengths, where one does (`allowed: ["", " "], min_length: 1`: `" "`).
    // Where the context can tell, the first that fits the rest of the shape too (`allowed: [a, b], pattern: "^b$"`: `b`, t35s N6).
    if (Array.isArray(allowed) && allowed.length > 0) return { value: (ctx.fits ? allowed.find((a) => keepsLengths(v, a) && ctx.fits?.(v, a) === true) : undefined) ?? allowed.find((a) => keepsLengths(v, a)) ?? allowed[0] };
    const type = stated(v.type);
    const fields = statedObj(v.fields);
    if (typeof type !== 'string') return fields ? object(fields, depth, seen) : undefined;
    switch (type) {
      case 'string': {
        // A pattern no string was made for: the field is left out and that said, never sent with a text its pattern refuses (t32t S6).
        const text = stringFor(v);
        if (text !== undefined) return { value: text };
        why = { why: 'pattern', pattern: String(stated(v.pattern)), at: place(trail) };
        return CUT;
      }
      case 'integer':
      case 'number':
        return { value: numberWithin(v, type === 'integer') };
      case 'boolean':
        return { value: true };
      case 'null':
        return { value: null };
      case 'object':
        return object(fields ?? {}, depth, seen);
      case 'array': {
        // Items of a list that may be empty are never required: a cycle through them is cut there (an empty list where the list is required).
        const least = stated(v.min_items);
        const some = typeof least === 'number' && least > 0;
        // More items than an example makes: the list is left out and that said, never sent short of its `min_items` (T32v M-7).
        if (typeof least === 'number' && least > EXAMPLE_ITEMS) {
          why = { why: 'items', at: place(trail) };
          return CUT;
        }
        trail.push('[0]');
        const item = walk(stated(v.items), depth + 1, seen, undefined, false, need && some);
        trail.pop();
        if (item === CUT) return need && !some && why.why === 'cycle' ? { value: [] } : CUT;
        // Items it cannot make, while it must have some: left out, as an untyped field is, never sent as `[]` against its own `min_items` (t32l #8: a 3.1 tuple).
        if (!item) return some ? undefined : { value: [] };
        const items = itemsFor(v, item.value, itemShape(stated(v.items), seen), ctx.fits);
        if (items !== undefined) return { value: items };
        // A unique list with fewer different values made than it must hold: left out and that said, never sent with an item its shape refuses or one repeated (T32v H-1).
        why = { why: 'unique', at: place(trail) };
        return CUT;
      }
      case 'map': {
        trail.push('key');
        const value = walk(stated(v.values), depth + 1, seen);
        trail.pop();
        // A required map cut at a cycle is empty, which it may be.
        if (value === CUT) return need && why.why === 'cycle' ? { value: {} } : CUT;
        return { value: value ? { key: value.value } : {} };
      }
      case 'one_of':
      case 'any_of': {
        // A value of exactly one variant (one that fits two is no one_of's value). The variants are tried in order, the first
        // made whole (nothing it requires left out) and, for a one_of, taken by its own variant only, kept; else the first
        // made whole, else the first made, else the first's cut (T32v M-6: a first variant that could not be made gave up the rest).
        const of = stated(v.of);
        if (!Array.isArray(of) || of.length === 0) return undefined;
        const fits = type === 'one_of' && of.length > 1 ? ctx.fits : undefined;
        const only = (x: unknown, i: number) => fits === undefined || of.every((o, j) => j === i || !fits(o, x));
        let best: { made: { value: unknown } | undefined | typeof CUT; kept: ExampleCut[]; why: typeof why; score: number } | undefined;
        for (let i = 0; i < of.length; i++) {
          const next = attempt(() => told(v, of[i], walk(of[i], depth + 1, seen, undefined, false, need)));
          const made = next.made;
          const whole = made !== undefined && made !== CUT && next.kept.length === 0;
          const score = made === undefined || made === CUT ? 0 : !whole ? 1 : only(made.value, i) ? 3 : 2;
          if (!best || score > best.score) best = { ...next, why, score };
          if (score === 3) break;
        }
        if (!best) return undefined;
        why = best.why;
        cuts.push(...best.kept);
        return best.made;
      }
      case 'all_of': {
        const of = stated(v.of);
        return Array.isArray(of) ? allOf(of, depth, seen, self, need) : undefined;
      }
      default: {
        if (!isResourceType(type)) return undefined;
        // A resource inside itself: left out, as the budget leaves things out (a list of it is not shown as `[]`).
        // A cycle is cut at an optional field: a required one is made once more, its own optional fields cut (t32r N6:
        // Telegram's `Chat.pinned_message` is a `Message`, whose required `chat` is a `Chat`); a cycle of required fields is cut, and said.
        let again = seen;
        if (seen.has(type)) {
          if (!need) return cutFor('cycle', type);
          // A required field that may be null is null there.
          if (stated(v.nullable) === true) return { value: null };
          if (seen.has(AGAIN + type)) return cutFor('cycle', type);
          again = new Set(seen).add(AGAIN + type);
        }
        const resource = ctx.resource(type);
        if (!resource) return undefined;
        // A base told apart by a discriminator, its variants known: an example is one of them, the discriminator carrying its value.
        const variant = part ? undefined : variantOf(type, again);
        if (variant !== undefined) {
          const x = attempt(() => walk(variant, depth + 1, again, undefined, false, need));
          if (x.made && x.made !== CUT) {
            cuts.push(...x.kept);
            return x.made;
          }
        }
        const next = new Set(again).add(type);
        const value = stated(resource.value);
        if (isObj(value)) return walk(value, depth + 1, next, type, false, need);
        return object(statedObj(resource.fields) ?? {}, depth, next);
      }
    }
  }
  /**
   * A value that is all of the parts: the fields of all of them where each part is an object; the
   * one value of a part that is not (a `SeId` string that an `all_of` wraps to add a description);
   * for several such parts, one made from what they state together when they are of one scalar
   * type. Objects beside a scalar, or scalars of different types: no value is both, so none is made.
   * Where `self` is a variant of a part's discriminator (it is `all_of` the base), the
   * discriminator's field carries the variant's value: the mapping's, or by OpenAPI's rule its name.
   */
  function allOf(of: readonly unknown[], depth: number, seen: ReadonlySet<string>, self: string | undefined, need: boolean): { value: unknown } | undefined | typeof CUT {
    // Parts that are all objects of fields: one object of their fields merged, each field as all the
    // parts state it together (ix-api's `ConfigPartial` states `vlan`'s example and bounds, a later
    // part only that it is required: its value is the example, never one made from the later part alone).
    // Each field is made inside the resources of the parts that gave it, not of all the parts: a
    // part met again below another part's field is not recursion (Spotify's saved albums: a page
    // `all_of [Paging, …]` of albums whose tracks are `all_of [Paging, …]` lost the inner `total`).
    const via = new Map<string, Set<string>>();
    const fields = mergedFields(of, seen, 0, via);
    if (fields !== undefined) {
      const made = object(fields, depth, seen, via);
      if (made === CUT) return CUT;
      if (self !== undefined) discriminate(made.value, of, seen, self);
      return made;
    }
    let cut = false;
    const values: unknown[] = [];
    /** Each part that made a value, with it. */
    const madeBy: Array<{ part: unknown; value: unknown }> = [];
    /** The parts that made no value: a description beside the `$ref`, or constraints without a type. */
    const silent: unknown[] = [];
    for (const part of of) {
      const x = walk(part, depth + 1, seen, undefined, true, need);
      if (x === CUT) cut = true;
      else if (x) {
        values.push(x.value);
        madeBy.push({ part, value: x.value });
      } else silent.push(part);
    }
    if (values.length === 0) return cut ? CUT : undefined;
    if (values.every(isObj)) {
      const merged = oneVariant(Object.assign({}, ...values) as Obj, madeBy, seen);
      if (self !== undefined) discriminate(merged, of, seen, self);
      return { value: merged };
    }
    if (values.some(isObj) || cut) return undefined;
    const [first] = values;
    const constrains = (part: unknown) => isObj(part) && LIMITS.some((k) => k in part);
    if (values.every((x) => JSON.stringify(x) === JSON.stringify(first)) && !silent.some(constrains)) return { value: first };
    // Scalar parts that make different values, or limits beside one: a value made from all they state, when they state one scalar type.
    const shapes = of.map((part) => scalarShape(part, seen));
    if (shapes.some((x) => x === undefined)) return undefined;
    const types = new Set(shapes.map((x) => stated(x?.type)).filter((t) => t !== undefined));
    const [type] = types;
    if (types.size !== 1 || typeof type !== 'string' || !SCALARS.has(type)) return undefined;
    const together: Obj = Object.assign({}, ...shapes.map((x) => ({ ...x, examples: undefined, named_examples: undefined, default: undefined })), { type });
    delete together.default;
    // Values allowed by every part that lists them (none in common: no value is all of them).
    const lists = shapes.map((x) => stated(x?.allowed)).filter((a): a is unknown[] => Array.isArray(a));
    if (lists.length > 0) {
      const common = lists.reduce((a, b) => a.filter((x) => b.some((y) => JSON.stringify(y) === JSON.stringify(x))));
      if (common.length === 0) return undefined;
      together.allowed = common;
    }
    const made = walk(together, depth + 1, seen, undefined, false, need);
    return made === CUT ? undefined : made;
  }
  /**
   * An object made of the parts of an `all_of` one of which is a `one_of` (influx's `DBRP`: its
   * properties beside a `oneOf` of two lists of required names, "`org` or `orgID`", t32s R5): the
   * other parts' optional fields may make it a value of two variants, which no `one_of` takes. A
   * field the variant made does not hold, that only other parts gave, is left out where that makes
   * the value fit fewer of the variants and it still fits every other part (a field another part
   * requires stays); so the value is one variant's, with the other's fields left out. A variant
   * takes a value that has the fields it requires, and, where the context can tell, of its types.
   */
  function oneVariant(merged: Obj, madeBy: ReadonlyArray<{ part: unknown; value: unknown }>, seen: ReadonlySet<string>): Obj {
    const fits = ctx.fits ?? (() => true);
    let value = merged;
    for (const { part, value: own } of madeBy) {
      const of = oneOfVariants(part, seen);
      if (of === undefined || !isObj(own)) continue;
      // A variant takes a value of its types that has the fields it requires (`fits` passes over fields left out: examples are often partial).
      const required = of.map((variant) => requiredNames(variant, seen));
      const fitting = (x: Obj) => of.filter((variant, i) => fits(variant, x) && (required[i] ?? []).every((n) => Object.hasOwn(x, n))).length;
      let count = fitting(value);
      if (count <= 1) continue;
      const kept = new Set(madeBy.filter((m) => m.part !== part).flatMap((m) => requiredNames(m.part, seen)));
      for (const name of Object.keys(value)) {
        if (Object.hasOwn(own, name) || kept.has(name)) continue;
        const { [name]: _left, ...without } = value;
        const fewer = fitting(without);
        if (fewer === 0 || fewer >= count) continue;
        value = without;
        count = fewer;
        if (count === 1) break;
      }
    }
    return value;
  }
  /** The names of the fields a shape requires: an object's, a resource's (its value's), an `all_of`'s parts' together; none for anything else. */
  function requiredNames(shape: unknown, seen: ReadonlySet<string>, level = 0): string[] {
    if (level > DEPTH) return [];
    const name = partName(shape);
    if (name !== undefined) {
      if (seen.has(name)) return [];
      const resource = ctx.resource(name);
      const value = stated(resource?.value);
      return isObj(value) ? requiredNames(value, new Set(seen).add(name), level + 1) : namesRequired(statedObj(resource?.fields));
    }
    if (!isObj(shape)) return [];
    const of = stated(shape.of);
    if (stated(shape.type) === 'all_of') return Array.isArray(of) ? of.flatMap((part) => requiredNames(part, seen, level + 1)) : [];
    return namesRequired(statedObj(shape.fields));
  }
  /** The variants of a part of an `all_of` that is a `one_of` (in place, or the value of the resource it names); undefined for any other part. */
  function oneOfVariants(part: unknown, seen: ReadonlySet<string>): unknown[] | undefined {
    const name = partName(part);
    const shape = name !== undefined ? (seen.has(name) ? undefined : stated(ctx.resource(name)?.value)) : part;
    if (!isObj(shape) || stated(shape.type) !== 'one_of') return undefined;
    const of = stated(shape.of);
    return Array.isArray(of) && of.length > 1 ? of : undefined;
  }
  /**
   * A union's variant made, its discriminator's field carrying the value that means it
   * (`wireValue`): the mapping's where the variant allows it, else one it allows, else by OpenAPI's rule the variant's name (t32i: a `oneOf` of `Cat` and `Dog` told apart
   * by `petType`, with no mapping, sent `"petType": "string"`).
   */
  function told(union: Obj, variant: unknown, made: { value: unknown } | undefined | typeof CUT): { value: unknown } | undefined | typeof CUT {
    const by = stated(union.discriminator);
    const name = partName(variant);
    if (!made || made === CUT || !isObj(made.value) || !isObj(by) || typeof by.field !== 'string' || name === undefined || !Object.hasOwn(made.value, by.field)) return made;
    const mapping = isObj(by.mapping) ? by.mapping : {};
    // A variant that is itself a union: the mapping may name the variant of it that was made (t32l #6: `inner-x` to `LX`, a variant of `LInner`, sent `LInner`).
    const mapped = new Set(Object.values(mapping));
    const target = madeVariants(name, made.value).find((t) => mapped.has(t)) ?? name;
    // A discriminator's value is text: a field made of another type (an integer `status`) keeps the value made for it (t32r N12: `"status": "Done"`).
    if (typeof made.value[by.field] !== 'string') return made;
    return { value: { ...made.value, [by.field]: wireValue((t) => ctx.resource(t), target, by.field, mapping) } };
  }
  /**
   * A variant, and where it is a union told apart by a field of its own, the variant of it a value
   * is (by that field's value: its mapping's type, or by OpenAPI's rule the variant so named), and so on down.
   */
  function madeVariants(name: string, value: Obj): string[] {
    const chain = [name];
    for (let level = 0; level < DEPTH; level++) {
      const shape = stated(ctx.resource(chain[chain.length - 1] ?? '')?.value);
      const by = isObj(shape) && (stated(shape.type) === 'one_of' || stated(shape.type) === 'any_of') ? stated(shape.discriminator) : undefined;
      const of = isObj(shape) ? stated(shape.of) : undefined;
      const sent = isObj(by) && typeof by.field === 'string' ? value[by.field] : undefined;
      if (!isObj(by) || typeof sent !== 'string' || !Array.isArray(of)) break;
      const type = isObj(by.mapping) ? stated(by.mapping[sent]) : undefined;
      const next = typeof type === 'string' ? type : sent;
      if (!of.some((v) => partName(v) === next) || chain.includes(next)) break;
      chain.push(next);
    }
    return chain.reverse();
  }
  /** Where `self` is a variant of a part's discriminator, its field carries the variant's value: the mapping's, the one it fixes, or by OpenAPI's rule its name. */
  function discriminate(merged: Obj, of: readonly unknown[], seen: ReadonlySet<string>, self: string, level = 0): void {
    if (level > DEPTH) return;
    for (const part of of) {
      const told = discriminatorOf(part, seen);
      if (told && Object.hasOwn(merged, told.field) && typeof merged[told.field] === 'string') merged[told.field] = wireValue((t) => ctx.resource(t), self, told.field, told.mapping);
      // A base further up the chain of parts (Azure's `AacAudio`, `all_of` `Audio`, `all_of` `Codec`): its field carries this variant's value too.
      const name = told ? undefined : partName(part);
      const value = name !== undefined && !seen.has(name) ? stated(ctx.resource(name)?.value) : undefined;
      const up = isObj(value) && stated(value.type) === 'all_of' ? stated(value.of) : undefined;
      if (Array.isArray(up) && name !== undefined) discriminate(merged, up, new Set(seen).add(name), self, level + 1);
    }
  }
  /**
   * The fields of an `all_of` whose parts are all objects of fields (resources named, objects in
   * place, `all_of`s of them; a part stating nothing but words is passed over), each field's
   * shape merged over the parts in order; undefined when a part is anything else (a scalar, a
   * union, a resource inside itself), so that the parts are made one by one.
   */
  function mergedFields(of: readonly unknown[], seen: ReadonlySet<string>, level: number, via?: Map<string, Set<string>>, names?: Set<string>): Obj | undefined {
    if (level > DEPTH) return undefined;
    const out: Obj = {};
    let any = false;
    for (const part of of) {
      const through = new Set<string>();
      const fields = partFields(part, seen, level, through);
      if (fields === 'silent') continue;
      if (fields === undefined) return undefined;
      any = true;
      for (const n of through) names?.add(n);
      for (const [name, f] of Object.entries(fields)) {
        out[name] = name in out ? mergedShape(out[name], f) : f;
        via?.set(name, new Set([...(via.get(name) ?? []), ...through]));
      }
    }
    return any ? out : undefined;
  }
  /** The fields a part of an `all_of` holds; `silent` for a part that states no type, fields or values (a description beside the others). `through` hears the resources the part names, on the way to its fields. */
  function partFields(part: unknown, seen: ReadonlySet<string>, level: number, through: Set<string>): Obj | 'silent' | undefined {
    const name = partName(part);
    if (name !== undefined) {
      if (seen.has(name)) return undefined;
      through.add(name);
      const resource = ctx.resource(name);
      if (!resource) return undefined;
      const value = stated(resource.value);
      if (isObj(value)) return partFields(value, new Set(seen).add(name), level + 1, through);
      return statedObj(resource.fields) ?? undefined;
    }
    if (!isObj(part)) return undefined;
    const type = stated(part.type);
    const fields = statedObj(part.fields);
    if (type === 'all_of') {
      const inner = stated(part.of);
      return Array.isArray(inner) ? mergedFields(inner, seen, level + 1, undefined, through) : undefined;
    }
    if (type === 'object' || (type === undefined && fields)) return part.items === undefined && part.values === undefined && part.of === undefined ? (fields ?? {}) : undefined;
    if (type !== undefined || part.examples !== undefined || part.allowed !== undefined || part.default !== undefined || part.items !== undefined || part.values !== undefined || part.of !== undefined || LIMITS.some((k) => k in part)) return undefined;
    return 'silent';
  }
  /** A list's items as the shape they state: the value or fields of the resource they name, with what is stated beside the name; undefined where none is read. */
  function itemShape(items: unknown, seen: ReadonlySet<string>, level = 0): Obj | undefined {
    if (level > DEPTH) return undefined;
    const name = partName(items);
    if (name === undefined) return typeof items === 'string' ? { type: items } : isObj(items) ? items : undefined;
    if (seen.has(name)) return undefined;
    const resource = ctx.resource(name);
    if (!resource) return undefined;
    const { type: _named, ...beside } = isObj(items) ? items : {};
    const value = stated(resource.value);
    if (isObj(value)) {
      const inner = itemShape(value, new Set(seen).add(name), level + 1);
      return inner === undefined ? undefined : { ...inner, ...beside };
    }
    return { type: 'object', fields: statedObj(resource.fields) ?? {}, ...beside };
  }
  /** The resource a part of an `all_of` names: a type name, or a shape whose type is one. */
  function partName(part: unknown): string | undefined {
    const name = typeof part === 'string' ? part : isObj(part) ? stated(part.type) : undefined;
    return typeof name === 'string' && isResourceType(name) ? name : undefined;
  }
  /** A part of an `all_of` as the shape it states: itself, or the value of the resource it names; undefined when it is of fields or names none. */
  function scalarShape(part: unknown, seen: ReadonlySet<string>): Obj | undefined {
    const name = typeof part === 'string' ? part : isObj(part) && typeof stated(part.type) === 'string' && isResourceType(String(stated(part.type))) ? String(stated(part.type)) : undefined;
    if (name === undefined) return typeof part === 'string' ? { type: part } : isObj(part) ? part : undefined;
    if (!isResourceType(name) || seen.has(name)) return undefined;
    const value = stated(ctx.resource(name)?.value);
    if (!isObj(value) || stated(value.type) === 'all_of') return undefined;
    // What the part states beside the name it gives (a limit, a description) narrows the resource's value.
    const { type: _named, ...beside } = isObj(part) ? part : {};
    return { ...value, ...beside };
  }
  /**
   * The first variant of a base resource that states a discriminator: the first its mapping names,
   * else (no mapping) the first of its subtypes the context lists; only a variant that is `all_of`
   * the base (so its example carries the base's fields), and none inside itself.
   */
  function variantOf(base: string, seen: ReadonlySet<string>): string | undefined {
    const told = discriminatorOf(base, seen);
    if (!told) return undefined;
    const mapped = Object.values(told.mapping).filter((t): t is string => typeof t === 'string');
    const candidates = mapped.length > 0 ? mapped : (ctx.subtypes?.(base) ?? []);
    return candidates.find((t) => {
      if (!isResourceType(t) || t === base || seen.has(t)) return false;
      const value = stated(ctx.resource(t)?.value);
      const of = isObj(value) && stated(value.type) === 'all_of' ? stated(value.of) : undefined;
      return Array.isArray(of) && of.some((p) => p === base || (isObj(p) && stated(p.type) === base));
    });
  }
  /** The discriminator of the resource a part of an `all_of` names (its base), when it states one. */
  function discriminatorOf(part: unknown, seen: ReadonlySet<string>): { field: string; mapping: Obj } | undefined {
    const name = typeof part === 'string' ? part : isObj(part) ? stated(part.type) : undefined;
    if (typeof name !== 'string' || !isResourceType(name) || seen.has(name)) return undefined;
    const data = ctx.resource(name);
    const value = stated(data?.value);
    const told = stated(isObj(value) ? value.discriminator : data?.discriminator);
    if (!isObj(told) || typeof told.field !== 'string') return undefined;
    return { field: told.field, mapping: isObj(told.mapping) ? told.mapping : {} };
  }
  /**
   * An object of the fields that have an example; cut short (left out) when fields it has were all cut, never shown as `{}`. `via`: the resources each field of an `all_of` is inside.
   * The required fields are made first and the optional ones after, while the budget lasts, each written in its stated place:
   * 700 optional fields before a required `id` spent the budget and left `id` out (t35s N4). With the context's `lean`, the optional ones are left out.
   */
  function object(fields: Obj, depth: number, seen: ReadonlySet<string>, via?: ReadonlyMap<string, ReadonlySet<string>>): { value: Obj } | typeof CUT {
    let cut = false;
    /** Fields the mode leaves out (read-only in a request): a nested object of nothing else is left out too, never sent as `{}` (t32l #7). */
    let hidden = false;
    const needed = (f: unknown) => isObj(f) && stated(f.required) === true;
    const travelling: Array<[string, unknown]> = [];
    for (const [name, f] of Object.entries(fields)) {
      // Its own flag, or its named type's (a field of a read-only `DagState` is not sent either).
      if (flagThrough(f, mode === 'request' ? 'read_only' : 'write_only', ctx.resource) === true) hidden = true;
      else travelling.push([name, f]);
    }
    const order = [...travelling.filter(([, f]) => needed(f)), ...(lean ? [] : travelling.filter(([, f]) => !needed(f)))];
    /** What each field made, and the cuts below it (said in the fields' stated order). */
    const made = new Map<string, unknown>();
    const below = new Map<string, ExampleCut[]>();
    let past: string[] = [];
    /** Why the fields left out were (the first required one's, else the first one's): what the field above says of this object, where it is left out for them. */
    let because: { required: boolean; why: typeof why } | undefined;
    for (const [i, [name, f]] of order.entries()) {
      const need = needed(f);
      if (!need) optional++;
      // Its name as the example writes it (quoted, a colon, a comma, an indent), before what it holds.
      const room = spend(0, name.length + 8);
      if (!need) optional--;
      if (!room) {
        if (!need && spareOnly()) break;
        cut = true;
        // The fields past the budget: the required ones said.
        const left = new Set(order.slice(i).filter(([, g]) => needed(g)).map(([n]) => n));
        past = travelling.filter(([n]) => left.has(n)).map(([n]) => n);
        because ??= { required: left.size > 0, why: { why: 'budget' } };
        break;
      }
      const inside = via?.get(name);
      trail.push(name);
      if (!need) optional++;
      // The cuts below a field that is left out are its own: the field is said, if it is required.
      const tried = attempt(() => walk(f, depth + 1, inside !== undefined && inside.size > 0 ? new Set([...seen, ...inside]) : seen, undefined, false, need));
      if (!need) optional--;
      const here = place(trail);
      trail.pop();
      const x = tried.made;
      // A field left out for want of a type leaves the object as short as a cut one: never shown as `{}` (t32i: past the nesting bound, `"lvl28": {}`).
      if (x === CUT || x === undefined) {
        if (!need && x === CUT && why.why === 'budget' && spareOnly()) continue;
        cut = true;
        const reason: typeof why = x === undefined ? { why: 'unmade' } : { ...why };
        if (!because || (need && !because.required)) because = { required: need, why: reason };
        // A field whose own text (or list or map of texts) no string was made for is said, required or not.
        const own = x === CUT && why.why === 'pattern' && why.pattern !== undefined && (why.at === here || (why.at?.startsWith(here) === true && /^(\[0\]|\.key)+$/.test(why.at.slice(here.length))));
        if (own) below.set(name, [{ at: place(trail), why: 'pattern', names: [name], patterns: [why.pattern ?? ''] }]);
        // A required field emptied by a required field inside it left out (a text its pattern refuses one level down or more: r14 H4):
        // said, and what inside it is left out said after it.
        else if (need && x === CUT && (why.why === 'inside' || why.why === 'pattern')) below.set(name, [{ at: place(trail), why: why.why === 'inside' ? 'inside' : 'pattern', names: [name], ...(why.why === 'pattern' ? { patterns: [why.pattern ?? ''] } : {}) }, ...(why.why === 'inside' ? tried.kept : [])]);
        else if (need) below.set(name, [{ at: place(trail), why: x === undefined ? 'unmade' : why.why, names: [name], ...(x === CUT && why.type !== undefined ? { types: [why.type] } : {}) }]);
      } else {
        below.set(name, tried.kept);
        made.set(name, x.value);
        // A scalar's bytes; an object's or a list's are its own fields' and items'.
        if (x.value === null || typeof x.value !== 'object') {
          if (!need) optional++;
          spend(0, JSON.stringify(x.value)?.length ?? 0);
          if (!need) optional--;
        }
      }
    }
    const out: Obj = {};
    for (const [name] of travelling) {
      cuts.push(...(below.get(name) ?? []));
      if (made.has(name)) out[name] = made.get(name);
    }
    if (past.length > 0) cuts.push({ at: place(trail), why: 'budget', names: past });
    const empty = (cut || (hidden && depth > 0)) && Object.keys(out).length === 0;
    // Left out for what was left out inside it: the field above says so, and reads the cuts here as what it lacks,
    // never an earlier field's reason (a required object whose required field had no type was said "past the budget").
    if (empty && because) why = because.required && ['pattern', 'unmade', 'inside', 'unique', 'items'].includes(because.why.why) ? { why: 'inside' } : ['pattern', 'inside', 'unique', 'items'].includes(because.why.why) ? { why: 'unmade' } : because.why;
    return (cut || (hidden && depth > 0)) && Object.keys(out).length === 0 ? CUT : { value: out };
  }
}

/** Where an example's walk is, as a path (`result.pinned_message`, `items[0].id`); empty at the top. */
function place(trail: readonly string[]): string {
  return trail.reduce((path, step) => (step === '[0]' ? `${path}[0]` : path === '' ? step : `${path}.${step}`), '');
}

/** The cuts at one place for one reason as one: their names (and types) in order. */
function merged(cuts: readonly ExampleCut[]): ExampleCut[] {
  const out: ExampleCut[] = [];
  for (const c of cuts) {
    const same = out.find((o) => o.at === c.at && o.why === c.why);
    if (!same) out.push({ ...c, names: [...c.names], ...(c.types ? { types: [...c.types] } : {}), ...(c.patterns ? { patterns: [...c.patterns] } : {}) });
    else {
      same.names.push(...c.names);
      for (const t of c.types ?? []) if (!(same.types ?? []).includes(t)) same.types = [...(same.types ?? []), t];
      for (const p of c.patterns ?? []) if (!(same.patterns ?? []).includes(p)) same.patterns = [...(same.patterns ?? []), p];
    }
  }
  return out;
}

/** At most this many names in one sentence: the rest are counted. */
const NAMED = 8;

/**
 * What a generated example leaves out of what its shapes require, one sentence per place and
 * reason: the one rule the pages (under the example) and the code samples (a comment) say it by.
 * `prefix`: the path the example sits under (`[0]` for a list of the body's type).
 */
export function exampleCutWords(cuts: readonly ExampleCut[] | undefined, prefix = ''): string[] {
  return (cuts ?? []).map((c) => {
    const at = place([...(prefix === '' ? [] : [prefix]), ...(c.at === '' ? [] : [c.at])]);
    const shown = c.names.slice(0, NAMED).join(', ');
    const more = c.names.length > NAMED ? ` and ${(c.names.length - NAMED).toLocaleString('en-US')} more` : '';
    if (c.why === 'pattern') return patternCutWords(at, c, shown, more);
    if (c.why === 'unique' || c.why === 'items') return listCutWords(at, c, shown, more);
    const what = c.names.length === 1 ? `the required field ${shown}` : `${c.names.length.toLocaleString('en-US')} required fields: ${shown}${more}`;
    const them = c.names.length === 1 ? 'it' : 'them';
    const why =
      c.why === 'cycle'
        ? `${c.names.length === 1 ? 'its type' : 'their types'}, ${c.types?.join(', ') ?? 'the one above'}, ${c.names.length === 1 && (c.types?.length ?? 1) === 1 ? 'holds' : 'hold'} this place already (a cycle of required fields, which the example follows no further)`
        : c.why === 'budget'
          ? `an example holds at most ${BUDGET.toLocaleString('en-US')} values and about ${Math.round(BYTES / 1000)} KB`
          : c.why === 'depth'
            ? `an example goes at most ${DEPTH} levels deep`
            : c.why === 'inside'
              ? `${c.names.length === 1 ? 'something it requires is' : 'something each requires is'} left out inside ${them} (said below)`
              : `nothing the spec states of ${them} makes a value (no type, or parts no value fits)`;
    return `Cut at ${at === '' ? 'the top level' : at}: the example leaves out ${what}, as ${why}.`;
  });
}

/**
 * A cut of lists (T32v H-1, M-7): a unique list for which fewer different values of its items were
 * made than its `min_items` asks, or a list that must hold more items than an example makes; with
 * no names, the list is the example itself.
 */
function listCutWords(at: string, c: ExampleCut, shown: string, more: string): string {
  const one = c.names.length <= 1;
  const what = c.names.length === 0 ? 'the list it is' : one ? `the field ${shown}` : `${c.names.length.toLocaleString('en-US')} fields: ${shown}${more}`;
  const its = one ? 'its' : 'their';
  const why =
    c.why === 'unique'
      ? `fewer different values of ${its} items were made than ${its} \`min_items\` asks, each item differing (\`unique_items\`) and each one ${its} items' shape allows; a list short of it, or with an item repeated or invented, would not fit`
      : `${its} \`min_items\` asks for more items than the ${EXAMPLE_ITEMS} an example makes (a bound of the example's own, not the spec's)`;
  return `Cut at ${at === '' ? 'the top level' : at}: the example leaves out ${what}, as ${why}.`;
}

/**
 * A cut of fields whose pattern no string was made for (t32t S6): said with the patterns, and of
 * one written between slashes (sinao's `/^[0-9]{5}$/i`), that JSON Schema reads the slashes and
 * flags as characters of the text, so it matches no text as its author meant it.
 */
function patternCutWords(at: string, c: ExampleCut, shown: string, more: string): string {
  const one = c.names.length === 1;
  const patterns = c.patterns ?? [];
  const said = patterns.map((p) => `\`${p}\``).join(', ');
  const literal = patterns.some((p) => /^\/.+\/[a-z]*$/.test(p))
    ? ' (a pattern written between slashes, as a regular expression is in code: JSON Schema reads the slashes and any letters after them as characters of the text)'
    : '';
  const what = one ? `the field ${shown}` : `${c.names.length.toLocaleString('en-US')} fields: ${shown}${more}`;
  const whose = patterns.length === 1 ? `${one ? 'its' : 'their'} pattern ${said} matches` : `their patterns ${said} match`;
  return `Cut at ${at === '' ? 'the top level' : at}: the example leaves out ${what}, as no text was made that ${whose}${literal}; a placeholder would not match ${patterns.length === 1 ? 'it' : 'them'}.`;
}


/** What a shape states of its values: a later part of an `all_of` stating one of these replaces what an earlier states of them. */
const VALUES = ['examples', 'named_examples', 'default', 'allowed'];

/**
 * One field as two parts of an `all_of` state it, the later over the earlier: what the later
 * states wins, what it leaves unsaid the earlier keeps (a part saying only that `vlan` is required,
 * even with its type copied in, keeps `vlan`'s example and bounds). A later value, default or list
 * of allowed values replaces the earlier's examples too, which it may not take; a later part of
 * another type replaces the field.
 */
function mergedShape(earlier: unknown, later: unknown): unknown {
  const a: Obj = typeof earlier === 'string' ? { type: earlier } : isObj(earlier) ? earlier : {};
  const b: Obj = typeof later === 'string' ? { type: later } : isObj(later) ? later : {};
  const [ta, tb] = [stated(a.type), stated(b.type)];
  // Two parts that give the field two types no value is both (an object and an integer: t32t S12, sinao's
  // `RecurringInvoice.discount`): both held, which no value fits, so the example leaves the field out and says so.
  if (typeof ta === 'string' && typeof tb === 'string' && conflicting(ta, tb)) return { type: 'all_of', of: [earlier, later] };
  if (ta !== undefined && tb !== undefined && ta !== tb) return later;
  const kept: Obj = VALUES.some((k) => k in b) ? Object.fromEntries(Object.entries(a).filter(([k]) => !VALUES.includes(k))) : { ...a };
  const out: Obj = { ...kept, ...b };
  if (tb === undefined && 'type' in a) out.type = a.type;
  const [fa, fb] = [statedObj(a.fields), statedObj(b.fields)];
  if (fa && fb) {
    const fields: Obj = { ...fa };
    for (const [name, f] of Object.entries(fb)) fields[name] = name in fields ? mergedShape(fields[name], f) : f;
    out.fields = fields;
  }
  return out;
}

/** JSON's types; `integer` is a `number` too. */
const JSON_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'object', 'array', 'null']);

/** Whether two stated types (JSON's own, not a resource's name) hold no value in common. */
export function conflicting(a: string, b: string): boolean {
  if (a === b || !JSON_TYPES.has(a) || !JSON_TYPES.has(b)) return false;
  return !((a === 'integer' && b === 'number') || (a === 'number' && b === 'integer'));
}

/** The most items a list's example has (its `min_items` past it is not made). */
export const EXAMPLE_ITEMS = 100;

/** At most this many values are tried for the different items of a unique list. */
const DISTINCT_TRIES = 2_000;

/**
 * The items of a list's example: the one made, repeated up to the stated least count of items
 * (`min_items`). Where the items must differ (`unique_items`), each is a value the items' shape
 * allows, checked as made values are (its allowed values, lengths, pattern, bounds, and the
 * context's `fits`): the next allowed value, the next number within the bounds by the step, a text
 * of the pattern or format that differs; undefined where fewer different values are found than the
 * list must hold, so that the list is left out and that said (T32v H-1: `["a", "a2"]` for `enum [a, b]`,
 * `[1, 2, 3]` under `maximum: 2`, two equal texts).
 */
function itemsFor(v: Obj, item: unknown, shape: Obj | undefined, fits?: (shape: unknown, value: unknown) => boolean): unknown[] | undefined {
  const least = stated(v.min_items);
  const count = typeof least === 'number' && Number.isInteger(least) && least > 1 ? Math.min(least, EXAMPLE_ITEMS) : 1;
  if (stated(v.unique_items) !== true) return Array.from({ length: count }, () => item);
  if (count === 1) return [item];
  if (shape === undefined) return undefined;
  const out: unknown[] = [item];
  const seen = new Set([JSON.stringify(item)]);
  let tries = 0;
  for (const x of distinctCandidates(shape, item)) {
    if (++tries > DISTINCT_TRIES) break;
    const key = JSON.stringify(x);
    if (seen.has(key) || !allows(shape, x) || (fits !== undefined && fits(stated(v.items), x) !== true)) continue;
    seen.add(key);
    out.push(x);
    if (out.length === count) return out;
  }
  return undefined;
}

/** Values to try for the other items of a unique list, after `first`: of the items' allowed values, numbers, booleans, texts; none for others (objects, lists). */
function* distinctCandidates(shape: Obj, first: unknown): Generator<unknown> {
  const allowed = stated(shape.allowed);
  if (Array.isArray(allowed)) {
    yield* allowed;
    return;
  }
  if (typeof first === 'boolean') {
    yield !first;
    return;
  }
  if (typeof first === 'number') {
    const multiple = stated(shape.multiple_of);
    const step = typeof multiple === 'number' && multiple > 0 ? multiple : 1;
    for (let i = 1; i <= DISTINCT_TRIES; i++) yield Number((first + i * step).toPrecision(12));
    for (let i = 1; i <= DISTINCT_TRIES; i++) yield Number((first - i * step).toPrecision(12));
    return;
  }
  if (typeof first !== 'string') return;
  const format = stated(shape.format);
  const pattern = stated(shape.pattern);
  if (typeof format === 'string' && format !== 'uuid') {
    // A date or a date-time of the next days; no other format's texts are varied.
    if ((format === 'date' || format === 'date-time') && first === FORMATS[format]) {
      for (let i = 1; i <= EXAMPLE_ITEMS; i++) {
        const day = new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10);
        yield format === 'date' ? day : `${day}T00:00:00Z`;
      }
    }
    return;
  }
  if (format === undefined && pattern === undefined) {
    // A plain text numbered, kept within its `max_length`.
    const max = stated(shape.max_length);
    for (let i = 2; i <= EXAMPLE_ITEMS + 1; i++) {
      const n = String(i);
      yield typeof max === 'number' && [...first].length + n.length > max ? [...first].slice(0, Math.max(0, max - n.length)).join('') + n : `${first}${n}`;
    }
  }
  if (typeof pattern === 'string') {
    const min = stated(shape.min_length);
    const max = stated(shape.max_length);
    yield* patternCandidates(pattern, typeof min === 'number' ? min : 0, Math.min(typeof max === 'number' ? max : BYTES, BYTES));
  }
  // The text with one character changed for another of its kind (a digit, a letter of its case), from the end: `404` → `400`, `AA` → `AB`.
  const chars = [...first];
  const kinds = ['0123456789', 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789abcdef'];
  for (let p = chars.length - 1; p >= 0; p--) {
    const c = chars[p] ?? '';
    const kind = format === 'uuid' ? (c === '-' ? undefined : kinds[3]) : kinds.slice(0, 3).find((k) => k.includes(c));
    if (kind === undefined) continue;
    for (const d of kind) if (d !== c) yield [...chars.slice(0, p), d, ...chars.slice(p + 1)].join('');
  }
}

/** The pattern tests `allows` made, by pattern (one list's candidates are judged by one). */
const TESTS = new Map<string, (text: string) => boolean>();

/** Whether a value keeps to what a shape states of its values: allowed values, type, lengths, pattern, bounds and step. */
function allows(shape: Obj, x: unknown): boolean {
  const allowed = stated(shape.allowed);
  if (Array.isArray(allowed) && !allowed.some((a) => JSON.stringify(a) === JSON.stringify(x))) return false;
  if (typeof x === 'string') {
    if (!keepsLengths(shape, x)) return false;
    const pattern = stated(shape.pattern);
    if (typeof pattern !== 'string') return true;
    if (regex(pattern) === undefined) return false;
    let test = TESTS.get(pattern);
    if (test === undefined) TESTS.set(pattern, (test = patternTest(pattern)));
    return test(x);
  }
  if (typeof x === 'number') {
    const num = (k: string) => (typeof stated(shape[k]) === 'number' ? (stated(shape[k]) as number) : undefined);
    const [min, max, exMin, exMax, step] = [num('minimum'), num('maximum'), num('exclusive_minimum'), num('exclusive_maximum'), num('multiple_of')];
    if (stated(shape.type) === 'integer' && !Number.isInteger(x)) return false;
    if ((min !== undefined && x < min) || (max !== undefined && x > max) || (exMin !== undefined && x <= exMin) || (exMax !== undefined && x >= exMax)) return false;
    return step === undefined || step <= 0 || Math.abs(x / step - Math.round(x / step)) < 1e-9;
  }
  return true;
}

/** How many values a stated value holds: each scalar inside it (an array or object of none is one). */
function valuesIn(value: unknown): number {
  if (Array.isArray(value)) return Math.max(1, value.reduce((n: number, x) => n + valuesIn(x), 0));
  if (isObj(value)) return Math.max(1, Object.values(value).reduce((n: number, x) => n + valuesIn(x), 0));
  return 1;
}

/** A number inside the stated bounds (the lower bound, the upper, their middle, or 0), a multiple of the stated step. */
function numberWithin(v: Obj, integer: boolean): number {
  const num = (x: unknown) => (typeof x === 'number' ? x : undefined);
  const step = integer ? 1 : 0;
  const exMin = num(stated(v.exclusive_minimum));
  const exMax = num(stated(v.exclusive_maximum));
  const lo = num(stated(v.minimum)) ?? (exMin !== undefined ? exMin + step : undefined);
  const hi = num(stated(v.maximum)) ?? (exMax !== undefined ? exMax - step : undefined);
  if (!integer && lo !== undefined && hi !== undefined && (exMin !== undefined || exMax !== undefined)) return (lo + hi) / 2;
  // A number with one bound, exclusive: past it by 1 (`-6` below `-5`), never at it.
  const n = integer ? Math.ceil(lo ?? hi ?? 0) : lo === undefined && hi !== undefined && exMax !== undefined && num(stated(v.maximum)) === undefined ? hi - 1 : hi === undefined && lo !== undefined && exMin !== undefined && num(stated(v.minimum)) === undefined ? lo + 1 : (lo ?? hi ?? 0);
  // A stated step: the first multiple of it from the lower bound up (or from the upper bound down).
  const multiple = num(stated(v.multiple_of));
  if (multiple === undefined || multiple <= 0) return n;
  const m = lo === undefined && hi !== undefined ? Math.floor(n / multiple) * multiple : Math.ceil(n / multiple) * multiple;
  return Number(m.toPrecision(12));
}

/**
 * A string for a shape: the example of its format, or `string`, fitted to its stated lengths. With
 * a stated pattern it is one the pattern matches: the format's example when it does, else one made
 * from the pattern when the pattern is simple, else by randexp's walk of it (`patternCandidates`);
 * otherwise none: the field is left out and the example says why (`patternCutWords`), as a
 * placeholder would be a text its pattern refuses, sent by every code sample (t32t S6).
 */
function stringFor(v: Obj): string | undefined {
  const format = stated(v.format);
  const num = (x: unknown) => (typeof x === 'number' ? x : undefined);
  const [min, max] = [num(stated(v.min_length)), num(stated(v.max_length))];
  const pattern = stated(v.pattern);
  const fits = (s: string) => (min === undefined || [...s].length >= min) && (max === undefined || [...s].length <= max);
  const candidates: string[] = [];
  if (typeof format === 'string' && typeof FORMATS[format] === 'string') candidates.push(FORMATS[format]);
  // Where the format's example is longer than `max_length` allows, a shorter one of the format.
  if (typeof format === 'string' && max !== undefined) candidates.push(...(SHORT_FORMATS[format] ?? []));
  // Where it is shorter than `min_length` asks, a longer one of the format (t35s N6: an email of 40 characters at least).
  const long = typeof format === 'string' && min !== undefined ? LONG_FORMATS[format]?.(min) : undefined;
  if (long !== undefined) candidates.push(long);
  if (typeof pattern === 'string') {
    // A pattern with groups of one alternative (`^(a+)+$`) is made from its parts.
    const simple = pattern.length <= 200 && /(^|[^\\])\(/.test(pattern) ? ungrouped(pattern) : pattern;
    const made = simple === undefined ? undefined : fromPattern(simple, min ?? 0);
    if (made !== undefined) candidates.push(made);
  } else {
    let plain = 'string';
    if (max !== undefined && max < plain.length) plain = plain.slice(0, Math.max(0, max));
    if (min !== undefined && min > plain.length) plain = plain.padEnd(min, 'x');
    candidates.push(plain);
  }
  const matches = typeof pattern === 'string' && regex(pattern) !== undefined ? patternTest(pattern) : undefined;
  const keeps = (c: string) => fits(c) && (typeof pattern !== 'string' || matches?.(c) === true);
  const ok = candidates.find(keeps);
  if (ok !== undefined) return ok;
  // Else one randexp makes by fixed choices (alternatives, groups, classes with escapes: t32t S6).
  if (typeof pattern === 'string' && matches !== undefined) return patternCandidates(pattern, min ?? 0, Math.min(max ?? BYTES, BYTES)).find(keeps);
  return typeof pattern === 'string' ? undefined : `<a string of ${min ?? 0} to ${max ?? 'any number of'} characters>`;
}

/** Whether a value keeps to a shape's `min_length` and `max_length` (a value that is no text has none to keep). */
function keepsLengths(v: Obj, value: unknown): boolean {
  if (typeof value !== 'string') return true;
  const [min, max] = [stated(v.min_length), stated(v.max_length)];
  const n = [...value].length;
  return (typeof min !== 'number' || n >= min) && (typeof max !== 'number' || n <= max);
}

/** Shorter examples of formats whose usual example is long, for a `max_length` it passes (`a@b.co`: an email of 12 characters at most). */
const SHORT_FORMATS: Record<string, string[]> = {
  email: ['a@b.co'],
  uri: ['https://a.b', 'a:b'],
  url: ['https://a.b'],
  hostname: ['a.b', 'a'],
  duration: ['P1D'],
  'idn-email': ['a@b.co'],
  'idn-hostname': ['a.b', 'a'],
  iri: ['https://a.b', 'a:b'],
};

/** A host name of `n` characters (labels of at most 60, under `.com`), for `n` from 5 to 253; undefined past that. */
function hostOf(n: number): string | undefined {
  if (n < 5 || n > 253) return undefined;
  let s = Array.from({ length: n - 4 }, (_, i) => (i % 61 === 60 ? '.' : 'a')).join('');
  if (s.endsWith('.')) s = `a${s.slice(0, -1)}`;
  return `${s}.com`;
}

/** Longer examples of formats, for a `min_length` their usual example does not reach (undefined where none is made). */
const LONG_FORMATS: Record<string, (n: number) => string | undefined> = {
  email: (n) => {
    const host = hostOf(Math.max(11, n - 5));
    return host === undefined ? undefined : `user@${host}`;
  },
  hostname: (n) => hostOf(Math.max(11, n)),
  uri: (n) => `https://example.com/${'x'.repeat(Math.max(0, n - 20))}`,
  url: (n) => `https://example.com/${'x'.repeat(Math.max(0, n - 20))}`,
};

/**
 * A pattern with its groups of one alternative and no group inside (`(a+)`, `(?:ab)`) taken as
 * their parts: one time for a group repeated (`+`, `{n,}` and the like: the parts' own
 * repetition makes the length), none for an optional one (`?`, `*`); undefined for a group of
 * alternatives, a lookaround or a named group.
 */
function ungrouped(pattern: string): string | undefined {
  let body = pattern;
  for (let n = 0; n < 16 && /(^|[^\\])\(/.test(body); n++) {
    const next = body.replace(/(^|[^\\])\((\?:)?([^()|]*)\)(\+|\*|\?|\{\d+(?:,\d*)?\})?\??/, (_all, before: string, _nc: string | undefined, inner: string, q: string | undefined) => {
      if (inner.startsWith('?')) return `${before}\u0000`;
      if (q === '?' || q === '*' || q === '{0}' || q?.startsWith('{0,') === true) return before;
      // A group repeated a fixed number of times (`{3}`) or at least n (`{2,}`): its parts that many times.
      const times = q !== undefined && q.startsWith('{') ? Number(/\d+/.exec(q)?.[0] ?? '1') : 1;
      return `${before}${inner.repeat(Math.min(times, 64))}`;
    });
    if (next === body || next.includes('\u0000')) return undefined;
    body = next;
  }
  return /(^|[^\\])[()]/.test(body) ? undefined : body;
}

/** A pattern as JavaScript reads it (JSON Schema's patterns are ECMAScript's), or undefined when it is not one. */
/**
 * Whether a made text matches a stated pattern, judged so that no pattern can hold a page, a sample or
 * the mock hostage (r14 H1: `^(a|a)+(?=b)` with `min_length: 40` backtracked without end on a text of
 * 40 `a`s): by RE2 where it reads the pattern as JavaScript does, in time linear in the text (the same
 * answer on any machine); any other pattern (lookaround, `.`, `\s`) by JavaScript under the checks'
 * own time limit (`patternMatcher`), where one that runs out is not judged and so keeps no text.
 */
function patternTest(pattern: string): (text: string) => boolean {
  const linear = linearPattern(pattern);
  if (linear) return (text) => linear.matcher(text).find();
  const judge = patternMatcher();
  const plain = regex(pattern);
  // A pattern JavaScript reads only without the `u` flag: the checks' matcher judges none, and RE2 has refused it.
  return (text) => judge(pattern, text) ?? (plain !== undefined && !plain.unicode && /^[^()*+{}?|]*$/.test(pattern) ? plain.test(text) : false);
}

function regex(pattern: string): RegExp | undefined {
  for (const flags of ['u', '']) {
    try {
      return new RegExp(pattern, flags);
    } catch {
      // Not valid with these flags.
    }
  }
  return undefined;
}

/** The first character a character class allows (`[A-Z0-9-]` → `A`), or undefined for a negated or empty one. */
function classChar(body: string): string | undefined {
  if (body.startsWith('^') || body === '') return undefined;
  if (body.startsWith('\\')) return escapeChar(body[1] ?? '');
  return body[0];
}

/** What an escape stands for in a made-up string: a digit for `\\d`, a letter for `\\w`, the character itself otherwise. */
function escapeChar(c: string): string | undefined {
  if (c === 'd') return '1';
  if (c === 'w') return 'a';
  if (c === 's') return ' ';
  if (/[DWSbB]/.test(c) || /[0-9]/.test(c) || c === 'u' || c === 'x' || c === 'p' || c === 'P' || c === 'k' || c === 'c') return undefined;
  return c === 'n' ? '\n' : c === 't' ? '\t' : c;
}

/**
 * The shortest string a simple pattern matches (characters, escapes, character classes and `.`,
 * each with an optional `?`, `*`, `+` or `{n,m}`), repeating the last repeatable part to reach a
 * minimum length where it may; undefined for anything else (groups, alternatives, lookarounds).
 */
function fromPattern(pattern: string, minLength: number): string | undefined {
  let body = pattern;
  const anchoredEnd = body.endsWith('$') && !body.endsWith('\\$');
  if (body.startsWith('^')) body = body.slice(1);
  if (anchoredEnd) body = body.slice(0, -1);
  const parts: Array<{ char: string; count: number; more: boolean }> = [];
  let i = 0;
  while (i < body.length) {
    const c = body[i] ?? '';
    let char: string | undefined;
    if (c === '\\') {
      char = escapeChar(body[i + 1] ?? '');
      i += 2;
    } else if (c === '[') {
      const end = body.indexOf(']', i + 2);
      if (end < 0) return undefined;
      char = classChar(body.slice(i + 1, end));
      i = end + 1;
    } else if ('()|{}?*+^$'.includes(c)) return undefined;
    else {
      char = c === '.' ? 'a' : c;
      i += 1;
    }
    if (char === undefined) return undefined;
    let count = 1;
    let more = false;
    const q = body[i];
    if (q === '?' || q === '*') {
      count = 0;
      more = q === '*';
      i += 1;
    } else if (q === '+') {
      more = true;
      i += 1;
    } else if (q === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(body.slice(i));
      if (!m) return undefined;
      count = Number(m[1]);
      more = m[2] !== undefined && (m[3] === '' || Number(m[3]) > count);
      i += m[0].length;
    }
    if (body[i] === '?') i += 1;
    parts.push({ char, count, more });
  }
  const length = parts.reduce((n, p) => n + p.count, 0);
  const grow = [...parts].reverse().find((p) => p.more);
  if (grow && length < minLength) grow.count += minLength - length;
  // Past the byte budget of a whole example, not made (`^a{60000000}$` built 60 MB and overflowed the stack).
  if (parts.reduce((n, p) => n + p.count, 0) > BYTES) return undefined;
  return parts.map((p) => p.char.repeat(p.count)).join('');
}
