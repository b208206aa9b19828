import type { Analysis } from '../analyze.ts';
import { flagThrough, isResourceType } from '../areas/shape.ts';
import { idSegment } from '../facet/ids.ts';
import { facetState, isObj, stated, statedData, statedObj, type Obj } from '../facet/state.ts';
import type { FacetResult } from '../gaps/types.ts';
import { areaOf, findItem, type Item } from '../model/spec.ts';
import { EXAMPLE_BYTES, EXAMPLE_DEPTH, EXAMPLE_ITEMS, EXAMPLE_VALUES, type ExampleCut, type ExampleMode } from '../render/example.ts';
import type { Gaps } from './gaps.ts';
import { patternMinLength } from './patterns.ts';

/**
 * What the mock must know of a body's shape before it answers with a body made from it, and what
 * it mends in what the pages' example generator made, so that the body validates against its shape:
 *
 * - `madeNeeds`: the open facets anywhere the generator would reach (a nested object whose
 *   fields are open, a list whose items are open, a field whose type is open, a resource whose
 *   fields are open). The generator leaves such a part out or shows it hollow (`{}`, `[{}]`);
 *   the mock answers 501 naming them instead, since that body would claim what nobody decided
 *   (so does a field whose `write_only` is open: it may never come back); an optional field
 *   (`required: false`) whose `write_only` or any facet of its values (`VALUE_KEYS`) is open is
 *   left out instead
 *   (`completeMade`);
 *   and the texts longer than the mock makes (`MAX_MADE_LENGTH`), refused before anything is made.
 * - `completeMade`: the required fields the generator cut short where a resource holds itself (a
 *   tree node's `children`): a list there is answered empty, a nullable field null; a field that
 *   no finite body can fill is named, and the mock does not answer with a body; an optional field
 *   whose travel or form is undecided is taken out.
 */

/** The keys of a shape whose openness leaves the shape itself open at that place. */
const SHAPE_KEYS = ['type', 'fields', 'items', 'values', 'of'] as const;
/**
 * The keys that decide which values a shape takes: open, any value made for it could be one the
 * spec will not allow (a kind nobody listed, a size past a bound nobody set, a form nobody wrote:
 * `"string"` made for an open `pattern` or `format` breaks most that are decided later). A value
 * stated beside them (an example, a default) is answered as stated.
 */
const VALUE_KEYS = ['allowed', 'minimum', 'maximum', 'exclusive_minimum', 'exclusive_maximum', 'multiple_of', 'min_length', 'max_length', 'min_items', 'max_items', 'unique_items', 'pattern', 'format'] as const;
/** The same for a resource's own facets. */
const RESOURCE_KEYS = ['fields', 'value', 'value/type'] as const;
/**
 * The state machines of a spec by the resource field that holds their state (`Loan\u0000status`),
 * as MODEL.md has them: `resource`, `field`, and `states` (each state's name, one of them `initial`).
 */
const machinesOf = new WeakMap<Analysis, Map<string, Item<'states'>>>();
export function machines(analysis: Analysis): Map<string, Item<'states'>> {
  let found = machinesOf.get(analysis);
  if (found === undefined) {
    found = new Map();
    for (const item of areaOf(analysis.spec, 'states').items) {
      const [resource, field] = [stated(item.data.resource), stated(item.data.field)];
      const key = `${String(resource)}\u0000${String(field)}`;
      if (typeof resource === 'string' && typeof field === 'string' && !found.has(key)) found.set(key, item);
    }
    machinesOf.set(analysis, found);
  }
  return found;
}

/** The stated states of a machine, the initial one first; undefined while its `states` is not stated. */
export function statedStates(machine: Item<'states'>, trigger?: string): string[] | undefined {
  const states = statedObj(machine.data.states);
  if (!states) return undefined;
  const names = Object.keys(states);
  const initial = names.filter((n) => isObj(states[n]) && stated((states[n] as Obj).initial) === true);
  // The states a transition this endpoint triggers leads to, first (T35u U12: `place-order` answered `"status": "draft"`).
  const reached = trigger === undefined ? [] : targetsOf(machine, trigger).filter((n) => names.includes(n));
  const first = [...new Set([...reached, ...initial])];
  return names.length > 0 ? [...first, ...names.filter((n) => !first.includes(n))] : undefined;
}

