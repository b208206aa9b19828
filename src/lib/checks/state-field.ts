import { didYouMean } from '../load/suggest.ts';
import { isObj, statedObj } from '../model/facet-def.ts';
import type { Check } from './types.ts';

export const stateField: Check = {
  code: 'state-field',
  description: 'A state machine names a field its resource does not have.',
  severity: 'error',
  example: 'resource: Order, field: state, where Order has `status`',
  run(ctx) {
    for (const item of ctx.items('states')) {
      const { resource, field } = item.data;
      const fields = typeof resource === 'string' ? statedObj(ctx.item('resources', resource)?.data.fields) : undefined;
      if (!fields || typeof field !== 'string' || field.startsWith('{') || Object.hasOwn(fields, field)) continue;
      const names = Object.keys(fields).filter((n) => isObj(fields[n]));
      ctx.report({ message: `Resource \`${String(resource)}\` has no field \`${field}\`${didYouMean(field, names) || '.'} Fields: ${names.join(', ')}.`, at: { file: item.file, path: ['field'] } });
    }
  },
};
