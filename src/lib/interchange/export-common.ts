import type { Analysis } from '../analyze.ts';
import { AREAS, itemTitle, type AreaData, type AreaKey } from '../areas/index.ts';
import { inspectProse, proseMarkdown, unescapeLiteralLinks } from '../link/markdown.ts';
import { linkResolver } from '../link/resolve.ts';
import { PRIMITIVE_TYPES } from '../areas/shape.ts';
import { facetState, isNoneValue, isObj, isOpenValue, stated, statedObj, type Obj } from '../facet/state.ts';
import { areaOf, type Item } from '../model/spec.ts';
import { externalDocsKey } from './external-docs.ts';
import { restatedFields } from './restated.ts';

/** The extension that carries open gaps into exported documents: `[{ id, question }]`. */
export const GAPS_EXTENSION = 'x-specbench-gaps';

/** The extension that names the error code of a response written out in full (with its own headers or description). */
export const ERROR_EXTENSION = 'x-specbench-error';

/** The extension that carries a server's name (AsyncAPI names its servers; OpenAPI has no place for one), read back by the OpenAPI import. */
export const SERVER_NAME_EXTENSION = 'x-specbench-server-name';

/** The extension that lists what a spec states but an exported document cannot carry: `[{ id, reason }]`. */
export const UNEXPORTED_EXTENSION = 'x-specbench-unexported';

const PRIMITIVES: ReadonlySet<string> = new Set(PRIMITIVE_TYPES);

/** A stated string, or undefined for none, open, placeholders and missing. */
export const text = (v: unknown): string | undefined => (typeof v === 'string' && facetState(v) === 'stated' ? v : undefined);

/** The items of an area, typed by its module. */
export const itemsOf = <K extends AreaKey>(a: Analysis, area: K): ReadonlyArray<Item<K>> => areaOf(a.spec, area).items;
export const areaData = <K extends AreaKey>(a: Analysis, area: K): AreaData<K> => areaOf(a.spec, area).data;

/** Gaps as the extension lists them, grouped once by owner; ask with an area and an item id. */
export function gapsByOwner(a: Analysis): (area: string, item?: string) => Array<{ id: string; question: string }> {
  const groups = new Map<string, Array<{ id: string; question: string }>>();
  for (const g of a.assessment.gaps) {
    const key = `${g.area}/${g.item ?? ''}`;
    const list = groups.get(key) ?? [];
    list.push({ id: g.id, question: g.question });
    groups.set(key, list);
  }
  return (area, item) => groups.get(`${area}/${item ?? ''}`) ?? [];
}

/** A stated value at a key of a shape (`null` counts for defaults and examples), else undefined. */
const statedAt = (s: Obj, key: string): unknown => {
  if (!(key in s)) return undefined;
  const v = s[key];
  // A default or an example is any JSON value, an empty list or an empty object included: `{}` is stated, not "empty".
  if ((key === 'default' || key === 'examples') && !isNoneValue(v) && !isOpenValue(v)) return v;
  return facetState(v) === 'stated' ? v : undefined;
};

/** Refinements whose JSON Schema keyword is another word; the rest keep their names. */
const KEYWORDS: ReadonlyArray<[string, string]> = [
  ['description', 'description'],
  ['title', 'title'],
  ['format', 'format'],
  ['allowed', 'enum'],
  ['default', 'default'],
  ['examples', 'examples'],
  ['read_only', 'readOnly'],
  ['write_only', 'writeOnly'],
  ['deprecated', 'deprecated'],
  ['minimum', 'minimum'],
  ['maximum', 'maximum'],
  ['exclusive_minimum', 'exclusiveMinimum'],
  ['exclusive_maximum', 'exclusiveMaximum'],
  ['multiple_of', 'multipleOf'],
  ['min_length', 'minLength'],
  ['max_length', 'maxLength'],
  ['pattern', 'pattern'],
  ['min_items', 'minItems'],
  ['max_items', 'maxItems'],
  ['unique_items', 'uniqueItems'],
];

