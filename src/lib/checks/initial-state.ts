import { stated } from '../facet/state.ts';
import type { Check } from './types.ts';

export const initialState: Check = {
  code: 'initial-state',
  description: 'A state list has no initial state, or several.',
  severity: 'error',
  example: 'states: { draft: {}, placed: {} } with no `initial: true`',
  scope: 'file',
  run(ctx) {
    for (const item of ctx.items('states')) {
      // An empty or unwritten state list is a gap, not a list without an initial state.
      const states = stated(item.data.states);
      if (!states) continue;
      const initial = Object.entries(states).filter(([, s]) => s.initial === true).map(([name]) => name);
      if (initial.length === 0) {
        ctx.report({ message: 'No initial state: mark the state a new resource starts in with `initial: true`.', at: { file: item.file, path: ['states'], key: true } });
      } else if (initial.length > 1) {
        ctx.report({
          message: `${initial.length} initial states (${initial.join(', ')}); a resource starts in exactly one. Keep \`initial: true\` on one.`,
          at: { file: item.file, path: ['states', initial[1] ?? '', 'initial'] },
          related: [{ at: { file: item.file, path: ['states', initial[0] ?? '', 'initial'] }, message: `also initial: ${initial[0]}` }],
        });
      }
    }
  },
};
