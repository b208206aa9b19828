import { stated } from '../facet/state.ts';
import { didYouMean } from '../load/suggest.ts';
import type { Check } from './types.ts';

export const stateField: Check = {
  code: 'state-field',
  description: 'A state machine names a field its resource does not have.',
  severity: 'error',
  example: 'resource: Order, field: state, where Order has `status`',
  scope: 'file',
  run(ctx) {
    for (const item of ctx.items('states')) {
      const [resource, field] = [stated(item.data.resource), stated(item.data.field)];
      const fields = resource !== undefined ? stated(ctx.item('resources', resource)?.data.fields) : undefined;
      if (!fields || field === undefined || Object.hasOwn(fields, field)) continue;
      const names = Object.keys(fields);
      ctx.report({ message: `Resource \`${resource}\` has no field \`${field}\`${didYouMean(field, names) || '.'} Fields: ${names.join(', ')}.`, at: { file: item.file, path: ['field'] } });
    }
  },
};