/**
 * How a schema dialect differs: OpenAPI 3.1 takes a discriminator object, AsyncAPI's schema a
 * property name; `constant`: a set of one allowed value is written `const` (JSON Schema 2020-12's
 * own word for it, which OpenAPI 3.1 documents write), else a one-value `enum`.
 */
export type SchemaDialect = { discriminator: 'object' | 'name'; constant?: boolean; drop?: (what: string) => void };
const OPENAPI: SchemaDialect = { discriminator: 'object' };
/** The OpenAPI 3.1 export's dialect: `const: x` is imported as a set of one allowed value, and every set of one value is written `const`. */
export const OPENAPI_31: SchemaDialect = { discriminator: 'object', constant: true };

/**
 * A shape as JSON Schema (2020-12, as OpenAPI 3.1 reads it): every stated refinement, nested
 * objects, arrays, maps, unions and compositions, nullability, and resources as references. Open
 * and "none" facets are left out (the gaps extension lists the open ones); nothing is made up.
 */
export function shapeSchema(shape: unknown, ref: (id: string) => Obj, dialect: SchemaDialect = OPENAPI): Obj {
  if (typeof shape === 'string') return shapeSchema({ type: shape }, ref, dialect);
  if (!isObj(shape)) return {};
  const type = stated(shape.type);
  const out: Obj = {};
  if (typeof type === 'string') {
    if (type === 'map') {
      out.type = 'object';
      const values = stated(shape.values);
      out.additionalProperties = values === undefined ? {} : shapeSchema(values, ref, dialect);
    } else if (type === 'one_of' || type === 'any_of' || type === 'all_of') {
      const of = stated(shape.of);
      const beside = type === 'all_of' && Array.isArray(of) ? besideUnion(of, ref, dialect) : undefined;
      if (beside) Object.assign(out, beside);
      else if (Array.isArray(of)) out[type === 'one_of' ? 'oneOf' : type === 'any_of' ? 'anyOf' : 'allOf'] = of.map((x) => shapeSchema(x, ref, dialect));
    } else if (PRIMITIVES.has(type)) {
      out.type = type;
      if (type === 'array') {
        const items = stated(shape.items);
        if (items !== undefined) out.items = shapeSchema(items, ref, dialect);
      }
    } else Object.assign(out, ref(type));
  } else {
    // No type stated: items and other properties hold as written, and no type is claimed for them.
    const items = stated(shape.items);
    if (items !== undefined) out.items = shapeSchema(items, ref, dialect);
    const values = stated(shape.values);
    if (values !== undefined) out.additionalProperties = shapeSchema(values, ref, dialect);
  }
  // Fields are properties, whatever the type: `properties` alone does not make an object in JSON Schema, so none is claimed.
  const fields = statedObj(shape.fields);
  if (fields) {
    out.properties = Object.fromEntries(Object.entries(fields).map(([n, f]) => [n, shapeSchema(f, ref, dialect)]));
    const required = Object.entries(fields).filter(([, f]) => isObj(f) && stated(f.required) === true).map(([n]) => n);
    if (required.length) out.required = required;
  } else if (isNoneValue(shape.fields)) out.properties = {}; // stated as having no fields: no properties, said so
  for (const [key, keyword] of KEYWORDS) {
    const v = statedAt(shape, key);
    if (v === undefined || (key === 'allowed' && Array.isArray(v) && v.length === 0)) continue;
    // One rule for every set of one value, `null` or not (`type: [string, 'null'], const: null` and `enum: [null]` were written apart); a nullable value's one other value is written `enum: [x, null]` below, so that null stays allowed.
    if (key === 'allowed' && dialect.constant === true && Array.isArray(v) && v.length === 1) out.const = v[0];
    else out[keyword] = v;
  }
  const discriminator = statedObj(shape.discriminator);
  if (discriminator && typeof discriminator.field === 'string') {
    const mapping = statedObj(discriminator.mapping);
    if (dialect.discriminator === 'name') {
      // AsyncAPI's schema names the discriminating property only; a mapping is said, not dropped in silence.
      out.discriminator = discriminator.field;
      if (mapping) dialect.drop?.('a discriminator mapping (AsyncAPI schemas name the discriminating property only)');
    } else out.discriminator = { propertyName: discriminator.field, ...(mapping ? { mapping: Object.fromEntries(Object.entries(mapping).map(([k, id]) => [k, ref(String(id)).$ref])) } : {}) };
  }
  if (stated(shape.nullable) === true) {
    if (typeof out.type === 'string') {
      out.type = [out.type, 'null'];
      // Null stays allowed beside the allowed values (JSON Schema holds `type` and `enum` both: `type: [t, 'null']` beside
      // an `enum` or `const` without null allows no null, which an import reads as not nullable, T31u N1): null joins the
      // `enum`, and a `const` of one other value is written `enum: [x, null]`.
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
      if ('const' in out && out.const !== null) {
        out.enum = [out.const, null];
        delete out.const;
      }
    } else {
      // What describes the whole value, `null` included (a `default: null`), stands beside the two, where an import reads it back.
      const whole = Object.fromEntries(WHOLE.filter((k) => k in out).map((k) => [k, out[k]]));
      const rest = Object.fromEntries(Object.entries(out).filter(([k]) => !WHOLE.includes(k)));
      return { anyOf: [rest, { type: 'null' }], ...whole };
    }
  } else if (stated(shape.nullable) === false) {
    // Stated not nullable (a part of an `all_of` taking null away from another's field, t32s R1): OpenAPI 3.0's
    // keyword, which an import reads back; in 3.1 it only restates what the type without `null` says.
    out.nullable = false;
  }
  return out;
}