/** The `to` states of a machine's transitions whose trigger is the endpoint `id`, in the order stated. */
export function targetsOf(machine: Item<'states'>, id: string): string[] {
  const transitions = stated(machine.data.transitions);
  return (Array.isArray(transitions) ? transitions : []).flatMap((t: unknown) => {
    if (!isObj(t)) return [];
    const trigger = stated(t.trigger);
    const to = stated(t.to);
    return isObj(trigger) && stated(trigger.endpoint) === id && typeof to === 'string' ? [to] : [];
  });
}

/**
 * The fields a made body leaves out (by the spec object of the field, per analysis and direction),
 * found by `madeNeeds`' walk through the gaps: optional, and something that decides their value is
 * a gap (an open facet, one `specbench.yaml` requires and nobody wrote, the states of a machine
 * that holds them, an open facet inside the resource, list or object they are). `completeMade`
 * takes them out of the generator's value.
 */
const leaveOut = new WeakMap<Analysis, { request: WeakSet<object>; response: WeakSet<object> }>();
const leaveSet = (analysis: Analysis, mode: ExampleMode): WeakSet<object> => {
  let sets = leaveOut.get(analysis);
  if (sets === undefined) leaveOut.set(analysis, (sets = { request: new WeakSet(), response: new WeakSet() }));
  return sets[mode === 'request' ? 'request' : 'response'];
};

/** Places visited at most, whatever the spec (each resource is visited once). */
const VISITS = 50_000;

/**
 * Whether a shape states an example of its own value (`examples`, a named example with a value),
 * which the generator answers as it is, whatever is open in the shape: a stated example says what
 * the value is, and is not made up (the guide: "a stated example of the body or of the value ... is
 * answered as stated"; a value whose type or fields were open was a 501 all the same).
 */
export function statedExample(v: Obj): boolean {
  const examples = stated(v.examples);
  if (Array.isArray(examples) && examples.length > 0) return true;
  return isObj(v.named_examples) && Object.values(v.named_examples).some((e) => isObj(e) && 'value' in e);
}

/** Whether the generator takes the shape's value as stated (an example, a default, an allowed value) rather than walk into it. */
function statedValue(v: Obj): boolean {
  if (statedExample(v)) return true;
  if (statedData(v.default) !== undefined) return true;
  const allowed = stated(v.allowed);
  return Array.isArray(allowed) && allowed.length > 0;
}

/** The facet of a field that says whether it is left out in a direction: `read_only` of requests, `write_only` of responses. */
export const notSentFacet = (mode: ExampleMode) => (mode === 'request' ? 'read_only' : 'write_only');

/** Whether a field travels in a direction (a read-only field is never sent, a write-only one never comes back): by its own flag or its named type's (`flagThrough`). */
const travels = (f: unknown, mode: ExampleMode, analysis: Analysis) => flagThrough(f, notSentFacet(mode), (t) => findItem(analysis.spec, 'resources', t)?.data) !== true;

/** Whether a facet is written as undecided (`{ open: … }` or a placeholder). */
export const undecided = (value: unknown): boolean => {
  const state = facetState(value);
  return state === 'open' || state === 'placeholder';
};

/**
 * Whether a made body leaves an optional field (`required: false`) out rather than make it up: its
 * travel in the direction (an open `write_only` of a response: it may never come back) or any of
 * the facets that decide its values (`VALUE_KEYS`: an open pattern, format, length, bound or list
 * of allowed values alike) is undecided. Required, or with `required` undecided too (left out, it
 * might be decided always present), such a field leaves the body open (a 501).
 */
const leftOut = (f: unknown, mode: ExampleMode): boolean =>
  isObj(f) && stated(f.required) === false && (undecided(f[notSentFacet(mode)]) || VALUE_KEYS.some((k) => undecided(f[k])));

/**
 * The longest text the mock makes for a shape (`min_length` past it is refused, before anything is
 * made): the pages' generator's byte budget of a whole example, the bound its other values keep.
 * A 3-line shape with `min_length: 40000000` made a 40 MB body per call (1.5 s each, every other
 * client waiting; four clients took the process to 1 GB); as a list's `min_items` past what the
 * generator makes, it is a `501` of type `cannot-make` that names the rule.
 */
export const MAX_MADE_LENGTH = EXAMPLE_BYTES;

