import { quoted } from '../../areas/shape.ts';
import { isObj, type Obj } from '../../facet/state.ts';
import { markdownCode } from '../../safety/markdown.ts';

/** Where a local reference to a named schema points. */
const PREFIX = '#/components/schemas/';

/** The name a local reference to a named schema gives, or undefined. */
const nameOf = (ref: unknown): string | undefined => (typeof ref === 'string' && ref.startsWith(PREFIX) && !ref.slice(PREFIX.length).includes('/') ? decodeURIComponent(ref.slice(PREFIX.length)).replace(/~1/g, '/').replace(/~0/g, '~') : undefined);

/** A local reference to the named schema `name`. */
export const schemaRef = (name: string): string => `${PREFIX}${encodeURIComponent(name.replace(/~/g, '~0').replace(/\//g, '~1'))}`;

/**
 * The values a schema allows its field `field` (its `enum`, or `const`), stated on it or on a part
 * of its `allOf` (inline, or a named schema `own` finds); undefined where none is stated.
 */
export function fieldValues(own: (name: string) => Obj | undefined, s: Obj, field: string, depth = 0): unknown[] | undefined {
  if (depth > 16) return undefined;
  const p = isObj(s.properties) ? s.properties[field] : undefined;
  const refd = isObj(p) ? nameOf(p.$ref) : undefined;
  const ref = refd === undefined ? undefined : own(refd);
  const prop = ref ?? (isObj(p) ? p : undefined);
  if (prop !== undefined) return Array.isArray(prop.enum) ? prop.enum : Object.hasOwn(prop, 'const') ? [prop.const] : undefined;
  for (const part of Array.isArray(s.allOf) ? s.allOf : []) {
    const partName = isObj(part) ? nameOf(part.$ref) : undefined;
    const named = partName === undefined ? undefined : own(partName);
    const found = named ?? (isObj(part) ? part : undefined);
    const values = found === undefined ? undefined : fieldValues(own, found, field, depth + 1);
    if (values !== undefined) return values;
  }
  return undefined;
}

/**
 * Azure's documents state each subtype's discriminator value on the subtype
 * (`x-ms-discriminator-value: '#Microsoft.Media.AacAudio'`), not in the base's mapping; OpenAPI
 * says the same with a mapping entry on the base. So the named schemas are returned with each
 * stated value made an entry of the mapping of the base that states the discriminator, found up
 * the subtype's chain of `allOf` references (a subtype of a subtype of `Codec` is told apart by
 * `Codec`'s field), and the extension taken off the subtype: it is carried (`carried` names those
 * subtypes, whose extension is then not listed as unmapped). An entry the base's
 * mapping already has for that value is kept. t32i: the values were dropped, and the reader's
 * pages and samples sent each subtype's name, which the service rejects.
 */
export function withStatedValues(schemas: Obj): { schemas: Obj; carried: string[]; refused: Array<{ name: string; reason: string }> } {
  const own = (name: string): Obj | undefined => (isObj(schemas[name]) ? schemas[name] : undefined);
  const parents = (s: Obj): string[] =>
    (Array.isArray(s.allOf) ? s.allOf : []).flatMap((p) => (isObj(p) && typeof p.$ref === 'string' && p.$ref.startsWith(PREFIX) ? [decodeURIComponent(p.$ref.slice(PREFIX.length)).replace(/~1/g, '/').replace(/~0/g, '~')] : []));
  /** The nearest schema up the chain (itself first) that states a discriminator with a field. */
  const baseOf = (name: string): string | undefined => {
    const seen = new Set<string>();
    for (let level = [name]; level.length > 0; ) {
      const next: string[] = [];
      for (const n of level) {
        if (seen.has(n)) continue;
        seen.add(n);
        const s = own(n);
        if (!s) continue;
        if (told(s) !== undefined) return n;
        next.push(...parents(s));
      }
      level = next;
    }
    return undefined;
  };
  const allowedOf = (s: Obj, field: string) => fieldValues(own, s, field);
  const out: Obj = { ...schemas };
  /** The subtypes whose value is carried. */
  const carried: string[] = [];
  /** The subtypes whose value is not carried, with why. */
  const refused: Array<{ name: string; reason: string }> = [];
  /** A schema's discriminator as OpenAPI 3 writes it (Swagger 2.0 writes the field's name alone), when it states a field. */
  function told(s: Obj): Obj | undefined {
    const d = s.discriminator;
    if (typeof d === 'string') return { propertyName: d };
    return isObj(d) && typeof d.propertyName === 'string' ? d : undefined;
  }
  /** The schema without the extension: what becomes of its value is said once, where `carried` or `refused` names it. */
  const without = (name: string) => {
    const current = out[name];
    if (!isObj(current)) return false;
    const { 'x-ms-discriminator-value': _taken, ...rest } = current;
    out[name] = rest;
    return true;
  };
  for (const [name, s] of Object.entries(schemas)) {
    const value = isObj(s) ? s['x-ms-discriminator-value'] : undefined;
    const base = typeof value === 'string' ? baseOf(name) : undefined;
    const held = base === undefined ? undefined : out[base];
    const d = isObj(held) ? told(held) : undefined;
    if (typeof value !== 'string' || base === undefined || !isObj(held) || d === undefined) continue;
    // A value the discriminator's field does not allow would map a value no instance has (t31j: appcenter's `apple` under `credentialType`, whose enum has no `apple`): said, no mapping made.
    const allowed = allowedOf(held, String(d.propertyName));
    if (allowed !== undefined && !allowed.includes(value)) {
      if (without(name)) refused.push({ name, reason: `the subtype's discriminator value ${markdownCode(value)} is not among the values the field ${markdownCode(String(d.propertyName))} of the discriminator of ${markdownCode(base)} allows (${allowed.map(quoted).join(', ')}): no mapping is made of it, and it is not kept` });
      continue;
    }
    // Its own discriminator, on a schema made of parts (`allOf`): the spec maps a value to a variant, and a schema is never its own (the import's check would warn).
    if (base === name && ['allOf', 'oneOf', 'anyOf'].some((k) => Array.isArray(held[k]))) {
      if (without(name)) refused.push({ name, reason: `the discriminator value ${markdownCode(value)} is for the schema's own discriminator (the field ${markdownCode(String(d.propertyName))}), whose variants are the parts of its ${['allOf', 'oneOf', 'anyOf'].filter((k) => Array.isArray(held[k])).join(' and ')}, not the schema itself: the spec maps a value only to a variant, so no mapping is made of it, and it is not kept` });
      continue;
    }
    const mapping = isObj(d.mapping) ? d.mapping : {};
    if (!Object.hasOwn(mapping, value)) out[base] = { ...held, discriminator: { ...d, mapping: { ...mapping, [value]: `${PREFIX}${name.replace(/~/g, '~0').replace(/\//g, '~1')}` } } };
    if (without(name)) carried.push(name);
  }
  return { schemas: out, carried, refused };
}