/** What an object part written beside a union may state to be written in one schema with it. */
const BESIDE_UNION: ReadonlySet<string> = new Set(['type', 'properties', 'required', 'items', 'additionalProperties']);

/**
 * An `all_of` of an object part and a union, as one schema: the form an import reads into it
 * (`properties`, `oneOf` side by side), where the union has a discriminator (the classic
 * polymorphism shape: OpenAPI readers take the discriminator for the union's, beside an `allOf` they
 * read the inheritance form) or a variant that restates fields of the part to make them required
 * (`restatedFields`): those are written as the source had them, required names only, never as
 * properties the source did not repeat. Undefined for any other `all_of`.
 */
function besideUnion(of: unknown[], ref: (id: string) => Obj, dialect: SchemaDialect): Obj | undefined {
  const [part, union] = of;
  if (of.length !== 2 || !isObj(part) || !isObj(union)) return undefined;
  const kind = stated(union.type);
  const variants = stated(union.of);
  if ((kind !== 'one_of' && kind !== 'any_of') || !Array.isArray(variants) || Object.keys(union).some((k) => !['type', 'of', 'discriminator'].includes(k))) return undefined;
  const restated = variants.map((v) => restatedFields(part, v));
  if (statedObj(union.discriminator) === undefined && restated.every((names) => names.length === 0)) return undefined;
  const partType = stated(part.type);
  if (partType !== undefined && !(typeof partType === 'string' && PRIMITIVES.has(partType))) return undefined;
  const written = shapeSchema(part, ref, dialect);
  if (Object.keys(written).some((k) => !BESIDE_UNION.has(k))) return undefined;
  const unionWritten = shapeSchema({ ...union, of: [] }, ref, dialect);
  const keyword = kind === 'one_of' ? 'oneOf' : 'anyOf';
  unionWritten[keyword] = variants.map((v, i) => requiredOnlyWritten(v, restated[i] ?? [], ref, dialect));
  return { ...written, ...unionWritten };
}

/** A variant with the fields it restates (`restatedFields`) written as required names only, after its own. */
function requiredOnlyWritten(variant: unknown, names: readonly string[], ref: (id: string) => Obj, dialect: SchemaDialect): Obj {
  if (names.length === 0 || !isObj(variant) || !isObj(variant.fields)) return shapeSchema(variant, ref, dialect);
  const own = Object.fromEntries(Object.entries(variant.fields).filter(([n]) => !names.includes(n)));
  const { fields: _restated, ...rest } = variant;
  const out = shapeSchema(Object.keys(own).length > 0 ? { ...rest, fields: own } : rest, ref, dialect);
  return { ...out, required: [...(Array.isArray(out.required) ? out.required : []), ...names] };
}

