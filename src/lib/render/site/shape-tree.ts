import { flagThrough, isResourceType } from '../../areas/shape.ts';
import { idSegment } from '../../facet/ids.ts';
import { facetState, isGap, isObj, stated, type Obj } from '../../facet/state.ts';
import { allowedValues, hasField } from '../../areas/discriminator-value.ts';
import { conflicting, type ExampleMode } from '../example.ts';
import { continuedPath, facetAnchor, facetPath, itemPath, pageOf } from './paths.ts';
import type { BaseView, ContinuedView, DiscriminatorView, FacetView, InlineView, LinkView, NamedExampleView, PartView, ShapeChildren, ShapeView } from './views.ts';

/**
 * Shape trees as reference pages show them. A type that names a resource shows the resource in
 * place (its fields, with its description) at one place of the page; everywhere else the page
 * names it, a link to that place, and for a recursive shape a link to the place around it. Levels
 * from the third are folded (`<details>`). A page shows resources in place breadth first, at any
 * depth: every resource its bodies carry, then those their fields name, then the next level,
 * until what its trees show (its own item's inline shapes and other items' alike) weighs
 * `TREE_BYTES`; past that, a named resource says that the page shows no more and links to its page,
 * and an object's fields (an array's items, a union's variants) are not shown in place but say so,
 * naming the open gaps below them (their anchors stay on the page), the item's continued pages of
 * the print version showing them whole (`paginate`). A place larger than what the page has left
 * (a resource's 9,000 fields, its own top-level list being a place like any other) is shown in
 * parts: its first rows, then a cut that says how many and links on, part after part. A resource that is a single scalar value (a
 * `RuleTag` that is a string) is shown in place wherever it is named: its type, constraints and
 * description. An `all_of` of objects is shown as the fields it merges, each with where it comes
 * from. A request's tree leaves out read-only fields, a response's write-only ones.
 */

/**
 * What a page's trees show in place, its own item's shapes and other items' alike, in bytes of HTML
 * as `weigh` estimates them (not below what is written): the budget of a page, every page of the
 * print version's too (`PRINT_BYTES`). Under 2 MB with the rest of the page (its examples, code
 * samples and frame): GitHub's largest page stays under 2 MB, the median page under 60 KB; an
 * import that inlines one 500-field tree thirteen times made a 4.4 MB page while only named
 * resources counted, and t3132g's generated document 1.4 MB pages while the estimate left out ids.
 */
export const TREE_BYTES = 800_000;

/**
 * About what saying in place that the page shows no more weighs, its link to the continued page
 * included (by `weigh`'s measure): fields that weigh no more than this are shown all the same (an
 * array's one item, a union of two types).
 */
const NOTE_BYTES = 1_500;

/**
 * How much of the open gaps of the rows a page cuts it shows as chips where it cuts them (by
 * `weigh`'s measure of a chip, one chip at least): the rest, past it, are counted there and linked
 * to the print version's continued page that shows them, each with its question, keeping on the
 * page only its anchor (which the gaps page and the authoring facts link to). A page over its
 * budget listed every chip of its cut rows (F32 #4).
 */
export const CUT_CHIP_BYTES = 24_000;

/** Whether a row holds an open gap of its own (a facet anchored on this page that is not stated), at any depth. */
function holdsGap(view: unknown, seen = new Set<unknown>()): boolean {
  if (view === null || typeof view !== 'object' || seen.has(view)) return false;
  seen.add(view);
  const v = view as { state?: unknown; anchor?: unknown };
  if (typeof v.state === 'string' && v.state !== 'stated' && v.state !== 'none' && typeof v.anchor === 'string' && v.anchor !== '') return true;
  return Object.values(view).some((x) => holdsGap(x, seen));
}

/** What a gap's chip weighs, by `weigh`'s measure, and what its bare anchor weighs where it is not shown. */
const chipBytes = (f: FacetView): number => 300 + 3 * (f.id.length + 16);
const anchorBytes = (f: FacetView): number => 40 + 2 * (f.id.length + 16);

/** The open gaps of a page's cut rows as its cut shows them: the first as chips, within `CUT_CHIP_BYTES` (one at least); the others only counted, their anchors kept. */
export function cutChips(gaps: readonly FacetView[]): { shown: FacetView[]; rest: FacetView[] } {
  let used = 0;
  let k = 0;
  while (k < gaps.length && (k === 0 || used + chipBytes(gaps[k] as FacetView) <= CUT_CHIP_BYTES)) used += chipBytes(gaps[k++] as FacetView);
  return { shown: gaps.slice(0, k), rest: gaps.slice(k) };
}

/** What a cut's gaps weigh on the page (see `cutChips`). */
const cutGapBytes = (gaps: readonly FacetView[]): number => {
  const { shown, rest } = cutChips(gaps);
  return shown.reduce((n, f) => n + chipBytes(f), 0) + rest.reduce((n, f) => n + anchorBytes(f), 0);
};

/**
 * How many allowed values another item's shape lists where it is used, past `ALLOWED_SLACK` more:
 * the rest are on its own page (t32h: a 600-value time zone enum named by 120 fields made a 4.5 MB
 * page, each use listing all 600).
 */
const ALLOWED_SHOWN = 40;
const ALLOWED_SLACK = 20;

/**
 * What an item's own list of allowed values weighs at most to be listed whole in its row (600 time
 * zones, 25 KB, are): a longer one is cut there as a parameter's is, and listed whole on continued
 * pages (t32l #1: one field's 36,000 values made a 2.4 MB page, as the budget cuts between rows).
 */
const LIST_BYTES = TREE_BYTES / 8;

/** What a list of allowed values weighs in a row, as `weigh` counts it. */
const listWeight = (values: readonly string[]): number => values.reduce((n, v) => n + 30 + v.length, 0);

/** What a discriminator's mapping weighs: a row writes its value, its type as the link's label and title, and the link's address. */
const mappingWeight = (mapping: DiscriminatorView['mapping']): number => mapping.reduce((n, m) => n + 80 + m.value.length + 2 * m.type.length + (m.link?.path.length ?? 0), 0);

/** A base's mapping of more values than this is folded where a subtype shows the base's fields (`DiscriminatorView.folded`). */
const MAPPING_OPEN = 12;

/** Shapes at this level and deeper are folded: a body's fields are level 1, their fields level 2. */
export const FOLDED_LEVEL = 3;

/** How deep an `all_of` is merged through the resources it names (each a part of the next). */
const MERGE_DEPTH = 16;

const FLAGS = ['nullable', 'read_only', 'write_only', 'deprecated'] as const;
const CONSTRAINTS: ReadonlyArray<[string, string]> = [
  ['minimum', '≥'],
  ['exclusive_minimum', '>'],
  ['maximum', '≤'],
  ['exclusive_maximum', '<'],
  ['multiple_of', 'multiple of'],
  ['min_length', 'min length'],
  ['max_length', 'max length'],
  ['pattern', 'pattern'],
  ['min_items', 'min items'],
  ['max_items', 'max items'],
  ['unique_items', 'unique items'],
];
/** Keys of a shape the tree places; anything else it states is an extra. */
const SHAPE_KEYS = new Set(['type', 'required', 'description', 'format', 'allowed', 'default', 'examples', 'named_examples', 'discriminator', 'fields', 'items', 'values', 'of', ...FLAGS, ...CONSTRAINTS.map(([k]) => k)]);
const SCALARS: ReadonlySet<string> = new Set(['string', 'integer', 'number', 'boolean', 'null']);
const COMBINATIONS: ReadonlySet<string> = new Set(['one_of', 'any_of', 'all_of']);

/**
 * Where a shape sits: its level, whether it is another item's (shown in place), the resources
 * around it, and whether it is sent (`request`: read-only fields left out) or received
 * (`response`: write-only fields left out); neither on a resource's own page, which shows all.
 */
/** `ownValues`: a shape whose long list of allowed values the page cuts though it is its own (a parameter's, a header's: its endpoint's page is the only one that shows it, a header's once per status), listed whole on continued pages (`valuePages`). */
export type Place = { level: number; borrowed: boolean; within: ReadonlySet<string>; mode?: ExampleMode; ownValues?: true };

/** The top of a tree: a body, a parameter list, a resource's own fields (`within` the resource itself). */
export const top = (within: readonly string[] = [], mode?: ExampleMode): Place => ({ level: 0, borrowed: false, within: new Set(within), ...(mode ? { mode } : {}) });

/** What the trees read: facets and details by id (the page's own item's, or another's), links, resources. */
export interface TreeContext {
  facet(id: string): FacetView | undefined;
  /** The keys of the facets directly under an owner (`type`, `fields`…), when it is known which there are. */
  keysUnder(id: string): ReadonlySet<string> | undefined;
  detailOf(ownerId: string, key: string): FacetView | undefined;
  /** Notes a value an owner states as shown, so that the page does not list it again. */
  place(id: string): void;
  /** The values an owner states besides its facets, minus the keys given. */
  details(ownerId: string, skip: ReadonlySet<string>): FacetView[];
  /** Facets directly under an owner that none of the given keys place. */
  otherFacets(ownerId: string, placed: ReadonlySet<string>): FacetView[];
  link(area: 'resources', id: string): LinkView | undefined;
  item(area: 'resources', id: string): Obj | undefined;
  /** Prose as safe HTML, its relative links resolved against `page`. */
  prose(text: string, page: string): string;
  /** Prefixes the trees' anchors: unique per item, so that a page showing many items has each id once. */
  scope: string;
  /**
   * Where another item's shape lists its allowed values whole: its own list's first continued page
   * of the print version, else the page (item or continued) that holds its row, with its anchor
   * (t32l #2: a link to a resource page that its budget had cut led nowhere). Undefined where not
   * known: its item's page, at its anchor.
   */
  wholeAt?(id: string): string | undefined;
  /** The page's view context, when the trees have one: what links to a resource (its subtypes, for a discriminator that states no mapping), the read noted. */
  readonly view?: { need(dep: `in:${string}`): void; index: { analysis: { graph: { incoming: ReadonlyMap<string, ReadonlyArray<{ from: string }>> } } } };
}