/** A text a made value would have to hold that is longer than the mock makes: where its `min_length` is stated, and what it asks. */
export interface TooLong {
  at: string;
  min: number;
  /** Set for a list's `min_items` past the items the mock makes (`EXAMPLE_ITEMS`); a text's `min_length` otherwise. */
  items?: true;
  /** Set where the length is the fewest characters the text's stated `pattern` matches (`^a{100000}$`), not its `min_length`. */
  pattern?: string;
  /** How many such texts the body holds at least (a list's `min_items` of them), where more than one. */
  times?: number;
}

/** What a body made from a part would have to make up (`open`, in the order met) and the texts too long to make (`long`). */
export interface MadeNeeds {
  open: FacetResult[];
  long: TooLong[];
}

/** What a body made from this part would need (see `MadeNeeds`). */
export function madeNeeds(analysis: Analysis, gaps: Gaps, part: { shape: Obj; prefix: string }, mode: ExampleMode): MadeNeeds {
  return madeWalk(analysis, gaps, mode, (walk) => (typeof part.shape.resource === 'string' ? walk.resource(part.shape.resource) : walk.shape(stated(part.shape.schema), `${part.prefix}/schema`)));
}

/** What a value made from a shape written at `at` (a header's) would need (see `MadeNeeds`). */
export function valueNeeds(analysis: Analysis, gaps: Gaps, shape: unknown, at: string, mode: ExampleMode): MadeNeeds {
  return madeWalk(analysis, gaps, mode, (walk) => walk.shape(shape, at));
}

/** The open facets a value made from a shape written at `at` (a header's) would have to make up. */
export function openInValue(analysis: Analysis, gaps: Gaps, shape: unknown, at: string, mode: ExampleMode): FacetResult[] {
  return valueNeeds(analysis, gaps, shape, at, mode).open;
}

/** Why the mock makes no body of a shape larger than it makes, in words: the required fields it left out (the first few). */
export const pastMadeBound = (cut: readonly string[]): string =>
  `a body that fits its shape is larger than the mock makes, a bound of its own (${EXAMPLE_VALUES} values, ${EXAMPLE_BYTES} bytes, ${EXAMPLE_DEPTH} levels at most; ${cut.slice(0, 3).map((f) => `\`${f}\``).join(', ')}${cut.length > 3 ? ` and ${cut.length - 3} more required fields were` : cut.length === 1 ? ' was' : ' were'} left out); a stated example of it would be answered as stated`;

/**
 * Why the mock makes no body where the generator left required fields out because it made no text
 * their pattern matches (`why: 'pattern'` in render/example.ts): said with the patterns, never as a
 * size bound (r14 M2: a tiny body was "larger than the mock makes").
 */
export const pastPattern = (cuts: readonly ExampleCut[]): string => {
  const fields = cuts.flatMap((c) => c.names.map((n) => (c.at === '' ? n : `${c.at}.${n}`)));
  const patterns = [...new Set(cuts.flatMap((c) => c.patterns ?? []))];
  const shown = fields.slice(0, 3).map((f) => `\`${f}\``).join(', ') + (fields.length > 3 ? ` and ${fields.length - 3} more` : '');
  return `the mock made no text that ${patterns.length === 1 ? 'the pattern' : 'the patterns'} ${patterns.slice(0, 3).map((p) => `\`${p}\``).join(', ')}${patterns.length > 3 ? ` and ${patterns.length - 3} more` : ''} ${patterns.length === 1 ? 'matches' : 'match'} (it makes none for lookarounds, back-references or a pattern past its bounds), so the required ${fields.length === 1 ? 'field' : 'fields'} ${shown} ${fields.length === 1 ? 'was' : 'were'} left out, and it sends no text a pattern refuses; a stated example of it would be answered as stated`;
};

/**
 * Why the mock makes no body where the generator left a list out (T32v H-1, M-7 in render/example.ts): a unique list
 * with fewer different values of its items made than its `min_items` asks, or more items asked than it makes; never
 * said as a size bound, and never sent with an item repeated or one its shape refuses.
 */
export const pastList = (cuts: readonly ExampleCut[]): string => {
  const fields = cuts.flatMap((c) => (c.names.length === 0 ? [c.at === '' ? 'the body' : c.at] : c.names.map((n) => (c.at === '' ? n : `${c.at}.${n}`))));
  const shown = fields.slice(0, 3).map((f) => `\`${f}\``).join(', ') + (fields.length > 3 ? ` and ${fields.length - 3} more` : '');
  const unique = cuts.some((c) => c.why === 'unique');
  const why = unique
    ? 'fewer different values of the items were made than min_items asks, each item differing (unique_items) and each one the items\' shape allows'
    : `min_items asks for more items than the ${EXAMPLE_ITEMS} the mock makes (a bound of the mock's own, not the spec's)`;
  return `the mock cannot make a body that fits its shape (${shown}: ${why}); a stated example of it would be answered as stated`;
};

