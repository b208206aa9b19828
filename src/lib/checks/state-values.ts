import { isObj, own, statedObj } from '../model/facet-def.ts';
import type { Check } from './types.ts';

export const stateValues: Check = {
  code: 'state-values',
  description: 'The state list disagrees with the allowed values of the field that holds the state.',
  severity: 'error',
  example: 'states draft, placed; field status allows draft, placed, shipped',
  run(ctx) {
    for (const item of ctx.items('states')) {
      const { resource, field } = item.data;
      const states = statedObj(item.data.states);
      const owner = typeof resource === 'string' ? ctx.item('resources', resource) : undefined;
      const spec = typeof field === 'string' ? own(statedObj(owner?.data.fields), field) : undefined;
      const allowed = isObj(spec) && Array.isArray(spec.allowed) ? spec.allowed.map(String) : undefined;
      if (!states || !owner || !allowed || allowed.length === 0) continue;
      const names = Object.keys(states);
      const onlyStates = names.filter((n) => !allowed.includes(n));
      const onlyAllowed = allowed.filter((v) => !names.includes(v));
      if (onlyStates.length === 0 && onlyAllowed.length === 0) continue;
      const parts = [
        onlyStates.length ? `states not allowed by the field: ${onlyStates.join(', ')}` : '',
        onlyAllowed.length ? `allowed values with no state: ${onlyAllowed.join(', ')}` : '',
      ].filter(Boolean);
      ctx.report({
        message: `The states of \`${item.id}\` and the allowed values of \`${String(resource)}.${String(field)}\` differ (${parts.join('; ')}); make them the same list.`,
        at: { file: item.file, path: ['states'], key: true },
        related: [{ at: { file: owner.file, path: ['fields', String(field), 'allowed'] }, message: 'the allowed values' }],
      });
    }
  },
};
