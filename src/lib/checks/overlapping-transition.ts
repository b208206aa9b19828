import { transitionsOf } from '../areas/states/machine.ts';
import type { Check } from './types.ts';

/**
 * One step from a state to another written in two transitions (`from: [draft, placed] -> cancelled`
 * beside `draft -> cancelled`): two answers to "what moves it", where one was usually meant. Two
 * triggers for one step are written this way too, so it is a warning, not an error. The same
 * `from` and `to` twice is a `duplicate-facet` error instead (the two would share a gap id).
 */
export const overlappingTransition: Check = {
  code: 'overlapping-transition',
  description: 'Two transitions of a state machine make the same step from one state to another, one of them through a list of `from` states.',
  severity: 'warning',
  example: 'transitions: [{ from: [draft, placed], to: cancelled }, { from: draft, to: cancelled }]',
  scope: 'file',
  run(ctx) {
    for (const item of ctx.items('states')) {
      const transitions = transitionsOf(item.data);
      const first = new Map<string, (typeof transitions)[number]>();
      for (const t of transitions) {
        t.from.forEach((from, i) => {
          const step = JSON.stringify([from, t.to]);
          const earlier = first.get(step);
          if (!earlier) {
            first.set(step, t);
            return;
          }
          // Written alike, the two share a gap id: duplicate-facet says so.
          if (earlier.from.length === 1 && t.from.length === 1) return;
          const here = (u: typeof t, k: number) => (u.fromIsList ? ['transitions', u.index, 'from', k] : ['transitions', u.index, 'from']);
          ctx.report({
            message: `The step \`${from} -> ${t.to}\` is also made by transition ${earlier.index + 1} (from ${earlier.from.map((f) => `\`${f}\``).join(', ')}); write it once, unless two triggers each make it.`,
            at: { file: item.file, path: here(t, i) },
            related: [{ at: { file: item.file, path: here(earlier, earlier.from.indexOf(from)) }, message: 'the same step' }],
          });
        });
      }
    }
  },
};