/** The rule of a text too long to make, in words. */
export const tooLongWords = (long: TooLong): string => {
  if (long.items === true) return `\`${long.at}\` asks for a list of at least ${long.min} items (min_items), more than the ${EXAMPLE_ITEMS} the mock makes (a bound of the mock's own, not the spec's)`;
  const rule = long.pattern !== undefined ? `its pattern ${JSON.stringify(long.pattern.length > 80 ? `${long.pattern.slice(0, 80)}…` : long.pattern)} matches no text shorter` : 'min_length';
  const many = long.times !== undefined && long.times > 1 ? `, ${long.times} times over (min_items of the list it is in), ${long.min * long.times} characters in all, more than` : ', longer than';
  return `\`${long.at}\` asks for a text of at least ${long.min} characters (${rule})${many} the ${MAX_MADE_LENGTH} the mock makes (a bound of the mock's own, not the spec's)`;
};

/** Whether a value made for an optional field would have to make something up, kept per field (a field in progress, met again through a resource holding itself, is taken as not). */
const optionalMemo = new WeakMap<Analysis, { request: WeakMap<object, boolean>; response: WeakMap<object, boolean> }>();
function optionalOpen(analysis: Analysis, gaps: Gaps, mode: ExampleMode, f: Obj, at: string): boolean {
  let memos = optionalMemo.get(analysis);
  if (memos === undefined) optionalMemo.set(analysis, (memos = { request: new WeakMap(), response: new WeakMap() }));
  const memo = memos[mode === 'request' ? 'request' : 'response'];
  const known = memo.get(f);
  if (known !== undefined) return known;
  memo.set(f, false);
  const open = madeWalk(analysis, gaps, mode, (walk) => walk.shape(f, at)).open.length > 0;
  memo.set(f, open);
  return open;
}

