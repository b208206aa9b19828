import { transitionsOf } from '../areas/states/machine.ts';
import { stated } from '../facet/state.ts';
import { didYouMean } from '../load/suggest.ts';
import type { Check } from './types.ts';

export const unknownState: Check = {
  code: 'unknown-state',
  description: 'A transition goes from or to a state the state list does not have.',
  severity: 'error',
  example: 'transitions: [{ from: draft, to: plced }]',
  scope: 'file',
  run(ctx) {
    for (const item of ctx.items('states')) {
      const states = stated(item.data.states);
      if (!states) continue;
      const names = Object.keys(states);
      for (const t of transitionsOf(item.data)) {
        const ends = [...t.from.map((s, i) => ({ s, path: t.fromIsList ? ['transitions', t.index, 'from', i] : ['transitions', t.index, 'from'] })), { s: t.to, path: ['transitions', t.index, 'to'] }];
        for (const { s, path } of ends) {
          if (!Object.hasOwn(states, s)) {
            ctx.report({ message: `Transition names state \`${s}\`, which is not in the state list${didYouMean(s, names) || '.'} States: ${names.join(', ')}.`, at: { file: item.file, path } });
          }
        }
      }
    }
  },
};
