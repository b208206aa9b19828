import { isObj, type Obj } from '../../facet/state.ts';

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
export function withStatedValues(schemas: Obj): { schemas: Obj; carried: string[] } {
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
  const out: Obj = { ...schemas };
  /** The subtypes whose value is carried. */
  const carried: string[] = [];
  /** A schema's discriminator as OpenAPI 3 writes it (Swagger 2.0 writes the field's name alone), when it states a field. */
  function told(s: Obj): Obj | undefined {
    const d = s.discriminator;
    if (typeof d === 'string') return { propertyName: d };
    return isObj(d) && typeof d.propertyName === 'string' ? d : undefined;
  }
  for (const [name, s] of Object.entries(schemas)) {
    const value = isObj(s) ? s['x-ms-discriminator-value'] : undefined;
    const base = typeof value === 'string' ? baseOf(name) : undefined;
    const held = base === undefined ? undefined : out[base];
    const d = isObj(held) ? told(held) : undefined;
    if (typeof value !== 'string' || base === undefined || !isObj(held) || d === undefined) continue;
    const mapping = isObj(d.mapping) ? d.mapping : {};
    if (!Object.hasOwn(mapping, value)) out[base] = { ...held, discriminator: { ...d, mapping: { ...mapping, [value]: `${PREFIX}${name.replace(/~/g, '~0').replace(/\//g, '~1')}` } } };
    const current = out[name];
    if (!isObj(current)) continue;
    const { 'x-ms-discriminator-value': _carried, ...rest } = current;
    out[name] = rest;
    carried.push(name);
  }
  return { schemas: out, carried };
}
