import { isResourceType } from '../areas/shape.ts';
import { idSegment } from '../facet/ids.ts';
import { isObj, stated, type Obj } from '../facet/state.ts';
import { facetAnchor, pageOf } from './paths.ts';
import type { FacetView, InlineView, LinkView, NamedExampleView, ShapeView } from './views.ts';

/**
 * Shape trees as reference pages show them. A type that names a resource shows the resource in
 * place (its fields) at one place of the page; everywhere else the page names it, a link to that
 * place, and for a recursive shape a link to the place around it. Levels below the second are
 * folded (`<details>`). A page shows resources in place breadth first: every resource its bodies
 * carry, then those their fields name, then the next level, until it shows `TREE_BUDGET` shapes
 * of other items; past that, and deeper than `INLINE_LEVEL`, named resources are links to their pages.
 */

/** A page shows other items' shapes in place until it shows this many (a GitHub-scale response nests hundreds). */
export const TREE_BUDGET = 160;

/** Named resources are shown in place down to this level: a body's own (0), its fields' (1), theirs (2). */
export const INLINE_LEVEL = 2;

/** Shapes at this level and deeper are folded: a body's fields are level 1, their fields level 2. */
export const FOLDED_LEVEL = 3;

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

/** Where a shape sits: its level, whether it is another item's (shown in place), and the resources around it. */
export type Place = { level: number; borrowed: boolean; within: ReadonlySet<string> };

/** The top of a tree: a body, a parameter list, a resource's own fields (`within` the resource itself). */
export const top = (within: readonly string[] = []): Place => ({ level: 0, borrowed: false, within: new Set(within) });

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
  link(id: string): LinkView | undefined;
  resource(id: string): Obj | undefined;
  /** Prose as safe HTML, its relative links resolved against `page`. */
  prose(text: string, page: string): string;
  /** Prefixes the trees' anchors: unique per item, so that a page showing many items has each id once. */
  scope: string;
}

/**
 * The trees of one page: `shape` builds them with each named resource as a link, to be shown in
 * place by `finish`, breadth first; `borrowed` says how many shapes of other items that took.
 */