/**
 * A place of a page's trees that the budget decides on, breadth first: an object's fields, an
 * array's items, a map's values or a union's variants (`children`), or a resource a type names
 * (`named`). `level` is that of the shapes it would show, `weight` what they weigh (the shapes
 * nested in them are places of their own), `parent` the place it sits in: none at the top of a
 * tree (a body, a parameter), which is always shown.
 */
type Unit = {
  level: number;
  parent: Unit | undefined;
  weight: number;
  state?: 'shown' | 'cut' | 'hidden';
  children?: ShapeChildren;
  named?: { view: InlineView; resource: string; at: Place };
  /** The shape whose `children` these are: the head line a continued page repeats above them (none for a resource's own fields at the top of its page). */
  owner?: ShapeView;
  /** What each of `children.shapes` weighs here (a field's row with what later parts of an `all_of` say of it): where a place can be shown in parts. */
  rows?: number[];
  /** Which row of its parent this place is in (`Infinity`: the fields a request or response leaves out, shown after the last row). */
  slot?: number;
  /** Shown in part: the first rows the page has room for, the rest cut (`children.cut.shown`). */
  shownRows?: number;
};

/** The trees of one page, as `shapeTrees` makes them. */
export type ShapeTrees = ReturnType<typeof shapeTrees>;

/** The flag a place leaves out: read-only fields are not sent, write-only ones not received. */
const hiddenFlag = (at: Place): 'read_only' | 'write_only' | undefined => (at.mode === 'request' ? 'read_only' : at.mode === 'response' ? 'write_only' : undefined);


/** A facet stated true (a field's `required`). */
const isRequired = (f: FacetView | undefined): boolean => f?.state === 'stated' && f.text === 'true';

/**
 * Whether a later part of an `all_of` says of a field only whether it is required: no key but
 * `required` and a `type` that is the earlier part's (ix-api's parts listing the required names).
 */
function onlyRequires(later: unknown, earlier: unknown): boolean {
  if (!isObj(later)) return false;
  const typeOf = (x: unknown) => (typeof x === 'string' ? x : isObj(x) ? stated(x.type) : undefined);
  return Object.keys(later).every((k) => k === 'required' || (k === 'type' && typeOf(later) !== undefined && typeOf(later) === typeOf(earlier)));
}

/** Whether a field's row would show its name only (what it says of being required, the merged row's badge says). */
const saysNothing = (s: ShapeView): boolean =>
  s.type === undefined && s.title === undefined && s.description === undefined && s.format === undefined && s.allowed === undefined && s.default === undefined && s.examples === undefined &&
  s.named === undefined && s.discriminator === undefined && s.inline === undefined && s.also === undefined && (s.required === undefined || (s.required.state === 'stated' && !isRequired(s.required))) &&
  s.flags.length === 0 && s.constraints.length === 0 && s.children.length === 0 && s.extras.length === 0;

/** Whether a field's own description holds its type's whole, word for word (spaces aside). */
function saidAlready(own: unknown, type: unknown): boolean {
  if (typeof own !== 'string' || typeof type !== 'string') return false;
  const words = (t: string) => t.replace(/\s+/g, ' ').trim();
  return words(type) !== '' && words(own).includes(words(type));
}

/** A resource's single value, when it is a scalar (a string, a number...) with nothing nested: shown in place wherever it is named. */
function scalarValue(data: Obj): Obj | undefined {
  const value = stated(data.value);
  if (!isObj(value)) return undefined;
  const type = stated(value.type);
  return typeof type === 'string' && SCALARS.has(type) && value.fields === undefined && value.items === undefined && value.of === undefined ? value : undefined;
}

/**
 * The trees of one page: `shape` builds them with each named resource as a link, to be shown in
 * place by `finish`, breadth first; `borrowed` says how many shapes of other items that took.
 */
