import { isObj, own, stated } from '../facet/state.ts';
import { allowedValues } from '../areas/discriminator-value.ts';
import { isResourceType, type Shape } from '../areas/shape.ts';
import { allShapes } from './shapes.ts';
import type { Check, CheckContext } from './types.ts';

/** The fields a union's variant has, where they are stated (a resource's or an inline object's); undefined when unknown. */
function variantFields(ctx: CheckContext, variant: string | Shape): { name: string; fields?: string[] } {
  if (typeof variant === 'string') {
    const fields = isResourceType(variant) ? stated(ctx.item('resources', variant)?.data.fields) : undefined;
    return { name: `\`${variant}\``, ...(fields ? { fields: Object.keys(fields) } : {}) };
  }
  const type = stated(variant.type);
  if (typeof type === 'string' && isResourceType(type)) return variantFields(ctx, type);
  const fields = stated(variant.fields);
  return { name: 'an inline variant', ...(fields ? { fields: Object.keys(fields) } : {}) };
}

export const discriminatorField: Check = {
  code: 'discriminator-field',
  description: 'A union’s discriminator names a field a variant does not have, or maps a value to a type that is not a variant or whose field does not allow it.',
  severity: 'warning',
  example: 'payment: { type: one_of, of: [Card, Transfer], discriminator: { field: kind } } where Transfer has no `kind`',
  scope: 'file',
  run(ctx) {
    const shapes = allShapes(ctx);
    // A union that is a part of an all_of (`properties` and `oneOf` side by side, as OpenAPI's polymorphism writes them): the fields its sibling parts state are every variant's too.
    const beside = new Map<object, string[]>();
    for (const { shape } of shapes) {
      const parts = stated(shape.type) === 'all_of' ? stated(shape.of) : undefined;
      if (!parts) continue;
      const unions = parts.filter((p): p is Shape => isObj(p) && (stated(p.type) === 'one_of' || stated(p.type) === 'any_of'));
      const fields = parts.filter((p) => !unions.includes(p as Shape)).flatMap((p) => variantFields(ctx, p).fields ?? []);
      for (const u of unions) beside.set(u, fields);
    }
    for (const { shape, path, name, file } of shapes) {
      const discriminator = stated(shape.discriminator);
      const variants = stated(shape.of);
      // An all_of's parts are no variants: its discriminator tells apart the types that extend it, as a base object's does (t32l #5).
      if (!isObj(discriminator) || !variants || stated(shape.type) === 'all_of') continue;
      for (const v of variants) {
        const { name: variant, fields } = variantFields(ctx, v);
        if (fields && !fields.includes(discriminator.field) && beside.get(shape)?.includes(discriminator.field) !== true) {
          ctx.report({ message: `The discriminator of ${name} is the field \`${discriminator.field}\`, but ${variant} has no such field; add it to every variant.`, at: { file, path: [...path, 'discriminator', 'field'] } });
        }
      }
      const named = new Set<string>();
      // A variant that is itself a union: its variants are this one's too (t32l #6: `inner-x` to `LX`, a variant of the variant `LInner`).
      const addVariants = (of: readonly unknown[], depth: number): void => {
        for (const v of of) {
          const n = typeof v === 'string' ? v : isObj(v) && typeof stated(v.type) === 'string' ? String(stated(v.type)) : undefined;
          if (n === undefined || named.has(n)) continue;
          named.add(n);
          const inner = isResourceType(n) && depth < 12 ? stated(ctx.item('resources', n)?.data.value) : undefined;
          const kind = isObj(inner) ? stated(inner.type) : undefined;
          const nested = isObj(inner) && (kind === 'one_of' || kind === 'any_of') ? stated(inner.of) : undefined;
          if (Array.isArray(nested)) addVariants(nested, depth + 1);
        }
      };
      addVariants(variants, 0);
      for (const [value, type] of Object.entries(own(discriminator, 'mapping') ?? {})) {
        if (typeof type === 'string' && !named.has(type)) ctx.report({ message: `The discriminator of ${name} maps \`${value}\` to \`${type}\`, which is not one of its variants.`, at: { file, path: [...path, 'discriminator', 'mapping', value] } });
        // A value the variant's own field forbids: the spec contradicts itself (t32k #2: `cat` to a variant whose `kind` allows only `dog`).
        const allowed = typeof type === 'string' && named.has(type) && isResourceType(type) ? allowedValues((t) => ctx.item('resources', t)?.data, type, discriminator.field) : undefined;
        if (allowed && !allowed.includes(value)) ctx.report({ message: `The discriminator of ${name} maps \`${value}\` to \`${type}\`, whose field \`${discriminator.field}\` allows only ${allowed.map((v) => `\`${v}\``).join(', ')}; make the two agree.`, at: { file, path: [...path, 'discriminator', 'mapping', value] } });
      }
    }
  },
};