export function shapeTrees(ctx: TreeContext) {
  const shown = new Map<string, string>();
  /** The places that name a resource, by level, in page order: each a link until `finish` decides. */
  const pending: Array<Array<{ view: InlineView; resource: string; at: Place }>> = Array.from({ length: INLINE_LEVEL + 1 }, () => []);
  let borrowed = 0;

  function shape(id: string, value: unknown, name: string | undefined, at: Place): ShapeView {
    if (at.borrowed) borrowed++;
    const present = ctx.keysUnder(id);
    const own = (key: string) => (present === undefined || present.has(key) ? ctx.facet(`${id}/${key}`) : undefined);
    const type = own('type');
    const out: ShapeView = {
      id,
      // Another item's shape has no anchor here (its own page has it).
      anchor: at.borrowed ? '' : facetAnchor(id),
      ...(name !== undefined ? { name } : {}),
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
      const link = ctx.link(typeName);
      if (link) out.typeLink = link;
      const inline = inlined(typeName, at);
      if (inline) out.inline = inline;
    }
    const optional = { required: own('required') ?? ctx.detailOf(id, 'required'), description: own('description'), format: own('format'), allowed: own('allowed'), default: own('default'), examples: own('examples'), discriminator: own('discriminator') };
    for (const [k, f] of Object.entries(optional)) if (f) (out as Record<string, unknown>)[k] = f;
    const named = namedExamples(v.named_examples, (text) => ctx.prose(text, pageOf(id)));
    if (named.length > 0) {
      ctx.place(`${id}/named_examples`);
      out.named = named;
    }
    const deeper = (level: number) => ({ ...at, level });
    const fold = (level: number) => (level >= FOLDED_LEVEL ? { folded: true as const } : {});
    const fields = own('fields');
    if (fields) {
      const inner = stated(v.fields);
      out.children.push({ kind: 'fields', facet: fields, shapes: Object.entries(isObj(inner) ? inner : {}).map(([n, f]) => shape(`${id}/fields/${idSegment(n)}`, f, n, deeper(at.level + 1))), ...fold(at.level + 1) });
    }
    // An array's items and a map's values sit at the level of the array or map: their fields are one deeper.
    for (const kind of ['items', 'values'] as const) {
      const f = own(kind);
      if (!f) continue;
      const inner = stated(v[kind]);
      const shapes = isObj(inner) ? [shape(`${id}/${kind}`, inner, undefined, at)] : typeof inner === 'string' && isResourceType(inner) ? [byName(`${id}/${kind}`, inner, undefined, at)] : [];
      out.children.push({ kind, facet: f, shapes });
    }
    const of = own('of');
    if (of) {
      const variants = stated(v.of);
      const level = at.level + 1;
      out.children.push({
        kind: 'variants',
        facet: of,
        shapes: Array.isArray(variants) ? variants.map((x, i) => (isObj(x) ? shape(`${id}/of/${i}`, x, String(i + 1), deeper(level)) : byName(`${id}/of/${i}`, x, String(i + 1), deeper(level)))) : [],
        ...fold(level),
      });
    }
    out.extras = [...ctx.details(id, new Set(['required', 'named_examples'])), ...ctx.otherFacets(id, SHAPE_KEYS)];
    return out;
  }

  /** A shape written as a type name (`Card`, or `string` among variants): just that type, linked, and the resource shown in place. */
  function byName(id: string, value: unknown, name: string | undefined, at: Place): ShapeView {
    if (at.borrowed) borrowed++;
    const text = String(value);
    const link = typeof value === 'string' && isResourceType(value) ? ctx.link(value) : undefined;
    const inline = link ? inlined(text, at) : undefined;
    const type: FacetView = { id, anchor: '', path: '', label: 'type', state: 'stated', text, blockedBy: [], blocks: [], links: [], depth: 0 };
    return { id, anchor: at.borrowed ? '' : facetAnchor(id), ...(name !== undefined ? { name } : {}), type, ...(link ? { typeLink: link } : {}), ...(inline ? { inline } : {}), flags: [], constraints: [], children: [], extras: [] };
  }

  /**
   * A resource a shape's type names: a link to its page for now, shown in place by `finish` when
   * the page has room; inside itself (a recursive shape), a link to the place around it.
   */
  function inlined(resource: string, at: Place): InlineView | undefined {
    const link = ctx.link(resource);
    if (!link) return undefined;
    if (at.within.has(resource)) return { link, repeat: { ...anchorOf(resource), recursive: true } };
    const view: InlineView = { link, bounded: true };
    pending[at.level]?.push({ view, resource, at });
    return view;
  }

  /** Shows the resources in place, level by level in page order, while the page has room; the others stay links. */
  function finish(): void {
    for (const bucket of pending) {
      // Showing a resource may name more at the same level (an array of them): they join this bucket.
      for (let i = 0; i < bucket.length; i++) {
        const { view, resource, at } = bucket[i] as (typeof bucket)[number];
        const anchor = shown.get(resource);
        if (anchor !== undefined) {
          delete view.bounded;
          view.repeat = { anchor, recursive: false };
        } else if (borrowed < TREE_BUDGET) {
          const data = ctx.resource(resource);
          if (!data) continue;
          delete view.bounded;
          view.tree = tree(resource, data, at);
        }
      }
      bucket.length = 0;
    }
  }

  /** A resource's own tree where a place names it: its fields one level below the place (or the single value it is, at the place's level). */
  function tree(resource: string, data: Obj, at: Place): NonNullable<InlineView['tree']> {
    const here = `${ctx.scope}t${shown.size + 1}`;
    shown.set(resource, here);
    const inside: Place = { level: at.level, borrowed: true, within: new Set(at.within).add(resource) };
    const id = `resources/${resource}`;
    const value = stated(data.value);
    let root: ShapeView;
    if (isObj(value)) root = shape(`${id}/value`, value, undefined, inside);
    else {
      // A resource of fields: the shape is the object its fields make.
      root = { id, anchor: '', flags: [], constraints: [], children: [], extras: [] };
      const fields = ctx.facet(`${id}/fields`);
      const inner = stated(data.fields);
      const level = at.level + 1;
      if (fields) root.children.push({ kind: 'fields', facet: fields, shapes: Object.entries(isObj(inner) ? inner : {}).map(([n, f]) => shape(`${id}/fields/${idSegment(n)}`, f, n, { ...inside, level })), ...(level >= FOLDED_LEVEL ? { folded: true as const } : {}) });
    }
    return { anchor: here, shape: root };
  }

  /** Where a resource is shown on the page, when it is. */
  const anchorOf = (resource: string): { anchor?: string } => {
    const anchor = shown.get(resource);
    return anchor === undefined ? {} : { anchor };
  };

  return { shape, inlined, finish, borrowed: () => borrowed };
}

/** Examples by name (a parameter's, a header's), each with its summary and its value as text. */
function namedExamples(value: unknown, prose: (text: string) => string): NamedExampleView[] {
  if (!isObj(value)) return [];
  return Object.entries(value).flatMap(([name, e]): NamedExampleView[] => {
    if (!isObj(e)) return [];
    return [{
      name,
      ...(typeof e.summary === 'string' ? { summary: e.summary } : {}),
      ...(typeof e.description === 'string' ? { descriptionHtml: prose(e.description) } : {}),
      ...('value' in e ? { text: typeof e.value === 'string' ? e.value : JSON.stringify(e.value) } : {}),
      ...(typeof e.external_value === 'string' ? { external: e.external_value } : {}),
    }];
  });
}
