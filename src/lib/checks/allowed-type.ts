import { stated } from '../facet/state.ts';
import { allShapes, fitsType, shown } from './shapes.ts';
import type { Check } from './types.ts';

export const allowedType: Check = {
  code: 'allowed-type',
  description: 'An allowed value does not have the shape’s type (YAML reads unquoted `007`, `0x1F` or `1e3` as numbers).',
  severity: 'error',
  example: 'code: { type: string, allowed: [007, 0x1F] }',
  run(ctx) {
    for (const { shape, path, name, file } of allShapes(ctx)) {
      const type = stated(shape.type);
      const allowed = stated(shape.allowed);
      if (!allowed) continue;
      allowed.forEach((value, i) => {
        if (fitsType(type, value, stated(shape.nullable) === true) !== false) return;
        const at = { file, path: [...path, 'allowed', i] };
        const written = ctx.written(at);
        const yamlNumber = type === 'string' && typeof value === 'number' && written !== undefined && written !== String(value);
        ctx.report({
          message: yamlNumber
            ? `\`${written}\` in the allowed values of ${name} is read by YAML as the number ${String(value)}, but the field is a string; quote it: \`"${written}"\`.`
            : `The allowed values of ${name} (type ${type}) include ${shown(value)}; ${type === 'string' ? 'quote it, or ' : ''}make every value a${type === 'integer' ? 'n' : ''} ${type}${value === null ? ', or say `nullable: true`' : ''}.`,
          at,
        });
      });
    }
  },
};