/**
 * The value a discriminator without a mapping entry gives a subtype is the subtype's name as the
 * document writes it (OpenAPI's implied mapping; Swagger 2.0's only one). Where the import keeps a
 * subtype under another id (`PagedList[Cat]` as `PagedList-Cat`), an export would name it so, and
 * the implied value would change with it (t31t D5): so the value the source implies is made an
 * explicit entry of the mapping of the base that states the discriminator (the nearest up the
 * subtype's `allOf` chain, a base that is not itself a union), and said there (`said`, by the
 * base's name). No entry is made where the mapping already has the value or already names the
 * subtype, or where the subtype's field does not allow its name (then no payload carries it).
 */
export function withImpliedValues(schemas: Obj, idOf: (name: string) => string): { schemas: Obj; said: Array<{ name: string; reason: string }> } {
  const own = (name: string): Obj | undefined => (isObj(schemas[name]) ? schemas[name] : undefined);
  const told = (s: Obj): Obj | undefined => (typeof s.discriminator === 'string' ? { propertyName: s.discriminator } : isObj(s.discriminator) && typeof s.discriminator.propertyName === 'string' ? s.discriminator : undefined);
  const parents = (s: Obj): string[] => (Array.isArray(s.allOf) ? s.allOf : []).flatMap((p) => (isObj(p) && nameOf(p.$ref) !== undefined ? [nameOf(p.$ref) as string] : []));
  /** The nearest schema up a subtype's chain (itself not included) that states a discriminator. */
  const baseOf = (name: string): string | undefined => {
    const seen = new Set<string>([name]);
    for (let level = parents(own(name) ?? {}); level.length > 0; ) {
      const next: string[] = [];
      for (const n of level) {
        if (seen.has(n)) continue;
        seen.add(n);
        const s = own(n);
        if (!s) continue;
        if (told(s) !== undefined) return n;
        next.push(...parents(s));
      }
      level = next;
    }
    return undefined;
  };
  const out: Obj = { ...schemas };
  const added = new Map<string, string[]>();
  for (const name of Object.keys(schemas)) {
    if (idOf(name) === name || !own(name)) continue;
    const base = baseOf(name);
    const held = base === undefined ? undefined : out[base];
    const d = isObj(held) ? told(held) : undefined;
    if (base === undefined || !isObj(held) || d === undefined || Array.isArray(held.oneOf) || Array.isArray(held.anyOf)) continue;
    const mapping = isObj(d.mapping) ? d.mapping : {};
    const allowed = fieldValues(own, own(name) as Obj, String(d.propertyName));
    if (Object.hasOwn(mapping, name) || Object.values(mapping).some((ref) => nameOf(ref) === name || ref === name) || (allowed !== undefined && !allowed.includes(name))) continue;
    out[base] = { ...held, discriminator: { ...d, mapping: { ...mapping, [name]: schemaRef(name) } } };
    added.set(base, [...(added.get(base) ?? []), name]);
  }
  const said = [...added].map(([base, names]) => ({ name: base, reason: impliedWord(names, idOf) }));
  return { schemas: out, said };
}

/** What is said at a discriminator whose implied values for renamed schemas are kept as mapping entries. */
export function impliedWord(names: readonly string[], idOf: (name: string) => string): string {
  const list = names.map((n) => `${markdownCode(n)} (kept as ${markdownCode(idOf(n))})`).join(', ');
  return `without a mapping entry, the discriminator's value for a schema is the schema's name; the ${names.length === 1 ? 'schema' : 'schemas'} ${list} ${names.length === 1 ? 'is' : 'are'} kept under another id, so ${names.length === 1 ? 'its value is kept as an explicit mapping entry' : 'their values are kept as explicit mapping entries'} (the name as written, to the schema), and an export states them`;
}
