import type { z } from 'zod';
import type { ItemInput } from '../areas/index.ts';
import type { payloadSchema } from '../areas/payload.ts';
import type { Field } from '../areas/shape.ts';
import { isObj, type Obj } from '../facet/state.ts';
import { Ids, seg, type Unmapped } from './result.ts';
import { titled } from './text.ts';

const PRIMITIVE = new Set(['string', 'integer', 'number', 'boolean', 'object', 'array']);

/** The name a local `$ref` gives a schema component, e.g. `#/components/schemas/Order` → `Order`. */
export function refName(ref: unknown, prefix = '#/components/schemas/'): string | undefined {
  return typeof ref === 'string' && ref.startsWith(prefix) ? decodeURIComponent(ref.slice(prefix.length)).replace(/~1/g, '/').replace(/~0/g, '~') : undefined;
}

/** Turns JSON Schemas into resources: components by name, inline objects as resources of their own. */
export class SchemaMapper {
  readonly resources = new Map<string, ItemInput<'resources'>>();
  readonly ids = new Ids();
  private readonly unmapped: Unmapped[];
  /** Looks a local `$ref` up through the parser (for `allOf` parts); nothing without one. */
  private readonly resolve: (ref: string) => unknown;
  private readonly prefix = '#/components/schemas/';

  constructor(unmapped: Unmapped[], resolve: (ref: string) => unknown = () => undefined) {
    this.unmapped = unmapped;
    this.resolve = resolve;
  }

  /** The resource id of a named component (created on first use). */
  component(name: string, schema: unknown, pointer: string): string {
    const id = this.ids.id(name);
    if (!this.resources.has(id)) {
      this.resources.set(id, {}); // reserve: schemas may refer to themselves
      this.resources.set(id, this.resource(schema, pointer, id));
    }
    return id;
  }

  /** A payload for a body schema: a resource (or a list of one), or undefined when there is no schema. */
  payload(schema: unknown, pointer: string, nameIfInline: string): z.input<typeof payloadSchema> | undefined {
    if (!isObj(schema)) return undefined;
    const ref = refName(schema.$ref, this.prefix);
    if (ref !== undefined) return { resource: this.ids.id(ref) };
    if (schema.type === 'array' && isObj(schema.items)) {
      const inner = refName(schema.items.$ref, this.prefix);
      return { resource: inner !== undefined ? this.ids.id(inner) : this.inline(schema.items, `${pointer}/items`, nameIfInline), list: true };
    }
    return { resource: this.inline(schema, pointer, nameIfInline) };
  }

  /** An inline schema as a resource of its own, named after where it sits. */
  inline(schema: unknown, pointer: string, name: string): string {
    return this.component(name, schema, pointer);
  }

  private resource(schema: unknown, pointer: string, id: string): ItemInput<'resources'> {
    if (!isObj(schema)) return { fields: { open: 'The source gives no schema.' } };
    const out: ItemInput<'resources'> = titled(schema.title, schema.description);
    const merged = this.merge(schema, pointer);
    if (merged.properties) {
      const fields = Object.fromEntries(Object.entries(merged.properties).map(([name, p]) => [name, this.field(p, `${merged.at[name] ?? pointer}/properties/${seg(name)}`, merged.required.has(name), `${id}.${name}`)]));
      out.fields = Object.keys(fields).length === 0 ? { none: 'The source schema is an object with no properties.' } : fields;
      return out;
    }
    for (const k of ['oneOf', 'anyOf'] as const) {
      if (Array.isArray(schema[k])) {
        this.unmapped.push({ pointer, reason: `${k} (one of several shapes) is not a resource shape; the fields are left open` });
        return { ...out, fields: { open: `The source says this is ${k === 'oneOf' ? 'one' : 'any'} of ${schema[k].length} shapes; which fields does it have?` } };
      }
    }
    const type = typeOf(schema);
    if (type && type !== 'object') return { ...out, value: this.field(schema, pointer, undefined, `${id}.item`) };
    return { ...out, fields: { open: 'The source schema states no properties.' } };
  }

  /** Properties and required names of a schema, through allOf. */
  private merge(schema: Obj, pointer: string): { properties?: Record<string, unknown>; required: Set<string>; at: Record<string, string> } {
    const properties: Record<string, unknown> = {};
    const at: Record<string, string> = {};
    const required = new Set<string>();
    let any = false;
    const walk = (s: unknown, p: string, depth: number) => {
      if (!isObj(s) || depth > 20) return;
      if (typeof s.$ref === 'string') {
        const target = this.resolve(s.$ref);
        walk(target, s.$ref.replace(/^#/, ''), depth + 1);
        return;
      }
      if (isObj(s.properties)) {
        any = true;
        for (const [k, v] of Object.entries(s.properties)) {
          properties[k] = v;
          at[k] = p;
        }
      }
      if (Array.isArray(s.required)) for (const r of s.required) required.add(String(r));
      if (Array.isArray(s.allOf)) s.allOf.forEach((part, i) => walk(part, `${p}/allOf/${i}`, depth + 1));
      if (s.type === 'object' && !s.properties && !s.allOf) any = true;
    };
    walk(schema, pointer, 0);
    return { ...(any ? { properties } : {}), required, at };
  }

  private field(schema: unknown, pointer: string, required: boolean | undefined, inlineName: string): Field {
    const f: Field = {};
    if (!isObj(schema)) return { type: { open: 'The source gives no type.' }, ...(required !== undefined ? { required } : {}) };
    if (typeof schema.description === 'string') f.description = schema.description;
    const ref = refName(schema.$ref, this.prefix);
    const type = ref !== undefined ? this.ids.id(ref) : typeOf(schema);
    if (type === 'object' && (isObj(schema.properties) || Array.isArray(schema.allOf))) f.type = this.inline(schema, pointer, inlineName);
    else if (type) f.type = type;
    else if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) {
      f.type = 'object';
      this.unmapped.push({ pointer, reason: 'a field of one of several shapes (oneOf/anyOf) is kept as type object' });
    } else f.type = { open: 'The source gives no type.' };
    if (type === 'array' && isObj(schema.items)) {
      const itemRef = refName(schema.items.$ref, this.prefix);
      const itemType = typeOf(schema.items);
      f.items = itemRef !== undefined ? this.ids.id(itemRef) : itemType === 'object' || (!itemType && isObj(schema.items.properties)) ? this.inline(schema.items, `${pointer}/items`, `${inlineName}.item`) : (itemType ?? 'object');
    }
    if (required !== undefined) f.required = required;
    if (typeof schema.format === 'string') f.format = schema.format;
    const values = Array.isArray(schema.enum) ? schema.enum : schema.const !== undefined ? [schema.const] : undefined;
    const allowed = values?.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number');
    if (allowed && allowed.length > 0) f.allowed = allowed;
    return f;
  }
}

/** The one non-null type of a schema (OpenAPI 3.1 writes `[string, "null"]`). */
export function typeOf(schema: Obj): string | undefined {
  const t = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (typeof t === 'string' && PRIMITIVE.has(t)) return t;
  if (t === undefined && isObj(schema.properties)) return 'object';
  if (t === undefined && isObj(schema.items)) return 'array';
  return undefined;
}
