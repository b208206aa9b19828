import { stated } from '../facet/state.ts';
import { allShapes, fitsType, shown } from './shapes.ts';
import type { Check } from './types.ts';

export const defaultValue: Check = {
  code: 'default-value',
  description: 'A default or an example that the shape does not allow: of another type, or not among the allowed values.',
  severity: 'error',
  example: 'status: { type: string, allowed: [draft, placed], default: shipped }',
  run(ctx) {
    for (const { shape, path, name, file } of allShapes(ctx)) {
      const type = stated(shape.type);
      const nullable = stated(shape.nullable) === true;
      const allowed = stated(shape.allowed)?.map((v) => JSON.stringify(v));
      const values = [
        ...(shape.default === null || stated(shape.default) !== undefined ? [{ value: shape.default === null ? null : stated(shape.default), at: [...path, 'default'], what: 'default' }] : []),
        ...(stated(shape.examples) ?? []).map((value, i) => ({ value, at: [...path, 'examples', i], what: 'example' })),
      ];
      for (const { value, at, what } of values) {
        if (fitsType(type, value, nullable) === false) {
          ctx.report({ message: `The ${what} of ${name} is ${shown(value)}, not a${type === 'integer' ? 'n' : ''} ${type}; make it one.`, at: { file, path: at } });
        } else if (allowed && !allowed.includes(JSON.stringify(value)) && !(value === null && nullable)) {
          ctx.report({ message: `The ${what} of ${name} is ${shown(value)}, which is not among its allowed values (${allowed.join(', ')}).`, at: { file, path: at } });
        }
      }
    }
  },
};