/** Whether an export writes an `all_of` of an object part and a union as one schema, side by side, as `besideUnion` does. */
export function writtenBesideUnion(of: unknown[]): boolean {
  return besideUnion(of, (id) => ({ $ref: id }), OPENAPI) !== undefined;
}

/** The keywords that say something of a nullable value as a whole, written beside its `anyOf` of the value and `null`. */
const WHOLE: readonly string[] = ['title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly'];

/** A resource as a JSON Schema: its single value's shape, or an object of its fields. */
export function resourceSchema(item: Item<'resources'>, ref: (id: string) => Obj, dialect: SchemaDialect = OPENAPI): Obj {
  const d = item.data;
  const base: Obj = { ...(text(d.title) ? { title: d.title } : {}), ...(text(d.description) ? { description: d.description } : {}), ...externalDocsKey(d.external_docs) };
  const value = stated(d.value);
  if (isObj(value)) {
    const schema = { ...base, ...shapeSchema(value, ref, dialect) };
    // An alias of another resource alone as `allOf` of the one reference: a component that is a bare `$ref` is one a reader (a bundler) replaces by its target, and what refers to the alias would come back referring to the target.
    return Object.keys(schema).length === 1 && typeof schema.$ref === 'string' ? { allOf: [schema] } : schema;
  }
  // A resource's fields are an object's (stated, or stated as none); while they are open, no type is claimed.
  const object = statedObj(d.fields) !== undefined || isNoneValue(d.fields);
  return { ...base, ...shapeSchema({ ...(object ? { type: 'object' } : {}), fields: d.fields }, ref, dialect) };
}

/**
 * What an export carries of each area: the keys of the area's own file, and of each item (all of
 * them, or those named, per item where it depends on the item). An area left out carries nothing.
 */
export type Carried = Partial<Record<AreaKey, { area?: readonly string[]; items?: 'all' | readonly string[] | ((id: string) => readonly string[]) }>>;

/**
 * Every stated value an export does not carry, as `{ id, reason }` at the key that states it (an
 * item with nothing carried is one entry): so that "exported" never silently means "some of it".
 * Inventories are not listed: the items they list are exported, or listed here, themselves.
 */
export function notCarried(a: Analysis, carried: Carried, format: string): Array<{ id: string; reason: string }> {
  const isStated = (v: unknown) => facetState(v) === 'stated';
  const out: Array<{ id: string; reason: string }> = [];
  for (const module of AREAS) {
    const c = carried[module.key];
    const area = areaOf(a.spec, module.key);
    for (const [key, value] of Object.entries(area.data as Obj)) {
      if (key !== 'inventory' && isStated(value) && !c?.area?.includes(key)) out.push({ id: `${module.key}/${key}`, reason: `${format} has no place for it` });
    }
    for (const item of area.items) {
      const keys = Object.entries(item.data as Obj).filter(([, v]) => isStated(v)).map(([k]) => k);
      const items = typeof c?.items === 'function' ? c.items(item.id) : c?.items;
      if (items === 'all' || keys.length === 0) continue;
      if (items === undefined) {
        const noun = module.items?.noun ?? 'value of this area';
        out.push({ id: `${module.key}/${item.id}`, reason: `${format} has no place for ${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}` });
      }
      else for (const key of keys) if (!items.includes(key)) out.push({ id: `${module.key}/${item.id}/${key}`, reason: `${format} has no place for it` });
    }
  }
  return out;
}

/** Named examples as OpenAPI writes them on a media type, parameter or header: `{ name: { summary, description, value | externalValue } }`. */
export function namedExamples(value: unknown): Obj | undefined {
  if (!isObj(value) || Object.keys(value).length === 0) return undefined;
  return Object.fromEntries(
    Object.entries(value).map(([name, e]) => {
      const x = isObj(e) ? e : {};
      return [name, { ...(typeof x.summary === 'string' ? { summary: x.summary } : {}), ...(typeof x.description === 'string' ? { description: x.description } : {}), ...('value' in x ? { value: x.value } : {}), ...(typeof x.external_value === 'string' ? { externalValue: x.external_value } : {}) }];
    }),
  );
}

