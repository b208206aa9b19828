import { isObj } from '../model/facet-def.ts';
import { machines } from './machines.ts';
import type { Check } from './types.ts';

export const unreachableState: Check = {
  code: 'unreachable-state',
  description: 'A state no chain of transitions reaches from the initial state.',
  severity: 'warning',
  example: 'a state `archived` that no transition goes to',
  run(ctx) {
    for (const m of machines(ctx.items('states'))) {
      if (!m.states || m.transitions.length === 0) continue;
      const initial = Object.entries(m.states).filter(([, s]) => isObj(s) && s.initial === true).map(([n]) => n);
      if (initial.length !== 1) continue;
      const reached = new Set(initial);
      for (let grew = true; grew; ) {
        grew = false;
        for (const t of m.transitions) {
          if (!reached.has(t.to) && t.from.some((f) => reached.has(f))) {
            reached.add(t.to);
            grew = true;
          }
        }
      }
      for (const name of Object.keys(m.states)) {
        if (!reached.has(name)) {
          ctx.report({ message: `State \`${name}\` cannot be reached from \`${initial[0]}\`; add a transition to it, or remove it.`, at: { file: m.item.file, path: ['states', name], key: true } });
        }
      }
    }
  },
};
