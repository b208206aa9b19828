import { own, stated } from '../facet/state.ts';
import type { Check } from './types.ts';

export const stateValues: Check = {
  code: 'state-values',
  description: 'The state list disagrees with the allowed values of the field that holds the state.',
  severity: 'error',
  example: 'states draft, placed; field status allows draft, placed, shipped',
  scope: 'file',
  run(ctx) {
    for (const item of ctx.items('states')) {
      const [resource, field, states] = [stated(item.data.resource), stated(item.data.field), stated(item.data.states)];
      const owner = resource !== undefined ? ctx.item('resources', resource) : undefined;
      const spec = field !== undefined ? own(stated(owner?.data.fields), field) : undefined;
      const allowed = stated(own(spec, 'allowed'));
      if (!states || !owner || !Array.isArray(allowed)) continue;
      const values = allowed.map(String);
      const names = Object.keys(states);
      const onlyStates = names.filter((n) => !values.includes(n));
      const onlyAllowed = values.filter((v) => !names.includes(v));
      if (onlyStates.length === 0 && onlyAllowed.length === 0) continue;
      const parts = [
        onlyStates.length ? `states not allowed by the field: ${onlyStates.join(', ')}` : '',
        onlyAllowed.length ? `allowed values with no state: ${onlyAllowed.join(', ')}` : '',
      ].filter(Boolean);
      ctx.report({
        message: `The states of \`${item.id}\` and the allowed values of \`${resource}.${field}\` differ (${parts.join('; ')}); make them the same list.`,
        at: { file: item.file, path: ['states'], key: true },
        related: [{ at: { file: owner.file, path: ['fields', String(field), 'allowed'] }, message: 'the allowed values' }],
      });
    }
  },
};
