import { didYouMean } from '../load/suggest.ts';
import { machines } from './machines.ts';
import type { Check } from './types.ts';

export const unknownState: Check = {
  code: 'unknown-state',
  description: 'A transition goes from or to a state the state list does not have.',
  severity: 'error',
  example: 'transitions: [{ from: draft, to: plced }]',
  run(ctx) {
    for (const m of machines(ctx.items('states'))) {
      if (!m.states) continue;
      const names = Object.keys(m.states);
      for (const t of m.transitions) {
        const ends = [...t.from.map((s, i) => ({ s, path: t.fromPath(i) })), { s: t.to, path: ['transitions', t.index, 'to'] }];
        for (const { s, path } of ends) {
          if (!names.includes(s)) {
            ctx.report({ message: `Transition names state \`${s}\`, which is not in the state list${didYouMean(s, names) || '.'} States: ${names.join(', ')}.`, at: { file: m.item.file, path } });
          }
        }
      }
    }
  },
};
