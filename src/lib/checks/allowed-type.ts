import type { Field } from '../areas/resources/index.ts';
import type { Path } from '../facet/path.ts';
import { stated } from '../facet/state.ts';
import type { Check, CheckContext } from './types.ts';

const FITS: Record<string, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  integer: (v) => typeof v === 'number' && Number.isInteger(v),
  number: (v) => typeof v === 'number',
  boolean: (v) => typeof v === 'boolean',
};

const shown = (v: unknown) => (typeof v === 'string' ? `the text \`${v}\`` : `${v === null ? 'null' : typeof v} \`${String(v)}\``);

function checkField(ctx: CheckContext, file: string, path: Path, field: Pick<Field, 'type' | 'allowed'>, name: string): void {
  const type = stated(field.type);
  const fits = type !== undefined && Object.hasOwn(FITS, type) ? FITS[type] : undefined;
  const allowed = stated(field.allowed);
  if (!fits || !allowed) return;
  allowed.forEach((value, i) => {
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
      for (const [name, field] of Object.entries(stated(item.data.fields) ?? {})) checkField(ctx, item.file, ['fields', name], field, `field \`${name}\``);
      const value = stated(item.data.value);
      if (value) checkField(ctx, item.file, ['value'], value, `\`${item.id}\``);
    }
  },
};