export function shapeTrees(ctx: TreeContext) {
  /** A field's stated value of a flag is true: its own, or its named type's (`flagThrough`). */
  const flagged = (value: unknown, flag: string) => flagThrough(value, flag, (t) => ctx.item('resources', t)) === true;
  /** The anchor of each resource shown in place, by mode and resource (a request's tree of it is not a response's). */
  const shown = new Map<string, string>();
  /** The places the budget decides on, by level, in page order (a place before the places inside it): each shown, cut or (inside a cut one) hidden by `finish`. */
  const queue: Unit[][] = [];
  /** The place whose shapes are being made: what they weigh is its. */
  let current: Unit | undefined;
  let borrowed = 0;
  let spent = 0;
  /** What of `spent` the print version shows too: all but the resources shown in place (it prints each in its own section). */
  let printed = 0;
  /** Every place, in the order made (page order, a place before those inside it), and each one's place by its children. */
  const units: Unit[] = [];
  const unitOf = new Map<ShapeChildren, Unit>();
  /** The item's continued pages (`continuedPath`, from 2), each what its cut places show there. */
  const continued: ContinuedView[][] = [];
  let cuts = 0;
  /** Each discriminator mapping made, by the id of the shape stating it, with the place it sits in: the page lists each once (`listOnce`). */
  const tables: Array<{ key: string; view: DiscriminatorView; unit: Unit | undefined; row: number | undefined; full: number; paid: number }> = [];
  /** The row of the current place being made (`row`), where there is one: a mapping on a continued page is counted on the page that shows its row. */
  let rowNow: number | undefined;
  const charged = new Set<string>();
  /** The shapes whose own long list of values the page cuts (`Place.ownValues`, `LIST_BYTES`), each with the list whole. */
  const longLists: Array<{ shape: ShapeView; values: string[] }> = [];
  /** The page's own mappings it cuts (`LIST_BYTES`), by the id of the shape stating each, with the mapping whole and the link each place shows. */
  const longMappings = new Map<string, { view: DiscriminatorView; mapping: DiscriminatorView['mapping']; more: NonNullable<DiscriminatorView['more']> }>();

  /** Weight of the place being made, or of the page at the top of a tree (always shown). */
  const charge = (bytes: number): void => {
    if (current) current.weight += bytes;
    else {
      spent += bytes;
      printed += bytes;
    }
  };

  /**
   * A new place inside the current one, queued at its level (never above its parent's: a place
   * made while `finish` shows a resource joins the level being decided); `inside` makes its shapes.
   */
  function enter(level: number, named?: Unit['named']): Unit {
    const unit: Unit = { level: Math.max(level, current?.level ?? 0), parent: current, weight: 0, ...(named ? { named } : {}) };
    (queue[unit.level] ??= []).push(unit);
    units.push(unit);
    return unit;
  }

  /** Notes which place holds a shape's children (its fields, items, variants). */
  function hold(unit: Unit, children: ShapeChildren): void {
    unit.children = children;
    unitOf.set(children, unit);
  }

  /** Makes a place's shapes with it as the current place. */
  function inside<T>(unit: Unit, make: () => T): T {
    const before = current;
    const beforeRow = rowNow;
    current = unit;
    rowNow = undefined;
    const made = make();
    current = before;
    rowNow = beforeRow;
    return made;
  }
  /**
   * Makes row `index` of the current place (a field, a variant; `Infinity` for one the place leaves
   * out), noting what it weighs and which places inside it belong to it: a place larger than a page
   * is shown in parts, row by row (t32h: a resource's 9,000 fields made a 2.6 MB page).
   */
  function row<T>(index: number, make: () => T): T {
    const unit = current;
    if (!unit) return make();
    const weight = unit.weight;
    const made = units.length;
    const beforeRow = rowNow;
    rowNow = Number.isFinite(index) ? index : undefined;
    const out = make();
    rowNow = beforeRow;
    if (Number.isFinite(index)) {
      const rows = (unit.rows ??= []);
      rows[index] = (rows[index] ?? 0) + unit.weight - weight;
    }
    for (const u of units.slice(made)) if (u.parent === unit) u.slot = index;
    return out;
  }

  /** The resources whose stated examples a body of the page shows as its own: their trees here leave that row out. */
  const examplesElsewhere = new Set<string>();

  /**
   * What a shape adds to the page, in bytes of its HTML as the components write it (its children
   * are counted as they are made), the page's own or another item's. Calibrated on built pages so
   * that it is not below what is written (t3132g: the estimate was about a third of it, as it left
   * out the ids): the page's own shape writes its id as its anchor, as `data-shape` and as each
   * facet's `data-facet`; an open gap is a chip that writes it three times more (its anchor, its
   * link, its label); each nested list has its heading.
   */
  function weigh(s: ShapeView): void {
    if (!s.anchor) borrowed++;
    const id = s.anchor === '' ? 0 : s.id.length + 16;
    let bytes = 160 + 2 * id + (s.name?.length ?? 0) + 200 * s.children.length;
    for (const f of [s.type, s.description, s.format, s.allowed, s.default, s.examples, s.required, ...s.flags, ...s.constraints.map((c) => c.facet), ...s.extras]) {
      if (!f) continue;
      bytes += 70 + id + (f.html?.length ?? 0) + (f.text?.length ?? 0) + (f.items ?? []).reduce((n, x) => n + 30 + x.length, 0);
      if (isGap(f.state)) bytes += 300 + 3 * (f.id.length + 16);
    }
    charge(bytes);
  }

  function shape(id: string, value: unknown, name: string | undefined, at: Place, origin?: LinkView): ShapeView {
    const present = ctx.keysUnder(id);
    const own = (key: string) => (present === undefined || present.has(key) ? ctx.facet(`${id}/${key}`) : undefined);
    const type = own('type');
    const out: ShapeView = {
      id,
      // Another item's shape has no anchor here (its own page has it).
      anchor: at.borrowed ? '' : facetAnchor(id),
      ...(name !== undefined ? { name } : {}),
      ...(origin ? { origin } : {}),
      ...(type ? { type } : {}),
      flags: FLAGS.flatMap((k) => own(k) ?? []),
      constraints: CONSTRAINTS.flatMap(([k, label]) => {
        const f = own(k);
        return f ? [{ label, facet: f }] : [];
      }),
      children: [],
      extras: [],
    };
    const v = isObj(value) ? value : {};
    const typeName = stated(v.type);
    if (typeof typeName === 'string' && isResourceType(typeName)) {
      const link = ctx.link('resources', typeName);
      if (link) out.typeLink = link;
      const inline = inlined(typeName, at);
      if (inline) out.inline = inline;
    }
    const optional = { required: own('required') ?? ctx.detailOf(id, 'required'), description: own('description'), format: own('format'), allowed: own('allowed'), default: own('default'), examples: own('examples') };
    for (const [k, f] of Object.entries(optional)) if (f) (out as Record<string, unknown>)[k] = f;
    // The type's words where the field's own already hold them (t32s R8: drf-spectacular writes an enum's 17-line list in the
    // field's description and in the enum's): said once, as the field's.
    if (out.inline?.descriptionHtml !== undefined && typeof typeName === 'string' && saidAlready(stated(v.description), stated(ctx.item('resources', typeName)?.description))) delete out.inline.descriptionHtml;
    // Another item's long list of values is its page's to list whole: here, the first ones and a count.
    const values = out.allowed?.items;
    if (at.borrowed && out.allowed && values && values.length > ALLOWED_SHOWN + ALLOWED_SLACK) {
      out.allowed = { ...out.allowed, items: values.slice(0, ALLOWED_SHOWN) };
      out.allowedMore = { count: values.length - ALLOWED_SHOWN, path: ctx.wholeAt?.(id) ?? facetPath(id) };
    } else if (!at.borrowed && out.allowed && values && values.length > ALLOWED_SHOWN + ALLOWED_SLACK && (at.ownValues || listWeight(values) > LIST_BYTES)) {
      // Its own page is this one (t32j: a parameter's 6,000 values made one 216 KB row; t32l #1: a
      // field's 36,000 a 2.4 MB resource page, a header's 9,000 under four statuses a 2.4 MB endpoint
      // page): the first ones here, all on continued pages (`valuePages` says where).
      out.allowed = { ...out.allowed, items: values.slice(0, ALLOWED_SHOWN) };
      out.allowedMore = { count: values.length - ALLOWED_SHOWN, path: '', continued: true };
      longLists.push({ shape: out, values });
    }
    // A stated title is the shape's name for a reader (a variant's "Log normal"), not a row of its own.
    const title = typeof v.title === 'string' && v.title.trim() !== '' ? ctx.detailOf(id, 'title') : undefined;
    if (title?.text !== undefined) out.title = title.text;
    const told = discriminator(id, v, own('discriminator'), at.borrowed);
    if (told) out.discriminator = told;
    const named = namedExamples(v.named_examples, (text) => ctx.prose(text, pageOf(id)));
    if (named.length > 0) {
      ctx.place(`${id}/named_examples`);
      out.named = named;
    }
    const fields = own('fields');
    if (fields) out.children.push(fieldsOf(id, stated(v.fields), fields, at));
    // An array's items and a map's values sit at the level of the array or map: their fields are one deeper.
    for (const kind of ['items', 'values'] as const) {
      const f = own(kind);
      if (!f) continue;
      const inner = stated(v[kind]);
      const unit = enter(at.level);
      const shapes = inside(unit, () => (isObj(inner) ? [shape(`${id}/${kind}`, inner, undefined, at)] : typeof inner === 'string' ? [byName(`${id}/${kind}`, inner, at)] : []));
      const children: ShapeChildren = { kind, facet: f, shapes };
      hold(unit, children);
      out.children.push(children);
    }
    const of = own('of');
    if (of) out.children.push(variantsOf(id, typeof typeName === 'string' ? typeName : undefined, stated(v.of), of, at, out));
    out.extras = [...out.extras, ...ctx.details(id, new Set(['required', 'named_examples', ...(out.title !== undefined ? ['title'] : [])])), ...ctx.otherFacets(id, SHAPE_KEYS)];
    for (const c of out.children) {
      const unit = unitOf.get(c);
      if (unit) unit.owner = out;
    }
    weigh(out);
    return out;
  }

  /** An object's fields one level down, folded from the third level; the fields the place leaves out named apart (shown folded where they are the page's own). */
  function fieldsOf(id: string, value: unknown, facet: FacetView, at: Place): ShapeChildren {
    const level = at.level + 1;
    const hidden = hiddenFlag(at);
    const entries = Object.entries(isObj(value) ? value : {});
    const kept = entries.filter(([, f]) => !(hidden && flagged(f, hidden)));
    const left = entries.filter(([, f]) => hidden && flagged(f, hidden));
    const make = ([n, f]: [string, unknown]) => shape(`${id}/fields/${idSegment(n)}`, f, n, { ...at, level });
    const unit = enter(level);
    const [shapes, leftShapes] = inside(unit, () => [kept.map((e, i) => row(i, () => make(e))), at.borrowed ? undefined : left.map((e) => row(Infinity, () => make(e)))] as const);
    const children: ShapeChildren = {
      kind: 'fields',
      facet,
      shapes,
      ...(level >= FOLDED_LEVEL ? { folded: true as const } : {}),
      ...(hidden && left.length > 0 ? { leftOut: { flag: hidden === 'read_only' ? 'read-only' : 'write-only', names: left.map(([n]) => n), ...(leftShapes ? { shapes: leftShapes } : {}) } } : {}),
    };
    hold(unit, children);
    return children;
  }

  /** A union's or combination's variants, each named by its type; an `all_of` of objects as the fields it merges, where it can be. */
  function variantsOf(id: string, type: string | undefined, value: unknown, facet: FacetView, at: Place, owner: ShapeView): ShapeChildren {
    const unit = enter(at.level + 1);
    const children = inside(unit, () => combinedOf(id, type, value, facet, at, owner));
    hold(unit, children);
    return children;
  }

  /** `variantsOf`'s children, made inside their place. */
  function combinedOf(id: string, type: string | undefined, value: unknown, facet: FacetView, at: Place, owner: ShapeView): ShapeChildren {
    const variants = Array.isArray(value) ? value : [];
    const combine = type !== undefined && COMBINATIONS.has(type) ? (type as 'one_of' | 'any_of' | 'all_of') : undefined;
    const level = at.level + 1;
    const fold = level >= FOLDED_LEVEL ? { folded: true as const } : {};
    if (combine === 'all_of') {
      // A union among the parts (`allOf [Base, oneOf […], {required: [x]}]`): the other parts' fields are merged, so that a part
      // that requires a field badges the row, and the union is said beside them as a part that holds too (t32k #4: AppCenter's rows lost their badges).
      // A part written in place that is itself only an `all_of` (`allOf [{allOf [object, oneOf […]]}, Base]`, PeerTube's
      // VideoCreateImport) is opened into its parts, so that its union is said beside the merged fields too (t32 D11).
      const flat = flatParts(id, variants, 0);
      const parts = flat.map((p) => p.x);
      const unions = parts.length > 1 ? parts.flatMap((x, i) => (isUnionPart(x) ? [i] : [])) : [];
      const merged = unions.length < parts.length ? mergedFields(id, parts, at, owner, new Set(unions), flat.map((p) => p.id)) : undefined;
      if (merged) {
        // The unions come after the merged fields, each named among the parts by what it is ("one of (9)", t32r N1: the page opened with "And, …" before the fields).
        const said = unions.map((i) => row(Infinity, () => shape((flat[i] as { id: string }).id, parts[i] as Obj, undefined, { ...at, level })));
        const named = [...(merged.parts ?? [])];
        for (const [k, i] of unions.entries()) {
          const x = parts[i] as Obj;
          const of = stated(x.of);
          const label = `${stated(x.type) === 'any_of' ? 'any of' : 'one of'}${Array.isArray(of) ? ` (${of.length})` : ''}`;
          // In the parts' order: after the parts merged before it.
          const before = parts.slice(0, i).filter((_, j) => !unions.includes(j)).length;
          named.splice(Math.min(before + k, named.length), 0, { own: true, label, extras: [] });
        }
        const requires = unionsRequire(unions.map((i) => parts[i]), merged.shapes);
        return { kind: 'fields', facet, ...merged, parts: named, ...(said.length > 0 ? { unions: said } : {}), ...(requires ? { unionsRequire: requires } : {}), combine, ...fold };
      }
    }
    return {
      kind: 'variants',
      facet,
      ...(combine ? { combine } : {}),
      shapes: variants.map((x, i) => row(i, () => (isObj(x) ? shape(`${id}/of/${i}`, x, undefined, { ...at, level }) : byName(`${id}/of/${i}`, x, { ...at, level })))),
      ...fold,
    };
  }

  /**
   * What the unions among an `all_of`'s parts require of its merged fields, where every variant of
   * each says which fields it requires (t32s R6: influx's `DBRP`, `oneOf [{required: [orgID, bucketID…]},
   * {required: [org, bucketID…]}]`, was headed "all optional"): the fields every variant requires
   * that no row is marked required for, and for each union the names that differ from variant to
   * variant. Undefined where they require nothing more of the rows.
   */
  function unionsRequire(unions: readonly unknown[], rows: readonly ShapeView[]): ShapeChildren['unionsRequire'] {
    const marked = new Set(rows.filter((r) => isRequired(r.required)).map((r) => r.name));
    const always = new Set<string>();
    const choices: string[][][] = [];
    for (const u of unions) {
      const of = isObj(u) ? stated(u.of) : undefined;
      const each = Array.isArray(of) ? of.map(requiredNames) : [];
      if (each.length === 0 || each.some((n) => n === undefined)) continue;
      const lists = each as string[][];
      const common = (lists[0] ?? []).filter((n) => lists.every((l) => l.includes(n)));
      for (const n of common) if (!marked.has(n)) always.add(n);
      const rest = lists.map((l) => l.filter((n) => !common.includes(n) && !marked.has(n)));
      if (rest.every((r) => r.length > 0)) choices.push(rest);
    }
    return always.size > 0 || choices.length > 0 ? { always: [...always], choices } : undefined;
  }

  /** The fields a variant requires (an object's fields written in place, or a resource's), undefined where it is neither. */
  function requiredNames(x: unknown): string[] | undefined {
    const data = typeof x === 'string' && isResourceType(x) ? ctx.item('resources', x) : undefined;
    const fields = isObj(x) ? stated(x.fields) : data ? stated(data.fields) ?? (isObj(stated(data.value)) ? stated((stated(data.value) as Obj).fields) : undefined) : undefined;
    if (!isObj(fields)) return undefined;
    return Object.entries(fields).flatMap(([n, f]) => (isObj(f) && (stated(f.required) === true || stated(f.required) === 'true') ? [n] : []));
  }

  /** An `all_of`'s parts, each with its id, a part written in place that is an `all_of` and nothing else opened into its own parts (bounded). */
  function flatParts(id: string, variants: readonly unknown[], depth: number): Array<{ x: unknown; id: string }> {
    return variants.flatMap((x, i) => {
      const at = `${id}/of/${i}`;
      const of = isObj(x) ? stated(x.of) : undefined;
      if (depth < MERGE_DEPTH && isObj(x) && stated(x.type) === 'all_of' && Array.isArray(of) && Object.keys(x).every((k) => k === 'type' || k === 'of')) return flatParts(at, of, depth + 1);
      return [{ x, id: at }];
    });
  }

  /** A part of an `all_of` written in place that is a union and nothing else: no fields of its own beside its variants. */
  const isUnionPart = (x: unknown): boolean => isObj(x) && (stated(x.type) === 'one_of' || stated(x.type) === 'any_of') && x.fields === undefined;

  /**
   * The fields an `all_of` merges, in order, each with the resource it comes from (none for the
   * combination's own); undefined when a part is not an object of fields (a string with a
   * pattern, a union), so the parts are shown one by one. What the combination's own parts state
   * besides their fields joins its extras.
   */
  function mergedFields(
    id: string,
    variants: readonly unknown[],
    at: Place,
    owner: ShapeView,
    unions: ReadonlySet<number> = new Set(),
    ids?: readonly string[],
    /** Resources whose fields the page shows just above (a base, where its kinds are shown): a part naming one adds nothing here. */
    above: ReadonlySet<string> = new Set(),
  ): Pick<ShapeChildren, 'shapes' | 'parts' | 'partGroups' | 'leftOut'> | undefined {
    type Part = { ownerId: string; fields: Obj; origin?: LinkView; at: Place; own: boolean; title?: string };
    const parts: Part[] = [];
    /** The resources the parts name that say something of themselves: their descriptions and discriminators, shown where their fields are merged. */
    const bases: BaseView[] = [];
    /**
     * Those resources, as the parts are collected: their views are made once every part is merged
     * (t32i: a chain of parts that did not merge noted its base's mapping as listed, and the page
     * linked to a mapping it did not show).
     */
    const baseParts: Array<{ x: string; data: Obj; link: LinkView }> = [];
    /** The all-ofs written in place among the parts, opened into them (`from` to `to`), with their own descriptions. */
    const groups: Array<{ from: number; to: number; description: FacetView }> = [];
    const collect = (x: unknown, ownerId: string, where: Place, origin: LinkView | undefined, depth: number): boolean => {
      if (depth > MERGE_DEPTH) return false;
      // A part that says only that it is an object (Betfair's `allOf [RequestMessage, {type: object}]`): no fields to merge, nothing a reader needs said (t32k #7).
      if (x === 'object') return true;
      if (typeof x === 'string' && above.has(x)) return true;
      if (typeof x === 'string') {
        const data = isResourceType(x) && !where.within.has(x) ? ctx.item('resources', x) : undefined;
        const link = data ? ctx.link('resources', x) : undefined;
        if (!data || !link) return false;
        const inside: Place = { ...where, borrowed: true, within: new Set(where.within).add(x) };
        baseParts.push({ x, data, link });
        const fields = stated(data.fields);
        if (isObj(fields)) {
          parts.push({ ownerId: `resources/${x}`, fields, origin: link, at: inside, own: false });
          return true;
        }
        return collect(stated(data.value), `resources/${x}/value`, inside, link, depth + 1);
      }
      if (!isObj(x)) return false;
      const type = stated(x.type);
      if (type === 'all_of') {
        const of = stated(x.of);
        const from = parts.length;
        const ok = Array.isArray(of) && of.every((y, i) => collect(y, `${ownerId}/of/${i}`, where, origin, depth + 1));
        // An all-of written in place as a part, opened into its parts: its own words are said once, as those parts' (t32t S4:
        // datamigration's "ARM tracked top level resource." around "ARM resource." and `location` was on no part of the tree).
        const description = ok && origin === undefined ? ctx.facet(`${ownerId}/description`) : undefined;
        if (description) groups.push({ from, to: parts.length, description });
        return ok;
      }
      if (typeof type === 'string' && isResourceType(type)) return collect(type, ownerId, where, origin, depth + 1);
      // A part that states it has no fields (`properties: {}`, read as fields stated none) merges as nothing: it is named among
      // the parts and adds no row (t32t S7: Bing's `Answer` turned every type built on it into unmerged "Variants").
      const none = facetState(x.fields) === 'none';
      const fields = none ? {} : stated(x.fields);
      if ((type !== undefined && type !== 'object') || !isObj(fields) || x.items !== undefined || x.values !== undefined || x.of !== undefined) return false;
      parts.push({ ownerId, fields, ...(origin ? { origin } : {}), at: where, own: origin === undefined, ...(typeof x.title === 'string' && x.title.trim() !== '' ? { title: x.title } : {}) });
      return true;
    };
    if (!variants.every((x, i) => unions.has(i) || collect(x, ids?.[i] ?? `${id}/of/${i}`, at, undefined, 0))) return undefined;
    // The type these fields are (a resource's value): a base's discriminator tells apart only it and its descendants here.
    const self = /^resources\/([^/]+)\/value$/.exec(id)?.[1];
    for (const { x, data, link } of baseParts) {
      const base = baseOf(x, data, link, self);
      if (base) bases.push(base);
    }
    const level = at.level + 1;
    const hidden = hiddenFlag(at);
    const shapes: ShapeView[] = [];
    const byName = new Map<string, ShapeView>();
    /** Each merged field's row. */
    const rowOf = new Map<string, number>();
    /** Each merged field's value as its first part states it. */
    const firstValues = new Map<string, unknown>();
    const leftNames: string[] = [];
    const leftShapes: ShapeView[] = [];
    // A part written in place is named by its title; untitled, "its own fields" where it is the only
    // one, else by its place ("part 2"), and where there are several its fields say which they come from.
    const several = parts.filter((p) => p.own).length > 1;
    const labels = new Map<Part, PartView>();
    for (const [i, part] of parts.entries()) {
      if (part.own) labels.set(part, ownPart(part.ownerId, part.title ?? (several ? `part ${i + 1}` : 'its own fields')));
      const label = several ? labels.get(part)?.label : undefined;
      for (const [n, f] of Object.entries(part.fields)) {
        const made = () => {
          const field = shape(`${part.ownerId}/fields/${idSegment(n)}`, f, n, { ...part.at, level }, part.origin);
          if (label !== undefined) field.part = label;
          return field;
        };
        if (hidden && flagged(f, hidden)) {
          leftNames.push(n);
          if (!part.at.borrowed) leftShapes.push(row(Infinity, made));
        } else {
          const field = row(rowOf.get(n) ?? shapes.length, made);
          const first = byName.get(n);
          if (!first) {
            byName.set(n, field);
            rowOf.set(n, shapes.length);
            shapes.push(field);
            firstValues.set(n, f);
            continue;
          }
          // A later part that requires the field makes it required, whatever the first said: the row says so.
          if (isRequired(field.required) && !isRequired(first.required) && field.required) first.required = field.required;
          // A later part that states the field exactly as the first: one row, from both (t32r N1: intellifi's `kv_value` twice, the second with a gap of its own).
          // The row shown is the first's, or the later's where only it is this page's own (its gaps anchored here).
          // Not where both rows are this page's own and the later one holds a gap: each part's question keeps its chip and anchor (the gaps page links to it).
          if (JSON.stringify(f) === JSON.stringify(firstValues.get(n)) && !(first.anchor !== '' && field.anchor !== '' && holdsGap(field))) {
            const from = [...(first.from ?? [first.origin ?? first.part ?? 'its own part']), part.origin ?? label ?? 'its own part'];
            const shown = first.anchor === '' && field.anchor !== '' ? Object.assign(field, { required: first.required ?? field.required, ...(first.also ? { also: first.also } : {}) }) : first;
            if (shown === field) {
              if (!field.required) delete field.required;
              shapes[rowOf.get(n) ?? 0] = field;
              byName.set(n, field);
            }
            shown.from = from;
            continue;
          }
          // A later part that says of the field only that it is required (its type as the first states it,
          // which the import copies in): nothing more to show of it than the row's badge.
          // Nor of a later part that states nothing the page shows of the field (`f: {}`, whose type the walk leaves to the first).
          if (!onlyRequires(f, firstValues.get(n)) && !saysNothing(field)) {
            // Two types no value is both (t32t S12: sinao's `discount`, an object in SalesDocumentContract, an integer in its own part).
            const [ta, tb] = [first.type?.state === 'stated' ? first.type.text : undefined, field.type?.state === 'stated' ? field.type.text : undefined];
            if (ta !== undefined && tb !== undefined && conflicting(ta, tb)) {
              field.conflict = `The parts conflict: one states ${n} is ${article(ta)}, this one ${article(tb)}; no value is both, so none fits it (a generated example leaves it out).`;
            }
            (first.also ??= []).push(field);
          }
        }
      }
    }
    const seen = new Set<string>();
    const named = parts.flatMap((p): Array<LinkView | PartView> => {
      const mine = labels.get(p);
      if (mine) return [mine];
      return p.origin && !seen.has(p.origin.key) ? (seen.add(p.origin.key), [p.origin]) : [];
    });
    // Each such all-of's words, under the labels of the parts it became ("part 1 + part 2").
    const partGroups = groups.flatMap(({ from, to, description }): PartView[] => {
      const names = [...new Set(parts.slice(from, to).flatMap((p) => labels.get(p)?.label ?? p.origin?.label ?? []))];
      return names.length === 0 ? [] : [{ own: true, label: names.join(' + '), description, extras: [] }];
    });
    return {
      shapes,
      parts: named,
      ...(partGroups.length > 0 ? { partGroups } : {}),
      ...(bases.length > 0 ? { bases } : {}),
      ...(hidden && leftNames.length > 0 ? { leftOut: { flag: hidden === 'read_only' ? 'read-only' : 'write-only', names: leftNames, ...(leftShapes.length > 0 ? { shapes: leftShapes } : {}) } } : {}),
    };
  }

  /**
   * What a resource that is a part of an `all_of` says of itself, where its fields are merged into
   * another's (a subtype's page, an operation's body): its description and the discriminator that
   * tells its subtypes apart, as its own page shows them; undefined when it states neither.
   */
  function baseOf(resource: string, data: Obj, link: LinkView, self: string | undefined): BaseView | undefined {
    const value = stated(data.value);
    const [id, holder] = isObj(value) ? [`resources/${resource}/value`, value] : [`resources/${resource}`, data];
    const description = stated(data.description);
    const descriptionHtml = typeof description === 'string' && description.trim() !== '' ? ctx.prose(description, itemPath('resources', resource)) : undefined;
    const told = discriminator(id, holder, ctx.facet(`${id}/discriminator`), true, self);
    // A long mapping of the base's is folded where a subtype's fields are merged: the page's own fields come first (t32i: Graph's 653 rows opened every entity type's page).
    if (told && told.mapping.length > MAPPING_OPEN) told.folded = true;
    if (descriptionHtml === undefined && !told) return undefined;
    charge(descriptionHtml?.length ?? 0);
    return { link, ...(descriptionHtml !== undefined ? { descriptionHtml } : {}), ...(told ? { discriminator: told } : {}) };
  }

  /**
   * One of the combination's own parts: its fields are placed by the merge; anything else it
   * states (its type, as stated or open, its description, an example) is said once, as that part's:
   * nothing a part states is left off the page (GitHub's `release` event part's `type object` was).
   */
  function ownPart(ownerId: string, label: string): PartView {
    ctx.facet(`${ownerId}/fields`);
    const type = ctx.facet(`${ownerId}/type`);
    const description = ctx.facet(`${ownerId}/description`);
    const extras = [...(type ? [type] : []), ...ctx.details(ownerId, new Set(['title'])), ...ctx.otherFacets(ownerId, new Set(['fields', 'type', 'description']))];
    ctx.place(`${ownerId}/title`);
    return { own: true, label, ...(description ? { description } : {}), extras };
  }

  /**
   * A discriminator as a reader needs it: the field, and which value means which type (each
   * linked). A base resource's discriminator that states no mapping has OpenAPI's implicit one:
   * each resource that is `all_of` the base is told apart by its own name as the value; those are
   * shown, marked `implicit` (the spec states the variants, not the values).
   */
  function discriminator(id: string, v: Obj, facet: FacetView | undefined, borrowed: boolean, self?: string): DiscriminatorView | undefined {
    const value = stated(v.discriminator);
    if (facet && facet.state !== 'stated') return { facet, field: '', mapping: [] };
    if (!isObj(value) || typeof value.field !== 'string') return undefined;
    // Stated beside a type that takes none (an object, as OpenAPI's base schemas state it), it is no facet: shown all the same.
    if (!facet) ctx.place(`${id}/discriminator`);
    const all = Object.entries(isObj(value.mapping) ? value.mapping : {}).map(([key, type]) => {
      const link = typeof type === 'string' ? ctx.link('resources', type) : undefined;
      // A value the variant's own field forbids is said beside it, with what the variant allows (t32k #2: `cat` to a variant allowing only `dog`).
      const allowed = typeof type === 'string' ? allowedValues((t) => ctx.item('resources', t), type, String(value.field)) : undefined;
      return { value: key, type: String(type), ...(link ? { link } : {}), ...(allowed && !allowed.includes(key) ? { forbidden: allowed } : {}) };
    });
    const base = /^resources\/([^/]+)(?:\/value)?$/.exec(id)?.[1];
    const union = stated(v.type) === 'one_of' || stated(v.type) === 'any_of';
    // A union's variants, a base's subtypes: told apart by the mapping, and those it does not name by OpenAPI's rule (t32s R14:
    // just-eat's `oneOf [ActiveConsumerOffer, Percent]` mapped only `Percent`, and ActiveConsumerOffer was said to have no value).
    const told = union ? unionNames(stated(v.of)) : all.length > 0 && base !== undefined ? descendantsOf(base) : [];
    const named = new Set(all.map((m) => m.type));
    const rest = all.length > 0 ? implicitOf(told.filter((t) => !named.has(t)), value.field) : [];
    const mapping = within([...all, ...rest], self);
    // Where a subtype shows its base's fields, the table is that subtype's: listed apart from the base's own.
    const key = self !== undefined ? `${id}\u0000${self}` : id;
    // No variant has the field at all (t32s R13: Linode's `PaymentMethod.data`, told apart by `type`, which is `data`'s sibling): said, as the discriminator cannot work.
    const absentOf = (rows: DiscriminatorView['mapping']): { absent?: true } => {
      const types = [...new Set([...rows.map((m) => m.type), ...(union ? told : [])])];
      return types.length > 0 && types.every((t) => hasField((r) => ctx.item('resources', r), t, String(value.field)) === false) ? { absent: true } : {};
    };
    // A union that states no mapping: by OpenAPI's rule each variant it names is told by its name (t32i: a `oneOf` of `Cat` and `Dog` said no value).
    const variants = mapping.length === 0 && union ? told : [];
    // A discriminator the document gives no kind to tell apart (datamigration's inlined task properties, `taskType`): said, not left to read as working (t32t S5).
    const noKinds = (rows: readonly unknown[]): { noKinds?: true } => (rows.length === 0 && all.length === 0 ? { noKinds: true } : {});
    if (mapping.length > 0 || (variants.length === 0 && base === undefined)) return table(key, { ...(facet ? { facet } : {}), field: value.field, mapping, ...absentOf(mapping), ...noKinds(mapping) }, borrowed, id);
    const every = implicitOf(variants.length > 0 ? variants : descendantsOf(base ?? ''), value.field);
    const implicit = within(every, self);
    // Said of the whole list only where no variant fixes its value; else each row by the rule says so.
    const none = implicit.length > 0 && implicit.every((m) => m.implicit);
    return table(key, { ...(facet ? { facet } : {}), field: value.field, mapping: none ? implicit.map(({ implicit: _, ...m }) => m) : implicit, ...(none ? { implicit: true as const } : {}), ...absentOf(implicit), ...noKinds(every) }, borrowed, id);
  }

  /**
   * The rows of a base's mapping that can occur where `self`, a type derived from the base, is
   * shown: its descendants', and its own unless it is only its name by the rule while it has
   * subtypes (an intermediate type: t32l #4, Service Fabric's `ClusterEvent`, 9 subtypes, was told
   * apart by all 62 values of `FabricEvent`). All of them where no type is given.
   */
  function within(mapping: DiscriminatorView['mapping'], self: string | undefined): DiscriminatorView['mapping'] {
    if (self === undefined) return mapping;
    const below = new Set(descendantsOf(self));
    return mapping.filter((m) => below.has(m.type) || (m.type === self && !(m.implicit && below.size > 0)));
  }

  /**
   * Notes a discriminator's mapping for `listOnce` and charges it: in full the first time the page
   * makes it, as a line with a link after that (a subtype's page names its base's mapping at every
   * type derived from it: Microsoft Graph's 653 rows, ten times, took the budget meant for fields).
   */
  function table(key: string, view: DiscriminatorView, borrowed: boolean, id = key): DiscriminatorView {
    if (view.mapping.length === 0) return view;
    if (view.mapping.length > ALLOWED_SHOWN + ALLOWED_SLACK && mappingWeight(view.mapping) > LIST_BYTES) {
      // Too long for a page (t32l #1: 20,000 values made four 2.5 MB pages): its first rows, and where the rest are.
      const whole = view.mapping;
      view.mapping = whole.slice(0, ALLOWED_SHOWN);
      const count = whole.length - ALLOWED_SHOWN;
      if (borrowed) view.more = { count, path: ctx.wholeAt?.(`${id}/discriminator`) ?? facetPath(id) };
      else {
        // The item's own: listed whole on its continued pages once (`valuePages`), each place that shows it linking there.
        const listed = longMappings.get(key);
        view.more = listed?.more ?? { count, path: '', continued: true };
        if (!listed) longMappings.set(key, { view, mapping: whole, more: view.more });
      }
    }
    const full = mappingWeight(view.mapping);
    const paid = charged.has(key) ? 200 : full;
    charge(paid);
    charged.add(key);
    tables.push({ key, view, unit: current, row: rowNow, full, paid });
    return view;
  }

  /**
   * What the mappings of a place's rows `from` to `to` add to a continued page beyond what the place
   * was charged: the first time the page shows a mapping it lists it whole (`listOnceContinued`).
   * t32i: Microsoft Graph's 653-row mapping was written once per entity type a continued page
   * showed, 41 times on one 5.5 MB page, each charged as the line that names it.
   */
  function mappingsOn(listed: Set<string>, unit: Unit, from: number, to: number): number {
    let bytes = 0;
    for (const t of tables) {
      if (t.unit !== unit || (t.row === undefined ? from > 0 : t.row < from || t.row >= to) || listed.has(t.key)) continue;
      listed.add(t.key);
      bytes += t.full - t.paid;
    }
    return bytes;
  }

  /**
   * Lists each mapping once on each continued page, as `listOnce` does on the item's page: the
   * first place the page shows of it lists it, the others say where (an anchor of that page).
   */
  function listOnceContinued(): void {
    const keyOf = new Map(tables.map((t) => [t.view, t.key]));
    continued.forEach((shows, i) => {
      const first = new Map<string, DiscriminatorView>();
      let n = 0;
      const see = (d: DiscriminatorView | undefined): void => {
        const key = d ? keyOf.get(d) : undefined;
        if (!d || key === undefined || d.mapping.length === 0) return;
        const listed = first.get(key);
        if (!listed) {
          first.set(key, d);
          return;
        }
        listed.anchor ??= `${ctx.scope}p${i + 2}m${(n += 1)}`;
        d.shownAt = { anchor: listed.anchor, count: d.mapping.length + (d.more?.count ?? 0) };
        d.mapping = [];
        delete d.more;
      };
      const ofShape = (s: ShapeView): void => {
        see(s.discriminator);
        for (const a of s.also ?? []) ofShape(a);
        if (s.inline?.scalar) ofShape(s.inline.scalar);
        if (s.inline?.tree) ofShape(s.inline.tree.shape);
        for (const c of s.children) ofChildren(c);
      };
      const ofChildren = (c: ShapeChildren): void => {
        for (const b of c.bases ?? []) see(b.discriminator);
        // What a cut place shows here: its first rows where it is shown in parts, none where it is shown on a later page.
        for (const s of c.cut ? c.shapes.slice(0, c.cut.shown ?? 0) : c.shapes) ofShape(s);
        for (const s of c.leftOut?.shapes ?? []) ofShape(s);
        // An all-of's unions are shown after its fields, cut or not.
        for (const s of c.unions ?? []) ofShape(s);
      };
      for (const v of shows) ofShape(v.shape);
    });
  }

  /**
   * Lists each mapping once on the page, at the first place the page shows of it in the order the
   * trees were made, outside the resources shown in place where it can (the print version shows
   * those in their own sections, not here); the others say where it is. A place the page cuts keeps
   * its mapping whole (it is shown on a continued page, where a link to this page's anchor would not resolve).
   */
  function listOnce(): void {
    const first = new Map<string, { view: DiscriminatorView; anchor: string }>();
    const onPage = tables.filter((t) => t.unit === undefined || t.unit.state === 'shown');
    for (const t of [...onPage.filter((x) => !inNamed(x.unit)), ...onPage.filter((x) => inNamed(x.unit))]) {
      const listed = first.get(t.key);
      if (listed === undefined) {
        first.set(t.key, { view: t.view, anchor: `${ctx.scope}m${first.size + 1}` });
      } else {
        // The anchor only where another place links to it: a mapping the page shows once needs none (a resource's tree in place has no ids of its own).
        listed.view.anchor = listed.anchor;
        t.view.shownAt = { anchor: listed.anchor, count: t.view.mapping.length + (t.view.more?.count ?? 0) };
        t.view.mapping = [];
        delete t.view.more;
      }
    }
  }

  /**
   * The values of the resources given where the spec states no mapping, each linked: the values
   * a variant allows the field (an enum or const, a row each), else by OpenAPI's rule its name,
   * marked `implicit` (t32j: Spotify's `TrackObject`, `type: enum [track]`, was said to be `TrackObject`).
   */
  function implicitOf(types: readonly string[], field: string): DiscriminatorView['mapping'] {
    const allowedOf = new Map(types.map((type) => [type, allowedValues((t) => ctx.item('resources', t), type, field)] as const));
    /** How many of the variants allow each value. */
    const takers = new Map<string, number>();
    for (const allowed of allowedOf.values()) for (const value of new Set(allowed ?? [])) takers.set(value, (takers.get(value) ?? 0) + 1);
    return types.flatMap((type) => {
      const link = ctx.link('resources', type);
      const allowed = allowedOf.get(type);
      if (!link) return [];
      const byName = { value: type, type, link, implicit: true as const };
      // Its name, by the rule, where its field takes any value or takes its name (t32 D15: Nexmo's nine reports share one
      // enum of nine values; every value was said to select every report, 81 rows).
      if (allowed === undefined || allowed.includes(type)) return [byName];
      // A variant that fixes its value, or allows several that no other variant here allows, is told by any of them, each a row,
      // never by its name, which it forbids (t32k #2: Linode's `Domain`, `type: enum [master, slave]`).
      if (allowed.length === 1 || allowed.every((value) => takers.get(value) === 1)) return allowed.map((value) => ({ value, type, link }));
      // Values other variants take too select none of them by any rule: its name, by the rule, with what its field allows.
      return [{ ...byName, forbidden: allowed }];
    });
  }

  /** The resources a union's variants name (a type name, or a shape whose type is one), once each. */
  function unionNames(of: unknown): string[] {
    const names = (Array.isArray(of) ? of : []).map((x) => (typeof x === 'string' ? x : isObj(x) ? stated(x.type) : undefined));
    return [...new Set(names.filter((n): n is string => typeof n === 'string' && isResourceType(n)))];
  }

  /**
   * A base's subtypes and theirs, down every chain of `all_of` parts, each once, nearest first: what
   * its discriminator tells apart (t32i: Azure's `Mp4Format`, `all_of` `MultiBitrateFormat`, which is
   * `all_of` `Format`, was missing from `Format`'s list).
   */
  function descendantsOf(base: string): string[] {
    const found: string[] = [];
    const seen = new Set([base]);
    for (let i = -1; i < found.length; i++) {
      for (const t of subtypesOf(i < 0 ? base : (found[i] as string))) {
        if (seen.has(t)) continue;
        seen.add(t);
        found.push(t);
      }
    }
    return found;
  }

  /** The resources that are `all_of` a base resource, naming it as one of their parts: its subtypes by OpenAPI's rule. */
  function subtypesOf(base: string): string[] {
    const view = ctx.view;
    if (!view) return [];
    const key = `resources/${base}`;
    view.need(`in:${key}`);
    const from = new Set((view.index.analysis.graph.incoming.get(key) ?? []).map((e) => e.from).filter((f) => f.startsWith('resources/') && f !== key));
    return [...from].flatMap((f) => {
      const id = f.slice('resources/'.length);
      const data = ctx.item('resources', id);
      const shape = data ? stated(data.value) : undefined;
      const of = isObj(shape) && stated(shape.type) === 'all_of' ? stated(shape.of) : undefined;
      return Array.isArray(of) && of.some((p) => p === base || (isObj(p) && stated(p.type) === base)) ? [id] : [];
    });
  }

  /** A shape written as a type name (`Card`, or `string` among variants): just that type, linked, and the resource shown in place. */
  function byName(id: string, value: unknown, at: Place): ShapeView {
    const text = String(value);
    const link = typeof value === 'string' && isResourceType(value) ? ctx.link('resources', value) : undefined;
    const inline = link ? inlined(text, at) : undefined;
    const type: FacetView = { id, anchor: '', path: '', label: 'type', state: 'stated', text, blockedBy: [], blocks: [], links: [], depth: 0 };
    const out: ShapeView = { id, anchor: at.borrowed ? '' : facetAnchor(id), type, ...(link ? { typeLink: link } : {}), ...(inline ? { inline } : {}), flags: [], constraints: [], children: [], extras: [] };
    weigh(out);
    return out;
  }

  /**
   * A resource a shape's type names: a link to its page for now, shown in place by `finish` when
   * the page has room; inside itself (a recursive shape), a link to the place around it; a scalar
   * (a string with a pattern) in place at once. Its description comes with it wherever it is named.
   */
  function inlined(resource: string, at: Place): InlineView | undefined {
    const link = ctx.link('resources', resource);
    if (!link) return undefined;
    const data = ctx.item('resources', resource);
    const description = data ? stated(data.description) : undefined;
    const about = typeof description === 'string' ? { descriptionHtml: ctx.prose(description, itemPath('resources', resource)) } : {};
    charge(about.descriptionHtml?.length ?? 0);
    const scalar = data ? scalarValue(data) : undefined;
    if (scalar) {
      const inside: Place = { level: at.level, borrowed: true, within: new Set(at.within).add(resource), ...(at.mode ? { mode: at.mode } : {}) };
      return { link, ...about, scalar: shape(`resources/${resource}/value`, scalar, undefined, inside) };
    }
    const head = data ? valueHead(resource, data) : undefined;
    if (at.within.has(resource)) return { link, ...about, ...(head ? { head } : {}), repeat: { ...anchorOf(resource, at), recursive: true } };
    const view: InlineView = { link, ...about, ...(head ? { head } : {}), bounded: true };
    // Its fields would sit one level below the place.
    enter(at.level + 1, { view, resource, at });
    return view;
  }

  /**
   * What a resource that is a single value other than a scalar (a list, an object, a union) states on
   * its value's head line: its type (not another resource's name, which its own page links) and its
   * flags. Undefined for a resource of fields, or a value stating neither.
   */
  function valueHead(resource: string, data: Obj): InlineView['head'] {
    const value = stated(data.value);
    if (!isObj(value)) return undefined;
    const id = `resources/${resource}/value`;
    const present = ctx.keysUnder(id);
    const own = (key: string) => (present === undefined || present.has(key) ? ctx.facet(`${id}/${key}`) : undefined);
    const typeName = stated(value.type);
    const type = typeof typeName === 'string' && !isResourceType(typeName) ? own('type') : undefined;
    const flags = FLAGS.flatMap((k) => own(k) ?? []);
    if (!type && flags.length === 0) return undefined;
    charge(60 + flags.length * 70);
    return { ...(type ? { type } : {}), flags };
  }

  /**
   * Decides the page's places level by level in page order, while the page has room: resources
   * are shown in place, and the fields (items, variants) the page's trees already hold are kept;
   * past the budget, a resource says so and links to its page, and fields say so in place (`cut`).
   */
  function finish(): void {
    for (let level = 0; level < queue.length; level++) {
      const bucket = queue[level] ?? [];
      // Showing a resource may add places at this level (an array of them): they join this bucket.
      for (let i = 0; i < bucket.length; i++) decide(bucket[i] as Unit);
      bucket.length = 0;
    }
    listOnce();
    paginate();
    listOnceContinued();
    valuePages();
  }

  /**
   * The long lists of values the page cut (`Place.ownValues`, `LIST_BYTES`), each whole on continued pages after
   * those of the cut places, as many values to a page as its budget holds (counted as `weigh`
   * counts them); a list longer than a page goes on in the same way on the next, linked.
   */
  function valuePages(): void {
    let page: ContinuedView[] | undefined;
    let used = 0;
    let n = 0;
    for (const { shape, values } of longLists) {
      let link = shape;
      for (let from = 0; from < values.length; ) {
        // A page with room for the row and its next value, else a new one.
        if (page === undefined || used + 400 + 30 + (values[from]?.length ?? 0) > TREE_BYTES) {
          page = [];
          continued.push(page);
          used = 0;
        }
        let to = from;
        let bytes = 0;
        // One value at least; as many as the page has room for.
        while (to < values.length && (to === from || used + 400 + bytes + 30 + (values[to]?.length ?? 0) <= TREE_BYTES)) bytes += 30 + (values[to++]?.length ?? 0);
        const anchor = `${ctx.scope}v${(n += 1)}`;
        const part: ShapeView = { ...shape, anchor: '', children: [], allowed: { ...(shape.allowed as FacetView), items: values.slice(from, to) } };
        delete part.allowedMore;
        delete part.discriminator;
        delete part.inline;
        delete part.also;
        page.push({ anchor, shape: part });
        if (link.allowedMore) link.allowedMore = { ...link.allowedMore, path: `${continuedPath(ctx.scope, continued.length + 1)}#${anchor}` };
        used += bytes + 400;
        if (to < values.length) part.allowedMore = { count: values.length - to, path: '', continued: true };
        link = part;
        from = to;
      }
    }
    for (const { view, mapping, more } of longMappings.values()) {
      let link = more;
      for (let from = 0; from < mapping.length; ) {
        const rowBytes = (m: DiscriminatorView['mapping'][number] | undefined) => (m ? mappingWeight([m]) : 0);
        if (page === undefined || used + 400 + rowBytes(mapping[from]) > TREE_BYTES) {
          page = [];
          continued.push(page);
          used = 0;
        }
        let to = from;
        let bytes = 0;
        while (to < mapping.length && (to === from || used + 400 + bytes + rowBytes(mapping[to]) <= TREE_BYTES)) bytes += rowBytes(mapping[to++]);
        const anchor = `${ctx.scope}v${(n += 1)}`;
        const part: DiscriminatorView = { field: view.field, mapping: mapping.slice(from, to), ...(view.implicit ? { implicit: true as const } : {}) };
        page.push({ anchor, shape: { id: view.facet?.id ?? '', anchor: '', flags: [], constraints: [], children: [], extras: [], discriminator: part } });
        link.path = `${continuedPath(ctx.scope, continued.length + 1)}#${anchor}`;
        used += bytes + 400;
        if (to < mapping.length) {
          part.more = { count: mapping.length - to, path: '', continued: true };
          link = part.more;
        }
        from = to;
      }
    }
  }

  /**
   * Where what the page cuts is shown whole: on the item's continued pages of the print version
   * (`continuedPath`, from 2), each holding cut places in page order, breadth first below each,
   * under the same budget as the page; what one of them cannot hold is cut there in turn, with its
   * word and link, and shown on a later one: a place larger than a page in parts, from the row its
   * last part ended at. A resource named below a cut stays a link to its own
   * page. So no page of the print version grows with one item either.
   */
  function paginate(): void {
    const kids = new Map<Unit, Unit[]>();
    for (const u of units) if (u.parent) kids.set(u.parent, [...(kids.get(u.parent) ?? []), u]);
    /** A cut place from its row `from` on, and the cut that links to where it is shown. */
    type Waiting = { unit: Unit; from: number; cut: NonNullable<ShapeChildren['cut']> };
    const waiting: Waiting[] = units.flatMap((u) => (u.children?.cut ? [{ unit: u, from: u.shownRows ?? 0, cut: u.children.cut }] : []));
    for (let next = 0; next < waiting.length; ) {
      const page = continued.length + 2;
      const shows: ContinuedView[] = [];
      let used = 0;
      /** The mappings this page lists (once each). */
      const listed = new Set<string>();
      while (next < waiting.length) {
        const { unit, from, cut } = waiting[next] as Waiting;
        const children = unit.children;
        const rows = unit.rows;
        const count = children?.shapes.length ?? 0;
        const weight = rows ? unit.weight - rows.slice(0, from).reduce((n, w) => n + w, 0) : unit.weight;
        if (shows.length > 0 && used + weight > TREE_BYTES) break;
        next++;
        if (!children) continue;
        // As many rows as the page has room for (one at least); the rest on a later page, said and linked here.
        let to = from;
        let took = 0;
        if (rows) while (to < count && (to === from || used + took < TREE_BYTES)) took += rows[to++] ?? 0;
        if (!rows || weight - took <= NOTE_BYTES) [to, took] = [count, weight];
        cut.at.path = continuedPath(ctx.scope, page);
        const more = to < count ? cutOf(children, to, to - from) : undefined;
        shows.push(continuedView(unit, children, from, to, more, cut.at.anchor));
        used += took + mappingsOn(listed, unit, from, to);
        if (more) waiting.push({ unit, from: to, cut: more });
        // Breadth first below the rows shown here, as the page decides: what this page cannot hold waits for the next.
        const local = (kids.get(unit) ?? []).filter((u) => !rows || u.slot === undefined || (u.slot >= from && (u.slot < to || to === count)));
        for (let i = 0; i < local.length; i++) {
          const u = local[i] as Unit;
          if (u.named || !u.children) continue;
          if (used + u.weight <= TREE_BYTES || u.weight <= NOTE_BYTES) {
            used += u.weight + mappingsOn(listed, u, 0, Infinity);
            local.push(...(kids.get(u) ?? []));
          } else {
            u.children.cut = cutOf(u.children);
            waiting.push({ unit: u, from: 0, cut: u.children.cut });
          }
        }
      }
      continued.push(shows);
    }
  }

  /**
   * A cut place as its continued page shows it: its shape's head line and its children whole, or
   * its rows `from` to `to` where it is shown in parts (`more` saying where the rest is).
   */
  function continuedView(unit: Unit, children: ShapeChildren, from: number, to: number, more: ShapeChildren['cut'], anchor: string): ContinuedView {
    const whole: ShapeChildren = { ...children, shapes: children.shapes.slice(from, to) };
    delete whole.cut;
    if (more) {
      whole.cut = more;
      delete whole.leftOut;
    }
    if (from > 0) {
      delete whole.parts;
      delete whole.bases;
      delete whole.partGroups;
    }
    const owner = unit.owner;
    const id = owner?.id ?? children.facet.id.replace(/\/[^/]+$/, '');
    const shape: ShapeView = {
      id,
      anchor: owner?.anchor === '' ? '' : anchor,
      ...(owner?.name !== undefined ? { name: owner.name } : {}),
      ...(owner?.type ? { type: owner.type } : {}),
      ...(owner?.typeLink ? { typeLink: owner.typeLink } : {}),
      flags: [],
      constraints: [],
      children: [whole],
      extras: [],
    };
    return { anchor, shape };
  }

  function decide(unit: Unit): void {
    // Inside a place not shown, or in a row of it the page cuts, nothing of it is shown (nor said: the place around says it).
    const parent = unit.parent;
    if (parent !== undefined && (parent.state !== 'shown' || (parent.shownRows !== undefined && unit.slot !== undefined && unit.slot >= parent.shownRows))) {
      unit.state = 'hidden';
      return;
    }
    const named = unit.named;
    if (named) {
      const { view, resource, at } = named;
      const anchor = shown.get(key(resource, at));
      const data = anchor === undefined && spent < TREE_BYTES ? ctx.item('resources', resource) : undefined;
      if (anchor !== undefined) {
        delete view.bounded;
        view.repeat = { anchor, recursive: false };
      } else if (data) {
        delete view.bounded;
        view.tree = inside(unit, () => tree(resource, data, at));
      }
      unit.state = view.bounded ? 'cut' : 'shown';
    } else if (spent < TREE_BYTES && unit.children && spent + unit.weight > TREE_BYTES && unit.weight > NOTE_BYTES && inParts(unit)) {
      return;
    } else if (spent < TREE_BYTES || !unit.children || unit.weight <= NOTE_BYTES) {
      unit.state = 'shown';
    } else {
      unit.state = 'cut';
      unit.children.cut = cutOf(unit.children);
    }
    if (unit.state === 'shown') {
      spent += unit.weight;
      if (!inNamed(unit)) printed += unit.weight;
    }
  }

  /**
   * Shows a place that would take the page past its budget in part: its first rows while the page
   * is under it (one at least), the rest said and linked (`cut.shown`), shown on the item's
   * continued pages (`paginate`). False where it has no rows to part or the rest would weigh no
   * more than saying so: shown whole, as before.
   */
  function inParts(unit: Unit): boolean {
    const rows = unit.rows;
    const children = unit.children;
    if (!rows || !children || children.shapes.length < 2) return false;
    let used = 0;
    let k = 0;
    while (k < children.shapes.length && (k === 0 || spent + used < TREE_BYTES)) used += rows[k++] ?? 0;
    if (k >= children.shapes.length || unit.weight - used <= NOTE_BYTES) return false;
    unit.state = 'shown';
    unit.shownRows = k;
    children.cut = cutOf(children, k, k);
    // The open gaps of the rows cut stay here as chips, each at its anchor (as `weigh` counts a gap).
    const chips = cutGapBytes(children.cut.gaps);
    spent += used + chips;
    if (!inNamed(unit)) printed += used + chips;
    return true;
  }

  /** Whether a place is inside a resource shown in place (or is one). */
  const inNamed = (unit: Unit | undefined): boolean => unit !== undefined && (unit.named !== undefined || inNamed(unit.parent));

  /**
   * What fields the page does not show in place say there: the open gaps of the page's own item
   * below them (each chip keeping its anchor, which the gaps page and others link to). Another
   * item's gaps are on its own page.
   */
  function cutOf(children: ShapeChildren, from = 0, shown = 0): NonNullable<ShapeChildren['cut']> {
    // Its place on a continued page: the page is decided when it is placed there (`paginate`).
    const at = { path: '', anchor: `${ctx.scope}c${(cuts += 1)}` };
    const gaps = new Map<string, FacetView>();
    const note = (list: ReadonlyArray<FacetView | undefined>) => {
      for (const f of list) if (f && isGap(f.state)) gaps.set(f.id, f);
    };
    const ofShape = (s: ShapeView): void => {
      if (s.anchor === '') return;
      note([s.type, s.required, s.description, s.format, s.allowed, s.default, s.examples, s.discriminator?.facet, ...s.flags, ...s.constraints.map((c) => c.facet), ...s.extras]);
      for (const a of s.also ?? []) ofShape(a);
      for (const c of s.children) {
        note([c.facet]);
        ofChildren(c);
      }
    };
    const ofChildren = (c: ShapeChildren, rest = 0): void => {
      // The parts' own words are said above the first row: with the rows shown, where some are.
      if (rest === 0) for (const p of [...(c.partGroups ?? []), ...(c.parts ?? [])]) if ('own' in p) note([p.description, ...p.extras]);
      for (const s of [...c.shapes.slice(rest), ...(c.leftOut?.shapes ?? [])]) ofShape(s);
    };
    ofChildren(children, from);
    return { gaps: [...gaps.values()], at, ...(shown > 0 ? { shown, rest: children.shapes.length - from } : {}) };
  }

  /** A resource's own tree where a place names it: its fields one level below the place (or the single value it is, at the place's level). */
  function tree(resource: string, data: Obj, at: Place): NonNullable<InlineView['tree']> {
    const here = `${ctx.scope}t${shown.size + 1}`;
    shown.set(key(resource, at), here);
    const inside: Place = { level: at.level, borrowed: true, within: new Set(at.within).add(resource), ...(at.mode ? { mode: at.mode } : {}) };
    const id = `resources/${resource}`;
    const value = stated(data.value);
    let root: ShapeView;
    if (isObj(value)) {
      root = shape(`${id}/value`, value, undefined, inside);
      if (examplesElsewhere.has(resource)) delete root.examples;
      const kinds = kindsOf(resource, value, root, inside);
      if (kinds) root.children.push(kinds);
    } else {
      // A resource of fields: the shape is the object its fields make.
      root = { id, anchor: '', flags: [], constraints: [], children: [], extras: [] };
      const fields = ctx.facet(`${id}/fields`);
      if (fields) root.children.push(fieldsOf(id, stated(data.fields), fields, inside));
    }
    return { anchor: here, shape: root };
  }

  /**
   * The kinds a base type's discriminator tells apart, where the base is shown in place (t32s R9:
   * Azure's `Preset`, whose subtypes are `allOf: [Preset]`, showed only `@odata.type` on the
   * operation page; `StandardEncoderPreset`'s required `codecs` and `formats` were on no operation
   * page): one of them, each with the fields it adds to the base's (the base's own are the rows
   * above), as a union's variants are shown; a kind that is not built on the base is shown as its
   * type. A place the page's budget decides on like any other. Undefined for a union (its variants
   * are shown already) and for a discriminator that names no kind but the base itself.
   */
  function kindsOf(resource: string, value: Obj, root: ShapeView, at: Place): ShapeChildren | undefined {
    const type = stated(value.type);
    // A discriminator the type inherits (declared on a base it is all-of, as Bing's `_type` on `ResponseBase` reached
    // through `Thing`): its kinds below this type are told apart by it as well (t32t S8). The base's mapping, as merged here,
    // lists only this type and those built on it.
    const inherited = type === 'all_of' ? root.children.find((c) => c.kind === 'fields' && c.combine === 'all_of')?.bases?.find((b) => b.discriminator && b.discriminator.mapping.length > 0)?.discriminator : undefined;
    const told = type === 'all_of' ? inherited : root.discriminator;
    if (!told || told.mapping.length === 0 || type === 'one_of' || type === 'any_of') return undefined;
    const types = [...new Set(told.mapping.map((m) => m.type))].filter((t) => t !== resource && isResourceType(t) && ctx.link('resources', t) !== undefined);
    if (types.length === 0) return undefined;
    const level = at.level + 1;
    const id = `resources/${resource}/value/discriminator`;
    const facet: FacetView = { id, anchor: '', path: '', label: 'kinds', state: 'stated', text: told.field, blockedBy: [], blocks: [], links: [], depth: 0 };
    const unit = enter(level);
    const shapes = inside(unit, () => types.map((t, i) => row(i, () => kindOf(resource, t, `${id}/kinds/${i}`, { ...at, level }))));
    const children: ShapeChildren = { kind: 'variants', combine: 'one_of', kinds: { field: told.field, base: resource }, facet, shapes, ...(level >= FOLDED_LEVEL ? { folded: true as const } : {}) };
    hold(unit, children);
    unit.owner = root;
    // Its heading, on the root's line (weighed before it had this list).
    charge(200);
    return children;
  }

  /** One kind of a base shown in place: its name linked, and the fields its parts add to the base's (`kindsOf`). */
  function kindOf(base: string, kind: string, id: string, at: Place): ShapeView {
    const data = ctx.item('resources', kind);
    const value = data ? stated(data.value) : undefined;
    const of = isObj(value) && stated(value.type) === 'all_of' ? stated(value.of) : undefined;
    const link = ctx.link('resources', kind);
    // Not built on the base by `all_of` (a mapping may name any type): the type itself, in place.
    if (!Array.isArray(of) || !link) return byName(id, kind, at);
    const type: FacetView = { id, anchor: '', path: '', label: 'type', state: 'stated', text: kind, blockedBy: [], blocks: [], links: [], depth: 0 };
    const out: ShapeView = { id, anchor: '', type, typeLink: link, flags: [], constraints: [], children: [], extras: [] };
    const description = data ? stated(data.description) : undefined;
    if (typeof description === 'string' && description.trim() !== '') {
      out.inline = { link, descriptionHtml: ctx.prose(description, itemPath('resources', kind)) };
      charge(out.inline.descriptionHtml?.length ?? 0);
    }
    const place: Place = { ...at, borrowed: true, within: new Set(at.within).add(kind) };
    const unit = enter(at.level + 1);
    const merged = inside(unit, () => mergedFields(`resources/${kind}/value`, of, place, out, new Set(), of.map((_, i) => `resources/${kind}/value/of/${i}`), new Set([base])));
    if (merged && merged.shapes.length + (merged.leftOut?.names.length ?? 0) > 0) {
      const fields: FacetView = { id: `resources/${kind}/value/of`, anchor: '', path: '', label: 'fields', state: 'stated', blockedBy: [], blocks: [], links: [], depth: 0 };
      const children: ShapeChildren = { kind: 'fields', facet: fields, ...merged, ...(at.level + 1 >= FOLDED_LEVEL ? { folded: true as const } : {}) };
      hold(unit, children);
      unit.owner = out;
      out.children.push(children);
    } else if (!merged) {
      // Parts that do not merge into fields (a union among them): shown as the type's own tree.
      return byName(id, kind, at);
    }
    weigh(out);
    return out;
  }

  /** Shown in place once per page and mode: a request's tree of a resource leaves out what a response's shows. */
  const key = (resource: string, at: Place) => `${at.mode ?? ''}:${resource}`;

  /** Where a resource is shown on the page, when it is. */
  const anchorOf = (resource: string, at: Place): { anchor?: string } => {
    const anchor = shown.get(key(resource, at));
    return anchor === undefined ? {} : { anchor };
  };

  /** A body of the page shows the resource's stated examples as its own (`bodyView`). */
  const examplesShown = (resource: string): void => void examplesElsewhere.add(resource);

  /** A resource's own fields at the top of its page: a place the budget decides on like any other, shown in parts past it. */
  const lists = new Map<string, ShapeChildren>();
  const fields = (id: string, value: unknown, facet: FacetView, at: Place): ShapeView[] => {
    const list = fieldsOf(id, value, facet, at);
    lists.set(facet.id, list);
    return list.shapes;
  };
  /**
   * Rows at the top of a page that are not a shape's fields (an endpoint's query parameters): a
   * place the budget decides on like a resource's own fields, shown in parts past it (t32i: 4,000
   * parameters made a 3.1 MB table, always shown whole).
   */
  const rows = (facet: FacetView, level: number, make: ReadonlyArray<() => ShapeView>): ShapeView[] => {
    const unit = enter(level);
    const shapes = inside(unit, () => make.map((m, i) => row(i, m)));
    const list: ShapeChildren = { kind: 'fields', facet, shapes };
    hold(unit, list);
    lists.set(facet.id, list);
    return shapes;
  };
  /** Where `finish` cut such a list (by its facet's id): its block says so after the fields it shows. */
  const listCut = (id: string): ShapeChildren['cut'] => lists.get(id)?.cut;

  return { shape, fields, rows, listCut, inlined, finish, subtypes: subtypesOf, examplesShown, borrowed: () => borrowed, spent: () => spent, printed: () => printed, continued: (): readonly ContinuedView[][] => continued };
}