/** The walk of `madeNeeds` over shapes and resources, started by `start`. */
function madeWalk(analysis: Analysis, gaps: Gaps, mode: ExampleMode, start: (walk: { shape(s: unknown, at: string): void; resource(id: string): void }) => void): MadeNeeds {
  const found = new Map<string, FacetResult>();
  const long: TooLong[] = [];
  const resources = new Set<string>();
  let visits = 0;
  const gapsAt = (ids: readonly string[]) => ids.flatMap((id) => gaps.gap(id) ?? []);
  const resource = (id: string) => {
    if (resources.has(id)) return;
    resources.add(id);
    const item = findItem(analysis.spec, 'resources', id);
    if (!item) return;
    const open = gapsAt(RESOURCE_KEYS.map((k) => `resources/${idSegment(id)}/${k}`));
    if (open.length > 0) {
      for (const g of open) found.set(g.id, g);
      return;
    }
    const value = stated(item.data.value);
    if (isObj(value)) shape(value, `resources/${idSegment(id)}/value`);
    else fields(statedObj(item.data.fields), `resources/${idSegment(id)}/fields`, id);
  };
  const leave = leaveSet(analysis, mode);
  const fields = (of: Obj | undefined, at: string, owner?: string) => {
    for (const [name, f] of Object.entries(of ?? {})) {
      if (!travels(f, mode, analysis) || leftOut(f, mode)) continue;
      const here = `${at}/${idSegment(name)}`;
      const optional = isObj(f) && stated(f.required) === false;
      // A field a state machine holds: its value is one of the machine's states; while they are not
      // stated, any value made for it would be one nobody decided (left out where optional).
      const machine = owner !== undefined ? machines(analysis).get(`${owner}\u0000${name}`) : undefined;
      if (machine && !(isObj(f) && statedExample(f))) {
        const open = statedStates(machine) === undefined ? gapsAt([`states/${idSegment(machine.id)}/states`]) : [];
        if (open.length > 0 && optional) leave.add(f);
        else {
          for (const g of open) found.set(g.id, g);
          // The field's own open facets count too: a 501 names every question the answer waits on, not one per round trip (t35s N1).
          if (open.length > 0) for (const g of gapsAt(VALUE_KEYS.map((k) => `${here}/${k}`))) found.set(g.id, g);
        }
        continue;
      }
      // Nobody decided whether it travels this way (open, or required by specbench.yaml's `require:`
      // and not written: one gap, one answer, t35t D5): optional, it is left out; else a body with it
      // or without it would claim one.
      const unsure = isObj(f) ? gapsAt([`${here}/${notSentFacet(mode)}`]) : [];
      if (unsure.length > 0 && optional) {
        leave.add(f);
        continue;
      }
      if (unsure.length > 0) {
        for (const g of unsure) found.set(g.id, g);
        // And what its value leaves open (its pattern, its type): all of it is named at once (t35s N1).
        shape(f, here);
        continue;
      }
      if (optional) {
        // Optional: whatever its value would have to make up (a facet open or required and
        // unwritten, inline or in the resource it is) leaves it out of the body, its gaps named,
        // rather than the whole answer open.
        if (optionalOpen(analysis, gaps, mode, f, here)) {
          leave.add(f);
          continue;
        }
      }
      shape(f, here);
    }
  };
  // `times`: how many of this value the body holds at least (the items a list's `min_items` makes of it).
  const shape = (s: unknown, at: string, times = 1) => {
    if (++visits > VISITS) return;
    if (typeof s === 'string') {
      if (isResourceType(s)) resource(s);
      return;
    }
    if (!isObj(s)) {
      for (const g of gapsAt([at])) found.set(g.id, g);
      return;
    }
    // Its own stated example is its value, open type or fields or not.
    if (statedExample(s)) return;
    const open = gapsAt(SHAPE_KEYS.map((k) => `${at}/${k}`));
    if (open.length > 0) {
      for (const g of open) found.set(g.id, g);
      return;
    }
    if (statedValue(s)) return;
    // Any part that states a length counts: an `all_of`'s part may narrow a text without a type.
    const min = stated(s.min_length);
    if (typeof min === 'number' && min * times > MAX_MADE_LENGTH) long.push({ at, min, ...(times > 1 ? { times } : {}) });
    // A stated pattern asks as much as its shortest match (`^a{5000000}$`): read from the pattern, never made to find out.
    const pattern = stated(s.pattern);
    const least0 = typeof pattern === 'string' ? patternMinLength(pattern) : 0;
    if (typeof pattern === 'string' && least0 * times > MAX_MADE_LENGTH && !(typeof min === 'number' && min >= least0)) long.push({ at, min: least0, pattern, ...(times > 1 ? { times } : {}) });
    // So does a list's: its items past `EXAMPLE_ITEMS` are not made, and the body would break its `min_items`.
    const least = stated(s.min_items);
    if (typeof least === 'number' && least > EXAMPLE_ITEMS) long.push({ at, min: least, items: true });
    // Open, or required by specbench.yaml (`require:`) and not written: one gap, one answer (a value made for it would claim what nobody decided).
    const undecided = gapsAt(VALUE_KEYS.map((k) => `${at}/${k}`));
    if (undecided.length > 0) {
      for (const g of undecided) found.set(g.id, g);
      return;
    }
    const type = stated(s.type);
    if (typeof type !== 'string' || type === 'object') return fields(statedObj(s.fields), `${at}/fields`);
    if (type === 'array') return shape(stated(s.items), `${at}/items`, times * (typeof least === 'number' && Number.isInteger(least) && least > 1 ? Math.min(least, EXAMPLE_ITEMS) : 1));
    if (type === 'map') return shape(stated(s.values), `${at}/values`);
    const of = stated(s.of);
    // A `one_of`'s value must fit one variant only: an open variant might take it too, so every
    // variant counts (answered as `cannot-make` naming no gap before). An `any_of`'s value made
    // from its first variant fits whatever the others become.
    if (type === 'one_of' && Array.isArray(of)) return of.forEach((o, i) => shape(o, `${at}/of/${i}`));
    if (type === 'any_of' && Array.isArray(of)) return shape(of[0], `${at}/of/0`);
    if (type === 'all_of' && Array.isArray(of)) return of.forEach((o, i) => shape(o, `${at}/of/${i}`));
    if (isResourceType(type)) resource(type);
  };
  start({ shape, resource });
  return { open: [...found.values()], long };
}