/** The version to state in an exported document: the current version's name as written (else its id), else the first's; empty when none is stated. */
export function versionOf(a: Analysis): string {
  const v = exportedVersion(a);
  return v ? (v.data.name ?? v.id) : '';
}

/** The version an exported document states: the current one, else the first. */
export function exportedVersion(a: Analysis): Item<'versioning'> | undefined {
  const versions = itemsOf(a, 'versioning');
  return versions.find((x) => stated(x.data.status) === 'current') ?? versions[0];
}

/**
 * Words an import reads back as a spec link's label, written as they are (html.ts's `labelOf`): no
 * brackets, bars or line breaks, nothing Markdown escapes in words (`<`, `&`, `*`…), not blank.
 */
const plainLabel = (label: string): boolean => /^[^[\]|\n\r<>&\\`*_~]+$/.test(label) && label.trim() !== '';

/**
 * Prose links (`[[resources/Order]]`, `[[states/order-status|lifecycle]]`) mean nothing to the
 * tools an export is for (they showed the brackets, and a re-import found the targets missing):
 * each `description` is written with every link as its words, its label or what it names (its
 * title). A description without links is written as stated, with each `[[` it escapes as text
 * (`\[[Pet]]`) written plain (`[[Pet]]`), as the document the spec was imported from wrote it.
 * `anchors` gives the links the document can carry an address for (`endpoints/getJob` →
 * `#operation/getJob`, the Redoc anchor of the operation it exports, which an import reads back as
 * the same link): those are written as links, where their words are ones an import keeps as a label.
 */
export function plainProseLinks<T>(doc: T, a: Analysis, anchors: ReadonlyMap<string, string> = new Map()): T {
  const titles = new Map(a.spec.areas.flatMap((area) => area.items.map((i) => [`${area.key}/${i.id}`, itemTitle(area.key, i)] as const)));
  const resolve = linkResolver(titles, { area: () => '', item: (area, id) => anchors.get(`${area}/${id}`) ?? '', facet: () => '' });
  const write = proseMarkdown((target, label) => {
    const hit = resolve(target);
    return hit !== undefined && hit.href !== '' && !plainLabel(label ?? hit.label) ? { ...hit, href: '' } : hit;
  });
  // A link's words first, then the brackets escaped as text (`\[[Pet]]`, as an import writes a document's `[[Pet]]`) written plain again.
  const plain = (x: string) => unescapeLiteralLinks(x.includes('[[') && inspectProse(x).links.length > 0 ? write(x) : x);
  const walk = (v: unknown, parent?: string | number, grand?: string | number): unknown => {
    if (Array.isArray(v)) return v.map((x, i) => walk(x, i, parent));
    if (!isObj(v)) return v;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === 'description' && typeof x === 'string' ? plain(x) : isDocumentData(k, x, parent, grand) ? x : walk(x, k, parent)]));
  };
  return walk(doc) as T;
}

/**
 * Whether the value under `key` of an exported document is data written as stated (an example, a
 * default, allowed values, a named example's `value`): a `description` inside it is part of the
 * value, never prose. A key under `properties` is a property's name.
 */
function isDocumentData(key: string, value: unknown, parent: string | number | undefined, grand: string | number | undefined): boolean {
  if (parent === 'properties' || parent === 'patternProperties') return false;
  if (key === 'value') return grand === 'examples';
  if (key === 'examples') return Array.isArray(value); // a schema's list of values; a media type's map names example objects
  return key === 'example' || key === 'default' || key === 'enum' || key === 'const';
}

/** The scopes an OAuth 2.0 flow of a scheme offers: those its `flow_scopes` lists for the flow, else all the scheme's (an export gives no flow a scope it did not have). */
export function scopesOfFlow(d: { scopes?: unknown; flow_scopes?: unknown }, flow: string): Obj {
  const scopes = statedObj(d.scopes) ?? {};
  const offered = isObj(d.flow_scopes) && Array.isArray(d.flow_scopes[flow]) ? new Set((d.flow_scopes[flow] as unknown[]).map(String)) : undefined;
  return offered ? Object.fromEntries(Object.entries(scopes).filter(([name]) => offered.has(name))) : scopes;
}
