import { transitionsOf } from '../areas/states/machine.ts';
import { stated } from '../facet/state.ts';
import type { Check } from './types.ts';

export const unreachableState: Check = {
  code: 'unreachable-state',
  description: 'A state no chain of transitions reaches from the initial state.',
  severity: 'warning',
  example: 'a state `archived` that no transition goes to',
  scope: 'file',
  run(ctx) {
    for (const item of ctx.items('states')) {
      const states = stated(item.data.states);
      const transitions = transitionsOf(item.data);
      if (!states || transitions.length === 0) continue;
      const initial = Object.entries(states).filter(([, s]) => s.initial === true).map(([n]) => n);
      if (initial.length !== 1) continue;
      const reached = new Set(initial);
      for (let grew = true; grew; ) {
        grew = false;
        for (const t of transitions) {
          if (!reached.has(t.to) && t.from.some((f) => reached.has(f))) {
            reached.add(t.to);
            grew = true;
          }
        }
      }
      for (const name of Object.keys(states)) {
        if (!reached.has(name)) {
          ctx.report({ message: `State \`${name}\` cannot be reached from \`${initial[0]}\`; add a transition to it, or remove it.`, at: { file: item.file, path: ['states', name], key: true } });
        }
      }
    }
  },
};