/**
 * Examples by name (a parameter's, a header's), each with its summary and its value as text. Those
 * that state only a value, the same value, are shown once, with every name (`alike`): Azure's
 * shared parameters name one example per operation, 23 of one `api-version` (t32t R11).
 */
function namedExamples(value: unknown, prose: (text: string) => string): NamedExampleView[] {
  if (!isObj(value)) return [];
  const out: NamedExampleView[] = [];
  /** The first example of each value that states only its value, by the value. */
  const bare = new Map<string, NamedExampleView>();
  for (const [name, e] of Object.entries(value)) {
    if (!isObj(e)) continue;
    const view: NamedExampleView = {
      name,
      ...(typeof e.summary === 'string' ? { summary: e.summary } : {}),
      ...(typeof e.description === 'string' ? { descriptionHtml: prose(e.description) } : {}),
      ...('value' in e ? { text: typeof e.value === 'string' ? e.value : JSON.stringify(e.value) } : {}),
      ...(typeof e.external_value === 'string' ? { external: e.external_value } : {}),
    };
    // Keyed by the value itself, not the text shown: `"1"` and `1` (or `"true"` and `true`) are two values (r14 L2).
    const only = view.text !== undefined && Object.keys(view).length === 2 ? JSON.stringify(e.value) : undefined;
    const first = only === undefined ? undefined : bare.get(only);
    if (first) first.alike = [...(first.alike ?? []), name];
    else {
      if (only !== undefined) bare.set(only, view);
      out.push(view);
    }
  }
  return out;
}

/** A JSON type with its article, as a sentence says it ("an object", "a string", "null"). */
function article(type: string): string {
  return type === 'null' ? 'null' : `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}
