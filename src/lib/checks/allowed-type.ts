import { isObj, statedObj, type Obj } from '../model/facet-def.ts';
import type { Check, CheckContext } from './types.ts';

const FITS: Record<string, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  integer: (v) => typeof v === 'number' && Number.isInteger(v),
  number: (v) => typeof v === 'number',
  boolean: (v) => typeof v === 'boolean',
};

const shown = (v: unknown) => (typeof v === 'string' ? `the text \`${v}\`` : `${v === null ? 'null' : typeof v} \`${String(v)}\``);

function checkField(ctx: CheckContext, file: string, path: Array<string | number>, field: Obj, name: string): void {
  const type = typeof field.type === 'string' ? field.type : undefined;
  const fits = type !== undefined && Object.hasOwn(FITS, type) ? FITS[type] : undefined;
  if (!fits || !Array.isArray(field.allowed)) return;
  field.allowed.forEach((value: unknown, i) => {
    if (fits(value)) return;
    const at = { file, path: [...path, 'allowed', i] };
    const written = ctx.written(at);
    const yamlNumber = type === 'string' && typeof value === 'number' && written !== undefined && written !== String(value);
    ctx.report({
      message: yamlNumber
        ? `\`${written}\` in the allowed values of ${name} is read by YAML as the number ${String(value)}, but the field is a string; quote it: \`"${written}"\`.`
        : `The allowed values of ${name} (type ${type}) include ${shown(value)}; ${type === 'string' ? 'quote it, or ' : ''}make every value a${type === 'integer' ? 'n' : ''} ${type}.`,
      at,
    });
  });
}

export const allowedType: Check = {
  code: 'allowed-type',
  description: 'An allowed value does not have the field’s type (YAML reads unquoted `007`, `0x1F` or `1e3` as numbers).',
  severity: 'error',
  example: 'code: { type: string, allowed: [007, 0x1F] }',
  run(ctx) {
    for (const item of ctx.items('resources')) {
      for (const [name, field] of Object.entries(statedObj(item.data.fields) ?? {})) {
        if (isObj(field)) checkField(ctx, item.file, ['fields', name], field, `field \`${name}\``);
      }
      if (isObj(item.data.value)) checkField(ctx, item.file, ['value'], item.data.value, `\`${item.id}\``);
    }
  },
};