/** The fields of a shape as a body's objects have them: its own, a resource's (or the shape its value is); undefined for anything else. */
function objectShape(analysis: Analysis, s: unknown, depth = 0): { fields: Obj; resource?: string } | undefined {
  if (depth > 64) return undefined;
  const v: Obj | undefined = typeof s === 'string' ? { type: s } : isObj(s) ? s : undefined;
  if (!v) return undefined;
  const type = stated(v.type);
  if (typeof type === 'string' && type !== 'object' && isResourceType(type)) {
    const item = findItem(analysis.spec, 'resources', type);
    if (!item) return undefined;
    const value = stated(item.data.value);
    if (isObj(value)) return objectShape(analysis, value, depth + 1);
    const fields = statedObj(item.data.fields);
    return fields ? { fields, resource: type } : undefined;
  }
  const fields = statedObj(v.fields);
  return fields && (type === undefined || type === 'object') ? { fields } : undefined;
}

/** A shape as the generator reads it: a type name is `{ type }`. */
const asShape = (s: unknown): Obj | undefined => (typeof s === 'string' ? { type: s } : isObj(s) ? s : undefined);

/**
 * The made value with the required fields the generator cut short put back where a body can have
 * them without making anything up: a list (with no stated minimum of items) empty, a map empty, a
 * nullable field null. Returns the fields that cannot be filled (`Node.parent`, required at every
 * level), empty when the value is complete. Walks the made value, which is finite. `cut` hears of
 * the required fields the generator left out for its own bound (`EXAMPLE_VALUES`, `EXAMPLE_BYTES`)
 * where a finite body would have them: the synthetic spec's 40 objects of 150 fields, cut after 10,
 * were said to be "required at every level", which was false (t35n).
 */
export function completeMade(analysis: Analysis, value: unknown, s: unknown, mode: ExampleMode, cut: string[] = [], trigger?: string): string[] {
  const unfilled: string[] = [];
  const leave = leaveSet(analysis, mode);
  const walk = (v: unknown, shape: unknown, depth: number) => {
    if (depth > 256) return;
    const sv = asShape(shape);
    // A stated example is answered as it is stated.
    if (!sv || (depth > 0 && statedValue(sv))) return;
    const type = stated(sv.type);
    if (Array.isArray(v)) {
      const items = type === 'array' ? stated(sv.items) : undefined;
      if (items !== undefined) for (const item of v) walk(item, items, depth + 1);
      // Items that must differ and are picked from allowed values: the first ones allowed, one each
      // (the generator repeated the first, and `[read, read]` broke `unique_items`).
      const allowed = stated(asShape(items)?.allowed);
      if (stated(sv.unique_items) === true && Array.isArray(allowed)) {
        const distinct = [...new Map(allowed.map((a) => [JSON.stringify(a), a])).values()];
        if (distinct.length >= v.length) v.forEach((_, i) => (v[i] = structuredClone(distinct[i])));
      }
      return;
    }
    if (!isObj(v)) return;
    if (type === 'map') {
      for (const item of Object.values(v)) walk(item, stated(sv.values), depth + 1);
      return;
    }
    if ((type === 'one_of' || type === 'any_of' || type === 'all_of') && Array.isArray(stated(sv.of))) {
      // The generator took the first variant (or merged all): each variant is checked where it fits.
      const of = stated(sv.of) as unknown[];
      for (const variant of type === 'all_of' ? of : of.slice(0, 1)) walk(v, variant, depth + 1);
      return;
    }
    // A resource whose value is a shape (an `all_of` of parts): checked as that shape, each part where it fits.
    if (typeof type === 'string' && type !== 'object' && isResourceType(type)) {
      const value = stated(findItem(analysis.spec, 'resources', type)?.data.value);
      if (isObj(value)) return walk(v, value, depth + 1);
    }
    const object = objectShape(analysis, sv);
    if (!object) return;
    for (const [name, f] of Object.entries(object.fields)) {
      if (!travels(f, mode, analysis)) continue;
      // An optional field whose travel or form is undecided is left out, not made up (`madeNeeds` walked past it).
      if (leftOut(f, mode) || (isObj(f) && leave.has(f))) {
        delete v[name];
        continue;
      }
      // A field a state machine holds, with its states stated: a stated state (the initial one), not what the generator made from its type.
      const machine = object.resource !== undefined ? machines(analysis).get(`${object.resource}\u0000${name}`) : undefined;
      const states = machine ? statedStates(machine, mode === 'request' ? undefined : trigger) : undefined;
      const field0 = asShape(f);
      // An endpoint a transition names as its trigger answers the state it leads to, over the field's default (the value before any transition).
      const reached = machine !== undefined && trigger !== undefined && mode !== 'request' && targetsOf(machine, trigger).length > 0;
      if (states !== undefined && field0 !== undefined && (Object.hasOwn(v, name) || stated(field0.required) === true) && !statedExample(field0) && (reached || statedData(field0.default) === undefined) && [undefined, 'string'].includes(stated(field0.type) as string | undefined)) {
        const allowed = stated(field0.allowed);
        const pick = Array.isArray(allowed) ? states.find((st) => allowed.includes(st)) : states[0];
        if (pick !== undefined) {
          v[name] = pick;
          continue;
        }
      }
      if (Object.hasOwn(v, name)) {
        walk(v[name], f, depth + 1);
        continue;
      }
      const field = asShape(f);
      if (!field || stated(field.required) !== true) continue;
      const kind = stated(field.type);
      const minItems = stated(field.min_items);
      if (kind === 'array' && (typeof minItems !== 'number' || minItems <= 0)) v[name] = [];
      else if (kind === 'map' && typeof stated(field.min_properties) !== 'number') v[name] = {};
      else if (stated(field.nullable) === true) v[name] = null;
      else (holdsItself(analysis, field, mode) ? unfilled : cut).push(`${object.resource ?? 'the body'}.${name}`);
    }
  };
  walk(value, s, 0);
  const left = [...new Set(cut)];
  cut.length = 0;
  cut.push(...left);
  return [...new Set(unfilled)];
}

