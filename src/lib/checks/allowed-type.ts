import { aType, isResourceType, shown, valuePath, valueProblems } from '../areas/shape.ts';
import { stated } from '../facet/state.ts';
import { allShapes, valueContext } from './shapes.ts';
import type { Check } from './types.ts';

export const allowedType: Check = {
  code: 'allowed-type',
  description: 'An allowed value is not of the shape’s type, or of a type inside it (an object’s fields, a list’s items); YAML reads unquoted `007`, `0x1F` or `1e3` as numbers.',
  severity: 'error',
  example: 'code: { type: string, allowed: [007, 0x1F] }',
  scope: 'file',
  run(ctx) {
    const values = valueContext(ctx);
    for (const { shape, path, name, file } of allShapes(ctx)) {
      const allowed = stated(shape.allowed);
      if (!allowed) continue;
      const type = stated(shape.type);
      const primitive = typeof type === 'string' && !isResourceType(type) && !type.endsWith('_of') ? type : undefined;
      allowed.forEach((value, i) => {
        for (const problem of valueProblems(shape, value, values, { typesOnly: true })) {
          const at = { file, path: [...path, 'allowed', i, ...problem.at] };
          const written = ctx.written(at);
          if (problem.at.length > 0 || primitive === undefined) {
            ctx.report({ message: `The allowed value \`${JSON.stringify(value)}\` of ${name}${problem.at.length > 0 ? `, at \`${valuePath(problem.at)}\`,` : ''} ${problem.message}; make it one.`, at });
          } else if (primitive === 'string' && typeof value === 'number' && written !== undefined && written !== String(value)) {
            ctx.report({ message: `\`${written}\` in the allowed values of ${name} is read by YAML as the number ${String(value)}, but the field is a string; quote it: \`"${written}"\`.`, at });
          } else {
            ctx.report({ message: `The allowed values of ${name} (type ${primitive}) include ${shown(value)}; ${primitive === 'string' ? 'quote it, or ' : ''}make every value ${aType(primitive)}${value === null ? ', or say `nullable: true`' : ''}.`, at });
          }
        }
      });
    }
  },
};
