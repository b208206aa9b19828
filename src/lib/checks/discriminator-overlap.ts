import { allowedValues } from '../areas/discriminator-value.ts';
import { isResourceType } from '../areas/shape.ts';
import { isObj, own, stated, statedObj } from '../facet/state.ts';
import { allShapes } from './shapes.ts';
import type { Check, CheckContext } from './types.ts';

/** A variant of a union as the check reads it: its resource, the values it allows its discriminator's field (undefined: any), and its required fields with their stated types. */
interface Variant {
  name: string;
  values: string[] | undefined;
  required: Map<string, unknown>;
}

/** A variant that is a resource of fields holding the discriminator's field; undefined for anything else (not judged). */
function variantOf(ctx: CheckContext, v: unknown, field: string): Variant | undefined {
  const name = typeof v === 'string' ? v : isObj(v) ? stated(v.type) : undefined;
  if (typeof name !== 'string' || !isResourceType(name)) return undefined;
  const fields = statedObj(ctx.item('resources', name)?.data.fields);
  if (!fields || !Object.hasOwn(fields, field)) return undefined;
  const required = new Map<string, unknown>();
  for (const [n, f] of Object.entries(fields)) if (isObj(f) && stated(f.required) === true) required.set(n, stated(f.type));
  return { name, values: allowedValues((t) => ctx.item('resources', t)?.data, name, field), required };
}

/** Whether every value of `a` made of its required fields alone fits `b` by their shapes: `b` requires nothing `a` does not, of no other type, and their fields allow a common value. */
function swallows(b: Variant, a: Variant): boolean {
  if (a.values !== undefined && b.values !== undefined && !a.values.some((x) => b.values?.includes(x))) return false;
  for (const [n, type] of b.required) {
    if (!a.required.has(n)) return false;
    const other = a.required.get(n);
    if (type !== undefined && other !== undefined && type !== other) return false;
  }
  return true;
}

export const discriminatorOverlap: Check = {
  code: 'discriminator-overlap',
  description: 'A `one_of`’s discriminator does not tell its variants apart by their shapes: variants leave its field any value and one requires nothing the other lacks, so a value of one fits both, which JSON Schema’s `oneOf` (exactly one) refuses.',
  severity: 'warning',
  example: 'payment: { type: one_of, of: [Card, Bank], discriminator: { field: kind } } where both state only `kind: { type: string, required: true }`',
  scope: 'file',
  run(ctx) {
    for (const { shape, path, name, file } of allShapes(ctx)) {
      const discriminator = stated(shape.discriminator);
      const of = stated(shape.of);
      if (stated(shape.type) !== 'one_of' || !isObj(discriminator) || typeof discriminator.field !== 'string' || !Array.isArray(of) || of.length < 2) continue;
      const field = discriminator.field;
      const variants = of.map((v) => variantOf(ctx, v, field));
      const overlapping = new Set<Variant>();
      for (const a of variants) {
        for (const b of variants) {
          if (a && b && a !== b && (a.values === undefined || b.values === undefined) && swallows(b, a)) overlapping.add(a).add(b);
        }
      }
      if (overlapping.size === 0) continue;
      const mapping = own(discriminator, 'mapping') ?? {};
      const named = variants.filter((v): v is Variant => v !== undefined && overlapping.has(v));
      const picks = named.map((v) => {
        const mapped = Object.entries(mapping).filter(([, t]) => t === v.name).map(([k]) => k);
        return `\`${v.name}\` (\`allowed: [${(mapped.length > 0 ? mapped : [v.name]).join(', ')}]\`)`;
      });
      ctx.report({
        message: `The discriminator of ${name} is the field \`${field}\`, but ${named.map((v) => `\`${v.name}\``).join(' and ')} leave it any value, and a value of the fields one requires fits another too, so their shapes do not tell them apart: a validator that reads the \`one_of\` as JSON Schema does (exactly one variant) refuses a value that fits more than one. State the values that pick each in its field: ${picks.join(', ')}.`,
        at: { file, path: [...path, 'discriminator', 'field'] },
      });
    }
  },
};