/** Places `holdsItself` visits at most; past it, a shape is taken as finite (the refusal then names the generator's bound, not an impossible shape). */
const SELF_VISITS = 10_000;

/**
 * Whether no finite value fits a shape: through fields that must be there (required, travelling
 * this way, not a list or map that may be empty, not nullable) it reaches a resource inside itself
 * (`Node.parent: Node`, or `A.b: B` with `B.a: A`). A stated value makes a shape finite.
 */
function holdsItself(analysis: Analysis, s: unknown, mode: ExampleMode): boolean {
  let visits = 0;
  const walk = (shape: unknown, within: ReadonlySet<string>): boolean => {
    if (++visits > SELF_VISITS) return false;
    const sv = asShape(shape);
    if (!sv || statedValue(sv)) return false;
    const type = stated(sv.type);
    if (type === 'array') {
      const min = stated(sv.min_items);
      return typeof min === 'number' && min > 0 && walk(stated(sv.items), within);
    }
    if (type === 'map') return typeof stated(sv.min_properties) === 'number' && walk(stated(sv.values), within);
    const of = stated(sv.of);
    if (type === 'all_of' && Array.isArray(of)) return of.some((o) => walk(o, within));
    if ((type === 'one_of' || type === 'any_of') && Array.isArray(of)) return of.length > 0 && of.every((o) => walk(o, within));
    let inside = within;
    let fields = type === undefined || type === 'object' ? statedObj(sv.fields) : undefined;
    if (typeof type === 'string' && type !== 'object' && isResourceType(type)) {
      if (within.has(type)) return true;
      inside = new Set([...within, type]);
      const item = findItem(analysis.spec, 'resources', type);
      const value = stated(item?.data.value);
      if (isObj(value)) return walk(value, inside);
      fields = statedObj(item?.data.fields);
    }
    return Object.values(fields ?? {}).some((f) => {
      const field = asShape(f);
      return field !== undefined && travels(f, mode, analysis) && !leftOut(f, mode) && stated(field.required) === true && stated(field.nullable) !== true && walk(field, inside);
    });
  };
  return walk(s, new Set());
}
