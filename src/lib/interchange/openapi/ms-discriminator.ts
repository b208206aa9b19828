import { quoted } from '../../areas/shape.ts';
import { isObj, type Obj } from '../../facet/state.ts';
import { markdownCode } from '../../safety/markdown.ts';

/** Where a local reference to a named schema points. */
const PREFIX = '#/components/schemas/';

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
  /**
   * The values a schema allows its field `field` (its `enum`, or `const`), stated on it or on a part
   * of its `allOf` (inline, or a named schema); undefined where none is stated.
   */
  const allowedOf = (s: Obj, field: string, depth = 0): unknown[] | undefined => {
    if (depth > 16) return undefined;
    const p = isObj(s.properties) ? s.properties[field] : undefined;
    const ref = isObj(p) && typeof p.$ref === 'string' && p.$ref.startsWith(PREFIX) ? own(decodeURIComponent(p.$ref.slice(PREFIX.length)).replace(/~1/g, '/').replace(/~0/g, '~')) : undefined;
    const prop = ref ?? (isObj(p) ? p : undefined);
    if (prop !== undefined) return Array.isArray(prop.enum) ? prop.enum : Object.hasOwn(prop, 'const') ? [prop.const] : undefined;
    for (const part of Array.isArray(s.allOf) ? s.allOf : []) {
      const named = isObj(part) && typeof part.$ref === 'string' && part.$ref.startsWith(PREFIX) ? own(decodeURIComponent(part.$ref.slice(PREFIX.length)).replace(/~1/g, '/').replace(/~0/g, '~')) : undefined;
      const found = named ?? (isObj(part) ? part : undefined);
      const values = found === undefined ? undefined : allowedOf(found, field, depth + 1);
      if (values !== undefined) return values;
    }
    return undefined;
  };
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
